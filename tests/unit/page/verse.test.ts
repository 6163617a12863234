import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { inkExtent, oneChapterBook, run, runs } from './helpers';

/**
 * `bodyText.verse` (configuration.md §6.5, document-format §9.1): indent steps, turnovers (hung or
 * flush right after the mark), tightening before a turnover, stanza space and kept stanzas.
 * One column, 10 pt body on a 12 pt grid; the page is 10 cm wide with 1.5 cm margins, so the
 * measure runs from 42.520 pt to 240.945 pt.
 */
const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } };
const CM = 72 / 2.54;
const LEFT = 1.5 * CM; // 42.520 pt
const RIGHT = 8.5 * CM; // 240.945 pt
const PAGE = { width: { value: 10, unit: 'cm' }, margins: { left: { value: 1.5, unit: 'cm' }, right: { value: 1.5, unit: 'cm' } } };
type Config = Record<string, unknown>;
const layoutOf = (source: string, verse: Config = {}, page: Config = PAGE) => run(oneChapterBook(source, settingsFromConfig({ page, layout: { layoutType: 'single' }, bodyText: { ...BODY, verse } } as never)));
type Layout = ReturnType<typeof layoutOf>;
const bodyRuns = (layout: Layout): (GlyphRunItem & { page: number })[] => layout.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body').map((r) => ({ ...r, page: p.index })));
const runOf = (layout: Layout, words: string) => {
  const found = bodyRuns(layout).find((r) => r.text.includes(words));
  if (!found) throw new Error(`no run with "${words}": ${bodyRuns(layout).map((r) => r.text).join(' | ')}`);
  return found;
};
const poem = (...lines: string[]) => [':::verse', ...lines, ':::'].join('\n');
/** Too long for the 198.4 pt measure at 10 pt: it turns over before "the village though". */
const LONG = 'Whose woods these are I think I know, his house is in the village though';

describe('bodyText.verse', () => {
  it('is declared applied (the bayt layout: verse-bayt.test.ts)', () => {
    for (const field of ['indentStep', 'turnover', 'hang', 'turnoverMark', 'stanzaSpace', 'keepStanzas', 'tighten', 'layout']) expect(isApplied(`bodyText.verse.${field}`)).toBe(true);
  });

  it('indents a line by indentStep per leading space (0.5 em = 5 pt by default)', () => {
    const source = poem('First line', '    four spaces in', '\tone tab in');
    // From the first line (a short poem is centred as a whole: align, verse-align.test.ts).
    const at = (layout: Layout, words: string) => runOf(layout, words).xs[0]! - runOf(layout, 'First line').xs[0]!;
    const base = layoutOf(source);
    expect(runOf(layoutOf(source.replace(':::verse', ':::verse{align=start}')), 'First line').xs[0]).toBeCloseTo(LEFT, 2);
    expect(at(base, 'four spaces in')).toBeCloseTo(20, 2); // 4 × 5 pt
    expect(at(base, 'one tab in')).toBeCloseTo(20, 2); // a tab counts 4 spaces
    const wide = layoutOf(source, { indentStep: { value: 1, unit: 'em' } });
    expect(at(wide, 'four spaces in')).toBeCloseTo(40, 2); // 4 × 10 pt
    // The fence's attribute wins over the setting.
    const attr = layoutOf(source.replace(':::verse', ':::verse{indentStep=3pt}'), { indentStep: { value: 1, unit: 'em' } });
    expect(at(attr, 'four spaces in')).toBeCloseTo(12, 2);
  });

  it('hangs a turnover by `hang` (2 em = 20 pt) on the next grid line', () => {
    const base = layoutOf(poem(LONG, '  indented'));
    const first = runOf(base, 'Whose woods');
    const turnover = runOf(base, 'the village though');
    expect(first.text).not.toContain('village');
    expect(first.xs[0]).toBeCloseTo(LEFT, 2);
    expect(turnover.xs[0]).toBeCloseTo(LEFT + 20, 2);
    expect(turnover.y - first.y).toBeCloseTo(12, 3);
    expect(runOf(base, 'indented').y - turnover.y).toBeCloseTo(12, 3);
    // hang 3 em = 30 pt; an indented verse line hangs from its own indent (2 spaces = 10 pt).
    const deeper = layoutOf(poem(`  ${LONG}`), { hang: { value: 3, unit: 'em' } });
    expect(runOf(deeper, 'Whose woods').xs[0]).toBeCloseTo(LEFT + 10, 2);
    expect(runOf(deeper, 'village though').xs[0]).toBeCloseTo(LEFT + 40, 2);
  });

  it('sets a turnover flush right after the turnover mark with turnover: right', () => {
    const layout = layoutOf(poem(LONG), { turnover: 'right' });
    const first = runOf(layout, 'Whose woods');
    const turnover = runOf(layout, 'village though');
    expect(turnover.text.startsWith('[')).toBe(true);
    expect(inkExtent(turnover).right).toBeCloseTo(RIGHT, 1);
    expect(turnover.y - first.y).toBeCloseTo(12, 3);
    // The mark is generated text (no source offset); the words keep theirs.
    expect(turnover.srcMap?.[0]).toBe(-1);
    expect(turnover.srcMap?.[1]).toBe(LONG.indexOf('the village') + ':::verse\n'.length);
    const marked = layoutOf(poem(LONG), { turnover: 'right', turnoverMark: '⟨' });
    expect(runOf(marked, 'village though').text.startsWith('⟨')).toBe(true);
    expect(inkExtent(runOf(marked, 'village though')).right).toBeCloseTo(RIGHT, 1);
  });

  it('tightens word spaces before turning a line over (tighten), not without it', () => {
    const line = 'aaa bbb ccc ddd eee fff ggg hhh';
    // Its natural width on a wide page, then a measure 2 pt shorter: 7 spaces may give 0.4 × ~2.4 pt each.
    const natural = runOf(layoutOf(poem(line), {}, { ...PAGE, width: { value: 30, unit: 'cm' } }), 'aaa');
    const width = inkExtent(natural).right - natural.xs[0]!;
    const page = { ...PAGE, width: { value: 2 * LEFT + width - 2, unit: 'pt' } };
    const tight = layoutOf(poem(line), {}, page);
    expect(bodyRuns(tight)).toHaveLength(1);
    const run = runOf(tight, 'hhh');
    expect(inkExtent(run).right - run.xs[0]!).toBeCloseTo(width - 2, 1);
    const loose = layoutOf(poem(line), { tighten: false }, page);
    expect(bodyRuns(loose).map((r) => r.text)).toEqual(['aaa bbb ccc ddd eee fff ggg', 'hhh']);
  });

  it('puts stanzaSpace lines between stanzas (1 by default)', () => {
    const source = poem('one', 'two', '', 'three');
    expect(runOf(layoutOf(source), 'three').y - runOf(layoutOf(source), 'two').y).toBeCloseTo(24, 3);
    expect(runOf(layoutOf(source, { stanzaSpace: 2 }), 'three').y - runOf(layoutOf(source, { stanzaSpace: 2 }), 'two').y).toBeCloseTo(36, 3);
    expect(runOf(layoutOf(source, { stanzaSpace: 0 }), 'three').y - runOf(layoutOf(source, { stanzaSpace: 0 }), 'two').y).toBeCloseTo(12, 3);
  });

  it('keeps a stanza of up to keepStanzas lines in one column', () => {
    // 10 grid lines a page (120 pt between 50 pt margins): stanza 1 takes rows 0–6, row 7 is the
    // stanza space, so a 3-line stanza has rows 8 and 9 left on the first page.
    const page = { ...PAGE, height: { value: 220, unit: 'pt' }, margins: { ...PAGE.margins, top: { value: 50, unit: 'pt' }, bottom: { value: 50, unit: 'pt' } } };
    const source = poem('l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', '', 'haiku one', 'haiku two', 'haiku three');
    const split = layoutOf(source, {}, page);
    expect(['haiku one', 'haiku two', 'haiku three'].map((w) => runOf(split, w).page)).toEqual([0, 0, 1]);
    const kept = layoutOf(source, { keepStanzas: 3 }, page);
    expect(['haiku one', 'haiku two', 'haiku three'].map((w) => runOf(kept, w).page)).toEqual([1, 1, 1]);
    expect(runOf(kept, 'haiku two').y - runOf(kept, 'haiku one').y).toBeCloseTo(12, 3);
    // A longer stanza than keepStanzas splits as before.
    const longer = layoutOf(source, { keepStanzas: 2 }, page);
    expect(['haiku one', 'haiku two', 'haiku three'].map((w) => runOf(longer, w).page)).toEqual([0, 0, 1]);
  });
});

describe('bodyText.blockquote.firstLineIndent', () => {
  const source = ['A body paragraph first.', '', '> A quotation long enough to run onto a second line of the narrow column so that its first line can be seen indented.', '', 'A body paragraph after.'].join('\n');
  const layoutQuote = (blockquote: Config) => run(oneChapterBook(source, settingsFromConfig({ page: PAGE, layout: { layoutType: 'single' }, bodyText: { ...BODY, blockquote } } as never)));

  it('follows the body indent (1.5 em = 15 pt) unless set, and moves only the quotation\'s first line', () => {
    expect(isApplied('bodyText.blockquote.firstLineIndent')).toBe(true);
    const base = layoutQuote({});
    const quoteRuns = (layout: Layout) => bodyRuns(layout).filter((r) => r.line?.block === runOf(layout, 'A quotation').line?.block);
    expect(runOf(base, 'A quotation').xs[0]).toBeCloseTo(LEFT + 15, 2);
    const set = layoutQuote({ firstLineIndent: { value: 3, unit: 'em' } });
    expect(runOf(set, 'A quotation').xs[0]).toBeCloseTo(LEFT + 30, 2);
    expect(quoteRuns(set)[1]!.xs[0]).toBeCloseTo(LEFT, 2);
    // The body paragraph after it keeps the body's 15 pt.
    expect(runOf(set, 'A body paragraph after').xs[0]).toBeCloseTo(LEFT + 15, 2);
    expect(runOf(layoutQuote({ firstLineIndent: { value: 0, unit: 'pt' } }), 'A quotation').xs[0]).toBeCloseTo(LEFT, 2);
  });
});
