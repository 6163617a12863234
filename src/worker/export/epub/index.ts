/**
 * The reflowable EPUB 3 writer (tools.md §7.10, platform-notes §5): generated from the document
 * model (not from page display lists), one XHTML document per chapter, a navigation document,
 * pictures carried as they are. The zip has `mimetype` first, stored (no compression, no extra
 * field), as EPUB's container rules require. Pure apart from JSZip; the caller passes the date.
 */
import JSZip from 'jszip';
import type { ExportMath } from '../../engine/math/export';
import { exportModel, sniffPicture, type ExportBookInput, type ExportChapter, type ExportMetadata } from './book-model';
import { chapterDocument } from './xhtml';
import { chipClass, runBoxCss } from '../run-boxes';
import { attr, escapeXml } from './xml';

export { exportModel, type ExportBookInput } from './book-model';

export interface EpubOptions {
  /** `dcterms:modified`; the caller's clock (the writer reads none). */
  modified: Date;
  /** Only this chapter (0-based), or the whole book. */
  chapter?: number;
  /**
   * Formulas as MathML with the book's equation numbers (engine/math/export.ts), given every
   * chapter of the book; absent (no typesetter loaded) = formulas show their TeX source.
   */
  math?: (book: readonly ExportChapter[]) => ExportMath;
  /** Chapters written so far, then the zip's compression in percent (the EPUB tab's progress bar). */
  onProgress?: (progress: EpubProgress) => void;
  /** Awaited between chapters, so a host can keep answering while a long book is written. */
  pause?: () => Promise<void>;
  /** Stops the writing between chapters (the promise rejects with an `EpubExportCancelled` error). */
  signal?: AbortSignal;
}

export interface EpubProgress {
  phase: 'chapters' | 'saving';
  done: number;
  total: number;
}

function cancelled(): Error {
  const error = new Error('The EPUB export was cancelled.');
  error.name = 'EpubExportCancelled';
  return error;
}

export interface EpubResult {
  bytes: Uint8Array;
  fileName: string;
  warnings: string[];
}

/** Scripts written right to left: the spine turns pages that way and documents get `dir="rtl"`. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv', 'ckb']);

/** Core media types of EPUB 3.2 for pictures (others need a fallback, which we do not write). */
const CORE_PICTURES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml']);

const STYLESHEET = `@charset "UTF-8";
body { margin: 0 5%; line-height: 1.45; hyphens: auto; -epub-hyphens: auto; font-variant-ligatures: common-ligatures; widows: 2; orphans: 2; }
h1, h2, h3, h4, h5, h6 { line-height: 1.2; hyphens: manual; -epub-hyphens: manual; page-break-after: avoid; break-after: avoid; }
h1 { font-size: 1.8em; margin: 1.5em 0 1em; }
h2 { font-size: 1.4em; margin: 1.3em 0 0.6em; }
h3 { font-size: 1.2em; margin: 1.2em 0 0.5em; }
p { margin: 0; text-indent: 1.2em; text-align: justify; }
h1 + p, h2 + p, h3 + p, h4 + p, h5 + p, h6 + p, p.continued, figure + p, blockquote + p, aside + p, ul + p, ol + p, pre + p { text-indent: 0; }
blockquote { margin: 0.8em 1.5em; font-style: italic; }
blockquote p { text-indent: 0; }
pre.code, pre.references { white-space: pre-wrap; font-size: 0.85em; margin: 0.8em 0; }
code { font-family: monospace; }
.smallcaps { font-variant: small-caps; }
.math-display { text-align: center; text-indent: 0; margin: 0.6em 0; }
.math-display .eqno { float: right; }
aside.callout { border-left: 0.25em solid #888; margin: 1em 0; padding: 0.3em 0.8em; }
aside.callout p { text-indent: 0; }
.callout-title { font-weight: bold; }
figure { margin: 1em 0; text-align: center; page-break-inside: avoid; break-inside: avoid; }
figure img { max-width: 100%; }
figcaption { font-size: 0.9em; margin-top: 0.4em; }
table { border-collapse: collapse; margin: 0 auto; }
th, td { border: 1px solid #999; padding: 0.2em 0.5em; text-align: left; }
.verse { margin: 1em 2em; }
.verse .stanza { text-indent: 0; margin-bottom: 0.8em; text-align: left; }
.verse .stepped { padding-left: 2em; }
.space { height: 1.45em; }
section.notes { margin-top: 2em; border-top: 1px solid #999; font-size: 0.9em; }
aside.footnote p { text-indent: 0; margin: 0.3em 0; }
a.noteref { vertical-align: super; font-size: 0.75em; line-height: 0; text-decoration: none; }
li.bare { list-style: none; }
`;

/** A stable identifier derived from the book's id (the same book always gets the same one). */
export function derivedUuid(seed: string): string {
  const words: number[] = [];
  for (let round = 0; round < 4; round++) {
    // FNV-1a, 32 bit, with a different offset basis per word.
    let hash = (0x811c9dc5 ^ (round * 0x9e3779b9)) >>> 0;
    for (let i = 0; i < seed.length; i++) {
      hash ^= seed.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    words.push(hash);
  }
  const hex = words.map((w) => w.toString(16).padStart(8, '0')).join('');
  // Version 5 and the RFC 4122 variant bits, so it reads as a name-based UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function slug(text: string): string {
  return text.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'book';
}

function w3cDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function identifierOf(metadata: ExportMetadata, bookId: string): string {
  if (metadata.isbn) return `urn:isbn:${metadata.isbn.replace(/[^0-9Xx]/g, '')}`;
  if (metadata.identifier) return metadata.identifier;
  return `urn:uuid:${derivedUuid(`postext:${bookId}`)}`;
}

/** Writes the book (or one chapter) as a reflowable EPUB 3. */
export async function writeEpub(book: ExportBookInput, options: EpubOptions): Promise<EpubResult> {
  const warnings: string[] = [];
  const model = exportModel(book, options.chapter);
  const { metadata } = model;
  const language = metadata.language;
  const rtl = RTL_LANGUAGES.has(language.toLowerCase().split('-')[0]!);
  const fileOf = (chapterIndex: number) => `chapter-${String(chapterIndex + 1).padStart(3, '0')}.xhtml`;

  // Pictures the chapters place, each once, under images/.
  const placed = new Set<string>();
  for (const chapter of model.chapters) for (const block of chapter.blocks) if (block.kind === 'resourceBlock') placed.add(block.resourceId);
  const pictures = new Map<string, { href: string; mime: string; bytes: Uint8Array }>();
  for (const id of placed) {
    const resource = model.resources.get(id);
    if (!resource?.payload || resource.record.kind === 'table') continue;
    const kind = sniffPicture(resource.payload);
    if (!kind || !CORE_PICTURES.has(kind.mime)) {
      warnings.push(`The picture “${id}” is ${kind ? kind.mime : 'of an unknown type'}, which EPUB readers need not show; it was left out (PNG, JPEG, GIF and SVG are carried).`);
      continue;
    }
    pictures.set(id, { href: `images/${slug(id)}-${pictures.size + 1}.${kind.ext}`, mime: kind.mime, bytes: resource.payload });
  }

  const math = options.math?.(model.book);
  // Equation labels are link targets too (a display in a chapter of the book).
  const targets = new Map(model.targets);
  for (const chapter of model.book) for (const block of chapter.blocks) if (block.kind === 'mathDisplay') for (const label of block.labels) if (!targets.has(label)) targets.set(label, { chapter: chapter.index, label });
  const documents: { file: string; title: string; xhtml: string }[] = [];
  options.onProgress?.({ phase: 'chapters', done: 0, total: model.chapters.length });
  for (const chapter of model.chapters) {
    await options.pause?.();
    if (options.signal?.aborted) throw cancelled();
    documents.push({
      file: fileOf(chapter.index),
      title: chapter.title,
      xhtml: chapterDocument(chapter, {
        fileOf,
        targets,
        included: (chapterIndex) => model.chapters.some((c) => c.index === chapterIndex),
        resource: (id) => {
          const resource = model.resources.get(id);
          if (!resource) return null;
          const picture = pictures.get(id);
          return { record: resource.record, href: picture ? `../${picture.href}` : null };
        },
        language,
        rtl,
        warn: (message) => warnings.push(message),
        hardLineBreaks: model.hardLineBreaks,
        chipClass: (style) => chipClass(model.runBoxes, style),
        ...(math ? { math } : {}),
      }),
    });
    options.onProgress?.({ phase: 'chapters', done: documents.length, total: model.chapters.length });
  }

  const identifier = identifierOf(metadata, book.id);
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="css" href="styles/book.css" media-type="text/css"/>',
    // A document with MathML declares it (EPUB 3 manifest item property).
    ...documents.map((d, i) => `<item id="c${i + 1}" href="text/${d.file}" media-type="application/xhtml+xml"${d.xhtml.includes('<math ') ? ' properties="mathml"' : ''}/>`),
    ...[...pictures.values()].map((p, i) => `<item id="img${i + 1}" href="${attr(p.href)}" media-type="${p.mime}"/>`),
  ];
  const dc = [
    `<dc:identifier id="book-id">${escapeXml(identifier)}</dc:identifier>`,
    `<dc:title id="title">${escapeXml(metadata.title)}</dc:title>`,
    ...(metadata.subtitle ? [`<dc:title id="subtitle">${escapeXml(metadata.subtitle)}</dc:title>`, '<meta refines="#subtitle" property="title-type">subtitle</meta>'] : []),
    '<meta refines="#title" property="title-type">main</meta>',
    `<dc:language>${escapeXml(language)}</dc:language>`,
    ...metadata.authors.map((a, i) => `<dc:creator id="creator${i + 1}">${escapeXml(a)}</dc:creator>`),
    ...(metadata.date ? [`<dc:date>${metadata.date}</dc:date>`] : []),
    ...(metadata.publisher ? [`<dc:publisher>${escapeXml(metadata.publisher)}</dc:publisher>`] : []),
    ...(metadata.rights ? [`<dc:rights>${escapeXml(metadata.rights)}</dc:rights>`] : []),
    ...(metadata.description ? [`<dc:description>${escapeXml(metadata.description)}</dc:description>`] : []),
    `<meta property="dcterms:modified">${w3cDateTime(options.modified)}</meta>`,
  ];
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${attr(language)}"${rtl ? ' dir="rtl"' : ''}>
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${dc.join('\n')}
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine${rtl ? ' page-progression-direction="rtl"' : ''}>
${documents.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('\n')}
</spine>
</package>
`;
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${attr(language)}" lang="${attr(language)}"${rtl ? ' dir="rtl"' : ''}>
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(metadata.title)}</title>
</head>
<body>
<nav epub:type="toc" id="toc" role="doc-toc">
<h1>${escapeXml(metadata.title)}</h1>
<ol>
${documents.map((d) => `<li><a href="text/${d.file}">${escapeXml(d.title)}</a></li>`).join('\n')}
</ol>
</nav>
<nav epub:type="landmarks" hidden="">
<ol>
<li><a epub:type="bodymatter" href="text/${documents[0]?.file ?? fileOf(0)}">${escapeXml(documents[0]?.title ?? metadata.title)}</a></li>
</ol>
</nav>
</body>
</html>
`;
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

  const zip = new JSZip();
  // Every entry carries the caller's date, not the clock's: the same book and date give the same
  // bytes (reproducible builds; before, two writes either side of a 2 s DOS-time step differed).
  // No folder entries either: JSZip would date those by the clock, and OCF does not need them.
  const add = (path: string, data: string | Uint8Array, store = false): void => {
    zip.file(path, data, { date: options.modified, createFolders: false, ...(store ? { compression: 'STORE' as const } : {}) });
  };
  // First entry, stored, no extra field (EPUB OCF; epubcheck PKG-005/PKG-007).
  add('mimetype', 'application/epub+zip', true);
  add('META-INF/container.xml', container);
  add('OEBPS/content.opf', opf);
  add('OEBPS/nav.xhtml', nav);
  // Chip styles and boxed inline code as the book's design sets them (configuration.md §13.2, §13.3).
  add('OEBPS/styles/book.css', STYLESHEET + runBoxCss(model.runBoxes));
  for (const d of documents) add(`OEBPS/text/${d.file}`, d.xhtml);
  for (const p of pictures.values()) add(`OEBPS/${p.href}`, p.bytes);
  if (options.signal?.aborted) throw cancelled();
  const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 }, mimeType: 'application/epub+zip' }, (update) => options.onProgress?.({ phase: 'saving', done: Math.round(update.percent), total: 100 }));
  const chapterPart = options.chapter !== undefined && model.chapters[0] ? `-${String(options.chapter + 1).padStart(2, '0')}-${slug(model.chapters[0].title)}` : '';
  return { bytes, fileName: `${slug(metadata.title)}${chapterPart}.epub`, warnings };
}
