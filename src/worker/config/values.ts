/**
 * Value helpers: lengths (§0.2, §0.6), colours (§0.2), number-format words (§3).
 * Pure functions, no DOM.
 */
import type { ColorValue, Dimension, JsonObject, JsonValue, Unit } from './types';
import { UNITS } from './types';

// ---------------------------------------------------------------------------------------------
// Lengths

export function isUnit(u: unknown): u is Unit {
  return typeof u === 'string' && (UNITS as readonly string[]).includes(u);
}

export function isDimension(v: unknown): v is Dimension {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    typeof (v as { value?: unknown }).value === 'number' &&
    Number.isFinite((v as { value: number }).value) &&
    isUnit((v as { unit?: unknown }).unit)
  );
}

const LENGTH_TEXT = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(cm|mm|in|pt|px|em|rem)?\s*$/i;

/**
 * Reads a length given as `"2.5cm"`, `{value, unit}` or a bare number in `ownUnit` (tools.md §2.9).
 * Returns undefined when the value is not a length.
 */
export function parseLength(v: unknown, ownUnit: Unit): Dimension | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v, unit: ownUnit } : undefined;
  if (typeof v === 'string') {
    const m = LENGTH_TEXT.exec(v);
    if (!m) return undefined;
    const value = Number(m[1]);
    if (!Number.isFinite(value)) return undefined;
    const unit = (m[2]?.toLowerCase() ?? ownUnit) as Unit;
    return { value, unit };
  }
  if (isDimension(v)) return { value: v.value, unit: v.unit };
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    // Also accept a unit in another case or a numeric string value: { value: "2.5", unit: "CM" }.
    const o = v as { value?: unknown; unit?: unknown };
    const value = typeof o.value === 'string' ? Number(o.value) : o.value;
    const unit = typeof o.unit === 'string' ? o.unit.toLowerCase() : o.unit;
    if (Object.keys(o).every((k) => k === 'value' || k === 'unit') && typeof value === 'number' && Number.isFinite(value) && isUnit(unit)) {
      return { value, unit };
    }
  }
  return undefined;
}

/** What one em / rem is worth (in points) and the device resolution, for `lengthToPt`. */
export interface LengthContext {
  /** Size in pt of the key's em reference (configuration.md §0.6). */
  emPt: number;
  /** Body font size in pt (the rem reference). */
  remPt: number;
  /** `page.dpi`, px per inch (default 300). */
  dpi: number;
}

/** Points per unit for absolute units: 1 in = 72 pt, 1 cm = 72/2.54 pt, 1 mm = 7.2/2.54 pt. */
const PT_PER: Record<'cm' | 'mm' | 'in' | 'pt', number> = { in: 72, cm: 72 / 2.54, mm: 7.2 / 2.54, pt: 1 };

/** Converts a resolved length to points (px through `page.dpi`: 1 px = 72/dpi pt). */
export function lengthToPt(d: Dimension, ctx: LengthContext): number {
  switch (d.unit) {
    case 'in':
    case 'cm':
    case 'mm':
    case 'pt':
      return d.value * PT_PER[d.unit];
    case 'px':
      return (d.value * 72) / ctx.dpi;
    case 'em':
      return d.value * ctx.emPt;
    case 'rem':
      return d.value * ctx.remPt;
  }
}

/** Converts a length to device px at `ctx.dpi` (§0.2: 1 pt = dpi/72 px). */
export function lengthToPx(d: Dimension, ctx: LengthContext): number {
  return (lengthToPt(d, ctx) * ctx.dpi) / 72;
}

/** Converts a length to another unit (the Design panel's unit selector). */
export function convertLength(d: Dimension, to: Unit, ctx: LengthContext): Dimension {
  const pt = lengthToPt(d, ctx);
  let value: number;
  switch (to) {
    case 'in':
    case 'cm':
    case 'mm':
    case 'pt':
      value = pt / PT_PER[to];
      break;
    case 'px':
      value = (pt * ctx.dpi) / 72;
      break;
    case 'em':
      value = pt / ctx.emPt;
      break;
    case 'rem':
      value = pt / ctx.remPt;
      break;
  }
  return { value: Math.round(value * 1e6) / 1e6, unit: to };
}

export function sameDimension(a: Dimension, b: Dimension): boolean {
  return a.unit === b.unit && Math.abs(a.value - b.value) < 1e-9;
}

// ---------------------------------------------------------------------------------------------
// Colours

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_FN = /^rgba?\(\s*([^)]*)\)$/i;

function channel(s: string): number | undefined {
  const t = s.trim();
  if (t.endsWith('%')) {
    const n = Number(t.slice(0, -1));
    return Number.isFinite(n) && n >= 0 && n <= 100 ? Math.round((n / 100) * 255) : undefined;
  }
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 && n <= 255 ? Math.round(n) : undefined;
}

function alphaByte(s: string): number | undefined {
  const t = s.trim();
  const n = t.endsWith('%') ? Number(t.slice(0, -1)) / 100 : Number(t);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? Math.round(n * 255) : undefined;
}

const hex2 = (n: number): string => n.toString(16).padStart(2, '0');

/**
 * Normalises a colour text (§0.2): `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `transparent`,
 * `rgb()/rgba()` with commas or spaces (alpha as a number or %). Returns `{hex, model}` or undefined.
 */
export function parseColorText(s: string): { hex: string; model: 'hex' | 'rgb' } | undefined {
  const t = s.trim();
  if (t.toLowerCase() === 'transparent') return { hex: 'transparent', model: 'hex' };
  if (HEX.test(t)) return { hex: t, model: 'hex' };
  const m = RGB_FN.exec(t);
  if (!m) return undefined;
  const body = m[1] ?? '';
  let parts: string[];
  let alpha: string | undefined;
  if (body.includes(',')) {
    parts = body.split(',').map((p) => p.trim());
    if (parts.length === 4) alpha = parts.pop();
  } else {
    const [rgb, a] = body.split('/');
    parts = (rgb ?? '').trim().split(/\s+/);
    alpha = a?.trim();
  }
  if (parts.length !== 3) return undefined;
  const [r, g, b] = parts.map(channel);
  if (r === undefined || g === undefined || b === undefined) return undefined;
  let hex = `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  if (alpha !== undefined) {
    const a = alphaByte(alpha);
    if (a === undefined) return undefined;
    if (a !== 255) hex += hex2(a);
  }
  return { hex, model: 'rgb' };
}

/** Expands a hex to lower-case `#rrggbb` or `#rrggbbaa` (`transparent` → `#00000000`) for comparison. */
export function canonicalHex(hex: string): string {
  const t = hex.trim().toLowerCase();
  if (t === 'transparent') return '#00000000';
  if (/^#[0-9a-f]{3,4}$/.test(t)) return '#' + [...t.slice(1)].map((c) => c + c).join('');
  if (/^#[0-9a-f]{8}$/.test(t) && t.endsWith('ff')) return t.slice(0, 7);
  const fn = parseColorText(t);
  if (fn && fn.model === 'rgb') return canonicalHex(fn.hex);
  return t;
}

export function isColorValue(v: unknown): v is ColorValue {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return typeof o.hex === 'string' && typeof o.model === 'string' && ['hex', 'rgb', 'cmyk', 'hsl'].includes(o.model);
}

/** Colour equality for stripping: same ink (hex), same palette link, same process values. */
export function sameColor(a: ColorValue, b: ColorValue): boolean {
  return (
    canonicalHex(a.hex) === canonicalHex(b.hex) &&
    (a.paletteId ?? '') === (b.paletteId ?? '') &&
    JSON.stringify(a.cmyk ?? null) === JSON.stringify(b.cmyk ?? null)
  );
}

// ---------------------------------------------------------------------------------------------
// Number-format words (§3)

/** Canonical format ids; each accepted spelling maps to one of these. */
const FORMAT_SPELLINGS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['decimal', ['decimal', 'arabic', '1']],
  ['lower-roman', ['lower-roman', 'roman-lower', 'i']],
  ['upper-roman', ['upper-roman', 'roman-upper', 'I']],
  ['lower-alpha', ['lower-alpha', 'alpha-lower', 'lower-latin', 'a']],
  ['upper-alpha', ['upper-alpha', 'alpha-upper', 'upper-latin', 'A']],
  ['chinese-informal', ['simp-chinese-informal', 'trad-chinese-informal', 'cjk-ideographic', '一']],
  ['simp-chinese-formal', ['simp-chinese-formal', '壹']],
  ['trad-chinese-formal', ['trad-chinese-formal']],
  ['cjk-decimal', ['cjk-decimal', '〇']],
  ['cjk-heavenly-stem', ['cjk-heavenly-stem', '甲']],
  ['cjk-earthly-branch', ['cjk-earthly-branch', '子']],
  ['japanese-informal', ['japanese-informal']],
  ['japanese-formal', ['japanese-formal', '壱']],
  ['hiragana', ['hiragana']],
  ['katakana', ['katakana']],
  ['hiragana-iroha', ['hiragana-iroha']],
  ['katakana-iroha', ['katakana-iroha']],
  ['circled-decimal', ['circled-decimal', '①']],
  ['fullwidth-decimal', ['fullwidth-decimal', '１']],
  ['arabic-indic', ['arabic-indic', '١']],
  ['persian', ['persian', 'urdu', '۱']],
  ['abjad', ['abjad', 'أبجد']],
  ['hijai', ['hijai', 'arabic-alpha', 'arabic-alphabetic', 'أبتث']],
  ['arabic-abjad', ['arabic-abjad']],
  ['arabic-abjad-maghrebi', ['arabic-abjad-maghrebi', 'maghrebi-abjad']],
];

/** Every accepted spelling (§3), for messages and the spec test. */
export const NUMBER_FORMAT_SPELLINGS: readonly string[] = FORMAT_SPELLINGS.flatMap(([, s]) => s);

/**
 * The canonical id of a format word, or undefined when unknown. Names are case-insensitive;
 * one-character tokens are case-sensitive (`i` vs `I`, `a` vs `A`).
 */
export function canonicalNumberFormat(word: string): string | undefined {
  const w = [...word].length === 1 ? word : word.toLowerCase();
  for (const [id, spellings] of FORMAT_SPELLINGS) {
    if (spellings.includes(w)) {
      // Simplified vs traditional Chinese informal stay distinct when spelled out.
      if (id === 'chinese-informal' && w === 'trad-chinese-informal') return 'trad-chinese-informal';
      if (id === 'chinese-informal' && w === 'simp-chinese-informal') return 'simp-chinese-informal';
      return id;
    }
  }
  return undefined;
}

/**
 * Which spelling family a setting writes (§3 "own spellings"): page labels `lower-roman`, ordered lists `arabic`,
 * resource/equation counters `roman-lower`. (our choice) Footnotes and line numbers use the counter family.
 */
export type FormatFamily = 'page' | 'list' | 'counter';

const OWN: Record<FormatFamily, Record<string, string>> = {
  page: { decimal: 'decimal', 'lower-roman': 'lower-roman', 'upper-roman': 'upper-roman', 'lower-alpha': 'lower-alpha', 'upper-alpha': 'upper-alpha' },
  list: { decimal: 'arabic', 'lower-roman': 'roman-lower', 'upper-roman': 'roman-upper', 'lower-alpha': 'alpha-lower', 'upper-alpha': 'alpha-upper' },
  counter: { decimal: 'decimal', 'lower-roman': 'roman-lower', 'upper-roman': 'roman-upper', 'lower-alpha': 'alpha-lower', 'upper-alpha': 'alpha-upper' },
};

/** Normalises any spelling to the setting's own spelling; undefined when the word is unknown. */
export function normalizeNumberFormat(word: string, family: FormatFamily): string | undefined {
  const id = canonicalNumberFormat(word);
  if (id === undefined) return undefined;
  return OWN[family][id] ?? id;
}

// ---------------------------------------------------------------------------------------------
// Generic JSON helpers

export function isPlainObject(v: unknown): v is Record<string, JsonValue> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function clone<T extends JsonValue | undefined>(v: T): T {
  return v === undefined ? v : (copyJson(v) as T);
}

/**
 * A deep copy as a JSON round trip makes it (non-finite numbers become null, as do undefined
 * array slots; undefined object values are dropped), without the text in between: the resolver
 * copies every default it hands out, most of them strings and numbers.
 */
function copyJson(v: JsonValue): JsonValue {
  if (typeof v === 'number') return Number.isFinite(v) ? (Object.is(v, -0) ? 0 : v) : null;
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : copyJson(x)));
  const out: JsonObject = {};
  for (const k of Object.keys(v)) {
    const x = v[k];
    if (x === undefined) continue;
    // A stored "__proto__" key stays an own property, as JSON.parse makes it (never the prototype).
    if (k === '__proto__') Object.defineProperty(out, k, { value: copyJson(x), enumerable: true, writable: true, configurable: true });
    else out[k] = copyJson(x);
  }
  return out;
}

/** Deep structural equality of JSON values (object key order ignored). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (typeof a === 'object') {
    if (typeof b !== 'object' || Array.isArray(b)) return false;
    // Plain loops, no key lists: followed values compare whole effective configurations.
    let defined = 0;
    for (const k of Object.keys(a)) {
      const x = a[k];
      if (x === undefined) continue;
      defined++;
      if (!jsonEqual(x, b[k])) return false;
    }
    for (const k of Object.keys(b)) if (b[k] !== undefined) defined--;
    return defined === 0;
  }
  return false;
}

/** First family of a CSS font stack (`"Inter", sans-serif` → `Inter`) — §6.1 `fontFamilyStack`. */
export function firstFontFamily(s: string): string {
  const first = s.split(',')[0] ?? '';
  return first.trim().replace(/^['"]|['"]$/g, '').trim();
}

/** Levenshtein distance, for nearest-key suggestions. */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[n] ?? 0;
}

export type { JsonValue };
