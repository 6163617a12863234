/**
 * Warichu (割注, 双行夹注; document-format §18.4, configuration.md §14.1 `cjk.warichu`): a note set
 * inside the line in two rows of half-size text, the first row on top, the rows together about one
 * line high, flowing on across lines (and so pages) as a new two-row segment at the start of each.
 *
 * Phase 1 (collect, `collectWarichu`): the directive's brackets become full-size text of the line
 * (generated, in the note's colour) around one styled text holding the whole note — its characters
 * in the paragraph's text, so the CJK break rules (text/cjk.ts) see them in context.
 *
 * Phase 2 (items, `warichuItems`, called from items.ts): the note is cut into units of two
 * consecutive characters counted from its start (a lone last character if the count is odd). A
 * segment of 2m characters sets m over m, so it is as wide as its units side by side when each
 * unit is as wide as the mean of its two characters (a lone last unit: its character, which
 * stands alone at the end of the top row). Units are empty boxes of that width, and the line may
 * break between two units where the paragraph's CJK rules allow a break between those characters
 * (or after a space); never inside a unit, so no segment is empty and every segment but the last
 * has an even count and two rows of one length. Knuth–Plass (or first fit) then takes "as many
 * characters as fit in two rows of the room left" like any other text.
 *
 * Phase 4 (lines, paragraph/warichu-lines.ts): the units on a line are read back from the line's
 * boxes and set as the two rows' glyph runs.
 */
import type { DirectiveInline } from '../parse/model';
import type { FontFace, FontRegistry } from '../fonts/registry';
import type { LayoutSettings, TextStyle } from '../settings';
import { boxItem, glueItem, INFINITE_PENALTY, penaltyItem, type Item } from '../text/items';
import { defaultWarichuSettings, type WarichuSettings } from '../settings-warichu';
import { styledText, type StyledText } from './styled-text';
import type { WordPayload } from './items';
import type { RunBoxLook } from './run-box';

/** One character of a note (a code point with its combining marks), as collected. */
export interface WarichuChar {
  text: string;
  /** Source offset of each UTF-16 unit of `text` (negative: generated). */
  offsets: number[];
  /** The surrounding text's style the character was collected in (its face, size and colour before halving). */
  style: TextStyle;
}

/** A character's glyphs at the row size (x from the character's pen start, pt; y up, pt). */
export interface WarichuGlyphs {
  fontId: string;
  glyphs: number[];
  /** Cluster start of each glyph in the character's text. */
  clusters: number[];
  advances: number[];
  xOffsets: number[];
  yOffsets: number[];
  /** Sum of the advances, pt. */
  width: number;
  /** Row size, pt, and colour. */
  size: number;
  colour: string;
}

/** A note as collected: its characters, then (items) their glyphs. */
export interface WarichuNote {
  chars: WarichuChar[];
  /** The settings it is set with (row size, colour). */
  settings: WarichuSettings;
  /** Filled by `warichuItems`: the glyphs of each character. */
  shaped?: WarichuGlyphs[];
}

/** A unit of a note: characters [first, end) of it, two but for a lone last one. */
export interface WarichuUnit {
  note: WarichuNote;
  first: number;
  end: number;
}

/** The (empty, undrawn) box a unit stands in on its line: lines.ts records where it lands. */
export interface WarichuLook extends RunBoxLook {
  warichu: WarichuUnit;
}

/** The styled text holding a note's characters in the paragraph (`collectWarichu`). */
export interface WarichuText extends StyledText {
  warichu: WarichuNote;
}

/**
 * How far the room between two units may stretch in a justified line, em of the row size: as far as
 * a justified CJK gap stretches in text of that size (items.ts CJK_GAP_STRETCH_EM), so the rows
 * spread no looser than the text around them.
 */
const UNIT_STRETCH_EM = 0.25;

/** The note's settings for a paragraph (absent: the defaults for its language). */
export function warichuOf(settings: LayoutSettings): WarichuSettings {
  return settings.warichu ?? defaultWarichuSettings(settings.locale ?? settings.language, settings.cjk.region);
}

/** The note a styled text holds, if it is one (items.ts). */
export function warichuNoteOf(text: StyledText): WarichuNote | undefined {
  return (text as Partial<WarichuText>).warichu;
}

/** The unit a line box stands for, if it is one (lines.ts, warichu-lines.ts). */
export function warichuUnitOf(look: RunBoxLook): WarichuUnit | undefined {
  return (look as Partial<WarichuLook>).warichu;
}

/** Source range [from, to) of a unit's characters (none when they are all generated). */
export function warichuUnitSource(look: RunBoxLook): { from: number; to: number } | null {
  const unit = warichuUnitOf(look);
  if (!unit) return null;
  let from = Infinity;
  let to = -Infinity;
  for (let c = unit.first; c < unit.end; c++) {
    for (const offset of unit.note.chars[c]!.offsets) {
      if (offset < 0) continue;
      from = Math.min(from, offset);
      to = Math.max(to, offset + 1);
    }
  }
  return Number.isFinite(from) ? { from, to } : null;
}

/**
 * Phase 1: a `:warichu[note]{open close}` directive. `collectNote` collects the note's children
 * (appending to `out`); `bracket` makes a bracket's styled text in the surrounding style. Brackets:
 * the directive's attributes, else `cjk.warichu.open`/`close` (（） in Japanese books, none
 * elsewhere: settings-warichu.ts), full size, in the note's colour.
 */
export function collectWarichu(inline: DirectiveInline, out: StyledText[], settings: WarichuSettings, collectNote: () => void, bracket: (text: string) => StyledText): void {
  const coloured = (piece: StyledText): StyledText => (settings.colour ? { ...piece, style: { ...piece.style, colour: settings.colour } } : piece);
  const open = inline.attrs['open'] ?? settings.open;
  const close = inline.attrs['close'] ?? settings.close;
  if (open) out.push(coloured(bracket(open)));
  const first = out.length;
  collectNote();
  const pieces = out.splice(first, out.length - first);
  const chars: WarichuChar[] = [];
  for (const piece of pieces) {
    // Formulas and boxed runs inside a note are set as their text (our reading: a note is plain text
    // in two rows): a formula as its TeX source, each character mapped to the whole `$…$`.
    const formula = piece.formula;
    const text = formula ? formula.tex : piece.text;
    // The note's rows are no boxed run: a chip's, a code span's or a ruby base's box stays behind (one
    // style per piece, so a run of the piece's characters is shaped together).
    let style = piece.style;
    if (style.box) {
      style = { ...style };
      delete style.box;
    }
    let unit = 0;
    for (const ch of clusters(text)) {
      const offsets: number[] = [];
      for (let u = 0; u < ch.length; u++) offsets.push(formula ? formula.from : piece.offsets ? piece.offsets[unit + u]! : piece.from! + unit + u);
      chars.push({ text: ch, offsets, style });
      unit += ch.length;
    }
  }
  // A note without characters sets nothing between its brackets.
  if (chars.length > 0) {
    const note: WarichuNote = { chars, settings };
    const text = chars.map((c) => c.text).join('');
    const held: WarichuText = { ...styledText(text, chars[0]!.style, 0, { offsets: chars.flatMap((c) => c.offsets) }), warichu: note };
    out.push(held);
  }
  if (close) out.push(coloured(bracket(close)));
}

/** The text's characters: a code point with the combining marks and joiners after it. */
function clusters(text: string): string[] {
  const out: string[] = [];
  for (const ch of text) {
    const last = out.length - 1;
    if (last >= 0 && /^[\p{M}\u200d\ufe00-\ufe0f]/u.test(ch)) out[last] += ch;
    else out.push(ch);
  }
  return out;
}

/**
 * Phase 2: the items of a note that starts at paragraph position `at` (see the file's comment).
 * `breaks`: the paragraph's CJK break opportunities (null: the paragraph has none, the note breaks
 * after its spaces only); `level`: the bidi level of its boxes; `justify`: units may spread apart.
 */
export function warichuItems(note: WarichuNote, at: number, breaks: Uint8Array | null, level: number, justify: boolean, fonts: FontRegistry, language: string): Item<WordPayload>[] {
  const shaped = (note.shaped ??= shapeNote(note, fonts, language));
  const chars = note.chars;
  const items: Item<WordPayload>[] = [];
  let position = at;
  const starts: number[] = [];
  for (const ch of chars) {
    starts.push(position);
    position += ch.text.length;
  }
  for (let first = 0; first < chars.length; first += 2) {
    const end = Math.min(first + 2, chars.length);
    if (first > 0) {
      // Between two units: a break where the text may break between their characters (UAX #14 and
      // kinsoku, text/cjk.ts) or after a space; elsewhere the units only spread in a justified line.
      const breakable = breaks?.[starts[first]!] === 1 || /\s$/u.test(chars[first - 1]!.text);
      const stretch = justify ? UNIT_STRETCH_EM * rowSize(note, chars[first]!) : 0;
      if (!breakable) items.push(penaltyItem(0, INFINITE_PENALTY, false));
      items.push(glueItem(0, stretch, 0));
    }
    // A pair is as wide as the mean of its characters; a lone last character as itself (it stands alone in the top row).
    const width = end - first === 2 ? (shaped[first]!.width + shaped[first + 1]!.width) / 2 : shaped[first]!.width;
    const look: WarichuLook = { fill: null, border: null, radius: 0, side: 0, above: 0, below: 0, gap: 0, warichu: { note, first, end } };
    items.push(boxItem(width, { pieces: [], level, box: look }, 0));
  }
  return items;
}

/** The row size of a character, pt: `fontSize` of the surrounding text (0.5 em by default) or fixed. */
export function rowSize(note: WarichuNote, ch: WarichuChar): number {
  return note.settings.sizePt ?? ch.style.size * note.settings.sizeEm;
}

/** Shapes the note's characters at the row size, a run of one face and style at a time. */
function shapeNote(note: WarichuNote, fonts: FontRegistry, language: string): WarichuGlyphs[] {
  const chars = note.chars;
  const out: WarichuGlyphs[] = [];
  const faceOf = (ch: WarichuChar): FontFace => fonts.faceForCluster(fonts.match(ch.style.family, ch.style.weight, ch.style.italic ? 'italic' : 'normal'), ch.text);
  for (let c = 0; c < chars.length; ) {
    const face = faceOf(chars[c]!);
    const style = chars[c]!.style;
    let end = c + 1;
    while (end < chars.length && chars[end]!.style === style && faceOf(chars[end]!) === face) end++;
    const run = chars.slice(c, end);
    const text = run.map((ch) => ch.text).join('');
    const glyphs = face.shape(text, 'ltr', '', '', language);
    const size = rowSize(note, run[0]!);
    const scale = size / face.upem;
    const colour = note.settings.colour ?? style.colour;
    // Each character takes the glyphs whose cluster starts inside it.
    let start = 0;
    for (const ch of run) {
      const stop = start + ch.text.length;
      const own: WarichuGlyphs = { fontId: face.id, glyphs: [], clusters: [], advances: [], xOffsets: [], yOffsets: [], width: 0, size, colour };
      for (let g = 0; g < glyphs.length; g++) {
        const cluster = glyphs.cluster(g);
        if (cluster < start || cluster >= stop) continue;
        own.glyphs.push(glyphs.glyph(g));
        own.clusters.push(cluster - start);
        own.advances.push(glyphs.advance(g) * scale);
        own.xOffsets.push(glyphs.xOffset(g) * scale);
        own.yOffsets.push(glyphs.yOffset(g) * scale);
        own.width += glyphs.advance(g) * scale;
      }
      out.push(own);
      start = stop;
    }
    c = end;
  }
  return out;
}
