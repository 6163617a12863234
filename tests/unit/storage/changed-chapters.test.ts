/**
 * A save writes only the chapters that changed since this connection's last save of the book —
 * as long as the stored book row still carries that save's stamp (`updatedAt`); a book written
 * meanwhile by another connection (another tab), or a failed save, makes the next save write all.
 */
import { IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBookStorage } from '../../../src/storage';
import { openFresh, sampleProject } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the rows put into the chapters store (by chapter id) from now on. */
function countChapterPuts(): string[] {
  const written: string[] = [];
  const realPut = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (this.name === 'chapters') written.push((value as { id: string }).id);
    return realPut.call(this, value, key);
  });
  return written;
}

const chapters = (b: string, a = '# Dusk\n\nThe lamp.') => [
  { id: 'a', title: 'Dusk', text: a },
  { id: 'b', title: 'Dawn', text: b },
];

describe('saving only the chapters that changed', () => {
  it('a second save of a project writes the edited chapter only, and loads what was saved', async () => {
    const { storage } = await openFresh();
    await storage.saveProject(sampleProject({ chapters: chapters('# Dawn\n\nThe sun.') }));
    const written = countChapterPuts();
    const edited = sampleProject({ chapters: chapters('# Dawn\n\nThe sun rose.'), updatedAt: 3_000 });
    await storage.saveProject(edited);
    expect(written).toEqual(['b']);
    expect(await storage.loadProject('p1')).toEqual(edited);
    // A renamed chapter title is a change too.
    written.length = 0;
    await storage.saveProject(sampleProject({ chapters: [{ id: 'a', title: 'Evening', text: '# Dusk\n\nThe lamp.' }, { id: 'b', title: 'Dawn', text: '# Dawn\n\nThe sun rose.' }], updatedAt: 4_000 }));
    expect(written).toEqual(['a']);
  });

  it('a draft saved twice writes the edited chapter only', async () => {
    const { storage } = await openFresh();
    const draft = { ...sampleProject({ chapters: chapters('one') }), presetId: 'guide', locale: 'en', edited: true };
    await storage.saveDraft(draft);
    const written = countChapterPuts();
    await storage.saveDraft({ ...draft, chapters: chapters('two'), updatedAt: 3_000 });
    expect(written).toEqual(['b']);
    expect((await storage.loadDraft('guide', 'en'))?.chapters).toEqual(chapters('two'));
  });

  it('only the book saved last is remembered: after another book’s save, the first writes every chapter again', async () => {
    // What the connection remembers holds the chapters' texts; one entry per book saved held every
    // book opened in the worker's session.
    const { storage } = await openFresh();
    await storage.saveProject(sampleProject({ chapters: chapters('first') }));
    await storage.saveProject(sampleProject({ id: 'p2', name: 'Another', chapters: chapters('other') }));
    const written = countChapterPuts();
    const again = sampleProject({ chapters: chapters('first, edited'), updatedAt: 3_000 });
    await storage.saveProject(again);
    expect(written.sort()).toEqual(['a', 'b']);
    expect(await storage.loadProject('p1')).toEqual(again);
    // And the book saved last now writes its edited chapter only.
    written.length = 0;
    await storage.saveProject(sampleProject({ chapters: chapters('first, edited twice'), updatedAt: 4_000 }));
    expect(written).toEqual(['b']);
  });

  it('after another connection saved the book, the next save writes every chapter', async () => {
    const { storage, factory, name } = await openFresh();
    const other = await openBookStorage({ name, indexedDB: factory, IDBKeyRange });
    await storage.saveProject(sampleProject({ chapters: chapters('mine') }));
    // Another tab writes chapter a (its own stamp on the book row).
    await other.saveProject(sampleProject({ chapters: chapters('mine', 'theirs'), updatedAt: 2_500 }));
    const written = countChapterPuts();
    const mine = sampleProject({ chapters: chapters('mine, edited'), updatedAt: 3_000 });
    await storage.saveProject(mine);
    expect(written.sort()).toEqual(['a', 'b']);
    expect(await storage.loadProject('p1')).toEqual(mine);
    other.close();
  });

  it('after a failed save, the next save writes every chapter', async () => {
    const { storage } = await openFresh();
    await storage.saveProject(sampleProject({ chapters: chapters('one') }));
    const realPut = IDBObjectStore.prototype.put;
    const refuse = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (this.name === 'projects') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.call(this, value, key);
    });
    await expect(storage.saveProject(sampleProject({ chapters: chapters('two'), updatedAt: 3_000 }))).rejects.toThrow();
    refuse.mockRestore();
    const written = countChapterPuts();
    await storage.saveProject(sampleProject({ chapters: chapters('two'), updatedAt: 4_000 }));
    expect(written.sort()).toEqual(['a', 'b']);
  });
});
