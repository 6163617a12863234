/**
 * What the document exporters (EPUB, DOCX) read: the book's chapters parsed into the document
 * model, the metadata of the first chapter's front matter, and the resources by id. Pure: no DOM,
 * no clock (the caller passes the date).
 */
import { parseChapter, plainTextOf } from '../../engine/parse';
import type { Block, Frontmatter, Inline } from '../../engine/parse';
import type { ResourceRecord } from '../../protocol/messages';
import type { ChipStyleSetting, InlineCodeSetting } from '../../engine/settings-chips';
import { exportRunBoxes, type ExportRunBoxes } from '../run-boxes';

export interface ExportChapterInput {
  id: string;
  title: string;
  text: string;
}

/** The book as the exporters take it (a `BookState` fits). */
export interface ExportBookInput {
  id: string;
  name: string;
  locale: string;
  chapters: readonly ExportChapterInput[];
  resources: readonly { record: ResourceRecord; payload?: Uint8Array | undefined }[];
  /**
   * `bodyText.hardLineBreaks` (configuration.md §6.1, document-format §5.3); absent = true. false
   * (books before 1.23): a trailing `\` and a mid-line `\\ ` are text, as the layout reads them.
   */
  hardLineBreaks?: boolean;
  /** `codeStyle.blocks` (configuration.md §13.3); absent = true. false (books before 1.23): fences are read as Markdown. */
  codeBlocks?: boolean;
  /** `codeStyle.indentedCode` (§13.3); absent = false. true: lines four columns in after a blank line are listings. */
  indentedCode?: boolean;
  /** `chipStyles` as the layout reads them (settings.chips; configuration.md §13.2); absent = the built-in `chip`. */
  chips?: readonly ChipStyleSetting[] | undefined;
  /** `codeStyle.inline` when set (settings.inlineCode, §13.3); absent = inline code without a box. */
  inlineCode?: InlineCodeSetting | undefined;
  /** Body size, pt (the em of chip and inline-code lengths in DOCX); absent = the 8 pt default. */
  bodySize?: number | undefined;
}

export interface ExportChapter {
  id: string;
  /** 0-based position in the book. */
  index: number;
  title: string;
  blocks: Block[];
}

/** Book metadata (tools.md §7.10: from the first chapter's front matter). */
export interface ExportMetadata {
  title: string;
  subtitle?: string;
  authors: string[];
  /** W3CDTF date (YYYY, YYYY-MM or YYYY-MM-DD), when the front matter gives one. */
  date?: string;
  isbn?: string;
  identifier?: string;
  publisher?: string;
  rights?: string;
  description?: string;
  language: string;
}

export interface ExportModel {
  metadata: ExportMetadata;
  /** The chapters exported (all, or the one asked for). */
  chapters: ExportChapter[];
  /** Every chapter of the book (book-wide numbering, e.g. equations, needs them all). */
  book: ExportChapter[];
  /** Heading ids, anchors and resources of the whole book → chapter index and a label to print. */
  targets: Map<string, { chapter: number; label: string }>;
  resources: Map<string, { record: ResourceRecord; payload?: Uint8Array | undefined }>;
  /** `bodyText.hardLineBreaks` as the chapters were parsed with it (captions and cells follow it too). */
  hardLineBreaks: boolean;
  /** Chip styles and boxed inline code (export/run-boxes.ts). */
  runBoxes: ExportRunBoxes;
}

/** Parses every chapter (or the one at `only`) and reads the book's metadata. */
export function exportModel(book: ExportBookInput, only?: number): ExportModel {
  const hardLineBreaks = book.hardLineBreaks !== false;
  // Code is read as the layout reads it (codeStyle.blocks, indentedCode).
  const code = { codeBlocks: book.codeBlocks !== false, indentedCode: book.indentedCode === true };
  const parsed = book.chapters.map((chapter, index) => ({ chapter, index, result: parseChapter(chapter.text, { chapterId: chapter.id, isFirstChapter: index === 0, hardLineBreaks, ...code }) }));
  const frontmatter = parsed[0]?.result.frontmatter;
  const all = parsed.map(({ chapter, index, result }) => ({ id: chapter.id, index, title: chapterTitleOf(chapter, result.blocks, index), blocks: result.blocks }));
  const resources = new Map(book.resources.map((r) => [r.record.id, r]));
  return {
    metadata: metadataOf(frontmatter, book),
    chapters: all.filter(({ index }) => only === undefined || index === only),
    book: all,
    targets: collectTargets(all, resources, hardLineBreaks),
    resources,
    hardLineBreaks,
    runBoxes: exportRunBoxes(book),
  };
}

function chapterTitleOf(chapter: ExportChapterInput, blocks: Block[], index: number): string {
  if (chapter.title) return chapter.title;
  const heading = blocks.find((b) => b.kind === 'heading');
  return heading && heading.kind === 'heading' && heading.plainText ? heading.plainText : `Chapter ${index + 1}`;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

function metadataOf(frontmatter: Frontmatter | undefined, book: ExportBookInput): ExportMetadata {
  const meta = frontmatter?.metadata ?? {};
  const authors = Array.isArray(meta['authors']) ? meta['authors'].map(text).filter((a): a is string => Boolean(a)) : [];
  const author = frontmatter?.author ?? text(meta['author']);
  if (authors.length === 0 && author) authors.push(...author.split(/\s*;\s*/).filter(Boolean));
  const dateText = frontmatter?.publishDate ?? text(meta['date']);
  const date = dateText && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(dateText) ? dateText : undefined;
  const out: ExportMetadata = { title: frontmatter?.title ?? book.name ?? 'Untitled', authors, language: book.locale || 'en' };
  const optional: [keyof ExportMetadata, string | undefined][] = [
    ['subtitle', frontmatter?.subtitle],
    ['date', date],
    ['isbn', text(meta['isbn'])],
    ['identifier', text(meta['identifier'])],
    ['publisher', text(meta['publisher'])],
    ['rights', text(meta['rights'])],
    ['description', text(meta['description'])],
  ];
  for (const [key, value] of optional) if (value) (out as unknown as Record<string, string>)[key] = value;
  return out;
}

/**
 * The inlines of a one-paragraph Markdown snippet (captions, table cells, notes). `hardLineBreaks`:
 * the book's `bodyText.hardLineBreaks` (§6.1), which the layout's captions follow too
 * (engine/resources/snippet.ts): false reads a trailing `\` and `\\ ` as text.
 */
export function snippetInlines(snippet: string, hardLineBreaks: boolean): Inline[] {
  const { blocks } = parseChapter(snippet, { chapterId: 'snippet', isFirstChapter: false, hardLineBreaks });
  const first = blocks.find((b) => b.kind === 'paragraph' || b.kind === 'heading' || b.kind === 'blockquote' || b.kind === 'listItem');
  return first && 'inlines' in first ? first.inlines : [];
}

/** Picture type from the first bytes. */
export function sniffPicture(bytes: Uint8Array): { ext: string; mime: string } | null {
  const b = (i: number): number => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return { ext: 'png', mime: 'image/png' };
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46) return { ext: 'gif', mime: 'image/gif' };
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45 && b(10) === 0x42 && b(11) === 0x50) return { ext: 'webp', mime: 'image/webp' };
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.startsWith('<!--')) return head.includes('<svg') ? { ext: 'svg', mime: 'image/svg+xml' } : null;
  return null;
}

/** Heading ids, anchors and the chapter they live in, for cross-references and links. */
function collectTargets(chapters: ExportChapter[], resources: ExportModel['resources'], hardLineBreaks: boolean): Map<string, { chapter: number; label: string }> {
  const targets = new Map<string, { chapter: number; label: string }>();
  for (const chapter of chapters) {
    for (const block of chapter.blocks) {
      if (block.kind === 'heading' && block.attrs['id']) targets.set(block.attrs['id'], { chapter: chapter.index, label: block.plainText });
      if (block.kind === 'containerStart' && block.attrs['id']) targets.set(block.attrs['id'], { chapter: chapter.index, label: block.attrs['title'] ?? block.attrs['id'] });
      if (block.kind === 'resourceBlock') {
        // A resource is referred to by its caption (the pages print its number, which a reflowable book has not).
        const caption = resources.get(block.resourceId)?.record.caption;
        targets.set(block.resourceId, { chapter: chapter.index, label: caption ? plainTextOf(snippetInlines(caption, hardLineBreaks)) : block.resourceId });
      }
      if ('inlines' in block) visitAnchors(block.inlines, (id, label) => targets.set(id, { chapter: chapter.index, label }));
    }
  }
  return targets;
}

function visitAnchors(inlines: Inline[], found: (id: string, label: string) => void): void {
  for (const inline of inlines) {
    if (inline.kind === 'anchor') found(inline.anchorId, inline.children ? inline.children.map((c) => (c.kind === 'text' ? c.text : '')).join('') : '');
    if ('children' in inline && inline.children) visitAnchors(inline.children, found);
  }
}
