import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBookStorage, StorageError, type BookStorage } from '../../../src/storage';
import { BookHost } from '../../../src/worker/host/book-host';
import type { WorkerEvent } from '../../../src/worker/protocol/messages';
import { nodeEnvironment } from '../../support/node-host';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Two samples: the built-in one in English and Spanish, and a second one-language sample. */
function sampleFiles(): Record<string, string | Uint8Array> {
  return {
    'index.json': JSON.stringify({
      version: 1,
      presets: [
        { id: 'postext-guide', dir: 'guide', name: 'Guide', locale: 'en', locales: ['en', 'es'], openLocale: 'en', default: true },
        { id: 'harbour', dir: 'harbour', name: 'Harbour', locale: 'en' },
      ],
    }),
    'guide/preset.json': JSON.stringify({
      version: 2,
      id: 'postext-guide',
      name: 'Guide',
      locale: 'en',
      locales: ['en', 'es'],
      openLocale: 'en',
      configVersion: 11,
      chapters: { en: [{ title: 'One', file: 'chapters/en/1.md' }], es: [{ title: 'Uno', file: 'chapters/es/1.md' }] },
      config: {},
    }),
    'guide/chapters/en/1.md': '# One\n\nThe original English text.\n',
    'guide/chapters/es/1.md': '# Uno\n\nEl texto original.\n',
    'harbour/preset.json': JSON.stringify({ version: 2, id: 'harbour', name: 'Harbour', locale: 'en', configVersion: 11, chapters: [{ title: 'Harbour', file: 'chapters/1.md' }], config: {} }),
    'harbour/chapters/1.md': '# Harbour\n\nBoats.\n',
  };
}

let dbCounter = 0;

interface World {
  host: BookHost;
  events: WorkerEvent[];
  storage: () => Promise<BookStorage>;
  files: Record<string, string | Uint8Array>;
  factory: IDBFactory;
  name: string;
}

async function world(options: { factory?: IDBFactory; name?: string; openStorage?: () => Promise<BookStorage>; files?: Record<string, string | Uint8Array> } = {}): Promise<World> {
  const factory = options.factory ?? new IDBFactory();
  const name = options.name ?? `library-test-${++dbCounter}`;
  const files = options.files ?? sampleFiles();
  let ids = 0;
  const storage = () => openBookStorage({ name, indexedDB: factory, IDBKeyRange });
  const host = new BookHost(
    nodeEnvironment(files, {
      openStorage: options.openStorage ?? storage,
      saveDelayMs: 10,
      newId: () => `p-test-${++ids}`,
      clock: () => 1_700_000_000_000,
    }),
  );
  const events: WorkerEvent[] = [];
  await host.subscribe((e) => events.push(e));
  return { host, events, storage, files, factory, name };
}

async function edit(host: BookHost, insert: string, chapterIndex = 0): Promise<void> {
  const book = await host.getBook();
  const chapter = book.chapters[chapterIndex]!;
  const result = await host.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: chapter.id, from: chapter.text.length, to: chapter.text.length, insert }] });
  expect(result.ok).toBe(true);
}

describe('sample drafts', () => {
  it('saves a draft per sample and language, brings it back, and Restore the original discards every language', async () => {
    const w = await world();
    const pristine = structuredClone(w.files);
    const en = await w.host.openPreset({ presetId: 'postext-guide' });
    expect(en).toMatchObject({ kind: 'preset', edited: false, locale: 'en' });
    await edit(w.host, 'Edited in English.');
    expect((await w.host.flush()).saved).toBe(true);
    let list = await w.host.listBooks();
    expect(list.samples.find((s) => s.id === 'postext-guide')!.edited).toEqual(['en']);

    // The other language is untouched and gets its own draft.
    const es = await w.host.openPreset({ presetId: 'postext-guide', locale: 'es' });
    expect(es.chapters[0]!.text).toBe('# Uno\n\nEl texto original.\n');
    await edit(w.host, 'Editado.');
    // Opening another book flushes the one being left (no explicit flush here).
    const back = await w.host.openPreset({ presetId: 'postext-guide', locale: 'en' });
    expect(back.chapters[0]!.text).toContain('Edited in English.');
    expect(back.edited).toBe(true);
    list = await w.host.listBooks();
    expect(list.samples.find((s) => s.id === 'postext-guide')!.edited.sort()).toEqual(['en', 'es']);

    // A fresh worker on the same database sees the drafts too.
    const again = await world({ factory: w.factory, name: w.name });
    expect((await again.host.openPreset({ presetId: 'postext-guide', locale: 'es' })).chapters[0]!.text).toContain('Editado.');

    // Restore the original: every language's draft goes; the open edition reopens from the bundle.
    const restored = await w.host.restoreOriginal({ presetId: 'postext-guide' });
    expect(restored.reopened!.chapters[0]!.text).toBe('# One\n\nThe original English text.\n');
    expect(restored.reopened!.edited).toBe(false);
    const storage = await w.storage();
    expect(await storage.listDrafts('postext-guide')).toEqual([]);
    expect((await w.host.openPreset({ presetId: 'postext-guide', locale: 'es' })).chapters[0]!.text).toBe('# Uno\n\nEl texto original.\n');
    // The bundle itself was never written.
    expect(w.files).toEqual(pristine);
  });
});

describe('samples no longer served', () => {
  it('an edited sample the index stops listing is shown as unavailable, opens from its draft and can be copied', async () => {
    const first = await world();
    await first.host.openPreset({ presetId: 'harbour' });
    await edit(first.host, ' Kept gulls.');
    await first.host.flush();

    // The next build's index no longer lists "harbour" (its files are gone too).
    const files = sampleFiles();
    const index = JSON.parse(files['index.json'] as string) as { presets: { id: string }[] };
    files['index.json'] = JSON.stringify({ ...index, presets: index.presets.filter((p) => p.id !== 'harbour') });
    delete files['harbour/preset.json'];
    delete files['harbour/chapters/1.md'];
    const later = await world({ factory: first.factory, name: first.name, files });
    const list = await later.host.listBooks();
    const gone = list.samples.find((s) => s.id === 'harbour');
    expect(gone).toMatchObject({ unavailable: true, name: 'Harbour', locales: ['en'], edited: ['en'], builtIn: false });
    expect(list.samples.find((s) => s.id === 'postext-guide')!.unavailable).toBeUndefined();

    const opened = await later.host.openPreset({ presetId: 'harbour' });
    expect(opened).toMatchObject({ id: 'harbour', kind: 'preset', edited: true });
    expect(opened.chapters[0]!.text).toContain('Kept gulls.');
    const copy = await later.host.copyBook({ source: { kind: 'preset', presetId: 'harbour', locale: 'en' } });
    expect(copy.name).toBe('Harbour');
  });
});

describe('projects', () => {
  it('creates, copies, duplicates, renames and deletes; deleting the open book falls back to the built-in sample', async () => {
    const w = await world();
    await w.host.openPreset({ presetId: 'harbour' });
    await edit(w.host, 'Mine now.');
    // Make my own copy: the open sample's newest text, under the sample's name.
    const copy = await w.host.copyBook({ open: true });
    expect(copy).toMatchObject({ name: 'Harbour', origin: 'preset:harbour:en', chapterCount: 1 });
    const opened = await w.host.getBook();
    expect(opened).toMatchObject({ id: copy.id, kind: 'project' });
    expect(opened.chapters[0]!.text).toContain('Mine now.');

    await edit(w.host, ' More.');
    await w.host.flush();
    const duplicate = await w.host.copyBook({ source: { kind: 'project', projectId: copy.id } });
    expect(duplicate.name).toBe('Harbour (copy)');
    const renamed = await w.host.renameProject({ projectId: duplicate.id, name: 'Second harbour', description: 'A variant' });
    expect(renamed).toMatchObject({ name: 'Second harbour', description: 'A variant' });

    const blank = await w.host.newBook({ name: 'Blank', open: false });
    let list = await w.host.listBooks();
    expect(list.projects.map((p) => p.name).sort()).toEqual(['Blank', 'Harbour', 'Second harbour']);
    expect(list.open).toEqual({ kind: 'project', id: copy.id, locale: 'en' });

    // Deleting a book that is not open changes nothing else.
    expect((await w.host.deleteProject({ projectId: blank.id })).reopened).toBeNull();
    const second = await w.host.openProject({ projectId: duplicate.id });
    expect(second.chapters[0]!.text).toContain('Mine now. More.');
    expect(second.name).toBe('Second harbour');

    // Deleting the open book opens the built-in sample.
    const { reopened } = await w.host.deleteProject({ projectId: duplicate.id });
    expect(reopened).toMatchObject({ id: 'postext-guide', kind: 'preset' });
    list = await w.host.listBooks();
    expect(list.projects.map((p) => p.name)).toEqual(['Harbour']);
    expect(list.samples[0]).toMatchObject({ id: 'postext-guide', builtIn: true });
  });

  it('refuses bad requests with a sentence that says what to send', async () => {
    const w = await world();
    await expect(w.host.renameProject({ projectId: 'x', name: '  ' })).rejects.toThrow(/at least one character/);
    await expect(w.host.openProject({ projectId: 'nope' })).rejects.toThrow(/listBooks\(\)\.projects/);
    await expect(w.host.setCover({ book: { kind: 'project', projectId: 'x' }, cover: { bytes: new Uint8Array(1), mime: 'image/bmp' } })).rejects.toThrow(/image\/png/);
  });
});

describe('covers and .postext', () => {
  it('exports a project with its cover and imports it back as a new project', async () => {
    const w = await world();
    const project = await w.host.newBook({ name: 'Lantern' });
    await edit(w.host, 'The lamp was lit.');
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await w.host.setCover({ book: { kind: 'project', projectId: project.id }, cover: { bytes: png, mime: 'image/png' } });
    await w.host.awaitConvergence((await w.host.getBook()).revision);
    const exported = await w.host.exportBook();
    expect(exported.fileName).toBe('lantern.postext');
    const info = await w.host.inspectPostext({ bytes: exported.bytes });
    expect(info).toMatchObject({ name: 'Lantern', locales: ['en'] });

    await w.host.deleteProject({ projectId: project.id });
    const { project: imported } = await w.host.importPostext({ bytes: exported.bytes });
    expect(imported.name).toBe('Lantern');
    expect(Array.from(imported.cover!.bytes)).toEqual(Array.from(png));
    const book = await w.host.getBook();
    expect(book).toMatchObject({ id: imported.id, kind: 'project' });
    expect(book.chapters[0]!.text).toContain('The lamp was lit.');
  });

  /** A three-chapter project, laid out, exported with its layouts.json. */
  async function exportedThreeChapters(w: World): Promise<{ bytes: Uint8Array; layouts: Record<string, unknown> }> {
    await w.host.newBook({ name: 'Tides' });
    const book = await w.host.getBook();
    const long = (word: string) => `${Array.from({ length: 400 }, (_, i) => `${word} ${i}`).join(' ')}.`;
    const result = await w.host.apply({
      origin: 'ui',
      baseRevision: book.revision,
      ops: [
        { type: 'text', chapterId: book.chapters[0]!.id, from: book.chapters[0]!.text.length, to: book.chapters[0]!.text.length, insert: long('ebb') },
        { type: 'chapter.add', title: 'Two', text: `# Two\n\n${long('flood')}\n` },
        { type: 'chapter.add', title: 'Three', text: `# Three\n\n${long('slack')}\n` },
      ],
    });
    expect(result.ok).toBe(true);
    await w.host.awaitConvergence((await w.host.getBook()).revision);
    const exported = await w.host.exportBook();
    const zip = await JSZip.loadAsync(exported.bytes);
    const layouts = JSON.parse(await zip.file('layouts.json')!.async('string')) as Record<string, unknown>;
    return { bytes: exported.bytes, layouts };
  }

  async function archiveFiles(bytes: Uint8Array): Promise<Record<string, string>> {
    const zip = await JSZip.loadAsync(bytes);
    const out: Record<string, string> = {};
    for (const name of Object.keys(zip.files).sort()) out[name] = await zip.file(name)!.async('base64');
    return out;
  }

  it('keeps an imported layouts.json: export → import → export (book not open) gives the same files', async () => {
    const w = await world();
    const first = await exportedThreeChapters(w);
    const { project } = await w.host.importPostext({ bytes: first.bytes, open: false });
    const again = await w.host.exportBook({ book: { kind: 'project', projectId: project.id } });
    expect(await archiveFiles(again.bytes)).toEqual(await archiveFiles(first.bytes));
  });

  it('an imported book opens paginated: the visible chapter is laid out first where layouts.json says it starts', async () => {
    const w = await world();
    const first = await exportedThreeChapters(w);
    const chapters = first.layouts['chapters'] as { firstPage: number; pages: number }[];
    expect(chapters[2]!.firstPage).toBeGreaterThan(0);
    const { project } = await w.host.importPostext({ bytes: first.bytes, open: false });
    const stored = await (await w.storage()).loadProject(project.id);
    await w.host.setVisibleChapter(stored!.chapters[2]!.id);
    w.events.length = 0;
    await w.host.openProject({ projectId: project.id });
    await w.host.awaitConvergence(0);
    const ready = w.events.filter((e): e is Extract<WorkerEvent, { type: 'pagesReady' }> => e.type === 'pagesReady');
    // Before the whole book converged, chapter 3 was announced at the page the file gave.
    expect(ready[0]).toMatchObject({ chapterId: stored!.chapters[2]!.id, speculative: true, firstPage: chapters[2]!.firstPage });
  });

  it('a stale layouts.json (the text was edited) is neither used nor exported again', async () => {
    const w = await world();
    const first = await exportedThreeChapters(w);
    const { project } = await w.host.importPostext({ bytes: first.bytes });
    await edit(w.host, ' An extra sentence changes the text.');
    await w.host.flush();
    await w.host.openPreset({ presetId: 'postext-guide' });
    const again = await w.host.exportBook({ book: { kind: 'project', projectId: project.id } });
    const zip = await JSZip.loadAsync(again.bytes);
    expect(zip.file('layouts.json')).toBeNull();
  });

  it('importing with replaceProjectId puts the file into that project (same id), and a missing id is refused', async () => {
    const w = await world();
    const project = await w.host.newBook({ name: 'Lantern' });
    await edit(w.host, 'Version one.');
    await w.host.awaitConvergence((await w.host.getBook()).revision);
    const exported = await w.host.exportBook();
    await edit(w.host, ' Version two.');
    await w.host.flush();
    const { project: replaced } = await w.host.importPostext({ bytes: exported.bytes, replaceProjectId: project.id });
    expect(replaced.id).toBe(project.id);
    const list = await w.host.listBooks();
    expect(list.projects.map((p) => p.id)).toEqual([project.id]);
    expect(list.projects[0]!.origin).toBe('postext:lantern');
    const book = await w.host.getBook();
    expect(book.id).toBe(project.id);
    expect(book.chapters[0]!.text).toContain('Version one.');
    expect(book.chapters[0]!.text).not.toContain('Version two.');
    await expect(w.host.importPostext({ bytes: exported.bytes, replaceProjectId: 'p-nowhere' })).rejects.toThrow(/No book has the id "p-nowhere" to replace/);
    expect((await w.host.listBooks()).projects).toHaveLength(1);
  });
});

describe("the bundle's view", () => {
  it('canvasScope comes with the opened edition (localized view over the shared one) and stays with a copy', async () => {
    const files = sampleFiles();
    const manifest = JSON.parse(files['guide/preset.json'] as string) as Record<string, unknown>;
    files['guide/preset.json'] = JSON.stringify({ ...manifest, view: { canvasScope: 'book' }, localized: { es: { view: { canvasScope: 'chapter' } } } });
    const w = await world({ files });
    expect((await w.host.openPreset({ presetId: 'postext-guide' })).canvasScope).toBe('book');
    expect((await w.host.openPreset({ presetId: 'postext-guide', locale: 'es' })).canvasScope).toBe('chapter');
    expect((await w.host.openPreset({ presetId: 'harbour' })).canvasScope).toBeUndefined();
    await w.host.openPreset({ presetId: 'postext-guide' });
    const copy = await w.host.copyBook({ open: true });
    expect((await w.host.getBook())).toMatchObject({ id: copy.id, kind: 'project', canvasScope: 'book' });
  });
});

describe('originalText (the Text panel Reset)', () => {
  it("gives a sample edition's chapters and resources as its bundle has them, whatever its draft says", async () => {
    const w = await world();
    await w.host.openPreset({ presetId: 'postext-guide', locale: 'es' });
    await edit(w.host, 'Texto añadido.');
    await w.host.flush();
    const original = await w.host.originalText({ presetId: 'postext-guide', locale: 'es' });
    expect(original.chapters).toEqual([{ id: 'ch1', title: 'Uno', text: '# Uno\n\nEl texto original.\n' }]);
    expect(original.resources).toEqual([]);
    expect((await w.host.getBook()).chapters[0]!.text).toContain('Texto añadido.');
    await expect(w.host.originalText({ presetId: 'nowhere' })).rejects.toThrow(/No sample book has the id "nowhere"/);
  });
});

describe('refused .postext files', () => {
  async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
    const zip = new JSZip();
    for (const [name, text] of Object.entries(files)) zip.file(name, text, { date: new Date(1980, 0, 1) });
    return zip.generateAsync({ type: 'uint8array' });
  }
  const hostile: [string, Promise<Uint8Array>, RegExp][] = [
    ['a chapter path that climbs out of the bundle', zipOf({ 'preset.json': JSON.stringify({ version: 2, id: 'x', name: 'X', chapters: [{ title: 'A', file: '../../secret.md' }] }) }), /climbs out/],
    ['invalid JSON', zipOf({ 'preset.json': '{"version": 2,,}' }), /not valid JSON/],
    ['wrong types', zipOf({ 'preset.json': JSON.stringify({ version: 2, id: 'x', name: 'X', chapters: [{ title: 3, file: 'a.md' }] }) }), /chapters/],
    ['a missing chapter file', zipOf({ 'preset.json': JSON.stringify({ version: 2, id: 'x', name: 'X', chapters: [{ title: 'A', file: 'chapters/01.md' }] }) }), /not in the bundle/],
    ['not a zip', Promise.resolve(new TextEncoder().encode('plain text, not an archive')), /not a zip archive/],
  ];

  it.each(hostile)('%s: refused with its message; no book is added, the open book and the saved ones stay as they were', async (_name, bytesPromise, message) => {
    const bytes = await bytesPromise;
    const w = await world();
    const project = await w.host.newBook({ name: 'Keep me' });
    await edit(w.host, 'Saved words.');
    await w.host.flush();
    const storage = await w.storage();
    const before = { list: await w.host.listBooks(), row: await storage.loadProject(project.id), book: await w.host.getBook() };

    await expect(w.host.importPostext({ bytes })).rejects.toThrow(message);
    // Replacing an existing book with a refused file leaves that book alone too.
    await expect(w.host.importPostext({ bytes, replaceProjectId: project.id })).rejects.toThrow(message);

    const after = { list: await w.host.listBooks(), row: await storage.loadProject(project.id), book: await w.host.getBook() };
    expect(after.list.projects.map((p) => [p.id, p.name, p.updatedAt])).toEqual(before.list.projects.map((p) => [p.id, p.name, p.updatedAt]));
    expect(after.row).toEqual(before.row);
    expect(after.book).toEqual(before.book);
    expect(w.events.some((e) => e.type === 'opened' && e.book.id !== project.id)).toBe(false);
  });
});

describe('storage failures', () => {
  it('a full disk is a notice, and the draft saved before stays as it was', async () => {
    const w = await world();
    await w.host.openPreset({ presetId: 'harbour' });
    await edit(w.host, 'Saved once.');
    expect((await w.host.flush()).saved).toBe(true);

    const realPut = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (this.name === 'chapters') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.call(this, value, key);
    });
    await edit(w.host, ' Not saved.');
    const result = await w.host.flush();
    expect(result.saved).toBe(false);
    const notices = w.events.filter((e) => e.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 'warning', code: 'quota' });
    expect((notices[0] as { text: string }).text).toMatch(/no room left/);
    // The edit is still in the book, and the stored draft is the one saved before.
    expect((await w.host.getBook()).chapters[0]!.text).toContain('Not saved.');
    const storage = await w.storage();
    expect((await storage.loadDraft('harbour', 'en'))!.chapters[0]!.text).toBe('# Harbour\n\nBoats.\nSaved once.');

    // Room again: the next flush writes the pending change.
    vi.restoreAllMocks();
    expect((await w.host.flush()).saved).toBe(true);
    expect((await storage.loadDraft('harbour', 'en'))!.chapters[0]!.text).toContain('Not saved.');
  });

  it('without IndexedDB the samples still open and the user is told once', async () => {
    const w = await world({ openStorage: () => Promise.reject(new StorageError('unavailable', 'IndexedDB is not available in this context')) });
    const book = await w.host.openPreset({ presetId: 'harbour' });
    expect(book.chapters[0]!.text).toContain('Boats.');
    await edit(w.host, 'In memory.');
    await w.host.flush();
    const list = await w.host.listBooks();
    expect(list.storage).toBe('unavailable');
    expect(list.samples).toHaveLength(2);
    await expect(w.host.newBook({})).rejects.toThrow(/IndexedDB is unavailable/);
    const notices = w.events.filter((e) => e.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ code: 'unavailable' });
  });
});

describe('crash recovery', () => {
  it('a fresh worker restores from storage at the same revision, pictures included, and saves newer edits', async () => {
    const w = await world();
    await w.host.newBook({ name: 'Pictures' });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const book = await w.host.getBook();
    const put = await w.host.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'resource.put', resource: { id: 'dot', typeId: 'figure', kind: 'svg', file: 'resources/dot.svg' }, payload: svg }] });
    expect(put.ok).toBe(true);
    await w.host.flush();
    // An edit after the last save: only the mirror has it.
    await edit(w.host, 'After the save.');
    const mirror = await w.host.getBook();
    delete mirror.resources[0]!.payloadBytes;

    const fresh = await world({ factory: w.factory, name: w.name });
    // The text comes back at once (a restart must be quick)…
    const restored = await fresh.host.restore(mirror);
    expect(restored.revision).toBe(mirror.revision);
    expect(restored.chapters[0]!.text).toContain('After the save.');
    // …and storage is read in the background: then the book knows where it lives and has its
    // pictures again, at the same revision. The newer edit reaches storage.
    await fresh.host.flush();
    const after = await fresh.host.getBook();
    expect(after.revision).toBe(mirror.revision);
    expect(after.kind).toBe('project');
    expect(after.chapters[0]!.text).toContain('After the save.');
    expect(after.resources[0]).toMatchObject({ id: 'dot', payloadBytes: svg.byteLength });
    const storage = await fresh.storage();
    expect((await storage.loadProject(mirror.id))!.chapters[0]!.text).toContain('After the save.');
  });
});
