import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINISHING_STRETCH } from '../../../src/worker/engine/paragraph/items';
import { INFINITE_PENALTY, type Item } from '../../../src/worker/engine/text/items';
import { mostJustifiedLines } from '../../../src/worker/engine/text/line-capacity';
import { breakParagraph, fillBreakColumns, newBreakColumns } from '../../../src/worker/engine/text/linebreak';

/** Seeded: every run explores the same paragraphs. */
const SEED = 20261205;

const columnsOf = (items: readonly Item[]) => fillBreakColumns(items, newBreakColumns());
/** TeX's paragraph end: no break before the finishing glue, then a forced break. */
const FINISH: Item[] = [
  { type: 'penalty', width: 0, penalty: INFINITE_PENALTY, flagged: false },
  { type: 'glue', width: 0, stretch: FINISHING_STRETCH, shrink: 0 },
  { type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false },
];

/** `count` words of `word` pt with spaces of 2 pt stretching 1 pt, then the paragraph's end. */
function words(count: number, word: number): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) items.push({ type: 'glue', width: 2, stretch: 1, shrink: 0.5 });
    items.push({ type: 'box', width: word });
  }
  return [...items, ...FINISH];
}

describe('mostJustifiedLines (balancing lever 7 refuses a looser setting without breaking)', () => {
  it('counts the full lines the words and their stretch can fill, each ending at its earliest break, plus the last', () => {
    // 10 words of 10 pt and spaces of 2 pt (+1 pt stretch). A 40 pt line needs 4 words (40 + 3 × 3 =
    // 49 pt of room; 3 words give 30 + 2 × 3 = 36): two full lines take 8 words, the last holds 2, so
    // at most 3 lines. (Counting room alone, 127 pt, would allow 3 full lines and a fourth.)
    const items = words(10, 10);
    expect(mostJustifiedLines(columnsOf(items), () => 40)).toBe(3);
    // The breaker, asked for as many lines more as it can find, sets 4 only with 3-word lines spaced
    // past the bounds (ratio 3).
    const loosest = breakParagraph(items, () => 40, { looseness: 5, tolerance: 100 });
    expect(loosest.length).toBe(4);
    expect(loosest.slice(0, -1).some((b) => b.ratio > 1)).toBe(true);
    // Narrower first lines (a drop cap's room): 2 words each fill 20 pt (23 pt of room), then 4 a
    // 40 pt line: 2 + 2 + 4 words, the last line 2: at most 4 lines.
    expect(mostJustifiedLines(columnsOf(items), (line) => (line < 2 ? 20 : 40))).toBe(4);
    // A hyphen a break may add counts against every full line: at 33 pt a line needs 30 pt of room
    // (3 words, 36 pt; the hyphenation point after the first word, 10 pt, is too early): 3 + 3 + 3
    // words and the last one: at most 4 lines. At 40 pt (37 needed) still 4 words a line: 3 lines.
    const hyphenated = [...items.slice(0, 1), { type: 'penalty', width: 3, penalty: 50, flagged: true } as Item, ...items.slice(1)];
    expect(mostJustifiedLines(columnsOf(hyphenated), () => 40)).toBe(3);
    expect(mostJustifiedLines(columnsOf(hyphenated), () => 33)).toBe(4);
    expect(mostJustifiedLines(columnsOf(items), () => 33)).toBe(4);
    // Room short of the width by less than the lever's tolerance still fills the line: 3 words of
    // 12 pt and 2 spaces of 3 pt reach 42 pt; at 42 + 1e-8 pt they still count as a full line.
    expect(mostJustifiedLines(columnsOf(words(7, 12)), () => 42 + 1e-8)).toBe(3);
  });

  it('gives no bound where a line may end short: a hard break, or unbounded stretch before the end', () => {
    const items = words(10, 10);
    const hard = [...items.slice(0, 5), { type: 'glue', width: 0, stretch: FINISHING_STRETCH, shrink: 0 } as Item, { type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false } as Item, ...items.slice(6)];
    expect(mostJustifiedLines(columnsOf(hard), () => 40)).toBe(Infinity);
    const fill = [...items.slice(0, 5), { type: 'glue', width: 0, stretch: 1e6, shrink: 0 } as Item, ...items.slice(6)];
    expect(mostJustifiedLines(columnsOf(fill), () => 40)).toBe(Infinity);
  });

  it('no setting the breaker finds with every line but the last within the word-space bounds has more lines', () => {
    const paragraphArb = fc.record({
      boxes: fc.array(fc.record({ width: fc.integer({ min: 3, max: 40 }), hyphen: fc.boolean(), hyphenWidth: fc.integer({ min: 1, max: 8 }), space: fc.integer({ min: 2, max: 6 }) }), { minLength: 1, maxLength: 30 }),
      widths: fc.array(fc.integer({ min: 30, max: 160 }), { minLength: 1, maxLength: 4 }),
      looseness: fc.integer({ min: 0, max: 4 }),
      tolerance: fc.constantFrom(100, 2000, 10000),
    });
    fc.assert(
      fc.property(paragraphArb, ({ boxes, widths, looseness, tolerance }) => {
        const items: Item[] = [];
        boxes.forEach((b, i) => {
          if (i > 0) items.push({ type: 'glue', width: b.space, stretch: b.space / 2, shrink: b.space / 3 });
          // A word split by a hyphenation point: two boxes, the hyphen's width added at a break there.
          if (b.hyphen) items.push({ type: 'box', width: b.width / 2 }, { type: 'penalty', width: b.hyphenWidth, penalty: 50, flagged: true }, { type: 'box', width: b.width / 2 });
          else items.push({ type: 'box', width: b.width });
        });
        items.push(...FINISH);
        const lineWidths = (line: number) => widths[Math.min(line, widths.length - 1)]!;
        const bound = mostJustifiedLines(columnsOf(items), lineWidths);
        const breaks = breakParagraph(items, lineWidths, { looseness, tolerance });
        // As the lever reads a setting (lever-paragraphs.ts withinWordSpacing): a line with no stretch left short is set ragged.
        const withinBounds = breaks.slice(0, -1).every((b) => b.ratio >= -1 && b.ratio <= 1 && !b.emergency && b.ragged !== true);
        if (withinBounds) expect(breaks.length).toBeLessThanOrEqual(bound);
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });
});
