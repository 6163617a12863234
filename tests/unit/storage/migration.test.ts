import { IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openBookStorage, SandboxDatabase, SCHEMA_VERSION } from '../../../src/storage';
import type { DraftRowV1, PresetCoverRowV1, ProjectRowV1 } from '../../../src/storage/schema';
import { bytes, freshFactory } from './helpers';

describe('schema migration 1 → 2', () => {
  it('opens a version-1 database with data and finds everything migrated', async () => {
    const factory = freshFactory();
    const name = 'legacy';

    // Write the database exactly as version 1 did.
    const v1 = new SandboxDatabase(name, { indexedDB: factory, IDBKeyRange }, 1);
    await v1.open();
    expect(v1.verno).toBe(1);
    const svg = new TextEncoder().encode('<svg/>');
    const projectV1: ProjectRowV1 = {
      id: 'old',
      name: 'Old book',
      description: 'from v1',
      createdAt: 5,
      updatedAt: 6,
      locale: 'es',
      config: { bodyText: { fontSize: { value: 9, unit: 'pt' } } },
      configVersion: 8,
      chapters: [
        { title: 'Uno', text: '# Uno' },
        { title: 'Dos', text: '# Dos' },
      ],
      resources: [{ id: 'fig', record: { id: 'fig', kind: 'svg', file: 'resources/fig.svg' }, payloads: { file: 'sha256-abc' } }],
      fontIds: ['font-1'],
      cover: { bytes: bytes(0xff, 0xd8, 0xff), mime: 'image/jpeg' },
      view: null,
      start: { pageIndexOffset: 3 },
    };
    const draftV1: DraftRowV1 = {
      presetId: 'guide',
      locale: 'en',
      updatedAt: 7,
      config: {},
      configVersion: 11,
      chapters: [{ title: 'Intro', text: '# Intro\n\nEdited.' }],
      resources: [],
      fontIds: [],
      view: { canvasScope: 'book' },
      start: null,
    };
    const coverV1: PresetCoverRowV1 = { presetId: 'guide', locale: 'en', bytes: bytes(1, 2), mime: 'image/png' };
    await v1.table('projects').put(projectV1);
    await v1.table('presetDrafts').put(draftV1);
    await v1.table('presetCovers').put(coverV1);
    await v1.table('blobs').put({ id: 'sha256-abc', bytes: svg, size: svg.byteLength });
    await v1
      .table('fonts')
      .put({ id: 'font-1', family: 'Serif', weight: 400, style: 'normal', format: 'ttf', fileName: 'Serif.ttf', bytes: bytes(0, 1, 0, 0) });
    v1.close();

    // Open with the current code.
    const storage = await openBookStorage({ name, indexedDB: factory, IDBKeyRange });
    const project = await storage.loadProject('old');
    expect(project).toEqual({
      id: 'old',
      name: 'Old book',
      description: 'from v1',
      createdAt: 5,
      updatedAt: 6,
      origin: null,
      locale: 'es',
      config: { bodyText: { fontSize: { value: 9, unit: 'pt' } } },
      configVersion: 8,
      chapters: [
        { id: 'c1', title: 'Uno', text: '# Uno' },
        { id: 'c2', title: 'Dos', text: '# Dos' },
      ],
      resources: [{ id: 'fig', record: { id: 'fig', kind: 'svg', file: 'resources/fig.svg' }, payloads: { file: svg } }],
      fonts: [{ id: 'font-1', family: 'Serif', weight: 400, style: 'normal', format: 'ttf', fileName: 'Serif.ttf', bytes: bytes(0, 1, 0, 0) }],
      view: null,
      start: { pageIndexOffset: 3 },
      extras: {},
    });
    expect(await storage.getProjectCover('old')).toEqual({ bytes: bytes(0xff, 0xd8, 0xff), mime: 'image/jpeg', auto: false });

    const draft = await storage.loadDraft('guide', 'en');
    expect(draft?.edited).toBe(true); // v1 wrote drafts only after an edit
    expect(draft?.chapters).toEqual([{ id: 'c1', title: 'Intro', text: '# Intro\n\nEdited.' }]);
    expect(draft?.view).toEqual({ canvasScope: 'book' });
    expect(await storage.getPresetCover('guide', 'en')).toEqual({ bytes: bytes(1, 2), mime: 'image/png', auto: true });

    // Nothing was left unreferenced by the move.
    expect(await storage.collectGarbage()).toEqual({ blobs: 0, fonts: 0 });
    storage.close();

    // The old store is gone and the version is current.
    const check = new SandboxDatabase(name, { indexedDB: factory, IDBKeyRange });
    await check.open();
    expect(check.verno).toBe(SCHEMA_VERSION);
    expect(check.tables.map((t) => t.name)).not.toContain('presetCovers');
    check.close();
  });

  it('an empty version-1 database migrates cleanly', async () => {
    const factory = freshFactory();
    const v1 = new SandboxDatabase('empty', { indexedDB: factory, IDBKeyRange }, 1);
    await v1.open();
    v1.close();
    const storage = await openBookStorage({ name: 'empty', indexedDB: factory, IDBKeyRange });
    expect(await storage.listProjects()).toEqual([]);
    storage.close();
  });
});
