import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { EngineCache } from '../../../src/worker/engine';
import { endsWithColon, linesToTake } from '../../../src/worker/engine/page/break-rules';
import { parseChapter } from '../../../src/worker/engine/parse';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { dump, oneChapterBook, ptLength, run, runs, TEN_ROW_COLUMN } from './helpers';

/**
 * Column-break rules of running text (configuration.md §6.4; page/break-rules.ts). One column of
 * exactly 10 grid lines: a 10 pt body on a 12 pt leading, 120 pt of content (pages 220 pt high,
 * 50 pt margins), so line k of a page has its baseline k × 12 pt under the first.
 */
const pt = ptLength;
const BASE = {
  ...TEN_ROW_COLUMN,
  // Lists start on the grid here (snapTopToGrid), so every body line sits on a whole row; the grid tests below turn it off.
  unorderedLists: { snapTopToGrid: true },
};
type Config = Record<string, Record<string, unknown>>;
const settingsOf = (extra: Config = {}) =>
  settingsFromConfig({ ...BASE, ...extra, bodyText: { ...BASE.bodyText, ...(extra['bodyText'] ?? {}) }, unorderedLists: { ...BASE.unorderedLists, ...(extra['unorderedLists'] ?? {}) } } as never);
/** `k` one-line filler paragraphs, then `rest`. */
const source = (k: number, rest: string[]) => [...Array.from({ length: k }, (_, i) => `Filler ${i + 1}.`), ...rest].join('\n\n');
/** Page index and grid row (0 = the first line of the content area) of the body line holding `words`. */
function where(layout: ReturnType<typeof run>, words: string): { page: number; row: number } {
  for (const page of layout.pages) {
    const body = runs(page).filter((r) => r.line?.role === 'body');
    const hit = body.find((r) => r.text.includes(words));
    if (!hit) continue;
    const first = Math.min(...body.map((r) => r.y));
    // Each page here starts with a body line on row 0.
    return { page: page.index, row: Math.round((hit.y - first) / 12) };
  }
  throw new Error(`no line holds ${words}`);
}

describe('endsWithColon', () => {
  const inlines = (text: string) => {
    const block = parseChapter(text, { chapterId: 'c', isFirstChapter: true }).blocks[0]!;
    if (block.kind !== 'paragraph') throw new Error('not a paragraph');
    return block.inlines;
  };
  it('reads the last printed character, past spaces and note marks', () => {
    expect(endsWithColon(inlines('As follows:'))).toBe(true);
    expect(endsWithColon(inlines('As *follows*:  '))).toBe(true);
    expect(endsWithColon(inlines('As follows:[^n]\n\n[^n]: A note.'))).toBe(true);
    expect(endsWithColon(inlines('次のとおり：'))).toBe(true);
    expect(endsWithColon(inlines('As follows: this.'))).toBe(false);
    expect(endsWithColon(inlines('Time 10:30'))).toBe(false);
  });
});

describe('bodyText.keepColonWithList', () => {
  const list = ['Take these:', '- Apples', '- Pears'];
  it('is applied, with colonListRoom', () => {
    expect(isApplied('bodyText.keepColonWithList')).toBe(true);
    expect(isApplied('bodyText.colonListRoom')).toBe(true);
  });

  it('moves a colon line that would end a column above its list to the list (the list margin of 15 pt takes two rows)', () => {
    // Filler rows 0–7, the colon line on row 8: the list (15 pt margin → row 11) does not fit under it.
    const off = run(oneChapterBook(source(8, list), settingsOf({ bodyText: { keepColonWithList: false } })));
    expect(where(off, 'Take these')).toEqual({ page: 0, row: 8 });
    expect(where(off, 'Apples')).toEqual({ page: 1, row: 0 });
    const on = run(oneChapterBook(source(8, list), settingsOf()));
    expect(where(on, 'Filler 8')).toEqual({ page: 0, row: 7 });
    expect(where(on, 'Take these')).toEqual({ page: 1, row: 0 });
    // Under the colon line the list's 15 pt margin: 12 + 15 = 27 pt → row 3.
    expect(where(on, 'Apples')).toEqual({ page: 1, row: 3 });
  });

  it('leaves the colon line where the list fits under it, and any paragraph not ending in a colon', () => {
    // Colon on row 6: the list's first item on row 9, the last row.
    const on = run(oneChapterBook(source(6, list), settingsOf()));
    expect(where(on, 'Take these')).toEqual({ page: 0, row: 6 });
    expect(where(on, 'Apples')).toEqual({ page: 0, row: 9 });
    const plain = run(oneChapterBook(source(8, ['Take these.', '- Apples', '- Pears']), settingsOf()));
    expect(where(plain, 'Take these')).toEqual({ page: 0, row: 8 });
    // For every filler length the colon line and the first item share a page.
    for (let k = 3; k <= 12; k++) {
      const layout = run(oneChapterBook(source(k, list), settingsOf()));
      expect(where(layout, 'Take these').page, `k = ${k}`).toBe(where(layout, 'Apples').page);
    }
  });

  it('splits a longer lead-in so its colon line goes on with the list, the orphan minimum kept', () => {
    // A four-line lead-in on rows 5–8 (ending in a colon) leaves no room for the list: two lines stay, two go on.
    const long = 'This lead-in paragraph runs over exactly four lines of the narrow column set here, and it goes on for a while longer so that it ends with the words of a colon line that introduce these:';
    const layout = run(oneChapterBook(source(5, [long, '- Apples', '- Pears']), settingsOf()));
    const lines = layout.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body' && !/Filler|Apples|Pears|•/.test(r.text)).map((r) => ({ page: p.index, y: r.y })));
    const perPage = [0, 1].map((i) => new Set(lines.filter((l) => l.page === i).map((l) => l.y)).size);
    expect(perPage).toEqual([2, 2]);
    expect(where(layout, 'these:').page).toBe(1);
    expect(where(layout, 'Apples')).toEqual({ page: 1, row: 4 });
  });

  it('colonListRoom: item keeps room for a short first item whole; line for one line of it', () => {
    // A first item of three lines cannot split (2 + 2 lines are asked for): 'item' needs 2 rows of margin + 3.
    const item = '- A first item long enough to run over three lines of this narrow column, with words enough for three of them and a few more words to end it.';
    const rest = ['Take these:', item, '- Pears'];
    const asItem = run(oneChapterBook(source(5, rest), settingsOf()));
    const itemLines = new Set(asItem.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body' && r.line.block === runs(p).find((q) => q.text.includes('A first'))?.line?.block).map((r) => `${p.index}:${r.y}`)));
    expect(itemLines.size).toBe(3);
    // Colon on row 5: 6 rows + 2 of margin + 3 > 10 → the colon line goes on with the item.
    expect(where(asItem, 'Take these')).toEqual({ page: 1, row: 0 });
    expect(where(asItem, 'A first')).toEqual({ page: 1, row: 3 });
    // 'line': room for one line (row 8) is there, so the colon line stays — the item, which cannot split 2 + 1, still goes on.
    const asLine = run(oneChapterBook(source(5, rest), settingsOf({ bodyText: { colonListRoom: 'line' } })));
    expect(where(asLine, 'Take these')).toEqual({ page: 0, row: 5 });
    expect(where(asLine, 'A first')).toEqual({ page: 1, row: 0 });
  });

  it('lays out the same incrementally as from scratch', () => {
    const settings = settingsOf();
    const cache = new EngineCache();
    run(oneChapterBook(source(7, ['Take these.', '- Apples', '- Pears']), settings), cache);
    const edited = oneChapterBook(source(7, ['Take these:', '- Apples', '- Pears']), settings);
    expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache(false))));
  });
});

describe('linesToTake (orphan/widow penalties against squared empty lines)', () => {
  const rule = { footMin: 2, headMin: 2, footPenalty: 1000, headPenalty: 1000, slackWeight: 10 };
  it('keeps the minimums at the spec defaults', () => {
    expect(linesToTake(1, 5, rule)).toBe(0); // one line at the foot: the block goes on (cost 10 < 1000)
    expect(linesToTake(4, 5, rule)).toBe(3); // one carried line: one fewer here (10 < 1000)
    expect(linesToTake(2, 3, rule)).toBe(0); // 2 + 1 and 1 + 2 both break a rule: all goes on (40)
  });
  it('breaks a rule where keeping it costs more empty lines than its penalty, never at 10000', () => {
    expect(linesToTake(1, 5, { ...rule, footPenalty: 5 })).toBe(1); // 5 < 10
    expect(linesToTake(4, 5, { ...rule, headPenalty: 0 })).toBe(4);
    // A foot minimum of 12 with 11 lines of room: 1000 for the widow beats 10 × 11² = 1210 of empty lines.
    expect(linesToTake(11, 30, { ...rule, footMin: 12 })).toBe(11);
    expect(linesToTake(11, 30, { ...rule, footMin: 12, footPenalty: 10000 })).toBe(0);
    expect(linesToTake(11, 30, { ...rule, footMin: 12, slackWeight: 8 })).toBe(0); // 968 < 1000
  });
});

describe('bodyText.orphanPenalty / widowPenalty and the …InLists switches', () => {
  const long = 'This lead-in paragraph runs over exactly four lines of the narrow column set here, and it goes on for a while longer so that it ends with the words of a plain line that closes it.';
  const item = '- This list item runs over exactly four lines of the narrow column set here, and it goes on for a while longer so that it ends with the words of a plain line that closes it all.';
  /** Lines of the block holding `words` on pages 0 and 1. */
  const perPage = (layout: ReturnType<typeof run>, words: string): number[] => {
    const block = layout.pages.flatMap((p) => runs(p)).find((r) => r.text.includes(words))!.line!.block;
    return [0, 1].map((i) => new Set(runs(layout.pages[i]!).filter((r) => r.line?.block === block && r.text !== '•').map((r) => r.y)).size);
  };
  it('are applied', () => {
    for (const path of ['orphanPenalty', 'widowPenalty', 'avoidOrphansInLists', 'avoidWidowsInLists', 'slackWeight']) expect(isApplied(`bodyText.${path}`), path).toBe(true);
  });
  it('widows (one line left at the foot) go on by default; widowPenalty 0 lets one line stand', () => {
    // Filler rows 0–8, a four-line paragraph from row 9.
    expect(perPage(run(oneChapterBook(source(9, [long]), settingsOf())), 'lead-in')).toEqual([0, 4]);
    expect(perPage(run(oneChapterBook(source(9, [long]), settingsOf({ bodyText: { widowPenalty: 0 } }))), 'lead-in')).toEqual([1, 3]);
    // A list item keeps the rule, unless avoidWidowsInLists is off.
    expect(perPage(run(oneChapterBook(source(9, [item]), settingsOf({ unorderedLists: { marginTop: pt(0) } }))), 'list item')).toEqual([0, 4]);
    expect(perPage(run(oneChapterBook(source(9, [item]), settingsOf({ unorderedLists: { marginTop: pt(0) }, bodyText: { avoidWidowsInLists: false } }))), 'list item')).toEqual([1, 3]);
    // …which leaves paragraphs alone.
    expect(perPage(run(oneChapterBook(source(9, [long]), settingsOf({ bodyText: { avoidWidowsInLists: false } }))), 'lead-in')).toEqual([0, 4]);
  });
  it('orphans (one line carried over) are avoided by default; orphanPenalty 0 or avoidOrphansInLists false allow one', () => {
    // Rows 7–9 hold three of the four lines.
    expect(perPage(run(oneChapterBook(source(7, [long]), settingsOf())), 'lead-in')).toEqual([2, 2]);
    expect(perPage(run(oneChapterBook(source(7, [long]), settingsOf({ bodyText: { orphanPenalty: 0 } }))), 'lead-in')).toEqual([3, 1]);
    expect(perPage(run(oneChapterBook(source(7, [item]), settingsOf({ unorderedLists: { marginTop: pt(0) } }))), 'list item')).toEqual([2, 2]);
    expect(perPage(run(oneChapterBook(source(7, [item]), settingsOf({ unorderedLists: { marginTop: pt(0) }, bodyText: { avoidOrphansInLists: false } }))), 'list item')).toEqual([3, 1]);
  });
});

describe('grid snaps: headings.snapToGrid (and per level), unorderedLists / orderedLists.snapTopToGrid (§2.2, §8.1, §9)', () => {
  /** A taller page (15 rows), lists at their defaults unless given. */
  const gridOf = (extra: Config = {}) =>
    settingsFromConfig({ ...BASE, page: { ...BASE.page, height: pt(280) }, unorderedLists: {}, ...extra, bodyText: BASE.bodyText } as never);
  /** Baseline of the body or heading line holding `words`, pt under the first line's. */
  const below = (layout: ReturnType<typeof run>, words: string): number => {
    const all = runs(layout.pages[0]!).filter((r) => r.line?.role === 'body' || r.line?.role === 'heading');
    return Math.round((all.find((r) => r.text.includes(words))!.y - all[0]!.y) * 1000) / 1000;
  };
  const SOURCE = 'Filler 1.\n\n### A heading\n\nAfter one.\n\nAfter two.\n\n- Item\n\nAfter list.';
  it('are applied', () => {
    for (const path of ['headings.snapToGrid', 'headings.levels[level=3].snapToGrid', 'unorderedLists.snapTopToGrid', 'orderedLists.snapTopToGrid']) expect(isApplied(path), path).toBe(true);
  });
  it('a heading that does not snap keeps its exact margin; the text goes on off the grid until a list ends', () => {
    // H3: 12 pt, 14.4 pt leading, margins 18 / 6 pt. Under "Filler 1." (line box 0–12): 12 + 18 + 14.4 + 6 = 50.4 pt.
    const on = run(oneChapterBook(SOURCE, gridOf()));
    expect(below(on, 'After one')).toBe(60); // rounded up to row 5
    expect(below(on, 'After two')).toBe(72);
    const off = run(oneChapterBook(SOURCE, gridOf({ headings: { snapToGrid: false } })));
    expect(below(off, 'After one')).toBe(50.4);
    expect(below(off, 'After two')).toBe(62.4);
    // The list (not snapping its top) follows at its natural place: 62.4 + 12 + 15 pt of margin.
    expect(below(off, 'Item')).toBe(89.4);
    // Its end is a snap point: 89.4 + 12 + 15 = 116.4 → row 10.
    expect(below(off, 'After list')).toBe(120);
  });
  it('a heading style\'s snapToGrid overrides its level\'s (§13.6)', () => {
    const styled = SOURCE.replace('### A heading', '### A heading {style="loose"}');
    // The style switches snapping off under a snapping level, and back on under a level that does not snap.
    expect(below(run(oneChapterBook(styled, gridOf({ headingStyles: [{ id: 'loose', snapToGrid: false }] } as unknown as Config))), 'After one')).toBe(50.4);
    expect(below(run(oneChapterBook(styled, gridOf({ headings: { snapToGrid: false }, headingStyles: [{ id: 'loose', snapToGrid: true }] } as unknown as Config))), 'After one')).toBe(60);
    // A style that does not set it leaves the level's value.
    expect(below(run(oneChapterBook(styled, gridOf({ headings: { snapToGrid: false }, headingStyles: [{ id: 'loose' }] } as unknown as Config))), 'After one')).toBe(50.4);
    expect(isApplied('headingStyles[id=loose].snapToGrid')).toBe(true);
  });
  it('a level follows headings.snapToGrid unless it sets its own', () => {
    expect(below(run(oneChapterBook(SOURCE, gridOf({ headings: { levels: [{ level: 3, snapToGrid: false }] } }))), 'After one')).toBe(50.4);
    expect(below(run(oneChapterBook(SOURCE, gridOf({ headings: { snapToGrid: false, levels: [{ level: 3, snapToGrid: true }] } }))), 'After one')).toBe(60);
    expect(below(run(oneChapterBook(SOURCE, gridOf({ headings: { snapToGrid: false, levels: [{ level: 2, snapToGrid: true }] } }))), 'After one')).toBe(50.4);
  });
  it("a list's top sits at its natural place by default and on the grid with snapTopToGrid, each kind its own", () => {
    const text = 'Para.\n\n- Item\n\nAfter.\n\n1. Number\n\nLast.';
    // "Para." 0–12, 15 pt of margin: the item's line box at 27 pt; its end snaps: 27 + 12 + 15 = 54 → 60.
    const natural = run(oneChapterBook(text, gridOf()));
    expect([below(natural, 'Item'), below(natural, 'After'), below(natural, 'Number'), below(natural, 'Last')]).toEqual([27, 60, 87, 120]);
    // On the grid: 27 → 36, then 36 + 12 + 15 = 63 → 72.
    const snapped = run(oneChapterBook(text, gridOf({ unorderedLists: { snapTopToGrid: true } })));
    expect([below(snapped, 'Item'), below(snapped, 'After'), below(snapped, 'Number'), below(snapped, 'Last')]).toEqual([36, 72, 99, 132]);
    const ordered = run(oneChapterBook(text, gridOf({ orderedLists: { snapTopToGrid: true } })));
    expect([below(ordered, 'Item'), below(ordered, 'Number')]).toEqual([27, 96]);
  });
  it('lays out the same incrementally as from scratch off the grid', () => {
    const settings = gridOf({ headings: { snapToGrid: false } });
    const cache = new EngineCache();
    const long = Array.from({ length: 30 }, (_, i) => (i % 5 === 2 ? `### Heading ${i}` : i % 7 === 4 ? `- Item ${i}\n- Item ${i}b` : `Paragraph ${i} with a few words.`)).join('\n\n');
    run(oneChapterBook(long, settings), cache);
    const edited = oneChapterBook(long.replace('Paragraph 20 with', 'Paragraph 20 now with many more words than before, so that it runs over two lines at least, with'), settings);
    expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache(false))));
  });
});
