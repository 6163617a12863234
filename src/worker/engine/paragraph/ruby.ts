/**
 * Ruby (document-format §18.4, configuration.md §14.1 `cjk.ruby`): readings set in the leading
 * over, under or beside their base characters. Phase 1 (collect): a `:ruby[base]{rt=…}` or compact
 * `{base|r1|r2}` directive's base text is split into one styled text per character, each standing
 * in a box of its own (`RunBoxLook`, paragraph/run-box.ts) that carries the ruby group it belongs to.
 *
 * The box machinery does the rest of the work chips already rely on: items.ts never breaks inside
 * a box and sets its padding (`side`, `after`) as advance — here the room a reading longer than its
 * base needs (ruby-measure.ts) —, lines.ts records where each box stands on its line, and
 * ruby-lines.ts turns the boxes of a group into the reading's glyph runs. Consecutive boxes of one
 * group touch (no break: group ruby is unbreakable); between two groups items.ts offers the CJK
 * break the text has there (mono ruby breaks between its characters).
 */
import type { DirectiveInline } from '../parse/model';
import type { TextStyle } from '../settings';
import type { RubyAlign, RubyPosition, RubySettings } from '../settings-ruby';
import { styledText, type StyledText } from './styled-text';
import type { RunBoxLook } from './run-box';

/** How a reading covers its base (document-format §18.4 `mode`). */
export type RubyMode = 'mono' | 'group' | 'jukugo';

/** The glyphs of a reading in one face (a reading falls back face by face as text does). */
export interface ReadingSegment {
  fontId: string;
  /** Its characters, logical order, and where they start in the reading. */
  text: string;
  start: number;
  glyphs: number[];
  clusters: number[];
  /** Pen advance of each glyph and its offsets, pt (y up). */
  advances: number[];
  xOffsets: number[];
  yOffsets: number[];
}

/** A reading as ruby-measure.ts shaped it. */
export interface MeasuredReading {
  segments: ReadingSegment[];
  /** Natural width, pt. */
  width: number;
  /** Reading size, pt. */
  size: number;
  colour: string;
  /** Each cluster's start in the reading and its width, pt (for spreading and stacking). */
  clusters: { start: number; width: number }[];
}

/** One reading over (or beside) one or more base characters. */
export interface RubyGroup {
  reading: string;
  mode: RubyMode;
  align: RubyAlign;
  position: RubyPosition;
  /** The base characters' boxes, in logical order. */
  looks: RunBoxLook[];
  /** The first base character's style (the reading's face, size and colour follow it). */
  baseStyle: TextStyle;
  /** Source offset the reading's units map to (negative: generated, `-1 - directive start`). */
  sourceMark: number;
  /** A jukugo word's per-character groups, in order (ruby-measure.ts may merge them into one). */
  word?: RubyGroup[];
  /** Filled by ruby-measure.ts. */
  measured?: MeasuredReading;
  /** Room the base was given before and after its characters, pt (ruby-measure.ts). */
  padBefore?: number;
  padAfter?: number;
}

/** A base character's part in its group. */
export interface RubyMark {
  group: RubyGroup;
}

/** Zhuyin (bopomofo and its tone marks): such readings stand at the right by default (§18.4). */
const ZHUYIN = /[\u3100-\u312f\u31a0-\u31bf]/;
/** Small kana and the full-size kana they become under `smallKana: 'full'` (§14.1). */
const SMALL_KANA = 'ぁあぃいぅうぇえぉおっつゃやゅゆょよゎわァアィイゥウェエォオッツャヤュユョヨヮワヵカヶケ';

/** A reading with its small kana set full size. */
export function fullSizeKana(reading: string): string {
  let out = '';
  for (const ch of reading) {
    const at = SMALL_KANA.indexOf(ch);
    out += at >= 0 && at % 2 === 0 ? SMALL_KANA[at + 1]! : ch;
  }
  return out;
}

/** The box a ruby base character stands in: nothing drawn (no fill, no outline), its padding set by ruby-measure.ts. */
function baseLook(): RunBoxLook {
  return { fill: null, border: null, radius: 0, side: 0, above: 0, below: 0, gap: 0 };
}

/**
 * Marks the styled texts `out[first…]` (a ruby directive's base, collected) as ruby: each base
 * character becomes a styled text of its own in a box carrying its group. Returns nothing; `out`
 * is changed in place. Bases with no character, or a directive without a reading, stay plain.
 * `vertical`: the book is set in vertical text (a `right` reading is then an `over` one).
 */
export function markRuby(out: StyledText[], first: number, inline: DirectiveInline, ruby: RubySettings, vertical = false): void {
  const rt = (inline.attrs['rt'] ?? '').trim();
  if (!rt || out.length <= first) return;
  // The base, one entry per character (code point; a base has no spaces worth a box of their own).
  const chars: StyledText[] = [];
  for (const styled of out.slice(first)) {
    let unit = 0;
    for (const ch of styled.text) {
      const smallCaps = styled.smallCaps === true ? true : undefined;
      const piece = styledText(ch, styled.style, styled.rise, styled.offsets ? { offsets: styled.offsets.slice(unit, unit + ch.length), smallCaps } : { from: styled.from! + unit, smallCaps });
      chars.push(piece);
      unit += ch.length;
    }
    if (styled.breakAfter && chars.length > 0) chars[chars.length - 1]!.breakAfter = true;
  }
  if (chars.length === 0) return;
  // §18.4: rt split by '|' (or by spaces when it has no '|') gives one reading per base character.
  const bars = rt.includes('|');
  const parts = (bars ? rt.split('|') : rt.split(/\s+/)).map((p) => p.trim());
  const asked = inline.attrs['mode'];
  const groupFlag = inline.attrs['group'] !== undefined && inline.attrs['group'] !== 'false';
  const perChar = parts.length === chars.length && chars.length > 1 && parts.every((p) => p.length > 0);
  // Counts match → per character (mono; a compact Japanese word → jukugo), else one group reading.
  let mode: RubyMode;
  if (asked === 'group' || groupFlag || !perChar) mode = 'group';
  else if (asked === 'mono' || asked === 'jukugo') mode = asked;
  else mode = inline.compact === true && hasKana(rt) ? 'jukugo' : 'mono';
  const text = (reading: string): string => (ruby.fullKana ? fullSizeKana(reading) : reading);
  const alignAttr = inline.attrs['align'];
  const align: RubyAlign = alignAttr === 'center' || alignAttr === 'jis' || alignAttr === 'start' ? alignAttr : ruby.align;
  const posAttr = inline.attrs['pos'] ?? inline.attrs['position'];
  const wanted = posAttr === 'over' || posAttr === 'under' || posAttr === 'right' ? posAttr : ruby.position;
  const side: RubyPosition = wanted === 'auto' ? (ZHUYIN.test(rt) ? 'right' : 'over') : wanted;
  // In vertical text the right of a character is the 'over' side of the turned line (page/vertical.ts),
  // and a reading there runs down the column beside its base: set as 'over'.
  const position: RubyPosition = vertical && side === 'right' ? 'over' : side;
  const sourceMark = -1 - inline.range.from;
  const newGroup = (reading: string, looks: RunBoxLook[], style: TextStyle): RubyGroup => ({ reading: text(reading), mode, align, position, looks, baseStyle: style, sourceMark });
  const groups: RubyGroup[] = [];
  if (mode === 'group') {
    const looks = chars.map(() => baseLook());
    // A group reading keeps the separators it was written with: spaces between pinyin syllables.
    groups.push(newGroup(bars ? parts.join('') : parts.join(' '), looks, chars[0]!.style));
  } else {
    for (let c = 0; c < chars.length; c++) groups.push(newGroup(parts[c]!, [baseLook()], chars[c]!.style));
    if (mode === 'jukugo') for (const g of groups) g.word = groups;
  }
  let c = 0;
  for (const group of groups) {
    for (const look of group.looks) {
      look.ruby = { group };
      const piece = chars[c++]!;
      piece.box = look;
      // The style carries the box too: lines.ts spans a box over the pieces whose style has it.
      piece.style = { ...piece.style, box: look };
    }
  }
  out.splice(first, out.length - first, ...chars);
}

function hasKana(text: string): boolean {
  return /[\u3040-\u30ff]/.test(text);
}
