/**
 * Wrapped design text set by the paragraph engine (configuration.md §5.3): `align: 'justify'`
 * ("stretches all but paragraph-last lines") and `hyphenate: true` ("syllable breaks in
 * wrapped/justified design text"). The same breaking, justification and hyphenation as body
 * paragraphs (paragraph/index.ts `setParagraph`, the book's patterns), at the element's measure;
 * an element's `hyphenate` decides on its own, whatever `bodyText.hyphenation` says. Plain wrapped
 * text keeps the word-by-word wrap of page/furniture-elements.ts.
 */
import { setParagraph, type ParagraphEnvironment } from '../paragraph';
import type { SetLine } from '../paragraph/lines';
import type { LayoutSettings, TextStyle } from '../settings';

export interface DesignTextOptions {
  justify: boolean;
  hyphenate: boolean;
  direction: 'ltr' | 'rtl';
}

/** Sets one forced line's text (a design paragraph) at `measure` pt into lines. */
export type SetDesignText = (text: string, style: TextStyle, measure: number, options: DesignTextOptions) => SetLine[];

/** Settings whose hyphenation is on for ragged and justified text alike (one object per settings). */
const hyphenating = new WeakMap<LayoutSettings, LayoutSettings>();
function withHyphenation(settings: LayoutSettings): LayoutSettings {
  let out = hyphenating.get(settings);
  if (!out) {
    out = { ...settings, hyphenation: { ...settings.hyphenation, enabled: true, ragged: true } };
    hyphenating.set(settings, out);
  }
  return out;
}

/** Lines memoised per settings object, by font generation, style, measure, options and text. */
const memo = new WeakMap<LayoutSettings, Map<string, SetLine[]>>();

/** The setter for a chapter's design text (`env` without a kept-paragraph store: design text is short and rare). */
export function designTextSetter(env: Omit<ParagraphEnvironment, 'prepared'>): SetDesignText {
  let lines = memo.get(env.settings);
  if (!lines) memo.set(env.settings, (lines = new Map()));
  const table = lines;
  return (text, style, measure, options) => {
    const hyphenate = options.hyphenate && env.hyphenator !== undefined;
    const key = `${env.fonts.generation}|${hyphenate}|${options.justify}|${options.direction}|${measure}|${JSON.stringify(style)}|${text}`;
    let set = table.get(key);
    if (!set) {
      const settings = hyphenate ? withHyphenation(env.settings) : env.settings;
      set = setParagraph(
        { inlines: [{ kind: 'text', text, marks: [], range: { from: -1e9, to: -1e9, line: 0, column: 0 } }], style, measure, indent: 0, justify: options.justify, direction: options.direction },
        { fonts: env.fonts, settings, context: env.context, hyphenator: hyphenate ? env.hyphenator : undefined },
      );
      table.set(key, set);
    }
    return set;
  };
}
