import { INFINITE_PENALTY, type Item } from '../src/worker/engine/text/items';
import { breakParagraph, wordSpaceGlue } from '../src/worker/engine/text/linebreak';
import { mulberry32 as prng } from '../tests/support/prose';


/**
 * 100 000 words ≈ 300 pages: 1000 paragraphs of 100 words, 8 pt type (space 2 pt, letters
 * ≈ 3.8 pt), words of 2–12 letters, every word of ≥ 6 letters with hyphenation points every
 * 3 letters (flagged penalties of 50, hyphen 2.6 pt), 1.5 em indent, 300 pt measure.
 */
function book(): Item[][] {
  const rand = prng(7);
  const space = wordSpaceGlue(2, { maxWordSpacing: 2, minWordSpacing: 0.6 });
  const paragraphs: Item[][] = [];
  for (let p = 0; p < 1000; p++) {
    const items: Item[] = [{ type: 'box', width: 12 }];
    for (let w = 0; w < 100; w++) {
      if (w > 0) items.push({ ...space });
      const letters = 2 + Math.floor(rand() * 11);
      for (let done = 0; done < letters; ) {
        const piece = letters >= 6 && letters - done > 4 ? 3 : letters - done;
        items.push({ type: 'box', width: piece * 3.8 });
        done += piece;
        if (done < letters) items.push({ type: 'penalty', width: 2.6, penalty: 50, flagged: true });
      }
    }
    items.push({ type: 'penalty', width: 0, penalty: INFINITE_PENALTY, flagged: false });
    items.push({ type: 'glue', width: 0, stretch: Infinity, shrink: 0 });
    items.push({ type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false });
    paragraphs.push(items);
  }
  return paragraphs;
}

/**
 * Benchmark (not a test: speed is measured, never asserted). Run with
 *   npx rolldown bench/linebreak-speed.ts --platform node --format esm --file /tmp/lb.mjs && node /tmp/lb.mjs
 */
export function measureLineBreaking(): { words: number; lines: number; bestMs: number } {
  const paragraphs = book();
  const params = { normalSpaceWidth: 2, em: 8 };
  const widths = () => 300;
  // Warm up the JIT once, then take the best of three full runs.
  for (const items of paragraphs.slice(0, 100)) breakParagraph(items, widths, params);
  let best = Infinity;
  let lines = 0;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    lines = 0;
    for (const items of paragraphs) lines += breakParagraph(items, widths, params).length;
    best = Math.min(best, performance.now() - t0);
  }
  return { words: 100_000, lines, bestMs: Math.round(best * 10) / 10 };
}


