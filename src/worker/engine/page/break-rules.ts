/**
 * Column-break rules of running text beyond the widow/orphan minimums (configuration.md §6.4,
 * the spec's naming: an orphan is the short tail carried to the head of the next column, a widow
 * the short start left at the foot of this one). Read by engine/settings-breaks.ts, applied by
 * page/paginate.ts.
 */
import type { Inline } from '../parse/model';

/** `bodyText.*` break rules as the engine applies them; absent in the settings = the spec's defaults. */
export interface BreakRules {
  /** `keepColonWithList`: a paragraph ending in a colon does not end a column above the list it introduces. */
  keepColonWithList: boolean;
  /** `colonListRoom`: room kept under the colon line — the list's first item as far as it may stand alone at a column foot (`item`), or one line of it (`line`). */
  colonListRoom: 'item' | 'line';
}

export const DEFAULT_BREAK_RULES: BreakRules = { keepColonWithList: true, colonListRoom: 'item' };

/** Colons a lead-in may end with: ASCII, fullwidth (CJK) and the small form. */
const COLONS = new Set([':', '\uff1a', '\ufe55']);

/**
 * Whether a paragraph's text ends in a colon (trailing spaces, note marks and invisible
 * anchors or index marks after it do not count): "as follows:[^1]" introduces what comes next.
 */
export function endsWithColon(inlines: readonly Inline[]): boolean {
  const last = lastVisibleChar(inlines);
  return typeof last === 'string' && COLONS.has(last);
}

/** The last printed character of the inlines, undefined if it is not text (a formula, a picture…) or there is none. */
function lastVisibleChar(inlines: readonly Inline[]): string | undefined | null {
  for (let i = inlines.length - 1; i >= 0; i--) {
    const inline = inlines[i]!;
    switch (inline.kind) {
      case 'text': {
        const text = inline.text.trimEnd();
        if (text.length > 0) return text[text.length - 1];
        continue;
      }
      case 'footnoteRef':
      case 'hardBreak':
        continue;
      case 'anchor':
      case 'indexMark':
      case 'link': {
        const children = 'children' in inline ? inline.children : undefined;
        if (!children || children.length === 0) continue;
        const inner = lastVisibleChar(children);
        if (inner === null) continue; // only invisible things inside
        return inner;
      }
      default: {
        // Emphasis and other wrappers hold their text as children.
        const children = (inline as { children?: readonly Inline[] }).children;
        if (children) {
          const inner = lastVisibleChar(children);
          if (inner === null) continue;
          return inner;
        }
        return undefined;
      }
    }
  }
  return null;
}

/**
 * How many lines of a list item of `lines` lines must stand under a colon line for the list to
 * start in the same column (`colonListRoom: 'item'`): the whole item when its split rules leave
 * no split (fewer than `footMin` + `headMin` lines), else the `footMin` lines a split keeps at the
 * column foot. `line`: one.
 */
export function colonListLines(room: BreakRules['colonListRoom'], lines: number, footMin: number, headMin: number): number {
  const n = Math.max(1, lines);
  if (room === 'line') return 1;
  return n < footMin + headMin ? n : Math.max(1, footMin);
}
