import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openBookStorage, type BookStorage, type StoredProject } from '../../../src/storage';

let counter = 0;

/** A fresh in-memory IndexedDB per test. */
export function freshFactory(): IDBFactory {
  return new IDBFactory();
}

export async function openFresh(factory: IDBFactory = freshFactory()): Promise<{ storage: BookStorage; factory: IDBFactory; name: string }> {
  counter += 1;
  const name = `test-db-${counter}`;
  const storage = await openBookStorage({ name, indexedDB: factory, IDBKeyRange });
  return { storage, factory, name };
}

export const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

export function sampleProject(overrides: Partial<StoredProject> = {}): StoredProject {
  return {
    id: 'p1',
    name: 'The Lantern',
    description: 'A short book',
    createdAt: 1_000,
    updatedAt: 2_000,
    origin: null,
    locale: 'en',
    config: { page: { width: { value: 15, unit: 'cm' } } },
    configVersion: 11,
    chapters: [
      { id: 'a', title: 'Dusk', text: '# Dusk\n\nThe lamp.' },
      { id: 'b', title: 'Dawn', text: '# Dawn\n\nThe sun.' },
    ],
    resources: [
      {
        id: 'lantern',
        record: { id: 'lantern', typeId: 'figure', kind: 'svg', file: 'resources/lantern.svg', caption: 'A lantern' },
        payloads: { file: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      },
    ],
    fonts: [
      { id: 'font:lantern:fonts/A.otf', family: 'A', weight: 400, style: 'normal', format: 'otf', fileName: 'A.otf', bytes: bytes(1, 2, 3, 4) },
    ],
    view: { canvasScope: 'book' },
    start: null,
    extras: { license: 'CC BY 4.0' },
    ...overrides,
  };
}
