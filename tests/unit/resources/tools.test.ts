/** The resource tools over the real client and worker host (Node loopback port). */
import { afterEach, describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../../src/tools';
import { slugify } from '../../../src/tools/groups/resources';
import { loopbackClient, nodeEnvironment, presetFiles } from '../../support/node-host';
import { HOSTILE_SVG, makePng } from '../../fixtures/resources/pictures';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

async function setUp() {
  const { client } = loopbackClient(nodeEnvironment(presetFiles(['# One\n\nSee :ref{id="harbour"} and :ref{id="prices"}.\n\n::resource{id="harbour"}\n'])));
  await client.start();
  stop = () => client.stop();
  await client.openPreset('test-book');
  return createToolRegistry(client);
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
type Answer = Record<string, any>;

describe('resource tools', () => {
  it('save → list → rename → delete, with references followed and counted', async () => {
    const tools = await setUp();
    const added = (await tools.execute('sandbox_save_resource', { id: 'harbour', image: { base64: base64(makePng(1200, 600)) }, resolution: 300, caption: 'The harbour at dawn', placement: { position: 'here' } })) as Answer;
    expect(added).toMatchObject({ ok: true, created: true, directive: '::resource{id="harbour"}' });
    expect(added.resource).toMatchObject({ id: 'harbour', kind: 'bitmap', typeId: 'figure', number: '1.1', uses: 2, naturalSize: { width: 288, height: 144, unit: 'pt' } });
    const table = (await tools.execute('sandbox_save_resource', { id: 'prices', caption: 'Prices in 1850', table: { rows: [['Item', 'Price'], ['Bread', '2d']], columnWidths: [2, 1] } })) as Answer;
    expect(table.resource).toMatchObject({ kind: 'table', typeId: 'table', table: { model: { headerRowCount: 1, columnWidths: [2, 1] } } });
    // Changing only the caption keeps the picture.
    const edited = (await tools.execute('sandbox_save_resource', { id: 'harbour', caption: 'Boats at dawn' })) as Answer;
    expect(edited).toMatchObject({ ok: true, created: false, resource: { caption: 'Boats at dawn', bitmap: { width: 1200, height: 600 } } });
    const list = (await tools.execute('sandbox_list_resources', {})) as Answer;
    expect(list.resources).toEqual([
      { id: 'harbour', typeId: 'figure', kind: 'bitmap', caption: 'Boats at dawn', uses: 2, number: '1.1', label: 'Fig.\u00a01.1' },
      { id: 'prices', typeId: 'table', kind: 'table', caption: 'Prices in 1850', uses: 1, number: '1.1', label: 'Tab.\u00a01.1' },
    ]);
    const renamed = (await tools.execute('sandbox_save_resource', { id: 'harbour', newId: 'harbour-dawn' })) as Answer;
    expect(renamed).toMatchObject({ ok: true, renamedReferences: 2, directive: '::resource{id="harbour-dawn"}' });
    const text = (await tools.execute('sandbox_read_text', { chapter: 1 })) as Answer;
    expect(JSON.stringify(text)).toContain(':ref{id=\\"harbour-dawn\\"}');
    const deleted = (await tools.execute('sandbox_delete_resource', { id: 'harbour-dawn' })) as Answer;
    expect(deleted).toMatchObject({ ok: true, deleted: 'harbour-dawn', danglingReferences: 2 });
  });

  it('keeps SVG source and refuses what it cannot use, saying what to send', async () => {
    const tools = await setUp();
    const svg = (await tools.execute('sandbox_save_resource', { id: 'plan', svg: { source: HOSTILE_SVG } })) as Answer;
    expect(svg).toMatchObject({ ok: true, resource: { kind: 'svg', svg: { source: HOSTILE_SVG, width: 150, height: 75 } } });
    const full = (await tools.execute('sandbox_list_resources', { id: 'plan' })) as Answer;
    expect(full.resource.svg.source).toBe(HOSTILE_SVG);
    expect(((await tools.execute('sandbox_save_resource', { id: 'bad', image: { base64: base64(new TextEncoder().encode('not a picture')) } })) as Answer).error).toMatch(/PNG, JPEG, WebP or GIF/);
    expect(((await tools.execute('sandbox_save_resource', { id: 'new-one' })) as Answer).error).toMatch(/image, svg or table/);
    expect(((await tools.execute('sandbox_save_resource', { id: 'bad id!', table: { rows: [['a']] } })) as Answer).error).toMatch(/"bad-id"/);
    expect(((await tools.execute('sandbox_save_resource', { id: 'plan', svg: { source: 'hello' } })) as Answer).error).toMatch(/not SVG/);
    expect(((await tools.execute('sandbox_delete_resource', { id: 'ghost' })) as Answer).ok).toBe(false);
  });

  it('lists the book’s font families with roles and the families it can load', async () => {
    const tools = await setUp();
    const fonts = (await tools.execute('sandbox_list_fonts', { search: 'garamond' })) as Answer;
    expect(fonts.book).toEqual(expect.arrayContaining([{ family: 'EB Garamond', role: 'body', source: 'bundled' }, { family: 'Open Sans', role: 'headings', source: 'bundled' }]));
    expect(fonts.catalogue).toEqual([expect.objectContaining({ family: 'EB Garamond', weights: [400, 700], styles: ['italic', 'normal'] })]);
  });

  it('slugifies names for ids', () => {
    expect(slugify('Café Plan (v2).PNG')).toBe('cafe-plan-v2');
  });
});
