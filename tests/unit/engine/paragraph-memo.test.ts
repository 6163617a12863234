/**
 * The paragraph memo keeps one copy of a paragraph's lines, at the source offset it was last placed
 * at (engine/index.ts `PlacedLines`), and moves them from there when an edit above moves the
 * paragraph. Moving is additive, so lines moved twice equal lines moved once from the set ones:
 * a relayout after edits that move paragraphs forward, back and to offset 0 equals a fresh layout,
 * and lines handed to an earlier build are never changed in place.
 */
import { describe, expect, it } from 'vitest';
import { contentDigest, defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { dump, run } from '../page/helpers';

/** Plain, movable (note marker, reference) and repeated paragraphs, and a hyphenated long word. */
const BODY = [
  'The harbour lay quiet under the morning fog, and the lantern on the quay still burned for the boats.',
  'A keeper wrote the tide in his book each hour[^t] and read it back to the fishermen, see :ref{id="sec"}.',
  '[^t]: The tide tables of the harbour office, kept since the old light was built on the rock.',
  '## Later {#sec}',
  'Repeated paragraph with the same words.',
  'Repeated paragraph with the same words.',
  'Incomprehensibilities and counterrevolutionaries filled the narrow columns of the harbour gazette every week.',
].join('\n\n');

function book(prefix: string): BookInput {
  const settings = defaultSettings();
  return { title: 'Memo', settings, chapters: [{ id: 'a', title: '', source: `# One\n\n${prefix}${BODY}\n` }, { id: 'b', title: '', source: `# Two\n\n${BODY}\n` }] };
}

describe('paragraph memo: one placed copy of each paragraph', () => {
  it('incremental layout equals a fresh one when edits move paragraphs forward, back and to the block start', () => {
    const cache = new EngineCache();
    // Each prefix moves every paragraph of chapter a by another amount (longer, shorter, none).
    for (const prefix of ['', 'An inserted opening paragraph of a few words.\n\n', 'Short.\n\n', '', 'A much longer inserted opening paragraph, long enough to take two lines of the measure at the body size of the book.\n\n']) {
      const input = book(prefix);
      expect(dump(run(input, cache))).toBe(dump(run(input, new EngineCache())));
    }
  });

  it('moves the memo entry to the new offset without changing lines an earlier build was handed', () => {
    const cache = new EngineCache();
    run(book(''), cache);
    const before = new Map([...cache.paragraphs].map(([key, placed]) => [key, { placed, base: placed.base, lines: placed.lines, json: JSON.stringify(placed.lines) }]));
    expect(before.size).toBeGreaterThan(0);
    run(book('An inserted opening paragraph of a few words.\n\n'), cache);
    let moved = 0;
    for (const [key, was] of before) {
      // Not mutated: neither the line objects nor their runs' arrays.
      expect(JSON.stringify(was.lines)).toBe(was.json);
      const now = cache.paragraphs.get(key);
      if (now && now.base !== was.base) {
        moved++;
        expect(now.lines).not.toBe(was.lines);
        // The glyph arrays are shared between the copies, never copied per move.
        expect(now.lines[0]!.runs[0]!.glyphs).toBe(was.lines[0]!.runs[0]!.glyphs);
        expect(now.lines[0]!.runs[0]!.xs).toBe(was.lines[0]!.runs[0]!.xs);
      }
    }
    // Chapter a's paragraphs moved by the inserted one (chapter b's, the same texts at other offsets, may too).
    expect(moved).toBeGreaterThan(0);
  });

  it('hands out the same line objects while a paragraph stays where it was', () => {
    const cache = new EngineCache();
    run(book(''), cache);
    const lines = new Map([...cache.paragraphs].map(([key, placed]) => [key, placed.lines]));
    // An edit at the end of chapter b: nothing in chapter a moves.
    const input = book('');
    const edited: BookInput = { ...input, chapters: [input.chapters[0]!, { ...input.chapters[1]!, source: `${input.chapters[1]!.source}\nA closing line.\n` }] };
    expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache())));
    let same = 0;
    for (const [key, was] of lines) if (cache.paragraphs.get(key)?.lines === was) same++;
    expect(same).toBeGreaterThan(0);
  });

  it('names a paragraph by its content digest and never hands out lines set from other content under its key', () => {
    const json = JSON.stringify([{ kind: 'text', text: 'The harbour lay quiet.' }]);
    expect(contentDigest(json)).toBe(contentDigest(`${json}`));
    expect(contentDigest(json)).not.toBe(contentDigest(json.replace('quiet', 'quilt')));
    expect(contentDigest('ab')).not.toBe(contentDigest('ba'));
    const cache = new EngineCache();
    const input = book('');
    run(input, cache);
    // Every key made to name another paragraph's entry, as two contents sharing a digest would.
    const entries = [...cache.paragraphs];
    const distinct = new Set(entries.map(([, placed]) => JSON.stringify(placed.source.rebased)));
    expect(distinct.size).toBeGreaterThan(3);
    entries.forEach(([key], i) => cache.paragraphs.set(key, entries[(i + 1) % entries.length]![1]));
    // Both chapters edited at their end: laid out again, every paragraph above the edit looked up by key.
    const edited: BookInput = { ...input, chapters: input.chapters.map((chapter) => ({ ...chapter, source: `${chapter.source}\nA closing line.\n` })) };
    expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache())));
  });

  it('takes an entry whose content shares the key\'s digest only when the content is the same', () => {
    const cache = new EngineCache();
    const input = book('');
    run(input, cache);
    // Each key given the next entry (its lines and content) under the key's own digest: a forged
    // collision, which only the content (its JSON, made again: `sameContent`) tells from a hit.
    const entries = [...cache.paragraphs];
    entries.forEach(([key, placed], i) => {
      const other = entries[(i + 1) % entries.length]![1];
      cache.paragraphs.set(key, { ...other, source: { ...other.source, digest: placed.source.digest } });
    });
    // A paragraph inserted at the top of each chapter: every paragraph below is looked up by key again.
    const edited: BookInput = { ...input, chapters: input.chapters.map((chapter) => ({ ...chapter, source: chapter.source.replace('\n\n', '\n\nAn inserted opening paragraph of a few words.\n\n') })) };
    expect(dump(run(edited, cache))).toBe(dump(run(edited, new EngineCache())));
  });
});
