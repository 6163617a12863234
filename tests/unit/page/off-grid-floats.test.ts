import { describe, expect, it } from 'vitest';
import { prepareResources, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { expectOpeningEditEqualsFull, inkExtent, run, runs } from './helpers';
import { citingRows, OFF_GRID_LEADING, offGridSettings } from './off-grid-lines';

/**
 * Floats cited by lines off the grid, reserved at the column's foot before the lines are set, as
 * placeOnGrid reserves them (page README rules: "a line's first-cited notes, and the floats it cites
 * that can take the foot of its column, are reserved before the line is placed").
 */

const SVG = (fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="${fill}"/></svg>`);
const RED = '#ff0000';

/** The float filled `fill`, each time it is drawn: its page and frame (pt). */
const drawn = (pages: readonly PageDisplayList[], fill: string) => pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path && i.fill === fill).map((i) => ({ page: p, frame: i.frame! })));

describe('a drop cap\'s lines off the grid and the bottom float their first line cites', () => {
  // 7 pt type on 9 pt lines (off the 12 pt body grid) with a three-line drop cap: its lines kept in one column (§6.7).
  const settings = (leading: number) => settingsFromConfig({ layout: { layoutType: 'single' }, paragraphStyles: [{ id: 'capped', dropCap: { lines: 3 }, fontSize: { value: 7, unit: 'pt' }, lineHeight: { value: leading, unit: 'pt' } }] } as never);
  const TEXT = 'Once upon a time there was a typesetter who set every line of a long book by hand, letter by letter, and who loved the large initials that opened each chapter of the books on the shelf above the case of type, and he never tired of the work. He set them in the morning, proofed them at noon and printed them in the evening, and the days were long and the light was poor, and still he set one more line before the lamp went out and one more after.';
  /** `rows` body rows on the grid, then the styled paragraph, its first line citing `red` (bottom) unless `cites` is false. */
  const source = (rows: number, cites = true) => `${citingRows(rows, -1, '')}\n\n:::paragraphs{style="capped"}\n${cites ? TEXT.replace('a time', 'a time :ref{id="red"}') : TEXT}\n:::\n\nAfter.\n`;
  const book = (text: string, leading = OFF_GRID_LEADING): BookInput => ({
    title: 'T',
    settings: settings(leading),
    chapters: [{ id: 'ch1', title: '', source: text }],
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'bottom' } as never }, payload: SVG(RED) }], {}),
  });
  /** Page of the initial (set larger than the text), the pages of the three lines beside it, the float's page and frame. */
  const read = (pages: readonly PageDisplayList[]) => {
    const initial = pages.find((p) => runs(p).some((r) => r.line?.role === 'body' && r.size > 8))!;
    const styled = pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body' && r.size < 7.5).map((r) => ({ page: p.index, y: r.y })));
    const lines = [...new Map(styled.map((l) => [`${l.page}|${l.y}`, l])).values()].slice(0, 3);
    return { initial: initial.index, lines: lines.map((l) => l.page), red: drawn(pages, RED) };
  };

  it('the initial and its lines share a page, the float at a foot under them — the paragraph moves on with the float when both do not fit (before: its third line went on alone, the float taking its place)', () => {
    let movedForFloat = 0;
    for (let rows = 28; rows <= 44; rows++) {
      const at = read(run(book(source(rows))).pages);
      expect(at.lines, `${rows} rows`).toEqual([at.initial, at.initial, at.initial]);
      expect(at.red, `${rows} rows`).toHaveLength(1);
      const red = at.red[0]!;
      // Never before its citing line; every body line on its page above it.
      expect(red.page.index).toBeGreaterThanOrEqual(at.initial);
      for (const r of runs(red.page).filter((r) => r.line?.role === 'body')) expect(r.y, `${rows} rows`).toBeLessThan(red.frame.y);
      // Moved by the float's room: without the citation the paragraph opens on page 0.
      if (at.initial === 1 && red.page.index === 1 && read(run(book(source(rows, false))).pages).initial === 0) movedForFloat++;
    }
    // As on the grid (a 12 pt style: placeOnGrid), some start moves the paragraph on for its float.
    expect(movedForFloat).toBeGreaterThan(0);
  });

  it('on the grid, the same paragraph moves on with its float too (the behaviour matched)', () => {
    let moved = 0;
    for (let rows = 28; rows <= 44; rows++) {
      const at = read(run(book(source(rows), 12)).pages);
      expect(at.lines).toEqual([at.initial, at.initial, at.initial]);
      if (at.initial === 1 && at.red[0]!.page.index === 1 && read(run(book(source(rows, false), 12)).pages).initial === 0) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('incremental == full', () => {
    expectOpeningEditEqualsFull((text) => book(text), source(36));
  });
});

describe('lines off the grid beside a float their line cites, wrapped at the column\'s foot (document-format §12.8)', () => {
  // offGridSettings: one 440 pt column, 7 pt type on 9 pt lines; the picture 0.35 of the column wide at its right.
  const PROSE = Array.from({ length: 160 }, (_, i) => `Sentence ${i} runs on with some words to fill the measure of the line.`).join(' ').replace('Sentence 3 ', 'Sentence 3 :ref{id="red"} ');
  const book = (source: string): BookInput => ({
    title: 'T',
    settings: offGridSettings(),
    chapters: [{ id: 'ch1', title: '', source }],
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'bottom', wrap: 'right', width: 0.35 } as never }, payload: SVG(RED) }], {}),
  });
  const sources: [string, string][] = [
    ['a styled paragraph', `Intro.\n\n:::paragraphs{style="tight"}\n${PROSE}\n:::\n\nAfter.\n`],
    ['a list item in a section with such a bodyStyle', `# Aside {style="aside"}\n\n- ${PROSE}\n`],
  ];
  for (const [name, source] of sources) {
    it(`${name}: the lines after the citing one run beside the float, clear of it, the text going on where it was cut (before: at the full measure, through the picture)`, () => {
      const pages = run(book(source)).pages;
      const red = drawn(pages, RED);
      expect(red).toHaveLength(1);
      const { page, frame } = red[0]!;
      expect(page.index).toBe(0);
      const f = pageFrame(offGridSettings(), 0);
      // At the column's foot, at its right.
      expect(frame.x + frame.w).toBeCloseTo(f.columnX[0]! + f.columnWidths[0]!, 0);
      expect(frame.y + frame.h).toBeGreaterThan(f.contentTop + f.contentHeight - 60);
      const styled = (p: PageDisplayList) => runs(p).filter((r) => r.line?.role === 'body' && r.size < 7.5 && !/^[•–-]$/.test(r.text)); // (not a list marker)
      // The lines level with the picture (their baselines under its top) keep left of it; there are some.
      const beside = styled(page).filter((r) => r.y > frame.y);
      expect(beside.length).toBeGreaterThanOrEqual(5);
      for (const r of beside) expect(inkExtent(r).right, r.text).toBeLessThan(frame.x);
      // The lines above the band at the full measure (justified to the column's right edge).
      expect(Math.max(...styled(page).filter((r) => r.y < frame.y - 30).map((r) => inkExtent(r).right))).toBeGreaterThan(frame.x + frame.w - 2);
      // Re-broken from the cut: every sentence once, in order, across the pages.
      const lines = pages.flatMap((p) => {
        const byY = new Map<number, string>();
        for (const r of styled(p)) byY.set(r.y, byY.has(r.y) ? `${byY.get(r.y)} ${r.text}` : r.text);
        return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
      });
      const text = lines.reduce((all, line) => (all.endsWith('-') ? all.slice(0, -1) + line : `${all} ${line}`), '');
      const numbers = [...text.matchAll(/Sentence (\d+) /g)].map((m) => Number(m[1]));
      expect(numbers).toEqual(Array.from({ length: 160 }, (_, i) => i));
    });
  }
  it('incremental == full', () => {
    expectOpeningEditEqualsFull(book, sources[0]![1]);
  });
});
