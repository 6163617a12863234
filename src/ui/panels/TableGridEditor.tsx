/**
 * The table grid editor of the Resources panel (tools.md §7.6 Table editor): the table's cells as
 * an ARIA grid, edited in place; rows and columns in and out, merge/split, header row and column,
 * column and vertical alignment, equal widths, paste of TSV/CSV at the selected cell (growing the
 * table), undo/redo and keyboard navigation. The model logic lives in `table-grid-model.ts`; every
 * change is saved at once as one transaction through `onSave` (the detail editor's path).
 */
import { createEffect, createMemo, createSignal, For, on, Show } from 'solid-js';
import {
  alignColumns,
  alignVertically,
  blockAt,
  clearRange,
  equalWidths,
  expandRange,
  fillOf,
  hasHeaderColumn,
  insertColumn,
  insertRow,
  mergeCells,
  move,
  parseDelimited,
  pasteCells,
  rangeHasMerge,
  readTable,
  record,
  redo,
  removeColumn,
  removeRow,
  setColumnWeight,
  setContent,
  setFill,
  splitCell,
  startHistory,
  toggleHeaderColumn,
  toggleHeaderRow,
  undo,
  writeTable,
  type CellRange,
  type Direction,
  type GridBlock,
  type GridTable,
  type HorizontalAlign,
  type VerticalAlign,
} from './table-grid-model';
import { gt } from './table-grid-strings';

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

export function TableGridEditor(props: { resourceId: string; model: Record<string, unknown> | undefined; onSave: (model: Record<string, unknown>) => Promise<void> }) {
  const [history, setHistory] = createSignal(startHistory<GridTable>(readTable(props.model)));
  const table = (): GridTable => history().present;
  const [focus, setFocus] = createSignal({ row: 0, col: 0 });
  const [anchor, setAnchor] = createSignal({ row: 0, col: 0 });
  const [editing, setEditing] = createSignal(false);
  /** The edited cell's text (not reactive: the textarea owns it while editing). */
  let draft = '';
  let gridEl!: HTMLTableElement;
  let editor: HTMLTextAreaElement | undefined;
  /** JSON of the models this editor sent, so their echo from the worker does not reset the history. */
  const sent = new Set<string>();
  let saving: Promise<void> = Promise.resolve();

  // Another resource, or a change made elsewhere (the agent, another window): start over from it.
  createEffect(
    on(
      () => [props.resourceId, props.model] as const,
      ([id], previous) => {
        // The first run is the state the editor started from (no `defer`: with it Solid's `on`
        // would hand the first change no previous value).
        if (!previous) return;
        const json = JSON.stringify(props.model ?? {});
        if (previous[0] === id && (sent.has(json) || json === JSON.stringify(writeTable(table())))) return;
        const hadFocus = gridEl?.contains(document.activeElement) ?? false;
        sent.clear();
        setHistory(startHistory(readTable(props.model)));
        setEditing(false);
        const f = focus();
        if (f.row >= table().rows || f.col >= table().cols || previous[0] !== id) setFocus({ row: 0, col: 0 });
        setAnchor(focus());
        if (hadFocus) refocus();
      },
    ),
  );

  const selection = createMemo((): CellRange => {
    const f = focus();
    const a = anchor();
    return expandRange(table(), { top: a.row, left: a.col, bottom: f.row, right: f.col });
  });
  const focused = (): GridBlock => blockAt(table(), focus().row, focus().col) ?? table().blocks[0]!;

  const save = (next: GridTable): void => {
    const model = writeTable(next);
    sent.add(JSON.stringify(model));
    saving = saving.then(() => props.onSave(model));
  };

  /** Applies a change: recorded for undo and sent to the worker (one transaction). */
  const change = (next: GridTable, place?: { row: number; col: number }): void => {
    if (next === table()) return;
    setHistory(record(history(), next));
    const target = place ?? focus();
    const b = blockAt(next, Math.min(target.row, next.rows - 1), Math.min(target.col, next.cols - 1))!;
    setFocus({ row: b.row, col: b.col });
    setAnchor({ row: b.row, col: b.col });
    save(next);
    refocus();
  };

  const travel = (step: typeof undo): void => {
    const next = step(history());
    if (next === history()) return;
    setHistory(next);
    setEditing(false);
    const f = focus();
    const b = blockAt(next.present, Math.min(f.row, next.present.rows - 1), Math.min(f.col, next.present.cols - 1))!;
    setFocus({ row: b.row, col: b.col });
    setAnchor({ row: b.row, col: b.col });
    save(next.present);
    refocus();
  };

  /** Puts keyboard focus back on the focused cell once the grid is drawn again. */
  const refocus = (): void => {
    queueMicrotask(() => {
      const f = focus();
      gridEl?.querySelector<HTMLElement>(`[data-row="${f.row}"][data-col="${f.col}"]`)?.focus();
    });
  };

  const goTo = (to: { row: number; col: number }, extend: boolean): void => {
    setFocus(to);
    if (!extend) setAnchor(to);
    refocus();
  };

  const startEditing = (initial?: string): void => {
    draft = initial ?? focused().cell.content;
    setEditing(true);
    queueMicrotask(() => {
      editor?.focus();
      const end = editor?.value.length ?? 0;
      editor?.setSelectionRange(end, end);
    });
  };

  const finishEditing = (keep: boolean): void => {
    if (!editing()) return;
    setEditing(false);
    if (keep) change(setContent(table(), focus().row, focus().col, draft));
    else refocus();
  };

  const onGridKey = (e: KeyboardEvent): void => {
    if (editing()) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key;
    if (mod && (key === 'z' || key === 'Z')) {
      e.preventDefault();
      travel(e.shiftKey ? redo : undo);
    } else if (mod && (key === 'y' || key === 'Y')) {
      e.preventDefault();
      travel(redo);
    } else if (ARROWS[key]) {
      e.preventDefault();
      // Right-to-left UI: the grid is mirrored, so the left arrow goes to the next column.
      const rtl = getComputedStyle(gridEl).direction === 'rtl';
      const dir = rtl && (key === 'ArrowLeft' || key === 'ArrowRight') ? (key === 'ArrowLeft' ? 'right' : 'left') : ARROWS[key]!;
      goTo(move(table(), focus().row, focus().col, dir), e.shiftKey);
    } else if (key === 'Home' || key === 'End') {
      e.preventDefault();
      goTo(move(table(), focus().row, focus().col, key === 'Home' ? (mod ? 'first' : 'rowStart') : mod ? 'last' : 'rowEnd'), e.shiftKey);
    } else if (key === 'Tab') {
      const to = move(table(), focus().row, focus().col, e.shiftKey ? 'previous' : 'next');
      // At either end Tab leaves the grid as usual.
      if (to.row === focused().row && to.col === focused().col) return;
      e.preventDefault();
      goTo(to, false);
    } else if (key === 'Enter' || key === 'F2') {
      e.preventDefault();
      startEditing();
    } else if (key === 'Escape') {
      if (anchor().row !== focus().row || anchor().col !== focus().col) {
        e.preventDefault();
        setAnchor(focus());
      }
    } else if (key === 'Delete' || key === 'Backspace') {
      e.preventDefault();
      change(clearRange(table(), selection()));
    } else if (key.length === 1 && !mod && !e.altKey) {
      // Typing over a cell starts editing it with that character, as in a spreadsheet.
      e.preventDefault();
      startEditing(key);
    }
  };

  const onEditorKey = (e: KeyboardEvent): void => {
    e.stopPropagation();
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      finishEditing(true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      finishEditing(false);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      const to = move(table(), focus().row, focus().col, e.shiftKey ? 'previous' : 'next');
      finishEditing(true);
      goTo(to, false);
    }
  };

  const onPaste = (e: ClipboardEvent): void => {
    if (editing()) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    const cells = parseDelimited(text);
    if (cells.length === 0) return;
    e.preventDefault();
    const f = focused();
    change(pasteCells(table(), f.row, f.col, cells), { row: f.row, col: f.col });
  };

  const onCopy = (e: ClipboardEvent): void => {
    if (editing()) return;
    const r = selection();
    const lines: string[] = [];
    for (let row = r.top; row <= r.bottom; row++) {
      const cells: string[] = [];
      for (let col = r.left; col <= r.right; col++) {
        const b = table().blocks.find((x) => x.row === row && x.col === col);
        const text = b?.cell.content ?? '';
        cells.push(/[\t\n"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
      }
      lines.push(cells.join('\t'));
    }
    e.clipboardData?.setData('text/plain', lines.join('\n'));
    e.preventDefault();
  };

  const rowsOf = createMemo(() => Array.from({ length: table().rows }, (_, r) => ({ row: r, blocks: table().blocks.filter((b) => b.row === r) })));
  const isSelected = (b: GridBlock): boolean => {
    const r = selection();
    return b.row >= r.top && b.row <= r.bottom && b.col >= r.left && b.col <= r.right;
  };
  const isHeaderCell = (b: GridBlock): boolean => b.row < table().headerRowCount || b.cell.isHeader === true;
  const columnAlign = (): HorizontalAlign | undefined => focused().cell.align;
  const verticalAlign = (): VerticalAlign | undefined => focused().cell.verticalAlign;

  const tool = (label: string, action: () => void, options?: { pressed?: () => boolean; disabled?: () => boolean }) => (
    <button type="button" onClick={action} aria-pressed={options?.pressed ? options.pressed() : undefined} disabled={options?.disabled?.() ?? false}>
      {label}
    </button>
  );

  return (
    <div class="table-grid-editor" data-table={props.resourceId}>
      <div class="table-grid-tools" role="toolbar" aria-label={gt('toolbar')}>
        {tool(gt('rowAbove'), () => change(insertRow(table(), selection().top), { row: selection().top, col: focus().col }))}
        {tool(gt('rowBelow'), () => change(insertRow(table(), selection().bottom + 1), { row: selection().bottom + 1, col: focus().col }))}
        {tool(gt('deleteRow'), () => change(removeRow(table(), focus().row)), { disabled: () => table().rows <= 1 })}
        {tool(gt('columnBefore'), () => change(insertColumn(table(), selection().left), { row: focus().row, col: selection().left }))}
        {tool(gt('columnAfter'), () => change(insertColumn(table(), selection().right + 1), { row: focus().row, col: selection().right + 1 }))}
        {tool(gt('deleteColumn'), () => change(removeColumn(table(), focus().col)), { disabled: () => table().cols <= 1 })}
        {tool(gt('merge'), () => change(mergeCells(table(), selection()), { row: selection().top, col: selection().left }), { disabled: () => selection().top === selection().bottom && selection().left === selection().right })}
        {tool(gt('split'), () => change(splitCell(table(), focus().row, focus().col)), { disabled: () => !rangeHasMerge(table(), { top: focus().row, left: focus().col, bottom: focus().row, right: focus().col }) })}
        {tool(gt('headerRow'), () => change(toggleHeaderRow(table(), focus().row)), { pressed: () => focus().row < table().headerRowCount })}
        {tool(gt('headerColumn'), () => change(toggleHeaderColumn(table())), { pressed: () => hasHeaderColumn(table()) })}
        {tool(gt('equalWidths'), () => change(equalWidths(table())), { disabled: () => !table().columnWidths })}
        {tool(gt('undo'), () => travel(undo), { disabled: () => history().past.length === 0 })}
        {tool(gt('redo'), () => travel(redo), { disabled: () => history().future.length === 0 })}
        <label>
          {gt('alignment')}
          <select value={columnAlign() ?? ''} onChange={(e) => change(alignColumns(table(), selection().left, selection().right, (e.currentTarget.value || undefined) as HorizontalAlign | undefined))}>
            <option value="">{gt('alignDefault')}</option>
            <option value="left">{gt('alignLeft')}</option>
            <option value="center">{gt('alignCenter')}</option>
            <option value="right">{gt('alignRight')}</option>
          </select>
        </label>
        <label>
          {gt('columnWeight')}
          <input
            type="number"
            min="0.1"
            step="0.5"
            value={table().columnWidths?.[focus().col] ?? 1}
            onChange={(e) => change(setColumnWeight(table(), focus().col, Number(e.currentTarget.value)))}
          />
        </label>
        <label>
          {gt('fill')}
          <input type="color" value={fillOf(focused().cell) ?? '#ffffff'} onChange={(e) => change(setFill(table(), selection(), e.currentTarget.value))} />
        </label>
        {tool(gt('noFill'), () => change(setFill(table(), selection(), undefined)), { disabled: () => !fillOf(focused().cell) })}
        <label>
          {gt('vertical')}
          <select value={verticalAlign() ?? ''} onChange={(e) => change(alignVertically(table(), selection(), (e.currentTarget.value || undefined) as VerticalAlign | undefined))}>
            <option value="">{gt('alignTop')}</option>
            <option value="middle">{gt('alignMiddle')}</option>
            <option value="bottom">{gt('alignBottom')}</option>
          </select>
        </label>
      </div>
      <p id={`table-grid-help-${props.resourceId}`} class="resource-facts">
        {gt('size', { rows: table().rows, cols: table().cols, headers: table().headerRowCount })}. {gt('help')}
      </p>
      <div class="table-grid-scroll">
        <table
          ref={gridEl}
          class="table-grid"
          role="grid"
          aria-label={gt('grid')}
          aria-rowcount={table().rows}
          aria-colcount={table().cols}
          aria-multiselectable="true"
          aria-describedby={`table-grid-help-${props.resourceId}`}
          onKeyDown={onGridKey}
          onPaste={onPaste}
          onCopy={onCopy}
        >
          <tbody>
            <For each={rowsOf()}>
              {(row) => (
                <tr role="row" aria-rowindex={row.row + 1} classList={{ 'table-grid-header-row': row.row < table().headerRowCount }}>
                  <For each={row.blocks}>
                    {(b) => {
                      const isFocus = (): boolean => focus().row === b.row && focus().col === b.col;
                      const label = (): string =>
                        // The text first (a label replaces the cell's content as its accessible name), then where it is.
                        [b.cell.content.replace(/\n/g, ' '), gt('cell', { row: b.row + 1, col: b.col + 1 }), isHeaderCell(b) ? gt('header') : '', b.rowSpan > 1 || b.colSpan > 1 ? gt('merged', { rows: b.rowSpan, cols: b.colSpan }) : ''].filter(Boolean).join(', ');
                      return (
                        <td
                          role={b.row < table().headerRowCount ? 'columnheader' : b.cell.isHeader ? 'rowheader' : 'gridcell'}
                          rowSpan={b.rowSpan}
                          colSpan={b.colSpan}
                          aria-colindex={b.col + 1}
                          aria-rowspan={b.rowSpan > 1 ? b.rowSpan : undefined}
                          aria-colspan={b.colSpan > 1 ? b.colSpan : undefined}
                          aria-selected={isSelected(b)}
                          aria-label={label()}
                          tabindex={isFocus() ? 0 : -1}
                          data-row={b.row}
                          data-col={b.col}
                          classList={{ 'table-grid-focus': isFocus(), 'table-grid-head': isHeaderCell(b) }}
                          style={{ 'background-color': fillOf(b.cell), 'text-align': b.cell.align === 'center' ? 'center' : b.cell.align === 'right' || b.cell.align === 'end' ? 'end' : 'start', 'vertical-align': b.cell.verticalAlign ?? 'top' }}
                          onMouseDown={(e) => {
                            if (editing() && isFocus()) return;
                            if (editing()) finishEditing(true);
                            e.preventDefault();
                            goTo({ row: b.row, col: b.col }, e.shiftKey);
                          }}
                          onDblClick={() => startEditing()}
                        >
                          <Show when={isFocus() && editing()} fallback={<span class="table-grid-text">{b.cell.content}</span>}>
                            <textarea
                                ref={editor}
                                class="table-grid-input"
                                aria-label={gt('cellEditor', { row: b.row + 1, col: b.col + 1 })}
                                value={draft}
                                rows={Math.max(1, draft.split('\n').length)}
                                onInput={(e) => (draft = e.currentTarget.value)}
                                onKeyDown={onEditorKey}
                                onBlur={() => editing() && finishEditing(true)}
                              />
                          </Show>
                        </td>
                      );
                    }}
                  </For>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
    </div>
  );
}
