import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { chapterMarkdown, mulberry32 } from '../../support/prose';

const random = mulberry32(99);
const chapters = [chapterMarkdown(random, 'First', 40), chapterMarkdown(random, 'Second', 40)];

async function openHost() {
  const host = new BookHost(nodeEnvironment(presetFiles(chapters)));
  await host.openPreset({ presetId: 'test-book' });
  await host.awaitConvergence(0);
  return host;
}

const bodyRuns = async (host: BookHost, page: number) => ((await host.getDisplayList(page))!.items.filter((i) => i.op === Op.GlyphRun && i.line?.role === 'body') as GlyphRunItem[]);

describe('configuration changes are transactions the engine follows', () => {
  it('a body size change relays out the book, reports the followers, and the default comes back with null', async () => {
    const host = await openHost();
    const before = (await host.getPages()).pages.length;
    const configBefore = (await host.getBook()).config;
    const result = await host.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: '11pt' }] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config[0]!.changed[0]).toMatchObject({ path: 'bodyText.fontSize' });
    expect(result.config[0]!.followed.length).toBeGreaterThan(0);
    await host.awaitConvergence(result.revision);
    const bigger = (await host.getPages()).pages.length;
    expect(bigger).toBeGreaterThan(before);
    expect((await bodyRuns(host, 0))[0]!.size).toBe(11);
    const reset = await host.apply({ origin: 'agent', baseRevision: result.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: null }] });
    expect(reset.ok).toBe(true);
    await host.awaitConvergence(result.revision + 1);
    expect((await host.getPages()).pages.length).toBe(before);
    expect((await host.getBook()).config).toEqual(configBefore);
  });

  it('one column instead of two puts body lines across the whole measure', async () => {
    const host = await openHost();
    const widthOf = async () => Math.max(...(await bodyRuns(host, 0)).map((r) => r.xs[r.xs.length - 1]! - r.xs[0]!));
    const twoColumns = await widthOf();
    const result = await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'config.patch', patch: { layout: { layoutType: 'single' } } }] });
    expect(result.ok).toBe(true);
    await host.awaitConvergence(1);
    expect(await widthOf()).toBeGreaterThan(twoColumns * 1.6);
  });

  it('refuses a value that does not fit, saying what to send, and changes nothing', async () => {
    const host = await openHost();
    const before = await host.getBook();
    const result = await host.apply({
      origin: 'agent',
      baseRevision: 0,
      ops: [
        { type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'Lost? ' },
        { type: 'config.set', path: 'bodyText.fontSize', value: 'huge' },
      ],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/bodyText\.fontSize.*pt/);
    const unknown = await host.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'config.set', path: 'bodyText.fontSise', value: '9pt' }] });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error).toContain('bodyText.fontSize');
    expect(await host.getBook()).toEqual(before);
  });

  it('answers config reads and setting searches', async () => {
    const host = await openHost();
    expect(await host.getConfig('page.margins.top')).toMatchObject({ ok: true, effective: { value: 2, unit: 'cm' } });
    const found = (await host.findSetting('paragraph indent')) as { ok: boolean; paths: { path: string }[] };
    expect(found.paths.map((p) => p.path)).toContain('bodyText.firstLineIndent');
  });
});
