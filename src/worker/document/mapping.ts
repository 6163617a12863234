import type { TextOp } from '../protocol/messages';

/**
 * Maps a position through one set of simultaneous, non-overlapping changes to a chapter
 * (all written against the same text). `assoc` decides which side an insertion at exactly
 * this position lands on: −1 keeps the position before it, +1 moves it after it.
 */
export function mapPosition(position: number, changes: readonly TextOp[], assoc: -1 | 1): number {
  let delta = 0;
  for (const change of [...changes].sort((a, b) => a.from - b.from)) {
    const grown = change.insert.length - (change.to - change.from);
    if (change.to < position || (change.to === position && change.from < position)) {
      delta += grown;
      continue;
    }
    if (change.from > position) break;
    // The position touches the change: an insertion point, or inside a replaced range.
    if (change.from === position && change.to === position) return position + delta + (assoc > 0 ? change.insert.length : 0);
    if (change.from === position) return position + delta;
    // Strictly inside a replaced range: snap to the side `assoc` asks for.
    return change.from + delta + (assoc > 0 ? change.insert.length : 0);
  }
  return position + delta;
}

/**
 * Maps a change written against an older text through the changes made since, so two people
 * editing at once both keep their words: an insertion at the same point goes after the earlier
 * one; a range deleted meanwhile shrinks to what is left of it.
 */
export function mapChange(change: TextOp, since: readonly (readonly TextOp[])[]): TextOp {
  let { from, to } = change;
  for (const set of since) {
    const relevant = set.filter((c) => c.chapterId === change.chapterId);
    if (relevant.length === 0) continue;
    const collapsed = from === to;
    from = mapPosition(from, relevant, 1);
    to = collapsed ? from : Math.max(from, mapPosition(to, relevant, -1));
  }
  return { ...change, from, to };
}

/**
 * The single change that turns `before` into `after`, keeping their common prefix and suffix:
 * how an editor's new text or a tool's rewritten chapter becomes a minimal text op.
 */
export function textDiff(chapterId: string, before: string, after: string): TextOp {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  return { type: 'text', chapterId, from: start, to: endBefore, insert: after.slice(start, endAfter) };
}
