/**
 * Kanbun marks, phase 4b (with lines.ts, after the ruby readings): the marks of the `:kunten` boxes
 * on a set line, as glyph runs of the line placed after its text runs (and its ruby readings), and
 * the 竪点 as a hairline box. Every place that draws a line's runs and boxes (body, headings, lists,
 * quotes, boxes, captions, cells, notes) so draws them, on every backend.
 *
 * The runs carry `LineRun.ruby` — the flag of an annotation set beside the line's text — so they
 * get no line record on the page (no part of the line's text for checks, links or the outline),
 * keep it when a memoised line is moved, and follow their base when a heading's clusters are spaced
 * (page/heading-look.ts). PDF text layer (our choice, as ruby's): each line's text whole and in
 * reading order, then its readings, then its marks in content order — never inside the words.
 *
 * Where, in horizontal text (document-format §18.4; x from the line's left edge, y down from the
 * baseline; B the base size, s the marks' size, pt):
 * - Both marks start where the base's box ends less the marks' advance: right after the base (and
 *   after the room of a ruby reading over it), in the column the advance made under `inline`.
 * - `inline`: okurigana high — its em box's top on the base's em box top (0.88 B over the
 *   baseline), so it stands over the base's ideographic centre (0.38 B) when s ≤ B/2; the return
 *   mark low — its em box's foot on the base's (0.12 B under the baseline), under the centre.
 * - `interlinear`: in the leading, as ruby — okurigana's em box stands on the base's em box top,
 *   the return mark's hangs from its foot; nothing takes advance (checks/kunten.ts reports marks
 *   taller than the room between lines).
 * - 竪点 (`tate`), our reading: a hairline along the line at the base's ideographic centre, half
 *   an em of the base long, centred on the boundary between this base (its marks included) and the
 *   next character, so it joins the two; never past the line's end. Drawn in the flow, it turns
 *   with it in vertical text (page/vertical.ts), where it stands as the short vertical stroke
 *   between the two characters of the column that 竪点 is.
 *
 * Vertical text (`KuntenMark.vertical`; the flow is set turned, page/vertical.ts: along the line =
 * down the column, over the line = its right), as kanbun is printed — the okurigana at the lower
 * right of its character, the return mark at its lower left:
 * - okurigana beside the base: its first character starts at the base's middle along the column
 *   (where the base's last character is half set) and its em box stands on the base's em box top
 *   (the right of the column, in the leading as a reading is); a longer one runs on past the
 *   base's foot (under `inline` the column keeps room for that: kunten-measure.ts);
 * - return mark under `inline`: right after the base and its room, low as in horizontal text — in
 *   the left half of the column, below the character; under `interlinear`: from the base's middle
 *   like the okurigana, its em box hanging from the base's em box foot (the left of the column).
 * Each mark's characters stand upright (page/vertical.ts turns them back like the text's).
 */
import { EM_BOX_TOP } from './collect';
import type { LineBox, LineRun } from './lines';
import type { KuntenMark } from './kunten';
import type { MeasuredReading } from './ruby';
import { annotationRuns } from './ruby-lines';

/** Foot of the ideographic em box under the baseline, em (1 − EM_BOX_TOP). */
const EM_BOX_BOTTOM = 1 - EM_BOX_TOP;
/** The 竪点's length and thickness, em of the base (our choice: a short joining stroke, a hairline at 10 pt). */
const TATE_LENGTH_EM = 0.5;
const TATE_THICKNESS_EM = 0.05;

/**
 * The runs of the marks of the line's kunten boxes (x from the line's left edge, as its runs); the
 * 竪点 hairlines are added to `boxes` (drawn with the line's boxes, page/run-boxes.ts). `end`: where
 * the line's text ends, pt.
 */
export function kuntenMarkRuns(boxes: LineBox[], end = Number.POSITIVE_INFINITY): LineRun[] {
  const runs: LineRun[] = [];
  const hairlines: LineBox[] = [];
  for (const box of boxes) {
    const mark = box.look.kunten;
    if (!mark || mark.size === undefined) continue;
    const B = mark.baseStyle.size;
    const s = mark.size;
    const boxEnd = box.x + box.width;
    const x = boxEnd - (mark.advance ?? 0);
    const inline = mark.placement === 'inline';
    // Baseline offsets, pt, positive down (see the file's comment).
    const okuriDy = inline && !mark.vertical ? -(EM_BOX_TOP * B - EM_BOX_TOP * s) : -(EM_BOX_TOP * B + EM_BOX_BOTTOM * s);
    const kaeriDy = inline ? EM_BOX_BOTTOM * B - EM_BOX_BOTTOM * s : EM_BOX_BOTTOM * B + EM_BOX_TOP * s;
    // Vertical text: the base's middle along the line — where its last character ends (before its
    // box's closing room: a reading's, the marks') less half an em of it (see the file's comment).
    const middle = boxEnd - (box.look.after ?? box.look.side) - B / 2;
    if (mark.okuriShaped) runs.push(...markRuns(mark, mark.okuriShaped, mark.vertical ? middle : x, okuriDy));
    if (mark.kaeriShaped) runs.push(...markRuns(mark, mark.kaeriShaped, mark.vertical && !inline ? middle : x, kaeriDy));
    if (mark.tate) {
      const centre = (EM_BOX_TOP - 0.5) * B; // pt over the baseline
      const half = (TATE_THICKNESS_EM * B) / 2;
      const left = boxEnd - (TATE_LENGTH_EM * B) / 2;
      const right = Math.min(boxEnd + (TATE_LENGTH_EM * B) / 2, Math.max(end, boxEnd));
      hairlines.push({ x: left, width: right - left, look: { fill: mark.colour ?? mark.baseStyle.colour, border: null, radius: 0, side: 0, above: centre + half, below: half - centre, gap: 0 } });
    }
  }
  boxes.push(...hairlines);
  return runs;
}

/** A mark's runs (one per face) from pen `x`, its baseline `dy` pt from the line's: its characters one after another along the line. */
function markRuns(mark: KuntenMark, shaped: MeasuredReading, x: number, dy: number): LineRun[] {
  const place = new Map<number, { x: number; dy: number }>();
  let pen = x;
  for (const c of shaped.clusters) {
    place.set(c.start, { x: pen, dy });
    pen += c.width;
  }
  return annotationRuns(shaped, place, mark.sourceMark);
}
