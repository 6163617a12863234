/**
 * Where a list item's marker and text go (configuration.md §9.1 `unorderedLists`, §9.2
 * `orderedLists`; settings from settings-lists.ts). Pure geometry in pt from the column's start
 * edge; paginate.ts sets and places the lines.
 */
import type { ListItemBlock } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LayoutSettings, ListLevelStyle, ListShape, SectionBodyStyle, TextStyle } from '../settings';
import type { CalloutLists } from '../settings-callouts';
import { plainRun } from '../paragraph/set-run';

/** The item's list kind's shape: task lists are unordered lists (§9.1); undefined for settings built without a configuration. */
export function listShapeOf(settings: LayoutSettings, kind: ListItemBlock['listKind']): ListShape | undefined {
  const shapes = settings.lists.shapes;
  return shapes ? (kind === 'ordered' ? shapes.ordered : shapes.unordered) : undefined;
}

/** The level (1–5, deeper items keep level 5's style) of an item in its kind's shape. */
export function listLevelOf(shape: ListShape | undefined, depth: number): ListLevelStyle | undefined {
  return shape?.levels[Math.min(5, Math.max(1, depth)) - 1];
}

/** The space above a list, between two of its items and below it (pt): a section's `bodyStyle.unorderedLists` margins win (§13.5). */
export function listSpacing(settings: LayoutSettings, own: SectionBodyStyle | undefined, kind: ListItemBlock['listKind']): { marginTop: number; marginBottom: number; itemSpacing: number } {
  const shape = listShapeOf(settings, kind);
  const lists = own?.lists ?? (shape ? undefined : settings.lists);
  return lists ? { marginTop: lists.marginTop, marginBottom: lists.marginBottom, itemSpacing: shape?.itemSpacing ?? 0 } : { marginTop: shape!.marginTop, marginBottom: shape!.marginBottom, itemSpacing: shape!.itemSpacing };
}

/** Marker box → text, pt: a section's `bodyStyle.unorderedLists.gap` wins, else the kind's `gap`. */
export function listGap(settings: LayoutSettings, own: SectionBodyStyle | undefined, kind: ListItemBlock['listKind']): number {
  return own?.lists?.gap ?? listShapeOf(settings, kind)?.gap ?? settings.lists.gap;
}

/** The document's marker type at the item's level (no section bodyStyle in force); undefined = the legacy marker style. */
export function levelMarkerStyle(body: TextStyle, level: ListLevelStyle | undefined): TextStyle | undefined {
  return level ? { ...body, family: level.family, weight: level.weight, italic: level.italic, size: level.size, colour: level.colour } : undefined;
}

/**
 * An item's horizontal shape, pt from the column's start edge: the marker's start, the first
 * line's text start (marker box — at least 0.6 em wide so short bullets line up — then the gap),
 * and where turnovers start: with the text when `hangingIndent` is on (§9.1 "turnovers align
 * with text"), back under the marker when it is off. Depth (the indent cascade of §9.1): a level's
 * own `indent` pins the marker; a first-level item's goes at the list's `indent`; a deeper item's
 * at its parent item's text start (`parentTextStart`), or — with no parent item right before it —
 * the list's `indent` plus 1.5 em per nesting level.
 */
export function listItemGeometry(item: ListItemBlock, shape: ListShape | undefined, markerWidth: number, bodyEm: number, gap: number, parentTextStart?: number): { markerX: number; textX: number; turnoverX: number } {
  const level = listLevelOf(shape, item.depth);
  const markerX = level?.indent ?? (item.depth > 1 && parentTextStart !== undefined ? parentTextStart : (shape?.indent ?? 0) + (item.depth - 1) * 1.5 * bodyEm);
  const textX = markerX + Math.max(markerWidth, 0.6 * bodyEm) + gap;
  return { markerX, textX, turnoverX: shape && !shape.hanging ? markerX : textX };
}

/** The separator's type: its own fields (orderedLists `separator*`, §9.2) over the number's. */
export function separatorTextStyle(number: TextStyle, separator: NonNullable<ListLevelStyle['separator']>): TextStyle {
  return { ...number, family: separator.family ?? number.family, weight: separator.weight ?? number.weight, italic: separator.italic ?? number.italic, colour: separator.colour ?? number.colour };
}

/**
 * A number and its separator set apart (each a one-line generated setting) joined into one marker
 * line, `gap` pt between them: the separator after the number in reading order — to its right,
 * or to its left in a right-to-left block.
 */
export function joinMarkerLines(number: SetLine, separator: SetLine, gap: number, rtl: boolean): SetLine {
  const [left, right] = rtl ? [separator, number] : [number, separator];
  const shift = left.width + gap;
  const moved = right.runs.map((run) => ({ ...plainRun(run), xs: run.xs.map((x) => x + shift) }));
  const fonts = [...new Set([...(number.fonts ?? []), ...(separator.fonts ?? [])])].sort();
  const substitutions = [...(number.substitutions ?? []), ...(separator.substitutions ?? [])];
  return { ...number, runs: [...left.runs, ...moved], width: shift + right.width, ...(fonts.length > 0 ? { fonts } : {}), ...(substitutions.length > 0 ? { substitutions } : {}) };
}

/**
 * A list item set inside a callout box or a `:::columns` group (document type, no bodyStyle):
 * its marker set in its level's type and its horizontal shape, pt from the box's or
 * sub-column's start (the marker's verticalOffset and separator type are not applied there).
 * `lists`: the box style's own list fields (calloutStyles[].lists, §13.4), each over the
 * document's — colour for bullets and numbers, bullet character, size and weight for bullets
 * only; a set `indent` places level 1 (deeper levels 1.5 em of the box text further each, level
 * indents no longer pin them) and `gap` replaces the list's.
 */
export function boxListItem(settings: LayoutSettings, item: ListItemBlock, body: TextStyle, setMarker: (style: TextStyle, text?: string) => SetLine, lists?: CalloutLists): { marker: SetLine; markerX: number; textX: number; turnoverX: number } {
  const documentShape = listShapeOf(settings, item.listKind);
  const level = listLevelOf(documentShape, item.depth);
  let style = levelMarkerStyle(body, level) ?? { ...body, weight: settings.lists.markerWeight, colour: settings.lists.markerColour };
  // Box text of another size (calloutStyles[].body.fontSize): markers scale with it (list sizes are ems of the box text, §0.4).
  if (body.size !== settings.body.style.size && level) style = { ...style, size: (level.size * body.size) / settings.body.style.size };
  const bullet = item.listKind === 'unordered';
  if (lists) style = { ...style, ...(lists.colour ? { colour: lists.colour } : {}), ...(bullet && lists.bulletSize ? { size: lists.bulletSize } : {}), ...(bullet && lists.bulletWeight ? { weight: lists.bulletWeight } : {}) };
  const marker = setMarker(style, bullet ? lists?.bullet : undefined);
  // A box indent replaces the list's and the levels' own (the nesting step stays 1.5 em of the box text).
  const shape: ListShape | undefined = lists?.indent === undefined
    ? documentShape
    : documentShape
      ? { ...documentShape, indent: lists.indent, levels: documentShape.levels.map(({ indent: _pinned, ...rest }) => rest) }
      : { indent: lists.indent, gap: settings.lists.gap, itemSpacing: 0, hanging: true, marginTop: 0, marginBottom: 0, levels: [] };
  return { marker, ...listItemGeometry(item, shape, marker.width, body.size, lists?.gap ?? listGap(settings, undefined, item.listKind)) };
}
