import { describe, expect, it } from 'vitest';
import { offPracticeSize } from '../../../src/worker/engine/practice';
import { BookHost, type HostEnvironment } from '../../../src/worker/host/book-host';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { mulberry32, paragraph } from '../../support/prose';

/**
 * The edit-path practice (engine/practice.ts): once the first layout has converged and the worker
 * idles, the host lays out two chapters on a cache of their own and edits them twice, so the first
 * real keystroke does not pay for compiling the edit path. The book itself must not notice.
 */
const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

function chapters(count: number): string[] {
  const random = mulberry32(11);
  return Array.from({ length: count }, (_, c) => `# Chapter ${c + 1}\n\n${Array.from({ length: 12 }, () => paragraph(random)).join('\n\n')}\n`);
}

async function open(environment: Partial<HostEnvironment>): Promise<BookHost> {
  const host = new BookHost({ ...nodeEnvironment(presetFiles(chapters(3))), idleQuietMs: 0, ...environment });
  await host.openPreset({ presetId: 'test-book' });
  await host.awaitConvergence(0);
  return host;
}

/** Every page's display list and version, as the UI reads them. */
async function pagesOf(host: BookHost): Promise<string> {
  const { pages } = await host.getPages();
  const lists = await Promise.all(pages.map((_, i) => host.getDisplayList(i)));
  return JSON.stringify({ versions: pages.map((p) => p.version), lists });
}

async function practised(host: BookHost): Promise<number | null> {
  for (let i = 0; i < 2000 && host.practiceRun() === null; i++) await turns(1);
  return host.practiceRun();
}

describe('the edit-path practice at idle (host, engine/practice.ts)', () => {
  it('runs once after the first layout, makes its two edits, and leaves the book, its pages and their versions as they were', async () => {
    const host = await open({ practiseEdits: true });
    const before = await pagesOf(host);
    expect(await practised(host)).toBe(2);
    expect(await pagesOf(host)).toBe(before);
    // A real edit afterwards converges as ever, and no second practice follows it.
    const result = await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch2', from: 14, to: 14, insert: 'Indeed, ' }] });
    expect(result.ok).toBe(true);
    await host.awaitConvergence(1);
    await turns(200);
    expect(host.practiceRun()).toBe(2);
    const book = await host.getBook();
    expect(book.chapters[1]!.text).toContain('Indeed, ');
    expect(book.chapters.every((c) => !c.text.includes('in practice'))).toBe(true);
  });

  it("then lays its chapters out at a body size off the book's own by a fraction of a point, and the book does not notice", async () => {
    const host = await open({ practiseEdits: true });
    const before = await pagesOf(host);
    const pagesBefore = (await host.getPages()).pages.length;
    expect(await practised(host)).toBe(2);
    // Two chapters of three, a third of a point larger: pages of their own, about as many as theirs.
    const offSize = host.practiceOffSizePages();
    expect(offSize).not.toBeNull();
    expect(offSize!).toBeGreaterThan(0);
    expect(offSize!).toBeLessThan(pagesBefore);
    expect(await pagesOf(host)).toBe(before);
    // A real change to the size the practice used is laid out as on a host that never practised.
    const change = { origin: 'ui' as const, baseRevision: 0, ops: [{ type: 'config.set' as const, path: 'bodyText.fontSize', value: { value: offPracticeSize(12), unit: 'pt' } }] };
    const fresh = await open({});
    for (const h of [host, fresh]) {
      const result = await h.apply(change);
      expect(result.ok).toBe(true);
      await h.awaitConvergence(1);
    }
    const after = JSON.parse(await pagesOf(host)) as { lists: unknown[] };
    expect(after.lists).toEqual((JSON.parse(await pagesOf(fresh)) as { lists: unknown[] }).lists);
    expect(JSON.stringify(after.lists)).not.toBe(JSON.stringify((JSON.parse(before) as { lists: unknown[] }).lists));
  });

  it('runs its off-size layout again for each book opened after it, never its edits', async () => {
    const random = mulberry32(5);
    const other = Array.from({ length: 4 }, (_, c) => `# Other ${c + 1}\n\n${Array.from({ length: 60 }, () => paragraph(random)).join('\n\n')}\n`);
    const files = { ...presetFiles(chapters(3)), ...presetFiles(other, 'other-book') };
    files['index.json'] = JSON.stringify({ version: 1, presets: [{ id: 'test-book', dir: 'test-book', name: 'Test Book', default: true }, { id: 'other-book', dir: 'other-book', name: 'Other', default: false }] });
    const host = new BookHost({ ...nodeEnvironment(files), idleQuietMs: 0, practiseEdits: true });
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    expect(await practised(host)).toBe(2);
    const first = host.practiceOffSizePages();
    expect(first).toBeGreaterThan(0);
    await host.openPreset({ presetId: 'other-book' });
    await host.awaitConvergence((await host.getBook()).revision);
    // The other book's two middle chapters (sixty paragraphs each, not twelve): more pages.
    for (let i = 0; i < 2000 && host.practiceOffSizePages() === first; i++) await turns(1);
    expect(host.practiceOffSizePages()).toBeGreaterThan(first!);
    expect(host.practiceRun()).toBe(2);
    expect((await host.getBook()).chapters.every((c) => !c.text.includes('in practice'))).toBe(true);
  });

  it("picks a size that is never a whole number of points, within a point of the book's", () => {
    for (const size of [8, 9.5, 10, 10.37, 11.99, 12, 72]) {
      const off = offPracticeSize(size);
      expect(Number.isInteger(off)).toBe(false);
      expect(Math.abs(off - size)).toBeLessThan(1);
    }
  });

  it('gives way to a transaction arriving meanwhile, and runs to its end at the next pause', async () => {
    // A host clock that moves 1 ms a read: idle slices of 3 ms are a few steps each.
    let clock = 0;
    const host = await open({ practiseEdits: true, now: () => ++clock });
    await turns(3);
    expect(host.practiceRun()).toBeNull(); // still practising (or about to)
    const result = await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 12, to: 12, insert: 'Meanwhile, ' }] });
    expect(result.ok).toBe(true);
    await host.awaitConvergence(1);
    expect(await practised(host)).toBe(2);
    expect((await host.getBook()).chapters[0]!.text).toContain('Meanwhile, ');
  });

  it('does not run unless the environment asks for it (Node hosts, the tests that count idle work)', async () => {
    const host = await open({});
    await turns(400);
    expect(host.practiceRun()).toBeNull();
  });
});
