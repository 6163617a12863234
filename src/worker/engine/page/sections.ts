/**
 * Styled sections (configuration.md §13.6, document-format §5.1 `style`): a heading whose
 * `headingStyles[id=X]` sets margins, a column layout or running heads governs the pages of its
 * section, until the next heading of the same or a higher level, or the next `:::part`. Sections
 * nest (an H2 section inside an H1 one); the innermost wins, field by field over the outer ones.
 *
 * Page geometry changes only between pages: a section whose geometry differs from the one in
 * force starts on a fresh page (our choice; the spec pairs `margins` with `breakBefore`). The
 * running heads follow the spec's rule: a page takes the section in force after the last
 * section change on it.
 */
import { Op, roundPt, type DisplayItem } from '../../protocol/displaylist';
import type { HeadingBlock, ParsedChapter } from '../parse/model';
import type { BreakParity, GeometryOverride, LayoutSettings, OrderedLevel, SectionBodyStyle } from '../settings';
import { defaultColumnRule } from '../settings-structure';
import type { FurnitureElement } from '../settings-furniture';
import { structuralBlocks } from './structural-blocks';

/** One open section: the heading style and the level of the heading that opened it. */
export interface OpenSection {
  style: string;
  level: number;
}

/** Running heads and folios of a page: shown, or removed by the section's empty slot. */
export interface PageFurniture {
  header: boolean;
  footer: boolean;
  /** The section's designed slots, drawn instead of the document's (§5.1 "Section override"). */
  headerElements?: FurnitureElement[];
  footerElements?: FurnitureElement[];
  /** Setting paths of those slots (`headingStyles[id=X].header`), for warnings about their elements. */
  headerPath?: string;
  footerPath?: string;
}

const geometryMemo = new WeakMap<LayoutSettings, Map<string, LayoutSettings>>();

/** Settings with a section's (or a part page's) geometry over the document's, one object per override. */
export function withGeometry(settings: LayoutSettings, key: string, override: GeometryOverride): LayoutSettings {
  if (!override.margins && !override.layout) return settings;
  let byKey = geometryMemo.get(settings);
  if (!byKey) geometryMemo.set(settings, (byKey = new Map()));
  const known = byKey.get(key);
  if (known) return known;
  const next: LayoutSettings = { ...settings, margins: override.margins ?? settings.margins };
  if (override.layout) {
    next.columns = override.layout.columns;
    next.gutter = override.layout.gutter;
    if (override.layout.sideColumn) next.sideColumn = override.layout.sideColumn;
    else delete next.sideColumn;
    if (override.layout.columnRule) next.columnRule = override.layout.columnRule;
  }
  byKey.set(key, next);
  return next;
}

/** The sections open after a chapter's blocks, from those open at its start (for the next chapter's memo key). */
export function sectionsAfter(chapter: ParsedChapter, settings: LayoutSettings, start: readonly OpenSection[]): OpenSection[] {
  const tracker = new SectionTracker(settings, start);
  for (const block of structuralBlocks(chapter)) {
    if (block.kind === 'heading') tracker.atHeading(block);
    else if (block.kind === 'containerStart' && block.name === 'part') tracker.atPart();
  }
  return tracker.open();
}

export class SectionTracker {
  private stack: OpenSection[];

  constructor(
    private readonly settings: LayoutSettings,
    start: readonly OpenSection[] = [],
  ) {
    this.stack = start.filter((s) => settings.headingStyles[s.style] !== undefined);
  }

  /** A heading closes the sections of its level and deeper, and opens its style's section. */
  atHeading(block: HeadingBlock): void {
    this.stack = this.stack.filter((s) => s.level < block.level);
    const style = block.attrs['style'];
    if (style !== undefined && this.settings.headingStyles[style]) this.stack.push({ style, level: block.level });
  }

  /** A `:::part` ends every section (document-format §5.1). */
  atPart(): void {
    this.stack = [];
  }

  open(): OpenSection[] {
    return this.stack.slice();
  }

  /** The page geometry in force: the innermost section's margins and layout over the document's. */
  geometry(): LayoutSettings {
    let margins: GeometryOverride['margins'];
    let layout: GeometryOverride['layout'];
    for (const s of this.stack) {
      const style = this.settings.headingStyles[s.style]!;
      margins = style.margins ?? margins;
      layout = style.layout ?? layout;
    }
    if (!margins && !layout) return this.settings;
    return withGeometry(this.settings, `section|${JSON.stringify([margins, layout])}`, { ...(margins ? { margins } : {}), ...(layout ? { layout } : {}) });
  }

  /** The sections' palette overrides, inner over outer (§13.6 `palette`). */
  palette(): Record<string, string> {
    let out: Record<string, string> = {};
    for (const s of this.stack) out = { ...out, ...(this.settings.headingStyles[s.style]!.palette ?? {}) };
    return out;
  }

  /** The innermost section's `bodyStyle` (§13.6), or undefined when the body text follows bodyText. */
  bodyStyle(): SectionBodyStyle | undefined {
    let out: SectionBodyStyle | undefined;
    for (const s of this.stack) out = this.settings.headingStyles[s.style]!.bodyStyle ?? out;
    return out;
  }

  furniture(): PageFurniture {
    let header = true;
    let footer = true;
    let headerElements: FurnitureElement[] | undefined;
    let footerElements: FurnitureElement[] | undefined;
    let headerPath = '';
    let footerPath = '';
    // Inner sections over outer ones.
    for (const s of this.stack) {
      const style = this.settings.headingStyles[s.style]!;
      if (style.header) {
        header = style.header !== 'none';
        headerElements = Array.isArray(style.header) ? style.header : undefined;
        headerPath = `headingStyles[id=${s.style}].header`;
      }
      if (style.footer) {
        footer = style.footer !== 'none';
        footerElements = Array.isArray(style.footer) ? style.footer : undefined;
        footerPath = `headingStyles[id=${s.style}].footer`;
      }
    }
    return { header, footer, ...(headerElements ? { headerElements, headerPath } : {}), ...(footerElements ? { footerElements, footerPath } : {}) };
  }
}

/** A heading's level fields with its style's overrides (configuration.md §13.6: breakBefore, span, spanBreak). */
export function headingLayout(block: HeadingBlock, settings: LayoutSettings): { breakBefore: BreakParity | 'none'; span: 'column' | 'page'; spanBreak: boolean } {
  const level = settings.headings.levels[block.level - 1]!;
  const style = settings.headingStyles[block.attrs['style'] ?? ''];
  // breakBefore merges field by field: the style's `enabled`/`parity` over the level's.
  const own = style?.breakBefore;
  const enabled = own?.enabled ?? level.breakBefore !== 'none';
  const parity = own?.parity ?? (level.breakBefore === 'none' ? 'any' : level.breakBefore);
  return {
    breakBefore: enabled ? parity : 'none',
    span: style?.span ?? level.span ?? 'column',
    spanBreak: style?.spanBreak ?? level.spanBreak ?? true,
  };
}

/** Text columns of a geometry (a text side column counts; a float-only one does not). */
export function textColumns(geometry: LayoutSettings): number {
  return Math.max(1, geometry.columns);
}

/** The column rule a geometry draws (`layout.columnRule`, a section's own over the document's). */
export function columnRuleOf(geometry: LayoutSettings): { enabled: boolean; colour: string; width: number } {
  return geometry.columnRule ?? defaultColumnRule();
}

/**
 * `page.backgroundColor` (configuration.md §2): a fill over the bleed box under everything on the
 * page; part and section palettes recolour it like any colour equal to a palette value. None when
 * transparent (the default).
 */
export function pageFill(settings: LayoutSettings): DisplayItem[] {
  if (!settings.pageBackground) return [];
  const bleed = settings.furniture.bleed ?? 0;
  return [{ op: Op.Rect, x: roundPt(-bleed), y: roundPt(-bleed), w: roundPt(settings.pageWidth + 2 * bleed), h: roundPt(settings.pageHeight + 2 * bleed), fill: settings.pageBackground }];
}

/**
 * The ordered-list number style at `depth` (1–5) in force: a `bodyStyle.orderedLists` level's
 * field, else its list-wide field, else the document's (`orderedLists`, configuration.md §9.2,
 * §13.5–13.6 "partial overrides"). Undefined when neither sets anything (markers as typed).
 */
export function orderedLevelOf(settings: LayoutSettings, own: SectionBodyStyle | undefined, depth: number): OrderedLevel | undefined {
  const d = Math.min(5, Math.max(1, depth)) - 1;
  const doc = settings.orderedLevels?.[d];
  const section = own?.orderedLists;
  if (!section) return doc;
  const base: OrderedLevel = doc ?? { format: 'arabic', prefix: '', separator: '.' };
  const level = section.levels[d] ?? {};
  return { format: level.format ?? section.list.format ?? base.format, prefix: level.prefix ?? section.list.prefix ?? base.prefix, separator: level.separator ?? section.list.separator ?? base.separator };
}

/** The list settings in force (bullet, marker weight, gap, margins): a `bodyStyle.unorderedLists` over the document's. */
export function listSettingsOf(settings: LayoutSettings, own: SectionBodyStyle | undefined): LayoutSettings['lists'] {
  return own?.lists ?? settings.lists;
}
