import type { FontRegistry } from '../fonts/registry';
import type { Inline } from '../parse/model';
import type { LayoutSettings, TextStyle } from '../settings';
import { breakGreedy } from '../text/greedy';
import { collectInlines } from './collect';
import { buildItems } from './items';
import { setLines, type SetLine } from './lines';

export type { SetLine, LineRun } from './lines';

export interface ParagraphRequest {
  inlines: readonly Inline[];
  style: TextStyle;
  /** Column measure, pt. */
  measure: number;
  indent: number;
  justify: boolean;
}

/** Sets one paragraph: collect → items → line breaks → lines. Pure; callers memoise. */
export function setParagraph(request: ParagraphRequest, fonts: FontRegistry, settings: LayoutSettings): SetLine[] {
  const texts = collectInlines(request.inlines, request.style, settings);
  const items = buildItems(texts, fonts, {
    indent: request.indent,
    justify: request.justify,
    maxWordSpacing: settings.body.maxWordSpacing,
    minWordSpacing: settings.body.minWordSpacing,
  });
  const breaks = breakGreedy(items, () => request.measure);
  return setLines(items, breaks);
}
