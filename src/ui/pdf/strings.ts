/**
 * Strings of the PDF tab in English, Spanish and Arabic, kept beside it so the shared table
 * (`i18n.ts`) stays small. The other tables are typed against the English keys.
 */
import { uiLanguage, type UiLanguage } from '../i18n';

const en = {
  toolbar: 'PDF tools',
  scope: 'PDF scope',
  scopeBook: 'Whole book',
  scopeChapter: 'Current chapter',
  regenerate: 'Regenerate',
  download: 'Download',
  print: 'Print',
  cancel: 'Cancel',
  writing: 'Writing the PDF…',
  phasePictures: 'Pictures {done}/{total}',
  phasePages: 'Pages {done}/{total}',
  phaseFonts: 'Fonts {done}/{total}',
  phaseSaving: 'Saving',
  ready: '{pages} pages · {size}',
  stale: 'The book changed since this PDF was made: regenerate to update it.',
  staleShort: 'Out of date',
  cancelled: 'The PDF was not finished (cancelled).',
  failed: 'The PDF could not be written: {error}',
  waiting: 'The PDF is written once the pages are ready.',
  frameTitle: 'PDF of the book',
  noViewer: 'This browser cannot show PDFs inline. Use Download to open the file.',
};

type Strings = Record<keyof typeof en, string>;

const es: Strings = {
  toolbar: 'Herramientas del PDF',
  scope: 'Alcance del PDF',
  scopeBook: 'Libro completo',
  scopeChapter: 'Capítulo actual',
  regenerate: 'Regenerar',
  download: 'Descargar',
  print: 'Imprimir',
  cancel: 'Cancelar',
  writing: 'Escribiendo el PDF…',
  phasePictures: 'Imágenes {done}/{total}',
  phasePages: 'Páginas {done}/{total}',
  phaseFonts: 'Fuentes {done}/{total}',
  phaseSaving: 'Guardando',
  ready: '{pages} páginas · {size}',
  stale: 'El libro ha cambiado desde que se hizo este PDF: regenéralo para actualizarlo.',
  staleShort: 'Desactualizado',
  cancelled: 'El PDF no se terminó (cancelado).',
  failed: 'No se pudo escribir el PDF: {error}',
  waiting: 'El PDF se escribe cuando las páginas estén listas.',
  frameTitle: 'PDF del libro',
  noViewer: 'Este navegador no muestra PDF integrados. Usa Descargar para abrir el archivo.',
};

const ar: Strings = {
  toolbar: 'أدوات PDF',
  scope: 'نطاق PDF',
  scopeBook: 'الكتاب كاملًا',
  scopeChapter: 'الفصل الحالي',
  regenerate: 'إعادة الإنشاء',
  download: 'تنزيل',
  print: 'طباعة',
  cancel: 'إلغاء',
  writing: 'جارٍ كتابة ملف PDF…',
  phasePictures: 'الصور {done}/{total}',
  phasePages: 'الصفحات {done}/{total}',
  phaseFonts: 'الخطوط {done}/{total}',
  phaseSaving: 'جارٍ الحفظ',
  ready: '{pages} صفحة · {size}',
  stale: 'تغيّر الكتاب منذ إنشاء ملف PDF هذا: أعد إنشاءه لتحديثه.',
  staleShort: 'غير محدّث',
  cancelled: 'لم يكتمل ملف PDF (أُلغي).',
  failed: 'تعذّرت كتابة ملف PDF: {error}',
  waiting: 'يُكتب ملف PDF عندما تجهز الصفحات.',
  frameTitle: 'ملف PDF للكتاب',
  noViewer: 'لا يعرض هذا المتصفح ملفات PDF مدمجة. استخدم التنزيل لفتح الملف.',
};

const tables: Record<UiLanguage, Strings> = { en, es, ar };

export function pt(key: keyof typeof en, values?: Record<string, string | number>): string {
  let text = tables[uiLanguage()][key];
  for (const [name, value] of Object.entries(values ?? {})) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}
