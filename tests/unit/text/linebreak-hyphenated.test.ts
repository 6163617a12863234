import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHyphenator, wordPenalties } from '../../../src/worker/engine/text/hyphenate';
import { INFINITE_PENALTY, type Item } from '../../../src/worker/engine/text/items';
import { breakParagraph } from '../../../src/worker/engine/text/linebreak';
import { lineTexts, readFixture } from './fixture';

/**
 * Integration: the paper's paragraph and metrics, but with hyphenation points from hyphenopoly's
 * en-us patterns (through `wordPenalties`) instead of the paper's hand-marked ones, and the
 * spec's default cost model. Checks the pieces fit together; the exact lines are not the paper's.
 */
describe('hyphenator + Knuth–Plass on the Frog King paragraph', () => {
  const fixture = readFixture('frog-king.txt');
  const text = fixture.text.replaceAll('\\-', '');
  const h = createHyphenator({ loadPatterns: (id) => readFileSync(new URL(`../../../node_modules/hyphenopoly/patterns/${id}.wasm`, import.meta.url)) });
  const width = (s: string) => [...s].reduce((w, ch) => w + (fixture.charWidths.get(ch) ?? 0), 0);

  const items: Item<string>[] = [{ type: 'box', width: fixture.indent, payload: '' }];
  const words = text.split(' ');
  words.forEach((word, i) => {
    if (i > 0) {
      const last = words[i - 1]!.slice(-1);
      const [w, y, z] = fixture.spaces.get(last) ?? fixture.spaces.get('')!;
      items.push({ type: 'glue', width: w, stretch: y, shrink: z });
    }
    const { pieces, penalties } = wordPenalties(word, h.breakPoints(word, 'en-US'), { hyphenWidth: fixture.hyphenWidth });
    pieces.forEach((p, k) => {
      items.push({ type: 'box', width: width(p.text), payload: p.text });
      if (k < penalties.length) items.push(penalties[k]!);
    });
  });
  items.push(
    { type: 'penalty', width: 0, penalty: INFINITE_PENALTY, flagged: false },
    { type: 'glue', width: 0, stretch: Infinity, shrink: 0 },
    { type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false },
  );

  for (const measure of [390, 500]) {
    it(`sets it at ${measure} units with no emergency or ragged line, and no two hyphens in a row`, () => {
      const breaks = breakParagraph(items, () => measure, { normalSpaceWidth: 6, em: 18 });
      expect(breaks.some((b) => b.emergency || b.ragged)).toBe(false);
      for (const b of breaks) expect(b.ratio).toBeLessThanOrEqual(1);
      const texts = lineTexts(items, breaks.map((b) => b.position));
      // Undo the breaks: drop a drawn hyphen, join inside words, a space after glue.
      let joined = '';
      breaks.forEach((b, i) => {
        const end = items[b.position]!;
        const line = end.type === 'penalty' && end.width > 0 ? texts[i]!.slice(0, -1) : texts[i]!;
        joined += line + (end.type === 'penalty' || i === breaks.length - 1 ? '' : ' ');
      });
      expect(joined).toBe(text);
      const hyphenated = texts.map((t) => t.endsWith('-'));
      for (let i = 1; i < hyphenated.length; i++) expect(hyphenated[i] && hyphenated[i - 1]).toBe(false);
    });
  }
});
