/**
 * The shared-word tables (paragraph/items.ts) are let go once every paragraph of a converged layout
 * is kept as columns (the host, when idle). What is set after that — an edit, a new body size —
 * builds its entries again from the word cores, and must give the pages a layout that never let
 * them go gives (ARCHITECTURE invariant: incremental == full).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, releaseSharedWords, type BookInput } from '../../../src/worker/engine';
import { sharedWordsReleaseCount } from '../../../src/worker/engine/paragraph/items';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { BookHost } from '../../../src/worker/host/book-host';
import { nodeFontRegistry } from '../../support/node-world';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { chapterMarkdown, mulberry32, paragraph } from '../../support/prose';
import { dump, run } from '../page/helpers';

const newHyphenator = () => createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

const random = mulberry32(77);
const CHAPTERS = [
  chapterMarkdown(random, 'The first chapter', 10),
  `${chapterMarkdown(random, 'The second chapter', 6)}\nSome *emphasised considerations* and a note[^a] in running text.\n\n> A quotation long enough to turn over onto a second line in its own smaller type.\n\n[^a]: The note, in the note type, with incomprehensible words.\n`,
];

function book(chapters: readonly string[], size: number, hyphenator: BookInput['hyphenator']): BookInput {
  const settings = defaultSettings();
  return { title: 'Release', settings: { ...settings, body: { ...settings.body, style: { ...settings.body.style, size } } }, hyphenator, chapters: chapters.map((source, i) => ({ id: `c${i}`, title: '', source })) };
}

describe('letting the shared-word tables go', () => {
  it('leaves an edit and a new body size laid out as a layout that kept them', () => {
    const size = defaultSettings().body.style.size;
    const fonts = nodeFontRegistry();
    const hyphenator = newHyphenator();
    const cache = new EngineCache();
    run(book(CHAPTERS, size, hyphenator), cache, fonts);
    expect(cache.prepared.keepWaiting()).toBe(true);
    releaseSharedWords();
    // An edit in the first chapter's second paragraph, on the same cache.
    const at = CHAPTERS[0]!.indexOf('\n\n', CHAPTERS[0]!.indexOf('\n\n') + 2) + 2;
    const edited = [`${CHAPTERS[0]!.slice(0, at)}Notwithstanding institutionalised considerations, ${CHAPTERS[0]!.slice(at)}`, CHAPTERS[1]!];
    const afterEdit = dump(run(book(edited, size, hyphenator), cache, fonts));
    expect(afterEdit).toBe(dump(run(book(edited, size, newHyphenator()), new EngineCache(), nodeFontRegistry())));
    cache.prepared.keepWaiting();
    releaseSharedWords();
    const afterSize = dump(run(book(edited, size * 1.04, hyphenator), cache, fonts));
    expect(afterSize).toBe(dump(run(book(edited, size * 1.04, newHyphenator()), new EngineCache(), nodeFontRegistry())));
  });

  it('is what the host does once the idle step has kept every paragraph, once per settings', async () => {
    const before = sharedWordsReleaseCount();
    const prose = mulberry32(5);
    const text = Array.from({ length: 20 }, () => paragraph(prose)).join('\n\n') + '\n';
    const host = new BookHost({ ...nodeEnvironment(presetFiles([`# One\n\n${text}`])), idleQuietMs: 0 });
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    const prepared = (host as unknown as { cache: EngineCache }).cache.prepared;
    for (let i = 0; i < 400 && (prepared.waitingCount > 0 || sharedWordsReleaseCount() === before); i++) await new Promise((resolve) => setImmediate(resolve));
    expect(prepared.waitingCount).toBe(0);
    const released = sharedWordsReleaseCount();
    expect(released).toBeGreaterThan(before);
    // Once per settings: an edit kept in its turn lets nothing go (its words stay for the next edit).
    expect((await host.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 8, to: 8, insert: 'Indeed, ' }] })).ok).toBe(true);
    await host.awaitConvergence(1);
    // The idle step after this convergence (it keeps the edited paragraph, if it waits, then ends).
    for (let i = 0; i < 100; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(prepared.waitingCount).toBe(0);
    expect(sharedWordsReleaseCount()).toBe(released);
  });

  it('is what the host does when a build starts with other settings than the last (a design change)', async () => {
    const prose = mulberry32(6);
    const text = Array.from({ length: 8 }, () => paragraph(prose)).join('\n\n') + '\n';
    // No idle step in this test (a pause of a minute is never reached): only a build lets the tables go.
    const host = new BookHost({ ...nodeEnvironment(presetFiles([`# One\n\n${text}`])), idleQuietMs: 60_000 });
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    const opened = sharedWordsReleaseCount();
    // A text edit keeps the settings object: nothing let go.
    expect((await host.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 8, to: 8, insert: 'Indeed, ' }] })).ok).toBe(true);
    await host.awaitConvergence(1);
    expect(sharedWordsReleaseCount()).toBe(opened);
    expect((await host.apply({ origin: 'agent', baseRevision: 1, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: '11pt' }] })).ok).toBe(true);
    await host.awaitConvergence(2);
    expect(sharedWordsReleaseCount()).toBe(opened + 1);
  });
});
