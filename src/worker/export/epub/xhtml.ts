/**
 * Chapter → XHTML content document of the reflowable rendition (tools.md §7.10): reading order,
 * paragraphs as the author wrote them (no layout hyphens), figures after the text that cites
 * them, callouts as asides, footnotes as end-of-chapter notes with back links. The flat block
 * list's container markers and list runs become nested elements here.
 */
import type { ExportMath } from '../../engine/math/export';
import type { Block, Inline, Mark } from '../../engine/parse';
import type { ExportChapter } from './book-model';
import { snippetInlines } from './book-model';
import { attr, escapeXml } from './xml';
import { cjkMarkXhtml } from './cjk-marks';
import { chipStyleId } from '../run-boxes';

/** What a chapter document needs to know about the rest of the book. */
export interface XhtmlContext {
  /** File name of each chapter's document, by chapter index. */
  fileOf(chapterIndex: number): string;
  /** Book-wide targets (heading ids, anchors, resources) → chapter and a label to print. */
  targets: Map<string, { chapter: number; label: string }>;
  /** Whether a chapter is in this file set (links go only to those). */
  included(chapterIndex: number): boolean;
  /** A resource as the package holds it: its file in the package (pictures), or null. */
  resource(id: string): { record: { caption?: string | undefined; altText?: string | undefined; note?: string | undefined; kind: string; table?: { model: Record<string, unknown> } | undefined }; href: string | null } | null;
  language: string;
  rtl: boolean;
  warn(message: string): void;
  /** Formulas as MathML and equation numbers (engine/math/export.ts); absent = formulas show their TeX. */
  math?: ExportMath;
  /** `bodyText.hardLineBreaks` (§6.1) for captions, notes and cells, as the chapters were parsed; absent = true. */
  hardLineBreaks?: boolean;
  /** The classes of a chip naming a style id (export/run-boxes.ts `chipClass`: the stylesheet's rule per chip style); absent = `chip`. */
  chipClass?: (style: string | undefined) => string;
}

/** A safe XML id for an author's id (ids may start with a digit or hold ':' in Markdown). */
export function xmlId(prefix: string, id: string): string {
  return `${prefix}-${id.replace(/[^A-Za-z0-9_.-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`)}`;
}

const MARK_TAGS: Record<Mark, [string, string]> = {
  strong: ['<strong>', '</strong>'],
  emphasis: ['<em>', '</em>'],
  code: ['<code>', '</code>'],
  strike: ['<s>', '</s>'],
  sup: ['<sup>', '</sup>'],
  sub: ['<sub>', '</sub>'],
  smallcaps: ['<span class="smallcaps">', '</span>'],
};

function marked(marks: readonly Mark[], html: string): string {
  let out = html;
  for (const mark of [...marks].reverse()) out = `${MARK_TAGS[mark][0]}${out}${MARK_TAGS[mark][1]}`;
  return out;
}

class ChapterWriter {
  private readonly notes: { id: string; number: number }[] = [];
  private readonly noteNumbers = new Map<string, number>();
  private readonly usedIds = new Set<string>();
  /** `:book` directives around the inline being written (their brackets nest: cjk-marks.ts). */
  private bookDepth = 0;

  constructor(private readonly chapter: ExportChapter, private readonly ctx: XhtmlContext) {}

  private uniqueId(id: string): string | null {
    if (this.usedIds.has(id)) return null;
    this.usedIds.add(id);
    return id;
  }

  /** A link to a book-wide target: `file#id`, or `#id` in this chapter. */
  private targetHref(target: string): string | null {
    const found = this.ctx.targets.get(target);
    if (!found || !this.ctx.included(found.chapter)) return null;
    const file = found.chapter === this.chapter.index ? '' : this.ctx.fileOf(found.chapter);
    return `${file}#${xmlId('t', target)}`;
  }

  inlines(list: readonly Inline[]): string {
    return list.map((inline) => this.inline(inline)).join('');
  }

  private inline(inline: Inline): string {
    switch (inline.kind) {
      case 'text':
        return marked(inline.marks, escapeXml(inline.text));
      case 'hardBreak':
        return '<br/>';
      case 'link': {
        const inner = this.inlines(inline.children);
        const href = inline.href ?? '';
        if (/^(https?:|mailto:)/i.test(href)) return `<a href="${attr(href)}">${inner}</a>`;
        if (href.startsWith('#')) {
          const local = this.targetHref(href.slice(1));
          if (local) return `<a href="${attr(local)}">${inner}</a>`;
        }
        return inner;
      }
      case 'footnoteRef': {
        let number = this.noteNumbers.get(inline.noteId);
        if (number === undefined) {
          number = this.noteNumbers.size + 1;
          this.noteNumbers.set(inline.noteId, number);
          this.notes.push({ id: inline.noteId, number });
        }
        // The first citation of a note carries the id its back link returns to.
        const ref = this.uniqueId(xmlId('fnref', inline.noteId));
        return marked(inline.marks, `<a class="noteref" epub:type="noteref" href="#${attr(xmlId('fn', inline.noteId))}"${ref ? ` id="${ref}"` : ''}>${number}</a>`);
      }
      case 'ref': {
        const found = this.ctx.targets.get(inline.target);
        const href = this.targetHref(inline.target);
        // An equation prints its number ("(3)", or "3" for \ref).
        const label = escapeXml(this.ctx.math?.refText(inline.target, inline.form) ?? (found?.label || inline.target));
        return marked(inline.marks, href ? `<a href="${attr(href)}">${label}</a>` : label);
      }
      case 'anchor': {
        const id = this.uniqueId(xmlId('t', inline.anchorId));
        const inner = inline.children ? this.inlines(inline.children) : '';
        return id ? `<span id="${id}">${inner}</span>` : inner;
      }
      case 'indexMark':
        return inline.children ? this.inlines(inline.children) : '';
      case 'math':
        return marked(inline.marks, this.ctx.math?.mathml(inline.tex, false) ?? `<code class="math">${escapeXml(inline.tex)}</code>`);
      case 'chip':
        return `<span class="${attr(this.ctx.chipClass?.(chipStyleId(inline.attrs)) ?? 'chip')}">${this.inlines(inline.children)}</span>`;
      case 'swatch':
        return '<span class="swatch">■</span>';
      case 'tab':
        return ' ';
      case 'citation':
        return marked(inline.marks, escapeXml(inline.raw));
      case 'directive': {
        if (inline.name === 'book') this.bookDepth++;
        const inner = this.inlines(inline.children);
        if (inline.name === 'book') this.bookDepth--;
        // 着重号, 专名号, 书名号, 傍線 (document-format §18.4): semantic elements with their CSS.
        const mark = cjkMarkXhtml(inline, inner, this.ctx.language, this.bookDepth);
        if (mark !== null) return mark;
        if (inline.name === 'ruby') {
          const reading = inline.attrs['reading'] ?? inline.attrs['rt'] ?? Object.keys(inline.attrs)[0] ?? '';
          return reading ? `<ruby>${inner}<rt>${escapeXml(reading)}</rt></ruby>` : inner;
        }
        if (inline.name === 'ltr' || inline.name === 'rtl') return `<span dir="${inline.name}">${inner}</span>`;
        // Kanbun marks and warichu brackets are kept beside their text until they are typeset (document-format §18.4).
        if (inline.name === 'kunten') {
          const okuri = inline.attrs['okuri'] ? `<sup class="okuri">${escapeXml(inline.attrs['okuri'])}</sup>` : '';
          const kaeri = inline.attrs['kaeri'] ? `<sub class="kaeri">${escapeXml(inline.attrs['kaeri'])}</sub>` : '';
          return okuri || kaeri ? `<span class="kunten">${inner}${okuri}${kaeri}</span>` : inner;
        }
        if (inline.name === 'warichu') return `<span class="warichu">${escapeXml(inline.attrs['open'] ?? '')}${inner}${escapeXml(inline.attrs['close'] ?? '')}</span>`;
        return inner;
      }
    }
  }

  /** Body of the chapter document. */
  body(): string {
    const out: string[] = [];
    const openLists: ('ul' | 'ol')[] = [];
    const closeLists = (toDepth: number) => {
      while (openLists.length > toDepth) out.push(`</li></${openLists.pop()!}>`);
    };
    const definitions = new Map<string, Inline[]>();
    for (const block of this.chapter.blocks) if (block.kind === 'footnoteDefinition') definitions.set(block.noteId, block.inlines);
    for (const block of this.chapter.blocks) {
      if (block.kind !== 'listItem') closeLists(0);
      this.block(block, out, openLists, closeLists);
    }
    closeLists(0);
    if (this.notes.length > 0) {
      out.push('<section class="notes" epub:type="footnotes" role="doc-endnotes">');
      // Notes cited inside notes get numbers while this loop runs, so it walks a growing list.
      for (let i = 0; i < this.notes.length; i++) {
        const note = this.notes[i]!;
        const content = definitions.get(note.id);
        if (!content) this.ctx.warn(`Footnote [^${note.id}] in “${this.chapter.title}” has no text.`);
        const back = this.usedIds.has(xmlId('fnref', note.id)) ? ` <a class="noteback" href="#${attr(xmlId('fnref', note.id))}">↩</a>` : '';
        out.push(`<aside class="footnote" epub:type="footnote" id="${attr(xmlId('fn', note.id))}"><p><span class="note-number">${note.number}.</span> ${content ? this.inlines(content) : ''}${back}</p></aside>`);
      }
      out.push('</section>');
    }
    return out.join('\n');
  }

  private block(block: Block, out: string[], openLists: ('ul' | 'ol')[], closeLists: (depth: number) => void): void {
    switch (block.kind) {
      case 'heading': {
        const id = block.attrs['id'] ? this.uniqueId(xmlId('t', block.attrs['id'])) : null;
        out.push(`<h${block.level}${id ? ` id="${id}"` : ''}>${this.inlines(block.inlines)}</h${block.level}>`);
        return;
      }
      case 'paragraph':
        out.push(`<p${block.continuesParagraph ? ' class="continued"' : ''}>${this.inlines(block.inlines)}</p>`);
        return;
      case 'blockquote':
        out.push(`<blockquote><p>${this.inlines(block.inlines)}</p></blockquote>`);
        return;
      case 'listItem': {
        const tag = block.listKind === 'ordered' ? 'ol' : 'ul';
        const depth = Math.max(1, Math.min(5, block.depth));
        if (openLists.length >= depth) {
          closeLists(depth);
          if (openLists[depth - 1] !== tag) {
            closeLists(depth - 1);
          } else {
            out.push('</li>');
          }
        }
        while (openLists.length < depth) {
          // A list opened deeper than the next level gets the missing levels as bare items.
          if (openLists.length < depth - 1) {
            out.push(`<${tag}><li class="bare">`);
            openLists.push(tag);
            continue;
          }
          out.push(`<${tag}${tag === 'ol' && block.number !== undefined && block.number !== 1 ? ` start="${block.number}"` : ''}>`);
          openLists.push(tag);
        }
        const check = block.listKind === 'task' ? (block.checked ? '☑ ' : '☐ ') : '';
        out.push(`<li${tag === 'ol' && block.number !== undefined ? ` value="${block.number}"` : ''}>${check}${this.inlines(block.inlines)}`);
        return;
      }
      case 'code':
        out.push(`<pre class="code"><code>${escapeXml(block.text)}</code></pre>`);
        return;
      case 'mathDisplay': {
        // Its labels are link targets; its numbers print beside it.
        const ids = block.labels.map((label) => this.uniqueId(xmlId('t', label))).filter((id): id is string => id !== null);
        const formula = this.ctx.math?.mathml(block.tex, true) ?? `<code class="math">${escapeXml(block.tex)}</code>`;
        const numbers = this.ctx.math?.numbers(block.id) ?? [];
        const marks = ids.slice(1).map((id) => `<span id="${id}"></span>`).join('');
        const eqno = numbers.length > 0 ? `<span class="eqno">${escapeXml(numbers.join(' '))}</span>` : '';
        out.push(`<p class="math-display"${ids[0] ? ` id="${ids[0]}"` : ''}>${marks}${formula}${eqno}</p>`);
        return;
      }
      case 'resourceBlock':
        out.push(this.resource(block.resourceId));
        return;
      case 'directive':
        if (block.ignored) return;
        if (block.name === 'space') out.push('<div class="space"></div>');
        return;
      case 'containerStart': {
        const id = block.attrs['id'] ? this.uniqueId(xmlId('t', block.attrs['id'])) : null;
        const idAttr = id ? ` id="${id}"` : '';
        if (block.name === 'callout') {
          const type = block.attrs['type'] ?? Object.keys(block.attrs).find((k) => k !== 'id' && k !== 'title') ?? 'note';
          out.push(`<aside class="callout callout-${attr(type.replace(/[^A-Za-z0-9_-]/g, ''))}"${idAttr}>`);
          if (block.attrs['title']) out.push(`<p class="callout-title">${escapeXml(block.attrs['title'])}</p>`);
        } else if (block.name === 'part') {
          out.push(`<section class="part"${idAttr}>`);
        } else {
          out.push(`<div class="${block.name}"${idAttr}>`);
        }
        return;
      }
      case 'containerEnd':
        out.push(block.name === 'callout' ? '</aside>' : block.name === 'part' ? '</section>' : '</div>');
        return;
      case 'verse': {
        const stanzas = block.stanzas.map((lines) => `<p class="stanza">${lines.map((l) => `<span class="verse-line${l.stepped ? ' stepped' : ''}">${this.inlines(l.inlines)}</span>`).join('<br/>')}</p>`);
        out.push(`<div class="verse">${stanzas.join('')}</div>`);
        return;
      }
      case 'rawBlock':
        if (block.name === 'references') out.push(`<pre class="references">${escapeXml(block.body)}</pre>`);
        else this.ctx.warn(`A comic ${block.name} in “${this.chapter.title}” is not in the reflowable EPUB.`);
        return;
      case 'footnoteDefinition':
        return;
    }
    void openLists;
  }

  private resource(id: string): string {
    const found = this.ctx.resource(id);
    if (!found) {
      this.ctx.warn(`The resource “${id}” placed in “${this.chapter.title}” does not exist.`);
      return '';
    }
    const { record, href } = found;
    const anchor = this.uniqueId(xmlId('t', id));
    const caption = record.caption ? `<figcaption>${this.inlines(snippetInlines(record.caption, this.ctx.hardLineBreaks !== false))}${record.note ? ` <span class="credit">${this.inlines(snippetInlines(record.note, this.ctx.hardLineBreaks !== false))}</span>` : ''}</figcaption>` : '';
    let body = '';
    if (record.kind === 'table' && record.table) body = this.table(record.table.model);
    else if (href) body = `<img src="${attr(href)}" alt="${attr(record.altText ?? record.caption ?? '')}"/>`;
    else {
      this.ctx.warn(`The resource “${id}” has no picture the EPUB can carry; only its caption is kept.`);
    }
    return `<figure class="resource resource-${attr(record.kind)}"${anchor ? ` id="${anchor}"` : ''}>${body}${caption}</figure>`;
  }

  private table(model: Record<string, unknown>): string {
    const rows = Array.isArray(model['rows']) ? (model['rows'] as unknown[][]) : [];
    const headerRows = typeof model['headerRowCount'] === 'number' ? model['headerRowCount'] : 0;
    const row = (cells: unknown[], header: boolean) =>
      `<tr>${cells
        .filter((c) => !(c && typeof c === 'object' && (c as Record<string, unknown>)['hiddenBy']))
        .map((c) => {
          const cell = (c && typeof c === 'object' ? c : { content: String(c ?? '') }) as Record<string, unknown>;
          const tag = header || cell['isHeader'] === true ? 'th' : 'td';
          const span = (name: string, key: string) => (typeof cell[key] === 'number' && (cell[key] as number) > 1 ? ` ${name}="${cell[key]}"` : '');
          return `<${tag}${span('colspan', 'colSpan')}${span('rowspan', 'rowSpan')}>${this.inlines(snippetInlines(String(cell['content'] ?? ''), this.ctx.hardLineBreaks !== false))}</${tag}>`;
        })
        .join('')}</tr>`;
    const head = rows.slice(0, headerRows).map((r) => row(Array.isArray(r) ? r : [], true));
    const body = rows.slice(headerRows).map((r) => row(Array.isArray(r) ? r : [], false));
    return `<table>${head.length > 0 ? `<thead>${head.join('')}</thead>` : ''}<tbody>${body.join('') || '<tr><td></td></tr>'}</tbody></table>`;
  }
}

/** One chapter as a complete XHTML content document. */
export function chapterDocument(chapter: ExportChapter, ctx: XhtmlContext): string {
  const body = new ChapterWriter(chapter, ctx).body();
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${attr(ctx.language)}" lang="${attr(ctx.language)}"${ctx.rtl ? ' dir="rtl"' : ''}>
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(chapter.title)}</title>
<link rel="stylesheet" type="text/css" href="../styles/book.css"/>
</head>
<body epub:type="bodymatter">
<section epub:type="chapter" role="doc-chapter" aria-label="${attr(chapter.title)}">
${body}
</section>
</body>
</html>
`;
}
