import { afterEach, describe, expect, it } from 'vitest';
import type { ClientEvent } from '../../../src/worker/protocol/client';
import { PROTOCOL_VERSION } from '../../../src/worker/protocol/messages';
import { loopbackClient, nodeEnvironment, presetFiles } from '../../support/node-host';
import { chapterMarkdown, mulberry32 } from '../../support/prose';

const random = mulberry32(5);
const chapters = [chapterMarkdown(random, 'One', 30), chapterMarkdown(random, 'Two', 30)];
let stop: (() => void) | null = null;
afterEach(() => stop?.());

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function started() {
  const { client, hosts } = loopbackClient(nodeEnvironment(presetFiles(chapters)));
  const events: ClientEvent[] = [];
  client.on((e) => events.push(e));
  await client.start();
  stop = () => client.stop();
  return { client, hosts, events };
}

describe('the worker protocol over a message port (no Worker)', () => {
  it('answers commands and queries and announces events', async () => {
    const { client, events } = await started();
    const book = await client.openPreset('test-book');
    expect(book.chapters.map((c) => c.id)).toEqual(['ch1', 'ch2']);
    expect(book.chapters[0]!.text).toBe(chapters[0]);
    const converged = await client.awaitConvergence(0);
    expect(converged.pages).toBeGreaterThan(2);
    expect(converged.chapters.map((c) => c.id)).toEqual(['ch1', 'ch2']);
    expect(converged.chapters[1]!.firstPage).toBe(converged.chapters[0]!.pages);
    const list = await client.getDisplayList(0);
    expect(list?.items.length).toBeGreaterThan(10);
    expect(events.map((e) => e.type)).toContain('opened');
    expect(events.find((e) => e.type === 'converged')).toMatchObject({ type: 'converged', revision: 0 });
    const pages = await client.getPages();
    expect(pages.pages).toHaveLength(converged.pages);
    expect(PROTOCOL_VERSION).toBe(1);
  });

  it('turns worker errors into rejected calls with the message, and refuses bad transactions', async () => {
    const { client } = await started();
    await client.openPreset('test-book');
    await expect(client.getGlyphOutlines('no-such-font', [1])).rejects.toThrow(/no-such-font/);
    await expect(client.openPreset('missing-book')).rejects.toThrow(/No sample book has the id "missing-book"/);
    const refused = await client.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 5, to: 2, insert: 'x' }] });
    expect(refused).toMatchObject({ ok: false, revision: 0 });
    if (!refused.ok) expect(refused.error).toMatch(/to ≥ from/);
    const malformed = await client.apply({ origin: 'robot', baseRevision: 0, ops: [] } as never);
    expect(malformed.ok).toBe(false);
    expect((await client.getBook()).revision).toBe(0);
  });

  it('stops a superseded build: the older revision never converges, a waiter for it gets the newer one', async () => {
    const { client, events } = await started();
    await client.openPreset('test-book');
    await client.awaitConvergence(0);
    // Two quick transactions: the build for revision 1 is superseded by revision 2 before it finishes.
    const first = client.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'First ' }] });
    const second = client.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch2', from: 0, to: 0, insert: 'Second ' }] });
    const waiter = client.awaitConvergence(1);
    await Promise.all([first, second]);
    const converged = await waiter;
    expect(converged.revision).toBe(2);
    // Events travel on their own port: give the converged event a moment to arrive.
    await until(() => events.some((e) => e.type === 'converged' && e.revision === 2));
    const convergedRevisions = events.filter((e) => e.type === 'converged').map((e) => (e as { revision: number }).revision);
    expect(convergedRevisions).not.toContain(1);
    expect(convergedRevisions).toContain(2);
  });

  it('cancels a long build in progress when a newer transaction arrives', async () => {
    const big = Array.from({ length: 6 }, (_, i) => chapterMarkdown(random, `Big ${i}`, 80));
    const { client } = loopbackClient(nodeEnvironment(presetFiles(big)));
    const seen: ClientEvent[] = [];
    client.on((e) => seen.push(e));
    await client.start();
    stop = () => client.stop();
    // The cold build of revision 0 (nothing cached yet) is slow: supersede it once it has begun.
    const begun = new Promise<void>((resolve) => {
      const off = client.on((e) => {
        if (e.type === 'progress' && e.revision === 0) {
          off();
          resolve();
        }
      });
    });
    await client.openPreset('test-book');
    await begun;
    await client.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'chapter.rename', chapterId: 'ch2', title: 'Renamed' }] });
    const done = await client.awaitConvergence(0);
    expect(done.revision).toBe(1);
    await until(() => seen.some((e) => e.type === 'converged' && e.revision === 1));
    const progressFor0 = seen.filter((e) => e.type === 'progress' && e.revision === 0).length;
    expect(progressFor0).toBeLessThan(big.length); // it stopped before laying out every chapter
    expect(seen.some((e) => e.type === 'converged' && e.revision === 0)).toBe(false);
  });

  it('restarts a hung worker and reopens the book at the same revision', async () => {
    const { client, hosts, events } = await started();
    await client.openPreset('test-book');
    await client.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'Kept ' }] });
    await client.awaitConvergence(1);
    // Simulate a dead worker: its port goes silent.
    (hosts[0] as unknown as { ping: () => Promise<number> }).ping = () => new Promise<number>(() => undefined);
    await new Promise<void>((resolve) => client.on((e) => e.type === 'workerRestored' && resolve()));
    expect(events.some((e) => e.type === 'workerLost')).toBe(true);
    const book = await client.getBook();
    expect(book.revision).toBe(1);
    expect(book.chapters[0]!.text.startsWith('Kept ')).toBe(true);
    expect(hosts).toHaveLength(2);
  });
});

/** A started client with a generated book of `chapters` chapters opened, and the events it saw; `opening`: put before the first chapter's text. */
async function openedBook(chapters: number, title: string, opening = '', onEvent?: (e: ClientEvent, client: ReturnType<typeof loopbackClient>['client']) => void) {
  const texts = Array.from({ length: chapters }, (_, i) => (i === 0 ? opening : '') + chapterMarkdown(random, `${title} ${i}`, 40));
  const { client } = loopbackClient(nodeEnvironment(presetFiles(texts)));
  const seen: ClientEvent[] = [];
  client.on((e) => {
    seen.push(e);
    onEvent?.(e, client);
  });
  await client.start();
  stop = () => client.stop();
  await client.openPreset('test-book');
  return { client, seen };
}

describe('the chapter on screen first', () => {
  it('lays out and announces the visible chapter before the rest of the book converges', async () => {
    const { client, seen } = await openedBook(4, 'Part');
    await client.awaitConvergence(0);
    await client.setVisibleChapter('ch3');
    // A global change: every chapter must be set again.
    const result = await client.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: '9pt' }] });
    expect(result.ok).toBe(true);
    await client.awaitConvergence(1);
    await until(() => seen.some((e) => e.type === 'converged' && e.revision === 1));
    const forRevision1 = seen.filter((e) => (e.type === 'pagesReady' || e.type === 'converged') && e.revision === 1);
    expect(forRevision1[0]).toMatchObject({ type: 'pagesReady', chapterId: 'ch3', speculative: true });
    const list = await client.getDisplayList((await client.getPages()).chapters[2]!.firstPage);
    expect(list?.chapter).toBe('ch3');
  });

  it('a book just opened shows its first chapter before the whole book converges', async () => {
    const { client, seen } = await openedBook(10, 'Section');
    await until(() => seen.some((e) => e.type === 'pagesReady' && !e.speculative && e.chapterId === 'ch1'), 20_000);
    const early = await client.getPages();
    const converged = seen.some((e) => e.type === 'converged');
    // Asked as soon as chapter 1 was announced: the pages so far, and page 1 can be painted.
    expect(converged).toBe(false);
    expect(early.pages.length).toBeGreaterThan(0);
    expect(early.chapters[0]).toMatchObject({ id: 'ch1', firstPage: 0 });
    const first = await client.getDisplayList(0);
    expect(first?.chapter).toBe('ch1');
    const done = await client.awaitConvergence(0);
    expect(done.pages).toBeGreaterThan(early.pages.length);
    // The early page is the converged one (its chapter was final when announced).
    expect(JSON.stringify(await client.getDisplayList(0))).toBe(JSON.stringify(first));
  });

  it('a book just opened announces its first chapter laid out alone before any chapter of the whole layout', async () => {
    const { client, seen } = await openedBook(6, 'Reach');
    await client.awaitConvergence(0);
    await until(() => seen.some((e) => e.type === 'converged' && e.revision === 0));
    const ready = seen.filter((e) => e.type === 'pagesReady' && e.revision === 0);
    // First: chapter 1 alone, at page 0 (engine/first-chapter.ts); then every chapter of the whole layout, chapter 1 again first.
    expect(ready[0]).toMatchObject({ chapterId: 'ch1', firstPage: 0, speculative: true });
    expect(ready.slice(1).map((e) => (e.type === 'pagesReady' ? `${e.chapterId}${e.speculative ? '?' : ''}` : ''))).toEqual(['ch1', 'ch2', 'ch3', 'ch4', 'ch5', 'ch6']);
    const alone = ready[0]!.type === 'pagesReady' ? ready[0]!.pages : -1;
    expect(alone).toBe((await client.getPages()).chapters[0]!.pages);
  });

  it('the first chapter shown alone keeps its page versions when the whole layout sets the same pages', async () => {
    // Asked the moment chapter 1 alone is announced: answered while the whole layout parses the
    // other chapters (a yield after each), before its own chapter 1 is set.
    let asked: ReturnType<Awaited<ReturnType<typeof openedBook>>['client']['getPages']> | null = null;
    // A note in chapter 1: the whole layout sets the chapter again (its memo key holds the book's
    // note count), new page objects with the same content.
    const { client } = await openedBook(12, 'Reach', 'A harbour note.[^a]\n\n[^a]: The note.\n\n', (e, c) => {
      if (e.type === 'pagesReady' && e.speculative && asked === null) asked = c.getPages();
    });
    await until(() => asked !== null);
    const early = await asked!;
    const shown = early.pages.filter((p) => p.chapter === 'ch1');
    expect(shown.length).toBeGreaterThan(0);
    await client.awaitConvergence(0);
    const converged = await client.getPages();
    // Versions name content: the UI, which paints a version once, paints none of these pages again.
    expect(converged.pages.slice(0, shown.length).map((p) => p.version)).toEqual(shown.map((p) => p.version));
  });

  it('a book whose first chapter prints the contents waits for the whole layout', async () => {
    const { client, seen } = await openedBook(3, 'Reach', ':::toc\n\n');
    await client.awaitConvergence(0);
    await until(() => seen.some((e) => e.type === 'converged' && e.revision === 0));
    const ready = seen.filter((e) => e.type === 'pagesReady' && e.revision === 0);
    expect(ready.map((e) => (e.type === 'pagesReady' ? `${e.chapterId}${e.speculative ? '?' : ''}` : ''))).toEqual(['ch1', 'ch2', 'ch3']);
  });
});
