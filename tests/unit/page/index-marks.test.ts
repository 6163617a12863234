import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/chapter';
import { chapterMarkPages, indexMarkKey, placedMarks } from '../../../src/worker/engine/page/index-marks';
import { DISPLAY_LIST_VERSION, Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';

/**
 * Which page an index mark takes (document-format §16): a printed mark its first character's; a
 * point mark the word before it on its source line, or after it when it opens the line; a mark in a
 * block that printed nothing the nearest block that did. Pages are built by hand: each holds runs
 * for the source words given, so a page break falls exactly where the test puts it.
 */
const SOURCE = [
  '# Title',
  '',
  'Alpha beta.:index{term="glued"} Gamma',
  ':index{term="opener"} delta epsilon :index[zeta]{} omega.',
  '',
  ':index{term="alone"}',
  '',
  'Theta iota.',
].join('\n');

const parsed = parseChapter(SOURCE, { chapterId: 'ch', isFirstChapter: true });
const blockOf = (word: string): string => parsed.blocks.find((b) => b.range.from <= SOURCE.indexOf(word) && SOURCE.indexOf(word) < b.range.to)!.id;

/** A glyph run setting `word` (its source offsets contiguous) in its block. */
function run(word: string): GlyphRunItem {
  return { op: Op.GlyphRun, font: 'f', size: 10, fill: '#000000', y: 0, glyphs: [...word].map(() => 1), xs: [...word].map((_, i) => i), text: word, clusters: [...word].map((_, i) => i), chapter: 'ch', srcFrom: SOURCE.indexOf(word), line: { block: blockOf(word), role: 'body', ratio: 0 } };
}
const page = (index: number, words: string[]): PageDisplayList => ({ version: DISPLAY_LIST_VERSION, index, label: String(index + 1), chapter: 'ch', role: 'body', width: 100, height: 100, items: words.map(run) });

describe('index mark pages', () => {
  it('glued marks take the word before, line-opening marks the word after, printed marks their own text', () => {
    const marks = parsed.collected.indexMarks.map((m) => m.term);
    expect(marks).toEqual(['glued', 'opener', 'zeta', 'alone']);
    // A break after "Gamma" (the end of a source line): "glued" stays with "beta.", "opener" goes with "delta".
    const labels = chapterMarkPages('ch', parsed, [page(0, ['Title', 'Alpha', 'beta.', 'Gamma']), page(1, ['delta', 'epsilon', 'zeta', 'omega.']), page(2, ['Theta', 'iota.'])]);
    const at = (k: number) => labels.get(indexMarkKey('ch', k))?.split('\u0000')[1];
    expect([at(0), at(1), at(2)]).toEqual(['1', '2', '2']);
    // A break between "epsilon" and "zeta": the printed mark goes with its own word.
    const split = chapterMarkPages('ch', parsed, [page(0, ['Title', 'Alpha', 'beta.', 'Gamma', 'delta', 'epsilon']), page(1, ['zeta', 'omega.', 'Theta', 'iota.'])]);
    expect(split.get(indexMarkKey('ch', 2))?.split('\u0000')[1]).toBe('2');
    // The line of marks only prints nothing: the next block that printed ("Theta", page 3) stands for it.
    expect(at(3)).toBe('3');
  });

  it('hands the marks of one named index to :::index with their pages, "?" where none is known yet', () => {
    const named = parseChapter('Word:index{term="Ada" index="names"} and word:index{term="loom"}.', { chapterId: 'c2', isFirstChapter: false });
    const labels = new Map([[indexMarkKey('c2', 0), '4\u0000v']]);
    expect(placedMarks([named], labels, 'names')).toEqual([{ term: 'Ada', attrs: { term: 'Ada', index: 'names' }, page: 4, label: 'v' }]);
    expect(placedMarks([named], labels, '')).toEqual([{ term: 'loom', attrs: { term: 'loom' }, page: -1, label: '?' }]);
  });
});
