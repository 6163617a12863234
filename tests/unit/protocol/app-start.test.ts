/**
 * What the book worker does for the app's start (issue #6: the first page of an opened book on
 * screen soon): the downloads every first build waits for begin before any book is opened, and a
 * page waiting for its glyph outlines goes before the build's next slice.
 */
import { describe, expect, it } from 'vitest';
import { BookHost, type HostEnvironment } from '../../../src/worker/host/book-host';
import type { WorkerEvent } from '../../../src/worker/protocol/messages';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { mulberry32, paragraph } from '../../support/prose';

const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A book of `chapters` chapters of `paragraphs` paragraphs each, in the locale given (preset.json's config). */
function bookFiles(chapters: number, paragraphs: number, locale = 'en'): Record<string, string> {
  const random = mulberry32(11);
  const texts = Array.from({ length: chapters }, (_, c) => `# Chapter ${c + 1}\n\n${Array.from({ length: paragraphs }, () => paragraph(random)).join('\n\n')}\n`);
  const files = presetFiles(texts);
  const manifest = JSON.parse(files['test-book/preset.json']!) as Record<string, unknown>;
  files['test-book/preset.json'] = JSON.stringify({ ...manifest, locale, config: { locale } });
  return files;
}

/** The Node environment, counting what it is asked to load. */
function counted(files: Record<string, string>): { env: HostEnvironment; fonts: () => number; patterns: string[] } {
  const base = nodeEnvironment(files);
  let fonts = 0;
  const patterns: string[] = [];
  const env: HostEnvironment = {
    ...base,
    loadFonts() {
      fonts++;
      return base.loadFonts();
    },
    loadPatterns(id) {
      patterns.push(id);
      return base.loadPatterns(id);
    },
  };
  return { env, fonts: () => fonts, patterns };
}

describe('the app start in the book worker', () => {
  it('loads the startup faces and the English patterns before a book is opened, and a book never loads them again', async () => {
    const { env, fonts, patterns } = counted(bookFiles(1, 3, 'de'));
    const host = new BookHost(env);
    host.warmUp();
    await turns(5);
    expect(fonts()).toBe(1);
    expect(patterns).toEqual(['en-us']);
    // A German book: its hyphenator takes German patterns and English ones (the fallback), which
    // are the bytes already loaded.
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    expect(fonts()).toBe(1);
    expect([...patterns].sort()).toEqual(['de', 'en-us']);
    expect((await host.getPages()).pages.length).toBeGreaterThan(0);
  });

  it('tries a failed download again at the next build instead of keeping the failure', async () => {
    const { env, patterns } = counted(bookFiles(1, 3));
    let failures = 1;
    const host = new BookHost({
      ...env,
      loadPatterns(id) {
        if (failures > 0) {
          failures--;
          patterns.push(`${id} (failed)`);
          return Promise.reject(new Error('offline'));
        }
        return env.loadPatterns(id);
      },
    });
    host.warmUp();
    await turns(5);
    expect(patterns).toEqual(['en-us (failed)']);
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    expect(patterns).toEqual(['en-us (failed)', 'en-us']);
  });

  it('answers a page’s glyph outlines before the build takes another slice', async () => {
    // A host clock that moves 1 ms each time it is read: the build gives way every few blocks and
    // the outlines every 9 glyphs, whatever this machine's speed.
    let clock = 0;
    const host = new BookHost({ ...nodeEnvironment(bookFiles(8, 12)), now: () => ++clock });
    const events: WorkerEvent['type'][] = [];
    await host.subscribe((event) => events.push(event.type));
    await host.openPreset({ presetId: 'test-book' });
    // The first chapter is on screen: its page's outlines are asked for while the rest is laid out.
    for (let i = 0; i < 20_000 && !events.includes('pagesReady'); i++) await turns(1);
    expect(events).toContain('pagesReady');
    expect(events).not.toContain('converged');
    const page = await host.getDisplayList(0);
    const runs = page!.items.filter((item) => item.op === 1);
    const font = runs[0]!.font;
    // The body face's first 1,200 glyphs: ~130 turns of the event loop, in each of which the build
    // took a slice before (and finished chapters meanwhile).
    const glyphs = Array.from({ length: 1200 }, (_, g) => g + 1);
    const before = events.length;
    const outlines = await host.getGlyphOutlines(font, glyphs);
    expect(outlines.paths).toHaveLength(glyphs.length);
    // No chapter was finished (no pagesReady, no progress) while the outlines were being made.
    expect(events.slice(before)).toEqual([]);
    await host.awaitConvergence(0);
    expect(events).toContain('converged');
  });
});
