import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { openBookStorage } from '../../../src/storage';
import { customFamiliesOf, guessFromFileName, missingVariants, readSfntInfo, uploadedFontFileId } from '../../../src/worker/engine/fonts/custom';
import { inspectFontFile } from '../../../src/worker/engine/fonts/inspect';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { nodeFontRegistry } from '../../support/node-world';

const require = createRequire(import.meta.url);
const fontFile = (path: string): Uint8Array<ArrayBuffer> => new Uint8Array(readFileSync(require.resolve(path)));
/** A file of a family no test book uses, uploaded under other names. */
const CODE_REGULAR = '@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf';
const CODE_BOLD = '@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf';

function fontsOf(pages: readonly (PageDisplayList | null)[]): Set<string> {
  const out = new Set<string>();
  for (const page of pages) for (const item of page?.items ?? []) if (item.op === Op.GlyphRun) out.add(item.font);
  return out;
}

async function allPages(host: BookHost): Promise<(PageDisplayList | null)[]> {
  const { pages } = await host.getPages();
  return Promise.all(pages.map((p) => host.getDisplayList(p.index)));
}

describe('font registry: custom faces', () => {
  it('a custom family shadows the bundled family of the same name, and leaves again', () => {
    const fonts = nodeFontRegistry();
    const bundled = fonts.match('EB Garamond', 400, 'normal');
    expect(bundled.custom).toBe(false);
    const generation = fonts.generation;
    expect(fonts.setCustomFaces([{ family: 'EB Garamond', weight: 400, style: 'normal', bytes: fontFile(CODE_REGULAR), id: 'custom-eb-garamond-400-test' }])).toBe(true);
    expect(fonts.generation).toBeGreaterThan(generation);
    const custom = fonts.match('eb garamond', 400, 'normal');
    expect(custom.id).toBe('custom-eb-garamond-400-test');
    expect(custom.custom).toBe(true);
    // Only the custom family's faces are matched: its 400 stands in for bold too (CSS rule).
    expect(fonts.match('EB Garamond', 700, 'italic').id).toBe('custom-eb-garamond-400-test');
    // Setting the same set again changes nothing.
    expect(fonts.setCustomFaces([{ family: 'EB Garamond', weight: 400, style: 'normal', bytes: fontFile(CODE_REGULAR), id: 'custom-eb-garamond-400-test' }])).toBe(false);
    // Another book without custom faces: the bundled family again; the old face stays reachable by id.
    expect(fonts.setCustomFaces([])).toBe(true);
    expect(fonts.match('EB Garamond', 400, 'normal').id).toBe(bundled.id);
    expect(fonts.get('custom-eb-garamond-400-test')).toBe(custom);
    expect(fonts.all().some((f) => f.custom)).toBe(false);
  });

  it('an unknown family falls back to a loaded face and is not in the registry', () => {
    const fonts = nodeFontRegistry();
    expect(fonts.hasFamily('No Such Family')).toBe(false);
    expect(fonts.match('No Such Family', 400, 'normal').family).toBe('EB Garamond');
  });
});

describe('font files', () => {
  it('reads weight and style from the OS/2 table and refuses what is not a font', async () => {
    const bold = await inspectFontFile(fontFile(CODE_BOLD), 'whatever.ttf');
    expect(bold).toMatchObject({ ok: true, format: 'ttf', weight: 700, style: 'normal', guessedFrom: 'file', family: 'Source Code Pro' });
    const italic = readSfntInfo(fontFile('@expo-google-fonts/eb-garamond/400Regular_Italic/EBGaramond_400Regular_Italic.ttf'));
    expect(italic.italic).toBe(true);
    const junk = new Uint8Array(4096).fill(7);
    expect(await inspectFontFile(junk, 'notes.ttf')).toEqual({ ok: false, error: expect.stringContaining('is not a font file') });
    // A TrueType header over garbage: recognised as a container, refused as a font.
    const fake = new Uint8Array(4096);
    fake.set([0, 1, 0, 0]);
    expect(await inspectFontFile(fake, 'fake.ttf')).toEqual({ ok: false, error: expect.stringContaining('does not read as a font') });
  });

  it('guesses weight and style from file names', () => {
    expect(guessFromFileName('MySerif-SemiBoldItalic.woff2')).toEqual({ weight: 600, style: 'italic' });
    expect(guessFromFileName('my-serif_700.ttf')).toEqual({ weight: 700 });
    expect(guessFromFileName('Serif-Regular.otf')).toEqual({ weight: 400 });
  });
});

describe('book host: user fonts end to end', () => {
  async function openBook(storage?: { factory: IDBFactory; name: string }) {
    const host = new BookHost(
      nodeEnvironment(presetFiles(['# One\n\nThe quick brown fox jumps over the lazy dog.\n']), storage ? { openStorage: () => openBookStorage({ name: storage.name, indexedDB: storage.factory, IDBKeyRange }), saveDelayMs: 5, newId: () => 'p-fonts', clock: () => 1_700_000_000_000 } : {}),
    );
    const book = await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(book.revision);
    return host;
  }

  it('an uploaded family sets the body at once and takes precedence over the bundled one of the same name', async () => {
    const host = await openBook();
    const before = fontsOf(await allPages(host));
    expect([...before].some((id) => id.startsWith('custom-'))).toBe(false);
    let book = await host.getBook();
    // Source Code Pro's file uploaded as "EB Garamond", the default body family.
    const put = await host.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'font.put', family: 'EB Garamond', weight: 400, style: 'normal', fileName: 'Mono-Regular.ttf', bytes: fontFile(CODE_REGULAR) }] });
    expect(put.ok).toBe(true);
    await host.awaitConvergence(put.revision);
    const after = fontsOf(await allPages(host));
    expect([...after].some((id) => id.startsWith('custom-eb-garamond-400-'))).toBe(true);
    book = await host.getBook();
    expect(customFamiliesOf(book.config)).toEqual([{ name: 'EB Garamond', variants: [{ weight: 400, style: 'normal', fileId: expect.stringMatching(/^font:upload:/), format: 'ttf', fileName: 'Mono-Regular.ttf' }] }]);
    expect(missingVariants(customFamiliesOf(book.config)[0]!)).toEqual(['700 normal', '400 italic', '700 italic']);
    // The checks name the missing faces once for the family (it sets the body).
    const { warnings } = await host.getWarnings({ category: 'fonts' });
    const missing = warnings.filter((w) => w.kind === 'missingFontVariant');
    expect(missing).toHaveLength(1);
    expect(missing[0]!.detail).toContain('no 700 normal, 400 italic, 700 italic faces');

    // Deleting the family brings the bundled face back.
    const del = await host.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'font.delete', family: 'eb garamond' }] });
    expect(del.ok).toBe(true);
    await host.awaitConvergence(del.revision);
    expect([...fontsOf(await allPages(host))].some((id) => id.startsWith('custom-'))).toBe(false);
    expect((await host.getBook()).config['customFonts']).toBeUndefined();
  });

  it('refuses a file that is not a font, and a rename onto an existing family, without changing anything', async () => {
    const host = await openBook();
    const book = await host.getBook();
    const junk = await host.apply({ origin: 'agent', baseRevision: book.revision, ops: [{ type: 'font.put', family: 'Junk', weight: 400, style: 'normal', fileName: 'junk.woff2', bytes: new TextEncoder().encode('not a font at all, just text') }] });
    expect(junk).toMatchObject({ ok: false, revision: book.revision, error: expect.stringContaining('not a font file') });
    const added = await host.apply({ origin: 'agent', baseRevision: book.revision, ops: [
      { type: 'font.put', family: 'Alpha', weight: 400, style: 'normal', fileName: 'a.ttf', bytes: fontFile(CODE_REGULAR) },
      { type: 'font.put', family: 'Beta', weight: 700, style: 'normal', fileName: 'b.ttf', bytes: fontFile(CODE_BOLD) },
    ] });
    expect(added.ok).toBe(true);
    const clash = await host.apply({ origin: 'agent', baseRevision: added.revision, ops: [{ type: 'font.rename', family: 'Alpha', newFamily: 'beta', updateSettings: true }] });
    expect(clash).toMatchObject({ ok: false, revision: added.revision, error: expect.stringContaining('already has a font family "Beta"') });
    expect((await host.getBook()).revision).toBe(added.revision);
  });

  it('a rename carries the typeface settings along; the files are stored with the book and survive a reload; unused files are pruned', async () => {
    const storage = { factory: new IDBFactory(), name: 'custom-fonts-roundtrip' };
    const host = await openBook(storage);
    let book = await host.getBook();
    let result = await host.apply({ origin: 'ui', baseRevision: book.revision, ops: [
      { type: 'font.put', family: 'House Serif', weight: 400, style: 'normal', fileName: 'HouseSerif-Regular.ttf', bytes: fontFile(CODE_REGULAR) },
      { type: 'font.put', family: 'House Serif', weight: 700, style: 'normal', fileName: 'HouseSerif-Bold.ttf', bytes: fontFile(CODE_BOLD) },
      { type: 'config.set', path: 'bodyText.fontFamily', value: 'House Serif' },
    ] });
    expect(result.ok).toBe(true);
    result = await host.apply({ origin: 'ui', baseRevision: result.revision, ops: [{ type: 'font.rename', family: 'House Serif', newFamily: 'Office Serif', updateSettings: true }] });
    expect(result.ok).toBe(true);
    book = await host.getBook();
    expect((book.config['bodyText'] as Record<string, unknown>)['fontFamily']).toBe('Office Serif');
    // Replacing the bold face with another file prunes the old file.
    result = await host.apply({ origin: 'ui', baseRevision: result.revision, ops: [{ type: 'font.put', family: 'Office Serif', weight: 700, style: 'normal', fileName: 'OfficeSerif-Bold.ttf', bytes: fontFile('@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf') }] });
    expect(result.ok).toBe(true);
    await host.awaitConvergence(result.revision);
    expect([...fontsOf(await allPages(host))].some((id) => id.startsWith('custom-office-serif-400-'))).toBe(true);
    expect((await host.flush()).saved).toBe(true);

    const db = await openBookStorage({ name: storage.name, indexedDB: storage.factory, IDBKeyRange });
    const draft = await db.loadDraft('test-book', 'en');
    expect(draft!.fonts.map((f) => [f.family, f.weight, f.style, f.fileName]).sort()).toEqual([
      ['Office Serif', 400, 'normal', 'HouseSerif-Regular.ttf'],
      ['Office Serif', 700, 'normal', 'OfficeSerif-Bold.ttf'],
    ]);
    // The replaced bold file is no longer referenced: a collection removes it and nothing the book uses.
    await db.collectGarbage();
    expect(await db.getFont(uploadedFontFileId(fontFile(CODE_BOLD)))).toBeNull();
    const reloaded = await db.loadDraft('test-book', 'en');
    expect(reloaded!.fonts).toHaveLength(2);
    db.close();

    // A fresh worker on the same database: the family is back and sets the body.
    const again = await openBook(storage);
    const reopened = await again.getBook();
    expect(customFamiliesOf(reopened.config).map((f) => [f.name, f.variants.map((v) => v.weight)])).toEqual([['Office Serif', [400, 700]]]);
    expect([...fontsOf(await allPages(again))].some((id) => id.startsWith('custom-office-serif-400-'))).toBe(true);
  });

  it('a .postext export carries the family under "fonts" (never config.customFonts) and an import brings it back in use', async () => {
    const storage = { factory: new IDBFactory(), name: 'custom-fonts-postext' };
    const host = await openBook(storage);
    const book = await host.getBook();
    const result = await host.apply({ origin: 'ui', baseRevision: book.revision, ops: [
      { type: 'font.put', family: 'Export Serif', weight: 400, style: 'normal', fileName: 'ExportSerif-Regular.ttf', bytes: fontFile(CODE_REGULAR) },
      { type: 'config.set', path: 'bodyText.fontFamily', value: 'Export Serif' },
    ] });
    expect(result.ok).toBe(true);
    const exported = await host.exportBook();
    const zip = await JSZip.loadAsync(exported.bytes);
    const manifest = JSON.parse(await zip.file('preset.json')!.async('string')) as Record<string, any>;
    expect(manifest.fonts).toEqual([{ name: 'Export Serif', variants: [{ weight: 400, style: 'normal', file: 'fonts/ExportSerif-Regular.ttf' }] }]);
    expect(manifest.config?.customFonts).toBeUndefined();
    expect(manifest.config.bodyText.fontFamily).toBe('Export Serif');
    expect(new Uint8Array(await zip.file('fonts/ExportSerif-Regular.ttf')!.async('uint8array'))).toEqual(fontFile(CODE_REGULAR));

    const { project } = await host.importPostext({ bytes: exported.bytes });
    const opened = await host.getBook();
    expect(opened.id).toBe(project.id);
    expect(customFamiliesOf(opened.config).map((f) => [f.name, f.variants.map((v) => [v.weight, v.style, v.format, v.fileName])])).toEqual([['Export Serif', [[400, 'normal', 'ttf', 'ExportSerif-Regular.ttf']]]]);
    await host.awaitConvergence(opened.revision);
    expect([...fontsOf(await allPages(host))].some((id) => id.startsWith('custom-export-serif-400-'))).toBe(true);
  });
});
