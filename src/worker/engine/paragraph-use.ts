/**
 * Which paragraph memo entries a chapter layout keeps alive (EngineCache.prune drops the others).
 *
 * A layout records the memo keys its passes asked for, each with the block start it was asked at
 * (`TextRequest.base`, UTF-16 units into the chapter source). After an edit, the first pass goes on
 * from a block start of the previous layout and may stop once in step with it again
 * (page/resume.ts, page/converge.ts): the pages before and after are the previous layout's, and the
 * paragraphs on them are not asked for again. Their keys are still live: without them a prune
 * dropped every paragraph of the edited chapter outside the re-paginated stretch, and a later edit
 * there set them all again (bench: one edit in thirty took 100–160 ms instead of ~10).
 *
 * So a layout's use is what it asked for plus what the previous layout of the same chapter (same
 * memo key, other source) asked for at a block start this one did not ask at: moved across the
 * text change, dropped when inside it. A block asked for again takes only its new keys, so the
 * edited paragraph's old setting (and the settings tried for it) is let go.
 */
import { textChange } from './page/resume';

/** What one chapter's last layout asked of the paragraph memo. */
export interface ParagraphUse {
  /** The chapter's memo key (settings, start, context; not its source). */
  chapterKey: string;
  source: string;
  /** Memo key → the block start it was asked at. */
  bases: ReadonlyMap<string, number>;
}

/**
 * The keys a layout keeps alive: those it asked for (`asked`, key → base), and those the
 * previous layout of the chapter asked for at block starts this one left alone.
 */
export function paragraphUse(asked: ReadonlyMap<string, number>, chapterKey: string | undefined, source: string, before: ParagraphUse | undefined): Map<string, number> {
  const use = new Map(asked);
  if (chapterKey === undefined || !before || before.chapterKey !== chapterKey) return use;
  const change = before.source === source ? null : textChange(before.source, source);
  const askedAt = new Set(asked.values());
  for (const [key, base] of before.bases) {
    // A block start before the change keeps its offset, one after it moves with the text; one the
    // change touches (inside it, or at either end: text typed at a block start is that block's) is
    // let go. (A block the change falls in starts before it and was asked for again.) The numbers
    // first: comparing keys (kilobytes each) only for what may be carried.
    const at = !change || base < change.first ? base : base > change.oldEnd ? base + change.delta : null;
    if (at !== null && !askedAt.has(at) && !use.has(key)) use.set(key, at);
  }
  return use;
}
