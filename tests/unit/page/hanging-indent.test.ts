import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { inkExtent, oneChapterBook, run, runs } from './helpers';

/**
 * Hanging indents: `bodyText.hangingIndent` (configuration.md §6.1: the first line flush, the
 * others `firstLineIndent` in) and `paragraphStyles[id=*].hangingIndent` (§13.1, a length).
 * One column, 10 pt body on a 12 pt grid, the measure 42.520 pt to 240.945 pt (10 cm page, 1.5 cm margins).
 */
const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } };
const CM = 72 / 2.54;
const LEFT = 1.5 * CM;
const RIGHT = 8.5 * CM;
const PAGE = { width: { value: 10, unit: 'cm' }, margins: { left: { value: 1.5, unit: 'cm' }, right: { value: 1.5, unit: 'cm' } } };
const TEXT = 'Garamond set this long entry of the bibliography across several lines of the narrow column so that its turnovers can be measured one by one against the first line of it.';
type Config = Record<string, unknown>;
const layoutOf = (source: string, config: Config = {}, page: Config = PAGE) =>
  run(oneChapterBook(source, settingsFromConfig({ page, layout: { layoutType: 'single' }, ...config, bodyText: { ...BODY, ...(config['bodyText'] as Config | undefined) } } as never)));
type Layout = ReturnType<typeof layoutOf>;
/** The body lines of the block holding `words`, in order, each as its first run. */
const linesOf = (layout: Layout, words: string): (GlyphRunItem & { page: number })[] => {
  const all = layout.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body').map((r) => ({ ...r, page: p.index })));
  const block = all.find((r) => r.text.includes(words))?.line?.block;
  const seen = new Set<string>();
  return all.filter((r) => r.line?.block === block && !seen.has(`${r.page}:${r.y}`) && seen.add(`${r.page}:${r.y}`));
};

describe('bodyText.hangingIndent', () => {
  it('sets the first line flush and the others firstLineIndent (1.5 em = 15 pt) in, still justified to the right edge', () => {
    expect(isApplied('bodyText.hangingIndent')).toBe(true);
    const plain = linesOf(layoutOf(TEXT), 'Garamond');
    expect(plain[0]!.xs[0]).toBeCloseTo(LEFT + 15, 2);
    expect(plain[1]!.xs[0]).toBeCloseTo(LEFT, 2);
    const hung = linesOf(layoutOf(TEXT, { bodyText: { hangingIndent: true } }), 'Garamond');
    expect(hung.length).toBeGreaterThan(2);
    expect(hung[0]!.xs[0]).toBeCloseTo(LEFT, 2);
    for (const line of hung.slice(1)) expect(line.xs[0]).toBeCloseTo(LEFT + 15, 2);
    // A justified turnover still ends at the measure's right edge: its width is the measure less 15 pt.
    expect(inkExtent(hung[1]!).right).toBeCloseTo(RIGHT, 0);
    // A 2 em body indent hangs 20 pt.
    const wider = linesOf(layoutOf(TEXT, { bodyText: { hangingIndent: true, firstLineIndent: { value: 2, unit: 'em' } } }), 'Garamond');
    expect(wider[1]!.xs[0]).toBeCloseTo(LEFT + 20, 2);
  });

  it('keeps the turnovers hung on the next page when the paragraph splits', () => {
    // 10 grid lines a page: the paragraph goes on at the top of the second page.
    const page = { ...PAGE, height: { value: 220, unit: 'pt' }, margins: { ...PAGE.margins, top: { value: 50, unit: 'pt' }, bottom: { value: 50, unit: 'pt' } } };
    const long = [TEXT, TEXT, TEXT].join(' ');
    const lines = linesOf(layoutOf(long, { bodyText: { hangingIndent: true } }, page), 'Garamond');
    const onSecond = lines.filter((l) => l.page === 1);
    expect(onSecond.length).toBeGreaterThan(1);
    for (const line of onSecond) expect(line.xs[0]).toBeCloseTo(LEFT + 15, 2);
  });
});

describe('bodyText.hangingIndent inside a callout box', () => {
  it('hangs a box paragraph\'s turnovers as running text does, from the box\'s inner start edge', () => {
    const source = [':::callout{type="note"}', TEXT, '', TEXT.replace('Garamond', 'Bembo'), ':::'].join('\n');
    const plain = linesOf(layoutOf(source), 'Bembo');
    const hung = linesOf(layoutOf(source, { bodyText: { hangingIndent: true } }), 'Bembo');
    expect(hung.length).toBeGreaterThan(2);
    // Without it, the box's second paragraph is indented 15 pt and its turnovers flush at the box's
    // inner edge; with it, the first line is at that edge and every turnover 15 pt (1.5 em) in.
    const inner = plain[1]!.xs[0]!;
    expect(plain[0]!.xs[0]).toBeCloseTo(inner + 15, 2);
    expect(hung[0]!.xs[0]).toBeCloseTo(inner, 2);
    for (const line of hung.slice(1)) expect(line.xs[0]).toBeCloseTo(inner + 15, 2);
    // The box's first paragraph hangs too (running text's first paragraph after a heading does).
    const first = linesOf(layoutOf(source, { bodyText: { hangingIndent: true } }), 'Garamond');
    expect(first[0]!.xs[0]).toBeCloseTo(inner, 2);
    expect(first[1]!.xs[0]).toBeCloseTo(inner + 15, 2);
  });
});

describe('paragraphStyles[id=*].hangingIndent', () => {
  const source = [':::paragraphs{style="bib"}', TEXT, ':::'].join('\n');
  it('hangs the lines after the first by the style\'s length; the first is flush unless the style sets firstLineIndent', () => {
    expect(isApplied('paragraphStyles[id=*].hangingIndent')).toBe(true);
    const hung = linesOf(layoutOf(source, { paragraphStyles: [{ id: 'bib', hangingIndent: { value: 2, unit: 'em' } }] }), 'Garamond');
    expect(hung[0]!.xs[0]).toBeCloseTo(LEFT, 2);
    for (const line of hung.slice(1)) expect(line.xs[0]).toBeCloseTo(LEFT + 20, 2);
    // With the style's own indent 1 em (10 pt) everything moves in by it, and its own firstLineIndent 0.5 em applies.
    const own = linesOf(layoutOf(source, { paragraphStyles: [{ id: 'bib', indent: { value: 1, unit: 'em' }, firstLineIndent: { value: 0.5, unit: 'em' }, hangingIndent: { value: 2, unit: 'em' } }] }), 'Garamond');
    expect(own[0]!.xs[0]).toBeCloseTo(LEFT + 15, 2);
    expect(own[1]!.xs[0]).toBeCloseTo(LEFT + 30, 2);
    // Without a hanging indent the style follows the body's 15 pt first-line indent.
    const plain = linesOf(layoutOf(source, { paragraphStyles: [{ id: 'bib' }] }), 'Garamond');
    expect(plain[0]!.xs[0]).toBeCloseTo(LEFT + 15, 2);
    expect(plain[1]!.xs[0]).toBeCloseTo(LEFT, 2);
  });
});
