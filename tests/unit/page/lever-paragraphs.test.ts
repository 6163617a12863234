/**
 * Balancing lever (7), `looseParagraph` (configuration.md §8.5 "re-break the longest paragraph
 * one line looser within maxWordSpacing"; page/lever-paragraphs.ts): what the whole-line levers
 * leave of a short column's gap goes to paragraphs set one line longer, spaces within the bounds,
 * recorded in `ChapterLayout.levers`.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { defaultSettings, EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { DEFAULT_RUNT_RULES } from '../../../src/worker/engine/settings';
import { loosenParagraphs, looseParagraphLimit, trackedSetting, trackingLimit, trackLine, withinWordSpacing, type LooseParagraph } from '../../../src/worker/engine/page/lever-paragraphs';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import type { LeverPoint } from '../../../src/worker/engine/page/levers';
import { runSizeIndex, type SetLine } from '../../../src/worker/engine/paragraph/lines';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type DisplayItem, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, oneChapterBook, run, runs } from './helpers';

/** Only lever (7): the whole-line levers and the closing page's balance off, so the gap is the paragraphs'. */
// Runt tightening (bodyText.tightenRunts) off: these seeds were picked for the levers, and a paragraph
// tightened one line shorter changes which columns come out short (lever 7 may then set it back).
const untightened = (): LayoutSettings => {
  const s = defaultSettings();
  s.body.runts = { ...DEFAULT_RUNT_RULES, tighten: false };
  return s;
};
const looseOnly = (loose: boolean, enabled = true, track = false): LayoutSettings => ({
  ...untightened(), columns: 1,
  balancing: { enabled, trailing: false, maxLinesPerHeading: 0, stretchAfterLists: false, stretchAfterFloats: false, closingBox: 'off', looseParagraphs: loose, trackParagraphs: track },
});

function source(seed: number): string {
  const random = mulberry32(seed);
  const parts: string[] = ['# Chapter'];
  for (let s = 0; s < 8; s++) parts.push(`## Section ${s} of the chapter`, ...Array.from({ length: 2 + (s % 3) }, () => paragraph(random)));
  return parts.join('\n\n');
}

const bodyRuns = (settings: LayoutSettings, page: PageDisplayList, c: number): GlyphRunItem[] =>
  runs(page).filter((r) => r.line && (r.line.role === 'body' || r.line.role === 'heading') && columnOf(settings, page, r.xs[0]!) === c);
/** Lines (distinct baselines) of one block in a column. */
const linesOf = (column: readonly GlyphRunItem[], block: string): number => new Set(column.filter((r) => r.line?.block === block).map((r) => r.y)).size;
/** Word spacing of a justified line, × normal space, from its ratio (paragraph/items.ts glue: stretch max − 1, shrink 1 − min). */
const spacing = (ratio: number, s: LayoutSettings): number => (ratio >= 0 ? 1 + ratio * (s.body.maxWordSpacing - 1) : 1 + ratio * (1 - s.body.minWordSpacing));

describe('lever (7): a paragraph one line looser levels a short column (headings.balancing §8.5)', () => {
  it('sets a paragraph of the short column one line longer, spaces within the bounds, and records it; the next column is untouched', () => {
    const pitch = defaultSettings().body.lineHeight;
    let fired = 0;
    for (const seed of [1, 2, 3, 4]) {
      const text = source(seed);
      const before = run(oneChapterBook(text, looseOnly(false)));
      const after = run(oneChapterBook(text, looseOnly(true)));
      expect(before.chapters[0]!.levers ?? [], 'levers off: none recorded').toEqual([]);
      expect(after.pages.length, `seed ${seed}`).toBe(before.pages.length);
      for (const lever of after.chapters[0]!.levers ?? []) {
        expect(lever.lever).toBe('looseParagraph');
        expect(lever.lines).toBe(1);
        fired++;
        const p = lever.pageIndex;
        const s = looseOnly(true);
        const a = bodyRuns(s, before.pages[p]!, lever.column);
        const b = bodyRuns(s, after.pages[p]!, lever.column);
        // One line more for that paragraph, in the same column.
        expect(linesOf(b, lever.block), `seed ${seed} page ${p}`).toBe(linesOf(a, lever.block) + 1);
        // The same blocks in the column, in the same order: only the paragraph's breaks changed.
        const blocks = (rs: readonly GlyphRunItem[]) => [...new Set(rs.map((r) => r.line!.block))];
        expect(blocks(b)).toEqual(blocks(a));
        // Every line of the loosened paragraph within minWordSpacing … maxWordSpacing.
        for (const r of b.filter((r) => r.line?.block === lever.block)) {
          const w = spacing(r.line!.ratio, s);
          expect(w).toBeLessThanOrEqual(s.body.maxWordSpacing + 1e-3);
          expect(w).toBeGreaterThanOrEqual(s.body.minWordSpacing - 1e-3);
          expect(r.line!.ragged).toBeUndefined();
        }
        // The column ends lower by one line per paragraph loosened in it, still inside the page.
        const inColumn = (after.chapters[0]!.levers ?? []).filter((l) => l.pageIndex === p && l.column === lever.column).length;
        const deepest = (rs: readonly GlyphRunItem[]) => Math.max(...rs.map((r) => r.y));
        expect(deepest(b) - deepest(a)).toBeCloseTo(inColumn * pitch, 3);
        // What flows on is unchanged: the next column (or page) sets the same text at the same places.
        const next = lever.column + 1 < s.columns ? { page: p, column: lever.column + 1 } : { page: p + 1, column: 0 };
        const strip = (rs: readonly GlyphRunItem[]) => rs.map((r) => `${r.text}@${r.y}`);
        expect(strip(bodyRuns(s, after.pages[next.page]!, next.column))).toEqual(strip(bodyRuns(s, before.pages[next.page]!, next.column)));
      }
    }
    expect(fired, 'the seeds give short columns a paragraph can level').toBeGreaterThan(0);
  });

  it('nothing changes with the lever off: looseParagraphs false, balancing off, or first-fit breaking', () => {
    const text = source(2);
    const offSettings = looseOnly(false);
    expect(dump(run(oneChapterBook(text, looseOnly(true, false))))).toBe(dump(run(oneChapterBook(text, looseOnly(false, false)))));
    const firstFit = (loose: boolean): LayoutSettings => ({ ...looseOnly(loose), body: { ...offSettings.body, optimalLineBreaking: false } });
    const greedy = run(oneChapterBook(text, firstFit(true)));
    expect(greedy.chapters[0]!.levers ?? []).toEqual([]);
    expect(dump(greedy)).toBe(dump(run(oneChapterBook(text, firstFit(false)))));
  });

  it('with trackParagraphs, a paragraph its spaces cannot lengthen is letter-spaced, never past maxTracking, inside the measure', () => {
    let tracked = 0;
    for (const seed of [2, 7]) {
      const text = source(seed);
      const plain = run(oneChapterBook(text, looseOnly(true, true, false)));
      for (const maxTracking of [10, 5]) {
        const settings: LayoutSettings = { ...looseOnly(true, true, true), balancing: { ...looseOnly(true, true, true).balancing!, maxTracking } };
        const after = run(oneChapterBook(text, settings));
        for (const lever of (after.chapters[0]!.levers ?? []).filter((l) => l.tracking !== undefined)) {
          tracked++;
          expect(lever.tracking!, `seed ${seed}`).toBeGreaterThan(0);
          expect(lever.tracking!).toBeLessThanOrEqual(maxTracking);
          // Spaces alone could not do it: without tracking that paragraph is not loosened.
          expect((plain.chapters[0]!.levers ?? []).some((l) => l.block === lever.block)).toBe(false);
          const a = bodyRuns(settings, plain.pages[lever.pageIndex]!, 0);
          const b = bodyRuns(settings, after.pages[lever.pageIndex]!, 0);
          expect(linesOf(b, lever.block)).toBe(linesOf(a, lever.block) + 1);
          // Its glyphs stay inside the column (the last glyph starts before the right edge).
          const frame = pageFrame(settings, lever.pageIndex);
          for (const r of b.filter((r) => r.line?.block === lever.block)) {
            expect(Math.max(...r.xs)).toBeLessThan(frame.columnX[0]! + frame.columnWidths[0]!);
            expect(Math.min(...r.xs)).toBeGreaterThanOrEqual(frame.columnX[0]! - 1e-6);
          }
        }
      }
    }
    expect(tracked, 'the seeds have a paragraph only tracking lengthens').toBeGreaterThan(0);
    expect(trackingLimit(settingsFromConfig({}))).toBeCloseTo(0.01, 9);
    expect(trackingLimit(settingsFromConfig({ headings: { balancing: { trackParagraphs: false } } }))).toBe(0);
  });

  it('incremental layout equals a full one after an edit below a loosened paragraph', () => {
    const settings = looseOnly(true, true, true);
    const text = source(7);
    const cache = new EngineCache();
    const first = run(oneChapterBook(text, settings), cache);
    expect((first.chapters[0]!.levers ?? []).some((l) => l.tracking !== undefined), 'the fixture tracks a paragraph').toBe(true);
    const edited = text.replace(/## Section 6 of the chapter/, '## Section six of the chapter, renamed');
    expect(edited).not.toBe(text);
    expect(dump(run(oneChapterBook(edited, settings), cache))).toBe(dump(run(oneChapterBook(edited, settings))));
  });

  it('reads looseParagraphs / maxLooseParagraphs (default on, 2; off without optimal line breaking)', () => {
    expect(looseParagraphLimit(settingsFromConfig({}))).toBe(2);
    expect(looseParagraphLimit(settingsFromConfig({ headings: { balancing: { maxLooseParagraphs: 1 } } }))).toBe(1);
    expect(looseParagraphLimit(settingsFromConfig({ headings: { balancing: { looseParagraphs: false } } }))).toBe(0);
    expect(looseParagraphLimit(settingsFromConfig({ headings: { balancing: { enabled: false } } }))).toBe(0);
    expect(looseParagraphLimit(settingsFromConfig({ bodyText: { optimalLineBreaking: false } }))).toBe(0);
    // Declared applied, so a book setting them gets no settingNotApplied warning (gridLines, on a CJK grid, too: engine/settings-cjk-grid.ts).
    for (const field of ['looseParagraphs', 'maxLooseParagraphs', 'trackParagraphs', 'maxTracking', 'gridLines']) expect(isApplied(`headings.balancing.${field}`), field).toBe(true);
  });
});

describe('loosenParagraphs (the lever on a column\'s items)', () => {
  const run1 = (y: number, block: string): GlyphRunItem => ({ op: Op.GlyphRun, font: 'f', size: 10, fill: '#000000', y, glyphs: [1], xs: [0], text: 'x', clusters: [0], chapter: 'c', srcFrom: 0, line: { block, role: 'body', ratio: 0 } });
  const line = (ratio: number, extra: Partial<SetLine> = {}): SetLine => ({ runs: [], width: 100, ratio, hyphenated: false, ragged: false, emergency: false, srcFrom: 0, srcTo: 0, ...extra });
  /** A paragraph point drawn at items [item, item + lines), one run per line at 12 pt pitch from y0. */
  function point(item: number, block: string, lines: number, y0: number, set: readonly SetLine[]): LeverPoint {
    return {
      kind: 'looseParagraph', item, block, rank: 0,
      loose: { count: lines, lines, firstY: y0, justify: true, measure: 100, em: 10, ltr: true, reset: () => set, draw: (ls, dy) => ls.map((_, i) => run1(y0 + dy + 12 * i, block)) },
    };
  }

  it('loosens the longest paragraph first, at most `most`, moving what follows one line; later points follow', () => {
    // a: 2 lines at y 0, 12; b: 3 lines at y 24, 36, 48; then a rule at y 60.
    const items: DisplayItem[] = [run1(0, 'a'), run1(12, 'a'), run1(24, 'b'), run1(36, 'b'), run1(48, 'b'), { op: Op.Rule, x1: 0, y1: 60, x2: 10, y2: 60, width: 1, stroke: '#000000' }];
    const points = [point(0, 'a', 2, 0, [line(0.5), line(0.9), line(0)]), point(2, 'b', 3, 24, [line(0.2), line(0.4), line(0.8), line(0)])];
    expect(loosenParagraphs(points, items, 3, 1, 12)).toEqual([0, 1]);
    expect(items.map((i) => (i.op === Op.GlyphRun ? `${i.line!.block}${i.y}` : i.op === Op.Rule ? `rule${i.y1}` : '?'))).toEqual(['a0', 'a12', 'b24', 'b36', 'b48', 'b60', 'rule72']);
    expect(points[1]!.loose!.lines).toBe(4);
  });

  it('leaves a paragraph whose looser setting passes maxWordSpacing, does not gain exactly one line, or has a path after it', () => {
    const items = (): DisplayItem[] => [run1(0, 'a'), run1(12, 'a')];
    expect(loosenParagraphs([point(0, 'a', 2, 0, [line(1.2), line(0.3), line(0)])], items(), 2, 2, 12)).toEqual([0]);
    expect(loosenParagraphs([point(0, 'a', 2, 0, [line(0.5), line(0.5), line(0.2), line(0)])], items(), 2, 2, 12)).toEqual([0]);
    expect(loosenParagraphs([point(0, 'a', 2, 0, [line(0.5), line(0.5), line(0)])], [...items(), { op: Op.Path, d: 'M0 0' }], 2, 2, 12)).toEqual([0]);
    expect(loosenParagraphs([point(0, 'a', 2, 0, [line(0.5), line(0.5), line(0)])], items(), 0, 2, 12)).toEqual([0]);
  });

  it('asks for each looser or narrower setting with what it keeps, so a setter sets the lines of no other (TextRequest.accept)', () => {
    const items = (): DisplayItem[] => [run1(0, 'a'), run1(12, 'a')];
    const shape = (ratio: number, extra: Partial<SetLine> = {}) => ({ ratio, ragged: false, emergency: false, ...extra });
    const accepts: ((shapes: readonly { ratio: number; ragged: boolean; emergency: boolean }[]) => boolean)[] = [];
    const asked: [number, number, boolean][] = [];
    const clusters = Array.from({ length: 51 }, (_, i) => i);
    const clustered = { fontId: 'f', sizeIndex: runSizeIndex(10), colour: '#000000', glyphs: clusters.map(() => 1), xs: clusters.map((c) => 2 * c), text: 'x'.repeat(51), clusters, offsets: clusters } as unknown as SetLine['runs'][number];
    // A setter that honours accept, as the engine's does: a refused setting comes back without lines.
    const honouring = (lines: readonly SetLine[]): LeverPoint => {
      const p = point(0, 'a', 2, 0, lines);
      p.loose = { ...p.loose!, reset: (narrower, looseness, accept) => {
        asked.push([narrower, looseness, accept !== undefined]);
        if (accept) accepts.push(accept);
        return narrower === 0 && looseness === 0 ? [line(0.5, { runs: [clustered] }), line(0)] : accept && !accept(lines) ? [] : lines;
      } };
      return p;
    };
    expect(loosenParagraphs([honouring([line(0.5), line(0.9), line(0)])], items(), 2, 2, 12)).toEqual([1]);
    expect(asked).toEqual([[0, 1, true]]);
    const fits = accepts[0]!;
    expect(fits([shape(0.5), shape(1), shape(0)])).toBe(true);
    expect(fits([shape(0.5), shape(0)])).toBe(false); // not one line more
    expect(fits([shape(0.5), shape(0.5), shape(0.5), shape(0)])).toBe(false);
    expect(fits([shape(1.01), shape(0.2), shape(0)])).toBe(false); // past maxWordSpacing
    expect(fits([shape(-1.01), shape(0.2), shape(0)])).toBe(false); // past minWordSpacing
    expect(fits([shape(0.5, { ragged: true }), shape(0.2), shape(0)])).toBe(false);
    expect(fits([shape(0.5), shape(0.2, { emergency: true }), shape(0)])).toBe(false);
    // Refused by its setter, the paragraph stays; with tracking the narrower tries ask the same
    // (the paragraph at its own measure is asked for without, to count its clusters).
    asked.length = 0;
    expect(loosenParagraphs([honouring([line(1.2), line(0.3), line(0)])], items(), 2, 2, 12, 0.01)).toEqual([0]);
    expect(asked[0]).toEqual([0, 1, true]);
    expect(asked[1]).toEqual([0, 0, false]);
    // 0.9 then 0.6 of 10/1000 em × 10 pt × 50 gaps = 4.5 and 3 pt narrower, as placed and one looser.
    expect(asked.slice(2).map(([narrower, looseness, accept]) => [Math.round(narrower * 1000) / 1000, looseness, accept])).toEqual([[4.5, 0, true], [4.5, 1, true], [3, 0, true], [3, 1, true]]);
  });

  it('word-spacing bounds: ratio −1 … 1, no ragged or emergency line (ragged text only the last)', () => {
    expect(withinWordSpacing([line(1), line(-1), line(0)], true)).toBe(true);
    expect(withinWordSpacing([line(1.01)], true)).toBe(false);
    expect(withinWordSpacing([line(-1.01)], true)).toBe(false);
    expect(withinWordSpacing([line(0.3, { ragged: true })], true)).toBe(false);
    expect(withinWordSpacing([line(0.3, { emergency: true })], false)).toBe(false);
    expect(withinWordSpacing([line(5)], false)).toBe(true);
  });
});

describe('tracking (lever 7, trackParagraphs)', () => {
  const glyphRun = (xs: number[], clusters: number[], text = 'abc') => ({ fontId: 'f', sizeIndex: runSizeIndex(10), colour: '#000000', glyphs: xs.map(() => 1), xs, text, clusters, offsets: clusters });
  const setLine = (width: number, runs: SetLine['runs']): SetLine => ({ runs, width, ratio: 0.5, hyphenated: false, ragged: false, emergency: false, srcFrom: 0, srcTo: 0 });

  it('trackLine adds the spacing after every cluster but the last (the glyphs of a ligature move together)', () => {
    const line = setLine(30, [glyphRun([0, 5, 10], [0, 1, 1]), glyphRun([20, 25], [0, 1], 'de')]);
    const out = trackLine(line, 1);
    expect(out.runs.map((r) => r.xs)).toEqual([[0, 6, 11], [22, 28]]);
    expect(out.width).toBe(33);
  });

  it('sets the paragraph narrower by 0.9 of what the limit gives back, then spaces each line out to the measure', () => {
    // 51 clusters a line, measure 100 pt, 10 pt type, 10/1000 em: 0.1 pt a cluster, narrower by 0.9 × 0.1 × 50 = 4.5 pt.
    const clusters = Array.from({ length: 51 }, (_, i) => i);
    const lineAt = (width: number): SetLine => setLine(width, [glyphRun(clusters.map((c) => c * (width / 51)), clusters, 'x'.repeat(51))]);
    const asked: [number, number][] = [];
    const loose: LooseParagraph = {
      count: 2, lines: 2, firstY: 0, justify: true, measure: 100, em: 10, ltr: true, draw: () => [],
      reset: (narrower, looseness) => {
        asked.push([narrower, looseness]);
        return narrower === 0 ? [lineAt(100), lineAt(40)] : [lineAt(100 - narrower), lineAt(100 - narrower), lineAt(20)];
      },
    };
    const result = trackedSetting(loose, 0.01)!;
    expect(asked[1]![0]).toBeCloseTo(4.5, 9);
    expect(result.lines).toHaveLength(3);
    // 4.5 pt over 50 gaps: 0.09 pt = 9/1000 em, within the 10 allowed; the lines end at the measure.
    expect(result.tracking).toBeCloseTo(9, 6);
    expect(result.lines[0]!.width).toBeCloseTo(100, 6);
    expect(result.lines[2]!.width).toBeCloseTo(20 + 50 * 0.09, 6);
    // A limit too small for the gap: lines that come back 4.5 pt short need 0.09 pt a cluster, past 8/1000 em (0.08 pt): nothing.
    const tight: LooseParagraph = { ...loose, reset: (narrower) => (narrower === 0 ? [lineAt(100), lineAt(40)] : [lineAt(95.5), lineAt(95.5), lineAt(20)]) };
    expect(trackedSetting(tight, 0.008)).toBeNull();
    // Right to left, ragged, or off: never tracked.
    expect(trackedSetting({ ...loose, ltr: false }, 0.01)).toBeNull();
    expect(trackedSetting({ ...loose, justify: false }, 0.01)).toBeNull();
    expect(trackedSetting(loose, 0)).toBeNull();
  });
});
