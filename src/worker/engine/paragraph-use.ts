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

/**
 * Each chapter's last use by chapter id (a Map, as read everywhere), counting how many chapters'
 * uses hold each memo key: whether another chapter still uses a key (`EngineCache.dropLeftBehind`)
 * is one lookup. Asking every other chapter's map for each key a chapter left behind took ~15 ms of
 * each global change of the 300-page bench book (Node profile, day 34: a few thousand keys, each
 * looked up in every chapter's map), for an answer that is nearly always no.
 */
export class ParagraphUses extends Map<string, ParagraphUse> {
  /** Memo key → how many recorded uses hold it (absent: none). */
  readonly #users = new Map<string, number>();

  override set(chapterId: string, use: ParagraphUse): this {
    const before = super.get(chapterId);
    if (before) this.#count(before.bases, -1);
    this.#count(use.bases, 1);
    return super.set(chapterId, use);
  }

  override delete(chapterId: string): boolean {
    const before = super.get(chapterId);
    if (before) this.#count(before.bases, -1);
    return super.delete(chapterId);
  }

  override clear(): void {
    this.#users.clear();
    super.clear();
  }

  /** How many chapters' recorded uses hold `key`. */
  users(key: string): number {
    return this.#users.get(key) ?? 0;
  }

  /**
   * Adds `key` (asked at `base`) to `bases`, a layout's use: counted when it is the use recorded for
   * `chapterId` (a later composition of the same layout asks for more), not when it is one this
   * table does not hold (a layout with no chapter key records none).
   */
  extend(chapterId: string, bases: Map<string, number>, key: string, base: number): void {
    if (bases.has(key)) return;
    bases.set(key, base);
    if (super.get(chapterId)?.bases === bases) this.#add(key, 1);
  }

  #count(bases: ReadonlyMap<string, number>, by: 1 | -1): void {
    for (const key of bases.keys()) this.#add(key, by);
  }

  #add(key: string, by: 1 | -1): void {
    const count = (this.#users.get(key) ?? 0) + by;
    if (count > 0) this.#users.set(key, count);
    else this.#users.delete(key);
  }
}
