/**
 * `rotateIgnoredVertical` (configuration.md §17.2; §12.2 `rotate`): a placed or cited resource
 * whose placement (its own, or its type's `defaultPlacement`) asks for a quarter turn in a book
 * set in vertical text (`layout.writingMode: 'vertical-rl'`). There the page engine sets it
 * unturned (page/book.ts `floatSpecOf`); the warning says so once per resource.
 */
import { resourceSettingsFromConfig } from '../resources/settings';
import { placementOf } from '../resources/placement';
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

export function rotateIgnoredWarnings(ctx: CheckContext): Warning[] {
  const settings = resourceSettingsFromConfig(ctx.config);
  if (!settings.verticalText) return [];
  // Only resources the book uses (a `:ref` or a `::resource` line), at their first mention.
  const firstMention = new Map<string, { chapterId: string; from: number; to: number }>();
  ctx.parsed.forEach((parsed, i) => {
    const chapterId = ctx.chapters[i]?.id ?? parsed.chapterId;
    const mentions = [...parsed.collected.refs.map((r) => ({ id: r.target, range: r.range })), ...parsed.collected.resourceEmbeds.map((e) => ({ id: e.resourceId, range: e.range }))].sort((a, b) => a.range.from - b.range.from);
    for (const m of mentions) if (!firstMention.has(m.id)) firstMention.set(m.id, { chapterId, from: m.range.from, to: m.range.to });
  });
  return ctx.resources.flatMap((resource) => {
    const rotate = placementOf({ placement: resource.placement, typeId: resource.typeId ?? '' }, settings.types)?.['rotate'];
    const at = firstMention.get(resource.id);
    if ((rotate !== 'ccw' && rotate !== 'cw') || !at) return [];
    return [
      warning(
        'rotateIgnoredVertical',
        `“${resource.id}” asks to be turned (placement.rotate ${rotate}), which vertical text (layout.writingMode vertical-rl) does not do: it is placed unturned. Remove rotate, or set the book horizontally.`,
        { chapterId: at.chapterId, resource: resource.id, offset: at.from, toOffset: at.to },
      ),
    ];
  });
}
