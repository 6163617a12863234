/**
 * Resource checks (tools.md §7.9 "Figures & tables"): a resource placed twice, a resource no
 * chapter places or cites, and a used picture whose bytes are missing or unreadable (the host
 * passes the resource layout's `problem`). Unknown ids in the text come with the parser's book
 * pass (markup.ts); those of callout styles' picture icons and markers (configuration.md §13.4
 * kind `resource`) are reported here, with the setting's path. Resolution is preflight's.
 */
import { effectiveAt } from '../../config';
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

/** The resource ids callout styles draw as their icon or marker (kind `resource`), with the setting's path. */
function calloutPictures(ctx: CheckContext): { path: string; id: string }[] {
  const styles = effectiveAt(ctx.config, 'calloutStyles');
  const out: { path: string; id: string }[] = [];
  for (const style of Array.isArray(styles) ? styles : []) {
    if (!style || typeof style !== 'object' || Array.isArray(style)) continue;
    for (const field of ['icon', 'marker'] as const) {
      const mark = style[field];
      if (!mark || typeof mark !== 'object' || Array.isArray(mark) || mark['kind'] !== 'resource' || typeof mark['resourceId'] !== 'string' || !mark['resourceId'].trim()) continue;
      out.push({ path: `calloutStyles[id=${String(style['id'])}].${field}.resourceId`, id: mark['resourceId'].trim() });
    }
  }
  return out;
}

export function resourceWarnings(ctx: CheckContext): Warning[] {
  const out: Warning[] = [];
  const known = new Set(ctx.resources.map((r) => r.id));
  const mentioned = new Set<string>();
  // A picture a callout style draws is used; an unknown one is reported as the text's are (the box is set without it).
  for (const { path, id } of calloutPictures(ctx)) {
    if (known.has(id)) mentioned.add(id);
    else out.push(warning('unknownResourceId', `No resource "${id}" (usage: callout ${path.endsWith('.icon.resourceId') ? 'icon' : 'marker'}, ${path}); the boxes of that style are set without it. Add the picture in the Resources panel or change the id.`, { path, resource: id }));
  }
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
