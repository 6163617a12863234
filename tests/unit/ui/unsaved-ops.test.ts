/**
 * The transaction that gives a reopened book what the last visit left unsaved
 * (src/ui/panels/unsaved-ops.ts): text, chapters, design and resource records, pictures renamed
 * since the last save included.
 */
import { describe, expect, it } from 'vitest';
import { renamedPictures, unsavedOps } from '../../../src/ui/panels/unsaved-ops';
import type { BookSnapshot } from '../../../src/worker/protocol/messages';

function book(overrides: Partial<BookSnapshot>): BookSnapshot {
  return { id: 'b', name: 'B', locale: 'en', revision: 2, chapters: [{ id: 'c1', title: 'One', text: 'Hello world.' }], config: {}, resources: [], kind: 'preset', ...overrides } as BookSnapshot;
}

const photo = { id: 'harbour-photo', typeId: 'figure', kind: 'bitmap' as const, file: 'harbour.png', width: 600, height: 300, payloadBytes: 1214 };

describe('unsavedOps', () => {
  it('is empty when nothing differs', () => {
    const opened = book({ resources: [photo] });
    expect(unsavedOps(opened, structuredClone(opened))).toEqual([]);
  });

  it('replaces only the part of a text that differs', () => {
    const ops = unsavedOps(book({}), book({ chapters: [{ id: 'c1', title: 'One', text: 'Hello, wide world.' }] }));
    expect(ops).toEqual([{ type: 'text', chapterId: 'c1', from: 5, to: 5, insert: ', wide' }]);
  });

  it('puts a changed record without bytes (the opened bytes stay) and deletes a removed one', () => {
    const table = { id: 'tab-1', typeId: 'table', kind: 'table' as const, table: { model: { rows: [] } } };
    const opened = book({ resources: [photo, table] });
    const unsaved = book({ resources: [{ ...photo, placement: { mode: 'here' } }] });
    expect(unsavedOps(opened, unsaved)).toEqual([
      { type: 'resource.put', resource: { id: 'harbour-photo', typeId: 'figure', kind: 'bitmap', file: 'harbour.png', width: 600, height: 300, placement: { mode: 'here' } } },
      { type: 'resource.delete', id: 'tab-1' },
    ]);
  });

  it('a record whose fields only changed order is no change', () => {
    const opened = book({ resources: [photo] });
    const { id, typeId, kind, file, width, height, payloadBytes } = photo;
    expect(unsavedOps(opened, book({ resources: [{ payloadBytes, height, width, file, kind, typeId, id }] }))).toEqual([]);
  });

  it('a renamed picture comes back under its new id with the bytes of the old one', () => {
    const opened = book({ resources: [photo] });
    const unsaved = book({ resources: [{ ...photo, id: 'harbour-dawn', placement: { mode: 'here' } }], chapters: [{ id: 'c1', title: 'One', text: '::resource{id="harbour-dawn"}' }] });
    const renames = renamedPictures(opened, unsaved);
    expect([...renames]).toEqual([['harbour-dawn', 'harbour-photo']]);
    const bytes = new Uint8Array([1, 2, 3]);
    const ops = unsavedOps(opened, unsaved, new Map([['harbour-dawn', bytes]]));
    expect(ops.filter((op) => op.type.startsWith('resource.'))).toEqual([
      { type: 'resource.put', resource: { id: 'harbour-dawn', typeId: 'figure', kind: 'bitmap', file: 'harbour.png', width: 600, height: 300, placement: { mode: 'here' } }, payload: bytes },
      { type: 'resource.delete', id: 'harbour-photo' },
    ]);
  });

  it('a new picture whose bytes are nowhere is left out; a new table is put', () => {
    const unsaved = book({ resources: [{ ...photo, id: 'new-pic', file: 'other.png' }, { id: 'tab-2', typeId: 'table', kind: 'table', table: { model: { rows: [] } } }] });
    expect(renamedPictures(book({}), unsaved).size).toBe(0);
    expect(unsavedOps(book({}), unsaved)).toEqual([{ type: 'resource.put', resource: { id: 'tab-2', typeId: 'table', kind: 'table', table: { model: { rows: [] } } } }]);
  });

  it('a table the last visit turned into a picture is left as opened: its bytes are nowhere', () => {
    const table = { id: 'tab-1', typeId: 'table', kind: 'table' as const, table: { model: { rows: [] } } };
    const unsaved = book({ resources: [{ id: 'tab-1', typeId: 'figure', kind: 'bitmap', file: 'x.png', payloadBytes: 10 }] });
    expect(unsavedOps(book({ resources: [table] }), unsaved)).toEqual([]);
  });

  it('a picture of another size is no rename', () => {
    const unsaved = book({ resources: [{ ...photo, id: 'harbour-dawn', payloadBytes: 999 }] });
    expect(renamedPictures(book({ resources: [photo] }), unsaved).size).toBe(0);
  });
});
