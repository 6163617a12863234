import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookFormulas, defaultSettings, type MathTypesetter } from '../../../src/worker/engine';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { pathBounds } from '../../../src/worker/engine/math/place';
import { parseChapter } from '../../../src/worker/engine/parse';
import { hitTest } from '../../../src/worker/engine/query';
import { Op, type PathItem } from '../../../src/worker/protocol/displaylist';
import { run } from '../page/helpers';

const source = readFileSync('tests/fixtures/math/inline-display.md', 'utf8');
let math: MathTypesetter;
beforeAll(async () => {
  math = await createMathTypesetter();
  await math.prepare(bookFormulas([parseChapter(source, { chapterId: 'ch1', isFirstChapter: true })]));
});

describe('click-to-source on formulas', () => {
  it('maps a point on a formula to its TeX, and points beside it to the text as before', () => {
    const settings = defaultSettings();
    const layout = run({ title: 'Maths', settings, chapters: [{ id: 'ch1', title: '', source }], math });
    for (const tex of ['E=F', 'e^{i\\pi} + 1 = 0 \\label{eq:euler}']) {
      const page = layout.pages.find((p) => p.items.some((i) => i.op === Op.Path && (i as PathItem).text === tex))!;
      const item = page.items.find((i): i is PathItem => i.op === Op.Path && i.text === tex)!;
      const box = pathBounds(item.d)!;
      const hit = hitTest(page, (box.left + box.right) / 2, (box.top + box.bottom) / 2);
      expect(hit?.chapterId).toBe('ch1');
      expect(hit!.offset).toBeGreaterThanOrEqual(item.srcFrom!);
      expect(hit!.offset).toBeLessThan(item.srcTo!);
      expect(source.slice(hit!.offset).trimStart().slice(0, 3)).toBe(tex.slice(0, 3));
    }
    // Left of the inline formula, on its line: the word before it.
    const page = layout.pages[0]!;
    const formula = page.items.find((i): i is PathItem => i.op === Op.Path && i.text === 'E=F')!;
    const box = pathBounds(formula.d)!;
    const before = hitTest(page, box.left - 6, box.bottom - 2);
    expect(before!.offset).toBeLessThan(formula.srcFrom!);
  });
});
