/**
 * Page versions (PageSummary.version): a layout that leaves a page as it was keeps its version, so
 * the viewer repaints only the pages an edit changed; `getDisplayList(index, version)` serves that
 * very page or null. After the first convergence, `pagesReady` names only the chapters a build changed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientEvent } from '../../../src/worker/protocol/client';
import { loopbackClient, nodeEnvironment, presetFiles } from '../../support/node-host';
import { chapterMarkdown, mulberry32 } from '../../support/prose';

const random = mulberry32(17);
const chapters = [chapterMarkdown(random, 'One', 30), chapterMarkdown(random, 'Two', 30)];
let stop: (() => void) | null = null;
afterEach(() => stop?.());

async function opened(seen: ClientEvent[] = []) {
  const { client } = loopbackClient(nodeEnvironment(presetFiles(chapters)));
  client.on((e) => seen.push(e));
  await client.start();
  stop = () => client.stop();
  await client.openPreset('test-book');
  await client.awaitConvergence(0);
  return client;
}

describe('page versions', () => {
  it('an edit in the second chapter keeps the first chapter’s versions and changes the edited pages’', async () => {
    const client = await opened();
    const before = await client.getPages();
    const second = before.chapters[1]!;
    expect(second.firstPage).toBeGreaterThan(0);
    expect(new Set(before.pages.map((p) => p.version)).size).toBe(before.pages.length);
    const text = (await client.getBook()).chapters[1]!.text;
    const at = text.indexOf('.\n\n') > 0 ? text.indexOf('.\n\n') : 0;
    const result = await client.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch2', from: at, to: at, insert: ' with a quiet lantern' }] });
    expect(result.ok).toBe(true);
    await client.awaitConvergence(1);
    const after = await client.getPages();
    expect(after.revision).toBe(1);
    for (let i = 0; i < second.firstPage; i++) expect(after.pages[i]!.version).toBe(before.pages[i]!.version);
    // The edited paragraph's page is set anew.
    const edited = after.pages.filter((p) => p.chapter === 'ch2');
    expect(edited.some((p) => p.version !== before.pages[p.index]?.version)).toBe(true);
  });

  it('getDisplayList with a version serves that page, and null for a version no longer laid out', async () => {
    const client = await opened();
    const before = await client.getPages();
    const last = before.pages[before.pages.length - 1]!;
    const page = await client.getDisplayList(last.index, last.version);
    expect(page).toEqual(await client.getDisplayList(last.index));
    expect(await client.getDisplayList(last.index, 'no-such-version')).toBeNull();
    // A configuration change gives every page a new version; the old ones are no longer served.
    const result = await client.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: '9pt' }] });
    expect(result.ok).toBe(true);
    await client.awaitConvergence(1);
    const after = await client.getPages();
    expect(after.pages.every((p) => !before.pages.some((q) => q.version === p.version))).toBe(true);
    expect(await client.getDisplayList(0, before.pages[0]!.version)).toBeNull();
    expect(await client.getDisplayList(0, after.pages[0]!.version)).toEqual(await client.getDisplayList(0));
  });

  it('announces every chapter of a book just opened, and after an edit only the chapter it changed', async () => {
    const seen: ClientEvent[] = [];
    const client = await opened(seen);
    const ready = (revision: number): string[] => seen.flatMap((e) => (e.type === 'pagesReady' && !e.speculative && e.revision === revision ? [e.chapterId] : []));
    // Events travel on their own port: wait for the convergence event itself.
    const convergedEvent = async (revision: number): Promise<void> => {
      const start = Date.now();
      while (!seen.some((e) => e.type === 'converged' && e.revision === revision) && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 5));
    };
    await convergedEvent(0);
    expect(ready(0)).toEqual(['ch1', 'ch2']);
    const result = await client.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch2', from: 0, to: 0, insert: 'Lantern ' }] });
    expect(result.ok).toBe(true);
    await client.awaitConvergence(1);
    await convergedEvent(1);
    expect(ready(1)).toEqual(['ch2']);
  });
});
