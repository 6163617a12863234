/**
 * Kanbun reading marks (訓点; document-format §18.4 `:kunten[字]{kaeri okuri tate}`, configuration.md
 * §14.1 `cjk.kunten`). Phase 1 (collect): the directive's base characters keep their full size and
 * their order (kanbun is never reordered) and stand in a box (`RunBoxLook.kunten`, paragraph/run-box.ts)
 * carrying the marks: the return mark 返り点 (`kaeri`: レ, 一 二 三, 上 中 下, 甲 乙 丙, 天 地 人 or
 * combined as 一レ), the okurigana 送り仮名 (`okuri`) and the joining mark 竪点 (flag `tate`).
 *
 * The rest follows the ruby machinery: kunten-measure.ts shapes the marks and, under `placement:
 * inline`, gives the box their width as advance after the base (items.ts sets a box's padding as
 * advance and never breaks inside it); kunten-lines.ts draws them from where lines.ts put the box.
 *
 * A base holding ruby (`:kunten[:ruby[字]{rt=じ}]{…}`) keeps its ruby boxes: the marks ride on the
 * last ruby character's box, after its reading's room.
 */
import type { DirectiveInline } from '../parse/model';
import type { TextStyle } from '../settings';
import type { StyledText } from './collect';
import type { MeasuredReading } from './ruby';
import type { RunBoxLook } from './run-box';
import type { KuntenPlacement } from '../settings-kunten';

/** The marks of one `:kunten` directive, on its base's box. */
export interface KuntenMark {
  /** 返り点, as written (may be empty). */
  kaeri: string;
  /** 送り仮名, as written (may be empty). */
  okuri: string;
  /** 竪点: a joining mark between this base and the character after it. */
  tate: boolean;
  placement: KuntenPlacement;
  /** The last base character's style (the marks' face, size and colour follow it). */
  baseStyle: TextStyle;
  /** Source offset the marks' units map to (generated: `-1 - directive start`). */
  sourceMark: number;
  /** Filled by kunten-measure.ts: the shaped marks (absent when empty). */
  kaeriShaped?: MeasuredReading;
  okuriShaped?: MeasuredReading;
  /** The marks' size, pt, and colour (kunten-measure.ts). */
  size?: number;
  colour?: string;
  /** Advance the marks take after the base, pt: the wider of the two under `inline`, else 0 (vertical text: kunten-measure.ts). */
  advance?: number;
  /** Set in vertical text (`layout.writingMode: 'vertical-rl'`): the marks stand beside the base (kunten-lines.ts). */
  vertical?: true;
}

/** The box a base stands in when it has none of its own: nothing drawn, its padding set by kunten-measure.ts. */
function baseLook(): RunBoxLook {
  return { fill: null, border: null, radius: 0, side: 0, above: 0, below: 0, gap: 0 };
}

/**
 * Marks the styled texts `out[first…]` (a kunten directive's base, collected) with the directive's
 * marks. A base already boxed (ruby inside) takes the marks on its last box; else every piece of the
 * base goes in one new box, so the base and its marks are never broken apart. `out` is changed in
 * place; a base with no text, or a directive with no mark at all, stays plain.
 */
export function markKunten(out: StyledText[], first: number, inline: DirectiveInline, placement: KuntenPlacement): void {
  const kaeri = (inline.attrs['kaeri'] ?? '').trim();
  const okuri = (inline.attrs['okuri'] ?? '').trim();
  // A flag: `tate` written bare (the parser gives it an empty value) or `tate=true`.
  const flag = inline.attrs['tate'];
  const tate = flag !== undefined && flag !== 'false';
  const pieces = out.slice(first).filter((p) => p.text.length > 0);
  if (pieces.length === 0 || (!kaeri && !okuri && !tate)) return;
  const last = pieces[pieces.length - 1]!;
  const mark: KuntenMark = { kaeri, okuri, tate, placement, baseStyle: last.style, sourceMark: -1 - inline.range.from };
  if (pieces.some((p) => p.box !== undefined)) {
    // Ruby (or a chip) inside: the marks follow the last character's box. A box shared by several
    // pieces (a group reading) is the same object on each, so marking it once marks the group.
    if (last.box) last.box.kunten = mark;
    else {
      const look = baseLook();
      look.kunten = mark;
      last.box = look;
      last.style = { ...last.style, box: look };
    }
    return;
  }
  const look = baseLook();
  look.kunten = mark;
  for (const piece of pieces) {
    piece.box = look;
    // The style carries the box too: lines.ts spans a box over the pieces whose style has it.
    piece.style = { ...piece.style, box: look };
  }
}

/**
 * Whether a line may break where one box ends and another begins (or text meets a box), given the
 * text itself has a break opportunity there: beside ruby bases and kanbun characters it may (JIS X
 * 4051: a ruby reading or a mark goes with its character); never between two characters of one ruby
 * group (group ruby is unbreakable). Other boxes (chips, boxed code) touch the text beside them.
 */
export function breaksBesideAnnotation(before: RunBoxLook | undefined, after: RunBoxLook | undefined): boolean {
  const annotated = before?.ruby !== undefined || after?.ruby !== undefined || before?.kunten !== undefined || after?.kunten !== undefined;
  const sameRubyGroup = before?.ruby !== undefined && before.ruby.group === after?.ruby?.group;
  return annotated && !sameRubyGroup;
}
