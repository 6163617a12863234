/**
 * The table grid editor's model (tools.md §7.6 Table editor; document-format.md §12.10; bundle
 * format §5.2): pure functions over a table seen as rectangular *blocks* — a cell with its grid
 * position and spans — so inserting, removing, merging and splitting are arithmetic on positions
 * instead of surgery on ragged rows. No DOM here: the unit tests drive it directly.
 *
 * The model is written back as a full grid: every row has one entry per column, and a slot a
 * merge covers holds `{ content: '', hiddenBy: 'r{row}c{col}' }` naming its anchor (the form the
 * engine, the EPUB and the DOCX writers read). Tables without `hiddenBy` (spans with the covered
 * cells omitted, as the Word import writes them) are read too.
 */

export type HorizontalAlign = 'left' | 'center' | 'right' | 'start' | 'end';
export type VerticalAlign = 'top' | 'middle' | 'bottom';

/** A cell's own fields (spans and `hiddenBy` live in the block). Unknown fields pass through. */
export interface GridCell {
  content: string;
  isHeader?: boolean;
  align?: HorizontalAlign;
  verticalAlign?: VerticalAlign;
  [field: string]: unknown;
}

export interface GridBlock {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  cell: GridCell;
}

export interface GridTable {
  rows: number;
  cols: number;
  /** Every slot of rows × cols is covered by exactly one block. */
  blocks: GridBlock[];
  headerRowCount: number;
  /** Relative column weights (`columnWidths`); absent = equal. */
  columnWidths?: number[];
  /** Other model fields, passed through unchanged. */
  extra: Record<string, unknown>;
}

export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const HORIZONTAL = new Set(['left', 'center', 'right', 'start', 'end']);
const VERTICAL = new Set(['top', 'middle', 'bottom']);

function cellOf(raw: unknown): GridCell {
  if (typeof raw === 'string') return { content: raw };
  if (!raw || typeof raw !== 'object') return { content: '' };
  const { colSpan: _c, rowSpan: _r, hiddenBy: _h, ...rest } = raw as Record<string, unknown>;
  const cell: GridCell = { ...rest, content: typeof rest['content'] === 'string' ? rest['content'] : '' };
  if (cell.align !== undefined && !HORIZONTAL.has(String(cell.align))) delete cell.align;
  if (cell.verticalAlign !== undefined && !VERTICAL.has(String(cell.verticalAlign))) delete cell.verticalAlign;
  return cell;
}

const isHidden = (raw: unknown): boolean => !!raw && typeof raw === 'object' && (raw as Record<string, unknown>)['hiddenBy'] !== undefined && (raw as Record<string, unknown>)['hiddenBy'] !== null && (raw as Record<string, unknown>)['hiddenBy'] !== false;
const spanOf = (raw: unknown, key: 'colSpan' | 'rowSpan'): number => {
  const v = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' && v > 1 ? Math.floor(v) : 1;
};

/** Reads a stored `TableModel` (any of its accepted forms) into blocks; holes become empty cells. */
export function readTable(model: Record<string, unknown> | undefined): GridTable {
  const { rows: rawRows, headerRowCount, columnWidths, ...extra } = model ?? {};
  const rows = (Array.isArray(rawRows) ? rawRows : []).filter(Array.isArray) as unknown[][];
  const occupied = new Set<string>();
  const blocks: GridBlock[] = [];
  rows.forEach((row, r) => {
    let c = 0;
    for (const raw of row) {
      // A covered slot takes no place of its own: the anchor's span already holds it.
      if (isHidden(raw)) continue;
      while (occupied.has(`${r},${c}`)) c++;
      const rowSpan = Math.min(spanOf(raw, 'rowSpan'), rows.length - r);
      const colSpan = spanOf(raw, 'colSpan');
      for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < colSpan; dc++) occupied.add(`${r + dr},${c + dc}`);
      blocks.push({ row: r, col: c, rowSpan, colSpan, cell: cellOf(raw) });
      c += colSpan;
    }
  });
  const nRows = Math.max(1, rows.length);
  const nCols = Math.max(1, ...blocks.map((b) => b.col + b.colSpan));
  const table: GridTable = { rows: nRows, cols: nCols, blocks, headerRowCount: 0, extra };
  fillHoles(table);
  table.headerRowCount = typeof headerRowCount === 'number' ? Math.max(0, Math.min(nRows, Math.floor(headerRowCount))) : 0;
  if (Array.isArray(columnWidths)) table.columnWidths = Array.from({ length: nCols }, (_, i) => (typeof columnWidths[i] === 'number' && columnWidths[i] > 0 ? (columnWidths[i] as number) : 1));
  return table;
}

/** Gives every uncovered slot an empty 1×1 cell (ragged rows become rectangular). */
function fillHoles(table: GridTable): void {
  const covered = new Set<string>();
  for (const b of table.blocks) for (let r = b.row; r < b.row + b.rowSpan; r++) for (let c = b.col; c < b.col + b.colSpan; c++) covered.add(`${r},${c}`);
  for (let r = 0; r < table.rows; r++) for (let c = 0; c < table.cols; c++) if (!covered.has(`${r},${c}`)) table.blocks.push({ row: r, col: c, rowSpan: 1, colSpan: 1, cell: { content: '' } });
  sortBlocks(table);
}

function sortBlocks(table: GridTable): void {
  table.blocks.sort((a, b) => a.row - b.row || a.col - b.col);
}

/** The stored form: a full grid, covered slots naming their anchor (`hiddenBy: 'r0c0'`). */
export function writeTable(table: GridTable): Record<string, unknown> {
  const grid: Record<string, unknown>[][] = Array.from({ length: table.rows }, () => Array.from({ length: table.cols }, () => ({ content: '' })));
  for (const b of table.blocks) {
    for (let r = b.row; r < b.row + b.rowSpan; r++) for (let c = b.col; c < b.col + b.colSpan; c++) grid[r]![c] = { content: '', hiddenBy: `r${b.row}c${b.col}` };
    grid[b.row]![b.col] = { ...b.cell, ...(b.colSpan > 1 ? { colSpan: b.colSpan } : {}), ...(b.rowSpan > 1 ? { rowSpan: b.rowSpan } : {}) };
  }
  return { ...table.extra, rows: grid, headerRowCount: Math.min(table.headerRowCount, table.rows), ...(table.columnWidths ? { columnWidths: table.columnWidths.slice(0, table.cols) } : {}) };
}

function clone(table: GridTable): GridTable {
  return { ...table, blocks: table.blocks.map((b) => ({ ...b, cell: { ...b.cell } })), ...(table.columnWidths ? { columnWidths: [...table.columnWidths] } : {}), extra: { ...table.extra } };
}

/** The block that covers slot (row, col). */
export function blockAt(table: GridTable, row: number, col: number): GridBlock | undefined {
  return table.blocks.find((b) => row >= b.row && row < b.row + b.rowSpan && col >= b.col && col < b.col + b.colSpan);
}

/** A range grown until no block straddles its edge (a selection over a merged cell takes it whole). */
export function expandRange(table: GridTable, range: CellRange): CellRange {
  let r = { top: Math.min(range.top, range.bottom), left: Math.min(range.left, range.right), bottom: Math.max(range.top, range.bottom), right: Math.max(range.left, range.right) };
  for (let changed = true; changed; ) {
    changed = false;
    for (const b of table.blocks) {
      const inside = b.row <= r.bottom && b.row + b.rowSpan - 1 >= r.top && b.col <= r.right && b.col + b.colSpan - 1 >= r.left;
      if (!inside) continue;
      const next = { top: Math.min(r.top, b.row), left: Math.min(r.left, b.col), bottom: Math.max(r.bottom, b.row + b.rowSpan - 1), right: Math.max(r.right, b.col + b.colSpan - 1) };
      if (next.top !== r.top || next.left !== r.left || next.bottom !== r.bottom || next.right !== r.right) {
        r = next;
        changed = true;
      }
    }
  }
  return r;
}

/** Blocks whose anchor lies in the range. */
function blocksIn(table: GridTable, range: CellRange): GridBlock[] {
  return table.blocks.filter((b) => b.row >= range.top && b.row <= range.bottom && b.col >= range.left && b.col <= range.right);
}

/** A new empty row before row `at` (0 … rows); a row span across the gap grows over it. */
export function insertRow(table: GridTable, at: number): GridTable {
  const next = clone(table);
  const index = Math.max(0, Math.min(next.rows, at));
  for (const b of next.blocks) {
    if (b.row >= index) b.row++;
    else if (b.row + b.rowSpan > index) b.rowSpan++;
  }
  next.rows++;
  // A row inserted among the header rows is a header row too.
  if (index < next.headerRowCount) next.headerRowCount++;
  fillHoles(next);
  return next;
}

/** A new empty column before column `at` (0 … cols); a column span across the gap grows over it. */
export function insertColumn(table: GridTable, at: number): GridTable {
  const next = clone(table);
  const index = Math.max(0, Math.min(next.cols, at));
  for (const b of next.blocks) {
    if (b.col >= index) b.col++;
    else if (b.col + b.colSpan > index) b.colSpan++;
  }
  next.cols++;
  if (next.columnWidths) next.columnWidths.splice(index, 0, 1);
  fillHoles(next);
  return next;
}

/** Removes row `at`; a cell spanning it shrinks (its text stays). The last row is never removed. */
export function removeRow(table: GridTable, at: number): GridTable {
  if (table.rows <= 1 || at < 0 || at >= table.rows) return table;
  const next = clone(table);
  next.blocks = next.blocks.filter((b) => !(b.row === at && b.rowSpan === 1));
  for (const b of next.blocks) {
    if (b.row > at) b.row--;
    else if (b.row + b.rowSpan > at) b.rowSpan--;
  }
  next.rows--;
  if (at < next.headerRowCount) next.headerRowCount--;
  sortBlocks(next);
  return next;
}

/** Removes column `at`; a cell spanning it shrinks. The last column is never removed. */
export function removeColumn(table: GridTable, at: number): GridTable {
  if (table.cols <= 1 || at < 0 || at >= table.cols) return table;
  const next = clone(table);
  next.blocks = next.blocks.filter((b) => !(b.col === at && b.colSpan === 1));
  for (const b of next.blocks) {
    if (b.col > at) b.col--;
    else if (b.col + b.colSpan > at) b.colSpan--;
  }
  next.cols--;
  if (next.columnWidths) next.columnWidths.splice(at, 1);
  sortBlocks(next);
  return next;
}

/**
 * Merges the range (grown over any merged cell it cuts) into its top-left cell. The texts of the
 * merged cells are kept, in reading order, one paragraph each (a cell's paragraphs are split at
 * `\n`, document-format §12.10), so merging never loses text.
 */
export function mergeCells(table: GridTable, range: CellRange): GridTable {
  const r = expandRange(table, range);
  const inside = blocksIn(table, r);
  if (inside.length <= 1) return table;
  const next = clone(table);
  const keep = next.blocks.find((b) => b.row === r.top && b.col === r.left)!;
  const texts = inside.map((b) => b.cell.content.trim()).filter((t) => t.length > 0);
  keep.cell.content = texts.join('\n');
  keep.rowSpan = r.bottom - r.top + 1;
  keep.colSpan = r.right - r.left + 1;
  next.blocks = next.blocks.filter((b) => b === keep || !(b.row >= r.top && b.row <= r.bottom && b.col >= r.left && b.col <= r.right));
  return next;
}

/** Splits the merged cell covering (row, col) back into single cells; the text stays in the first. */
export function splitCell(table: GridTable, row: number, col: number): GridTable {
  const target = blockAt(table, row, col);
  if (!target || (target.rowSpan === 1 && target.colSpan === 1)) return table;
  const next = clone(table);
  const b = next.blocks.find((x) => x.row === target.row && x.col === target.col)!;
  b.rowSpan = 1;
  b.colSpan = 1;
  fillHoles(next);
  return next;
}

/** Whether any cell in the range is merged (the Split button's state). */
export function rangeHasMerge(table: GridTable, range: CellRange): boolean {
  return blocksIn(table, expandRange(table, range)).some((b) => b.rowSpan > 1 || b.colSpan > 1);
}

/** Sets the text of the cell covering (row, col). */
export function setContent(table: GridTable, row: number, col: number, content: string): GridTable {
  const target = blockAt(table, row, col);
  if (!target || target.cell.content === content) return table;
  const next = clone(table);
  next.blocks.find((b) => b.row === target.row && b.col === target.col)!.cell.content = content;
  return next;
}

/** Empties the text of every cell in the range (Delete on a selection). */
export function clearRange(table: GridTable, range: CellRange): GridTable {
  const r = expandRange(table, range);
  if (blocksIn(table, r).every((b) => b.cell.content === '')) return table;
  const next = clone(table);
  for (const b of blocksIn(next, r)) b.cell.content = '';
  return next;
}

/** Horizontal alignment of whole columns (the columns the range touches); `undefined` = the style's. */
export function alignColumns(table: GridTable, left: number, right: number, align: HorizontalAlign | undefined): GridTable {
  const next = clone(table);
  for (const b of next.blocks) {
    if (b.col < Math.min(left, right) || b.col > Math.max(left, right)) continue;
    if (align) b.cell.align = align;
    else delete b.cell.align;
  }
  return next;
}

/** Vertical alignment of the cells in the range; `undefined` = top (the default). */
export function alignVertically(table: GridTable, range: CellRange, align: VerticalAlign | undefined): GridTable {
  const next = clone(table);
  for (const b of blocksIn(next, expandRange(next, range))) {
    if (align) b.cell.verticalAlign = align;
    else delete b.cell.verticalAlign;
  }
  return next;
}

/**
 * Header rows are the leading rows (`headerRowCount`). Toggling row `row`: a header row and the
 * ones under it stop being headers; a body row becomes the last header row (with all above it).
 */
export function toggleHeaderRow(table: GridTable, row: number): GridTable {
  const next = clone(table);
  next.headerRowCount = row < table.headerRowCount ? row : Math.min(table.rows, row + 1);
  return next;
}

/** The first column as a header column (`isHeader` on its cells), on or off. */
export function toggleHeaderColumn(table: GridTable): GridTable {
  const next = clone(table);
  const first = next.blocks.filter((b) => b.col === 0);
  const on = !first.every((b) => b.cell.isHeader === true);
  for (const b of first) {
    if (on) b.cell.isHeader = true;
    else delete b.cell.isHeader;
  }
  return next;
}

export const hasHeaderColumn = (table: GridTable): boolean => table.blocks.filter((b) => b.col === 0).every((b) => b.cell.isHeader === true);

/** Equal column widths: drops `columnWidths`. */
export function equalWidths(table: GridTable): GridTable {
  if (!table.columnWidths) return table;
  const next = clone(table);
  delete next.columnWidths;
  return next;
}

/**
 * Relative weight of column `col` (`columnWidths`, document-format §12.10); the other columns keep
 * theirs (1 each when the table had equal widths). A weight ≤ 0 or not finite changes nothing.
 */
export function setColumnWeight(table: GridTable, col: number, weight: number): GridTable {
  if (!(weight > 0) || !Number.isFinite(weight) || col < 0 || col >= table.cols) return table;
  const widths = table.columnWidths ?? Array.from({ length: table.cols }, () => 1);
  if (widths[col] === weight) return table;
  const next = clone(table);
  next.columnWidths = widths.map((w, i) => (i === col ? weight : w));
  return next;
}

/** Fill of the cells in the range (`background`, a `#rrggbb` colour); `undefined` = the table style's. */
export function setFill(table: GridTable, range: CellRange, colour: string | undefined): GridTable {
  if (colour !== undefined && !/^#[0-9a-f]{6}$/i.test(colour)) return table;
  const next = clone(table);
  for (const b of blocksIn(next, expandRange(next, range))) {
    if (colour) b.cell['background'] = colour.toLowerCase();
    else delete b.cell['background'];
  }
  return next;
}

/** A cell's fill as `#rrggbb` (a palette-linked `{ hex }` shows its colour), or undefined. */
export function fillOf(cell: GridCell): string | undefined {
  const bg = cell['background'];
  if (typeof bg === 'string' && /^#[0-9a-f]{6}$/i.test(bg)) return bg;
  if (bg && typeof bg === 'object' && typeof (bg as { hex?: unknown }).hex === 'string') return (bg as { hex: string }).hex;
  return undefined;
}

/**
 * Tab- or comma-separated text → rows of cell texts, as spreadsheets put it on the clipboard:
 * tabs win when any line has one outside quotes; a field in double quotes may hold the separator,
 * line breaks and `""` for a quote. A final line break is not an empty row.
 */
export function parseDelimited(text: string): string[][] {
  const source = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  if (source.length === 0) return [];
  let separator = ',';
  let quoted = false;
  for (const ch of source) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '\t' && !quoted) {
      separator = '\t';
      break;
    }
  }
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStart = true;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (inQuotes) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') inQuotes = false;
      else field += ch;
      continue;
    }
    if (ch === '"' && fieldStart) {
      inQuotes = true;
      fieldStart = false;
    } else if (ch === separator) {
      row.push(field.trim());
      field = '';
      fieldStart = true;
    } else if (ch === '\n') {
      row.push(field.trim());
      rows.push(row);
      row = [];
      field = '';
      fieldStart = true;
    } else {
      if (ch !== ' ' || field.length > 0) fieldStart = false;
      field += ch;
    }
  }
  row.push(field.trim());
  rows.push(row);
  return rows;
}

/**
 * Pastes rows of texts with their top-left at (row, col), adding rows and columns when they run
 * past the table. A slot inside a merged cell other than its anchor is skipped.
 */
export function pasteCells(table: GridTable, row: number, col: number, cells: readonly (readonly string[])[]): GridTable {
  if (cells.length === 0) return table;
  let next = clone(table);
  const width = Math.max(...cells.map((r) => r.length));
  while (next.rows < row + cells.length) next = insertRow(next, next.rows);
  while (next.cols < col + width) next = insertColumn(next, next.cols);
  cells.forEach((texts, dr) =>
    texts.forEach((text, dc) => {
      const b = next.blocks.find((x) => x.row === row + dr && x.col === col + dc);
      if (b) b.cell.content = text;
    }),
  );
  return next;
}

export type Direction = 'up' | 'down' | 'left' | 'right' | 'next' | 'previous' | 'rowStart' | 'rowEnd' | 'first' | 'last';

/**
 * The cell reached from the one covering (row, col): arrows step past the current cell's span and
 * stop at the edge; Tab (`next`) and Shift+Tab (`previous`) go through the cells in reading order
 * and stop at the ends. Returns the anchor of the cell reached.
 */
export function move(table: GridTable, row: number, col: number, direction: Direction): { row: number; col: number } {
  const here = blockAt(table, row, col) ?? table.blocks[0]!;
  // Home/End: the row's first or last cell; Ctrl+Home/End: the table's first or last cell.
  const to = (r: number, c: number): { row: number; col: number } => {
    const b = blockAt(table, r, c)!;
    return { row: b.row, col: b.col };
  };
  if (direction === 'rowStart') return to(row, 0);
  if (direction === 'rowEnd') return to(row, table.cols - 1);
  if (direction === 'first') return to(0, 0);
  if (direction === 'last') return to(table.rows - 1, table.cols - 1);
  if (direction === 'next' || direction === 'previous') {
    const index = table.blocks.indexOf(here);
    const target = table.blocks[Math.max(0, Math.min(table.blocks.length - 1, index + (direction === 'next' ? 1 : -1)))]!;
    return { row: target.row, col: target.col };
  }
  let r = row;
  let c = col;
  if (direction === 'up') r = here.row - 1;
  if (direction === 'down') r = here.row + here.rowSpan;
  if (direction === 'left') c = here.col - 1;
  if (direction === 'right') c = here.col + here.colSpan;
  if (r < 0 || r >= table.rows || c < 0 || c >= table.cols) return { row: here.row, col: here.col };
  const target = blockAt(table, r, c)!;
  return { row: target.row, col: target.col };
}

/** Undo/redo of table states: a bounded list of past states and the undone ones. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** 100 steps: enough for an editing session, small enough to keep in memory. */
const HISTORY_LIMIT = 100;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

export function record<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  return { past: history.past.slice(0, -1), present: history.past[history.past.length - 1]!, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  return { past: [...history.past, history.present], present: history.future[0]!, future: history.future.slice(1) };
}
