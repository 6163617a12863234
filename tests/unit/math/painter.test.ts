import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookFormulas, defaultSettings, type MathTypesetter } from '../../../src/worker/engine';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { parseChapter } from '../../../src/worker/engine/parse';
import { GlyphPathCache, paintPage, type PaintContext } from '../../../src/worker/paint/painter';
import { Op, type PathItem } from '../../../src/worker/protocol/displaylist';
import { run } from '../page/helpers';

const source = readFileSync('tests/fixtures/math/inline-display.md', 'utf8');

/** Path2D does not exist in Node: a stand-in that remembers its SVG data. */
class RecordingPath {
  constructor(readonly d = '') {}
}

/** A 2D context that records what is filled and stroked, with the transform and paint at the time. */
function recordingContext() {
  const calls: { kind: 'fill' | 'stroke'; d: string; style: string; transform: number[]; lineWidth: number }[] = [];
  let transform = [1, 0, 0, 1, 0, 0];
  const ctx: PaintContext = {
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    save() {},
    restore() {},
    setTransform(a, b, c, d, e, f) {
      transform = [a, b, c, d, e, f];
    },
    fillRect() {},
    strokeRect() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke(path?: Path2D) {
      if (path) calls.push({ kind: 'stroke', d: (path as unknown as RecordingPath).d, style: String(ctx.strokeStyle), transform, lineWidth: ctx.lineWidth });
    },
    fill(path: Path2D) {
      calls.push({ kind: 'fill', d: (path as unknown as RecordingPath).d, style: String(ctx.fillStyle), transform, lineWidth: ctx.lineWidth });
    },
    drawImage() {},
  };
  return { ctx, calls };
}

let math: MathTypesetter;
const saved = (globalThis as { Path2D?: unknown }).Path2D;

beforeAll(async () => {
  (globalThis as { Path2D?: unknown }).Path2D = RecordingPath;
  math = await createMathTypesetter();
  await math.prepare(bookFormulas([parseChapter(source, { chapterId: 'ch1', isFirstChapter: true })]));
});
afterAll(() => {
  (globalThis as { Path2D?: unknown }).Path2D = saved;
});

describe('the painter draws formulas from the display list', () => {
  it('fills (and strokes) every formula path with its colour, at the page scale', () => {
    const settings = defaultSettings();
    settings.columns = 1;
    const layout = run({ title: 'Maths', settings, chapters: [{ id: 'ch1', title: '', source }], math });
    let checked = 0;
    for (const page of layout.pages) {
      const formulas = page.items.filter((i): i is PathItem => i.op === Op.Path && i.math !== undefined && i.d.length > 0);
      if (formulas.length === 0) continue;
      const { ctx, calls } = recordingContext();
      const scale = 2;
      paintPage(ctx, page, new GlyphPathCache(), scale);
      for (const item of formulas) {
        if (item.fill) {
          const call = calls.find((c) => c.kind === 'fill' && c.d === item.d);
          expect(call, 'formula path is filled').toBeDefined();
          expect(call!.style).toBe(item.fill);
          expect(call!.transform).toEqual([scale, 0, 0, scale, 0, 0]);
        }
        if (item.stroke) {
          const call = calls.find((c) => c.kind === 'stroke' && c.d === item.d);
          expect(call, 'formula rule is stroked').toBeDefined();
          expect(call!.lineWidth).toBe(item.strokeWidth);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
