/**
 * Typed storage failures. The book worker catches these and turns them into a user notice
 * (`code` selects the wording; `message` is for logs and agents).
 */
export type StorageErrorCode =
  /** IndexedDB is missing (old browser, some private modes) or refuses to open. */
  | 'unavailable'
  /** The browser's storage quota is exhausted; nothing of the failed write was kept. */
  | 'quota'
  /** A stored row does not have the shape this version expects. */
  | 'corrupt'
  /** Any other IndexedDB failure (aborted transaction, version change from another tab…). */
  | 'failed';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  readonly code: StorageErrorCode;
  /** The underlying error, when there is one. */
  override readonly cause: unknown;

  constructor(code: StorageErrorCode, message: string, cause?: unknown) {
    super(message);
    this.code = code;
    this.cause = cause;
  }
}

const USER_TEXT: Record<StorageErrorCode, string> = {
  unavailable: 'This browser does not let the Sandbox store books (IndexedDB is unavailable). Changes will be lost when the page closes.',
  quota: 'The browser has no room left to save this book. Free some space (delete books or fonts you no longer need) and try again; the last saved version is intact.',
  corrupt: 'Part of the stored data could not be read.',
  failed: 'The book could not be saved. The last saved version is intact.',
};

/** A one-sentence notice for the user. */
export function storageErrorNotice(error: StorageError): string {
  return USER_TEXT[error.code];
}

/** Names in an error chain (Dexie wraps DOMExceptions in `inner`; aborts carry the cause in `inner` too). */
function errorNames(error: unknown): string[] {
  const names: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    const record = current as { name?: unknown; inner?: unknown; cause?: unknown };
    if (typeof record.name === 'string') names.push(record.name);
    current = record.inner ?? record.cause;
  }
  return names;
}

/** Classifies any error thrown by Dexie/IndexedDB as a StorageError. */
export function toStorageError(error: unknown, action: string): StorageError {
  if (error instanceof StorageError) return error;
  const names = errorNames(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (names.includes('QuotaExceededError')) {
    return new StorageError('quota', `${action}: the storage quota is exhausted (${detail})`, error);
  }
  if (names.some((n) => n === 'MissingAPIError' || n === 'InvalidAccessError' || n === 'SecurityError')) {
    return new StorageError('unavailable', `${action}: IndexedDB is unavailable (${detail})`, error);
  }
  if (names.includes('OpenFailedError') && !names.includes('VersionError')) {
    return new StorageError('unavailable', `${action}: the database could not be opened (${detail})`, error);
  }
  return new StorageError('failed', `${action}: ${detail}`, error);
}
