/**
 * Strings of the EPUB tab in English, Spanish and Arabic, kept beside it so the shared table
 * (`i18n.ts`) stays small. The other tables are typed against the English keys.
 */
import { uiLanguage, type UiLanguage } from '../i18n';

const en = {
  tab: 'EPUB',
  toolbar: 'EPUB tools',
  rendition: 'EPUB rendition',
  reflowable: 'Reflowable',
  fixedLater: 'Fixed layout (not available yet)',
  regenerate: 'Regenerate',
  download: 'Download ({size})',
  downloadLabel: 'Download the EPUB, {size}',
  cancel: 'Cancel',
  contents: 'Contents',
  contentsLabel: 'Go to an entry of the contents',
  smaller: 'Smaller text',
  larger: 'Larger text',
  fontScale: 'Text size {percent} %',
  previous: 'Previous section',
  next: 'Next section',
  section: 'Section {n} of {total}',
  warnings: 'Warnings ({n})',
  warningsTitle: 'What the EPUB writer reported',
  writing: 'Writing the EPUB…',
  phaseChapters: 'Chapters {done}/{total}',
  phaseSaving: 'Saving {done} %',
  opening: 'Opening the EPUB…',
  ready: 'EPUB written: {sections} sections · {size}',
  stale: 'The book changed since this EPUB was written: regenerate to update it.',
  staleShort: 'Out of date',
  cancelled: 'The EPUB was not finished (cancelled).',
  failed: 'The EPUB could not be written: {error}',
  unreadable: 'The EPUB could not be opened: {error}',
  waiting: 'The EPUB is written once the book is ready.',
  frameTitle: 'EPUB reader: {title}',
};

type Strings = Record<keyof typeof en, string>;

const es: Strings = {
  tab: 'EPUB',
  toolbar: 'Herramientas del EPUB',
  rendition: 'Versión del EPUB',
  reflowable: 'Ajustable',
  fixedLater: 'Maquetación fija (aún no disponible)',
  regenerate: 'Regenerar',
  download: 'Descargar ({size})',
  downloadLabel: 'Descargar el EPUB, {size}',
  cancel: 'Cancelar',
  contents: 'Índice',
  contentsLabel: 'Ir a una entrada del índice',
  smaller: 'Texto más pequeño',
  larger: 'Texto más grande',
  fontScale: 'Tamaño del texto {percent} %',
  previous: 'Sección anterior',
  next: 'Sección siguiente',
  section: 'Sección {n} de {total}',
  warnings: 'Avisos ({n})',
  warningsTitle: 'Lo que informó el generador del EPUB',
  writing: 'Escribiendo el EPUB…',
  phaseChapters: 'Capítulos {done}/{total}',
  phaseSaving: 'Guardando {done} %',
  opening: 'Abriendo el EPUB…',
  ready: 'EPUB escrito: {sections} secciones · {size}',
  stale: 'El libro ha cambiado desde que se escribió este EPUB: regéneralo para actualizarlo.',
  staleShort: 'Desactualizado',
  cancelled: 'El EPUB no se terminó (cancelado).',
  failed: 'No se pudo escribir el EPUB: {error}',
  unreadable: 'No se pudo abrir el EPUB: {error}',
  waiting: 'El EPUB se escribe cuando el libro esté listo.',
  frameTitle: 'Lector EPUB: {title}',
};

const ar: Strings = {
  tab: 'EPUB',
  toolbar: 'أدوات EPUB',
  rendition: 'نسخة EPUB',
  reflowable: 'متدفّق',
  fixedLater: 'تخطيط ثابت (غير متاح بعد)',
  regenerate: 'إعادة الإنشاء',
  download: 'تنزيل ({size})',
  downloadLabel: 'تنزيل ملف EPUB، {size}',
  cancel: 'إلغاء',
  contents: 'المحتويات',
  contentsLabel: 'الانتقال إلى مدخل في المحتويات',
  smaller: 'تصغير النص',
  larger: 'تكبير النص',
  fontScale: 'حجم النص {percent} ٪',
  previous: 'القسم السابق',
  next: 'القسم التالي',
  section: 'القسم {n} من {total}',
  warnings: 'تحذيرات ({n})',
  warningsTitle: 'ما أبلغ عنه كاتب EPUB',
  writing: 'جارٍ كتابة ملف EPUB…',
  phaseChapters: 'الفصول {done}/{total}',
  phaseSaving: 'جارٍ الحفظ {done} ٪',
  opening: 'جارٍ فتح ملف EPUB…',
  ready: 'كُتب ملف EPUB: {sections} أقسام · {size}',
  stale: 'تغيّر الكتاب منذ كتابة ملف EPUB هذا: أعد إنشاءه لتحديثه.',
  staleShort: 'غير محدّث',
  cancelled: 'لم يكتمل ملف EPUB (أُلغي).',
  failed: 'تعذّرت كتابة ملف EPUB: {error}',
  unreadable: 'تعذّر فتح ملف EPUB: {error}',
  waiting: 'يُكتب ملف EPUB عندما يجهز الكتاب.',
  frameTitle: 'قارئ EPUB: {title}',
};

const tables: Record<UiLanguage, Strings> = { en, es, ar };

export function et(key: keyof typeof en, values?: Record<string, string | number>): string {
  let text = tables[uiLanguage()][key];
  for (const [name, value] of Object.entries(values ?? {})) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}
