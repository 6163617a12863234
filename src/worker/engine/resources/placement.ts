/**
 * Placement resolution (configuration.md §12.2, document-format §12.6; configuration.md §17
 * "placement fields: resource → type `defaultPlacement` → `layout.floatShrink` / `layout.wrap` /
 * `layout.floatsAtCitingPage` → built-in"): the resource's own fields win, each field missing
 * there comes from its type's `defaultPlacement`. Layout-wide defaults and built-ins are applied
 * where a field is used (page/book.ts `floatSpecOf`, page/floats-shrink.ts).
 */
import type { EngineResource } from './model';
import type { ResourceType } from './settings';

/** The placement in force for a resource: its own fields over its type's `defaultPlacement`. */
export function placementOf(resource: Pick<EngineResource, 'placement' | 'typeId'>, types: readonly ResourceType[] | undefined): Record<string, unknown> | undefined {
  const fallback = types?.find((t) => t.id === resource.typeId)?.defaultPlacement;
  if (!fallback) return resource.placement;
  if (!resource.placement) return fallback;
  return { ...fallback, ...definedFields(resource.placement) };
}

/** A placement's fields without the ones explicitly `undefined` (an unset field falls back). */
function definedFields(placement: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(placement)) if (value !== undefined && value !== null) out[key] = value;
  return out;
}
