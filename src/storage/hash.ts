/** Content ids for binary payloads. Cached per array: hashing a large font on every autosave would be wasted work. */
const cache = new WeakMap<Uint8Array, string>();

function toHex(buffer: ArrayBuffer): string {
  let hex = '';
  for (const byte of new Uint8Array(buffer)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * `sha256-<hex>` of the bytes. Callers must not mutate an array after hashing it (payloads are
 * treated as immutable everywhere in the worker).
 */
export async function contentId(bytes: Uint8Array): Promise<string> {
  const known = cache.get(bytes);
  if (known) return known;
  // Copy into a fresh ArrayBuffer: the view may be a window on a larger (or shared) buffer.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const id = `sha256-${toHex(await crypto.subtle.digest('SHA-256', copy.buffer))}`;
  cache.set(bytes, id);
  return id;
}
