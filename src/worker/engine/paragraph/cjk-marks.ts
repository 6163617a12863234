/**
 * CJK marks while collecting a paragraph's inlines (document-format §18.3–18.4; configuration.md
 * §14.1): `:dots[…]` (着重号 / 傍点), `:name[…]` (专名号), `:book[…]` (书名号), `:sideline[…]` (傍線)
 * and `*…*` on CJK characters under `cjk.emphasis: 'dots'`.
 *
 * A mark rides on the text's style (`TextStyle.cjkMarks`): the runs set from it carry it
 * (paragraph/lines.ts), and the page draws it from the glyphs' final pens (page/cjk-marks.ts), in
 * the leading — the line pitch never changes. The brackets of `:book` are text, not marks: set
 * with the text around them, they take part in line breaking and kinsoku; generated, their source
 * offsets map to the directive (as note numbers do).
 *
 * Readings where the spec is silent:
 * - `:sideline` defaults to a solid line under the text; in vertical text to the right of the line
 *   (the side 傍線 takes in Japanese), which is 'over' in the flow set before it is turned.
 * - `pos`/`position` accept over/under and, for vertical text, right (= over) and left (= under).
 * - `*…*` with dots: the emphasised text is cut into CJK characters (upright, under the dots) and
 *   the rest (Latin words, digits, the spaces between them), which keeps `bodyText.emphasis`
 *   (italic by default). Punctuation inside CJK text stays with it, upright, and takes no dot.
 */
import type { DirectiveInline, Inline } from '../parse/model';
import type { LayoutSettings, TextStyle } from '../settings';
import { defaultCjkMarks, type CjkMarkSettings, type DotShape, type MarkSide } from '../settings-cjk-marks';
import { styledText, type StyledText } from './styled-text';

export type LineShape = 'solid' | 'double' | 'wavy' | 'dotted';

/** A mark drawn with a run (page/cjk-marks.ts); `colour` absent = the run's colour. */
export type CjkMark =
  | {
      kind: 'dots';
      shape: DotShape;
      open: boolean;
      side: MarkSide;
      colour?: string;
      /**
       * Vertical text: placed outside the em square upright glyphs stand in (page/vertical.ts turns
       * them about the face's ascender–descender middle), the shape turned back a quarter so a sesame
       * stands as 、 on the sheet.
       */
      vertical?: true;
    }
  | {
      kind: 'line';
      shape: LineShape;
      side: MarkSide;
      colour?: string;
      /** Pulled in at both ends so neighbouring names or titles show as separate lines (专名号 practice). */
      inset?: true;
      /** Vertical text: placed outside the em square upright glyphs stand in (as the dots). */
      vertical?: true;
    };

/** The directives this file sets. */
export function isCjkMarkDirective(name: string): boolean {
  return name === 'dots' || name === 'name' || name === 'book' || name === 'sideline';
}

/** What a collect walk keeps between directives: the depth of `:book` nesting (for 《》 then 〈〉). */
export interface CjkMarkState {
  bookDepth: number;
}

/** The marks' settings of a layout (its own, or every value auto for its language). */
export function cjkMarksOf(settings: LayoutSettings): CjkMarkSettings {
  return settings.cjkMarks ?? defaultCjkMarks(settings.language, settings.cjk.region);
}

/**
 * Sets one mark directive: `walkChildren` collects its children into `out`; `plain(text)` is a
 * generated piece in the style around the directive (the brackets of `:book`).
 */
export function collectCjkMarkDirective(inline: DirectiveInline, settings: LayoutSettings, out: StyledText[], state: CjkMarkState, walkChildren: () => void, plain: (text: string) => StyledText): void {
  const marks = cjkMarksOf(settings);
  if (inline.name === 'book') {
    if (marks.bookTitle === 'brackets') {
      // 书名号 / 二重鉤括弧: the pair of the nesting depth (《》 outside, 〈〉 inside), as text.
      const pair = marks.brackets[state.bookDepth % marks.brackets.length]!;
      out.push(plain(pair.open));
      state.bookDepth++;
      walkChildren();
      state.bookDepth--;
      out.push(plain(pair.close));
      return;
    }
    const first = out.length;
    walkChildren();
    // Taiwan and Hong Kong: a wavy line under the title (left of a vertical line); 'none': plain.
    if (marks.bookTitle === 'wavy') markPieces(out, first, bookLine(marks, settings));
    return;
  }
  const first = out.length;
  walkChildren();
  markPieces(out, first, directiveMark(inline, settings, marks));
}

function bookLine(marks: CjkMarkSettings, settings: LayoutSettings): CjkMark {
  return withColour({ kind: 'line', shape: 'wavy', side: 'under', inset: true }, marks, settings);
}

/**
 * The mark an inline draws on its own text (checks/cjk-marks.ts): a mark directive's, or the dots
 * of emphasised text holding CJK characters; null when it draws none (`:book` set in brackets).
 */
export function markOfInline(inline: Inline, settings: LayoutSettings): CjkMark | null {
  if (inline.kind === 'directive' && isCjkMarkDirective(inline.name)) {
    const marks = cjkMarksOf(settings);
    if (inline.name === 'book') return marks.bookTitle === 'wavy' ? bookLine(marks, settings) : null;
    return directiveMark(inline, settings, marks);
  }
  if (inline.kind === 'text' && inline.marks.includes('emphasis') && emphasisAsDots(settings) && CJK_CHAR.test(inline.text)) return emphasisMarks(settings)[0]!;
  return null;
}

/** The mark a `:dots`, `:name` or `:sideline` directive draws, from its attributes and the settings. */
function directiveMark(inline: DirectiveInline, settings: LayoutSettings, marks: CjkMarkSettings): CjkMark {
  const side = sideOf(inline.attrs['pos'] ?? inline.attrs['position']);
  if (inline.name === 'dots') {
    const style = inline.attrs['style'];
    const fill = inline.attrs['fill'];
    const mark: CjkMark = {
      kind: 'dots',
      shape: style === 'dot' || style === 'circle' || style === 'sesame' ? style : marks.dots.shape,
      open: fill === 'open' ? true : fill === 'filled' ? false : marks.dots.open,
      side: side ?? marks.dots.side,
    };
    return withColour(mark, marks, settings);
  }
  if (inline.name === 'name') return withColour({ kind: 'line', shape: 'solid', side: 'under', inset: true }, marks, settings);
  const style = inline.attrs['style'];
  const shape: LineShape = style === 'double' || style === 'wavy' || style === 'dotted' ? style : 'solid';
  return withColour({ kind: 'line', shape, side: side ?? (settings.vertical ? 'over' : 'under') }, marks, settings);
}

function sideOf(value: string | undefined): MarkSide | undefined {
  if (value === 'over' || value === 'right') return 'over';
  if (value === 'under' || value === 'left') return 'under';
  return undefined;
}

function withColour<M extends CjkMark>(mark: M, marks: CjkMarkSettings, settings: LayoutSettings): M {
  if (marks.colour !== undefined) mark.colour = marks.colour;
  if (settings.vertical) mark.vertical = true;
  return mark;
}

/**
 * Adds `mark` to the style of the pieces from `first` on: one new style per style met, so pieces
 * that shared a style share the marked one (and stay one run). Formulas and marks set beside the
 * line (no advance) take no mark.
 */
function markPieces(out: StyledText[], first: number, mark: CjkMark): void {
  const marked = new Map<TextStyle, TextStyle>();
  for (let k = first; k < out.length; k++) {
    const piece = out[k]!;
    if (piece.formula || piece.noAdvance) continue;
    let style = marked.get(piece.style);
    if (!style) marked.set(piece.style, (style = { ...piece.style, cjkMarks: [...(piece.style.cjkMarks ?? []), mark] }));
    piece.style = style;
  }
}

/** The dots `*…*` draws under `cjk.emphasis: 'dots'` (one list per distinct setting, so emphasised runs share it). */
const emphasisMarkLists = new Map<string, readonly CjkMark[]>();
function emphasisMarks(settings: LayoutSettings): readonly CjkMark[] {
  const marks = cjkMarksOf(settings);
  const mark: CjkMark = { kind: 'dots', ...marks.dots };
  if (settings.vertical) mark.vertical = true;
  if (marks.colour !== undefined) mark.colour = marks.colour;
  const key = JSON.stringify(mark);
  let list = emphasisMarkLists.get(key);
  if (!list) emphasisMarkLists.set(key, (list = Object.freeze([mark])));
  return list;
}

/** `cjk.emphasis` resolves to dots for this layout. */
export function emphasisAsDots(settings: LayoutSettings): boolean {
  return cjkMarksOf(settings).emphasis === 'dots';
}

/**
 * Han, kana, bopomofo, Hangul and the CJK punctuation and full-width forms: the characters
 * `*…*` marks with dots rather than italic (document-format §18.3).
 */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\p{Script=Hangul}\u3000-\u303f\u30fb\u30fc\uff01-\uff60\uffe0-\uffe6\ufe30-\ufe4f]/u;

/**
 * Pushes an emphasised text piece: its CJK stretches upright (`upright`: the style without the
 * emphasis) in the emphasised colour under the emphasis dots, the rest as emphasised (`piece`).
 * A piece without CJK characters is pushed as it is.
 */
export function pushEmphasisDots(out: StyledText[], piece: StyledText, upright: TextStyle, settings: LayoutSettings): void {
  const text = piece.text;
  if (!CJK_CHAR.test(text)) {
    out.push(piece);
    return;
  }
  // The emphasised colour stays (bodyText.italicColor marks emphasis in every form); face and weight are the upright text's.
  const { overline: _overline, ...emphasised } = piece.style;
  const dotted: TextStyle = { ...emphasised, italic: upright.italic, weight: upright.weight, cjkMarks: emphasisMarks(settings) };
  // Code points, not UTF-16 units, are classified; `at` counts units.
  let at = 0;
  let start = 0;
  let startCjk: boolean | null = null;
  const flush = (end: number, cjk: boolean): void => {
    if (end <= start) return;
    const part = styledText(text.slice(start, end), cjk ? dotted : piece.style, piece.rise, piece.offsets ? { offsets: piece.offsets.slice(start, end), smallCaps: piece.smallCaps } : { from: piece.from! + start, smallCaps: piece.smallCaps });
    out.push(part);
  };
  for (const ch of text) {
    const cjk = CJK_CHAR.test(ch);
    if (startCjk !== null && cjk !== startCjk) {
      flush(at, startCjk);
      start = at;
    }
    startCjk = cjk;
    at += ch.length;
  }
  flush(at, startCjk ?? false);
  if (piece.breakAfter) out[out.length - 1]!.breakAfter = true;
}
