/**
 * Configuration warnings (configuration.md §17.1, `collectConfigWarnings`) and the design warning
 * `settingNotApplied`: valid keys the engine stores and exports but does not lay out yet (README "read and kept").
 */
import type { AnyNode } from './nodes';
import { ROOT } from './catalogue';
import type { ConfigWarning, JsonObject, JsonValue, StoredConfig } from './types';
import { resolveWithWarnings } from './model';
import { isColorValue, isDimension, isPlainObject, lengthToPt } from './values';
import { bodySizePt, dpiOf } from './units';
import { join, nearestKeys } from './paths';
import { patternOf } from './sections';
import { Resolver } from './resolve';

/** Unknown keys anywhere a catalogue object is not open (§17.1 `unknownConfigKey`, with the nearest key). */
function unknownKeys(node: AnyNode, v: JsonValue | undefined, path: string, out: ConfigWarning[]): void {
  if (v === undefined || v === null) return;
  if (node.node === 'leaf') return;
  if (node.node === 'list') {
    if (!Array.isArray(v)) return;
    v.forEach((item, i) => {
      const k = node.key && isPlainObject(item) ? item[node.key] : undefined;
      unknownKeys(node.item, item, path + (k !== undefined && k !== null ? `[${node.key}=${String(k)}]` : `[${i}]`), out);
    });
    return;
  }
  if (!isPlainObject(v)) return;
  for (const [k, x] of Object.entries(v)) {
    const f = node.fields[k];
    if (f) unknownKeys(f, x, join(path, k), out);
    else if (!node.open) {
      const near = nearestKeys(k, Object.keys(node.fields), 1)[0];
      out.push({
        kind: 'unknownConfigKey',
        path: join(path, k),
        value: x,
        ...(near ? { suggestion: near } : {}),
        message: `"${join(path, k)}" is not a setting; it is kept but ignored.${near ? ` Did you mean ${join(path, near)}?` : ''}`,
      });
    }
  }
}

/** Every configuration warning of a stored configuration (§17.1). */
export function collectConfigWarnings(stored: StoredConfig): ConfigWarning[] {
  const { effective, warnings } = resolveWithWarnings(stored);
  const out: ConfigWarning[] = warnings.map((w) => (w.path === 'numerals' && w.kind === 'unknownConfigValue' ? { ...w, kind: 'unknownNumerals', message: `numerals ${JSON.stringify(w.value)} is not auto, latn, arab or arabext; the language default is used.` } : w));
  unknownKeys(ROOT, stored, '', out);
  // The HTML viewer's partial config is checked too (§17.1 "nested partial configs").
  const ov = isPlainObject(stored.htmlViewer) ? stored.htmlViewer.overrides : undefined;
  if (isPlainObject(ov)) {
    unknownKeys(ROOT, ov, 'htmlViewer.overrides', out);
    const r = new Resolver(ov);
    r.build();
    for (const w of r.warnings) out.push({ ...w, path: `htmlViewer.overrides.${w.path}` });
  }
  const vertical = (effective.layout as JsonObject | undefined)?.writingMode === 'vertical-rl';
  const ln = effective.lineNumbers as JsonObject | undefined;
  if (vertical && ln?.enabled === true) {
    out.push({ kind: 'lineNumbersUnsupported', path: 'lineNumbers.enabled', value: true, used: false, message: 'Line numbers are not supported in vertical text; they are left out.' });
  }
  if (vertical && Array.isArray(effective.resourceTypes)) {
    for (const t of effective.resourceTypes) {
      if (!isPlainObject(t) || !isPlainObject(t.defaultPlacement)) continue;
      const wrap = t.defaultPlacement.wrap;
      if (typeof wrap === 'string' && wrap !== 'none') {
        out.push({ kind: 'wrapUnsupported', path: `resourceTypes[id=${String(t.id)}].defaultPlacement.wrap`, value: wrap, used: 'none', message: 'Text wrap is not supported in vertical text; the resource is not wrapped.' });
      }
    }
  }
  out.push(...cjkGridWarnings(effective));
  const fn = effective.footnotes as JsonObject | undefined;
  if (!vertical && fn?.placement === 'spread' && !isVerticalSpreadAllowed()) {
    out.push({ kind: 'unknownConfigValue', path: 'footnotes.placement', value: 'spread', used: 'column', message: "footnotes.placement 'spread' applies to vertical text only; notes go to the foot of the column." });
  }
  // Vertical text is set (engine/page/vertical.ts), but notes across the spread (sidenotes at the
  // end of its left page) are not yet: the engine sets them at the foot of their tier.
  if (vertical && fn?.placement === 'spread') {
    out.push({ kind: 'unknownConfigValue', path: 'footnotes.placement', value: 'spread', used: 'column', message: "footnotes.placement 'spread' (notes at the end of the spread's left page) is not set yet; in vertical text the notes go to the foot of their tier (its left end). Use 'column' or 'chapterEnd'." });
  }
  return out;
}

/**
 * `cjkGridClamped` (§14.1, §17.1): a character grid larger than the type area allows is reduced to the largest grid
 * that fits. One grid cell is one body size wide (pt) and one body line tall; vertical text swaps the axes.
 */
export function cjkGridWarnings(effective: JsonObject): ConfigWarning[] {
  const grid = getPath(effective, ['cjk', 'grid']);
  if (!isPlainObject(grid) || grid.enabled !== true) return [];
  const ctx = { emPt: bodySizePt(effective), remPt: bodySizePt(effective), dpi: dpiOf(effective) };
  const pt = (v: JsonValue | undefined, em = ctx.emPt): number => (isDimension(v) ? lengthToPt(v, { ...ctx, emPt: em }) : 0);
  const page = getPath(effective, ['page']);
  if (!isPlainObject(page) || !isPlainObject(page.margins)) return [];
  const m = page.margins;
  const width = pt(page.width) - pt(m.left) - pt(m.right); // pt
  const height = pt(page.height) - pt(m.top) - pt(m.bottom); // pt
  const body = ctx.emPt; // pt per character cell
  const line = pt(getPath(effective, ['bodyText', 'lineHeight']), body); // pt per grid line
  const vertical = getPath(effective, ['layout', 'writingMode']) === 'vertical-rl';
  // charsPerLine counts one column's line (one tier's in vertical text; a oneAndHalf area is one
  // measure): the columns and their gutters share the axis (engine/settings-cjk-grid.ts).
  const type = getPath(effective, ['layout', 'layoutType']);
  const count = getPath(effective, ['layout', 'columnCount']);
  const columns = type === 'single' || type === 'oneAndHalf' ? 1 : type === 'multiple' ? Math.min(8, Math.max(3, Math.round(typeof count === 'number' ? count : 3))) : 2;
  const gutters = (columns - 1) * pt(getPath(effective, ['layout', 'gutterWidth'])); // pt
  const maxChars = Math.max(1, Math.floor(((vertical ? height : width) - gutters) / columns / body + 1e-9));
  const maxLines = Math.max(1, Math.floor((vertical ? width : height) / Math.max(line, 1e-6)));
  const out: ConfigWarning[] = [];
  for (const [key, max] of [['charsPerLine', maxChars], ['linesPerPage', maxLines]] as const) {
    const v = grid[key];
    if (typeof v === 'number' && v > max) {
      out.push({ kind: 'cjkGridClamped', path: `cjk.grid.${key}`, value: v, used: max, message: `cjk.grid.${key} ${v} does not fit the type area; ${max} is used.` });
    }
  }
  return out;
}

function getPath(v: JsonValue | undefined, keys: string[]): JsonValue | undefined {
  let cur = v;
  for (const k of keys) cur = isPlainObject(cur) ? cur[k] : undefined;
  return cur;
}

/** (our choice, from §17.1's example) spread notes exist only in vertical text. */
const isVerticalSpreadAllowed = (): boolean => false;

// ---------------------------------------------------------------------------------------------
// settingNotApplied

/**
 * Paths the engine lays out today. Patterns: `page.*` (everything under page), or an exact pattern path in which list
 * selectors are written `[level=*]` / `[id=*]`. The layout engineer extends this with `declareAppliedSettings`.
 */
// Empty here: the engine declares what it applies (src/worker/engine/settings-from-config.ts),
// so the report never claims more than the layout really does.
const applied = new Set<string>();

/** Adds settings the engine now applies (patterns as above). */
export function declareAppliedSettings(patterns: readonly string[]): void {
  for (const p of patterns) applied.add(p);
}

/** Stored values of applied settings that the layout reads as another value for now: pattern → value → what it is set as. */
const unappliedValues = new Map<string, Map<string, string>>();

/**
 * Values of an applied setting (`pattern` as above) that the engine does not apply yet and sets as
 * `readAs` instead: a book storing one gets `settingNotApplied` for that path, as for a setting
 * not applied at all.
 */
export function declareUnappliedValues(pattern: string, values: readonly string[], readAs: string): void {
  const known = unappliedValues.get(pattern) ?? new Map<string, string>();
  for (const v of values) known.set(v, readAs);
  unappliedValues.set(pattern, known);
}

/** What an applied setting's stored `value` is set as when the engine does not apply that value yet; undefined when it does. */
export function unappliedValueReadAs(path: string, value: JsonValue): string | undefined {
  return typeof value === 'string' ? unappliedValues.get(patternOf(path))?.get(value) : undefined;
}

export function appliedSettings(): ReadonlySet<string> {
  return applied;
}

export function isApplied(path: string, set: ReadonlySet<string> = applied): boolean {
  const pat = patternOf(path);
  if (set.has(pat)) return true;
  for (const a of set) {
    if (a.endsWith('.*') && (pat.startsWith(a.slice(0, -1)) || pat === a.slice(0, -2))) return true;
  }
  return false;
}

/** Stored leaf paths (lengths and colours whole, list items by key). */
function storedLeaves(v: JsonValue | undefined, path: string, out: [string, JsonValue][]): [string, JsonValue][] {
  if (v === undefined) return out;
  if (Array.isArray(v)) {
    v.forEach((item, i) => {
      const key = isPlainObject(item) ? (['level', 'id', 'name'] as const).find((k) => item[k] !== undefined) : undefined;
      storedLeaves(item, path + (key && isPlainObject(item) ? `[${key}=${String(item[key])}]` : `[${i}]`), out);
    });
    return out;
  }
  if (isPlainObject(v) && !isDimension(v) && !isColorValue(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (path.includes('[') && ['level', 'id', 'name'].includes(k) && !path.slice(path.lastIndexOf(']') + 1)) continue;
      storedLeaves(x, join(path, k), out);
    }
    return out;
  }
  out.push([path, v]);
  return out;
}

/** Design warnings for every stored setting the engine does not apply yet. */
export function settingsNotApplied(stored: StoredConfig, set: ReadonlySet<string> = applied): ConfigWarning[] {
  return storedLeaves(stored, '', []).flatMap(([path, value]) => {
    if (!isApplied(path, set)) return [{ kind: 'settingNotApplied' as const, path, value, message: `${path} is stored and exported, but this version does not use it in the layout yet.` }];
    // An applied setting holding a value the layout does not apply yet (declareUnappliedValues).
    const readAs = unappliedValueReadAs(path, value);
    return readAs === undefined ? [] : [{ kind: 'settingNotApplied' as const, path, value, message: `${path} is ${JSON.stringify(value)}, which this version does not use in the layout yet: it is set as ${JSON.stringify(readAs)}.` }];
  });
}

/** Reports each not-applied setting once per book. */
export class NotAppliedTracker {
  private readonly seen = new Map<string, Set<string>>();

  /** Warnings not reported before for this book. */
  report(bookId: string, stored: StoredConfig): ConfigWarning[] {
    let s = this.seen.get(bookId);
    if (!s) {
      s = new Set();
      this.seen.set(bookId, s);
    }
    const out: ConfigWarning[] = [];
    for (const w of settingsNotApplied(stored)) {
      if (s.has(w.path)) continue;
      s.add(w.path);
      out.push(w);
    }
    return out;
  }

  forget(bookId: string): void {
    this.seen.delete(bookId);
  }
}
