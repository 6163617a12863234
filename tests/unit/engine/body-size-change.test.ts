/**
 * A global design change, the body size (issue #6), laid out on the cache and faces of the layout
 * before it gives the pages a cold layout at that size gives on faces, hyphenator and cache that
 * never met the book (ARCHITECTURE invariant: incremental == full), byte for byte; and the words met
 * before are not shaped again (paragraph/items.ts `WordCore`: shaping and break lists do not depend
 * on the size).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { FontFace } from '../../../src/worker/engine/fonts/registry';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { chapterMarkdown, mulberry32 } from '../../support/prose';
import { dump, run } from '../page/helpers';

const newHyphenator = () => createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

const random = mulberry32(2026);
const CHAPTERS = [
  chapterMarkdown(random, 'The first chapter', 14),
  // Other styles than the body's: emphasis, a note, a quotation, a list.
  `${chapterMarkdown(random, 'The second chapter', 8)}\nSome *emphasised considerations* and a note[^a] in running text.\n\n> A quotation long enough to turn over onto a second line in its own smaller type, hyphenating extraordinary words.\n\n- A list item with institutionalised vocabulary.\n\n[^a]: The note, in the note type, with incomprehensible words.\n`,
];

function book(size: number, hyphenator: BookInput['hyphenator']): BookInput {
  const settings: LayoutSettings = defaultSettings();
  return {
    title: 'Sizes',
    settings: { ...settings, body: { ...settings.body, style: { ...settings.body.style, size } } },
    hyphenator,
    chapters: CHAPTERS.map((source, i) => ({ id: `c${i}`, title: '', source })),
  };
}

describe('a body-size change', () => {
  it('gives, on the previous layout’s cache and faces, the pages of a cold layout at the new size; its words are not shaped again', () => {
    const size = defaultSettings().body.style.size;
    const fonts = nodeFontRegistry();
    const hyphenator = newHyphenator();
    const cache = new EngineCache();
    const shape = vi.spyOn(FontFace.prototype, 'shape');
    try {
      run(book(size, hyphenator), cache, fonts);
      const coldCalls = shape.mock.calls.length;
      for (const factor of [1.02, 1.02 * 1.02, 0.9]) {
        shape.mockClear();
        const changed = dump(run(book(size * factor, hyphenator), cache, fonts));
        // Before: every plain word was shaped again (cache hits), about as many calls as the cold layout's.
        expect(shape.mock.calls.length, `×${factor}`).toBeLessThan(coldCalls / 10);
        expect(changed, `×${factor}`).toBe(dump(run(book(size * factor, newHyphenator()), new EngineCache(), nodeFontRegistry())));
      }
    } finally {
      shape.mockRestore();
    }
  });
});
