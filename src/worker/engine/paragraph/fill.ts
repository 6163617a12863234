/**
 * A one-line text spread toward a width by kashida alone: a bayt's hemistich (document-format §9.1
 * "Arabic qaṣīda": hemistichs are justified to one common width "using kashida first … then
 * spaces"). The words' kashida glue takes the extra width, up to its stretch; word spaces keep their
 * natural width, and the caller spreads whatever kashida could not take over them
 * (page/verse.ts `justified`).
 */
import type { Item, LineBreak } from '../text/items';
import type { WordPayload } from './items';
import { setLines, type LineLayout, type SetLine } from './lines';

/**
 * The paragraph's items set as one line at most `layout.measure` pt wide, its kashida stretched
 * by the share of the extra width they can take (all of it, or their whole stretch); [] when the
 * text does not fit on one line, needs no stretching or has no kashida site.
 */
export function kashidaFilledLine(items: readonly Item<WordPayload>[], layout: LineLayout): SetLine[] {
  let natural = 0;
  let kashida = 0;
  const last = items.length - 1;
  for (let i = 0; i < last; i++) {
    const item = items[i]!;
    if (item.type === 'penalty') {
      // A forced break inside (a hard line break): not one line.
      if (item.penalty <= -1e4) return [];
      continue;
    }
    natural += item.width;
    if (item.type === 'glue' && item.payload?.kashida) kashida += item.stretch;
  }
  const extra = layout.measure - natural;
  if (!(kashida > 0) || !(extra > 1e-6)) return [];
  // Only the kashida glue stretches: every other glue (word spaces, the paragraph's finishing glue) is held at its width.
  const held = items.map((item): Item<WordPayload> => (item.type === 'glue' && !item.payload?.kashida && item.stretch !== 0 ? { ...item, stretch: 0 } : item));
  const brk: LineBreak = { position: last, ratio: Math.min(1, extra / kashida) };
  return setLines(held, [brk], layout);
}
