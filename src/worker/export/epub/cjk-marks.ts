/**
 * CJK marks in the reflowable EPUB (document-format §18.4; the layout sets them in
 * engine/paragraph/cjk-marks.ts): semantic elements a reading system styles itself, with CSS the
 * reflowed text can keep —
 * - `:dots` → `<em class="dots">` with `text-emphasis` (and the `-epub-` prefixed form EPUB 3
 *   reading systems read), its shape, fill and side from the attributes, else the language's
 *   defaults (Japanese: filled sesame over / right; otherwise a filled dot under);
 * - `:name` → `<span class="proper-name">` underlined (on the left in vertical text);
 * - `:book` → `<cite class="book">` holding its brackets as text — 《》 then 〈〉 nested, 『』 then 「」
 *   in Japanese — or, in Taiwan and Hong Kong, no brackets and a wavy underline;
 * - `:sideline` → `<span class="sideline">` with a solid, double, wavy or dotted line on its side.
 * The export reads the document model, not the book's design, so `cjk.bookTitleMark`,
 * `bookTitleBrackets`, `emphasisMark` and `annotationColor` are not carried over: the language's
 * defaults stand for them. Not done: `*…*` on CJK text stays `<em>` (italic in most reading systems),
 * as its dots would need the text cut by script, as the layout cuts it.
 */
import { cjkRegion } from '../../config/locale';
import type { Inline } from '../../engine/parse';
import { attr, escapeXml } from './xml';

type Directive = Extract<Inline, { kind: 'directive' }>;

/**
 * The XHTML of a CJK mark directive around its rendered children `inner` (`bookDepth`: how many
 * `:book` directives hold this one), or null for any other directive.
 */
export function cjkMarkXhtml(inline: Directive, inner: string, language: string, bookDepth: number): string | null {
  const region = cjkRegion(language);
  const attrs = inline.attrs;
  const pos = attrs['pos'] ?? attrs['position'];
  switch (inline.name) {
    case 'dots': {
      const japan = region === 'japan';
      const shape = attrs['style'] === 'dot' || attrs['style'] === 'circle' || attrs['style'] === 'sesame' ? attrs['style'] : japan ? 'sesame' : 'dot';
      const fill = attrs['fill'] === 'open' ? 'open' : 'filled';
      const over = pos === 'over' || pos === 'right' ? true : pos === 'under' || pos === 'left' ? false : japan;
      const position = over ? 'over right' : 'under right';
      const css = `font-style: normal; -epub-text-emphasis-style: ${fill} ${shape}; text-emphasis-style: ${fill} ${shape}; -epub-text-emphasis-position: ${position}; text-emphasis-position: ${position};`;
      return `<em class="dots" style="${attr(css)}">${inner}</em>`;
    }
    case 'name':
      return `<span class="proper-name" style="text-decoration: underline; text-underline-position: under left;">${inner}</span>`;
    case 'book': {
      if (region === 'taiwan' || region === 'hongkong') return `<cite class="book" style="font-style: normal; text-decoration: underline wavy; text-underline-position: under left;">${inner}</cite>`;
      const pairs = region === 'japan' ? ['『』', '「」'] : ['《》', '〈〉'];
      const pair = pairs[bookDepth % pairs.length]!;
      return `<cite class="book" style="font-style: normal;">${escapeXml(pair[0]!)}${inner}${escapeXml(pair[1]!)}</cite>`;
    }
    case 'sideline': {
      const style = attrs['style'] === 'double' || attrs['style'] === 'wavy' || attrs['style'] === 'dotted' ? attrs['style'] : 'solid';
      const line = pos === 'over' || pos === 'right' ? 'overline' : 'underline';
      return `<span class="sideline" style="${attr(`text-decoration: ${line} ${style}; text-underline-position: under right;`)}">${inner}</span>`;
    }
    default:
      return null;
  }
}
