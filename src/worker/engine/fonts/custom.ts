/**
 * The book's own font families (configuration.md §15.2 `customFonts`, tools.md §7.7): reading the
 * config's list, ids for uploaded files and faces, what a font file says about itself (OS/2 weight
 * and italic, the name table's family) and what a family lacks. Pure and DOM-free: the document
 * applies font ops with it, the host registers faces with it, the tools and the Fonts panel answer
 * with it.
 */
import type { FontFileFormat } from './sfnt';

export type FontStyle = 'normal' | 'italic';

/** One face of a custom family as `config.customFonts[].variants[]` stores it (bytes by `fileId`). */
export interface CustomFontVariant {
  /** CSS weight, 100–900. */
  weight: number;
  style: FontStyle;
  /** Id of the font file's bytes (storage `fonts` row, `BookState.fontFiles` key). */
  fileId: string;
  format: FontFileFormat;
  fileName: string;
}

export interface CustomFontFamily {
  name: string;
  variants: CustomFontVariant[];
  /** `false`: never copied into exported HTML/EPUB/.postext (bundle-format.md §7). */
  redistributable?: boolean;
}

const FORMATS: readonly FontFileFormat[] = ['woff2', 'woff', 'ttf', 'otf'];

/**
 * The config's `customFonts`, read leniently: entries without a name, and variants without a
 * weight, style or file id, are left out (they could not name a face anyway).
 */
export function customFamiliesOf(config: Readonly<Record<string, unknown>>): CustomFontFamily[] {
  const list = config['customFonts'];
  if (!Array.isArray(list)) return [];
  const out: CustomFontFamily[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const e = entry as Record<string, unknown>;
    if (typeof e['name'] !== 'string' || e['name'].trim() === '') continue;
    const variants: CustomFontVariant[] = [];
    for (const raw of Array.isArray(e['variants']) ? e['variants'] : []) {
      if (typeof raw !== 'object' || raw === null) continue;
      const v = raw as Record<string, unknown>;
      const weight = typeof v['weight'] === 'number' ? Math.round(v['weight']) : typeof v['weight'] === 'string' ? Number.parseInt(v['weight'], 10) : NaN;
      if (!Number.isFinite(weight) || typeof v['fileId'] !== 'string') continue;
      const style: FontStyle = v['style'] === 'italic' ? 'italic' : 'normal';
      const format = FORMATS.includes(v['format'] as FontFileFormat) ? (v['format'] as FontFileFormat) : 'ttf';
      const fileName = typeof v['fileName'] === 'string' && v['fileName'] !== '' ? v['fileName'] : `${e['name']}-${weight}${style === 'italic' ? '-italic' : ''}.${format}`;
      variants.push({ weight: Math.min(900, Math.max(100, weight)), style, fileId: v['fileId'], format, fileName });
    }
    out.push({ name: e['name'], variants, ...(e['redistributable'] === false ? { redistributable: false } : {}) });
  }
  return out;
}

/** The family of `families` named `name` (case-insensitive, as the registry matches). */
export function findFamily(families: readonly CustomFontFamily[], name: string): CustomFontFamily | undefined {
  const key = name.trim().toLowerCase();
  return families.find((f) => f.name.toLowerCase() === key);
}

/** Variants in a stable order: normal before italic, then by weight. */
export function sortVariants(variants: readonly CustomFontVariant[]): CustomFontVariant[] {
  return [...variants].sort((a, b) => (a.style === b.style ? a.weight - b.weight : a.style === 'normal' ? -1 : 1));
}

/**
 * The faces a text family is expected to have (configuration.md §15.2 "missing variant
 * (400/700 × normal/italic)") that `family` lacks, e.g. `["700 italic"]`.
 */
export function missingVariants(family: CustomFontFamily): string[] {
  const out: string[] = [];
  for (const style of ['normal', 'italic'] as const) {
    for (const weight of [400, 700]) {
      if (!family.variants.some((v) => v.weight === weight && v.style === style)) out.push(`${weight} ${style}`);
    }
  }
  return out;
}

/** Two 32-bit FNV-1a hashes (different offsets) of the bytes, as 16 hex digits. Deterministic. */
export function bytesHash(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    a = Math.imul(a ^ byte, 0x01000193) >>> 0;
    b = Math.imul(b ^ byte, 0x01000193 + 2) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The storage id of an uploaded font file: from its bytes, so the same file is stored once. */
export function uploadedFontFileId(bytes: Uint8Array): string {
  return `font:upload:${bytesHash(bytes)}-${bytes.length}`;
}

/**
 * The id of a custom face in display lists: family, weight and style for readability, and the
 * hash of its bytes so that another file under the same name never reuses cached outlines.
 */
export function customFaceId(family: string, weight: number, style: FontStyle, hash: string): string {
  return `custom-${family.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${weight}${style === 'italic' ? 'i' : ''}-${hash.slice(0, 12)}`;
}

/** What an SFNT file says about itself; fields it lacks are undefined. */
export interface SfntInfo {
  /** Typographic family (name id 16), else the family (name id 1). */
  family?: string;
  /** OS/2 usWeightClass, clamped to 100–900. */
  weight?: number;
  /** OS/2 fsSelection ITALIC or head macStyle italic bit. */
  italic?: boolean;
  /** maxp numGlyphs. */
  glyphs?: number;
}

/** Reads the table directory and the OS/2, head, maxp and name tables of SFNT bytes. Never throws. */
export function readSfntInfo(sfnt: Uint8Array): SfntInfo {
  const info: SfntInfo = {};
  try {
    const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
    const count = view.getUint16(4);
    const tables = new Map<string, { offset: number; length: number }>();
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16;
      if (at + 16 > sfnt.length) break;
      const tag = String.fromCharCode(sfnt[at]!, sfnt[at + 1]!, sfnt[at + 2]!, sfnt[at + 3]!);
      const offset = view.getUint32(at + 8);
      const length = view.getUint32(at + 12);
      if (offset + length <= sfnt.length) tables.set(tag, { offset, length });
    }
    const os2 = tables.get('OS/2');
    if (os2 && os2.length >= 64) {
      const weight = view.getUint16(os2.offset + 4);
      if (weight >= 1 && weight <= 1000) info.weight = Math.min(900, Math.max(100, Math.round(weight / 100) * 100));
      info.italic = (view.getUint16(os2.offset + 62) & 1) === 1;
    }
    const head = tables.get('head');
    if (head && head.length >= 46 && (view.getUint16(head.offset + 44) & 2) === 2) info.italic = true;
    const maxp = tables.get('maxp');
    if (maxp && maxp.length >= 6) info.glyphs = view.getUint16(maxp.offset + 4);
    const name = tables.get('name');
    if (name) info.family = nameOf(view, name.offset, 16) ?? nameOf(view, name.offset, 1);
  } catch {
    // A damaged directory: whatever was read so far.
  }
  return info;
}

/** A name record's string: Windows Unicode (platform 3) first, then Mac Roman (platform 1). */
function nameOf(view: DataView, table: number, nameId: number): string | undefined {
  const count = view.getUint16(table + 2);
  const strings = table + view.getUint16(table + 4);
  let mac: string | undefined;
  for (let i = 0; i < count; i++) {
    const at = table + 6 + i * 12;
    const platform = view.getUint16(at);
    const id = view.getUint16(at + 6);
    if (id !== nameId) continue;
    const length = view.getUint16(at + 8);
    const offset = strings + view.getUint16(at + 10);
    if (platform === 3 || platform === 0) {
      let text = '';
      for (let j = 0; j + 1 < length; j += 2) text += String.fromCharCode(view.getUint16(offset + j));
      if (text.trim()) return text.trim();
    } else if (platform === 1 && mac === undefined) {
      let text = '';
      for (let j = 0; j < length; j++) text += String.fromCharCode(view.getUint8(offset + j));
      mac = text.trim() || undefined;
    }
  }
  return mac;
}

const WEIGHT_WORDS: [RegExp, number][] = [
  [/(hairline|thin)/, 100],
  [/(extra|ultra)[-_ ]?light/, 200],
  [/(semi|demi)[-_ ]?bold/, 600],
  [/(extra|ultra)[-_ ]?bold/, 800],
  [/(black|heavy)/, 900],
  [/light/, 300],
  [/medium/, 500],
  [/bold/, 700],
  [/(regular|normal|book|roman)/, 400],
];

/**
 * Weight and style guessed from a file name such as `MySerif-SemiBoldItalic.woff2` or
 * `my-serif_700i.ttf`; undefined where the name says nothing.
 */
export function guessFromFileName(fileName: string): { weight?: number; style?: FontStyle } {
  const stem = fileName.replace(/\.[a-z0-9]+$/i, '').toLowerCase();
  const out: { weight?: number; style?: FontStyle } = {};
  const numeric = /(?:^|[^0-9])([1-9]00)(i|italic)?(?:[^0-9]|$)/.exec(stem);
  if (numeric) {
    out.weight = Number(numeric[1]);
    if (numeric[2]) out.style = 'italic';
  } else {
    for (const [pattern, weight] of WEIGHT_WORDS) {
      if (pattern.test(stem)) {
        out.weight = weight;
        break;
      }
    }
  }
  if (/(italic|oblique|[-_ ]it$)/.test(stem)) out.style = 'italic';
  return out;
}

/** The family name a file name suggests: the part before the style words, split at case changes. */
export function familyFromFileName(fileName: string): string {
  const stem = fileName.replace(/\.[a-z0-9]+$/i, '').split(/[-_]/)[0] ?? '';
  return stem.replace(/([a-z])([A-Z])/g, '$1 $2').trim() || 'My Font';
}
