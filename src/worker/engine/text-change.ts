/**
 * Where an edited text differs from the one before (UTF-16 units), found once per pair of texts:
 * the parser (parse/chapter.ts, the inlines it may lend), the block starts an edit's pass goes on
 * from (page/resume.ts), the convergence check (page/converge.ts) and the paragraph memo's use
 * (paragraph-use.ts) all ask for the same change of the same chapter.
 */

/** Where two texts of a chapter differ (UTF-16 units). */
export interface TextChange {
  /** Units before this are the same in both. */
  readonly first: number;
  /** End of the changed units in the old text: what follows is the same in both, moved by `delta`. */
  readonly oldEnd: number;
  readonly delta: number;
}

/**
 * The last two changes found, by their texts: an edit's layout asks for the same ones more than
 * once (above), and each is a scan of the whole chapter from both ends. Holds a
 * few sources of one chapter at most.
 */
const recentChanges: { old: string; text: string; change: TextChange }[] = [];

export function textChange(old: string, text: string): TextChange {
  for (const recent of recentChanges) if (recent.old === old && recent.text === text) return recent.change;
  const change = scanChange(old, text);
  recentChanges.unshift({ old, text, change });
  recentChanges.length = Math.min(recentChanges.length, 2);
  return change;
}

/**
 * Units compared at once while the two texts agree: a slice of each and one string comparison
 * (V8 compares flat strings' characters in native code). A chapter is ~100,000 units and an edit
 * changes a few of them, so nearly all of the scan is agreement: chunks first, then unit by unit
 * from the first chunk that differs. 256 keeps the slices few (~400 per chapter) and the unit-by-unit
 * rest short.
 */
const CHUNK = 256;

function scanChange(old: string, text: string): TextChange {
  const shorter = Math.min(old.length, text.length);
  let first = 0;
  while (first + CHUNK <= shorter && old.slice(first, first + CHUNK) === text.slice(first, first + CHUNK)) first += CHUNK;
  while (first < shorter && old.charCodeAt(first) === text.charCodeAt(first)) first++;
  // The common tail, never reaching back into the common head.
  const room = shorter - first;
  let tail = 0;
  while (tail + CHUNK <= room && old.slice(old.length - tail - CHUNK, old.length - tail) === text.slice(text.length - tail - CHUNK, text.length - tail)) tail += CHUNK;
  while (tail < room && old.charCodeAt(old.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)) tail++;
  return { first, oldEnd: old.length - tail, delta: text.length - old.length };
}
