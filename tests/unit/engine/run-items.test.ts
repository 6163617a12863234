/**
 * page/run-items.ts: a glyph-run item is handed out again for the same run only when the item it
 * would build now is the same — the same pen positions and baseline as the display list rounds
 * them (1/1000 pt), chapter and line record — and built anew otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { LineInfo } from '../../../src/worker/protocol/displaylist';
import { glyphRun } from '../../../src/worker/engine/page/paginate';
import { placedRun } from '../../../src/worker/engine/page/run-items';
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
