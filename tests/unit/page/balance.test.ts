/**
 * Column balancing of a chapter's closing page (configuration.md §8.5 `headings.balancing.trailing`):
 * line counts per column checked by hand against cap = ceil(Σ lines / N).
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine';
import { DEFAULT_RUNT_RULES } from '../../../src/worker/engine/settings';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, oneChapterBook, run, runs } from './helpers';

/**
 * Grid rows each column of a page takes down to its deepest line (a heading at a column's head
 * counts with the rows it covers): row k's baseline is contentTop + first baseline + k × pitch.
 */
function linesPerColumn(settings: LayoutSettings, page: PageDisplayList): number[] {
  const frame = pageFrame(settings, page.index);
  const pitch = settings.body.lineHeight;
  const body = runs(page).filter((r) => r.line?.role === 'body');
  // The first row's baseline offset: body baselines sit on the grid, so any of them gives it modulo the pitch.
  const offset = ((body[0]!.y - frame.contentTop) % pitch + pitch) % pitch;
  const deepest = Array.from({ length: settings.columns }, () => -1);
  for (const r of body) {
    const c = columnOf(settings, page, r.xs[0]!);
    deepest[c] = Math.max(deepest[c]!, Math.round((r.y - frame.contentTop - offset) / pitch));
  }
  return deepest.map((row) => row + 1);
}

// Runt tightening (bodyText.tightenRunts) off: these seeds were picked for the levers, and a paragraph
// tightened one line shorter changes which columns come out short (lever 7 may then set it back).
const untightened = (): LayoutSettings => {
  const s = defaultSettings();
  s.body.runts = { ...DEFAULT_RUNT_RULES, tighten: false };
  return s;
};

const source = (seed: number, paragraphs: number) => {
  const random = mulberry32(seed);
  return `# Closing\n\n${Array.from({ length: paragraphs }, () => paragraph(random)).join('\n\n')}\n`;
};

describe('closing-page balancing (headings.balancing.trailing)', () => {
  it('cuts the closing page level: every column but the last holds ceil(Σ/N) lines, the last the rest (two columns)', () => {
    let unbalanced = 0;
    for (const [seed, count] of [[1, 14], [2, 20], [3, 9], [4, 33]] as const) {
      const on = untightened();
      const off = { ...untightened(), balancing: { enabled: false, trailing: false } };
      const balanced = run(oneChapterBook(source(seed, count), on));
      const plain = run(oneChapterBook(source(seed, count), off));
      expect(balanced.pages.length, `seed ${seed}`).toBe(plain.pages.length);
      const before = linesPerColumn(off, plain.pages[plain.pages.length - 1]!);
      const after = linesPerColumn(on, balanced.pages[balanced.pages.length - 1]!);
      const total = before.reduce((a, b) => a + b, 0);
      if (Math.max(...before) - Math.min(...before) <= 1) {
        expect(after, `seed ${seed}: already level, left alone`).toEqual(before);
        continue;
      }
      const cap = Math.ceil(total / 2);
      // The first column is cut at the cap; the split rules (2 lines each side, keep-with-next)
      // may move its last line or the cap up by a retry line or three. Never a long first column.
      expect(Math.abs(after[0]! - cap), `seed ${seed}: ${before} → ${after}`).toBeLessThanOrEqual(3);
      expect(Math.max(...after) - Math.min(...after), `seed ${seed}: ${before} → ${after}`).toBeLessThanOrEqual(3);
      unbalanced++;
      // Pages before the closing one are untouched.
      for (let i = 0; i < plain.pages.length - 1; i++) expect(balanced.pages[i]).toEqual(plain.pages[i]);
    }
    expect(unbalanced, 'the seeds give closing pages to balance').toBeGreaterThan(1);
  });

  it('balances three columns (layoutType multiple) and keeps the lines on the grid', () => {
    const settings = { ...defaultSettings(), columns: 3 };
    const layout = run(oneChapterBook(source(5, 10), settings));
    const page = layout.pages[layout.pages.length - 1]!;
    const lines = linesPerColumn(settings, page);
    const total = lines.reduce((a, b) => a + b, 0);
    const cap = Math.ceil(total / 3);
    expect(lines[0]! - cap).toBeGreaterThanOrEqual(0);
    expect(lines[0]! - cap).toBeLessThanOrEqual(3);
    expect(lines[2]!).toBeGreaterThan(0);
    const frame = pageFrame(settings, page.index);
    const first = Math.min(...runs(page).filter((r) => r.line?.role === 'body').map((r) => r.y));
    for (const r of runs(page)) {
      if (r.line?.role !== 'body' || columnOf(settings, page, r.xs[0]!) === 0) continue;
      const k = (r.y - first) / settings.body.lineHeight;
      expect(Math.abs(k - Math.round(k)) * settings.body.lineHeight, r.text).toBeLessThan(0.01);
      expect(r.y).toBeLessThan(frame.contentTop + frame.contentHeight);
    }
  });

  it('is off with headings.balancing.enabled false, and in one column', () => {
    const off = { ...defaultSettings(), balancing: { enabled: false, trailing: true } };
    const layout = run(oneChapterBook(source(6, 4), off));
    const lines = linesPerColumn(off, layout.pages[layout.pages.length - 1]!);
    expect(lines[1]).toBe(0); // the chapter's few lines stay in the first column
    const single = { ...defaultSettings(), columns: 1 };
    expect(run(oneChapterBook(source(6, 4), single)).pages.length).toBeGreaterThan(0);
  });
});

describe('balancing counts the columns of the section being balanced', () => {
  /** A document of `documentColumns` whose chapter is a styled section of `sectionColumns`. */
  const sectioned = (documentColumns: number, sectionColumns: number, on: boolean): LayoutSettings => {
    const s = { ...defaultSettings(), columns: documentColumns, ...(on ? {} : { balancing: { enabled: false, trailing: false } }) };
    s.headingStyles = { wide: { numbered: true, toc: true, layout: { columns: sectionColumns, gutter: s.gutter } } };
    return s;
  };
  const styledSource = (seed: number, paragraphs: number) => {
    const random = mulberry32(seed);
    return `# Closing {style="wide"}\n\n${Array.from({ length: paragraphs }, () => paragraph(random)).join('\n\n')}\n`;
  };

  it('a two-column section in a one-column book has its closing page cut level', () => {
    let checked = 0;
    for (const [seed, count] of [[1, 14], [2, 20], [3, 9]] as const) {
      const plain = run(oneChapterBook(styledSource(seed, count), sectioned(1, 2, false)));
      const balanced = run(oneChapterBook(styledSource(seed, count), sectioned(1, 2, true)));
      const geometry = { ...defaultSettings(), columns: 2 };
      const before = linesPerColumn(geometry, plain.pages[plain.pages.length - 1]!);
      const after = linesPerColumn(geometry, balanced.pages[balanced.pages.length - 1]!);
      if (Math.max(...before) - Math.min(...before) <= 1) continue;
      checked++;
      const cap = Math.ceil(before.reduce((a, b) => a + b, 0) / 2);
      expect(Math.abs(after[0]! - cap), `seed ${seed}: ${before} → ${after}`).toBeLessThanOrEqual(3);
      expect(Math.max(...after) - Math.min(...after), `seed ${seed}: ${before} → ${after}`).toBeLessThanOrEqual(3);
    }
    expect(checked, 'the seeds give unlevel closing pages').toBeGreaterThan(0);
  });

  it('a three-column section in a two-column book is balanced over three columns', () => {
    const settings = sectioned(2, 3, true);
    const layout = run(oneChapterBook(styledSource(5, 10), settings));
    const geometry = { ...defaultSettings(), columns: 3 };
    const lines = linesPerColumn(geometry, layout.pages[layout.pages.length - 1]!);
    const cap = Math.ceil(lines.reduce((a, b) => a + b, 0) / 3);
    expect(lines[2]!, `${lines}`).toBeGreaterThan(0);
    expect(Math.abs(lines[0]! - cap), `${lines}`).toBeLessThanOrEqual(3);
    expect(Math.abs(lines[1]! - cap), `${lines}`).toBeLessThanOrEqual(3);
  });
});
