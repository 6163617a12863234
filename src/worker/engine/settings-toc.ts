/**
 * The contents' own type (configuration.md §11.5 `toc`): each listed level's face, size, weight,
 * italic, colour, indent and space above and below, and the page number's type and column width.
 * Unset fields follow the body text (§0.5: "`toc.levels[].*` / `pageNumber` face — bodyText /
 * level-1 entry"). Applied by page/paginate.ts `placeToc`. Lengths in pt; em = the body size.
 * Not read (still reported as not applied): a level's `lineHeight` (entries stay on the grid),
 * `numberWidth` / `numberGap` / `number*` (the number is set with the title), `toc.unnumbered`,
 * `toc.subtitle` and `toc.parts`.
 */
import { declareAppliedSettings } from '../config';
import type { ConfigReaders } from './settings-structure';
import type { TextStyle } from './settings';

const LEVEL_FIELDS = ['fontFamily', 'fontSize', 'fontWeight', 'italic', 'color', 'indent', 'marginTop', 'marginBottom'];
declareAppliedSettings([
  ...LEVEL_FIELDS.map((f) => `toc.levels[level=*].${f}`),
  ...['fontFamily', 'fontSize', 'fontWeight', 'italic', 'color', 'width'].map((f) => `toc.pageNumber.${f}`),
]);

export interface TocLevelLook {
  style: TextStyle;
  /** From the column's start edge, pt. */
  indent: number;
  /** Space above and below each entry of the level, pt (dropped at a column top, as any block's). */
  marginTop: number;
  marginBottom: number;
}

export interface TocLook {
  /** By heading level 1–6 (every level, listed or not: a part's row is a level-1 entry). */
  levels: Record<number, TocLevelLook>;
  /** The page label's type, and the width kept for it at the end of every entry's lines (pt; a longer label takes its own). */
  pageNumber: { style: TextStyle; width: number };
}

/** The level's style: each field the level sets over the body's. */
function levelStyle(r: ConfigReaders, p: string, body: TextStyle, bodySize: number): TextStyle {
  const weight = r.num(`${p}.fontWeight`, body.weight);
  return {
    ...body,
    family: r.str(`${p}.fontFamily`, body.family) || body.family,
    size: Math.max(1, r.pt(`${p}.fontSize`, body.size, bodySize)),
    weight: weight >= 100 && weight <= 900 ? weight : body.weight,
    italic: r.bool(`${p}.italic`, body.italic),
    colour: r.colour(`${p}.color`, body.colour),
  };
}

/** The contents' look; undefined when the book sets none of it (the entries in body type, 1.5 em per level). */
export function tocLook(r: ConfigReaders, body: TextStyle, bodySize: number): TocLook | undefined {
  const stored = r.at('toc.levels');
  const setLevels = Array.isArray(stored) ? stored.filter((l): l is Record<string, unknown> => !!l && typeof l === 'object' && LEVEL_FIELDS.some((f) => (l as Record<string, unknown>)[f] !== undefined)) : [];
  const pageNumber = r.at('toc.pageNumber');
  if (setLevels.length === 0 && (pageNumber === undefined || pageNumber === null)) return undefined;
  const levels: Record<number, TocLevelLook> = {};
  for (let level = 1; level <= 6; level++) {
    const p = `toc.levels[level=${level}]`;
    levels[level] = {
      style: levelStyle(r, p, body, bodySize),
      // Our default (the spec gives none): one and a half body ems per level below the first.
      indent: Math.max(0, r.pt(`${p}.indent`, (level - 1) * 1.5 * bodySize, bodySize)),
      marginTop: Math.max(0, r.pt(`${p}.marginTop`, 0, bodySize)),
      marginBottom: Math.max(0, r.pt(`${p}.marginBottom`, 0, bodySize)),
    };
  }
  // The page number's face follows the level-1 entry's; its weight the body's (§11.5).
  const first = levels[1]!.style;
  const weight = r.num('toc.pageNumber.fontWeight', body.weight);
  const numberStyle: TextStyle = {
    ...first,
    family: r.str('toc.pageNumber.fontFamily', first.family) || first.family,
    size: Math.max(1, r.pt('toc.pageNumber.fontSize', first.size, bodySize)),
    weight: weight >= 100 && weight <= 900 ? weight : body.weight,
    italic: r.bool('toc.pageNumber.italic', first.italic),
    colour: r.colour('toc.pageNumber.color', first.colour),
  };
  return { levels, pageNumber: { style: numberStyle, width: Math.max(0, r.pt('toc.pageNumber.width', 2 * bodySize, bodySize)) } };
}
