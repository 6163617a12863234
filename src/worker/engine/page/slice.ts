/**
 * The tail of a block's inlines from a source offset on: what remains of a paragraph when it
 * moves into a column of another width and is re-broken there (configuration.md §4.1,
 * `oneAndHalf` with a text side column).
 */
import type { Inline } from '../parse/model';

export function inlinesFrom(inlines: readonly Inline[], cut: number): Inline[] {
  const out: Inline[] = [];
  for (const inline of inlines) {
    if (inline.kind === 'text') {
      const offsets = inline.offsets ?? Array.from({ length: inline.text.length }, (_, i) => inline.range.from + i);
      const start = offsets.findIndex((o) => o >= cut);
      if (start < 0) continue;
      if (start === 0) {
        out.push(inline);
        continue;
      }
      const kept = offsets.slice(start);
      out.push({ ...inline, text: inline.text.slice(start), range: { ...inline.range, from: kept[0]! }, offsets: kept });
    } else if ('children' in inline && Array.isArray(inline.children)) {
      if (inline.range.from >= cut) {
        out.push(inline);
        continue;
      }
      if (inline.range.to <= cut) continue;
      const children = inlinesFrom(inline.children, cut);
      if (children.length > 0) out.push({ ...inline, children } as Inline);
    } else if (inline.range.from >= cut) out.push(inline);
  }
  return out;
}

/** The head of a block's inlines before a source offset (a bayt's first hemistich, page/verse.ts): the mirror of `inlinesFrom`. */
export function inlinesBefore(inlines: readonly Inline[], cut: number): Inline[] {
  const out: Inline[] = [];
  for (const inline of inlines) {
    if (inline.kind === 'text') {
      const offsets = inline.offsets ?? Array.from({ length: inline.text.length }, (_, i) => inline.range.from + i);
      // Generated units (offset −1) go with the source unit before them.
      let end = 0;
      while (end < offsets.length && offsets[end]! < cut) end++;
      if (end === 0) continue;
      if (end === offsets.length) {
        out.push(inline);
        continue;
      }
      const kept = offsets.slice(0, end);
      out.push({ ...inline, text: inline.text.slice(0, end), range: { ...inline.range, to: Math.max(...kept) + 1 }, offsets: kept });
    } else if ('children' in inline && Array.isArray(inline.children)) {
      if (inline.range.to <= cut) {
        out.push(inline);
        continue;
      }
      if (inline.range.from >= cut) continue;
      const children = inlinesBefore(inline.children, cut);
      if (children.length > 0) out.push({ ...inline, children } as Inline);
    } else if (inline.range.to <= cut) out.push(inline);
  }
  return out;
}
