/**
 * `configVersion` and its pins (configuration.md §19, bundle-format.md §6). A config stamped N receives the pins of
 * every rules number above N, exactly once; we always write 11. A pin is written only where the configuration does not
 * set the key itself. Passing the chapters' Markdown (`content`) limits content-dependent pins to constructs that occur;
 * without it the migrator pins conservatively (bundle-format.md §6.1, last paragraph).
 */
import type { JsonObject, JsonValue, StoredConfig } from './types';
import { clone, isPlainObject } from './values';
import { parsePath } from './paths';
import { getStoredAt, writeStoredAt } from './model';
import { Resolver } from './resolve';

export const CONFIG_VERSION = 11;
/** 0.5 ÷ 0.442 — formulas before rules 4 were this much larger (§19 rules 4). */
export const LEGACY_MATH_SIZE = 0.5 / 0.442;

export interface MigrationResult {
  config: StoredConfig;
  /** Pins written, as `path = value` texts (for the Checks panel and tests). */
  pins: string[];
  /** Always CONFIG_VERSION: store the result with this stamp so it is never migrated again. */
  configVersion: number;
}

/** Rules numbers whose pins a stamp receives: none / < 3 → 3–11; 3–10 → above the stamp; ≥ 11 → none. */
export function rulesAfter(stamp: number | undefined): number[] {
  const from = stamp === undefined || !Number.isFinite(stamp) || stamp < 3 ? 2 : Math.floor(stamp);
  const out: number[] = [];
  for (let n = Math.max(3, from + 1); n <= CONFIG_VERSION; n++) out.push(n);
  return out;
}

const get = (c: JsonObject, path: string): JsonValue | undefined => {
  const segs = parsePath(path);
  return 'error' in segs ? undefined : getStoredAt(c, segs);
};

/** Content tests (bundle-format.md §6.1). Each returns true when the construct occurs. */
const C = {
  math: (s: string) => s.includes('$'),
  resourceLine: (s: string) => /^\s*::resource\{[^}]*\}\s*$/m.test(stripCode(s)),
  resourceInCallout: (s: string) => /^:::callout[^\n]*\n(?:(?!^:::\s*$)[\s\S])*?^\s*::resource\{[^}]*\}\s*$/m.test(stripCode(s)),
  headingMarks: (s: string) => /^#{1,6}\s.*(\*|_|\^|~|:smallcaps\[|\]\()/m.test(stripCode(s)),
  colonList: (s: string) => /:\s*\n(\s*\n)*\s*([-*+]|\d+[.)])\s/m.test(stripCode(s)),
  callout: (s: string) => /^:::callout\b/m.test(stripCode(s)),
  closedDash: (s: string) => /[\p{L}\p{N})\]»”’*_][—–]["'“‘«*_]?[\p{L}\p{N}([“‘«"]/u.test(stripCode(s)),
  heading: (s: string) => /^#{1,6}\s/m.test(stripCode(s)),
  paragraphs: (s: string) => /^:::paragraphs\b/m.test(stripCode(s)),
  compoundHyphen: (s: string) => /\p{L}-\p{L}/u.test(stripCode(s)),
  verse: (s: string) => /^:::verse\b/m.test(s),
  verseNoLayoutNoSeparator: (s: string) => {
    const re = /^:::verse([^\n]*)\n([\s\S]*?)^:::\s*$/gm;
    let m: RegExpExecArray | null;
    while ((m = re.exec(s))) if (!/layout=/.test(m[1] ?? '') && !/\s\|\s|\t\t|\*\*\*/.test(m[2] ?? '')) return true;
    return false;
  },
  versePoemLines: (s: string) => {
    const re = /^:::verse([^\n]*)\n([\s\S]*?)^:::\s*$/gm;
    let m: RegExpExecArray | null;
    while ((m = re.exec(s))) if (/layout="?lines/.test(m[1] ?? '') || (!/layout=/.test(m[1] ?? '') && !/\s\|\s/.test(m[2] ?? ''))) return true;
    return false;
  },
  hardBreak: (s: string) => /\\\n\s*\S/.test(stripCode(s)) || /\\\\ \S/.test(stripCode(s)),
  fence: (s: string) => /^ {0,3}(```|~~~)/m.test(s),
  bookTitle: (s: string) => /[《〈]|:book\[/.test(s),
  circled: (s: string) => /[\u2460-\u24FF\u2776-\u2793]/.test(s),
  cjk: (s: string) => /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/.test(s),
  columns: (s: string) => /^:::columns\b/m.test(stripCode(s)),
};

function stripCode(s: string): string {
  return s.replace(/^ {0,3}(```|~~~)[\s\S]*?^ {0,3}\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Does the config set running text ragged anywhere (rules 7 `optimalRagged` pin)? */
function setsRagged(c: JsonObject): boolean {
  const ragged = (v: JsonValue | undefined): boolean => typeof v === 'string' && v !== 'justify';
  if (ragged(get(c, 'bodyText.textAlign'))) return true;
  const lists: [string, string][] = [['paragraphStyles', 'textAlign'], ['calloutStyles', 'body'], ['headingStyles', 'bodyStyle']];
  for (const [list, key] of lists) {
    const arr = c[list];
    if (!Array.isArray(arr)) continue;
    for (const it of arr) {
      if (!isPlainObject(it)) continue;
      const v = it[key];
      if (key === 'textAlign' ? ragged(v) : isPlainObject(v) && ragged(v.textAlign)) return true;
    }
  }
  if (ragged(get(c, 'parts.bodyStyle.textAlign'))) return true;
  const ov = get(c, 'htmlViewer.overrides');
  return isPlainObject(ov) && setsRagged(ov);
}

/**
 * Migrates one stored config written under `storedVersion` rules. Apply once; store the result with
 * `configVersion: 11`. The same function serves every `localized[tag].config` (bundle-format.md §6).
 */
export function migrateConfig(config: StoredConfig, storedVersion: number | undefined, opts: { content?: string } = {}): MigrationResult {
  const c = clone(config);
  const pins: string[] = [];
  const rules = new Set(rulesAfter(storedVersion));
  const content = opts.content;
  const has = (test: (s: string) => boolean): boolean => (content === undefined ? true : test(content));
  const r = new Resolver(c);
  const pin = (path: string, value: JsonValue): void => {
    const segs = parsePath(path);
    if ('error' in segs || getStoredAt(c, segs) !== undefined) return;
    if (!writeStoredAt(c, segs, value, r)) pins.push(`${path} = ${JSON.stringify(value)}`);
  };
  const off = (path: string): boolean => get(c, path) === false;

  if (rules.has(3) && isPlainObject(c.headings)) {
    const bb = get(c, 'headings.levels[level=1].breakBefore');
    if (bb === undefined || (isPlainObject(bb) && bb.enabled === undefined)) pin('headings.levels[level=1].breakBefore.enabled', false);
    else if (isPlainObject(bb) && bb.enabled === true && bb.parity === undefined) pin('headings.levels[level=1].breakBefore.parity', 'any');
  }
  if (rules.has(4) && get(c, 'math.enabled') !== false && has(C.math)) {
    const scale = get(c, 'math.fontSizeScale');
    const base = typeof scale === 'number' ? scale : 1;
    const m = isPlainObject(c.math) ? c.math : (c.math = {});
    m.fontSizeScale = Math.round(base * LEGACY_MATH_SIZE * 1e6) / 1e6;
    pins.push(`math.fontSizeScale = ${String(m.fontSizeScale)}`);
    for (const side of ['marginTop', 'marginBottom'] as const) {
      const v = m[side];
      const d = isPlainObject(v) ? v : { value: 0.8, unit: 'em' };
      if (d.unit === 'em' && typeof d.value === 'number') {
        m[side] = { value: Math.round((d.value / LEGACY_MATH_SIZE) * 1e4) / 1e4, unit: 'em' };
        pins.push(`math.${side} = ${JSON.stringify(m[side])}`);
      }
    }
  }
  if (rules.has(5) && has(C.resourceLine)) pin('layout.inlineResourceGap', 'above');
  if (rules.has(6)) {
    if (has(C.resourceInCallout)) pin('layout.inlineResourceGapInBoxes', false);
    if (has(C.headingMarks)) pin('headings.inlineMarks', false);
    if (has(C.colonList) && get(c, 'bodyText.colonListRoom') === undefined && !off('bodyText.keepColonWithList')) pin('bodyText.colonListRoom', 'line');
    if (has(C.callout)) pin('layout.boxChildSplitMinLines', 1);
    // (missing) the explicit 1.4 drop-cap size pin needs the font metrics; left to the layout engine.
  }
  if (rules.has(7)) {
    if (has(C.closedDash)) pin('bodyText.breakAfterDashes', false);
    if (setsRagged(c) && !off('bodyText.optimalLineBreaking')) pin('bodyText.optimalRagged', false);
  }
  if (rules.has(8)) {
    if (has(C.heading) && !off('headings.keepWithNext') && !off('bodyText.avoidOrphans')) pin('headings.keepWithNextSplit', 'fill');
    const declaresStyle = (Array.isArray(c.paragraphStyles) && c.paragraphStyles.length > 0) || Array.isArray(get(c, 'htmlViewer.overrides.paragraphStyles'));
    if (declaresStyle && has(C.paragraphs)) pin('bodyText.paragraphContainerSpacing', 'add');
    if (has(C.compoundHyphen) && !off('bodyText.optimalLineBreaking')) pin('bodyText.breakAfterHyphens', false);
  }
  if (rules.has(9)) {
    if (content === undefined || C.verseNoLayoutNoSeparator(content)) pin('bodyText.verse.layout', 'bayt');
    const dropPaired = (arr: JsonValue | undefined, where: string): void => {
      if (!Array.isArray(arr)) return;
      for (const st of arr) {
        if (!isPlainObject(st) || st.firstLineIndent === undefined) continue;
        const h = st.hangingIndent;
        if (isPlainObject(h) && typeof h.value === 'number' && h.value !== 0) {
          delete st.firstLineIndent;
          pins.push(`${where}[id=${String(st.id)}].firstLineIndent removed`);
        }
      }
    };
    dropPaired(c.paragraphStyles, 'paragraphStyles');
    const ov = get(c, 'htmlViewer.overrides');
    if (isPlainObject(ov)) dropPaired(ov.paragraphStyles, 'htmlViewer.overrides.paragraphStyles');
    if (has(C.hardBreak)) pin('bodyText.hardLineBreaks', false);
    if (has(C.fence)) pin('codeStyle.blocks', false);
  }
  if (rules.has(10)) {
    if (content === undefined || C.versePoemLines(content)) pin('bodyText.verse.tighten', false);
    pinDesignOverflow(c, pins);
  }
  if (rules.has(11)) {
    if (get(c, 'cjk.grid.enabled') === true && get(c, 'layout.writingMode') !== 'vertical-rl') pin('headings.balancing.enabled', true);
    if (content !== undefined) {
      if (C.bookTitle(content)) pin('cjk.titleMinChars', 1);
      if (C.circled(content)) pin('cjk.circledNumbers', 'western');
      if (C.resourceLine(content)) pin('tableStyle.splitInline', false);
      if (C.columns(content)) pin('layout.flowColumns', false);
      if (C.heading(content) && setsPageSpan(c)) pin('layout.floatsUnderOpener', false);
    }
    if ((content !== undefined && C.cjk(content)) || C.cjk(JSON.stringify(config))) pin('cjk.composeDesignText', false);
  }
  return { config: c, pins, configVersion: CONFIG_VERSION };
}

function setsPageSpan(c: JsonObject): boolean {
  const lv = get(c, 'headings.levels');
  const hs = c.headingStyles;
  const any = (arr: JsonValue | undefined): boolean => Array.isArray(arr) && arr.some((x) => isPlainObject(x) && x.span === 'page');
  return any(lv) || any(hs);
}

/** Rules 10: design text in heading and part designs keeps `overflow: 'ellipsis-end'` where unset (configs ≤ 9). */
function pinDesignOverflow(c: JsonObject, pins: string[]): void {
  const slots: [JsonValue | undefined, string][] = [
    [get(c, 'parts.design'), 'parts.design'],
    [get(c, 'parts.versoDesign'), 'parts.versoDesign'],
    [get(c, 'toc.parts.design'), 'toc.parts.design'],
  ];
  const levels = get(c, 'headings.levels');
  if (Array.isArray(levels)) for (const l of levels) if (isPlainObject(l)) slots.push([getIn(l, ['advancedDesign', 'slot']), `headings.levels[level=${String(l.level)}].advancedDesign.slot`]);
  const styles = c.headingStyles;
  if (Array.isArray(styles)) for (const s of styles) if (isPlainObject(s)) slots.push([getIn(s, ['advancedDesign', 'slot']), `headingStyles[id=${String(s.id)}].advancedDesign.slot`]);
  for (const [slot, where] of slots) {
    if (!isPlainObject(slot) || !Array.isArray(slot.elements)) continue;
    for (const el of slot.elements) {
      if (isPlainObject(el) && (el.kind === undefined || el.kind === 'text') && el.overflow === undefined) {
        el.overflow = 'ellipsis-end';
        pins.push(`${where}.elements[id=${String(el.id)}].overflow = "ellipsis-end"`);
      }
    }
  }
}

function getIn(v: JsonValue, keys: string[]): JsonValue | undefined {
  let cur: JsonValue | undefined = v;
  for (const k of keys) cur = isPlainObject(cur) ? cur[k] : undefined;
  return cur;
}
