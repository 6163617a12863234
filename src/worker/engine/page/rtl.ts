/**
 * Block direction for pagination (document-format §18.1, configuration.md §7 `direction`): which
 * side a block starts on, and where its indents, list markers and note numbers go.
 *
 * A right-to-left block mirrors its horizontal furniture: indents are taken from the right edge of
 * the column, list markers and note numbers sit at the right, a nested list steps leftwards, the
 * footnote rule starts at the right. The lines themselves are already set from the right edge of
 * their measure (paragraph/lines.ts), so a block only has to choose where its measure starts.
 * A block against the document direction keeps its own start side (§18.1).
 */
import { defaultNumerals } from '../../config/locale';
import type { Block } from '../parse/model';
import type { Direction } from '../text/bidi';
import type { Numerals } from './number-format';

/**
 * x (pt, from the column's left edge) of a box `width` wide placed `offset` from the start side
 * of a column `columnWidth` wide: `offset` from the left in LTR, from the right in RTL.
 */
export function fromStart(direction: Direction, columnWidth: number, offset: number, width: number): number {
  return direction === 'rtl' ? columnWidth - offset - width : offset;
}

/**
 * Ends (x1, x2; pt, page coordinates) of a rule `length` long starting at the start side of a
 * column at `columnX`, `columnWidth` wide: the footnote separator starts at the right in RTL.
 */
export function ruleFromStart(direction: Direction, columnX: number, columnWidth: number, length: number): [number, number] {
  return direction === 'rtl' ? [columnX + columnWidth - length, columnX + columnWidth] : [columnX, columnX + length];
}

/** A `dir` attribute's direction, or undefined for anything else (document-format §18.1: other values ignored). */
export function dirAttribute(attrs: Readonly<Record<string, string>> | undefined): Direction | undefined {
  const dir = attrs?.['dir'];
  return dir === 'rtl' || dir === 'ltr' ? dir : undefined;
}

/**
 * The direction in force while walking a chapter's blocks: `{dir=…}` on a container fence holds
 * for every block up to its end fence (inherited by nested containers); a heading's own `{dir}`
 * holds for the heading alone; elsewhere the document's direction. A container's `lang=` sets
 * the digits of the list numbers inside it (document-format §18.1).
 */
export class DirectionScope {
  private readonly open: { endId: string; direction: Direction; lang?: string }[] = [];

  constructor(private readonly documentDirection: Direction) {}

  /** Call for every block in order, before laying it out; returns the block's direction. */
  enter(block: Block): Direction {
    // The closing fence belongs to its container; after it the outer direction resumes.
    const top = this.open[this.open.length - 1];
    if (block.kind === 'containerEnd' && top && top.endId === block.id) {
      this.open.pop();
      return top.direction;
    }
    const inherited = this.current();
    if (block.kind === 'containerStart') {
      const own = dirAttribute(block.attrs) ?? inherited;
      const lang = block.attrs['lang'] ?? this.open[this.open.length - 1]?.lang;
      this.open.push({ endId: block.endId, direction: own, ...(lang ? { lang } : {}) });
      return own;
    }
    if (block.kind === 'heading') return dirAttribute(block.attrs) ?? inherited;
    return inherited;
  }

  current(): Direction {
    return this.open[this.open.length - 1]?.direction ?? this.documentDirection;
  }

  /** Digits of list numbers here: a container's `lang` decides (its default `numerals`), else the book's. */
  listNumerals(book: Numerals): Numerals {
    const lang = this.open[this.open.length - 1]?.lang;
    return lang ? defaultNumerals(lang) : book;
  }
}
