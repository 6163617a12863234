/**
 * What the engine's caches keep between builds: only the last layout. A global change (a new body
 * size) lays every chapter out again; once it is done, nothing of the layout before it may stay
 * reachable from the cache, or each change adds a whole layout to the worker's heap (issue #6's
 * memory figure: +45 MB per change of a 300-page book, before the two fixes this test guards first:
 * queued paragraphs kept the pagination's context, and the chapter memo's closures kept the
 * previous chapter layout; then ~1 MB per change: paragraphs kept under the old settings held
 * their styles' shared-word tables, and generated texts queued an entry each). Checked with weak
 * references and a forced collection.
 */
import { describe, expect, it } from 'vitest';
import { collect } from '../../support/gc';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { mulberry32, paragraph } from '../../support/prose';
import { run } from './helpers';

function book(size: number): BookInput {
  const random = mulberry32(5);
  const settings = defaultSettings();
  const chapter = (title: string) => [`# ${title}`, ...Array.from({ length: 12 }, () => paragraph(random))].join('\n\n') + '\n';
  return {
    title: 'Kept',
    settings: { ...settings, body: { ...settings.body, style: { ...settings.body.style, size } } },
    chapters: [
      { id: 'one', title: '', source: chapter('One') },
      { id: 'two', title: '', source: chapter('Two') },
    ],
  };
}

/** Lays the book out at 10 pt and returns weak references to what that layout made (nothing else survives this call). */
function firstLayout(cache: EngineCache): { name: string; ref: WeakRef<object> }[] {
  const input = book(10);
  const first = run(input, cache);
  // The worker keeps every paragraph's items as columns once idle (PreparedParagraphs.keepWaiting).
  cache.prepared.keepWaiting();
  const refs: { name: string; ref: WeakRef<object> }[] = [{ name: 'pages', ref: new WeakRef(first.pages) }];
  // Its body style: paragraphs kept under it hold it, and it holds the shared-word tables of its words.
  refs.push({ name: 'body style', ref: new WeakRef(input.settings.body.style) });
  // The pagination each chapter's edits compare with (its plain pass's drafts and its final ones), and the chapter layouts.
  for (const [id, entry] of cache.chapterStarts) {
    for (const [n, layout] of (entry.layouts ?? []).entries()) {
      refs.push({ name: `pass ${n} drafts of ${id}`, ref: new WeakRef(layout.plain) });
      if (layout.final) refs.push({ name: `final drafts of ${id}`, ref: new WeakRef(layout.final) });
    }
  }
  for (const [key, entry] of cache.chapters) refs.push({ name: `layout of ${key.slice(0, 12)}`, ref: new WeakRef(entry.layout) });
  return refs;
}

describe('the engine cache after a global change', () => {
  it('keeps nothing of the layout before it', async () => {
    const cache = new EngineCache();
    const before = firstLayout(cache);
    expect(before.length).toBeGreaterThanOrEqual(5);
    const second = run(book(10.5), cache);
    expect(second.pages.length).toBeGreaterThan(2);
    await collect();
    expect(before.filter(({ ref }) => ref.deref() !== undefined).map(({ name }) => name)).toEqual([]);
    // The cache still serves: a relayout at the new size takes every chapter from the memo.
    expect(run(book(10.5), cache).pages).toEqual(second.pages);
    // Paragraphs waiting to be kept: one entry per paragraph of the book, not one more per change
    // for each running head, folio and title the engine generates (fresh inline arrays each time).
    const waiting = cache.prepared.waitingCount;
    expect(waiting).toBeGreaterThan(20);
    run(book(11), cache);
    run(book(11.5), cache);
    expect(cache.prepared.waitingCount).toBe(waiting);
  });
});
