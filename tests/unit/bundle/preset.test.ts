import { describe, expect, it } from 'vitest';
import { appendCustomFonts, BundleError, firstHeadingTitle, loadPresetBook, presetThumbnailPath, readPresetIndex } from '../../../src/worker/bundle';
import { fsReaders } from './fsreader';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('readPresetIndex', () => {
  it('keeps valid entries, leaves bad ones out with a reason, allows one default', async () => {
    const { readText } = fsReaders();
    const index = await readPresetIndex(readText);
    expect(index.presets.map((p) => [p.id, p.dir, p.default])).toEqual([
      ['harbour', 'harbour', true],
      ['lantern-v1', 'lantern-v1', undefined],
    ]);
    expect(index.presets[0]).toMatchObject({ locales: ['en', 'es', 'zh-Hans', 'zh-Hant'], openLocale: 'en', binding: 'left', license: 'CC BY 4.0' });
    expect(presetThumbnailPath(index.presets[0]!)).toBe('harbour/thumbnail.png');
    expect(presetThumbnailPath(index.presets[1]!)).toBeNull();
    expect(index.warnings.join('\n')).toMatch(/"lantern-v1" is marked default, but an earlier one already is/);
    expect(index.warnings.join('\n')).toMatch(/Preset 3 left out: index\.json → id: expected an id made of a-z, 0-9 and "-"/);
    expect(index.warnings.join('\n')).toMatch(/"escape" left out: its dir "\.\.\/outside" climbs out/);
    expect(index.warnings.join('\n')).toMatch(/Preset 5 left out: index\.json → name:/);
  });

  it.each([
    ['missing', null],
    ['not JSON', '{ "version": 1, '],
    ['wrong version', '{ "version": 2, "presets": [] }'],
    ['presets not a list', '{ "version": 1, "presets": {} }'],
    ['a list at the top', '[]'],
  ])('%s → no presets, never an error', async (_label, content) => {
    const index = await readPresetIndex(async () => content);
    expect(index.presets).toEqual([]);
  });

  it('a reader that throws (network error) → no presets', async () => {
    const index = await readPresetIndex(async () => {
      throw new Error('offline');
    });
    expect(index.presets).toEqual([]);
    expect(index.warnings[0]).toMatch(/offline/);
  });
});

describe('loadPresetBook, version 2', () => {
  it('opens the openLocale edition when nothing is asked for, reading only its chapters', async () => {
    const readers = fsReaders();
    const { book, warnings } = await loadPresetBook({ dir: 'harbour', expectedId: 'harbour', ...readers });
    expect(book.id).toBe('harbour');
    expect(book.locale).toBe('en');
    expect(book.primaryLocale).toBe('en');
    expect(book.locales).toEqual(['en', 'es', 'zh-Hans', 'zh-Hant']);
    expect(book.chapters.map((c) => [c.title, c.file])).toEqual([
      ['Dusk', 'chapters/en/01-dusk.md'],
      ['The Tide', 'chapters/en/02-tide.md'], // empty title: first H1 outside front matter and fences
    ]);
    expect(readers.requested.filter((p) => p.includes('/chapters/'))).toEqual(['harbour/chapters/en/01-dusk.md', 'harbour/chapters/en/02-tide.md']);
    expect(book.config).toEqual({ page: { width: { value: 17, unit: 'cm' } }, resourceTypes: [{ id: 'figure', captionPrefix: 'Figure' }] });
    expect(book.configVersion).toBe(11);
    expect(book.view).toEqual({ canvasScope: 'book' });
    expect(book.start).toBeNull();
    expect(book.thumbnail?.file).toBe('thumbnail.png');
    expect(book.extras).toEqual({
      license: 'CC BY 4.0',
      credits: 'Text: the team',
      tags: ['magazine'],
      binding: 'left',
      'x-future-field': { kept: [1, 2, 3] },
    });

    // Resources: kept, repaired or skipped, each with its reason.
    expect(book.resources.map((r) => r.record.id)).toEqual(['fig-1', 'photo', 'tab-1']);
    const fig = book.resources[0]!;
    expect(fig.record.caption).toBe('The harbour at dusk');
    expect(Object.keys(fig.payloads)).toEqual(['file', 'pdfFile']);
    expect(book.resources[1]!.record.pdfFile).toBeUndefined();
    const all = warnings.join('\n');
    expect(all).toMatch(/config\.customFonts was ignored/);
    expect(all).toMatch(/"pdfFile" does not apply to a bitmap resource/);
    expect(all).toMatch(/Skipped resource 4 \(model\): unknown kind "model3d"/);
    expect(all).toMatch(/Skipped resource 5 \(lost\): its file resources\/lost\.svg is not in the bundle/);
    expect(all).toMatch(/Skipped resource 6 \(broken\): typeId: /);

    // Fonts: WOFF and missing faces skipped with warnings; ids derived from preset id + path.
    expect(book.fonts).toEqual([
      {
        name: 'Harbour Serif',
        variants: [
          { weight: 400, style: 'normal', file: 'fonts/HarbourSerif-Regular.otf', format: 'otf', fileId: 'font:harbour:fonts/HarbourSerif-Regular.otf', bytes: text('OTTO-regular') },
        ],
      },
    ]);
    expect(all).toMatch(/HarbourSerif-Italic\.woff\): WOFF faces cannot be embedded/);
    expect(all).toMatch(/fonts\/HarbourSerif-Bold\.otf is not in the bundle/);

    // Applying the preset appends its families to customFonts.
    expect(appendCustomFonts(book.config, book.fonts).customFonts).toEqual([
      {
        name: 'Harbour Serif',
        variants: [{ weight: 400, style: 'normal', fileId: 'font:harbour:fonts/HarbourSerif-Regular.otf', format: 'otf', fileName: 'HarbourSerif-Regular.otf' }],
      },
    ]);
  });

  it('applies the localized overrides of the chosen edition', async () => {
    const { book, warnings } = await loadPresetBook({ dir: 'harbour', requestedLocale: 'es-MX', ...fsReaders() });
    expect(book.locale).toBe('es');
    expect(book.chapters.map((c) => c.title)).toEqual(['Anochecer', 'Marea']);
    // Top-level config keys replaced whole.
    expect(book.config).toEqual({ page: { width: { value: 17, unit: 'cm' } }, resourceTypes: [{ id: 'figure', captionPrefix: 'Figura' }] });
    const fig = book.resources.find((r) => r.record.id === 'fig-1')!;
    expect(fig.record.caption).toBe('El puerto al anochecer');
    expect(fig.record.altText).toBe('Boats'); // not localized → shared
    expect(fig.record.file).toBe('resources/es/fig-1.svg');
    expect(new TextDecoder().decode(fig.payloads.file)).toContain('<text>es</text>');
    expect(fig.record.placement).toEqual({ position: 'top', span: 'column' });
    expect(book.resources.find((r) => r.record.id === 'tab-1')!.record.caption).toBe('Mareas');
    expect(book.view).toEqual({ canvasScope: 'chapter' });
    expect(book.start).toEqual({ pageIndexOffset: 2 });
    expect(warnings.join('\n')).toMatch(/localized resource "ghost" is not among the resources/);
  });

  it('zh-TW gets the Traditional edition; a missing localized picture falls back to the shared one', async () => {
    const { book, warnings } = await loadPresetBook({ dir: 'harbour', requestedLocale: 'zh-TW', ...fsReaders() });
    expect(book.locale).toBe('zh-Hant');
    expect(book.chapters[0]!.title).toBe('黃昏');
    const fig = book.resources.find((r) => r.record.id === 'fig-1')!;
    expect(fig.record.caption).toBe('黃昏的港口');
    expect(fig.record.file).toBe('resources/fig-1.svg');
    expect(warnings.join('\n')).toMatch(/localized picture resources\/zh-Hant\/missing\.svg of "fig-1" is missing; the shared picture is used/);
    // No localized entry for zh-Hans: shared wording.
    const hans = await loadPresetBook({ dir: 'harbour', requestedLocale: 'zh-CN', ...fsReaders() });
    expect(hans.book.locale).toBe('zh-Hans');
    expect(hans.book.resources[0]!.record.caption).toBe('The harbour at dusk');
  });

  it('the UI language decides only when the bundle has no openLocale', async () => {
    const { book } = await loadPresetBook({ dir: 'harbour', uiLocale: 'es', ...fsReaders() });
    expect(book.locale).toBe('en'); // openLocale wins over the UI language
  });
});

describe('loadPresetBook, version 1', () => {
  it('reads the single document of the matching locale as one chapter', async () => {
    const es = await loadPresetBook({ dir: 'lantern-v1', uiLocale: 'es-AR', ...fsReaders() });
    expect(es.book.locale).toBe('es');
    expect(es.book.chapters).toEqual([{ title: 'La linterna', file: 'article.es.md', text: '# La linterna\n\nUn documento.\n' }]);
    expect(es.book.configVersion).toBeNull();
    expect(es.book.config).toEqual({ bodyText: { fontSize: { value: 9, unit: 'pt' } } });
    const en = await loadPresetBook({ dir: 'lantern-v1', requestedLocale: 'en-US', ...fsReaders() });
    expect(en.book.chapters[0]!.title).toBe('The Lantern');
    const fallback = await loadPresetBook({ dir: 'lantern-v1', requestedLocale: 'de', ...fsReaders() });
    expect(fallback.book.locale).toBe('es'); // rule 4: the preset's own locale
  });

  it('a plain file name reads as a one-chapter book', async () => {
    const files: Record<string, string> = {
      'p/preset.json': JSON.stringify({ version: 1, id: 'p', name: 'P', markdown: 'doc.md' }),
      'p/doc.md': 'Text without heading',
    };
    const { book } = await loadPresetBook({ dir: 'p', readText: async (path) => files[path] ?? null, readBytes: async () => null });
    expect(book.chapters).toEqual([{ title: 'Chapter 1', file: 'doc.md', text: 'Text without heading' }]);
    expect(book.locale).toBeNull();
  });
});

describe('loadPresetBook refusals', () => {
  const load = (manifest: unknown, extra: Record<string, string> = {}) => {
    const files: Record<string, string> = { 'p/preset.json': typeof manifest === 'string' ? manifest : JSON.stringify(manifest), ...extra };
    return loadPresetBook({ dir: 'p', readText: async (path) => files[path] ?? null, readBytes: async (path) => (files[path] ? text(files[path]!) : null) });
  };

  it.each([
    ['missing manifest', undefined, /p\/preset\.json is missing/],
    ['invalid JSON', '{ "version": 2,', /p\/preset\.json is not valid JSON .*expected a JSON object/],
    ['not an object', '"hello"', /holds string; expected a JSON object/],
    ['wrong version', { version: 3, id: 'p', name: 'P', chapters: [] }, /version: expected 1 or 2/],
    ['wrong type', { version: 2, id: 'p', name: 5, chapters: [] }, /name: .*expected string/],
    ['v2 without chapters', { version: 2, id: 'p', name: 'P' }, /chapters: a version-2 manifest needs "chapters"/],
    ['chapters of the wrong shape', { version: 2, id: 'p', name: 'P', chapters: 'a.md' }, /chapters: expected a list of \{ title, file \} or a map/],
    ['missing chapter file', { version: 2, id: 'p', name: 'P', chapters: [{ title: 'A', file: 'a.md' }] }, /Chapter 1 \("A"\) names a\.md, which is not in the bundle/],
    ['chapter path escaping', { version: 2, id: 'p', name: 'P', chapters: [{ title: 'A', file: '../../etc/passwd' }] }, /chapter 1: the path "\.\.\/\.\.\/etc\/passwd" climbs out/],
    ['absolute chapter path', { version: 2, id: 'p', name: 'P', chapters: [{ title: 'A', file: '/etc/passwd' }] }, /is an absolute path/],
    ['resource path escaping', { version: 2, id: 'p', name: 'P', chapters: [], resources: [{ id: 'r', typeId: 'figure', kind: 'svg', file: '../x.svg' }] }, /resource 1 \(r\) → file: the path "\.\.\/x\.svg" climbs out/],
  ])('%s', async (_label, manifest, message) => {
    const files = manifest === undefined ? {} : undefined;
    const promise = files ? loadPresetBook({ dir: 'p', readText: async () => null, readBytes: async () => null }) : load(manifest);
    await expect(promise).rejects.toThrow(BundleError);
    await expect(promise).rejects.toThrow(message);
  });
});

describe('loadPresetBook reads chapters together', () => {
  /** Readers whose answers come a few turns later, counting reads in flight. */
  const slowReaders = (files: Record<string, string>) => {
    let inFlight = 0;
    let most = 0;
    const later = async <T,>(value: T): Promise<T> => {
      inFlight++;
      most = Math.max(most, inFlight);
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return value;
    };
    return {
      readText: (path: string) => later(files[path] ?? null),
      readBytes: (path: string) => later(files[path] ? text(files[path]!) : null),
      most: () => most,
    };
  };
  const chapters = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `C${i + 1}`, file: `c${i + 1}.md` }));

  it('asks for every chapter before the first answer comes (one round trip over HTTP, not one per chapter), and keeps their order', async () => {
    const files: Record<string, string> = { 'p/preset.json': JSON.stringify({ version: 2, id: 'p', name: 'P', chapters: chapters(5) }) };
    for (let i = 1; i <= 5; i++) files[`p/c${i}.md`] = `# Chapter ${i}\n`;
    const readers = slowReaders(files);
    const { book } = await loadPresetBook({ dir: 'p', ...readers });
    expect(book.chapters.map((c) => c.text)).toEqual([1, 2, 3, 4, 5].map((i) => `# Chapter ${i}\n`));
    expect(readers.most()).toBe(5);
  });

  it('reports the first chapter in order that is missing or has a bad path, as reading one by one did', async () => {
    const manifest = { version: 2, id: 'p', name: 'P', chapters: [{ title: 'A', file: 'a.md' }, { title: 'B', file: 'b.md' }, { title: 'C', file: '../c.md' }] };
    const missingFirst = loadPresetBook({ dir: 'p', ...slowReaders({ 'p/preset.json': JSON.stringify(manifest), 'p/a.md': '# A\n' }) });
    await expect(missingFirst).rejects.toThrow(/Chapter 2 \("B"\) names b\.md, which is not in the bundle/);
    const badPathFirst = loadPresetBook({ dir: 'p', ...slowReaders({ 'p/preset.json': JSON.stringify({ ...manifest, chapters: [manifest.chapters[2], manifest.chapters[1]] }) }) });
    await expect(badPathFirst).rejects.toThrow(/chapter 1: the path "\.\.\/c\.md" climbs out/);
  });
});

describe('firstHeadingTitle', () => {
  it.each([
    ['# Plain', 'Plain'],
    ['  # Indented {#id}', 'Indented'],
    ['# With attrs {style="front-matter" toc="false"}', 'With attrs'],
    ['# Keeps {x, y}', 'Keeps {x, y}'],
    ['# Line\\\\break', 'Line break'],
    ['## Not level one\n# Level one', 'Level one'],
    ['#NoSpace\n', null],
    ['~~~\n# fenced\n~~~\n# After', 'After'],
  ])('%j → %j', (input, expected) => {
    expect(firstHeadingTitle(input)).toBe(expected);
  });
});
