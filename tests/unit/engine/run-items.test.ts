/**
 * page/run-items.ts: a glyph-run item is handed out again for the same run only when the item it
 * would build now is the same — the same pen positions and baseline as the display list rounds
 * them (1/1000 pt), chapter and line record — and built anew otherwise. An item keeps no pen array
 * of its own (`PlacedGlyphRun`, issue #6): `xs` reads its set run's pens at its origin, and the item
 * serialises, clones and spreads as one holding them did; the book after an edit before a
 * paragraph still equals a fresh layout. Nor does it keep its own numbers for its origin, `y` and
 * `size` (boxed doubles in V8): items placed alike share one record of them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LineInfo } from '../../../src/worker/protocol/displaylist';
import { glyphRun } from '../../../src/worker/engine/page/paginate';
import { changedRun, placedRun, PlacedGlyphRun } from '../../../src/worker/engine/page/run-items';
import { createHyphenator, defaultSettings, EngineCache } from '../../../src/worker/engine';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run as layOut } from '../page/helpers';
import { runSizeIndex, type LineRun } from '../../../src/worker/engine/paragraph';

function aRun(): LineRun {
  return { fontId: 'f', sizeIndex: runSizeIndex(10), colour: '#000000', glyphs: [1, 2, 3], xs: [0, 4.1234, 9.87654], text: 'abc', clusters: [0, 1, 2], from: 10, offsets: undefined, hyphen: false };
}

describe('placedRun: the last item for a run, when it is what would be built', () => {
  const line: LineInfo = { block: 'p1', role: 'body', ratio: 0.25 };
  let builds = 0;
  const build: typeof glyphRun = (...args) => {
    builds++;
    return glyphRun(...args);
  };

  it('hands the same item back at the same origin, chapter and an equal line record', () => {
    const run = aRun();
    builds = 0;
    const first = placedRun(run, 56.5, 100.25, 'ch', line, build);
    expect(placedRun(run, 56.5, 100.25, 'ch', { ...line }, build)).toBe(first);
    // An origin moved by less than the display list's grid builds the same numbers: the same item.
    expect(placedRun(run, 56.5 + 1e-7, 100.25 - 1e-7, 'ch', line, build)).toBe(first);
    expect(builds).toBe(1);
    expect(first.xs).toEqual([56.5, 60.623, 66.377]);
  });

  it('keeps the item on the run, and never hands it to a spread copy of the run (another colour, the same pens)', () => {
    const run = aRun();
    builds = 0;
    const first = placedRun(run, 56.5, 100.25, 'ch', line, build);
    expect(run.drawn).toBe(first);
    const red: LineRun = { ...run, colour: '#ff0000' };
    // The copy carries the field along; its item is its own all the same, in its own colour.
    expect(red.drawn).toBe(first);
    const redItem = placedRun(red, 56.5, 100.25, 'ch', line, build);
    expect(redItem).not.toBe(first);
    expect(redItem.fill).toBe('#ff0000');
    expect(builds).toBe(2);
    // A changed copy of an item (levers, converge) is never handed out for the run either.
    const copy = changedRun(first, { y: 100.25 });
    run.drawn = copy as PlacedGlyphRun;
    const again = placedRun(run, 56.5, 100.25, 'ch', line, build);
    expect(again).not.toBe(copy);
    expect(again).toEqual(first);
    expect(builds).toBe(3);
  });

  it('builds anew when the pen positions, baseline, chapter or line record differ, and equals a fresh build', () => {
    const run = aRun();
    builds = 0;
    const first = placedRun(run, 56.5, 100.25, 'ch', line, build);
    const cases: [number, number, string, LineInfo][] = [
      [56.501, 100.25, 'ch', line],
      [56.501, 100.251, 'ch', line],
      [56.501, 100.251, 'other', line],
      [56.501, 100.251, 'other', { ...line, ratio: 0.5 }],
    ];
    let last = first;
    for (const [x0, baseline, chapter, info] of cases) {
      const item = placedRun(run, x0, baseline, chapter, info, build);
      expect(item).not.toBe(last);
      expect(item).toEqual(glyphRun(run, x0, baseline, chapter, info));
      last = item;
    }
    expect(builds).toBe(1 + cases.length);
    // The first item is left as it was built (display lists are read-only).
    expect(first.xs).toEqual([56.5, 60.623, 66.377]);
    expect(first.y).toBe(100.25);
  });
});

/** Whether an item keeps an array of its own under `xs` (a data property), rather than reading its set run's pens. */
function keepsPens(item: GlyphRunItem): boolean {
  return Object.getOwnPropertyDescriptor(item, 'xs')?.value !== undefined;
}

/** Whether an item keeps its own `size` or `y` (data properties: a boxed double each), rather than reading the shared placement. */
function keepsNumbers(item: GlyphRunItem): boolean {
  return Object.getOwnPropertyDescriptor(item, 'size')?.get === undefined || Object.getOwnPropertyDescriptor(item, 'y')?.get === undefined;
}

/** Whether an item keeps an array of its own under `srcMap`, rather than reading it from its fields. */
function keepsMap(item: GlyphRunItem): boolean {
  return Object.getOwnPropertyDescriptor(item, 'srcMap')?.value !== undefined;
}

/** A hyphenated line's last run's map: its text's offsets from srcFrom, then the hyphen's −1. */
function hyphenMap(item: GlyphRunItem): boolean {
  const map = item.srcMap;
  return map !== undefined && map.length === item.text.length && map.every((o, u) => o === (u === map.length - 1 ? -1 : item.srcFrom + u));
}

describe('glyph-run items keep no pen array of their own', () => {
  const line: LineInfo = { block: 'p1', role: 'body', ratio: 0.25 };

  it('reads `xs` from the set run at the item\'s origin, and serialises, clones and spreads as a stored array did', () => {
    const run = aRun();
    const item = glyphRun(run, 56.5, 100.25, 'ch', line);
    expect(keepsPens(item)).toBe(false);
    expect(keepsNumbers(item)).toBe(false);
    expect(item.xs).toEqual([56.5, 60.623, 66.377]);
    // The literal paginate.ts built before, field for field in its order: the same bytes.
    const stored = { op: Op.GlyphRun, font: 'f', size: 10, fill: '#000000', y: 100.25, glyphs: [1, 2, 3], xs: [56.5, 60.623, 66.377], text: 'abc', clusters: [0, 1, 2], chapter: 'ch', srcFrom: 10, line };
    expect(JSON.stringify(item)).toBe(JSON.stringify(stored));
    expect(JSON.stringify(structuredClone(item))).toBe(JSON.stringify(stored));
    expect(JSON.stringify({ ...item })).toBe(JSON.stringify(stored));
    // Glyph ids and clusters are the set run's own arrays, as before.
    expect(item.glyphs).toBe(run.glyphs);
    expect(item.clusters).toBe(run.clusters);
    // Read-only: a write throws instead of being lost on a pen array made for the read (or on a placement shared).
    expect(() => {
      (item as { xs: number[] }).xs = [];
    }).toThrow(TypeError);
    expect(() => {
      (item as { y: number }).y = 0;
    }).toThrow(TypeError);
  });

  it('items placed alike read one origin, baseline and size; each reads its own when they differ, also after the table starts afresh', () => {
    // A note's size (0.8 × 8 pt) and fractional origins and baselines: boxed numbers in fields of the item's own.
    const run = (size: number): LineRun => ({ ...aRun(), sizeIndex: runSizeIndex(size) });
    const a = glyphRun(run(6.4), 56.6929, 100.25, 'ch', line);
    const b = glyphRun(run(6.4), 56.6929, 100.25, 'ch', undefined);
    const other = [glyphRun(run(6.4), 56.6929, 112.25, 'ch', line), glyphRun(run(8), 56.6929, 100.25, 'ch', line), glyphRun(run(6.4), 70.8661, 100.25, 'ch', line)];
    for (const item of [a, b, ...other]) expect(keepsNumbers(item)).toBe(false);
    expect([a.size, a.y, a.xs[0], b.size, b.y, b.xs[0]]).toEqual([6.4, 100.25, 56.693, 6.4, 100.25, 56.693]);
    expect(other.map((item) => [item.size, item.y, item.xs[0]])).toEqual([
      [6.4, 112.25, 56.693],
      [8, 100.25, 56.693],
      [6.4, 100.25, 70.866],
    ]);
    // A moved copy reads its new baseline; the item it was made from keeps its own.
    const lowered = changedRun(a, { y: 124.25 });
    expect([lowered.y, a.y, lowered.size]).toEqual([124.25, 100.25, 6.4]);
    // Thousands of placements (a design changed many times): the table starts afresh, and items built before read what they were built with.
    const many = Array.from({ length: 7000 }, (_, i) => glyphRun(run(6.4), 10 + i / 8, 20 + i / 4, 'ch', undefined));
    expect(many.every((item, i) => item.y === 20 + i / 4 && item.xs[0] === 10 + i / 8 && item.size === 6.4)).toBe(true);
    expect(JSON.stringify(glyphRun(run(6.4), 56.6929, 100.25, 'ch', line))).toBe(JSON.stringify(a));
  });

  it('keeps the optional fields in their order (vertical offsets, source map of a hyphenated run, no line record)', () => {
    const run: LineRun = { ...aRun(), dys: [0, -2.0004, 0], hyphen: true };
    const item = glyphRun(run, 10, 20, 'ch', undefined);
    expect(keepsPens(item)).toBe(false);
    expect(keepsMap(item)).toBe(false);
    expect(JSON.stringify(item)).toBe(
      JSON.stringify({ op: Op.GlyphRun, font: 'f', size: 10, fill: '#000000', y: 20, glyphs: [1, 2, 3], xs: [10, 14.123, 19.877], text: 'abc', clusters: [0, 1, 2], chapter: 'ch', srcFrom: 10, dys: [0, -2, 0], srcMap: [10, 11, -1] }),
    );
  });

  it('a run lowered, or moved to new source offsets, gets a new item over the same pens', () => {
    const run = aRun();
    const first = placedRun(run, 56.5, 100.25, 'ch', line, glyphRun);
    const lower = placedRun(run, 56.5, 112.25, 'ch', line, glyphRun);
    expect(lower).not.toBe(first);
    expect(keepsPens(lower)).toBe(false);
    expect(lower.xs).toEqual(first.xs);
    // engine/index.ts movedRun: the run's pen array, other offsets.
    const moved: LineRun = { ...run, from: 25 };
    const item = placedRun(moved, 200, 88.25, 'ch', line, glyphRun);
    expect(keepsPens(item)).toBe(false);
    expect(item.srcFrom).toBe(25);
    expect(item.xs).toEqual([200, 204.123, 209.877]);
    expect(JSON.stringify(item)).toBe(JSON.stringify({ ...glyphRun(moved, 200, 88.25, 'ch', line) }));
  });

  it('changedRun: moved or re-sourced over the same pens, the same bytes as a spread copy', () => {
    const item = glyphRun({ ...aRun(), hyphen: true }, 56.5, 100.25, 'ch', line);
    const lowered = changedRun(item, { y: 112.25 });
    const resourced = changedRun(item, { srcFrom: 30, srcMap: [30, 31, -1] });
    expect(keepsPens(lowered)).toBe(false);
    expect(keepsPens(resourced)).toBe(false);
    expect(keepsMap(lowered)).toBe(false);
    expect(keepsMap(resourced)).toBe(false);
    expect(JSON.stringify(lowered)).toBe(JSON.stringify({ ...item, y: 112.25 }));
    expect(JSON.stringify(resourced)).toBe(JSON.stringify({ ...item, srcFrom: 30, srcMap: [30, 31, -1] }));
    // A map that is no longer the hyphen map of its fields is kept as given, as a spread keeps it:
    // an edit inside the run moves only the offsets after it; a change of srcFrom alone keeps the old map.
    const split = changedRun(item, { srcFrom: 10, srcMap: [10, 14, -1] });
    expect(keepsMap(split)).toBe(true);
    expect(JSON.stringify(split)).toBe(JSON.stringify({ ...item, srcMap: [10, 14, -1] }));
    expect(JSON.stringify(changedRun(item, { srcFrom: 40 }))).toBe(JSON.stringify({ ...item, srcFrom: 40 }));
    // A run without a source map gets none from a change that names one (fields only replaced, never added).
    expect('srcMap' in changedRun(glyphRun(aRun(), 0, 0, 'ch', line), { srcMap: [1, 2, 3] })).toBe(false);
  });

  it('a laid-out chapter, hyphenated, edited before its end: no body run keeps pens or a hyphen map, and the lists equal a fresh layout, cloned too', () => {
    const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
    const random = mulberry32(7);
    const paragraphs = Array.from({ length: 40 }, () => paragraph(random));
    const source = (first: string): string => ['# Pens', first, ...paragraphs.slice(1)].join('\n\n') + '\n';
    const input = (text: string) => ({ title: 'Pens', settings: defaultSettings(), hyphenator, chapters: [{ id: 'c1', title: '', source: text }] });
    const cache = new EngineCache();
    layOut(input(source(paragraphs[0]!)), cache);
    // Enough words for another line: every line after moves down, every later run is moved to new
    // offsets (or its page taken over from the previous layout, page/converge.ts, its items re-sourced).
    const edited = input(source(`${paragraphs[0]!} ${paragraphs[1]!.slice(0, 160)}`));
    const after = layOut(edited, cache);
    expect(dump(after)).toBe(dump(layOut(edited, new EngineCache(false))));
    expect(after.pages.map((page) => JSON.stringify(structuredClone(page))).join('\n')).toBe(dump(after));
    // Then one letter typed in the first paragraph: its line count holds, and the pages after the
    // edit's are the previous layout's, their runs at offsets one later (page/converge.ts).
    const typed = input(source(`x${paragraphs[0]!} ${paragraphs[1]!.slice(0, 160)}`));
    const again = layOut(typed, cache);
    expect(dump(again)).toBe(dump(layOut(typed, new EngineCache(false))));
    for (const layout of [after, again]) {
      const body = layout.pages.flatMap((page) => page.items.filter((item): item is GlyphRunItem => item.op === Op.GlyphRun && item.line?.role === 'body'));
      expect(layout.pages.length).toBeGreaterThan(2);
      expect(body.length).toBeGreaterThan(100);
      expect(body.filter(keepsPens)).toEqual([]);
      expect(body.filter(keepsNumbers)).toEqual([]);
      const hyphenated = body.filter(hyphenMap);
      expect(hyphenated.length).toBeGreaterThan(5);
      expect(hyphenated.filter(keepsMap)).toEqual([]);
    }
  });
});
