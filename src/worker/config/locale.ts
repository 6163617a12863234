/**
 * Locale-dependent defaults (configuration.md §7, §11.3, §11.4, §11.6, §12.1, §12.3, §12.4, §13.4).
 * Built-in strings exist for en, es, fr, de, it, pt, ca, nl, zh-Hans, zh-Hant, ja, ar; other tags fall back to English.
 */
import type { JsonObject } from './types';

export type StringsLanguage = 'en' | 'es' | 'fr' | 'de' | 'it' | 'pt' | 'ca' | 'nl' | 'zh-Hans' | 'zh-Hant' | 'ja' | 'ar';

export interface ResourceTypeNames {
  name: string;
  namePlural: string;
  shortLabel: string;
}

export interface LocaleStrings {
  figure: ResourceTypeNames;
  table: ResourceTypeNames;
  video: ResourceTypeNames;
  /** Resource numbering template (zh: `{h1}-{n}`). */
  numberingTemplate: string;
  /** Caption suffix on a continued table / callout part. */
  continuedSuffix: string;
  /** Marker at the foot of a part that continues. */
  continuesMarker: string;
  /** Cross-reference words (§11.3). */
  chapter: string;
  section: string;
  page: string;
  bibliographyTitle: string;
  see: string;
  seeAlso: string;
  symbolsLabel: string;
  /** Decimal separator used by decimal tab stops and number formatting. */
  decimalChar: string;
  /** Index separators (Arabic uses the Arabic comma). */
  listSeparator: string;
}

const rt = (name: string, namePlural: string, shortLabel: string): ResourceTypeNames => ({ name, namePlural, shortLabel });

const STRINGS: Record<StringsLanguage, LocaleStrings> = {
  en: {
    figure: rt('Figure', 'Figures', 'Fig.'), table: rt('Table', 'Tables', 'Tab.'), video: rt('Video', 'Videos', 'Video'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(cont.)', continuesMarker: 'Continued',
    chapter: 'chapter {n}', section: 'section {n}', page: 'p. {n}', bibliographyTitle: 'References',
    see: 'see', seeAlso: 'see also', symbolsLabel: 'Symbols', decimalChar: '.', listSeparator: ', ',
  },
  es: {
    figure: rt('Figura', 'Figuras', 'Fig.'), table: rt('Tabla', 'Tablas', 'Tab.'), video: rt('Vídeo', 'Vídeos', 'Vídeo'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(cont.)', continuesMarker: 'Continúa',
    chapter: 'capítulo {n}', section: 'sección {n}', page: 'p. {n}', bibliographyTitle: 'Referencias',
    see: 'véase', seeAlso: 'véase también', symbolsLabel: 'Símbolos', decimalChar: ',', listSeparator: ', ',
  },
  fr: {
    figure: rt('Figure', 'Figures', 'Fig.'), table: rt('Tableau', 'Tableaux', 'Tab.'), video: rt('Vidéo', 'Vidéos', 'Vidéo'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(suite)', continuesMarker: 'À suivre',
    chapter: 'chapitre {n}', section: 'section {n}', page: 'p. {n}', bibliographyTitle: 'Références',
    see: 'voir', seeAlso: 'voir aussi', symbolsLabel: 'Symboles', decimalChar: ',', listSeparator: ', ',
  },
  de: {
    figure: rt('Abbildung', 'Abbildungen', 'Abb.'), table: rt('Tabelle', 'Tabellen', 'Tab.'), video: rt('Video', 'Videos', 'Video'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(Forts.)', continuesMarker: 'Wird fortgesetzt',
    chapter: 'Kapitel {n}', section: 'Abschnitt {n}', page: 'S. {n}', bibliographyTitle: 'Literatur',
    see: 'siehe', seeAlso: 'siehe auch', symbolsLabel: 'Symbole', decimalChar: ',', listSeparator: ', ',
  },
  it: {
    figure: rt('Figura', 'Figure', 'Fig.'), table: rt('Tabella', 'Tabelle', 'Tab.'), video: rt('Video', 'Video', 'Video'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(cont.)', continuesMarker: 'Continua',
    chapter: 'capitolo {n}', section: 'sezione {n}', page: 'p. {n}', bibliographyTitle: 'Bibliografia',
    see: 'vedi', seeAlso: 'vedi anche', symbolsLabel: 'Simboli', decimalChar: ',', listSeparator: ', ',
  },
  pt: {
    figure: rt('Figura', 'Figuras', 'Fig.'), table: rt('Tabela', 'Tabelas', 'Tab.'), video: rt('Vídeo', 'Vídeos', 'Vídeo'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(cont.)', continuesMarker: 'Continua',
    chapter: 'capítulo {n}', section: 'secção {n}', page: 'p. {n}', bibliographyTitle: 'Referências',
    see: 'ver', seeAlso: 'ver também', symbolsLabel: 'Símbolos', decimalChar: ',', listSeparator: ', ',
  },
  ca: {
    figure: rt('Figura', 'Figures', 'Fig.'), table: rt('Taula', 'Taules', 'Taul.'), video: rt('Vídeo', 'Vídeos', 'Vídeo'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(cont.)', continuesMarker: 'Continua',
    chapter: 'capítol {n}', section: 'secció {n}', page: 'p. {n}', bibliographyTitle: 'Referències',
    see: 'vegeu', seeAlso: 'vegeu també', symbolsLabel: 'Símbols', decimalChar: ',', listSeparator: ', ',
  },
  nl: {
    figure: rt('Figuur', 'Figuren', 'Fig.'), table: rt('Tabel', 'Tabellen', 'Tab.'), video: rt('Video', "Video's", 'Video'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(vervolg)', continuesMarker: 'Vervolg',
    chapter: 'hoofdstuk {n}', section: 'paragraaf {n}', page: 'p. {n}', bibliographyTitle: 'Literatuur',
    see: 'zie', seeAlso: 'zie ook', symbolsLabel: 'Symbolen', decimalChar: ',', listSeparator: ', ',
  },
  'zh-Hans': {
    figure: rt('图', '图', '图'), table: rt('表', '表', '表'), video: rt('视频', '视频', '视频'),
    numberingTemplate: '{h1}-{n}', continuedSuffix: '（续）', continuesMarker: '待续',
    chapter: '第{n}章', section: '第{n}节', page: '第{n}页', bibliographyTitle: '参考文献',
    see: '见', seeAlso: '另见', symbolsLabel: '符号', decimalChar: '.', listSeparator: '，',
  },
  'zh-Hant': {
    figure: rt('圖', '圖', '圖'), table: rt('表', '表', '表'), video: rt('影片', '影片', '影片'),
    numberingTemplate: '{h1}-{n}', continuedSuffix: '（續）', continuesMarker: '待續',
    chapter: '第{n}章', section: '第{n}節', page: '第{n}頁', bibliographyTitle: '參考文獻',
    see: '見', seeAlso: '另見', symbolsLabel: '符號', decimalChar: '.', listSeparator: '，',
  },
  ja: {
    figure: rt('図', '図', '図'), table: rt('表', '表', '表'), video: rt('動画', '動画', '動画'),
    numberingTemplate: '{h1}-{n}', continuedSuffix: '（続き）', continuesMarker: '続く',
    chapter: '第{n}章', section: '第{n}節', page: '{n}ページ', bibliographyTitle: '参考文献',
    see: '→', seeAlso: '→も参照', symbolsLabel: '記号', decimalChar: '.', listSeparator: '、',
  },
  ar: {
    figure: rt('شكل', 'أشكال', 'شكل'), table: rt('جدول', 'جداول', 'جدول'), video: rt('فيديو', 'فيديوهات', 'فيديو'),
    numberingTemplate: '{h1}.{n}', continuedSuffix: '(تابع)', continuesMarker: 'يتبع',
    chapter: 'الفصل {n}', section: 'القسم {n}', page: 'ص {n}', bibliographyTitle: 'المراجع',
    see: 'انظر', seeAlso: 'انظر أيضًا', symbolsLabel: 'رموز', decimalChar: '.', listSeparator: '، ',
  },
};

/** Picks the built-in strings for a BCP 47 tag (case-insensitive; region and script read for Chinese). */
export function stringsLanguage(tag: string): StringsLanguage {
  const t = tag.toLowerCase().replace(/_/g, '-');
  const [lang] = t.split('-');
  if (lang === 'zh') {
    return /-(hant|tw|hk|mo)(-|$)/.test(t) ? 'zh-Hant' : 'zh-Hans';
  }
  const direct: readonly string[] = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ca', 'nl', 'ja', 'ar'];
  return (lang !== undefined && direct.includes(lang) ? lang : 'en') as StringsLanguage;
}

export function localeStrings(tag: string): LocaleStrings {
  return STRINGS[stringsLanguage(tag)];
}

/** Built-in resource types for a locale (§12.1): figure, table, video, numbered `{h1}.{n}` and reset per H1. */
export function defaultResourceTypes(tag: string): JsonObject[] {
  const s = localeStrings(tag);
  return (['figure', 'table', 'video'] as const).map((id) => ({
    id,
    name: s[id].name,
    namePlural: s[id].namePlural,
    shortLabel: s[id].shortLabel,
    numberingTemplate: s.numberingTemplate,
    resetOn: 'h1',
    counterFormat: 'decimal',
    captionPrefix: s[id].name,
  }));
}

/** Right-to-left scripts (§7 `direction`): Arabic, Hebrew, Persian, Urdu, Syriac, Thaana, N'Ko, Adlam. */
const RTL_LANGS = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'ug', 'syr', 'dv', 'nqo', 'ckb', 'yi']);
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'syrc', 'thaa', 'nkoo', 'adlm']);

export function isRtlLocale(tag: string): boolean {
  const parts = tag.toLowerCase().split(/[-_]/);
  if (parts.slice(1).some((p) => RTL_SCRIPTS.has(p))) return true;
  return RTL_LANGS.has(parts[0] ?? '');
}

/** Arabic-script languages (emphasis bold, kashida, tashkil, upright quotes). */
export function isArabicScript(tag: string): boolean {
  const parts = tag.toLowerCase().split(/[-_]/);
  if (parts.includes('arab')) return true;
  return ['ar', 'fa', 'ur', 'ps', 'sd', 'ug', 'ckb'].includes(parts[0] ?? '');
}

export function isCjkLocale(tag: string): boolean {
  return ['zh', 'ja', 'ko'].includes(tag.toLowerCase().split(/[-_]/)[0] ?? '');
}

/** Language part of a tag, lower case. */
export function languageOf(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? 'en';
}

/** Bundled hyphenation ids (§6.2): region/script ignored, every en-* → en-us, unbundled → en-us, CJK → none. */
export function hyphenationId(tag: string): string | null {
  const l = languageOf(tag);
  if (['zh', 'ja', 'ko'].includes(l)) return null;
  if (['es', 'fr', 'de', 'it', 'pt', 'ca', 'nl'].includes(l)) return l;
  return 'en-us';
}

/** Default digits (§7 `numerals`): arab for Arabic except Maghreb tags; arabext for fa, ps, ur-IN; else latn. */
export function defaultNumerals(tag: string): 'latn' | 'arab' | 'arabext' {
  const t = tag.toLowerCase();
  const l = languageOf(t);
  if (l === 'fa' || l === 'ps' || t.startsWith('ur-in')) return 'arabext';
  if (l === 'ar') return /-(ma|dz|tn|ly|eh|mr)(-|$)/.test(t) ? 'latn' : 'arab';
  return 'latn';
}

/** CJK region from the locale (§14.1). */
export function cjkRegion(tag: string): 'mainland' | 'taiwan' | 'hongkong' | 'japan' {
  const t = tag.toLowerCase();
  if (languageOf(t) === 'ja') return 'japan';
  if (/-(hk|mo)(-|$)/.test(t)) return 'hongkong';
  if (/-(hant|tw)(-|$)/.test(t)) return 'taiwan';
  return 'mainland';
}
