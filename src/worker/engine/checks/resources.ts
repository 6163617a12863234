/**
 * Resource checks (tools.md §7.9 "Figures & tables"): a resource placed twice, a resource no
 * chapter places or cites, and a used picture whose bytes are missing or unreadable (the host
 * passes the resource layout's `problem`). Unknown ids come with the parser's book pass
 * (markup.ts); resolution is preflight's.
 */
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

export function resourceWarnings(ctx: CheckContext): Warning[] {
  const out: Warning[] = [];
  const known = new Set(ctx.resources.map((r) => r.id));
  const mentioned = new Set<string>();
  const placed = new Set<string>();
  ctx.parsed.forEach((chapter) => {
    for (const ref of chapter.collected.refs) mentioned.add(ref.target);
    for (const embed of chapter.collected.resourceEmbeds) {
      mentioned.add(embed.resourceId);
      if (!known.has(embed.resourceId)) continue; // unknownResourceId says it already
      // A resource is one object on the pages: its second `::resource` cannot place it again.
      if (placed.has(embed.resourceId)) {
        out.push(warning('duplicateResourceId', `Resource "${embed.resourceId}" is already placed earlier in the book; place it once and cite it with :ref.`, { chapterId: chapter.chapterId, offset: embed.range.from, toOffset: embed.range.to, resource: embed.resourceId }));
      }
      placed.add(embed.resourceId);
    }
  });
  for (const resource of ctx.resources) {
    // A picture the pages show as a placeholder box: its file is missing or not a picture.
    if (mentioned.has(resource.id) && (resource.kind === 'bitmap' || resource.kind === 'svg') && resource.problem) {
      out.push(warning('missingImage', `Picture "${resource.id}" is drawn as an empty box: ${resource.problem}. Upload its file again in the Resources panel.`, { resource: resource.id }));
    }
    if (mentioned.has(resource.id)) continue;
    out.push(warning('unusedResource', `Resource "${resource.id}" is never placed (::resource) nor cited (:ref); delete it or use it.`, { resource: resource.id }));
  }
  return out;
}
