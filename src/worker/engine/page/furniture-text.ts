/**
 * Wrapped design text set by the paragraph engine (configuration.md §5.3): `align: 'justify'`
 * ("stretches all but paragraph-last lines") and `hyphenate: true` ("syllable breaks in
 * wrapped/justified design text"). The same breaking, justification and hyphenation as body
 * paragraphs (paragraph/index.ts `setParagraph`, the book's patterns), at the element's measure;
 * an element's `hyphenate` decides on its own, whatever `bodyText.hyphenation` says. Text with
 * `inlineMarks` is read into marked segments here and set the same way (bold at the body's bold
 * weight, sup/sub at 58 % size; colours stay the element's). Plain wrapped text keeps the
 * word-by-word wrap of page/furniture-elements.ts.
 */
import { setParagraph, type ParagraphEnvironment } from '../paragraph';
import type { SetLine } from '../paragraph/lines';
import type { Mark } from '../parse/model';
import type { LayoutSettings, TextStyle } from '../settings';
import { plainCjkRules } from '../settings-cjk-rules';

/** A piece of design text with its marks (`inlineMarks`: bold, italic, superscript, subscript). */
export interface DesignSegment {
  text: string;
  marks: readonly Mark[];
}

const MARKERS: readonly { open: string; mark: Mark }[] = [
  { open: '**', mark: 'strong' },
  { open: '*', mark: 'emphasis' },
  { open: '^', mark: 'sup' },
  { open: '~', mark: 'sub' },
];

/**
 * Design text with `inlineMarks` (§5.3): `**bold**`, `*italic*`, `^sup^`, `~sub~`, nested, read in
 * the resolved text. A marker without its closing twin (or with nothing between) prints as written.
 */
export function markedSegments(text: string, outer: readonly Mark[] = []): DesignSegment[] {
  const out: DesignSegment[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const marker = MARKERS.find((m) => text.startsWith(m.open, i));
    const close = marker ? text.indexOf(marker.open, i + marker.open.length) : -1;
    if (marker && close > i + marker.open.length) {
      if (plain) out.push({ text: plain, marks: outer });
      plain = '';
      out.push(...markedSegments(text.slice(i + marker.open.length, close), [...outer, marker.mark]));
      i = close + marker.open.length;
    } else {
      plain += text[i];
      i++;
    }
  }
  if (plain || out.length === 0) out.push({ text: plain, marks: outer });
  return out;
}

export interface DesignTextOptions {
  justify: boolean;
  hyphenate: boolean;
  direction: 'ltr' | 'rtl';
  /** First-line indent, pt (`paragraphIndent` of paragraphs after the first). */
  indent?: number;
}

/** Sets one forced line's text (a design paragraph, plain or marked) at `measure` pt into lines. */
export type SetDesignText = (text: string | readonly DesignSegment[], style: TextStyle, measure: number, options: DesignTextOptions) => SetLine[];

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

/** Settings whose CJK rules are the plain ones (`cjk.composeDesignText: false`, settings-cjk-rules.ts `plainCjkRules`), one object per settings. */
const plainCjk = new WeakMap<LayoutSettings, LayoutSettings>();
function designSettings(settings: LayoutSettings): LayoutSettings {
  if (settings.cjk.composeDesignText !== false) return settings;
  let out = plainCjk.get(settings);
  if (!out) plainCjk.set(settings, (out = { ...settings, cjk: plainCjkRules(settings.cjk) }));
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
    const segments: readonly DesignSegment[] = typeof text === 'string' ? [{ text, marks: [] }] : text;
    const key = `${env.fonts.generation}|${hyphenate}|${options.justify}|${options.direction}|${measure}|${options.indent ?? 0}|${JSON.stringify(style)}|${typeof text === 'string' ? text : JSON.stringify(text)}`;
    let set = table.get(key);
    if (!set) {
      // cjk.composeDesignText (§14.1): design text composed with the book's CJK rules, or without them.
      const settings = hyphenate ? withHyphenation(designSettings(env.settings)) : designSettings(env.settings);
      set = setParagraph(
        { inlines: segments.map((seg) => ({ kind: 'text' as const, text: seg.text, marks: [...seg.marks], range: { from: -1e9, to: -1e9, line: 0, column: 0 } })), style, measure, indent: options.indent ?? 0, justify: options.justify, direction: options.direction },
        { fonts: env.fonts, settings, context: env.context, hyphenator: hyphenate ? env.hyphenator : undefined },
      );
      table.set(key, set);
    }
    return set;
  };
}
