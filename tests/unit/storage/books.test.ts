import { IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBookStorage, SandboxDatabase, StorageError, storageErrorNotice } from '../../../src/storage';
import { bytes, freshFactory, openFresh, sampleProject } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('projects', () => {
  it('saves and loads a project with chapters, resources, fonts', async () => {
    const { storage } = await openFresh();
    const project = sampleProject();
    await storage.saveProject(project);
    const loaded = await storage.loadProject('p1');
    expect(loaded).toEqual(project);
    expect(await storage.loadProject('nope')).toBeNull();
    const list = await storage.listProjects();
    expect(list).toEqual([
      { id: 'p1', name: 'The Lantern', description: 'A short book', locale: 'en', createdAt: 1000, updatedAt: 2000, origin: null, chapterCount: 2 },
    ]);
    storage.close();
  });

  it('lists projects newest first', async () => {
    const { storage } = await openFresh();
    await storage.saveProject(sampleProject({ id: 'old', updatedAt: 1 }));
    await storage.saveProject(sampleProject({ id: 'new', updatedAt: 5 }));
    expect((await storage.listProjects()).map((p) => p.id)).toEqual(['new', 'old']);
  });

  it('replaces chapters and resources on save (removed ones disappear)', async () => {
    const { storage } = await openFresh();
    await storage.saveProject(sampleProject());
    const edited = sampleProject({
      chapters: [{ id: 'b', title: 'Dawn', text: '# Dawn\n\nEdited.' }],
      resources: [],
      updatedAt: 3000,
    });
    await storage.saveProject(edited);
    expect(await storage.loadProject('p1')).toEqual(edited);
  });

  it('deduplicates identical payloads and collects unreferenced ones', async () => {
    const { storage } = await openFresh();
    const shared = bytes(9, 9, 9);
    await storage.saveProject(sampleProject({ id: 'x', resources: [{ id: 'r', record: { id: 'r' }, payloads: { file: shared } }] }));
    await storage.saveProject(sampleProject({ id: 'y', resources: [{ id: 'r', record: { id: 'r' }, payloads: { file: bytes(9, 9, 9) } }] }));
    expect(await storage.collectGarbage()).toEqual({ blobs: 0, fonts: 0 });
    await storage.deleteProject('x');
    expect(await storage.collectGarbage()).toEqual({ blobs: 0, fonts: 0 });
    await storage.deleteProject('y');
    expect(await storage.collectGarbage()).toEqual({ blobs: 1, fonts: 1 });
    expect(await storage.getFont('font:lantern:fonts/A.otf')).toBeNull();
  });

  it('rejects duplicate chapter ids without writing anything', async () => {
    const { storage } = await openFresh();
    const bad = sampleProject({ chapters: [{ id: 'a', title: '', text: '' }, { id: 'a', title: '', text: '' }] });
    await expect(storage.saveProject(bad)).rejects.toThrow(/Chapter id "a" appears twice/);
    expect(await storage.listProjects()).toEqual([]);
  });

  it('keeps covers apart from the project row and deletes them with it', async () => {
    const { storage } = await openFresh();
    await storage.saveProject(sampleProject());
    await storage.setProjectCover('p1', { bytes: bytes(0xff, 0xd8), mime: 'image/jpeg', auto: true });
    expect(await storage.getProjectCover('p1')).toEqual({ bytes: bytes(0xff, 0xd8), mime: 'image/jpeg', auto: true });
    await storage.deleteProject('p1');
    expect(await storage.getProjectCover('p1')).toBeNull();
    expect(await storage.loadProject('p1')).toBeNull();
  });
});

describe('sample drafts', () => {
  it('are kept per sample and per language, with the edited flag', async () => {
    const { storage } = await openFresh();
    const base = sampleProject();
    await storage.saveDraft({ ...base, presetId: 'guide', locale: 'en', edited: true, updatedAt: 10 });
    await storage.saveDraft({
      ...base,
      presetId: 'guide',
      locale: 'es',
      edited: false,
      updatedAt: 11,
      chapters: [{ id: 'a', title: 'Anochecer', text: '# Anochecer' }],
    });
    await storage.saveDraft({ ...base, presetId: 'other', locale: 'en', edited: true, updatedAt: 12 });

    const en = await storage.loadDraft('guide', 'en');
    expect(en?.chapters.map((c) => c.title)).toEqual(['Dusk', 'Dawn']);
    expect(en?.edited).toBe(true);
    const es = await storage.loadDraft('guide', 'es');
    expect(es?.chapters).toEqual([{ id: 'a', title: 'Anochecer', text: '# Anochecer' }]);
    expect(es?.edited).toBe(false);
    expect(es?.locale).toBe('es');
    expect(await storage.loadDraft('guide', 'fr')).toBeNull();

    expect((await storage.listDrafts('guide')).map((d) => [d.locale, d.edited])).toEqual([
      ['en', true],
      ['es', false],
    ]);

    // Restore the original: every language of that sample goes, the other sample stays.
    await storage.deleteDrafts('guide');
    expect(await storage.listDrafts('guide')).toEqual([]);
    expect(await storage.loadDraft('guide', 'es')).toBeNull();
    expect((await storage.loadDraft('other', 'en'))?.chapters).toHaveLength(2);
  });

  it('stores sample covers per sample and language', async () => {
    const { storage } = await openFresh();
    await storage.setPresetCover('guide', 'en', { bytes: bytes(1), mime: 'image/jpeg', auto: true });
    expect(await storage.getPresetCover('guide', 'en')).toEqual({ bytes: bytes(1), mime: 'image/jpeg', auto: true });
    expect(await storage.getPresetCover('guide', 'es')).toBeNull();
  });
});

describe('word templates table', () => {
  it('stores templates', async () => {
    const { storage } = await openFresh();
    await storage.saveWordTemplate({ id: 't', name: 'Mine', updatedAt: 1, template: { headings: ['Heading 1'] } });
    expect(await storage.listWordTemplates()).toEqual([{ id: 't', name: 'Mine', updatedAt: 1, template: { headings: ['Heading 1'] } }]);
    await storage.deleteWordTemplate('t');
    expect(await storage.listWordTemplates()).toEqual([]);
  });
});

describe('failures', () => {
  it('a quota error is typed and leaves the saved rows intact', async () => {
    const { storage } = await openFresh();
    const saved = sampleProject();
    await storage.saveProject(saved);

    // The browser refuses the write of the second chapter row: the transaction must roll back.
    const realPut = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (this.name === 'chapters' && typeof value === 'object' && value !== null && (value as { text?: string }).text?.includes('BIG')) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return realPut.call(this, value, key);
    });

    const edit = sampleProject({
      name: 'Renamed',
      updatedAt: 9_999,
      chapters: [
        { id: 'a', title: 'Dusk', text: 'changed' },
        { id: 'b', title: 'Dawn', text: 'BIG text' },
        { id: 'c', title: 'New', text: 'new chapter' },
      ],
      resources: [{ id: 'other', record: { id: 'other' }, payloads: { file: bytes(7) } }],
    });
    const error = await storage.saveProject(edit).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('quota');
    expect(storageErrorNotice(error as StorageError)).toMatch(/no room left/);

    vi.restoreAllMocks();
    expect(await storage.loadProject('p1')).toEqual(saved);
    expect(await storage.collectGarbage()).toEqual({ blobs: 0, fonts: 0 });
  });

  it('a damaged row is a "corrupt" StorageError naming the field', async () => {
    const factory = freshFactory();
    const { storage, name } = await openFresh(factory);
    await storage.saveProject(sampleProject());
    const raw = new SandboxDatabase(name, { indexedDB: factory, IDBKeyRange });
    await raw.open();
    await raw.table('projects').update('p1', { chapterIds: 'not a list' });
    raw.close();
    const error = await storage.loadProject('p1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('corrupt');
    expect((error as StorageError).message).toMatch(/project p1: chapterIds: /);
  });

  it('a chapter listed by a book but missing is "corrupt"', async () => {
    const factory = freshFactory();
    const { storage, name } = await openFresh(factory);
    await storage.saveProject(sampleProject());
    const raw = new SandboxDatabase(name, { indexedDB: factory, IDBKeyRange });
    await raw.open();
    await raw.table('chapters').delete('project:p1/b');
    raw.close();
    await expect(storage.loadProject('p1')).rejects.toThrow(/chapter project:p1\/b is listed by the book but missing/);
  });

  it('a missing IndexedDB is an "unavailable" StorageError', async () => {
    const error = await openBookStorage({ name: 'x', IDBKeyRange }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('unavailable');
  });

  it('an IndexedDB that refuses to open is "unavailable"', async () => {
    const refusing = {
      open(): IDBOpenDBRequest {
        throw new DOMException('blocked by policy', 'SecurityError');
      },
    };
    const error = await openBookStorage({ name: 'x', indexedDB: refusing, IDBKeyRange }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as StorageError).code).toBe('unavailable');
  });
});

describe('catalogue fonts (schema version 3)', () => {
  it('keeps a downloaded face by family, weight and style for every book, and survives garbage collection', async () => {
    const { storage } = await openFresh();
    expect(await storage.getCatalogueFont('Lora', 400, 'normal')).toBeNull();
    const file = bytes(1, 2, 3, 4);
    await storage.putCatalogueFont({ family: 'Lora', weight: 400, style: 'normal', url: 'https://cdn.example/lora-400.woff2', bytes: file, fetchedAt: 5 });
    await storage.collectGarbage();
    const row = await storage.getCatalogueFont(' lora ', 400, 'normal');
    expect(row?.bytes).toEqual(file);
    expect(row?.url).toBe('https://cdn.example/lora-400.woff2');
    expect(await storage.getCatalogueFont('Lora', 400, 'italic')).toBeNull();
    storage.close();
  });
});
