import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  BundleError,
  exportPostext,
  importPostext,
  inspectPostext,
  loadPresetBook,
  slugify,
  type BundleBook,
} from '../../../src/worker/bundle';
import { fsReaders } from './fsreader';

const FIXED_DATE = new Date(1980, 0, 1);
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

function book(overrides: Partial<BundleBook> = {}): BundleBook {
  return {
    id: 'lantern',
    name: 'The Lantern',
    description: 'A short book',
    locale: 'en',
    primaryLocale: 'en',
    locales: ['en'],
    openLocale: null,
    chapters: [
      { title: 'Dusk', file: 'whatever/1.md', text: '# Dusk\n\nThe lamp is lit. ::resource{id="lantern"}\n' },
      { title: 'Déjà vu: the Return!', file: 'whatever/2.md', text: '# Déjà vu\n\nAgain.\n' },
    ],
    config: { page: { width: { value: 15, unit: 'cm' } }, customFonts: [{ name: 'X', variants: [] }] },
    configVersion: 11,
    resources: [
      {
        record: { id: 'lantern', typeId: 'figure', kind: 'svg', file: 'pics/original-name.svg', pdfFile: 'pics/x.pdf', caption: 'A lantern', safeArea: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 } },
        payloads: { file: enc('<svg xmlns="http://www.w3.org/2000/svg"/>'), pdfFile: enc('%PDF-1.7') },
      },
      { record: { id: 'photo', typeId: 'figure', kind: 'bitmap' }, payloads: { file: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2]) } },
      {
        record: { id: 'tab', typeId: 'table', kind: 'table', caption: 'Hours', table: { model: { rows: [[{ content: 'A', isHeader: true }]], headerRowCount: 1 } } },
        payloads: {},
      },
    ],
    fonts: [
      {
        name: 'Lantern Serif',
        variants: [
          { weight: 400, style: 'normal', file: 'fonts/LanternSerif-Regular.otf', format: 'otf', fileId: 'font:lantern:fonts/LanternSerif-Regular.otf', bytes: enc('OTTO1') },
          { weight: 400, style: 'italic', file: 'fonts/LanternSerif-Italic.ttf', format: 'ttf', fileId: 'f2', bytes: enc('\0\x01\0\0') },
        ],
      },
      { name: 'Secret Sans', redistributable: false, variants: [{ weight: 400, style: 'normal', file: 'fonts/S.otf', format: 'otf', fileId: 'f3', bytes: enc('OTTO2') }] },
    ],
    view: { canvasScope: 'book' },
    start: { pageIndexOffset: 57, pageNumbering: { startAt: 58 }, headings: { h1: 3 } },
    thumbnail: { file: 'cover.jpg', bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]) },
    extras: { license: 'CC BY 4.0', tags: ['novel'], 'x-unknown': { deep: [true, null] } },
    ...overrides,
  };
}

async function entries(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const zip = await JSZip.loadAsync(bytes);
  const out = new Map<string, Uint8Array>();
  for (const [name, file] of Object.entries(zip.files)) if (!file.dir) out.set(name, await file.async('uint8array'));
  return out;
}

describe('.postext export', () => {
  it('leaves out a print master its record no longer names (detached by an edit of the SVG)', async () => {
    const edition = book();
    const lantern = edition.resources[0]!;
    const { pdfFile: _detached, ...record } = lantern.record;
    const result = await exportPostext({ ...edition, resources: [{ ...lantern, record }, ...edition.resources.slice(1)] }, { date: FIXED_DATE });
    const files = await entries(result.bytes);
    expect(files.has('resources/lantern.svg')).toBe(true);
    expect(files.has('resources/lantern.pdf')).toBe(false);
    const manifest = JSON.parse(dec(files.get('preset.json')!)) as { resources: { id: string; pdfFile?: string }[] };
    expect(manifest.resources.find((r) => r.id === 'lantern')!.pdfFile).toBeUndefined();
  });

  it('writes manifest v2, configVersion 11, §4.4 names, the cover as thumbnail and layouts.json', async () => {
    const layouts = { engine: '0.1.0', chapters: [{ pages: 3, firstPage: 58 }, { pages: 2, firstPage: 61 }] };
    const result = await exportPostext(book(), { date: FIXED_DATE, layouts });
    const files = await entries(result.bytes);
    expect([...files.keys()]).toEqual([
      'preset.json',
      'chapters/01-dusk.md',
      'chapters/02-deja-vu-the-return.md',
      'fonts/LanternSerif-Italic.ttf',
      'fonts/LanternSerif-Regular.otf',
      'layouts.json',
      'resources/lantern.pdf',
      'resources/lantern.svg',
      'resources/photo.png',
      'thumbnail.jpg',
    ]);
    const manifest = JSON.parse(dec(files.get('preset.json')!));
    expect(manifest).toEqual(result.manifest);
    expect(manifest).toEqual({
      version: 2,
      id: 'lantern',
      name: 'The Lantern',
      description: 'A short book',
      locale: 'en',
      license: 'CC BY 4.0',
      tags: ['novel'],
      'x-unknown': { deep: [true, null] },
      thumbnail: 'thumbnail.jpg',
      configVersion: 11,
      chapters: [
        { title: 'Dusk', file: 'chapters/01-dusk.md' },
        { title: 'Déjà vu: the Return!', file: 'chapters/02-deja-vu-the-return.md' },
      ],
      config: { page: { width: { value: 15, unit: 'cm' } } },
      resources: [
        { id: 'lantern', typeId: 'figure', kind: 'svg', file: 'resources/lantern.svg', pdfFile: 'resources/lantern.pdf', caption: 'A lantern', safeArea: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 } },
        { id: 'photo', typeId: 'figure', kind: 'bitmap', file: 'resources/photo.png' },
        { id: 'tab', typeId: 'table', kind: 'table', caption: 'Hours', table: { model: { rows: [[{ content: 'A', isHeader: true }]], headerRowCount: 1 } } },
      ],
      fonts: [
        {
          name: 'Lantern Serif',
          variants: [
            { weight: 400, style: 'normal', file: 'fonts/LanternSerif-Regular.otf' },
            { weight: 400, style: 'italic', file: 'fonts/LanternSerif-Italic.ttf' },
          ],
        },
      ],
      view: { canvasScope: 'book' },
      start: { pageIndexOffset: 57, pageNumbering: { startAt: 58 }, headings: { h1: 3 } },
    });
    expect(JSON.parse(dec(files.get('layouts.json')!))).toEqual(layouts);
    expect(result.warnings).toEqual(['The font family "Secret Sans" is marked not redistributable and was left out']);
    // One fixed date on every entry.
    const zip = await JSZip.loadAsync(result.bytes);
    for (const file of Object.values(zip.files)) expect(file.date.getTime()).toBe(FIXED_DATE.getTime() - FIXED_DATE.getTimezoneOffset() * 60_000);
  });

  it('is deterministic and round-trips: export → import → export gives the same bytes', async () => {
    const layouts = { chapters: [{ pages: 1 }] };
    const first = await exportPostext(book(), { date: FIXED_DATE, layouts });
    const again = await exportPostext(book(), { date: FIXED_DATE, layouts });
    expect(again.bytes).toEqual(first.bytes);

    const imported = await importPostext(first.bytes);
    expect(imported.warnings).toEqual([]);
    expect(imported.layouts).toEqual(layouts);
    expect(imported.book.chapters.map((c) => c.text)).toEqual(book().chapters.map((c) => c.text));
    expect(imported.book.thumbnail).toEqual({ file: 'thumbnail.jpg', bytes: book().thumbnail!.bytes });
    expect(imported.book.resources[0]!.payloads).toEqual(book().resources[0]!.payloads);
    expect(imported.book.fonts[0]!.variants.map((v) => v.fileId)).toEqual([
      'font:lantern:fonts/LanternSerif-Regular.otf',
      'font:lantern:fonts/LanternSerif-Italic.ttf',
    ]);

    const second = await exportPostext(imported.book, { date: FIXED_DATE, layouts: imported.layouts! });
    expect(second.manifest).toEqual(first.manifest);
    expect(await entries(second.bytes)).toEqual(await entries(first.bytes));
    expect(second.bytes).toEqual(first.bytes);
  });

  it('reads a preset, exports it and imports the same edition back', async () => {
    const preset = await loadPresetBook({ dir: 'harbour', requestedLocale: 'es', ...fsReaders() });
    const exported = await exportPostext(preset.book, { date: FIXED_DATE });
    const back = await importPostext(exported.bytes);
    expect(back.book.locale).toBe('es');
    expect(back.book.chapters.map((c) => [c.title, c.file])).toEqual([
      ['Anochecer', 'chapters/01-anochecer.md'],
      ['Marea', 'chapters/02-marea.md'],
    ]);
    expect(back.book.config).toEqual(preset.book.config);
    expect(back.book.resources.map((r) => r.record.caption)).toEqual(preset.book.resources.map((r) => r.record.caption));
    expect(back.book.view).toEqual({ canvasScope: 'chapter' });
    expect(back.book.start).toEqual({ pageIndexOffset: 2 });
    expect(back.book.extras).toEqual(preset.book.extras);
  });

  it('writes several editions as a locale map with localized overrides, and reads each back', async () => {
    const en = book({ fonts: [], thumbnail: null });
    const es = book({
      locale: 'es',
      fonts: [],
      thumbnail: null,
      chapters: [{ title: 'Anochecer', file: '', text: '# Anochecer\n' }],
      config: { page: { width: { value: 15, unit: 'cm' } }, resourceTypes: [{ id: 'figure', captionPrefix: 'Figura' }] },
      resources: [
        { ...en.resources[0]!, record: { ...en.resources[0]!.record, caption: 'Una linterna' }, payloads: { ...en.resources[0]!.payloads, file: enc('<svg xmlns="http://www.w3.org/2000/svg"><text>es</text></svg>') } },
        en.resources[1]!,
        en.resources[2]!,
      ],
      view: { canvasScope: 'chapter' },
    });
    const out = await exportPostext([en, es], { date: FIXED_DATE, layoutsByLocale: { en: { n: 1 }, es: { n: 2 } } });
    const files = await entries(out.bytes);
    expect(out.manifest.locales).toEqual(['en', 'es']);
    expect(out.manifest.chapters).toEqual({
      en: [
        { title: 'Dusk', file: 'chapters/en/01-dusk.md' },
        { title: 'Déjà vu: the Return!', file: 'chapters/en/02-deja-vu-the-return.md' },
      ],
      es: [{ title: 'Anochecer', file: 'chapters/es/01-anochecer.md' }],
    });
    expect(out.manifest.localized).toEqual({
      es: {
        config: { resourceTypes: [{ id: 'figure', captionPrefix: 'Figura' }] },
        resources: [{ id: 'lantern', caption: 'Una linterna', file: 'resources/es/lantern.svg' }],
        view: { canvasScope: 'chapter' },
      },
    });
    expect(files.has('resources/es/lantern.svg')).toBe(true);
    expect(files.has('layouts.es.json')).toBe(true);

    const info = await inspectPostext(out.bytes);
    expect(info).toMatchObject({ id: 'lantern', locale: 'en', locales: ['en', 'es'], manifestVersion: 2 });

    const backEs = await importPostext(out.bytes, { requestedLocale: 'es' });
    expect(backEs.book.chapters.map((c) => c.title)).toEqual(['Anochecer']);
    expect(backEs.book.config.resourceTypes).toEqual([{ id: 'figure', captionPrefix: 'Figura' }]);
    expect(backEs.book.resources[0]!.record.caption).toBe('Una linterna');
    expect(dec(backEs.book.resources[0]!.payloads.file!)).toContain('<text>es</text>');
    expect(backEs.layouts).toEqual({ n: 2 });
    const backEn = await importPostext(out.bytes);
    expect(backEn.book.resources[0]!.record.caption).toBe('A lantern');
    expect(backEn.layouts).toEqual({ n: 1 });

    // And the two imported editions export to the same archive again.
    const again = await exportPostext([backEn.book, backEs.book], { date: FIXED_DATE, layoutsByLocale: { en: { n: 1 }, es: { n: 2 } } });
    expect(again.bytes).toEqual(out.bytes);
  });

  it('writes an empty chapter title as the reader derives it', async () => {
    const untitled = book({ chapters: [{ title: '', file: '', text: '# Found {#x}\n' }, { title: ' ', file: '', text: 'no heading' }] });
    const out = await exportPostext(untitled, { date: FIXED_DATE });
    expect(out.manifest.chapters).toEqual([
      { title: 'Found', file: 'chapters/01-found.md' },
      { title: 'Chapter 2', file: 'chapters/02-chapter-2.md' },
    ]);
    const again = await exportPostext((await importPostext(out.bytes)).book, { date: FIXED_DATE });
    expect(again.bytes).toEqual(out.bytes);
  });

  it('warns when a configuration older than the current rules is stamped 11', async () => {
    const old = await exportPostext(book({ configVersion: 8 }), { date: FIXED_DATE });
    expect(old.manifest.configVersion).toBe(11);
    expect(old.warnings).toContain('The en configuration is stamped 8 and is written as 11; migrate it first (configuration.md §19) or its pages may change');
    const unstamped = await exportPostext(book({ configVersion: null, locale: null }), { date: FIXED_DATE });
    expect(unstamped.warnings[0]).toMatch(/^The configuration is unstamped \(postext 1\.4 rules\)/);
  });

  it('names chapters after their titles in any script', () => {
    expect(slugify('Dusk')).toBe('dusk');
    expect(slugify('  ¡Anochecer, otra vez!  ')).toBe('anochecer-otra-vez');
    expect(slugify('第一回 甄士隐')).toBe('第一回-甄士隐');
    expect(slugify('हिन्दी')).toBe('हिन्दी');
    expect(slugify('***')).toBe('');
  });
});

// ------------------------------------------------------------------------------------------------
// Import of hand-made archives

async function zipOf(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content, { date: FIXED_DATE, createFolders: false });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const MINIMAL = JSON.stringify({ version: 2, id: 'mini', name: 'Mini', chapters: [{ title: '', file: 'chapters/01.md' }] });

/** Rewrites the stored name `from` into `to` (same length) in local and central headers. */
function renameEntry(bytes: Uint8Array, from: string, to: string): Uint8Array {
  expect(from.length).toBe(to.length);
  const out = bytes.slice();
  const needle = enc(from);
  const replacement = enc(to);
  let count = 0;
  for (let i = 0; i + needle.length <= out.length; i += 1) {
    if (needle.every((b, j) => out[i + j] === b)) {
      out.set(replacement, i);
      count += 1;
    }
  }
  expect(count).toBeGreaterThanOrEqual(2);
  return out;
}

/** Sets the declared uncompressed size of `name` in the central directory (and local header). */
function declareSize(bytes: Uint8Array, name: string, size: number): Uint8Array {
  const out = bytes.slice();
  const view = new DataView(out.buffer);
  const needle = enc(name);
  for (let i = 0; i + 4 <= out.length; i += 1) {
    const sig = view.getUint32(i, true);
    if (sig === 0x02014b50 && needle.every((b, j) => out[i + 46 + j] === b)) view.setUint32(i + 24, size, true);
    if (sig === 0x04034b50 && needle.every((b, j) => out[i + 30 + j] === b)) view.setUint32(i + 22, size, true);
  }
  return out;
}

describe('.postext import', () => {
  it('accepts files under one top folder and ignores __MACOSX and dotfiles', async () => {
    const bytes = await zipOf({
      'My Book/preset.json': MINIMAL,
      'My Book/chapters/01.md': '# Only chapter\n',
      'My Book/.DS_Store': 'junk',
      '__MACOSX/My Book/._preset.json': 'junk',
      '.hidden': 'junk',
    });
    const { book, warnings } = await importPostext(bytes);
    expect(book.chapters).toEqual([{ title: 'Only chapter', file: 'chapters/01.md', text: '# Only chapter\n' }]);
    expect(warnings).toEqual([]);
    expect(book.locale).toBeNull();
  });

  it('imports a version-1 manifest as one chapter', async () => {
    const bytes = await zipOf({
      'preset.json': JSON.stringify({ version: 1, id: 'old', name: 'Old', locale: 'es', markdown: { es: 'doc.es.md', en: 'doc.md' } }),
      'doc.md': '# Old\n',
      'doc.es.md': '# Viejo\n',
    });
    expect((await inspectPostext(bytes)).locales).toEqual(['es', 'en']);
    const { book } = await importPostext(bytes, { requestedLocale: 'en' });
    expect(book.chapters).toEqual([{ title: 'Old', file: 'doc.md', text: '# Old\n' }]);
  });

  it('never takes fonts from config.customFonts and skips WOFF faces', async () => {
    const bytes = await zipOf({
      'preset.json': JSON.stringify({
        version: 2,
        id: 'f',
        name: 'F',
        chapters: [{ title: 'A', file: 'a.md' }],
        config: { customFonts: [{ name: 'Inside', variants: [{ weight: 400, style: 'normal', fileId: 'x' }] }] },
        fonts: [{ name: 'W', variants: [{ weight: 400, style: 'normal', file: 'fonts/W.woff' }] }],
      }),
      'a.md': 'text',
      'fonts/W.woff': 'wOFF',
    });
    const { book, warnings } = await importPostext(bytes);
    expect(book.config).toEqual({});
    expect(book.fonts).toEqual([]);
    expect(warnings.join('\n')).toMatch(/customFonts was ignored/);
    expect(warnings.join('\n')).toMatch(/WOFF faces cannot be embedded/);
  });

  it('a localized regional variant applies to that region only (§10: pt-PT primary, pt-BR entry)', async () => {
    const bytes = await zipOf({
      'preset.json': JSON.stringify({
        version: 2,
        id: 'pt',
        name: 'PT',
        locale: 'pt-PT',
        locales: ['pt-PT', 'pt-BR'],
        chapters: [{ title: 'A', file: 'a.md' }],
        resources: [{ id: 't', typeId: 'table', kind: 'table', caption: 'Comboio', table: { model: { rows: [] } } }],
        localized: { 'pt-BR': { resources: [{ id: 't', caption: 'Trem' }] } },
      }),
      'a.md': 'text',
    });
    const caption = async (locale: string): Promise<unknown> =>
      (await importPostext(bytes, { requestedLocale: locale })).book.resources[0]!.record.caption;
    expect(await caption('pt-BR')).toBe('Trem');
    expect(await caption('pt-PT')).toBe('Comboio');
    expect(await caption('pt')).toBe('Comboio');
  });

  describe('hostile or broken archives are refused with a clear message', () => {
    const refused = async (bytes: Uint8Array | Promise<Uint8Array>, code: string, message: RegExp, limits?: Parameters<typeof importPostext>[1]) => {
      const error = await importPostext(await bytes, limits).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BundleError);
      expect((error as BundleError).code).toBe(code);
      expect((error as BundleError).message).toMatch(message);
    };

    it('a path escaping the bundle', async () => {
      const bytes = renameEntry(await zipOf({ 'preset.json': MINIMAL, 'chapters/01.md': 'x', 'xx/evil.txt': 'pwned' }), 'xx/evil.txt', '../evil.txt');
      await refused(bytes, 'unsafe-path', /"\.\.\/evil\.txt" climbs out of its folder.*refused because it could write outside the book/);
    });

    it('a nested escape', async () => {
      const bytes = renameEntry(await zipOf({ 'preset.json': MINIMAL, 'chapters/01.md': 'x', 'a/xx/xx/b.md': 'x' }), 'a/xx/xx/b.md', 'a/../../b.md');
      await refused(bytes, 'unsafe-path', /climbs out/);
    });

    it('an absolute path', async () => {
      const bytes = renameEntry(await zipOf({ 'preset.json': MINIMAL, 'chapters/01.md': 'x', 'xetc/passwd': 'x' }), 'xetc/passwd', '/etc/passwd');
      await refused(bytes, 'unsafe-path', /"\/etc\/passwd" is an absolute path/);
    });

    it('a Windows drive path', async () => {
      const bytes = renameEntry(await zipOf({ 'preset.json': MINIMAL, 'chapters/01.md': 'x', 'xxwin.ini': 'x' }), 'xxwin.ini', 'C:win.ini');
      await refused(bytes, 'unsafe-path', /starts with a drive letter/);
    });

    it('a manifest naming a file outside the bundle', async () => {
      const manifest = JSON.stringify({ version: 2, id: 'm', name: 'M', chapters: [{ title: 'A', file: '../../secret.md' }] });
      await refused(zipOf({ 'preset.json': manifest }), 'unsafe-path', /preset\.json → chapter 1: the path "\.\.\/\.\.\/secret\.md" climbs out/);
    });

    it('a huge declared size is refused before inflating', async () => {
      const bytes = declareSize(await zipOf({ 'preset.json': MINIMAL, 'chapters/01.md': 'x', 'big.bin': 'tiny' }), 'big.bin', 0xfff00000);
      await refused(bytes, 'too-large', /"big\.bin" declares 4293918720 bytes once unpacked; at most 536870912 are accepted per file/);
    });

    it('a zip bomb over the total limit', async () => {
      const zeros = new Uint8Array(4 * 1024 * 1024);
      const bytes = zipOf({ 'preset.json': MINIMAL, 'chapters/01.md': 'x', 'a.bin': zeros, 'b.bin': zeros });
      await refused(bytes, 'too-large', /more than 5000000 bytes once unpacked/, { limits: { maxEntries: 100, maxEntryBytes: 5_000_000, maxTotalBytes: 5_000_000 } });
    });

    it('an entry that unpacks to more than it declares', async () => {
      const body = 'x'.repeat(100_000);
      const bytes = declareSize(await zipOf({ 'preset.json': MINIMAL, 'chapters/01.md': body }), 'chapters/01.md', 10);
      const error = await importPostext(bytes).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BundleError);
      expect((error as BundleError).code).toBe('too-large');
      expect((error as BundleError).message).toMatch(/"chapters\/01\.md" unpacks to more than the 10 bytes it declares; the archive is refused/);
    });

    it('a damaged entry (checksum mismatch)', async () => {
      const zip = new JSZip();
      zip.file('preset.json', MINIMAL, { date: FIXED_DATE });
      zip.file('chapters/01.md', 'ABCDEFGHIJ', { date: FIXED_DATE, compression: 'STORE' });
      const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
      const at = bytes.findIndex((b, i) => b === 0x41 && bytes[i + 1] === 0x42 && bytes[i + 2] === 0x43);
      bytes[at] = 0x5a;
      await refused(bytes, 'invalid-archive', /"chapters\/01\.md" is damaged: its checksum does not match/);
    });

    it('too many entries', async () => {
      const files: Record<string, string> = { 'preset.json': MINIMAL, 'chapters/01.md': 'x' };
      for (let i = 0; i < 20; i += 1) files[`junk/${i}.txt`] = '';
      await refused(zipOf(files), 'too-large', /22 entries; at most 10/, { limits: { maxEntries: 10, maxEntryBytes: 1e6, maxTotalBytes: 1e6 } });
    });

    it('not a zip', async () => {
      await refused(enc('just some text, certainly not a zip archive'), 'invalid-archive', /not a zip archive/);
    });

    it('a truncated zip', async () => {
      const bytes = await zipOf({ 'preset.json': MINIMAL, 'chapters/01.md': 'x' });
      await refused(bytes.subarray(0, bytes.length - 30), 'invalid-archive', /not a zip archive|damaged|truncated/);
    });

    it('no preset.json', async () => {
      await refused(zipOf({ 'chapters/01.md': 'x' }), 'invalid-manifest', /no preset\.json at its root or inside one top folder/);
    });

    it('two top folders', async () => {
      await refused(zipOf({ 'a/preset.json': MINIMAL, 'b/chapters/01.md': 'x' }), 'invalid-manifest', /no preset\.json at its root or inside one top folder/);
    });

    it('invalid JSON', async () => {
      await refused(zipOf({ 'preset.json': '{"version": 2,,}' }), 'invalid-manifest', /preset\.json is not valid JSON .*expected a JSON object/);
    });

    it('wrong types', async () => {
      const manifest = JSON.stringify({ version: 2, id: 'w', name: 'W', chapters: [{ title: 3, file: 'a.md' }], view: 'book' });
      await refused(zipOf({ 'preset.json': manifest }), 'invalid-manifest', /preset\.json → chapters.*expected.*; preset\.json → view: .*expected record/s);
    });

    it('a missing chapter file', async () => {
      await refused(zipOf({ 'preset.json': MINIMAL }), 'missing-file', /Chapter 1 \("chapters\/01\.md"\) names chapters\/01\.md, which is not in the bundle/);
    });

    it('missing resource and font files are repaired with warnings, not refused', async () => {
      const manifest = JSON.stringify({
        version: 2,
        id: 'r',
        name: 'R',
        chapters: [{ title: 'A', file: 'a.md' }],
        resources: [
          { id: 'gone', typeId: 'figure', kind: 'bitmap', file: 'resources/gone.png' },
          { id: 'svg', typeId: 'figure', kind: 'svg', file: 'resources/svg.svg', pdfFile: 'resources/svg.pdf' },
        ],
        fonts: [{ name: 'F', variants: [{ weight: 400, style: 'normal', file: 'fonts/F.otf' }, { weight: 950, style: 'normal', file: 'fonts/G.otf' }] }],
        thumbnail: 'thumb.png',
      });
      const { book, warnings } = await importPostext(await zipOf({ 'preset.json': manifest, 'a.md': 'x', 'resources/svg.svg': '<svg/>' }));
      expect(book.resources.map((r) => r.record)).toEqual([{ id: 'svg', typeId: 'figure', kind: 'svg', file: 'resources/svg.svg' }]);
      expect(book.fonts).toEqual([]);
      expect(book.thumbnail).toBeNull();
      expect(warnings).toEqual([
        'Skipped resource 1 (gone): its file resources/gone.png is not in the bundle',
        'The print master resources/svg.pdf of "svg" is missing and was dropped',
        'Skipped font "F" variant 1: fonts/F.otf is not in the bundle',
        'Skipped font "F" variant 2: weight: expected a weight from 100 to 900',
        'The font family "F" has no usable face and was left out',
        'The cover picture thumb.png is not in the bundle; the book has no cover',
      ]);
    });
  });
});
