import { describe, expect, it } from 'vitest';
import { breakParagraph } from '../../../src/worker/engine/text/linebreak';
import { lineTexts, paperItems, readFixture } from './fixture';

describe('Knuth–Plass: the Frog King paragraph of "Breaking Paragraphs into Lines"', () => {
  const fixture = readFixture('frog-king.txt');
  const items = paperItems(fixture);

  for (const c of fixture.cases) {
    it(`reproduces the published ${c.name} layout (${c.width} units) and its adjustment ratios`, () => {
      const breaks = breakParagraph(items, () => c.width, { ...fixture.settings, lineWidthsUniformFrom: 0 });
      const texts = lineTexts(items, breaks.map((b) => b.position));
      expect(texts).toEqual(c.expected.map((e) => e.text));
      expect(breaks.map((b) => Number(b.ratio.toFixed(3)))).toEqual(c.expected.map((e) => e.ratio));
      expect(breaks.some((b) => b.emergency)).toBe(false);
    });
  }
});
