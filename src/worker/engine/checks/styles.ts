/**
 * Style ids and formats the text names but the design does not define (document-format.md §21
 * "Style ids", configuration.md §13): a heading's `style`, a `:::paragraphs{style}`, a
 * `:::callout{type}`, a `:chip[…]{style}`, a table resource's `styleId`, and a
 * `:::numbering{format}` that is no §3 number format, and `:::paper` attributes outside their
 * values (§8.5). The layout falls back (first style, body text, the default table style, the
 * format in force, the Folio's paper); these warnings say so.
 */
import { canonicalNumberFormat, effectiveAt, type JsonValue } from '../../config';
import type { Inline, ParsedChapter } from '../parse/model';
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

/** The ids of a keyed style list in the effective configuration (built-in lists included). */
function idsOf(ctx: CheckContext, path: string): string[] {
  const list = effectiveAt(ctx.config, path);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: JsonValue) => (item && typeof item === 'object' && !Array.isArray(item) && typeof item['id'] === 'string' ? [item['id']] : []));
}

interface StyleIds {
  heading: string[];
  paragraph: string[];
  callout: string[];
  chip: string[];
}

const list = (ids: readonly string[]): string => (ids.length === 0 ? 'none is defined' : `defined: ${ids.map((id) => `"${id}"`).join(', ')}`);

export function styleWarnings(ctx: CheckContext): Warning[] {
  const ids: StyleIds = { heading: idsOf(ctx, 'headingStyles'), paragraph: idsOf(ctx, 'paragraphStyles'), callout: idsOf(ctx, 'calloutStyles'), chip: idsOf(ctx, 'chipStyles') };
  const key = JSON.stringify(ids);
  // Per parse (the same object while the chapter is unchanged) and the design's ids.
  const out = ctx.parsed.flatMap((chapter) => memoPerObject('styles', chapter, key, () => chapterStyleWarnings(chapter, ids)));
  return [...out, ...tableStyleWarnings(ctx), ...resourceTypeWarnings(ctx)];
}

/** A resource whose type the design does not define (`resourceTypes`, the built-in figure/table/video included). */
function resourceTypeWarnings(ctx: CheckContext): Warning[] {
  if (ctx.resources.length === 0) return [];
  const ids = idsOf(ctx, 'resourceTypes');
  return ctx.resources
    .filter((r) => r.typeId !== undefined && !ids.includes(r.typeId))
    .map((r) => warning('unknownResourceType', `Resource "${r.id}" has the type "${r.typeId}", which is not in resourceTypes (${list(ids)}); it prints without a label or number.`, { resource: r.id }));
}

function chapterStyleWarnings(chapter: ParsedChapter, ids: StyleIds): Warning[] {
  const out: Warning[] = [];
  const at = (range: { from: number; to: number }) => ({ chapterId: chapter.chapterId, offset: range.from, toOffset: range.to });
  const walk = (inlines: readonly Inline[]): void => {
    for (const inline of inlines) {
      if (inline.kind === 'chip') {
        const style = inline.attrs['style'];
        if (style !== undefined && !ids.chip.includes(style)) out.push(warning('unknownChipStyle', `Chip style "${style}" is not in chipStyles (${list(ids.chip)}); the first style is used.`, at(inline.range)));
      }
      if ('children' in inline && Array.isArray(inline.children)) walk(inline.children as Inline[]);
    }
  };
  for (const block of chapter.blocks) {
    if (block.kind === 'heading') {
      const style = block.attrs['style'];
      if (style !== undefined && !ids.heading.includes(style)) out.push(warning('unknownHeadingStyle', `Heading style "${style}" is not in headingStyles (${list(ids.heading)}); the heading is set in its level's style.`, at(block.range)));
    } else if (block.kind === 'containerStart' && block.name === 'paragraphs') {
      const style = block.attrs['style'];
      if (style !== undefined && !ids.paragraph.includes(style)) out.push(warning('unknownParagraphStyle', `Paragraph style "${style}" is not in paragraphStyles (${list(ids.paragraph)}); body text is used.`, at(block.range)));
    } else if (block.kind === 'containerStart' && block.name === 'callout') {
      const type = block.attrs['type'];
      if (type !== undefined && !ids.callout.includes(type)) out.push(warning('unknownCalloutType', `Callout type "${type}" is not in calloutStyles (${list(ids.callout)}); the first style is used.`, at(block.range)));
    } else if (block.kind === 'containerStart' && block.name === 'paper') {
      for (const problem of paperProblems(block.attrs)) out.push(warning('paperAttributeInvalid', `:::paper ${problem}; the stock of folio.paper is used for it.`, at(block.range)));
    } else if (block.kind === 'directive' && block.name === 'numbering') {
      const format = block.attrs['format'];
      if (format !== undefined && canonicalNumberFormat(format) === undefined) out.push(warning('numberingInvalidFormat', `Numbering format "${format}" is not a number format (decimal, lower-roman, upper-alpha…); the page numbers keep their format.`, at(block.range)));
    }
    if ('inlines' in block && Array.isArray(block.inlines)) walk(block.inlines);
  }
  return out;
}

/** A table resource naming a table style the design lacks (document-format.md §12.9 `table.styleId`). */
function tableStyleWarnings(ctx: CheckContext): Warning[] {
  const tables = ctx.resources.flatMap((r) => (r.kind === 'table' && typeof r.table?.styleId === 'string' ? [{ id: r.id, style: r.table.styleId }] : []));
  if (tables.length === 0) return [];
  const ids = idsOf(ctx, 'tableStyles');
  return tables
    .filter((t) => !ids.includes(t.style))
    .map((t) => warning('unknownTableStyle', `Table "${t.id}" asks for the table style "${t.style}", which is not in tableStyles (${list(ids)}); the default table style is used.`, { resource: t.id }));
}

/** The paper stocks of `:::paper{type}` and `folio.paper.type` (document-format.md §8.5). */
const PAPER_TYPES = ['uncoated', 'bookWove', 'coatedMatte', 'coatedSilk', 'coatedGloss', 'bible', 'newsprint', 'cardStock', 'board'];

/** What is wrong with a `:::paper` run's attributes (those with a defined set of values). */
export function paperProblems(attrs: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  const number = (key: string, ok: (n: number) => boolean, what: string): void => {
    const raw = attrs[key];
    if (raw === undefined) return;
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || !ok(n)) out.push(`${key}="${raw}" is not ${what}`);
  };
  if (attrs['type'] !== undefined && !PAPER_TYPES.includes(attrs['type'])) out.push(`type="${attrs['type']}" is not a paper stock (${PAPER_TYPES.join(', ')})`);
  number('grammage', (n) => n > 0, 'a weight in g/m² above 0');
  number('bulk', (n) => n > 0, 'a bulk above 0');
  number('textureStrength', (n) => n >= 0 && n <= 2, 'a strength from 0 to 2');
  if (attrs['showThrough'] !== undefined && !['true', 'false'].includes(attrs['showThrough'])) out.push(`showThrough="${attrs['showThrough']}" is not true or false`);
  return out;
}
