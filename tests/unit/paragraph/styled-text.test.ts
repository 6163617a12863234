/**
 * The styled runs a paragraph is collected into (paragraph/collect.ts) all have one object shape:
 * every field present, in one order, `undefined` where it does not apply (paragraph/styled-text.ts).
 * buildItems reads them in its hottest loops; a run of another shape made V8 throw away and
 * recompile its optimised code during a book's first layout.
 */
import { describe, expect, it } from 'vitest';
import { collectInlines } from '../../../src/worker/engine/paragraph/collect';
import { parseChapter } from '../../../src/worker/engine/parse/chapter';
import { defaultSettings } from '../../../src/worker/engine/settings';

const FIELDS = ['text', 'style', 'offsets', 'from', 'rise', 'breakAfter', 'noAdvance', 'smallCaps', 'formula', 'box'];

function runsOf(source: string): ReturnType<typeof collectInlines> {
  const block = parseChapter(`${source}\n`, { chapterId: 'c1', isFirstChapter: true }).blocks[0]!;
  if (!('inlines' in block)) throw new Error(`not a paragraph: ${block.kind}`);
  const settings = defaultSettings();
  return collectInlines(block.inlines, settings.body.style, settings, { footnoteMark: () => '7', refText: () => 'chapter 2' });
}

describe('styled runs have one shape', () => {
  it('plain, emphasised, small capitals, code, a footnote mark, a cross-reference, a hard break and generated text', () => {
    const runs = runsOf('Plain *emphasis* **strong** :smallcaps[Caps] `code` text[^n] see :ref[#sec] and $x^2$ here\\\nafter the break :ltr[left] end.\n\n[^n]: The note.');
    // Enough kinds of run that the old literals had several shapes among them.
    expect(runs.length).toBeGreaterThan(8);
    expect(runs.some((r) => r.offsets !== undefined)).toBe(true);
    expect(runs.some((r) => r.from !== undefined)).toBe(true);
    expect(runs.some((r) => r.smallCaps === true)).toBe(true);
    expect(runs.some((r) => r.breakAfter === true)).toBe(true);
    for (const run of runs) expect(Object.keys(run)).toEqual(FIELDS);
  });
});
