/**
 * Export to Word (tools.md §7.16, platform-notes §6): a chapter or the whole book as `.docx`,
 * written in the worker with the `docx` package. The import template is applied in reverse:
 * headings as Word's heading styles, callouts as "Callout: <type>" paragraphs, chips as
 * "Chip: <style>" runs, Word lists, footnotes, links, tabs, pictures and tables with their
 * captions; what Word has no form for is kept verbatim in the grey "Postext Markup" (block) and
 * "Postext Markup Inline" (run) styles, so the document comes back unchanged through import.
 * Each chapter starts with a "Postext Chapter" paragraph holding its title, and the template is
 * embedded as the custom property `postextWordTemplate`.
 */
import {
  AlignmentType,
  Bookmark,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  ImageRun,
  InternalHyperlink,
  LevelFormat,
  Packer,
  Paragraph,
  Tab,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { Inline, Mark } from '../../engine/parse';
import { exportModel, snippetInlines, sniffPicture, type ExportBookInput, type ExportChapter, type ExportModel } from '../epub/book-model';
import { chipLook, chipStyleId } from '../run-boxes';
import { chipRunProperties, inlineCodeRunProperties } from './run-boxes';

export interface DocxOptions {
  /** Only this chapter (0-based), or the whole book. */
  chapter?: number;
}

export interface DocxResult {
  bytes: Uint8Array;
  fileName: string;
  warnings: string[];
}

/** Word style ids and names the import template maps back (tools.md §7.16). */
export const STYLE = {
  chapter: { id: 'PostextChapter', name: 'Postext Chapter' },
  markup: { id: 'PostextMarkup', name: 'Postext Markup' },
  markupInline: { id: 'PostextMarkupInline', name: 'Postext Markup Inline' },
  quote: { id: 'Quote', name: 'Quote' },
  caption: { id: 'Caption', name: 'Caption' },
  code: { id: 'PostextCode', name: 'Postext Code' },
} as const;

/** Grey of the markup styles: visibly "not text", still readable. */
const MARKUP_COLOUR = '808080';
/** Widest picture, px at 96 per inch (Word's unit for `transformation`): 6 in fits A4 and Letter text blocks. */
const MAX_PICTURE_PX = 576;
const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];

function slug(text: string): string {
  return text.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'book';
}

/** Capitalised, as Word shows style names ("Callout: Note"). */
function titleCase(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/** Pixel size of a PNG, JPEG or GIF from its header, or null. */
export function pictureSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = sniffPicture(bytes)?.ext;
  if (kind === 'png' && bytes.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (kind === 'gif' && bytes.length >= 10) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (kind === 'jpg') {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      const length = view.getUint16(at + 2);
      // Start-of-frame markers (baseline, progressive, …) carry the size; DHT, JPG and DAC do not.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
      at += 2 + length;
    }
  }
  return null;
}

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  superScript?: boolean;
  subScript?: boolean;
  smallCaps?: boolean;
  font?: string;
}

function runStyle(marks: readonly Mark[]): RunStyle {
  const style: RunStyle = {};
  for (const mark of marks) {
    if (mark === 'strong') style.bold = true;
    else if (mark === 'emphasis') style.italics = true;
    else if (mark === 'sup') style.superScript = true;
    else if (mark === 'sub') style.subScript = true;
    else if (mark === 'smallcaps') style.smallCaps = true;
    else if (mark === 'code') style.font = 'Consolas';
  }
  return style;
}

class DocxBuilder {
  readonly warnings: string[] = [];
  readonly footnotes: Record<string, { children: Paragraph[] }> = {};
  private noteCount = 0;
  private listInstance = 0;
  private readonly calloutStyles = new Set<string>();
  private readonly chipStyles = new Set<string>();

  constructor(private readonly model: ExportModel) {}

  /** Whether a link target lies in the chapters written (a bookmark exists for it). */
  private exported(target: string): boolean {
    const found = this.model.targets.get(target);
    return found !== undefined && this.model.chapters.some((c) => c.index === found.chapter);
  }

  /** The paragraph styles the document used beyond the fixed ones. */
  extraStyles(): { callouts: string[]; chips: string[] } {
    return { callouts: [...this.calloutStyles], chips: [...this.chipStyles] };
  }

  private runs(list: readonly Inline[], source: string, notes: Map<string, Inline[]>): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const inline of list) out.push(...this.inline(inline, source, notes));
    return out;
  }

  /** Markup Word has no form for: the source as written, in the grey inline markup style. */
  private verbatim(source: string, range: { from: number; to: number }): TextRun {
    return new TextRun({ text: source.slice(range.from, range.to), style: STYLE.markupInline.id });
  }

  private inline(inline: Inline, source: string, notes: Map<string, Inline[]>): ParagraphChild[] {
    switch (inline.kind) {
      case 'text': {
        // Inline code under codeStyle.inline (§13.3): its face and size in a shaded, bordered run.
        const boxed = this.model.runBoxes.inlineCode && inline.marks.includes('code') ? inlineCodeRunProperties(this.model.runBoxes.inlineCode, this.model.runBoxes.bodySize) : {};
        return [new TextRun({ text: inline.text, ...runStyle(inline.marks), ...boxed })];
      }
      case 'hardBreak':
        return [new TextRun({ text: '', break: 1 })];
      case 'link': {
        const children = this.runs(inline.children, source, notes).filter((c): c is TextRun => c instanceof TextRun);
        if (inline.href && /^(https?:|mailto:)/i.test(inline.href)) return [new ExternalHyperlink({ link: inline.href, children: children.length > 0 ? children : [new TextRun(inline.href)] })];
        if (inline.href?.startsWith('#') && this.exported(inline.href.slice(1))) return [new InternalHyperlink({ anchor: bookmarkName(inline.href.slice(1)), children })];
        return children;
      }
      case 'footnoteRef': {
        const content = notes.get(inline.noteId);
        if (!content) {
          this.warnings.push(`Footnote [^${inline.noteId}] has no text; it is kept as written.`);
          return [this.verbatim(source, inline.range)];
        }
        const id = ++this.noteCount;
        this.footnotes[String(id)] = { children: [new Paragraph({ children: this.runs(content, source, new Map()) })] };
        return [new FootnoteReferenceRun(id)];
      }
      case 'tab':
        return Object.keys(inline.attrs).length === 0 ? [new TextRun({ children: [new Tab()] })] : [this.verbatim(source, inline.range)];
      case 'chip': {
        // The style the chip names (its Word style "Chip: <id>" maps back on import); its look is the listed style's, else the first's (§10.5).
        const style = chipStyleId(inline.attrs) ?? chipLook(this.model.runBoxes, undefined).style.id;
        this.chipStyles.add(style);
        const text = inline.children.map((c) => (c.kind === 'text' ? c.text : '')).join('');
        return [new TextRun({ text, style: wordChipStyleId(style) })];
      }
      case 'anchor':
        if (inline.children) return [new Bookmark({ id: bookmarkName(inline.anchorId), children: this.runs(inline.children, source, notes).filter((c): c is TextRun => c instanceof TextRun) })];
        return [this.verbatim(source, inline.range)];
      default:
        // refs, maths, index marks, citations, swatches, ruby and the other directives.
        return [this.verbatim(source, inline.range)];
    }
  }

  /** The Word paragraphs of one chapter. */
  chapter(chapter: ExportChapter, source: string): (Paragraph | Table)[] {
    const out: (Paragraph | Table)[] = [new Paragraph({ style: STYLE.chapter.id, children: [new TextRun(chapter.title)] })];
    const notes = new Map<string, Inline[]>();
    for (const block of chapter.blocks) if (block.kind === 'footnoteDefinition') notes.set(block.noteId, block.inlines);
    const callouts: string[] = [];
    let listId: string | null = null;
    const markupLines = (text: string) => text.split('\n').map((line) => new Paragraph({ style: STYLE.markup.id, children: [new TextRun(line)] }));
    // The front matter (the book's metadata in chapter 1) is not a block: kept as written.
    const frontmatter = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?=\r?\n|$)/.exec(source);
    if (frontmatter) out.push(...markupLines(frontmatter[0]));
    for (const block of chapter.blocks) {
      if (block.kind === 'listItem') {
        if (block.listId !== listId) {
          listId = block.listId;
          this.listInstance++;
        }
      } else listId = null;
      const callout = callouts[callouts.length - 1];
      switch (block.kind) {
        case 'heading': {
          const children = this.runs(block.inlines, source, notes);
          const id = block.attrs['id'];
          out.push(new Paragraph({ heading: HEADINGS[block.level - 1]!, children: id ? [new Bookmark({ id: bookmarkName(id), children: children.filter((c): c is TextRun => c instanceof TextRun) })] : children }));
          if (Object.keys(block.attrs).some((k) => k !== 'id')) this.warnings.push(`The attributes of the heading “${block.plainText}” are not kept in Word.`);
          break;
        }
        case 'paragraph':
          out.push(new Paragraph({ ...(callout ? { style: calloutStyleId(callout) } : {}), children: this.runs(block.inlines, source, notes) }));
          break;
        case 'blockquote':
          out.push(new Paragraph({ style: STYLE.quote.id, children: this.runs(block.inlines, source, notes) }));
          break;
        case 'listItem': {
          const level = Math.max(0, Math.min(4, block.depth - 1));
          const children = this.runs(block.inlines, source, notes);
          if (block.listKind === 'task') children.unshift(new TextRun(block.checked ? '☑ ' : '☐ '));
          out.push(new Paragraph({ numbering: { reference: block.listKind === 'ordered' ? 'postext-numbers' : 'postext-bullets', level, instance: this.listInstance }, children }));
          break;
        }
        case 'code':
          out.push(...markupLines(source.slice(block.range.from, block.range.to)));
          break;
        case 'containerStart':
          // A callout with only a type and a title maps to Word styles; other attributes (span, placement…) stay markup.
          if (block.name === 'callout' && Object.keys(block.attrs).every((k) => k === 'type' || k === 'title')) {
            const type = block.attrs['type'] || 'note';
            callouts.push(type);
            this.calloutStyles.add(type);
            if (block.attrs['title']) out.push(new Paragraph({ style: calloutTitleStyleId(type), children: [new TextRun(block.attrs['title'])] }));
          } else {
            callouts.push('');
            out.push(...markupLines(source.slice(block.range.from, block.range.to)));
          }
          break;
        case 'containerEnd': {
          const open = callouts.pop();
          if (open === '' || open === undefined) {
            if (!block.implicit) out.push(...markupLines(source.slice(block.range.from, block.range.to)));
          }
          break;
        }
        case 'resourceBlock':
          out.push(...this.resource(block.resourceId, source, block.range));
          break;
        case 'footnoteDefinition':
          break;
        default:
          // Display maths, directives, verse, raw blocks: kept verbatim.
          out.push(...markupLines(source.slice(block.range.from, block.range.to)));
      }
    }
    return out;
  }

  private resource(id: string, source: string, range: { from: number; to: number }): (Paragraph | Table)[] {
    const resource = this.model.resources.get(id);
    const caption = resource?.record.caption ? [new Paragraph({ style: STYLE.caption.id, children: this.runs(snippetInlines(resource.record.caption, this.model.hardLineBreaks), resource.record.caption, new Map()) })] : [];
    if (resource?.record.kind === 'table' && resource.record.table) {
      return [this.table(resource.record.table.model), ...caption];
    }
    const bytes = resource?.payload;
    const kind = bytes ? sniffPicture(bytes)?.ext : undefined;
    if (bytes && (kind === 'png' || kind === 'jpg' || kind === 'gif')) {
      const size = pictureSize(bytes) ?? { width: 400, height: 300 };
      const scale = Math.min(1, MAX_PICTURE_PX / size.width);
      const picture = new ImageRun({
        type: kind,
        data: bytes,
        transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) },
        altText: { name: id, description: resource!.record.altText ?? resource!.record.caption ?? id, title: id },
      });
      return [new Paragraph({ alignment: AlignmentType.CENTER, children: [picture] }), ...caption];
    }
    this.warnings.push(`The resource “${id}” has no picture Word can show (PNG, JPEG or GIF); it is kept as its directive.`);
    return [new Paragraph({ style: STYLE.markup.id, children: [new TextRun(source.slice(range.from, range.to))] }), ...caption];
  }

  private table(model: Record<string, unknown>): Table {
    const rows = Array.isArray(model['rows']) ? (model['rows'] as unknown[][]) : [];
    const headerRows = typeof model['headerRowCount'] === 'number' ? model['headerRowCount'] : 0;
    const tableRows = rows.map((cells, r) => {
      const children = (Array.isArray(cells) ? cells : [])
        .filter((c) => !(c && typeof c === 'object' && (c as Record<string, unknown>)['hiddenBy']))
        .map((c) => {
          const cell = (c && typeof c === 'object' ? c : { content: String(c ?? '') }) as Record<string, unknown>;
          const content = String(cell['content'] ?? '');
          const header = r < headerRows || cell['isHeader'] === true;
          const runs = this.runs(snippetInlines(content, this.model.hardLineBreaks), content, new Map());
          return new TableCell({
            children: [new Paragraph({ children: header ? [new TextRun({ text: content, bold: true })] : runs })],
            ...(typeof cell['colSpan'] === 'number' && cell['colSpan'] > 1 ? { columnSpan: cell['colSpan'] } : {}),
            ...(typeof cell['rowSpan'] === 'number' && cell['rowSpan'] > 1 ? { rowSpan: cell['rowSpan'] } : {}),
          });
        });
      return new TableRow({ tableHeader: r < headerRows, children: children.length > 0 ? children : [new TableCell({ children: [new Paragraph('')] })] });
    });
    return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: tableRows.length > 0 ? tableRows : [new TableRow({ children: [new TableCell({ children: [new Paragraph('')] })] })] });
  }
}

/** Word bookmark names: letters, digits and _, starting with a letter, at most 40 characters. */
function bookmarkName(id: string): string {
  return `p_${id.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, 40);
}

function calloutStyleId(type: string): string {
  return `PostextCallout${type.replace(/[^A-Za-z0-9]/g, '')}`;
}

function calloutTitleStyleId(type: string): string {
  return `PostextCalloutTitle${type.replace(/[^A-Za-z0-9]/g, '')}`;
}

function wordChipStyleId(style: string): string {
  return `PostextChip${style.replace(/[^A-Za-z0-9]/g, '')}`;
}

/** The Word import template this document was written with (embedded so it round-trips). */
function templateOf(extra: { callouts: string[]; chips: string[] }) {
  const paragraphs: Record<string, unknown> = {
    [STYLE.chapter.name]: { kind: 'chapter' },
    [STYLE.markup.name]: { kind: 'markup' },
    [STYLE.quote.name]: { kind: 'quote' },
    [STYLE.caption.name]: { kind: 'caption' },
    ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((level) => [`Heading ${level}`, { kind: 'heading', level }])),
    ...Object.fromEntries(extra.callouts.map((type) => [`Callout: ${titleCase(type)}`, { kind: 'callout', type }])),
    ...Object.fromEntries(extra.callouts.map((type) => [`Callout title: ${titleCase(type)}`, { kind: 'calloutTitle', type }])),
  };
  const characters: Record<string, unknown> = {
    [STYLE.markupInline.name]: 'markup',
    ...Object.fromEntries(extra.chips.map((style) => [`Chip: ${titleCase(style)}`, { kind: 'chip', style }])),
  };
  return { postextWordTemplate: { version: 1, id: 'postext-export', name: 'Postext export', paragraphs, characters, options: { lineBreaks: 'keep', directFormatting: 'keep', manualHeadings: 0, pageBreaks: 'drop', images: true, tables: true } } };
}

/** Writes the book (or one chapter) as a Word document. */
export async function writeDocx(book: ExportBookInput, options: DocxOptions = {}): Promise<DocxResult> {
  const model = exportModel(book, options.chapter);
  const builder = new DocxBuilder(model);
  const children: (Paragraph | Table)[] = [];
  for (const chapter of model.chapters) children.push(...builder.chapter(chapter, book.chapters[chapter.index]!.text));
  const extra = builder.extraStyles();
  const bulletLevels = [0, 1, 2, 3, 4].map((level) => ({ level, format: LevelFormat.BULLET, text: ['•', '◦', '▪', '•', '◦'][level]!, alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } } }));
  const numberLevels = [0, 1, 2, 3, 4].map((level) => ({ level, format: [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN, LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER][level]!, text: `%${level + 1}.`, alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } } }));
  const document = new Document({
    title: model.metadata.title,
    creator: model.metadata.authors.join('; ') || 'Postext',
    ...(model.metadata.description ? { description: model.metadata.description } : {}),
    customProperties: [{ name: 'postextWordTemplate', value: JSON.stringify(templateOf(extra)) }],
    styles: {
      paragraphStyles: [
        { id: STYLE.chapter.id, name: STYLE.chapter.name, basedOn: 'Normal', next: 'Normal', run: { color: MARKUP_COLOUR, smallCaps: true }, paragraph: { spacing: { before: 240, after: 120 } } },
        { id: STYLE.markup.id, name: STYLE.markup.name, basedOn: 'Normal', next: 'Normal', run: { color: MARKUP_COLOUR, font: 'Consolas', size: 18 } },
        { id: STYLE.quote.id, name: STYLE.quote.name, basedOn: 'Normal', next: 'Normal', run: { italics: true }, paragraph: { indent: { left: 720, right: 720 } } },
        { id: STYLE.caption.id, name: STYLE.caption.name, basedOn: 'Normal', next: 'Normal', run: { size: 18, italics: true }, paragraph: { alignment: AlignmentType.CENTER } },
        ...extra.callouts.map((type) => ({ id: calloutStyleId(type), name: `Callout: ${titleCase(type)}`, basedOn: 'Normal', next: 'Normal', paragraph: { indent: { left: 360 }, border: { left: { style: 'single' as const, size: 12, color: '888888', space: 8 } } } })),
        ...extra.callouts.map((type) => ({ id: calloutTitleStyleId(type), name: `Callout title: ${titleCase(type)}`, basedOn: calloutStyleId(type), next: calloutStyleId(type), run: { bold: true } })),
      ],
      characterStyles: [
        { id: STYLE.markupInline.id, name: STYLE.markupInline.name, run: { color: MARKUP_COLOUR, font: 'Consolas' } },
        // Each chip style's fill, outline, face, size, colour, weight and slant (docx/run-boxes.ts).
        ...extra.chips.map((style) => ({ id: wordChipStyleId(style), name: `Chip: ${titleCase(style)}`, run: chipRunProperties(chipLook(model.runBoxes, style).style, model.runBoxes.bodySize) })),
      ],
    },
    numbering: { config: [{ reference: 'postext-bullets', levels: bulletLevels }, { reference: 'postext-numbers', levels: numberLevels }] },
    footnotes: builder.footnotes,
    sections: [{ children }],
  });
  const bytes = await Packer.pack(document, 'uint8array');
  const chapterPart = options.chapter !== undefined && model.chapters[0] ? `-${String(options.chapter + 1).padStart(2, '0')}-${slug(model.chapters[0].title)}` : '';
  return { bytes, fileName: `${slug(model.metadata.title)}${chapterPart}.docx`, warnings: builder.warnings };
}

