/**
 * Strings of the table grid editor (Resources panel) in English, Spanish and Arabic, beside the
 * editor so the shared table (`i18n.ts`) stays small. English is the reference: the others are
 * typed against its keys, so a missing translation is a type error. `{name}` placeholders are
 * filled by `gt`.
 */
import { uiLanguage, type UiLanguage } from '../i18n';

const en = {
  grid: 'Table cells',
  help: 'Arrows, Tab, Home/End move, Enter edits (Shift+Enter: new paragraph), Escape cancels, Shift+arrows select for merging, Delete empties; paste cells from a spreadsheet (TSV or CSV) at the selected cell; Ctrl+Z / Ctrl+Y undo and redo.',
  toolbar: 'Table tools',
  rowAbove: 'Row above',
  rowBelow: 'Row below',
  deleteRow: 'Delete row',
  columnBefore: 'Column before',
  columnAfter: 'Column after',
  deleteColumn: 'Delete column',
  merge: 'Merge cells',
  split: 'Split cell',
  headerRow: 'Header row',
  headerColumn: 'Header column',
  alignment: 'Column alignment',
  alignDefault: 'Style default',
  alignLeft: 'Left',
  alignCenter: 'Centre',
  alignRight: 'Right',
  vertical: 'Vertical alignment',
  alignTop: 'Top',
  alignMiddle: 'Middle',
  alignBottom: 'Bottom',
  equalWidths: 'Equal widths',
  columnWeight: 'Column weight',
  fill: 'Cell fill',
  noFill: 'No fill',
  undo: 'Undo',
  redo: 'Redo',
  cell: 'Row {row}, column {col}',
  cellEditor: 'Text of row {row}, column {col}',
  header: 'header',
  merged: 'merged over {rows} × {cols}',
  size: '{rows} rows × {cols} columns, {headers} header rows',
};

export type GridStringKey = keyof typeof en;
type Strings = Record<GridStringKey, string>;

const es: Strings = {
  grid: 'Celdas de la tabla',
  help: 'Flechas, Tab, Inicio/Fin para moverse, Intro para editar (Mayús+Intro: párrafo nuevo), Esc cancela, Mayús+flechas selecciona para combinar, Supr vacía; pegue celdas de una hoja de cálculo (TSV o CSV) en la celda seleccionada; Ctrl+Z / Ctrl+Y deshacen y rehacen.',
  toolbar: 'Herramientas de tabla',
  rowAbove: 'Fila encima',
  rowBelow: 'Fila debajo',
  deleteRow: 'Eliminar fila',
  columnBefore: 'Columna antes',
  columnAfter: 'Columna después',
  deleteColumn: 'Eliminar columna',
  merge: 'Combinar celdas',
  split: 'Dividir celda',
  headerRow: 'Fila de encabezado',
  headerColumn: 'Columna de encabezado',
  alignment: 'Alineación de la columna',
  alignDefault: 'Según el estilo',
  alignLeft: 'Izquierda',
  alignCenter: 'Centro',
  alignRight: 'Derecha',
  vertical: 'Alineación vertical',
  alignTop: 'Arriba',
  alignMiddle: 'En medio',
  alignBottom: 'Abajo',
  equalWidths: 'Anchos iguales',
  columnWeight: 'Peso de la columna',
  fill: 'Relleno de celda',
  noFill: 'Sin relleno',
  undo: 'Deshacer',
  redo: 'Rehacer',
  cell: 'Fila {row}, columna {col}',
  cellEditor: 'Texto de la fila {row}, columna {col}',
  header: 'encabezado',
  merged: 'combinada en {rows} × {cols}',
  size: '{rows} filas × {cols} columnas, {headers} filas de encabezado',
};

const ar: Strings = {
  grid: 'خلايا الجدول',
  help: 'الأسهم وTab وHome/End للتنقل، وEnter للتحرير (Shift+Enter: فقرة جديدة)، وEsc للإلغاء، وShift مع الأسهم للتحديد قبل الدمج، وDelete للتفريغ؛ الصق خلايا من جدول بيانات (TSV أو CSV) في الخلية المحددة؛ Ctrl+Z / Ctrl+Y للتراجع والإعادة.',
  toolbar: 'أدوات الجدول',
  rowAbove: 'صف فوق',
  rowBelow: 'صف تحت',
  deleteRow: 'حذف الصف',
  columnBefore: 'عمود قبل',
  columnAfter: 'عمود بعد',
  deleteColumn: 'حذف العمود',
  merge: 'دمج الخلايا',
  split: 'تقسيم الخلية',
  headerRow: 'صف عناوين',
  headerColumn: 'عمود عناوين',
  alignment: 'محاذاة العمود',
  alignDefault: 'حسب النمط',
  alignLeft: 'يسار',
  alignCenter: 'وسط',
  alignRight: 'يمين',
  vertical: 'المحاذاة الرأسية',
  alignTop: 'أعلى',
  alignMiddle: 'منتصف',
  alignBottom: 'أسفل',
  equalWidths: 'عروض متساوية',
  columnWeight: 'وزن العمود',
  fill: 'تعبئة الخلية',
  noFill: 'دون تعبئة',
  undo: 'تراجع',
  redo: 'إعادة',
  cell: 'الصف {row}، العمود {col}',
  cellEditor: 'نص الصف {row}، العمود {col}',
  header: 'عنوان',
  merged: 'مدموجة على {rows} × {cols}',
  size: '{rows} صفوف × {cols} أعمدة، {headers} صفوف عناوين',
};

const tables: Record<UiLanguage, Strings> = { en, es, ar };

/** The grid editor's string for `key` in the UI language, `{name}` placeholders filled. */
export function gt(key: GridStringKey, values?: Record<string, string | number>): string {
  let s = tables[uiLanguage()][key];
  if (values) for (const [k, v] of Object.entries(values)) s = s.split(`{${k}}`).join(String(v));
  return s;
}
