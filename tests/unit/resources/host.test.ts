import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type ImageItem } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { makePng } from '../../fixtures/resources/pictures';

const chapters = [
  '# One\n\nAs :ref{id="harbour"} shows, and :ref{id="harbour" style="full"} again.\n\n::resource{id="harbour"}\n\nSee also :ref{id="prices"}.',
  '# Two\n\nBack to :ref{id="harbour"}. `:ref{id="harbour"}` in code is not a reference.',
];

async function openHost(): Promise<BookHost> {
  const host = new BookHost(nodeEnvironment(presetFiles(chapters)));
  await host.openPreset({ presetId: 'test-book' });
  const result = await host.apply({
    origin: 'ui',
    baseRevision: 0,
    ops: [
      { type: 'resource.put', resource: { id: 'harbour', typeId: 'figure', kind: 'bitmap', resolution: 300, caption: 'The harbour' }, payload: makePng(600, 300) as Uint8Array<ArrayBuffer> },
      { type: 'resource.put', resource: { id: 'prices', typeId: 'table', kind: 'table', table: { model: { rows: [[{ content: 'Item' }], [{ content: 'Bread' }]], headerRowCount: 1 } } } },
    ],
  });
  expect(result.ok).toBe(true);
  await host.awaitConvergence(1);
  return host;
}

describe('resources through the book host', () => {
  it('lists resources with uses, numbers, labels and natural sizes', async () => {
    const host = await openHost();
    const { resources } = await host.listResources();
    const harbour = resources.find((r) => r.record.id === 'harbour')!;
    expect(harbour.uses).toBe(4); // three :ref and one ::resource; the code span does not count
    expect(harbour.number).toBe('1.1');
    expect(harbour.label).toBe('Fig.\u00a01.1');
    expect(harbour.natural).toEqual({ width: 144, height: 72 });
    expect(harbour.pixels).toMatchObject({ width: 600, height: 300, format: 'png' });
    expect(resources.find((r) => r.record.id === 'prices')!.label).toBe('Tab.\u00a01.1');
  });

  it('serves the picture a display list names by its key', async () => {
    const host = await openHost();
    const { pages } = await host.getPages();
    const lists = await Promise.all(pages.map((p) => host.getDisplayList(p.index)));
    const image = lists.flatMap((l) => l!.items).find((i): i is ImageItem => i.op === Op.Image)!;
    expect(image.w).toBe(144);
    const served = await host.getImage(image.image);
    expect(served!.mime).toBe('image/png');
    expect(served!.bytes).toEqual(makePng(600, 300));
    expect(await host.getImage('img-unknown')).toBeNull();
  });

  it('renames a resource and every reference to it in one transaction', async () => {
    const host = await openHost();
    const result = await host.renameResource({ id: 'harbour', newId: 'harbour-dawn' });
    expect(result).toMatchObject({ ok: true, renamedReferences: 4 });
    const book = await host.getBook();
    expect(book.chapters[0]!.text).toContain(':ref{id="harbour-dawn"} shows');
    expect(book.chapters[0]!.text).toContain('::resource{id="harbour-dawn"}');
    expect(book.chapters[1]!.text).toContain('Back to :ref{id="harbour-dawn"}');
    expect(book.chapters[1]!.text).toContain('`:ref{id="harbour"}`'); // code is not a reference
    expect(book.resources.map((r) => r.id)).toEqual(['prices', 'harbour-dawn']);
    expect(book.resources.find((r) => r.id === 'harbour-dawn')!.payloadBytes).toBeGreaterThan(0);
    // Duplicates and bad ids are refused and change nothing.
    const revision = book.revision;
    expect(await host.renameResource({ id: 'prices', newId: 'harbour-dawn' })).toMatchObject({ ok: false, revision });
    expect((await host.renameResource({ id: 'prices', newId: 'bad id' })).ok).toBe(false);
    expect((await host.getBook()).revision).toBe(revision);
  });

  it('deletes a resource and reports the references left dangling', async () => {
    const host = await openHost();
    expect(await host.deleteResource({ id: 'harbour' })).toMatchObject({ ok: true, danglingReferences: 4 });
    expect((await host.getBook()).resources.map((r) => r.id)).toEqual(['prices']);
    expect((await host.deleteResource({ id: 'harbour' })).ok).toBe(false);
  });
});
