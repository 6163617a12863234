/** Storage for the book worker: IndexedDB through Dexie. DOM-free; the worker is the only writer. */
export { createAutosave, type Autosave, type AutosaveOptions } from './autosave';
export {
  BookStorage,
  openBookStorage,
  type DraftSummary,
  type OpenStorageOptions,
  type ProjectSummary,
  type StoredBookContent,
  type StoredChapter,
  type StoredCover,
  type StoredDraft,
  type StoredFont,
  type StoredProject,
  type StoredResource,
  type WordTemplate,
} from './books';
export { StorageError, storageErrorNotice, toStorageError, type StorageErrorCode } from './errors';
export { contentId } from './hash';
export { cloneJson, isJsonObject, jsonObjectSchema, jsonValueSchema, type JsonObject, type JsonValue } from './json';
export { type FontFormat } from './rows';
export { DATABASE_NAME, SCHEMA_VERSION, SandboxDatabase } from './schema';
