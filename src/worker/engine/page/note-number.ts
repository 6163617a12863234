/**
 * The number at the head of a footnote (configuration.md §11.1 `footnotes.noteNumberPosition`):
 * on the baseline at the note's size (the default), or raised as a superscript of the note text.
 */
import type { SetLine } from '../paragraph';
import { SUP_RISE_EM, SUP_SCALE } from '../paragraph/collect';
import type { LayoutSettings, TextStyle } from '../settings';
import { noteNumberRaised } from '../settings-notes';
import type { SetGenerated } from './paginate';
import { plainRun } from '../paragraph/set-run';

/** The note's number `label` set in `noteStyle`, raised when `noteNumberPosition` is 'superscript'. */
export function noteNumberLine(label: string, noteStyle: TextStyle, notes: LayoutSettings['notes'], setGenerated: SetGenerated): SetLine {
  if (!noteNumberRaised(notes)) return setGenerated(label, noteStyle);
  // A superscript as `^x^` sets it in running text: the superscript scale of the note size, its
  // baseline raised by SUP_RISE_EM of the note size (pt; a glyph offset is positive down).
  const line = setGenerated(label, { ...noteStyle, size: noteStyle.size * SUP_SCALE });
  const rise = noteStyle.size * SUP_RISE_EM;
  // A copy: setGenerated's lines are shared by every caller.
  return { ...line, runs: line.runs.map((run) => ({ ...plainRun(run), dys: run.glyphs.map((_, i) => (run.dys?.[i] ?? 0) - rise) })) };
}
