import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutBook } from '../../../src/worker/engine';
import { hitTest, sourceOffsetOf, sourceRects } from '../../../src/worker/engine/query';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const source = '# A heading\n\nThe *quick* brown\nfox jumps \\* over the lazy dog, and the office ffi ligature waits.\n';

function layout() {
  const gen = layoutBook({ title: 'T', settings: defaultSettings(), chapters: [{ id: 'c1', title: '', source }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

describe('source maps through layout', () => {
  const { pages } = layout();
  const runs = pages[0]!.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.srcFrom >= 0);

  it('maps every character of every run back to the same character in the source', () => {
    let checked = 0;
    for (const run of runs) {
      for (let i = 0; i < run.text.length; i++) {
        const offset = sourceOffsetOf(run, i)!;
        const ch = run.text[i]!;
        if (ch === ' ') expect([' ', '\n']).toContain(source[offset]);
        else expect(source[offset]).toBe(ch);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('finds the source offset of a clicked word, and the word from the offset', () => {
    const target = source.indexOf('lazy');
    const [rect] = sourceRects(pages, 'c1', target, target + 4);
    expect(rect).toBeDefined();
    const hit = hitTest(pages[0]!, rect!.x + 0.5, rect!.y + rect!.height / 2);
    expect(hit).toMatchObject({ chapterId: 'c1', offset: target });
    const end = hitTest(pages[0]!, rect!.x + rect!.width - 0.3, rect!.y + rect!.height / 2);
    expect(end?.offset).toBe(target + 4);
  });

  it('puts the caret after a whole ligature cluster', () => {
    const at = source.indexOf('office');
    const rects = sourceRects(pages, 'c1', at + 1, at + 4); // "ffi" is one glyph
    expect(rects).toHaveLength(1);
    const r = rects[0]!;
    const hit = hitTest(pages[0]!, r.x + r.width * 0.9, r.y + r.height / 2);
    expect(hit?.offset).toBe(at + 4);
  });

  it('answers null away from any text', () => {
    expect(hitTest(pages[0]!, 2, 2)).toBeNull();
  });
});
