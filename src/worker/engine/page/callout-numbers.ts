/**
 * Numbered boxes (configuration.md §13.4 `calloutStyles[id].numbering`; document-format §8.1
 * "Numbered statements", §13): every `:::callout` whose style numbers its boxes takes the next
 * value of its counter in reading order through the book, like amsthm's theorem counters. Styles
 * naming the same `counter` share it; `resetOn: 'hN'` restarts it at every heading of level N or
 * higher; `counter: false` prints the label without a number (a proof's "Proof."). The number is
 * the `numberingTemplate` filled as resource numbers are (`{n}`, `{h1}`…`{h6}`; resources/numbering.ts).
 */
import type { Block, Inline, Mark, ParagraphBlock, ParsedChapter } from '../parse/model';
import type { LayoutSettings } from '../settings';
import type { CalloutNumbering } from '../settings-callouts';
import { formatNumber } from '../resources/numbering';
import { localiseDigits } from './number-format';
import { startingHeadingCounters } from './continuation';
import { structuralBlocks } from './structural-blocks';

/** What a numbered box prints before its text or in its title row. */
export interface BoxNumber {
  /** "Theorem 2", "Box 2.1", or the label alone with `counter: false`. */
  label: string;
  /** The number alone ("2.1"); empty with `counter: false`. */
  number: string;
}

/** Box numbers by chapter id, then the box's `containerStart` block id. */
export type BoxNumbers = Map<string, Map<string, BoxNumber>>;

/** The style a box's `type` names: the first style for an unknown or missing one (as paginate reads it). */
export function boxStyleId(attrs: Readonly<Record<string, string>>, settings: LayoutSettings): string {
  const type = attrs['type'] ?? '';
  return settings.callouts.styles[type] ? type : settings.callouts.order[0] ?? type;
}

export function numberBoxes(chapters: readonly ParsedChapter[], settings: LayoutSettings): BoxNumbers {
  const out: BoxNumbers = new Map();
  const styles = settings.callouts.styles;
  const numbered = settings.callouts.order.filter((id) => styles[id]?.numbering);
  if (numbered.length === 0) return out;
  const counters = new Map<string, number>();
  // Heading numbers h1…h6 at this point of reading (0 = not started), counted as headings number
  // themselves (an unnumbered heading does not count; startAt sets the count; page/structure.ts).
  const headings = startingHeadingCounters(settings);
  for (const chapter of chapters) {
    const own = new Map<string, BoxNumber>();
    for (const block of structuralBlocks(chapter)) {
      if (block.kind === 'heading') {
        if (block.attrs['numbered'] === 'false' || settings.headingStyles[block.attrs['style'] ?? '']?.numbered === false) continue;
        const level = block.level;
        const startAt = Number(block.attrs['startAt']);
        headings[level - 1] = Number.isInteger(startAt) && startAt >= 0 ? startAt : headings[level - 1]! + 1;
        for (let deeper = level; deeper < 6; deeper++) headings[deeper] = 0;
        for (const id of numbered) {
          const n = styles[id]!.numbering!;
          if (n.counter !== false && n.resetOn > 0 && level <= n.resetOn) counters.set(n.counter, 0);
        }
        continue;
      }
      if (block.kind !== 'containerStart' || block.name !== 'callout') continue;
      const numbering = styles[boxStyleId(block.attrs, settings)]?.numbering;
      if (!numbering) continue;
      if (numbering.counter === false) {
        own.set(block.id, { label: numbering.label, number: '' });
        continue;
      }
      const n = (counters.get(numbering.counter) ?? 0) + 1;
      counters.set(numbering.counter, n);
      const number = localiseDigits(formatNumber(numbering.template, n, numbering.format, headings), settings.numerals);
      // A no-break space between the word and its number (they never part at a line end).
      own.set(block.id, { label: numbering.label && number ? `${numbering.label}\u00a0${number}` : numbering.label || number, number });
    }
    if (own.size > 0) out.set(chapter.chapterId, own);
  }
  return out;
}

/**
 * What `:ref` to a numbered box prints (document-format §13 "numbered box → label + number"):
 * its label and number; `style="number"` the number alone; `text` replaces it.
 */
export function boxRefText(box: BoxNumber, attrs: Readonly<Record<string, string>>): string {
  if (attrs['text']) return attrs['text'];
  if (attrs['style'] === 'number' && box.number) return box.number;
  return attrs['case'] === 'capitalize' ? box.label.charAt(0).toUpperCase() + box.label.slice(1) : box.label;
}

/** Generated text at source offset `at` (it maps to no source: offsets −1). */
function generated(text: string, marks: Mark[], at: number): Inline {
  return { kind: 'text', text, marks, range: { from: at, to: at, line: 0, column: 0 }, offsets: Array.from({ length: text.length }, () => -1) };
}

/**
 * `numbering.placement: 'runIn'` (document-format §8.1, amsthm's plain style): the box's first
 * paragraph opens with the label in its type ("**Theorem 2**"), the title in parentheses in the
 * text's type, the suffix in the label's type, then a word space. When the box does not open with
 * a paragraph (a list, a display), the run-in label is a paragraph of its own above it.
 */
export function runInBlocks(start: Block, inner: readonly Block[], box: BoxNumber, numbering: CalloutNumbering, title: string): Block[] {
  const marks: Mark[] = [...(numbering.bold ? (['strong'] as const) : []), ...(numbering.italic ? (['emphasis'] as const) : [])];
  const first = inner.findIndex((b) => b.kind === 'paragraph' || b.kind === 'blockquote' || b.kind === 'listItem' || b.kind === 'mathDisplay' || b.kind === 'containerStart' || b.kind === 'resourceBlock');
  const target = first >= 0 && inner[first]!.kind === 'paragraph' ? (inner[first] as ParagraphBlock) : undefined;
  const at = target ? target.range.from : start.range.from;
  const lead: Inline[] = [generated(box.label, marks, at)];
  if (title) lead.push(generated(` (${title})`, [], at));
  if (numbering.suffix) lead.push(generated(numbering.suffix, marks, at));
  if (target) {
    const out = inner.slice();
    out[first] = { ...target, inlines: [...lead, generated(' ', [], at), ...target.inlines] };
    return out;
  }
  const own: ParagraphBlock = { kind: 'paragraph', id: `${start.id}:number`, range: start.range, inlines: lead };
  return [own, ...inner];
}

/** `numbering.placement: 'title'`: the label heads the title row, the suffix between it and the title ("Box 2.1. Title"); alone without a title. */
export function numberedBoxTitle(box: BoxNumber, numbering: CalloutNumbering, title: string): string {
  return title ? `${box.label}${numbering.suffix} ${title}` : box.label;
}
