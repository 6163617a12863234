/**
 * The CJK character grid (configuration.md §14.1 `cjk.grid`; the Japanese 基本版面): the type area
 * sized by characters per line and lines per page instead of by the margins alone. One cell is one
 * body size wide (pt) and one body line tall; in vertical text the lines run down the sheet, so the
 * axes swap (the same reading as config/warnings.ts `cjkGridWarnings`, which reports a grid larger
 * than the margins allow as `cjkGridClamped`; the largest that fits is used).
 *
 * Our readings where the spec is silent:
 * - `charsPerLine` counts one column's line (one tier in vertical text), as a Japanese designer
 *   gives 字詰め per 段; a `oneAndHalf` type area counts as one measure. Unset: as many as fit.
 * - `linesPerPage` unset: as many as fit.
 * - The grid's area stands centred in the area the margins leave (each margin grows by half the
 *   room left on its axis, so mirrored margins stay mirrored).
 * - `show` draws the grid's cells in the Canvas viewer as a guide (host/page-geometry.ts,
 *   ui/canvas/page-painter.ts), like `page.baselineGrid`; it is not printed.
 * - `headings.balancing.gridLines: 'off'` keeps the levers that add whole grid lines (above
 *   headings, after lists and displays, under a top float: §8.5 levers 3–6) off a character grid;
 *   'allow' (default) lets them work. Balancing itself is off on a grid unless set (the catalogue's
 *   context default).
 */
import { declareAppliedSettings } from '../config';
import type { LayoutSettings } from './settings';

declareAppliedSettings(['cjk.grid.enabled', 'cjk.grid.charsPerLine', 'cjk.grid.linesPerPage', 'cjk.grid.show', 'headings.balancing.gridLines']);

/** The grid a book's settings lay out on: cell width and line pitch (pt), characters per column line and lines per page. */
export interface CjkGrid {
  cell: number;
  pitch: number;
  chars: number;
  lines: number;
  /** `cjk.grid.show`: the Canvas viewer draws the cells. */
  show: boolean;
}

/**
 * Sets the margins of `s` (already read from the configuration) so the type area is the grid's,
 * and records the grid (`s.cjkGrid`); nothing when `cjk.grid.enabled` is not true.
 */
export function applyCjkGrid(s: LayoutSettings, at: (path: string) => unknown): void {
  if (at('cjk.grid.enabled') !== true) return;
  const cell = s.body.style.size; // pt
  const pitch = s.body.lineHeight; // pt
  if (!(cell > 0) || !(pitch > 0)) return;
  const vertical = s.vertical !== undefined;
  const { margins } = s;
  const boxWidth = s.pageWidth - margins.left - margins.right; // pt
  const boxHeight = s.pageHeight - margins.top - margins.bottom; // pt
  // Lines run along one axis of the sheet and stack along the other.
  const along = vertical ? boxHeight : boxWidth;
  const across = vertical ? boxWidth : boxHeight;
  const columns = s.sideColumn ? 1 : Math.max(1, s.columns);
  const gutters = (columns - 1) * s.gutter;
  const fitChars = Math.max(1, Math.floor((along - gutters) / columns / cell + 1e-9));
  const fitLines = Math.max(1, Math.floor(across / pitch + 1e-9));
  const asked = (path: string): number | undefined => {
    const v = at(path);
    return typeof v === 'number' && Number.isFinite(v) && v >= 1 ? Math.floor(v) : undefined;
  };
  const chars = Math.min(asked('cjk.grid.charsPerLine') ?? fitChars, fitChars);
  const lines = Math.min(asked('cjk.grid.linesPerPage') ?? fitLines, fitLines);
  // Half the room left on each axis goes to each margin of that axis (pt). The measure keeps a
  // thousandth of a point more than its cells: the margins' sums round, and a full line of cells
  // must not overflow its column by 1e-13 pt (it would lose its last character).
  const slack = 0.001 * columns; // pt
  const alongRoom = Math.max(0, along - (columns * chars * cell + gutters + slack)) / 2;
  const acrossRoom = Math.max(0, across - lines * pitch) / 2;
  s.margins = vertical
    ? { ...margins, top: margins.top + alongRoom, bottom: margins.bottom + alongRoom, left: margins.left + acrossRoom, right: margins.right + acrossRoom }
    : { ...margins, left: margins.left + alongRoom, right: margins.right + alongRoom, top: margins.top + acrossRoom, bottom: margins.bottom + acrossRoom };
  s.cjkGrid = { cell, pitch, chars, lines, show: at('cjk.grid.show') === true };
  // §8.5 `gridLines: 'off'`: no lever adds whole grid lines on the character grid.
  if (at('headings.balancing.gridLines') === 'off' && s.balancing) {
    s.balancing = { ...s.balancing, maxLinesPerHeading: 0, stretchAfterLists: false, maxLinesAfterList: 0, stretchAfterFloats: false, maxLinesAfterFloat: 0 };
  }
}
