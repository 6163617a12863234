import { IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openBookStorage } from '../../../src/storage';
import {
  bundleBookToStoredContent,
  bundleThumbnailToCover,
  exportPostext,
  importPostext,
  loadPresetBook,
  storedContentToBundleBook,
} from '../../../src/worker/bundle';
import { freshFactory } from '../storage/helpers';
import { fsReaders } from './fsreader';

const FIXED_DATE = new Date(1980, 0, 1);

describe('bundle ↔ storage', () => {
  it('a preset copied into a project exports the same archive as the preset itself', async () => {
    const { book } = await loadPresetBook({ dir: 'harbour', requestedLocale: 'es', ...fsReaders() });
    const storage = await openBookStorage({ name: 'convert', indexedDB: freshFactory(), IDBKeyRange });
    const content = bundleBookToStoredContent(book);
    await storage.saveProject({ ...content, id: 'copy', name: book.name, description: book.description ?? '', createdAt: 1, updatedAt: 1, origin: 'preset:harbour' });
    await storage.setProjectCover('copy', bundleThumbnailToCover(book));

    const project = (await storage.loadProject('copy'))!;
    expect(project.fonts.map((f) => f.id)).toEqual(['font:harbour:fonts/HarbourSerif-Regular.otf']);
    const cover = await storage.getProjectCover('copy');
    expect(cover?.mime).toBe('image/png');
    const back = storedContentToBundleBook(project, { id: book.id, name: project.name, description: project.description, cover });

    const direct = await exportPostext(book, { date: FIXED_DATE });
    const viaStorage = await exportPostext(back, { date: FIXED_DATE });
    expect(viaStorage.manifest).toEqual(direct.manifest);
    expect(viaStorage.bytes).toEqual(direct.bytes);

    const imported = await importPostext(viaStorage.bytes);
    expect(imported.book.chapters.map((c) => c.title)).toEqual(['Anochecer', 'Marea']);
    storage.close();
  });
});
