/**
 * Per-chapter memos: the engine keeps a chapter's parse and its laid-out pages as the same objects
 * while the chapter does not change, so the checks of untouched chapters are reused after an edit
 * and only the edited chapter is checked again. Keyed also by what else the result depends on
 * (toggles, thresholds, settings), as a string.
 */
const tables = new Map<string, WeakMap<object, Map<string, unknown>>>();

/**
 * Thrown out of `computeWarnings` run under `inSlices` once its slice is over: every memo entry
 * computed so far is kept, so the next run goes on from there (the host runs the checks between
 * builds in short slices: a whole book checked at once took longer than an edit's layout).
 */
export class ChecksPaused extends Error {
  override readonly name = 'ChecksPaused';
}

/** The slice `inSlices` runs in: whether it is over, and the entries computed in it. */
let slice: { over: () => boolean; computed: number } | null = null;

/**
 * Runs `run` (a `computeWarnings` call) so that it stops with `ChecksPaused` at the first memo
 * entry still to compute once `over()` says the slice is over, after at least one entry computed in
 * it (each slice gets somewhere). Deterministic in what it returns: a completed run gives the
 * warnings a run without slices gives.
 */
export function inSlices<T>(over: () => boolean, run: () => T): T {
  const outer = slice;
  slice = { over, computed: 0 };
  try {
    return run();
  } finally {
    slice = outer;
  }
}

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
  if (slice && slice.computed > 0 && slice.over()) throw new ChecksPaused('The checks paused at the end of their slice.');
  const value = compute();
  if (slice) slice.computed++;
  // One entry per object is enough (the key changes only when the design or the toggles do).
  byKey.clear();
  byKey.set(key, value);
  return value;
}
