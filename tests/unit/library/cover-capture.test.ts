/**
 * Automatic covers (host/library.ts `converged`): a book without a cover gets its first page once
 * it has been left alone for a moment. A book changed in that moment — a new book filled right
 * after it was made, as an agent or an import does — must not be photographed half-built: the
 * capture waits for the change's own convergence, so the cover shows the book's text and the
 * worker does not paint a page in the middle of the build.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBookStorage } from '../../../src/storage';
import { BookHost } from '../../../src/worker/host/book-host';
import type { WorkerEvent } from '../../../src/worker/protocol/messages';
import { nodeEnvironment } from '../../support/node-host';
import { mulberry32, paragraph } from '../../support/prose';

afterEach(() => {
  vi.useRealTimers();
});

const files: Record<string, string> = {
  'index.json': JSON.stringify({ version: 1, presets: [{ id: 'harbour', dir: 'harbour', name: 'Harbour', locale: 'en', default: true }] }),
  'harbour/preset.json': JSON.stringify({ version: 2, id: 'harbour', name: 'Harbour', locale: 'en', configVersion: 11, chapters: [{ title: 'Harbour', file: 'chapters/1.md' }], config: {} }),
  'harbour/chapters/1.md': '# Harbour\n\nBoats.\n',
};

const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('automatic covers', () => {
  it('wait for a change made before the capture to be laid out, and show its first page', async () => {
    // Only setTimeout is faked: the cover's idle delay runs when the test says; the build goes on by itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const name = `cover-test-${Date.now()}`;
    const factory = new IDBFactory();
    /** What each capture painted: whether page 1 held the filled book's title. */
    const painted: boolean[] = [];
    let ids = 0;
    const host = new BookHost({
      ...nodeEnvironment(files, { openStorage: () => openBookStorage({ name, indexedDB: factory, IDBKeyRange }), saveDelayMs: 10, newId: () => `p-${++ids}`, clock: () => 1_700_000_000_000 }),
      raster: async (list) => {
        painted.push(JSON.stringify(list).includes('Lighthouse'));
        return { bytes: new Uint8Array([0xff, 0xd8, 0xff]).buffer, mimeType: 'image/jpeg', width: 240, height: 339 };
      },
    });
    const events: WorkerEvent[] = [];
    await host.subscribe((e) => events.push(e));
    const converged = async (revision: number): Promise<void> => {
      while (!events.some((e) => e.type === 'converged' && e.revision >= revision)) await turns(1);
    };

    await host.newBook({ name: 'Lighthouse', open: true });
    const made = await host.getBook();
    await converged(made.revision);
    // Filled at once: a book long enough that its layout is still running when the cover's delay ends.
    const random = mulberry32(3);
    const ops = Array.from({ length: 12 }, (_, c) => ({
      type: 'chapter.add' as const,
      title: `Part ${c + 1}`,
      text: `# ${c === 0 ? 'Lighthouse' : `Part ${c + 1}`}\n\n${Array.from({ length: 25 }, () => paragraph(random)).join('\n\n')}\n`,
    }));
    const result = await host.apply({ origin: 'agent', baseRevision: made.revision, ops: [...ops, ...made.chapters.map((c) => ({ type: 'chapter.remove' as const, chapterId: c.id }))] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The empty book's delay ends while the filled book is being laid out.
    vi.advanceTimersByTime(1000);
    await turns(3);
    expect(events.some((e) => e.type === 'converged' && e.revision >= result.revision)).toBe(false);
    expect(painted).toEqual([]);

    // Laid out, then left alone: the cover is the filled book's first page.
    await converged(result.revision);
    vi.advanceTimersByTime(1000);
    for (let i = 0; i < 50 && painted.length === 0; i++) await turns(5);
    expect(painted).toEqual([true]);
  });
});
