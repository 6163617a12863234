/**
 * Resources in the layout (document-format.md §12): prepared once per payload (picture headers,
 * SVG drawings, table models), numbered book-wide in first-mention order, and turned into flow
 * blocks the page engine places. Pure: the host hands in records and bytes, nothing is fetched.
 */
import type { StoredConfig } from '../../config';
import type { ParsedChapter } from '../parse/model';
import { stack, textBlock, type BlockEnvironment, type FlowBlock } from './block';
import { figureBlock, lineHeightOf, placeholder, type FigureFit } from './figure';
import { prepareResource, rasterLookupKey, type EngineResource, type ResourceRecordInput, type SvgRaster } from './model';
import { numberingInputKey, numberResources, resourceRefText, type ResourceNumber } from './numbering';
import type { Numerals } from '../page/number-format';
import { resourceSettingsFromConfig, type ResourceSettings } from './settings';
import { tableBlock } from './table';

export type { FlowBlock, BlockEnvironment } from './block';
export type { EngineResource, TableModel, TableCell, SvgRaster } from './model';
export type { ResourceSettings, ResourceType } from './settings';
export type { FigureFit } from './figure';
export { readBitmapInfo, looksLikeSvg, mimeOf } from './picture-info';
export { parseSvg } from './svg';
export { payloadKey, rasterLookupKey } from './model';
export { countReferences, renameReferences } from './references';

export interface ResourceSet {
  resources: ReadonlyMap<string, EngineResource>;
  settings: ResourceSettings;
  /** Everything about the resources a page depends on, for the engine's memo keys. */
  key: string;
}

/** Prepares a book's resources for layout (memoise per resources array and config in the caller). */
export function prepareResources(
  entries: readonly { record: ResourceRecordInput; payload?: Uint8Array | undefined }[],
  config: StoredConfig,
  /** PNG renderings of SVG drawings outside the vector subset, by `rasterLookupKey` (host/svg-raster.ts). */
  rasters?: ReadonlyMap<string, SvgRaster>,
): ResourceSet {
  const settings = resourceSettingsFromConfig(config);
  const ink = settings.diagram.singleInk ? settings.diagram.ink : null;
  const resources = new Map<string, EngineResource>();
  for (const entry of entries) {
    if (resources.has(entry.record.id)) continue;
    const resource = prepareResource(entry.record, entry.payload);
    const raster = resource.svg && resource.svg.drawing.rasterFeatures.length > 0 ? rasters?.get(rasterLookupKey(resource.svg.key, ink)) : undefined;
    if (raster && resource.svg) resource.svg = { ...resource.svg, raster };
    resources.set(entry.record.id, resource);
  }
  const key = JSON.stringify([
    settings,
    [...resources.values()].map((r) => ({ ...r, svg: r.svg ? { key: r.svg.key, width: r.svg.width, height: r.svg.height, raster: r.svg.raster?.key } : undefined })),
  ]);
  return { resources, settings, key };
}

export interface ResourceNumbering {
  numbers: ReadonlyMap<string, ResourceNumber>;
  /** What `:ref` to a resource prints, or undefined when the target is not a resource. */
  refText(target: string, attrs: Readonly<Record<string, string>>): string | undefined;
}

/**
 * The last numbering of each resource set, with what it was made from: a build whose chapters
 * give the same numbering input (`numberingInputKey`), numerals and starting heading numbers
 * takes it again — after a one-paragraph edit every build numbered the whole book anew.
 */
const lastNumbering = new WeakMap<ResourceSet, { numerals: Numerals; start: string; keys: readonly string[]; numbering: ResourceNumbering }>();

/** Numbers the resources a book mentions (§12.4); anchors of the same id win (§13). */
export function numberBook(set: ResourceSet, chapters: readonly ParsedChapter[], numerals: Numerals = 'latn', startHeadings: readonly number[] = []): ResourceNumbering {
  const keys = chapters.map(numberingInputKey);
  const start = startHeadings.join(',');
  const last = lastNumbering.get(set);
  if (last && last.numerals === numerals && last.start === start && last.keys.length === keys.length && keys.every((k, i) => k === last.keys[i])) return last.numbering;
  const numbering = numberChapters(set, chapters, numerals, startHeadings);
  lastNumbering.set(set, { numerals, start, keys, numbering });
  return numbering;
}

function numberChapters(set: ResourceSet, chapters: readonly ParsedChapter[], numerals: Numerals, startHeadings: readonly number[]): ResourceNumbering {
  const anchors = new Set(chapters.flatMap((c) => c.collected.anchors.map((a) => a.anchorId)));
  const known = new Map([...set.resources.values()].map((r) => [r.id, r.typeId] as const));
  const numbers = numberResources(chapters, known, set.settings.types, anchors, numerals, startHeadings);
  return {
    numbers,
    refText(target, attrs) {
      const resource = set.resources.get(target);
      if (!resource || anchors.has(target)) return undefined;
      const type = set.settings.types.find((t) => t.id === resource.typeId);
      return resourceRefText(type, numbers.get(target)?.number ?? '', attrs);
    },
  };
}

/**
 * The block `::resource{id}` sets: a figure, a table, or — for an unknown id or a picture that
 * cannot be drawn — a neutral placeholder naming it (document-format §12.1), never a failure;
 * null for a table too tall for its page with `tableStyle.overflow: 'hide'`.
 */
export function resourceFlowBlock(set: ResourceSet | undefined, numbering: ResourceNumbering | undefined, id: string, measure: number, maxHeight: number, env: BlockEnvironment, fitTo: FigureFit = 'figure'): FlowBlock | null {
  const resource = set?.resources.get(id);
  const settings = set?.settings;
  if (!resource || !settings) return missingBlock(id, measure, env, settings, 'no resource has this id');
  const type = settings.types.find((t) => t.id === resource.typeId);
  const number = numbering?.numbers.get(id)?.number;
  // A table taller than `maxHeight` follows tableStyle.overflow: null when it is hidden (resources/table-split.ts).
  if (resource.kind === 'table' && resource.table) return tableBlock(resource, type, number, measure, settings, env, maxHeight);
  if (resource.kind === 'video' || (resource.kind === 'table' && !resource.table)) return missingBlock(id, measure, env, settings, resource.problem ?? 'it cannot be drawn');
  return figureBlock(resource, type, number, measure, maxHeight, settings, env, fitTo);
}

function missingBlock(id: string, measure: number, env: BlockEnvironment, settings: ResourceSettings | undefined, why: string): FlowBlock {
  const height = Math.min(measure * 0.3, 72);
  const box: FlowBlock = { height, width: measure, emit: (x, y) => placeholder(x, y, measure, height) };
  if (!settings) return box;
  const style = settings.caption.style;
  const text = `Missing resource \u201c${id}\u201d: ${why}.`;
  const lines = env.setText({ base: 0, inlines: [{ kind: 'text', text, marks: ['emphasis'], range: { from: 0, to: 0, line: 0, column: 0 }, offsets: text.split('').map(() => -1) }], style: { ...style }, measure, indent: 0, justify: false });
  return stack([
    { block: box, gapBefore: 0 },
    { block: textBlock(lines, style, lineHeightOf(style), env, 'caption'), gapBefore: settings.caption.gap },
  ]);
}
