/** sandbox_save_font and sandbox_list_fonts over the real client and worker host (Node loopback port). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../../src/tools';
import { loopbackClient, nodeEnvironment, presetFiles } from '../../support/node-host';

const require = createRequire(import.meta.url);
const base64Of = (path: string): string => readFileSync(require.resolve(path)).toString('base64');
const CODE_REGULAR = '@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf';
const CODE_BOLD = '@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

async function setUp() {
  const { client } = loopbackClient(nodeEnvironment(presetFiles(['# One\n\nPlain text in the body face.\n'])));
  await client.start();
  stop = () => client.stop();
  await client.openPreset('test-book');
  return { tools: createToolRegistry(client), client };
}

type Answer = Record<string, any>;

describe('font tools', () => {
  it('add (weight and style from the file) → list → rename with the settings → delete a face → delete the family', async () => {
    const { tools, client } = await setUp();
    const added = (await tools.execute('sandbox_save_font', { action: 'add', family: 'House Serif', file: { base64: base64Of(CODE_BOLD), name: 'HouseSerif-Bold.ttf' } })) as Answer;
    expect(added).toMatchObject({ ok: true, family: 'House Serif', variants: [{ weight: 700, style: 'normal', format: 'ttf', fileName: 'HouseSerif-Bold.ttf' }] });
    expect(added.warnings[0]).toContain('no 400 normal, 400 italic, 700 italic faces');
    expect(added.pagesAfter).toBeGreaterThan(0);
    const regular = (await tools.execute('sandbox_save_font', { family: 'house serif', weight: 400, style: 'normal', file: { base64: base64Of(CODE_REGULAR), name: 'HouseSerif-Regular.ttf' } })) as Answer;
    expect(regular.variants.map((v: Answer) => v.weight)).toEqual([400, 700]);
    expect((await tools.execute('sandbox_set_config', { changes: [{ path: 'bodyText.fontFamily', value: 'House Serif' }] })).ok).toBe(true);

    const listed = (await tools.execute('sandbox_list_fonts', { search: 'house' })) as Answer;
    expect(listed.book).toContainEqual({ family: 'House Serif', role: 'body', source: 'custom' });
    expect(listed.catalogue).toEqual([{ family: 'House Serif', category: 'custom', weights: [400, 700], styles: ['normal'] }]);

    const renamed = (await tools.execute('sandbox_save_font', { action: 'rename', family: 'House Serif', newFamily: 'Office Serif' })) as Answer;
    expect(renamed).toMatchObject({ ok: true, family: 'Office Serif', settingsUpdated: 1 });
    expect(((await client.getBook()).config['bodyText'] as Answer)['fontFamily']).toBe('Office Serif');

    const oneFace = (await tools.execute('sandbox_save_font', { action: 'delete', family: 'Office Serif', weight: 700 })) as Answer;
    expect(oneFace.variants).toEqual([{ weight: 400, style: 'normal', format: 'ttf', fileName: 'HouseSerif-Regular.ttf' }]);
    const gone = (await tools.execute('sandbox_save_font', { action: 'delete', family: 'Office Serif' })) as Answer;
    expect(gone).toMatchObject({ ok: true, variants: [], deleted: 'family' });
    expect((await client.getBook()).config['customFonts']).toBeUndefined();
  });

  it('refusals change nothing: not a font, unknown family, misspelt argument', async () => {
    const { tools, client } = await setUp();
    const revision = (await client.getBook()).revision;
    const junk = (await tools.execute('sandbox_save_font', { family: 'Junk', file: { base64: Buffer.from('hello, not a font').toString('base64'), name: 'junk.ttf' } })) as Answer;
    expect(junk).toMatchObject({ ok: false, error: expect.stringContaining('not a font file') });
    const unknown = (await tools.execute('sandbox_save_font', { action: 'delete', family: 'Nobody' })) as Answer;
    expect(unknown).toMatchObject({ ok: false, error: 'The book has no font family "Nobody".' });
    const misspelt = (await tools.execute('sandbox_save_font', { family: 'X', wieght: 400 })) as Answer;
    expect(misspelt.ok).toBe(false);
    expect((await client.getBook()).revision).toBe(revision);
  });
});
