import type { Inline, Mark } from '../parse/model';
import type { LayoutSettings, TextStyle } from '../settings';
import { isArabicScript } from '../../config/locale';
import { LRI, PDI, RLI } from '../text/bidi';
import { inlineFormulaText, type FormulaSetter, type InlineFormula } from '../math/inline';
import { noteMarkBeside, noteMarkRaised, noteMarkSize } from '../settings-notes';
import { stripTashkil } from './tashkil';
import { styledText, type StyledText } from './styled-text';
import { chipRun, chipStyleFor, inlineCodeRun, type RunBoxLook } from './run-box';
import { markRuby } from './ruby';
import { rubyOf } from './ruby-measure';
import { markKunten } from './kunten';
import { kuntenOf } from './kunten-measure';
import { collectWarichu, warichuOf } from './warichu';
import { collectCjkMarkDirective, emphasisAsDots, isCjkMarkDirective, pushEmphasisDots, type CjkMarkState } from './cjk-marks';

export type { StyledText } from './styled-text';

/** Generated text (listed offsets) in a look's style and rise. */
function lookText(text: string, offsets: number[], look: { style: TextStyle; rise: number }): StyledText {
  return styledText(text, look.style, look.rise, { offsets });
}

/** What inline content needs to know about the rest of the book. */
export interface InlineContext {
  /** The printed number of a footnote, by id, or undefined when it has no definition. */
  footnoteMark(noteId: string): string | undefined;
  /** The text a cross-reference prints (`?` when the target is unknown, document-format §13). */
  refText(target: string, form: string, attrs: Record<string, string>): string;
  /** Typesets a formula (engine/math); absent: formulas show their source. */
  formula?: FormulaSetter;
}

/** Superscript size and rise as fractions of the surrounding size (our typographic choice). */
export const SUP_SCALE = 0.65;
export const SUP_RISE_EM = 0.38;
/**
 * Top of the text's em box above its baseline, in ems (the ideographic em box of CJK faces runs
 * from −0.12 to 0.88 em): ruby and a 'side' note mark stand on it, a 'right' mark's em box hangs from it.
 */
export const EM_BOX_TOP = 0.88;
const SUB_RISE_EM = -0.15;
const NBSP = '\u00a0';
/** Units an empty chip (`:chip[ ]`, an answer blank, document-format §10.5) is as wide as: no-break spaces (≈ 1 em for four in book faces). */
const ANSWER_BLANK = '\u00a0'.repeat(4);

/** Phase 1 of setting a paragraph: inline runs → styled text with source offsets. */
export function collectInlines(inlines: readonly Inline[], base: TextStyle, settings: LayoutSettings, context: InlineContext): StyledText[] {
  const out: StyledText[] = [];
  // Plain loops, not `Array.from({ length }, fn)`: that builds every offset through a callback
  // and was the costliest line of collecting a paragraph (one number per UTF-16 unit).
  const generated = (text: string, at: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < text.length; i++) out.push(-1 - at);
    return out;
  };
  const cjkMarkState: CjkMarkState = { bookDepth: 0 };
  /** `base`: the text's style (a chip's own inside it). */
  const walk = (list: readonly Inline[], outer: readonly Mark[], base: TextStyle): void => {
    for (const inline of list) {
      switch (inline.kind) {
        case 'text': {
          // Offsets listed only when the inline has its own (generated text, tabs); else its range's start.
          let offsets: { offsets?: number[]; from?: number } = inline.offsets ? { offsets: inline.offsets } : { from: inline.range.from };
          let text = inline.text;
          const marks = [...outer, ...inline.marks];
          // bodyText.tashkil (§6.1, paragraph/tashkil.ts): vowel marks dropped before shaping, the
          // remaining characters keeping their own source offsets (listed). Inline code stays literal.
          const tashkil = settings.body.tashkil;
          if (tashkil !== undefined && !marks.includes('code')) {
            const own = inline.offsets;
            const from = inline.range.from;
            const stripped = stripTashkil(text, own ? (u) => own[u]! : (u) => from + u, tashkil);
            if (stripped) {
              text = stripped.text;
              offsets = { offsets: stripped.offsets };
            }
          }
          // A box set wholly in small capitals (calloutStyles[].body.smallCaps) sets them as :smallcaps[…] does.
          const smallCaps = marks.includes('smallcaps') || base.look?.smallCaps === true ? true : undefined;
          if (marks.includes('code') && settings.inlineCode) {
            // codeStyle.inline set (§13.3): the code face in a box of its own; it breaks only at its spaces (never hyphenated).
            const look = styleFor(marks.filter((m) => m !== 'code'), base, settings);
            const { style, box } = inlineCodeRun(settings.inlineCode, look.style);
            out.push(styledText(text, style, look.rise, { offsets: offsets.offsets, from: offsets.from, smallCaps, box }));
            break;
          }
          const look = styleFor(marks, base, settings);
          const piece = styledText(text, look.style, look.rise, { offsets: offsets.offsets, from: offsets.from, smallCaps });
          // cjk.emphasis 'dots' (document-format §18.3): CJK characters upright under dots, Latin as emphasised (paragraph/cjk-marks.ts).
          if (marks.includes('emphasis') && emphasisAsDots(settings)) pushEmphasisDots(out, piece, styleFor(marks.filter((m) => m !== 'emphasis'), base, settings).style, settings);
          else out.push(piece);
          break;
        }
        case 'hardBreak': {
          const last = out[out.length - 1];
          if (last) last.breakAfter = true;
          else out.push(styledText('', base, 0, { offsets: [], breakAfter: true }));
          break;
        }
        case 'link':
          walk(inline.children, outer, base);
          break;
        case 'directive':
          if (inline.name === 'ltr' || inline.name === 'rtl') {
            // A direction isolate (document-format §18.1): LRI/RLI … PDI around the children,
            // generated characters that steer bidi and are never shaped.
            const open = inline.name === 'ltr' ? LRI : RLI;
            out.push(styledText(open, base, 0, { offsets: generated(open, inline.range.from) }));
            walk(inline.children, outer, base);
            out.push(styledText(PDI, base, 0, { offsets: generated(PDI, inline.range.from) }));
          } else if (inline.name === 'smallcaps') {
            walk(inline.children, [...outer, 'smallcaps'], base);
          } else if (inline.name === 'ruby') {
            // Ruby (document-format §18.4; paragraph/ruby.ts): each base character in a box carrying its reading.
            const first = out.length;
            walk(inline.children, outer, base);
            markRuby(out, first, inline, rubyOf(settings), settings.vertical !== undefined);
          } else if (inline.name === 'kunten') {
            // Kanbun marks (document-format §18.4; paragraph/kunten.ts): the base, in order, in a box carrying its marks.
            const first = out.length;
            walk(inline.children, outer, base);
            markKunten(out, first, inline, kuntenOf(settings).placement);
          } else if (inline.name === 'warichu') {
            // 割注 (document-format §18.4; paragraph/warichu.ts): full-size brackets around the note, held as one run set in two half-size rows.
            const bracket = (text: string): StyledText => lookText(text, generated(text, inline.range.from), styleFor(outer, base, settings));
            collectWarichu(inline, out, warichuOf(settings), () => walk(inline.children, outer, base), bracket);
          } else if (isCjkMarkDirective(inline.name)) {
            // 着重号, 专名号, 书名号, 傍線 (document-format §18.4; paragraph/cjk-marks.ts): marks on the children's runs, or :book's brackets as generated text.
            const plain = (text: string): StyledText => lookText(text, generated(text, inline.range.from), styleFor(outer, base, settings));
            collectCjkMarkDirective(inline, settings, out, cjkMarkState, () => walk(inline.children, outer, base), plain);
          } else walk(inline.children, outer, base);
          break;
        case 'anchor':
        case 'indexMark':
          if ('children' in inline && inline.children) walk(inline.children, outer, base);
          break;
        case 'footnoteRef': {
          const mark = context.footnoteMark(inline.noteId) ?? '?';
          const beside = noteMarkBeside(settings.notes);
          if (beside) {
            // 'side' (合印, document-format §14.1): on the ruby side of the cited word, its baseline on
            // the top of the text's em box, in the space between lines and taking no room in the line.
            // 'right': in the line, its em box's top on the text's (the right edge of a vertical line).
            // markerSize scales it from the text's size (0.6 em beside, 0.7 em at the right by default).
            const look = styleFor([...outer, ...inline.marks], base, settings);
            const natural = look.style.size;
            const size = noteMarkSize(settings.notes, natural);
            const style = size === natural ? look.style : sizedStyle(look.style, size);
            const offsets = generated(mark, inline.range.from);
            if (beside === 'side') out.push(styledText(mark, style, look.rise + natural * EM_BOX_TOP, { offsets, noAdvance: true }));
            else out.push(styledText(mark, style, look.rise + (natural - size) * EM_BOX_TOP, { offsets }));
            break;
          }
          // footnotes.markerPosition (§11.1): raised as a superscript, or on the baseline at the text's
          // size; footnotes.markerSize scales the mark from the size it has there.
          const look = styleFor([...outer, ...inline.marks, ...(noteMarkRaised(settings.notes) ? (['sup'] as const) : [])], base, settings);
          const size = noteMarkSize(settings.notes, look.style.size);
          const style = size === look.style.size ? look.style : sizedStyle(look.style, size);
          out.push(styledText(mark, style, look.rise, { offsets: generated(mark, inline.range.from) }));
          break;
        }
        case 'ref': {
          const text = context.refText(inline.target, inline.form, inline.attrs);
          out.push(lookText(text, generated(text, inline.range.from), referenceLook(styleFor([...outer, ...inline.marks], base, settings), base, settings)));
          break;
        }
        case 'math': {
          // An inline formula (engine/math): one run standing for its typeset boxes. Without a
          // formula setter (no maths in this context) the TeX source is shown in italic.
          if (context.formula) {
            out.push(inlineFormulaText(inline, styleFor(outer, base, settings).style, settings, context.formula));
            break;
          }
          const source = inline.tex;
          out.push(lookText(source, generated(source, inline.range.from), styleFor([...outer, 'emphasis'], base, settings)));
          break;
        }
        case 'chip': {
          // §10.5 / §13.2: the chip's style (an unknown one: the first, checks/styles.ts warns) over
          // the surrounding text; its text takes emphasis and scripts; one box, never broken.
          const chip = chipStyleFor(settings, inline.attrs['style']);
          const around = styleFor(outer, base, settings);
          const { style, box } = chipRun(chip, around.style, base.look?.boldWeight ?? settings.body.boldWeight);
          const first = out.length;
          if (inline.children.length === 0) out.push(styledText(ANSWER_BLANK, style, around.rise, { offsets: generated(ANSWER_BLANK, inline.range.from) }));
          else walk(inline.children, outer, style);
          for (let k = first; k < out.length; k++) {
            const piece = out[k]!;
            // Spaces inside a chip are no breaks: a chip is one unbreakable run (line breaks at the spaces around it).
            piece.text = piece.text.replace(/ /g, NBSP);
            piece.box = box;
            // (Cleared, not deleted: a deleted field turns the piece into a slow dictionary object.)
            piece.breakAfter = undefined;
          }
          break;
        }
        case 'tab':
          // Vertical text sets a tab as a word space (document-format §10.8; checks/tabs-vertical.ts
          // reports it). Elsewhere tabbed paragraphs are composed by page/tabs.ts, never here.
          if (settings.vertical) walk([{ kind: 'text', text: ' ', marks: [], range: inline.range }], outer, base);
          break;
        default:
          // Swatches and citations come with later issues; the parser has warned.
          break;
      }
    }
  };
  walk(inlines, [], base);
  return out;
}

/**
 * `style` at `size` pt, one object per (style, size) for as long as the style lives: a note mark's
 * style, asked for at every mark of every setting (a paragraph citing notes is set again on every
 * pass), keeps one word table (see `looksBySettings`).
 */
const sizedStyles = new WeakMap<TextStyle, Map<number, TextStyle>>();
function sizedStyle(style: TextStyle, size: number): TextStyle {
  let bySize = sizedStyles.get(style);
  if (bySize === undefined) sizedStyles.set(style, (bySize = new Map()));
  let sized = bySize.get(size);
  if (sized === undefined) bySize.set(size, (sized = { ...style, size }));
  return sized;
}

/** Source offset of unit `unit` of a styled text. */
export function styledOffset(text: StyledText, unit: number): number {
  return text.offsets ? text.offsets[unit]! : text.from! + unit;
}

/**
 * A cross-reference label's look (configuration.md §6.1 `referenceBold/Italic/Color`, §11.3): bold
 * and italic wherever it is cited; its colour in running text only, as the bold and italic colours
 * (headings, captions and notes keep their own colour).
 */
function referenceLook(look: Look, base: TextStyle, settings: LayoutSettings): Look {
  const ref = settings.body.reference;
  if (!ref.bold && !ref.italic && base !== settings.body.style) return look;
  // `look` is styleFor's, one object per (settings, base, marks): its reference look is kept with it.
  let made = referenceLooks.get(look);
  if (made === undefined) referenceLooks.set(look, (made = referenceLookOf(look, base, settings)));
  return made;
}
const referenceLooks = new WeakMap<Look, Look>();

function referenceLookOf(look: Look, base: TextStyle, settings: LayoutSettings): Look {
  const ref = settings.body.reference;
  const style: TextStyle = {
    ...look.style,
    ...(ref.bold ? { weight: Math.max(look.style.weight, settings.body.boldWeight) } : {}),
    ...(ref.italic ? { italic: true } : {}),
    ...(base === settings.body.style ? { colour: ref.colour } : {}),
  };
  return { style, rise: look.rise };
}

/** A run's style and baseline shift, pt (positive up). */
interface Look {
  style: TextStyle;
  rise: number;
}

/**
 * The looks `styleFor` made, by settings, then base style, then marks (in their order): the same
 * marks over the same base give the same style object each time a paragraph is set. Made afresh
 * per run, every emphasised word of every setting had a style of its own, so its words were shaped
 * into pieces again in a word table of their own (paragraph/items.ts `sharedWords`, by style
 * object: 350 such tables in a layout of the bench book, every one dropped after its paragraph).
 * Weak both ways: an entry lives as long as its settings and base style.
 */
const looksBySettings = new WeakMap<LayoutSettings, WeakMap<TextStyle, Map<string, Look>>>();

function styleFor(marks: readonly Mark[], base: TextStyle, settings: LayoutSettings): Look {
  let byBase = looksBySettings.get(settings);
  if (byBase === undefined) looksBySettings.set(settings, (byBase = new WeakMap()));
  let byMarks = byBase.get(base);
  if (byMarks === undefined) byBase.set(base, (byMarks = new Map()));
  const key = marks.length === 0 ? '' : marks.length === 1 ? marks[0]! : marks.join(' ');
  let look = byMarks.get(key);
  if (look === undefined) byMarks.set(key, (look = lookOf(marks, base, settings)));
  return look;
}

function lookOf(marks: readonly Mark[], base: TextStyle, settings: LayoutSettings): Look {
  let style = base;
  let rise = 0;
  const isBody = base === settings.body.style;
  // A box's own text (calloutStyles[].body, settings-callouts.ts) colours and weighs its runs itself.
  const look = base.look;
  const boldWeight = look?.boldWeight ?? settings.body.boldWeight;
  const coloured = isBody || look !== undefined;
  const boldColour = look?.boldColour ?? settings.body.boldColour;
  const italicColour = look?.italicColour ?? settings.body.italicColour;
  if (marks.includes('strong')) style = { ...style, weight: boldWeight, colour: coloured ? boldColour : style.colour };
  // bodyText.emphasis (configuration.md §6.1); auto: Arabic has no italic tradition, so emphasis is
  // set bold in Arabic-script documents (document-format §18.2, `*…*` → bold), italic elsewhere.
  const emphasis = settings.body.emphasis ?? (isArabicScript(settings.language) ? 'bold' : 'italic');
  if (marks.includes('emphasis') && emphasis === 'bold') {
    style = { ...style, weight: boldWeight, colour: coloured ? italicColour : style.colour };
  } else if (marks.includes('emphasis') && emphasis === 'color') {
    // Upright in the italic colour, in every text and under bold too: the colour is all that shows it.
    style = { ...style, colour: italicColour };
  } else if (marks.includes('emphasis') && emphasis === 'overline') {
    // Upright under a line (document-format §18.2, an Arabic tradition: a stroke over the words), in
    // the italic colour where emphasis is coloured, as 'bold' is; the line takes the run's colour.
    style = { ...style, overline: true, colour: coloured && !marks.includes('strong') ? italicColour : style.colour };
  } else if (marks.includes('emphasis')) {
    // In an italic box emphasis turns upright (the typographic toggle); elsewhere it is italic.
    style = { ...style, italic: !(look !== undefined && base.italic), colour: coloured && !marks.includes('strong') ? italicColour : style.colour };
  }
  // Inline code with codeStyle.inline unset is set in the text face (§13.3, document-format §10): the mark changes nothing here.
  if (marks.includes('sup')) {
    rise = base.size * SUP_RISE_EM;
    style = { ...style, size: style.size * SUP_SCALE };
  } else if (marks.includes('sub')) {
    rise = base.size * SUB_RISE_EM;
    style = { ...style, size: style.size * SUP_SCALE };
  }
  return { style, rise };
}
