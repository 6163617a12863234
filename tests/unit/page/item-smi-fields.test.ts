/**
 * The integral fields of display-list glyph-run items hold small integers (V8 Smis), not boxes:
 * a field of a hidden class becomes a double — a HeapNumber of its own per object, which every
 * major collection marks — once any value stored in it is not a Smi (see
 * tests/unit/paragraph/smi-fields.test.ts). The items' `srcFrom` was one (~76,000 boxes, 1.2 MB,
 * of a 1,000-page book's kept heap, Chromium heap snapshot, day 38).
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { EngineCache } from '../../../src/worker/engine';
import { glyphRun } from '../../../src/worker/engine/page/paginate';
import { mulberry32, paragraph } from '../../support/prose';
import { oneChapterBook, run, runs } from './helpers';

setFlagsFromString('--allow-natives-syntax');
const isSmi = new Function('value', 'return %IsSmi(value)') as (value: unknown) => boolean;

describe('glyph-run items', () => {
  it('hold their source offset as a Smi, on a first layout and after an edit above moved them', () => {
    const random = mulberry32(3);
    const paragraphs = Array.from({ length: 12 }, () => paragraph(random, 5));
    // A footnote (generated offsets on its marker), a heading, a list: runs of every origin.
    const source = `# Chapter\n\n${paragraphs.slice(0, 4).join('\n\n')} A note here.[^a]\n\n[^a]: The note's own text, long enough to wrap.\n\n- one item\n- another item\n\n${paragraphs.slice(4).join('\n\n')}\n`;
    const cache = new EngineCache();
    const first = run(oneChapterBook(source), cache);
    const edited = run(oneChapterBook(`A sentence that moves the rest.\n\n${source}`), cache);
    for (const layout of [first, edited]) {
      const items = layout.pages.flatMap(runs);
      expect(items.length).toBeGreaterThan(50);
      const boxed = items.filter((item) => !isSmi(item.srcFrom));
      expect(boxed.map((item) => item.srcFrom)).toEqual([]);
    }
  });

  it('keep a Smi source offset after one was handed a boxed offset (−0)', () => {
    const random = mulberry32(4);
    const source = `${Array.from({ length: 6 }, () => paragraph(random, 4)).join('\n\n')}\n`;
    const line = run(oneChapterBook(source)).pages.flatMap(runs)[0]!;
    expect(line).toBeDefined();
    // An offset that only a double can hold: stored as it came, it made the field a double for every item.
    const odd = glyphRun({ fontId: line.font, sizeIndex: 0, colour: '#000', glyphs: line.glyphs, xs: line.xs, text: line.text, clusters: line.clusters, from: -0 }, 0, 10, 'c', undefined);
    expect(odd.srcFrom).toBe(0);
    const items = run(oneChapterBook(`${paragraph(random, 5)}\n\n${source}`)).pages.flatMap(runs);
    expect(items.length).toBeGreaterThan(20);
    expect(items.filter((item) => !isSmi(item.srcFrom)).map((item) => item.srcFrom)).toEqual([]);
    expect(isSmi(odd.srcFrom)).toBe(true);
  });
});
