/**
 * Per-chapter memos: the engine keeps a chapter's parse and its laid-out pages as the same objects
 * while the chapter does not change, so the checks of untouched chapters are reused after an edit
 * and only the edited chapter is checked again. Keyed also by what else the result depends on
 * (toggles, thresholds, settings), as a string.
 */
const tables = new Map<string, WeakMap<object, Map<string, unknown>>>();

export function memoPerObject<T>(table: string, object: object, key: string, compute: () => T): T {
  let byObject = tables.get(table);
  if (!byObject) {
    byObject = new WeakMap();
    tables.set(table, byObject);
  }
  let byKey = byObject.get(object);
  if (!byKey) {
    byKey = new Map();
    byObject.set(object, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = compute();
  // One entry per object is enough (the key changes only when the design or the toggles do).
  byKey.clear();
  byKey.set(key, value);
  return value;
}
