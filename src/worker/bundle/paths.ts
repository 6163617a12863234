import { BundleError } from './errors';

/**
 * Normalises a path found in a manifest or a zip entry name to a clean relative POSIX path
 * (`a/b.md`), or returns null with the reason it is unsafe. Backslashes count as separators (some
 * Windows tools write them in zip names); `.` segments and repeated slashes are dropped.
 */
export function normalizeBundlePath(raw: string): { path: string } | { error: string } {
  if (raw.includes('\0')) return { error: 'contains a NUL character' };
  const unified = raw.replace(/\\/g, '/');
  if (unified.startsWith('/')) return { error: 'is an absolute path' };
  if (/^[a-zA-Z]:/.test(unified)) return { error: 'starts with a drive letter' };
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(unified)) return { error: 'is a URL, not a path inside the bundle' };
  const parts: string[] = [];
  for (const segment of unified.split('/')) {
    if (segment === '' || segment === '.') continue;
    // Any `..` is refused, even one that would stay inside (`a/../b`): no legitimate writer emits it.
    if (segment === '..') return { error: 'climbs out of its folder with ".."' };
    parts.push(segment);
  }
  if (parts.length === 0) return { error: 'is empty' };
  return { path: parts.join('/') };
}

/** Like normalizeBundlePath, but throws an `unsafe-path` BundleError naming where the path was found. */
export function safeBundlePath(raw: string, where: string): string {
  const result = normalizeBundlePath(raw);
  if ('error' in result) {
    throw new BundleError('unsafe-path', `${where}: the path "${raw}" ${result.error}; only paths inside the bundle are allowed`);
  }
  return result.path;
}

/** `fonts/A.otf` → `otf` (lower case, '' when none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins a directory and a relative path (both already normalised). */
export function joinPath(dir: string, path: string): string {
  return dir === '' ? path : `${dir}/${path}`;
}
