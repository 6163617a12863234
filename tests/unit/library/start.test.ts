/**
 * The bundle's `start` through the worker (bundle-format §9): a sample whose manifest has one opens
 * on its page number and side, a crash restore keeps it, and export writes it back as read.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { openBookStorage } from '../../../src/storage';
import { BookHost } from '../../../src/worker/host/book-host';
import { nodeEnvironment } from '../../support/node-host';

const START = { pageIndexOffset: 57, pageNumbering: { startAt: 58 }, headings: { h1: 3 }, note: 'kept as read' };
const TEXT = `# Harbour\n\n${Array.from({ length: 150 }, (_, i) => `Boat ${i + 1} came in at dusk with the tide, its lamps lit and its nets stowed, and the harbour master wrote its name in the book.`).join('\n\n')}\n`;

function files(): Record<string, string | Uint8Array> {
  return {
    'index.json': JSON.stringify({ version: 1, presets: [{ id: 'harbour', dir: 'harbour', name: 'Harbour', locale: 'en', default: true }] }),
    'harbour/preset.json': JSON.stringify({ version: 2, id: 'harbour', name: 'Harbour', locale: 'en', configVersion: 11, chapters: [{ title: 'Harbour', file: 'chapters/1.md' }], config: {}, start: START }),
    'harbour/chapters/1.md': TEXT,
  };
}

let counter = 0;
async function worker(factory: IDBFactory, name: string): Promise<BookHost> {
  const host = new BookHost(nodeEnvironment(files(), { openStorage: () => openBookStorage({ name, indexedDB: factory, IDBKeyRange }), saveDelayMs: 10, newId: () => `p-start-${++counter}`, clock: () => 1_700_000_000_000 }));
  await host.subscribe(() => undefined);
  return host;
}

describe('a sample with a start (bundle-format §9)', () => {
  it('opens on page 58, a verso; a restored worker keeps it; the exported .postext carries the start as read', async () => {
    const factory = new IDBFactory();
    const name = `start-test-${++counter}`;
    const host = await worker(factory, name);
    await host.openPreset({ presetId: 'harbour' });
    await host.awaitConvergence((await host.getBook()).revision);
    const { pages } = await host.getPages();
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.slice(0, 2).map((p) => p.label)).toEqual(['58', '59']);
    // Index 57 of the longer book: a verso, then a recto (the Canvas pairs its spreads from it).
    expect(pages.slice(0, 2).map((p) => p.recto)).toEqual([false, true]);

    // An edit, then a crash: the mirror has no start, the source does.
    const book = await host.getBook();
    const applied = await host.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: 0, to: 0, insert: '' }] });
    expect(applied.ok).toBe(true);
    await host.flush();
    const mirror = await host.getBook();
    const fresh = await worker(factory, name);
    await fresh.restore(mirror);
    await fresh.flush();
    await fresh.awaitConvergence((await fresh.getBook()).revision);
    expect((await fresh.getPages()).pages[0]!.label).toBe('58');

    const exported = await fresh.exportBook();
    const zip = await JSZip.loadAsync(exported.bytes);
    expect(JSON.parse(await zip.file('preset.json')!.async('string')).start).toEqual(START);
  });
});
