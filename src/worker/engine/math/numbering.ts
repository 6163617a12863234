/**
 * Equation numbers (document-format §11, configuration.md §10 `math.equationNumbering`).
 *
 * A display's `\label{…}` (at top level, or on a row of align/gather/…) numbers it in reading
 * order, book-wide; `\tag{x}` prints "(x)" uncounted and `\tag*{x}` prints "x"; unlabelled
 * displays are unnumbered. The counter restarts at headings of level ≤ `resetOn`; the template
 * may name the heading counters (`{h1}.{n}`). `\ref` prints the templated number, `\eqref`,
 * `:ref` and `@eq:` the formatted one ("(3)").
 */
import type { ParsedChapter } from '../parse/model';
import type { MathSettings } from '../settings';
import { formatNumber, localiseDigits, type Numerals } from '../page/number-format';
import { prepareTex } from './tex';

/** A number set beside a display, on one row of it. */
export interface EquationMark {
  /** 0-based row of the display's top-level table (0 when it has none). */
  row: number;
  /** As printed, e.g. "(3)". */
  printed: string;
}

export interface EquationNumbers {
  /** Printed marks per display block id. */
  byBlock: Map<string, EquationMark[]>;
  /** Per label: the number `\ref` prints ("3") and the one `\eqref` prints ("(3)"). First definition wins. */
  byLabel: Map<string, { plain: string; formatted: string }>;
}

/**
 * Numbers every display of the book in reading order. Counted numbers print in the book's
 * `numerals` (configuration.md §7); a typed `\tag{…}` prints as typed (document-format §18.2).
 */
export function numberEquations(chapters: readonly Pick<ParsedChapter, 'blocks'>[], math: MathSettings, numerals: Numerals = 'latn', startHeadings: readonly number[] = []): EquationNumbers {
  const byBlock = new Map<string, EquationMark[]>();
  const byLabel = new Map<string, { plain: string; formatted: string }>();
  // A book without displays numbers nothing (the heading counters below only serve displays): the
  // walk over every block of every chapter ran on every edit of every book (~1 % of an edit).
  if (!math.enabled || !math.numbering.enabled || !chapters.some(holdsDisplays)) return { byBlock, byLabel };
  // Heading counters continue from the book's start (bundle-format §9; page/continuation.ts).
  const headings = [0, 1, 2, 3, 4, 5].map((i) => startHeadings[i] ?? 0);
  let counter = 0;
  const numbering = math.numbering;
  const format = (n: string): string => (numbering.format.includes('{n}') ? numbering.format.split('{n}').join(n) : n);
  for (const chapter of chapters) {
    for (const block of chapter.blocks) {
      if (block.kind === 'heading') {
        const level = block.level;
        headings[level - 1]!++;
        for (let deeper = level; deeper < 6; deeper++) headings[deeper] = 0;
        if (numbering.resetOn > 0 && level <= numbering.resetOn) counter = 0;
        continue;
      }
      if (block.kind !== 'mathDisplay' || !math.enabled || !numbering.enabled) continue;
      const prepared = prepareTex(block.tex, () => '');
      const marks: EquationMark[] = [];
      const rows = new Map<number, { plain: string; formatted: string }>();
      for (const tag of prepared.tags) {
        if (rows.has(tag.row)) continue;
        const printed = tag.star ? tag.text : format(tag.text);
        rows.set(tag.row, { plain: tag.text, formatted: printed });
        marks.push({ row: tag.row, printed });
      }
      for (const label of prepared.labels) {
        let number = rows.get(label.row);
        if (!number) {
          counter++;
          const plain = localiseDigits(template(numbering.template, counter, numbering.counterFormat, headings), numerals);
          number = { plain, formatted: format(plain) };
          rows.set(label.row, number);
          marks.push({ row: label.row, printed: number.formatted });
        }
        if (!byLabel.has(label.label)) byLabel.set(label.label, number);
      }
      marks.sort((a, b) => a.row - b.row);
      if (marks.length > 0) byBlock.set(block.id, marks);
    }
  }
  return { byBlock, byLabel };
}

/** Whether a chapter's blocks hold a display formula, once per block list (a chapter's parse keeps its list until the chapter is edited). */
const displaysIn = new WeakMap<readonly unknown[], boolean>();
function holdsDisplays(chapter: Pick<ParsedChapter, 'blocks'>): boolean {
  let holds = displaysIn.get(chapter.blocks);
  if (holds === undefined) displaysIn.set(chapter.blocks, (holds = chapter.blocks.some((block) => block.kind === 'mathDisplay')));
  return holds;
}

function template(text: string, n: number, counterFormat: string, headings: readonly number[]): string {
  return text.replace(/\{(n|h[1-6])\}/g, (_, name: string) => (name === 'n' ? formatNumber(n, counterFormat) : String(headings[Number(name[1]) - 1] ?? 0)));
}

/**
 * What a reference to an equation label prints: `\ref` (form 'latex') the number, `\eqref`,
 * `:ref` and `@eq:` the formatted number; undefined when the label is not an equation's.
 */
export function equationRefText(numbers: EquationNumbers, target: string, form: string): string | undefined {
  const hit = numbers.byLabel.get(target);
  if (!hit) return undefined;
  return form === 'latex' ? hit.plain : hit.formatted;
}
