/**
 * A table of values by text, compared by content: for the worker's caches keyed by a word (the
 * shaping cache, the hyphenator's break lists).
 *
 * Why not a `Map<string, V>`: in Chromium's V8 (156), `Map.prototype.get`, `set` and `has` with a
 * string key internalize that string — it goes into the isolate's string table, as a property
 * name does (checked with a heap snapshot: 3,000 of 3,000 strings after `get` alone). The string
 * table is a root that every major collection walks to update pointers after moving objects, and
 * with its entries scattered over the heap that walk costs a cache miss each: 150,000 scattered
 * internalized strings in a worker added 8–15 ms to every major collection's pause
 * (`V8.GC_MC_EVACUATE_UPDATE_POINTERS_TO_NEW_ROOTS`; 0.1 ms without them), and the book worker,
 * whose word caches held ~45,000 words, paid 23 ms of a 49 ms pause in the bench's edits (issue
 * #6, edit p95). Strings kept here are never internalized by it.
 *
 * Open addressing with linear probing over FNV-1a hashes of the UTF-16 units; at most half full.
 * Entries are never removed (the caches it serves only grow, and are dropped whole).
 */
export class TextTable<V> {
  private keys: (string | undefined)[];
  private values: (V | undefined)[];
  /** Each slot's key hash; 0 marks an empty slot (`textHash` never gives 0). */
  private hashes: Int32Array;
  private count = 0;

  constructor(slots = 64) {
    // A power of two, so a hash is reduced by masking.
    let size = 8;
    while (size < slots) size *= 2;
    this.keys = new Array<string | undefined>(size).fill(undefined);
    this.values = new Array<V | undefined>(size).fill(undefined);
    this.hashes = new Int32Array(size);
  }

  /** Number of entries. */
  get size(): number {
    return this.count;
  }

  get(text: string): V | undefined {
    const hash = textHash(text);
    const slot = this.slotOf(text, hash);
    return this.hashes[slot] === 0 ? undefined : this.values[slot];
  }

  set(text: string, value: V): void {
    const hash = textHash(text);
    const slot = this.slotOf(text, hash);
    if (this.hashes[slot] !== 0) {
      this.values[slot] = value;
      return;
    }
    this.keys[slot] = ownText(text);
    this.values[slot] = value;
    this.hashes[slot] = hash;
    this.count++;
    if (this.count * 2 > this.hashes.length) this.grow();
  }

  /** The slot holding `text`, else the empty slot where it would go. */
  private slotOf(text: string, hash: number): number {
    const { keys, hashes } = this;
    const mask = hashes.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = hashes[slot]!;
      if (held === 0) return slot;
      if (held !== hash) continue;
      const key = keys[slot]!;
      if (key.length !== text.length) continue;
      let k = 0;
      while (k < text.length && key.charCodeAt(k) === text.charCodeAt(k)) k++;
      if (k === text.length) return slot;
    }
  }

  /** Twice the slots, every entry placed again. */
  private grow(): void {
    const { keys, values, hashes } = this;
    const size = hashes.length * 2;
    const mask = size - 1;
    this.keys = new Array<string | undefined>(size).fill(undefined);
    this.values = new Array<V | undefined>(size).fill(undefined);
    this.hashes = new Int32Array(size);
    for (let s = 0; s < hashes.length; s++) {
      const held = hashes[s]!;
      if (held === 0) continue;
      let to = held & mask;
      while (this.hashes[to] !== 0) to = (to + 1) & mask;
      this.keys[to] = keys[s];
      this.values[to] = values[s];
      this.hashes[to] = held;
    }
  }
}

/**
 * V8 cuts a slice of 13 UTF-16 units or more as a view of the string it came from (a sliced
 * string, holding its parent), and a paragraph's text is itself such a view of its chapter: a
 * long word sliced from it and kept in a cache keeps the whole chapter text alive for as long as
 * the cache lives — after its book is closed. Node, eight ~300-page books opened in turn in one
 * worker: ~6 MB of old chapters held by the word and shaping caches after the eighth.
 */
const SLICE_VIEW_MIN = 13;

/**
 * The text as a string of its own, for a key kept long: a shorter slice is already a copy; a longer
 * one is joined to a character and cut again, which makes V8 copy the joined text into a new flat
 * string first, so the result holds that copy and not the chapter.
 */
export function ownText(text: string): string {
  return text.length < SLICE_VIEW_MIN ? text : (text + ' ').slice(0, -1);
}

/** FNV-1a's 32-bit offset basis and prime (also the shared-word tables' hash, paragraph/items.ts). */
export const FNV_OFFSET_BASIS = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over the text's UTF-16 units, never 0 (an empty slot's mark). */
export function textHash(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash === 0 ? 1 : hash;
}
