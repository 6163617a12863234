import type { FontRegistry } from '../fonts/registry';
import type { Inline } from '../parse/model';
import type { LayoutSettings, TextStyle } from '../settings';
import { breakGreedy } from '../text/greedy';
import type { Hyphenator } from '../text/hyphenate';
import type { Direction } from '../text/bidi';
import { breakParagraph } from '../text/linebreak';
import { collectInlines, type InlineContext } from './collect';
import { buildItems, normalSpace } from './items';
import { setLines, type SetLine } from './lines';

export type { SetLine, LineRun } from './lines';
export type { InlineContext } from './collect';

export interface ParagraphRequest {
  inlines: readonly Inline[];
  style: TextStyle;
  /** Line measure, pt. */
  measure: number;
  /** First-line indent, pt. */
  indent: number;
  justify: boolean;
  /** Verbatim text (code listings): spaces kept, wrapping after them. */
  verbatim?: boolean;
  /** Base direction (a block's `dir`); absent = the document's (`settings.direction`). */
  direction?: Direction;
}

/** What setting a paragraph needs from the book around it. */
export interface ParagraphEnvironment {
  fonts: FontRegistry;
  settings: LayoutSettings;
  context: InlineContext;
  /** Absent: no hyphenation (e.g. patterns not loaded, or a CJK book). */
  hyphenator?: Hyphenator | undefined;
}

/** Sets one paragraph: collect → items → line breaks → lines. Pure; callers memoise. */
export function setParagraph(request: ParagraphRequest, env: ParagraphEnvironment): SetLine[] {
  const { settings, fonts } = env;
  const texts = collectInlines(request.inlines, request.style, settings, env.context);
  const hyphenation = settings.hyphenation;
  // bodyText.hyphenation: justified text hyphenates when enabled; ragged text only with `ragged`.
  const hyphenate = hyphenation.enabled && (request.justify || hyphenation.ragged) && request.verbatim !== true;
  const hyphenator = env.hyphenator;
  const options = { hyphenate, compounds: hyphenation.compounds, breakAfterHyphens: hyphenation.breakAfterHyphens, breakAfterDashes: hyphenation.breakAfterDashes };
  const direction = request.direction ?? settings.direction;
  const items = buildItems(texts, fonts, {
    direction,
    language: settings.language,
    cjk: settings.cjk,
    avoidCjkRunts: settings.body.avoidRunts,
    ...(settings.kashida.enabled ? { kashida: { perWord: settings.kashida.perWord, maxLength: settings.kashida.maxLength } } : {}),
    indent: request.indent,
    justify: request.justify,
    verbatim: request.verbatim === true,
    maxWordSpacing: settings.body.maxWordSpacing,
    minWordSpacing: settings.body.minWordSpacing,
    ...(hyphenator ? { breakPoints: (word: string) => hyphenator.breakPoints(word, settings.language, options) } : {}),
  });
  const widths = () => request.measure;
  const layout = { direction, measure: request.measure };
  if (!settings.body.optimalLineBreaking) return setLines(items, breakGreedy(items, widths), layout);
  const breaks = breakParagraph(items, widths, {
    maxWordSpacing: settings.body.maxWordSpacing,
    minWordSpacing: settings.body.minWordSpacing,
    normalSpaceWidth: normalSpace(request.style, fonts),
    em: request.style.size,
    ragged: !request.justify,
    avoidRunts: settings.body.avoidRunts,
    runtMinCharacters: settings.body.runtMinCharacters,
    runtPenalty: settings.body.runtPenalty,
    // Every line has the same measure: telling the breaker lets it merge break nodes that differ
    // only in their line number (TeX's "easy lines"); without it the tolerant pass keeps thousands.
    lineWidthsUniformFrom: 0,
  });
  return setLines(items, breaks, layout);
}
