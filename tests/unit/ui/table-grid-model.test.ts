/**
 * The table grid editor's pure model: reading both stored forms, rows and columns in and out
 * around spans, merge/split, alignment, header toggles, TSV/CSV paste, navigation and history.
 */
import { describe, expect, it } from 'vitest';
import {
  alignColumns,
  alignVertically,
  blockAt,
  insertColumn,
  insertRow,
  mergeCells,
  move,
  parseDelimited,
  pasteCells,
  readTable,
  record,
  redo,
  removeColumn,
  removeRow,
  setColumnWeight,
  setContent,
  setFill,
  fillOf,
  equalWidths,
  splitCell,
  startHistory,
  toggleHeaderColumn,
  toggleHeaderRow,
  undo,
  writeTable,
  type GridTable,
} from '../../../src/ui/panels/table-grid-model';
import { placeCells } from '../../../src/worker/engine/resources/table';
import type { TableModel } from '../../../src/worker/engine/resources/model';

const grid = (texts: string[][], headerRowCount = 1): GridTable => readTable({ rows: texts.map((r) => r.map((content) => ({ content }))), headerRowCount });
/** The table's texts as rows, covered slots as '·'. */
const texts = (t: GridTable): string[][] => (writeTable(t)['rows'] as { content: string; hiddenBy?: string }[][]).map((r) => r.map((c) => (c.hiddenBy ? '·' : c.content)));

describe('reading and writing', () => {
  it('reads the full-grid form and the omitted-cells form to the same blocks', () => {
    const full = readTable({ rows: [[{ content: 'A', colSpan: 2 }, { content: '', hiddenBy: 'r0c0' }, { content: 'B' }], [{ content: '1' }, { content: '2' }, { content: '3' }]], headerRowCount: 1 });
    const omitted = readTable({ rows: [[{ content: 'A', colSpan: 2 }, { content: 'B' }], [{ content: '1' }, { content: '2' }, { content: '3' }]], headerRowCount: 1 });
    expect(full.blocks).toEqual(omitted.blocks);
    expect(full.cols).toBe(3);
    expect(blockAt(full, 0, 2)!.cell.content).toBe('B');
    // The engine agrees: the cell after a covered slot stays in its own column.
    const engine = placeCells({ rows: [[{ content: 'A', colSpan: 2 }, { content: '', hiddenBy: 'r0c0' }, { content: 'B' }], [{ content: '1' }, { content: '2' }, { content: '3' }]], headerRowCount: 1 });
    expect(engine.find((p) => p.cell.content === 'B')!.col).toBe(2);
  });

  it('fills ragged rows with empty cells and keeps unknown fields', () => {
    const t = readTable({ rows: [['a', 'b', 'c'], ['d']], headerRowCount: 0, direction: 'rtl' });
    expect(texts(t)).toEqual([['a', 'b', 'c'], ['d', '', '']]);
    expect(writeTable(t)['direction']).toBe('rtl');
  });

  it('writes covered slots naming their anchor, and the engine places the written grid as the editor shows it', () => {
    const t = mergeCells(grid([['a', 'b', 'c'], ['d', 'e', 'f'], ['g', 'h', 'i']]), { top: 0, left: 1, bottom: 1, right: 2 });
    const model = writeTable(t);
    const rows = model['rows'] as Record<string, unknown>[][];
    expect(rows[0]![2]).toEqual({ content: '', hiddenBy: 'r0c1' });
    expect(rows[1]![1]).toEqual({ content: '', hiddenBy: 'r0c1' });
    const placed = placeCells(model as unknown as TableModel).map((p) => `${p.cell.content}@${p.row},${p.col} ${p.rowSpan}x${p.colSpan}`);
    expect(placed).toEqual(['a@0,0 1x1', 'b\nc\ne\nf@0,1 2x2', 'd@1,0 1x1', 'g@2,0 1x1', 'h@2,1 1x1', 'i@2,2 1x1']);
  });
});

describe('rows and columns', () => {
  it('inserts a row inside a row span by growing the span, and before it by moving it', () => {
    const t = mergeCells(grid([['a', 'b'], ['c', 'd'], ['e', 'f']], 0), { top: 0, left: 0, bottom: 1, right: 0 });
    const inside = insertRow(t, 1);
    expect(inside.rows).toBe(4);
    expect(blockAt(inside, 0, 0)!.rowSpan).toBe(3);
    expect(texts(inside)).toEqual([['a\nc', 'b'], ['·', ''], ['·', 'd'], ['e', 'f']]);
    const before = insertRow(t, 0);
    expect(texts(before)).toEqual([['', ''], ['a\nc', 'b'], ['·', 'd'], ['e', 'f']]);
  });

  it('a row inserted among the header rows is a header row; removing one lowers the count', () => {
    const t = grid([['h1', 'h2'], ['1', '2']], 1);
    expect(insertRow(t, 0).headerRowCount).toBe(2);
    expect(insertRow(t, 1).headerRowCount).toBe(1);
    expect(removeRow(t, 0).headerRowCount).toBe(0);
  });

  it('removing a row a span crosses shrinks the span and keeps its text; the last row stays', () => {
    const t = mergeCells(grid([['a', 'b'], ['c', 'd'], ['e', 'f']], 0), { top: 0, left: 0, bottom: 2, right: 0 });
    const removedTop = removeRow(t, 0);
    expect(texts(removedTop)).toEqual([['a\nc\ne', 'd'], ['·', 'f']]);
    expect(texts(removeRow(t, 1))).toEqual([['a\nc\ne', 'b'], ['·', 'f']]);
    const single = grid([['x']], 0);
    expect(removeRow(single, 0)).toBe(single);
  });

  it('inserts and removes columns with their weights', () => {
    const t = readTable({ rows: [['a', 'b']], headerRowCount: 0, columnWidths: [2, 3] });
    const wider = insertColumn(t, 1);
    expect(texts(wider)).toEqual([['a', '', 'b']]);
    expect(wider.columnWidths).toEqual([2, 1, 3]);
    const narrower = removeColumn(wider, 0);
    expect(texts(narrower)).toEqual([['', 'b']]);
    expect(writeTable(narrower)['columnWidths']).toEqual([1, 3]);
  });

  it('inserting a column inside a column span widens the span', () => {
    const t = mergeCells(grid([['a', 'b', 'c']], 0), { top: 0, left: 0, bottom: 0, right: 1 });
    const t2 = insertColumn(t, 1);
    expect(blockAt(t2, 0, 0)!.colSpan).toBe(3);
    expect(texts(t2)).toEqual([['a\nb', '·', '·', 'c']]);
  });
});

describe('merge and split', () => {
  it('a range that cuts a merged cell grows to take it whole', () => {
    const t = mergeCells(grid([['a', 'b', 'c'], ['d', 'e', 'f']], 0), { top: 0, left: 1, bottom: 1, right: 1 });
    const again = mergeCells(t, { top: 1, left: 0, bottom: 1, right: 1 });
    // Rows 0–1 × columns 0–1 (the merged b/e cell pulled row 0 in).
    expect(blockAt(again, 0, 0)).toMatchObject({ rowSpan: 2, colSpan: 2 });
    expect(blockAt(again, 0, 0)!.cell.content).toBe('a\nb\ne\nd');
  });

  it('split gives back single cells, the text staying in the first', () => {
    const merged = mergeCells(grid([['a', 'b'], ['c', 'd']], 0), { top: 0, left: 0, bottom: 1, right: 1 });
    const split = splitCell(merged, 1, 1);
    expect(texts(split)).toEqual([['a\nb\nc\nd', ''], ['', '']]);
    expect(split.blocks.every((b) => b.rowSpan === 1 && b.colSpan === 1)).toBe(true);
    expect(splitCell(split, 0, 0)).toBe(split);
  });
});

describe('alignment and headers', () => {
  it('aligns whole columns horizontally and ranges vertically', () => {
    const t = alignColumns(grid([['a', 'b'], ['c', 'd']]), 1, 1, 'right');
    expect(t.blocks.filter((b) => b.cell.align === 'right').map((b) => b.cell.content)).toEqual(['b', 'd']);
    expect(alignColumns(t, 1, 1, undefined).blocks.some((b) => b.cell.align)).toBe(false);
    const v = alignVertically(t, { top: 1, left: 0, bottom: 1, right: 1 }, 'middle');
    expect(v.blocks.filter((b) => b.cell.verticalAlign === 'middle').map((b) => b.cell.content)).toEqual(['c', 'd']);
  });

  it('header row toggles move the header boundary; the header column marks the first column', () => {
    const t = grid([['a'], ['b'], ['c']], 1);
    expect(toggleHeaderRow(t, 0).headerRowCount).toBe(0);
    expect(toggleHeaderRow(t, 1).headerRowCount).toBe(2);
    const withColumn = toggleHeaderColumn(grid([['a', 'b'], ['c', 'd']]));
    expect((writeTable(withColumn)['rows'] as { isHeader?: boolean }[][]).map((r) => r.map((c) => c.isHeader === true))).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(toggleHeaderColumn(withColumn).blocks.some((b) => b.cell.isHeader)).toBe(false);
  });
});

describe('column weights and fills', () => {
  it('sets one column’s weight, the others keeping 1; equal widths drops them', () => {
    const t = setColumnWeight(grid([['a', 'b', 'c']]), 1, 2.5);
    expect(writeTable(t)['columnWidths']).toEqual([1, 2.5, 1]);
    expect(setColumnWeight(t, 1, 0)).toBe(t);
    expect(writeTable(equalWidths(t))['columnWidths']).toBeUndefined();
  });

  it('fills the cells of a range and clears them; a palette link shows its colour', () => {
    const t = setFill(grid([['a', 'b'], ['c', 'd']]), { top: 0, left: 1, bottom: 1, right: 1 }, '#FFEECC');
    expect(t.blocks.map((b) => fillOf(b.cell) ?? '-')).toEqual(['-', '#ffeecc', '-', '#ffeecc']);
    expect(setFill(t, { top: 0, left: 0, bottom: 1, right: 1 }, undefined).blocks.some((b) => fillOf(b.cell))).toBe(false);
    expect(setFill(t, { top: 0, left: 0, bottom: 0, right: 0 }, 'red')).toBe(t);
    expect(fillOf({ content: '', background: { hex: '#123456', palette: 'accent' } })).toBe('#123456');
  });
});

describe('paste', () => {
  it('parses TSV and CSV with quotes, separators and line breaks inside quotes', () => {
    expect(parseDelimited('a\tb\nc\td\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseDelimited('name,"price, in £"\r\n"Bread ""white""",2\n')).toEqual([
      ['name', 'price, in £'],
      ['Bread "white"', '2'],
    ]);
    expect(parseDelimited('"two\nlines"\tx')).toEqual([['two\nlines', 'x']]);
    expect(parseDelimited('"a,b"\tc')).toEqual([['a,b', 'c']]);
    expect(parseDelimited('')).toEqual([]);
  });

  it('pastes at the selected cell and grows the table to fit', () => {
    const t = pasteCells(grid([['a', 'b'], ['c', 'd']]), 1, 1, [
      ['x', 'y'],
      ['z', 'w'],
    ]);
    expect(texts(t)).toEqual([
      ['a', 'b', ''],
      ['c', 'x', 'y'],
      ['', 'z', 'w'],
    ]);
  });
});

describe('navigation and history', () => {
  it('arrows step over spans; Tab walks cells in reading order and stops at the ends', () => {
    const t = mergeCells(grid([['a', 'b', 'c'], ['d', 'e', 'f']], 0), { top: 0, left: 0, bottom: 1, right: 1 });
    expect(move(t, 0, 0, 'right')).toEqual({ row: 0, col: 2 });
    expect(move(t, 1, 2, 'left')).toEqual({ row: 0, col: 0 });
    expect(move(t, 0, 0, 'down')).toEqual({ row: 0, col: 0 }); // the bottom edge
    expect(move(t, 0, 0, 'next')).toEqual({ row: 0, col: 2 });
    expect(move(t, 0, 2, 'next')).toEqual({ row: 1, col: 2 });
    expect(move(t, 1, 2, 'next')).toEqual({ row: 1, col: 2 });
    expect(move(t, 0, 0, 'previous')).toEqual({ row: 0, col: 0 });
    expect(move(t, 1, 2, 'rowStart')).toEqual({ row: 0, col: 0 }); // row 2 starts inside the merge
    expect(move(t, 0, 0, 'rowEnd')).toEqual({ row: 0, col: 2 });
    expect(move(t, 0, 2, 'last')).toEqual({ row: 1, col: 2 });
    expect(move(t, 1, 2, 'first')).toEqual({ row: 0, col: 0 });
  });

  it('undo and redo walk the recorded states; a new change drops the redo branch', () => {
    const a = grid([['a']]);
    const b = setContent(a, 0, 0, 'b');
    const c = setContent(b, 0, 0, 'c');
    let h = record(record(startHistory(a), b), c);
    h = undo(h);
    expect(h.present).toBe(b);
    h = undo(h);
    expect(h.present).toBe(a);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(b);
    h = record(h, setContent(b, 0, 0, 'd'));
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });
});
