/**
 * What a closing page left unsaved, as one transaction on the book as the next visit opens it
 * (books-state.ts keeps the client's mirror in localStorage on `pagehide`). The mirror holds text,
 * chapters, the design and resource records, not picture bytes: a picture renamed since the last
 * save takes its bytes from the record it was renamed from, which the opened book still has.
 */
import type { BookOp, BookSnapshot, ResourceRecord } from '../../worker/protocol/messages';

type SnapshotResource = BookSnapshot['resources'][number];

/** A record as a transaction sends it: the snapshot's byte count is not part of it. */
function recordOf(resource: SnapshotResource): ResourceRecord {
  const { payloadBytes: _bytes, ...record } = resource;
  return record;
}

/** Two records alike in every field (key order aside). */
function sameRecord(a: ResourceRecord, b: ResourceRecord): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Pictures need bytes; a table's record is the whole resource. */
const hasBytes = (record: ResourceRecord): boolean => record.kind === 'svg' || record.kind === 'bitmap';

/**
 * Resources the unsaved book has under an id the opened book lacks, matched to an opened picture
 * the unsaved book no longer has: the same kind, file and byte count (a rename keeps all three).
 * New id → old id, each old id used once.
 */
export function renamedPictures(opened: BookSnapshot, unsaved: BookSnapshot): Map<string, string> {
  const kept = new Set(unsaved.resources.map((r) => r.id));
  const openedIds = new Set(opened.resources.map((r) => r.id));
  const gone = opened.resources.filter((r) => !kept.has(r.id) && hasBytes(r));
  const renames = new Map<string, string>();
  for (const resource of unsaved.resources) {
    if (openedIds.has(resource.id) || !hasBytes(resource)) continue;
    const from = gone.find((r) => r.kind === resource.kind && r.file === resource.file && r.payloadBytes === resource.payloadBytes);
    if (!from) continue;
    renames.set(resource.id, from.id);
    gone.splice(gone.indexOf(from), 1);
  }
  return renames;
}

/**
 * The ops that turn the book as opened into the book as the closing page left it: chapters
 * added, removed and renamed, each changed text as one replacement of the part that differs, the
 * config when it changed, and resources put (changed records, new tables, renamed pictures with
 * the bytes in `payloads`, keyed by the new id) and deleted. A new picture whose bytes are nowhere
 * is left out: its references show their placeholder. Chapter order is not carried over.
 */
export function unsavedOps(opened: BookSnapshot, unsaved: BookSnapshot, payloads: ReadonlyMap<string, Uint8Array> = new Map()): BookOp[] {
  const ops: BookOp[] = [];
  const wanted = new Map(unsaved.chapters.map((c) => [c.id, c]));
  const present = new Set(opened.chapters.map((c) => c.id));
  for (const chapter of unsaved.chapters) {
    if (!present.has(chapter.id)) ops.push({ type: 'chapter.add', id: chapter.id, title: chapter.title, text: chapter.text });
  }
  for (const chapter of opened.chapters) {
    const next = wanted.get(chapter.id);
    if (!next) continue;
    if (next.title !== chapter.title) ops.push({ type: 'chapter.rename', chapterId: chapter.id, title: next.title });
    if (next.text !== chapter.text) ops.push(textReplacement(chapter.id, chapter.text, next.text));
  }
  if (JSON.stringify(opened.config) !== JSON.stringify(unsaved.config)) ops.push({ type: 'config.replace', config: unsaved.config });
  const openedById = new Map(opened.resources.map((r) => [r.id, recordOf(r)]));
  const unsavedIds = new Set(unsaved.resources.map((r) => r.id));
  for (const resource of unsaved.resources) {
    const record = recordOf(resource);
    const before = openedById.get(record.id);
    if (before) {
      // The bytes stay the opened ones; a table turned into a picture has none here (a refused op would refuse the whole restore).
      if (!sameRecord(before, record) && (hasBytes(before) || !hasBytes(record))) ops.push({ type: 'resource.put', resource: record });
      continue;
    }
    const payload = payloads.get(record.id);
    if (payload) ops.push({ type: 'resource.put', resource: record, payload: payload as Uint8Array<ArrayBuffer> });
    else if (!hasBytes(record)) ops.push({ type: 'resource.put', resource: record });
  }
  for (const id of openedById.keys()) if (!unsavedIds.has(id)) ops.push({ type: 'resource.delete', id });
  // Removals after the additions, so the book never runs out of chapters on the way.
  for (const chapter of opened.chapters) if (!wanted.has(chapter.id)) ops.push({ type: 'chapter.remove', chapterId: chapter.id });
  return ops;
}

/** One replacement of the part of `before` that differs from `after`. */
function textReplacement(chapterId: string, before: string, after: string): BookOp {
  let start = 0;
  while (start < before.length && start < after.length && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { type: 'text', chapterId, from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
