/**
 * What the CJK annotation settings share (configuration.md §14.1 `cjk.ruby`, `cjk.warichu`,
 * `cjk.kunten`): each is one stored object whose fields are all optional, and each sets its text
 * at a size relative to the text it annotates — `fontSize` in em of it (a bare number too), or an
 * absolute length in pt.
 */
import type { ConfigReaders } from './settings-structure';

/** The stored object at `path`, or an empty one when absent or not an object. */
export function storedObject(r: ConfigReaders, path: string): Record<string, unknown> {
  const raw = r.at(path);
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

/**
 * `<path>.fontSize` of a stored annotation object: `{ sizeEm }` for a bare number or an em length
 * (of the annotated text), `{ sizePt }` for another unit, `{}` when absent, zero or unreadable.
 */
export function annotationSize(r: ConfigReaders, path: string, stored: Record<string, unknown>): { sizeEm?: number; sizePt?: number } {
  const size = stored['fontSize'];
  if (typeof size === 'number') return size > 0 ? { sizeEm: size } : {};
  if (!size || typeof size !== 'object' || !('value' in size) || typeof (size as { value: unknown }).value !== 'number') return {};
  const { value, unit } = size as { value: number; unit?: unknown };
  if (unit === 'em') return value > 0 ? { sizeEm: value } : {};
  const pt = r.pt(`${path}.fontSize`, Number.NaN);
  return Number.isFinite(pt) && pt > 0 ? { sizePt: pt } : {};
}
