/**
 * The list settings of settings-from-config.ts (configuration.md §9.1 `unorderedLists`, §9.2
 * `orderedLists`): each kind's geometry (indent, gap, item spacing, hanging turnovers, margins)
 * and the marker type of each of the five nesting levels. The configuration resolves a level's
 * unset field from the list-wide one (§0.5: `fontFamily`, `color`, `fontWeight`, `italic`,
 * `bulletChar`, `bulletFontSize` / `numberFontSize` → `fontSize`, `bulletVerticalOffset` /
 * `numberVerticalOffset` → `verticalOffset`), so the levels are read and the list-wide fields
 * take effect through them. Applied by page/list-shape.ts. All lengths in pt; em = the body size.
 */
import { declareAppliedSettings, declareUnappliedValues } from '../config';
import type { ConfigReaders } from './settings-structure';
import type { LayoutSettings, ListLevelStyle, ListShape } from './settings';

const LEVEL_FIELDS = ['fontFamily', 'color', 'fontWeight', 'italic', 'indent', 'verticalOffset', 'fontSize'];
declareAppliedSettings([
  ...['unorderedLists', 'orderedLists'].flatMap((kind) => [
    ...['fontFamily', 'fontWeight', 'italic', 'indent', 'gap', 'itemSpacing', 'hangingIndent', 'marginTop', 'marginBottom', 'color'].map((f) => `${kind}.${f}`),
    `${kind}.levels`,
    `${kind}.levels[level=*].level`,
    ...LEVEL_FIELDS.map((f) => `${kind}.levels[level=*].${f}`),
  ]),
  'unorderedLists.bulletFontSize',
  'unorderedLists.bulletVerticalOffset',
  'unorderedLists.levels[level=*].bulletChar',
  'unorderedLists.taskCheckboxChar',
  'unorderedLists.taskCheckedChar',
  'unorderedLists.taskCompletedStrikethrough',
  'unorderedLists.taskCompletedColor',
  'orderedLists.numberFontSize',
  'orderedLists.numberVerticalOffset',
  ...['separatorFontFamily', 'separatorFontWeight', 'separatorItalic', 'separatorColor'].flatMap((f) => [`orderedLists.${f}`, `orderedLists.levels[level=*].${f}`]),
  'orderedLists.separatorGap',
  // The number column (page/paginate.ts orderedRunWidth): 'run' only; 'level' (widest at that depth in the book) is set as 'run'.
  'orderedLists.numberWidth',
]);
declareUnappliedValues('orderedLists.numberWidth', ['level'], 'run');

/**
 * An ordered level's separator type (§9.2 `separator*`, "follow number style"): each field the
 * level or the list sets, and `separatorGap` (em of the body); undefined when none is set, so the
 * number and its separator stay one run.
 */
function separatorStyle(r: ConfigReaders, p: string, bodySize: number): ListLevelStyle['separator'] {
  const field = (name: string): unknown => r.at(`${p}.${name}`) ?? r.at(`orderedLists.${name}`);
  const family = field('separatorFontFamily');
  const weight = field('separatorFontWeight');
  const italic = field('separatorItalic');
  const colourSet = field('separatorColor') !== undefined;
  const colour = colourSet ? r.colour(r.at(`${p}.separatorColor`) !== undefined ? `${p}.separatorColor` : 'orderedLists.separatorColor', '') : '';
  const gap = Math.max(0, r.pt('orderedLists.separatorGap', 0, bodySize));
  const out: NonNullable<ListLevelStyle['separator']> = { gap };
  if (typeof family === 'string' && family) out.family = family;
  if (typeof weight === 'number' && weight >= 100 && weight <= 900) out.weight = weight;
  if (typeof italic === 'boolean') out.italic = italic;
  if (colour) out.colour = colour;
  return Object.keys(out).length > 1 || gap > 0 ? out : undefined;
}

/** One kind's shape; `fallbackColour` is used where a colour is not a readable hex. */
function listShape(r: ConfigReaders, kind: 'unorderedLists' | 'orderedLists', bodySize: number, fallbackColour: string): ListShape {
  const levels = [1, 2, 3, 4, 5].map((n): ListLevelStyle => {
    const p = `${kind}.levels[level=${n}]`;
    const weight = r.num(`${p}.fontWeight`, 700);
    // A level's indent pins its marker only when that level sets one (§9.1 "an explicit level indent pins it").
    const indent = r.at(`${p}.indent`) === undefined ? Number.NaN : r.pt(`${p}.indent`, Number.NaN, bodySize);
    const bullet = kind === 'unorderedLists' ? r.str(`${p}.bulletChar`, '') : '';
    const separator = kind === 'orderedLists' ? separatorStyle(r, p, bodySize) : undefined;
    return {
      family: r.str(`${p}.fontFamily`, r.str('bodyText.fontFamily', 'EB Garamond')),
      weight: weight >= 100 && weight <= 900 ? weight : 700,
      italic: r.bool(`${p}.italic`, false),
      colour: r.colour(`${p}.color`, fallbackColour),
      size: Math.max(1, r.pt(`${p}.fontSize`, bodySize, bodySize)),
      raise: r.pt(`${p}.verticalOffset`, 0, bodySize),
      ...(bullet ? { bullet } : {}),
      ...(Number.isFinite(indent) ? { indent: Math.max(0, indent) } : {}),
      ...(separator ? { separator } : {}),
    };
  });
  return {
    indent: Math.max(0, r.pt(`${kind}.indent`, 0, bodySize)),
    gap: Math.max(0, r.pt(`${kind}.gap`, 0.5 * bodySize, bodySize)),
    itemSpacing: Math.max(0, r.pt(`${kind}.itemSpacing`, 0, bodySize)),
    hanging: r.bool(`${kind}.hangingIndent`, true),
    marginTop: Math.max(0, r.pt(`${kind}.marginTop`, 1.5 * bodySize, bodySize)),
    marginBottom: Math.max(0, r.pt(`${kind}.marginBottom`, 1.5 * bodySize, bodySize)),
    levels,
  };
}

/** Both kinds' shapes and the task-list boxes (`taskCheckboxChar` / `taskCheckedChar`, §9.1). */
export function listShapes(r: ConfigReaders, bodySize: number, fallbackColour: string): { shapes: { unordered: ListShape; ordered: ListShape }; task: NonNullable<LayoutSettings['lists']['task']> } {
  // taskCompletedColor follows the item colour (§9.1): only a colour of its own recolours done tasks.
  const itemColour = r.colour('unorderedLists.color', fallbackColour);
  const doneColour = r.colour('unorderedLists.taskCompletedColor', itemColour);
  return {
    shapes: { unordered: listShape(r, 'unorderedLists', bodySize, fallbackColour), ordered: listShape(r, 'orderedLists', bodySize, fallbackColour) },
    task: {
      box: r.str('unorderedLists.taskCheckboxChar', '☐'),
      checked: r.str('unorderedLists.taskCheckedChar', '☑'),
      strike: r.bool('unorderedLists.taskCompletedStrikethrough', true),
      ...(doneColour !== itemColour ? { doneColour } : {}),
    },
  };
}
