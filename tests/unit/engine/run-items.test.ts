/**
 * page/run-items.ts: a glyph-run item is handed out again for the same run only when the item it
 * would build now is the same — the same pen positions and baseline as the display list rounds
 * them (1/1000 pt), chapter and line record — and built anew otherwise. A new item shares the pen
 * array of the last one drawn for the run, or for the run it was moved from (an edit before its
 * paragraph), where the pens are the same; the book after such an edit still equals a fresh layout.
 */
import { describe, expect, it } from 'vitest';
import type { LineInfo } from '../../../src/worker/protocol/displaylist';
import { glyphRun } from '../../../src/worker/engine/page/paginate';
import { carryDrawn, placedRun } from '../../../src/worker/engine/page/run-items';
import { defaultSettings, EngineCache } from '../../../src/worker/engine';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run as layOut } from '../page/helpers';
import type { LineRun } from '../../../src/worker/engine/paragraph';

function aRun(): LineRun {
  return { fontId: 'f', size: 10, colour: '#000000', glyphs: [1, 2, 3], xs: [0, 4.1234, 9.87654], text: 'abc', clusters: [0, 1, 2], from: 10, offsets: undefined, hyphen: false };
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

describe('placedRun: pens shared with the item drawn before', () => {
  const line: LineInfo = { block: 'p1', role: 'body', ratio: 0.25 };

  it('a run lowered on its page gets a new item over the same pen array', () => {
    const run = aRun();
    const first = placedRun(run, 56.5, 100.25, 'ch', line, glyphRun);
    const lower = placedRun(run, 56.5, 112.25, 'ch', line, glyphRun);
    expect(lower).not.toBe(first);
    expect(lower).toEqual(glyphRun(run, 56.5, 112.25, 'ch', line));
    expect(lower.xs).toBe(first.xs);
  });

  it('a run moved to new source offsets shares the pens of the item drawn for the run it was moved from, at the same origin only', () => {
    const run = aRun();
    const first = placedRun(run, 56.5, 100.25, 'ch', line, glyphRun);
    const moved: LineRun = { ...run, from: 25 };
    carryDrawn(run, moved);
    const item = placedRun(moved, 56.5, 88.25, 'ch', line, glyphRun);
    expect(item).toEqual(glyphRun(moved, 56.5, 88.25, 'ch', line));
    expect(item.srcFrom).toBe(25);
    expect(item.xs).toBe(first.xs);
    // Moved again and drawn in another column: pens of their own, as a fresh build gives them.
    const again: LineRun = { ...moved, from: 30 };
    carryDrawn(moved, again);
    const elsewhere = placedRun(again, 200, 88.25, 'ch', line, glyphRun);
    expect(elsewhere.xs).not.toBe(first.xs);
    expect(elsewhere).toEqual(glyphRun(again, 200, 88.25, 'ch', line));
  });

  it('after words added near a chapter start, the pages after take the earlier pens and equal a fresh layout', () => {
    const random = mulberry32(7);
    const paragraphs = Array.from({ length: 40 }, () => paragraph(random));
    const source = (first: string): string => ['# Pens', first, ...paragraphs.slice(1)].join('\n\n') + '\n';
    const input = (text: string) => ({ title: 'Pens', settings: defaultSettings(), chapters: [{ id: 'c1', title: '', source: text }] });
    const cache = new EngineCache();
    const before = layOut(input(source(paragraphs[0]!)), cache);
    // Enough words for another line: every line after moves down, every later run is moved to new offsets.
    const edited = input(source(`${paragraphs[0]!} ${paragraphs[1]!.slice(0, 160)}`));
    const after = layOut(edited, cache);
    expect(dump(after)).toBe(dump(layOut(edited, new EngineCache(false))));
    const pensBefore = new Set<readonly number[]>();
    for (const page of before.pages) for (const item of page.items) if (item.op === Op.GlyphRun) pensBefore.add(item.xs);
    const runsAfter = after.pages.slice(1).flatMap((page) => page.items.filter((item): item is GlyphRunItem => item.op === Op.GlyphRun && item.srcFrom >= 0));
    const shared = runsAfter.filter((item) => pensBefore.has(item.xs)).length;
    expect(after.pages.length).toBeGreaterThan(2);
    // Most runs past the first page keep their pens (a line at another x — a paragraph's first, a
    // column's turn — builds its own).
    expect(shared).toBeGreaterThan(runsAfter.length / 2);
  });
});
