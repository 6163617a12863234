/**
 * Enriched-Markdown parser (document-format.md): pure, DOM-free, never throws; every block and inline
 * records its source range. Phases, one file each: lex → frontmatter → attributes → blocks → inlines →
 * collect (chapter.ts orchestrates one chapter) → book (combines chapters).
 */
export type * from './model';
export { parseChapter, type ParseOptions } from './chapter';
export { parseBook, combineBook, type BookChapterInput, type BookOptions } from './book';
export { parseAttributes, attrBoolean, type AttributeParse } from './attributes';
export { plainTextOf } from './inlines';
export { codeLineStarts } from './indented-code';
