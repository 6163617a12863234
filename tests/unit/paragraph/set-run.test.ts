/**
 * Set runs keep their words' shaping views and pens, not glyph arrays (paragraph/set-run.ts): the
 * arrays are computed when read. These tests hold the contract readers rely on — the run reads,
 * copies (`plainRun`) and serialises as the plain run with three arrays it replaced, whatever was
 * read before it — and that neither a set run nor the display-list item drawn from it keeps an
 * array per glyph.
 * That the computed numbers are the ones the copy held, to the bit, is what the golden display
 * lists check (tests/unit/golden: unchanged by this representation).
 */
import { describe, expect, it } from 'vitest';
import { movedRun } from '../../../src/worker/engine';
import { glyphRun } from '../../../src/worker/engine/page/paginate';
import { roundPt } from '../../../src/worker/protocol/displaylist';
import type { LineRun, SetLine } from '../../../src/worker/engine/paragraph/lines';
import { clusterStarts, plainRun, SetRun } from '../../../src/worker/engine/paragraph/set-run';
import { clusterCount, trackLine } from '../../../src/worker/engine/paragraph/tracking';
import { ShapedGlyphs } from '../../../src/worker/engine/fonts/shaped-glyphs';
import { nodeFontRegistry } from '../../support/node-world';
import { set, textInline } from './helpers';

const fonts = nodeFontRegistry();
const arabicFonts = nodeFontRegistry(['Amiri']);

const TEXT = 'Several words in a paragraph long enough to be broken into more than one line, with a hyphenation or two in its considerable vocabulary.';

function lines(text: string, options: { direction?: 'ltr' | 'rtl'; language?: string; family?: string } = {}): SetLine[] {
  return set(fonts, [textInline(text)], { measure: 140, ...options });
}

/** The run's arrays as plain copies (what a reader holding them would see). */
function arrays(run: LineRun): { glyphs: number[]; xs: number[]; clusters: number[]; dys: number[] | undefined } {
  return { glyphs: [...run.glyphs], xs: [...run.xs], clusters: [...run.clusters], dys: run.dys ? [...run.dys] : undefined };
}

describe('set runs compute their glyph arrays when read', () => {
  it('keep no glyph array: glyphs, xs and clusters are the class’s accessors', () => {
    const runs = lines(TEXT).flatMap((line) => line.runs);
    expect(runs.length).toBeGreaterThan(3);
    for (const run of runs) {
      expect(run).toBeInstanceOf(SetRun);
      for (const key of ['glyphs', 'xs', 'clusters', 'dys'] as const) {
        expect(Object.getOwnPropertyDescriptor(run, key)).toBeUndefined();
        expect(Object.getOwnPropertyDescriptor(SetRun.prototype, key)!.get).toBeTypeOf('function');
      }
      expect(Object.keys(run)).toEqual(['fontId', 'sizeIndex', 'colour', 'text', 'offsets', 'from', 'hyphen', 'drawn']);
      // No vertical offsets on text set on the baseline.
      expect(run.dys).toBeUndefined();
      expect(run.glyphs.length).toBeGreaterThan(0);
      expect(run.xs.length).toBe(run.glyphs.length);
      expect(run.clusters.length).toBe(run.glyphs.length);
    }
  });

  it('give the same arrays whatever was read before, and to their moved copies', () => {
    const runs = [...lines(TEXT), ...lines('كلمات عربية من اليمين إلى اليسار في سطور عدة متتالية هنا', { direction: 'rtl', language: 'ar' })].flatMap((line) => line.runs);
    expect(runs.some((run) => run.rtl === true)).toBe(true);
    const first = runs.map(arrays);
    // Read again in the reverse order, each after another run's, and through moved copies.
    for (let r = runs.length - 1; r >= 0; r--) {
      const run = runs[r]!;
      void runs[(r + 1) % runs.length]!.xs;
      expect(arrays(run)).toEqual(first[r]);
      const moved = movedRun(run, undefined, (run.from ?? 0) + 7);
      expect(moved).toBeInstanceOf(SetRun);
      expect(moved.from).toBe((run.from ?? 0) + 7);
      void runs[(r + 2) % runs.length]!.glyphs;
      expect(arrays(moved)).toEqual(first[r]);
    }
    // Right to left: text in logical order, glyphs left to right, so clusters never increase.
    for (const run of runs.filter((r) => r.rtl === true)) {
      for (let g = 1; g < run.clusters.length; g++) expect(run.clusters[g]!).toBeLessThanOrEqual(run.clusters[g - 1]!);
    }
  });

  it('copy as plain runs: plainRun (what copies spread) and JSON hold the arrays, in the plain run’s key order', () => {
    const run = lines(TEXT)[1]!.runs[0]!;
    const plain = arrays(run);
    const spread = { ...plainRun(run), colour: '#123456' };
    expect(Object.keys(spread)).toEqual(['fontId', 'sizeIndex', 'colour', 'glyphs', 'xs', 'text', 'clusters', 'offsets', 'from', 'hyphen', 'drawn']);
    expect(spread.glyphs).toEqual(plain.glyphs);
    expect(spread.xs).toEqual(plain.xs);
    expect(spread.clusters).toEqual(plain.clusters);
    expect(spread.colour).toBe('#123456');
    const json = JSON.parse(JSON.stringify(run)) as LineRun;
    expect(Object.keys(json)).toEqual(['fontId', 'sizeIndex', 'colour', 'glyphs', 'xs', 'text', 'clusters', 'from', 'hyphen']);
    expect(json.glyphs).toEqual(plain.glyphs);
    expect(json.xs).toEqual(plain.xs);
    // Any other run is its own plain run.
    expect(plainRun(spread)).toBe(spread);
  });

  it('every copy the engine makes of a run with a change holds its arrays (letter spacing: trackLine)', () => {
    const line = lines(TEXT)[0]!;
    const tracked = trackLine(line, 0.5);
    expect(tracked).not.toBe(line);
    line.runs.forEach((run, r) => {
      const copy = tracked.runs[r]!;
      expect(copy.glyphs).toEqual(run.glyphs);
      expect(copy.clusters).toEqual(run.clusters);
      // The line's first glyph stays; every later cluster moves right.
      if (r === 0) expect(copy.xs[0]).toBe(run.xs[0]);
      expect(copy.xs[copy.xs.length - 1]!).toBeGreaterThan(run.xs[run.xs.length - 1]!);
    });
  });

  it('a raised run (superscript) has vertical offsets, read as its other arrays', () => {
    const raised = set(fonts, [textInline('Mass-energy equivalence E=mc'), { ...textInline('2', 27, ['sup'] as never) }, textInline(' holds here.', 28)], { measure: 400 });
    const runs = raised.flatMap((line) => line.runs);
    const shifted = runs.filter((run) => run.dys !== undefined);
    expect(shifted.length).toBeGreaterThan(0);
    for (const run of shifted) {
      expect(run.dys!.length).toBe(run.glyphs.length);
      // Up is negative: the raised glyphs sit above the baseline.
      expect(run.dys!.some((dy) => dy < 0)).toBe(true);
    }
  });

  it('a run with marks placed off the baseline (y offsets) has vertical offsets; a view knows whether it has any', () => {
    // Five fields per glyph (glyph, cluster, advance, x, y): the second glyph raised 120 units.
    const data = Int32Array.from([5, 0, 500, 0, 0, 6, 1, 0, 0, 120, 7, 2, 400, 0, 0]);
    expect(new ShapedGlyphs(data, 0, 3, 0, 900).hasYOffsets()).toBe(true);
    expect(new ShapedGlyphs(data, 0, 1, 0, 500).hasYOffsets()).toBe(false);
    expect(new ShapedGlyphs(data, 2, 1, 2, 400).hasYOffsets()).toBe(false);
    expect(new ShapedGlyphs(data, 1, 2, 1, 400).hasYOffsets()).toBe(true);
    // Vowelled Arabic: Amiri places its harakat with y offsets.
    const vowelled = set(arabicFonts, [textInline('بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ')], { family: 'Amiri', measure: 1000, direction: 'rtl', language: 'ar', justify: false });
    const runs = vowelled.flatMap((line) => line.runs);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(run.dys).toBeDefined();
      expect(run.dys!.length).toBe(run.glyphs.length);
      expect(run.dys!.some((dy) => dy !== 0)).toBe(true);
    }
    // Without the harakat, no glyph leaves the baseline.
    const bare = set(arabicFonts, [textInline('بسم الله الرحمن الرحيم')], { family: 'Amiri', measure: 1000, direction: 'rtl', language: 'ar', justify: false });
    for (const run of bare.flatMap((line) => line.runs)) expect(run.dys).toBeUndefined();
  });

  it('count their cluster starts from their segments as from their clusters, kashida tatweels included', () => {
    const fromArray = (run: LineRun): number => run.clusters.filter((c, g, all) => g === 0 || c !== all[g - 1]).length;
    const arabic = 'كتبتُ إليك هذه الرسالة من طرف الواحة، حيث يمرّ الطريق القديم إلى مدينة الملح. في المساء جلسنا حول النار وتحدثنا عن الأسماء التي تنساها الرمال.';
    const kashida = set(arabicFonts, [textInline(arabic, 100)], { family: 'Amiri', measure: 160, direction: 'rtl', language: 'ar', settings: (s) => (s.kashida = { enabled: true, perWord: 1, maxLength: 0.6 }) });
    const tatweel = arabicFonts.match('Amiri', 400, 'normal').shape('\u0640', 'rtl', '', 'Arab').glyphList()[0]!;
    const runs = [...lines(TEXT), ...lines('Ligatures: office affairs, fluffy waffles and efficient staffing; the Œuvre.'), ...kashida].flatMap((line) => line.runs);
    expect(runs.some((run) => run.glyphs.includes(tatweel))).toBe(true);
    // Runs of several words: several segments, counted across their joins.
    expect(runs.some((run) => run.text.split(' ').length > 3)).toBe(true);
    for (const run of runs) {
      expect(run).toBeInstanceOf(SetRun);
      expect(clusterStarts(run)).toBe(fromArray(run));
      expect(clusterStarts(plainRun(run))).toBe(fromArray(run));
    }
    // A ligature is one glyph for several characters: fewer cluster starts than characters.
    const ligatured = lines('office affairs').flatMap((line) => line.runs);
    expect(ligatured.reduce((n, run) => n + clusterStarts(run), 0)).toBeLessThan('officeaffairs'.length);
    expect(clusterCount(lines(TEXT)[0]!)).toBe(lines(TEXT)[0]!.runs.reduce((n, run) => n + fromArray(run), 0));
  });

  it('the display-list item drawn from a set run keeps no glyph array either', () => {
    const run = lines(TEXT)[0]!.runs[0]!;
    const item = glyphRun(run, 72.25, 100.5, 'chapter', undefined);
    for (const key of ['glyphs', 'xs', 'clusters'] as const) expect(Object.getOwnPropertyDescriptor(item, key)!.get).toBeTypeOf('function');
    expect(item.glyphs).toEqual(run.glyphs);
    expect(item.clusters).toEqual(run.clusters);
    expect(item.xs).toEqual(run.xs.map((x) => roundPt(72.25 + x)));
    expect(Object.keys(JSON.parse(JSON.stringify(item)) as object).slice(0, 9)).toEqual(['op', 'font', 'size', 'fill', 'y', 'glyphs', 'xs', 'text', 'clusters']);
  });
});
