/**
 * Word manuscript → Postext Markdown (tools.md §3.7 sandbox_import_word, §7.16; platform-notes §6):
 * our own mapper over the .docx parts, in the worker. Paragraph styles are mapped by **name**
 * (and `w:outlineLvl`), never by style id; runs keep bold, italic, super/subscript and small
 * capitals; Word lists become Postext lists, footnotes and endnotes `[^n]`, links `[text](url)`,
 * tabs `:tab`, pictures figure resources and tables table resources placed with `::resource`,
 * captioned from the Caption paragraph beside them. Tracked insertions are kept, deletions
 * dropped. A document we exported carries its template (`postextWordTemplate`), which maps its
 * styles back. Pure apart from JSZip.
 */
import { countPlainWords } from '../../engine/text/words';
import JSZip from 'jszip';
import type { ResourceRecord } from '../../protocol/messages';
import { child, descendants, elements, isOn, parseXml, type XmlElement } from './xml';

export type ParagraphTarget =
  | { kind: 'body' }
  | { kind: 'heading'; level: number }
  | { kind: 'quote' }
  | { kind: 'caption' }
  | { kind: 'markup' }
  | { kind: 'chapter' }
  | { kind: 'drop' }
  | { kind: 'callout'; type: string }
  | { kind: 'calloutTitle'; type: string };

export type CharacterTarget = 'text' | 'bold' | 'italic' | 'boldItalic' | 'smallCaps' | 'sup' | 'sub' | 'markup' | 'drop' | { kind: 'chip'; style: string };

export interface WordImportOptions {
  /** Chapters start at each level-1 heading and "chapter" paragraph (destinations append and book). */
  splitChapters: boolean;
  mapping?: { paragraphs?: Record<string, ParagraphTarget>; characters?: Record<string, CharacterTarget> } | undefined;
  lineBreaks?: 'keep' | 'space' | 'paragraph' | undefined;
  pageBreaks?: 'keep' | 'drop' | undefined;
  images?: boolean | undefined;
  tables?: boolean | undefined;
  /** Resource ids already in the book (new ones avoid them). */
  takenIds?: readonly string[] | undefined;
}

export interface WordFinding {
  id: string;
  count: number;
  examples: string[];
  severity: 'info' | 'warn';
}

export interface WordReport {
  verdict: 'clean' | 'mixed' | 'plain';
  paragraphs: number;
  styled: number;
  paragraphStyles: { name: string; count: number; sample: string; target: ParagraphTarget }[];
  characterStyles: { name: string; count: number; sample: string; target: CharacterTarget }[];
  pictures: number;
  tables: number;
  footnotes: number;
  findings: WordFinding[];
  /** The document carried a Postext export template, which mapped its styles. */
  embeddedTemplate: boolean;
}

export interface WordImportResult {
  report: WordReport;
  chapters: { title: string; markdown: string }[];
  resources: { record: ResourceRecord; payload?: Uint8Array }[];
  warnings: string[];
}

/** Refusal with a sentence a person (or agent) can act on. */
export class WordImportError extends Error {}

interface StyleInfo {
  name: string;
  basedOn?: string | undefined;
  outline?: number | undefined;
}

const CAPTION_LABEL = /^(figure|fig\.|table|tabla|figura|tableau|abbildung|tabelle|图|表|شكل|جدول)\s*[\dIVXivx.:-]*\s*[:.–—-]?\s*/i;

function lower(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Word's built-in paragraph roles by (English) name; other UI languages name them in styles.xml the same way in `w:name`. */
function builtInTarget(name: string, outline: number | undefined): ParagraphTarget | null {
  const n = lower(name);
  const heading = /^(heading|titre|uberschrift|encabezado|titulo)\s*([1-6])$/.exec(n);
  if (heading) return { kind: 'heading', level: Number(heading[2]) };
  if (n === 'title') return { kind: 'heading', level: 1 };
  if (n === 'quote' || n === 'intense quote' || n === 'block text') return { kind: 'quote' };
  if (n === 'caption') return { kind: 'caption' };
  if (n === 'postext markup') return { kind: 'markup' };
  if (n === 'postext chapter') return { kind: 'chapter' };
  const callout = /^callout( title)?: (.+)$/.exec(n);
  if (callout) return callout[1] ? { kind: 'calloutTitle', type: callout[2]!.replace(/\s+/g, '-') } : { kind: 'callout', type: callout[2]!.replace(/\s+/g, '-') };
  if (/^(toc|index|header|footer)\b/.test(n) || n.startsWith('toc heading')) return { kind: 'drop' };
  if (outline !== undefined && outline >= 0 && outline <= 5) return { kind: 'heading', level: outline + 1 };
  return null;
}

function builtInCharacter(name: string): CharacterTarget | null {
  const n = lower(name);
  if (n === 'postext markup inline') return 'markup';
  if (n === 'strong') return 'bold';
  if (n === 'emphasis' || n === 'intense emphasis') return 'italic';
  const chip = /^chip: (.+)$/.exec(n);
  if (chip) return { kind: 'chip', style: chip[1]!.replace(/\s+/g, '-') };
  return null;
}

/** Characters that would start Markdown or Postext syntax inside running text. */
function escapeInline(text: string): string {
  return text.replace(/([\\*_`[\]$~^])/g, '\\$1').replace(/:(?=[a-z]+[[{])/g, '\\:');
}

/** A line that would read as a block marker (heading, quote, list, fence, directive) gets a backslash. */
function escapeLineStart(line: string): string {
  return /^(#{1,6}\s|>|[-+*]\s|\d+[.)]\s|:::|::|```|---\s*$)/.test(line) ? `\\${line}` : line;
}

/** The import report's word count: the rule of the Chapters panel and the tools (CJK characters count one each). */
function wordsOf(text: string): number {
  return countPlainWords(text);
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  sup: boolean;
  sub: boolean;
  smallCaps: boolean;
  /** Already Markdown (links, notes, tabs, markup runs): not escaped or wrapped. */
  raw: boolean;
}

export async function convertWord(bytes: Uint8Array, options: WordImportOptions): Promise<WordImportResult> {
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    throw new WordImportError('This is a binary Word 97–2003 .doc file; save it as .docx (Word: File › Save As › Word Document) and import that.');
  }
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new WordImportError('This file is not a .docx (a .docx is a zip archive); send a Word document saved as .docx.');
  }
  const read = async (path: string): Promise<string | null> => (zip.file(path) ? zip.file(path)!.async('string') : null);
  const documentXml = await read('word/document.xml');
  if (!documentXml) throw new WordImportError('This zip has no word/document.xml, so it is not a Word document; send a .docx.');

  const warnings: string[] = [];
  const styles = new Map<string, StyleInfo>();
  const characterStyles = new Map<string, string>();
  const stylesXml = await read('word/styles.xml');
  if (stylesXml) {
    for (const style of elements(parseXml(stylesXml), 'w:style')) {
      const id = style.attrs['w:styleId'];
      const name = child(style, 'w:name')?.attrs['w:val'];
      if (!id || !name) continue;
      if (style.attrs['w:type'] === 'character') characterStyles.set(id, name);
      else if (style.attrs['w:type'] !== 'table' && style.attrs['w:type'] !== 'numbering') {
        const outline = child(child(style, 'w:pPr'), 'w:outlineLvl')?.attrs['w:val'];
        styles.set(id, { name, basedOn: child(style, 'w:basedOn')?.attrs['w:val'], outline: outline === undefined ? undefined : Number(outline) });
      }
    }
  }

  // The template of a document we exported maps its styles back (tools.md §7.16).
  let template: { paragraphs?: Record<string, ParagraphTarget>; characters?: Record<string, CharacterTarget> } = {};
  const customXml = await read('docProps/custom.xml');
  if (customXml) {
    const property = elements(parseXml(customXml), 'property').find((p) => p.attrs['name'] === 'postextWordTemplate');
    const value = property ? descendants(property, 'vt:lpwstr')[0]?.children.join('') : undefined;
    try {
      const parsed = value ? (JSON.parse(value) as { postextWordTemplate?: typeof template }) : {};
      if (parsed.postextWordTemplate) template = parsed.postextWordTemplate;
    } catch {
      warnings.push('The document’s embedded Postext template could not be read; styles were mapped automatically.');
    }
  }
  const embeddedTemplate = Object.keys(template).length > 0;
  const byName = <T>(map: Record<string, T> | undefined, name: string): T | undefined => {
    if (!map) return undefined;
    const key = Object.keys(map).find((k) => lower(k) === lower(name));
    return key === undefined ? undefined : map[key];
  };

  const paragraphTarget = (styleId: string | undefined): { name: string; target: ParagraphTarget } => {
    const name = (styleId && styles.get(styleId)?.name) || 'Normal';
    const given = byName(options.mapping?.paragraphs, name) ?? byName(template.paragraphs, name);
    if (given) return { name, target: given };
    // Follow basedOn for headings made from a heading style.
    for (let id = styleId, depth = 0; id && depth < 10; depth++) {
      const style = styles.get(id);
      if (!style) break;
      const found = builtInTarget(style.name, style.outline);
      if (found) return { name, target: found };
      id = style.basedOn;
    }
    return { name, target: { kind: 'body' } };
  };
  const characterTarget = (styleId: string | undefined): { name: string; target: CharacterTarget } | null => {
    if (!styleId) return null;
    const name = characterStyles.get(styleId) ?? styleId;
    if (/^(default paragraph font|hyperlink|footnote reference|endnote reference)$/i.test(name)) return null;
    const given = byName(options.mapping?.characters, name) ?? byName(template.characters, name);
    return { name, target: given ?? builtInCharacter(name) ?? 'text' };
  };

  // Relationships (links, pictures), numbering (bullets vs numbers), notes.
  const rels = new Map<string, { target: string; external: boolean }>();
  const relsXml = await read('word/_rels/document.xml.rels');
  if (relsXml) for (const r of elements(parseXml(relsXml), 'Relationship')) rels.set(r.attrs['Id'] ?? '', { target: r.attrs['Target'] ?? '', external: r.attrs['TargetMode'] === 'External' });
  const numberFormats = new Map<string, Map<number, string>>();
  const numberingXml = await read('word/numbering.xml');
  if (numberingXml) {
    const root = parseXml(numberingXml);
    const abstract = new Map<string, Map<number, string>>();
    for (const a of elements(root, 'w:abstractNum')) {
      const levels = new Map<number, string>();
      for (const lvl of elements(a, 'w:lvl')) levels.set(Number(lvl.attrs['w:ilvl'] ?? 0), child(lvl, 'w:numFmt')?.attrs['w:val'] ?? 'bullet');
      abstract.set(a.attrs['w:abstractNumId'] ?? '', levels);
    }
    for (const n of elements(root, 'w:num')) numberFormats.set(n.attrs['w:numId'] ?? '', abstract.get(child(n, 'w:abstractNumId')?.attrs['w:val'] ?? '') ?? new Map());
  }
  const notes = new Map<string, XmlElement>();
  for (const part of ['footnotes', 'endnotes'] as const) {
    const xml = await read(`word/${part}.xml`);
    if (!xml) continue;
    for (const note of elements(parseXml(xml), part === 'footnotes' ? 'w:footnote' : 'w:endnote')) {
      const type = note.attrs['w:type'];
      if (type === 'separator' || type === 'continuationSeparator' || type === 'continuationNotice') continue;
      notes.set(`${part}:${note.attrs['w:id']}`, note);
    }
  }

  // Findings and counts for the report.
  const findings = new Map<string, WordFinding>();
  const find = (id: string, example: string, severity: 'info' | 'warn' = 'info') => {
    const f = findings.get(id) ?? { id, count: 0, examples: [], severity };
    f.count++;
    if (f.examples.length < 3 && example) f.examples.push(example.slice(0, 60));
    findings.set(id, f);
  };
  const paragraphStats = new Map<string, { count: number; sample: string; target: ParagraphTarget }>();
  const characterStats = new Map<string, { count: number; sample: string; target: CharacterTarget }>();

  const taken = new Set(options.takenIds ?? []);
  const newId = (base: string): string => {
    let n = 1;
    while (taken.has(`${base}-${n}`)) n++;
    taken.add(`${base}-${n}`);
    return `${base}-${n}`;
  };
  const resources: WordImportResult['resources'] = [];
  let pictures = 0;
  let tableCount = 0;
  let noteNumber = 0;

  /** Runs of a paragraph (or a note's paragraph) → Markdown text; footnotes collected into `defs`. */
  const inlineOf = (paragraph: XmlElement, defs: string[], placed: string[]): string => {
    const runs: Run[] = [];
    const push = (run: Partial<Run> & { text: string }) => runs.push({ bold: false, italic: false, sup: false, sub: false, smallCaps: false, raw: false, ...run });
    const walk = (node: XmlElement, deleted: boolean): void => {
      for (const c of elements(node)) {
        if (c.name === 'w:del' || c.name === 'w:moveFrom') {
          find('trackedChanges', '');
          continue;
        }
        if (c.name === 'w:ins' || c.name === 'w:moveTo') find('trackedChanges', '');
        if (c.name === 'w:hyperlink') {
          const rel = rels.get(c.attrs['r:id'] ?? '');
          const inner: Run[] = [];
          const saved = runs.length;
          walk(c, deleted);
          inner.push(...runs.splice(saved));
          const text = inner.map((r) => (r.raw ? r.text : escapeInline(r.text))).join('');
          if (rel?.external && text) push({ text: `[${text}](${rel.target.replace(/[()\s]/g, (ch) => encodeURIComponent(ch))})`, raw: true });
          else runs.push(...inner);
          continue;
        }
        if (c.name === 'w:r') {
          run(c);
          continue;
        }
        if (c.name === 'm:oMath' || c.name === 'm:oMathPara') {
          find('equations', '', 'warn');
          const tex = descendants(c, 'm:t').map((t) => t.children.join('')).join('');
          push({ text: `$${tex}$`, raw: true });
          continue;
        }
        if (c.name === 'w:commentRangeStart') find('comments', '');
        if (['w:ins', 'w:moveTo', 'w:smartTag', 'w:sdt', 'w:sdtContent', 'w:fldSimple', 'w:customXml'].includes(c.name)) walk(c, deleted);
      }
    };
    const run = (r: XmlElement): void => {
      const props = child(r, 'w:rPr');
      if (isOn(child(props, 'w:vanish'))) {
        find('hiddenText', '', 'warn');
        return;
      }
      const styled = characterTarget(child(props, 'w:rStyle')?.attrs['w:val']);
      const vert = child(props, 'w:vertAlign')?.attrs['w:val'];
      const base: Partial<Run> = {
        bold: isOn(child(props, 'w:b')),
        italic: isOn(child(props, 'w:i')),
        sup: vert === 'superscript',
        sub: vert === 'subscript',
        smallCaps: isOn(child(props, 'w:smallCaps')),
      };
      if (styled) {
        const t = styled.target;
        const text = descendants(r, 'w:t').map((x) => x.children.join('')).join('');
        const stat = characterStats.get(styled.name) ?? { count: 0, sample: text.slice(0, 40), target: t };
        stat.count++;
        characterStats.set(styled.name, stat);
        if (t === 'drop') return;
        if (t === 'markup') return void push({ text, raw: true });
        if (typeof t === 'object') return void push({ text: `:chip[${escapeInline(text)}]{${t.style}}`, raw: true });
        if (t === 'bold' || t === 'boldItalic') base.bold = true;
        if (t === 'italic' || t === 'boldItalic') base.italic = true;
        if (t === 'smallCaps') base.smallCaps = true;
        if (t === 'sup') base.sup = true;
        if (t === 'sub') base.sub = true;
      } else if (base.bold || base.italic) find('directFormatting', '');
      for (const c of elements(r)) {
        if (c.name === 'w:t' || c.name === 'w:delText') {
          if (c.name === 'w:t') push({ ...base, text: c.children.join('') });
        } else if (c.name === 'w:tab') push({ text: ':tab', raw: true });
        else if (c.name === 'w:br' || c.name === 'w:cr') {
          if (c.attrs['w:type'] === 'page') {
            find('pageBreaks', '');
            if (options.pageBreaks === 'keep') push({ text: '\n\n::pagebreak\n\n', raw: true });
          } else {
            find('lineBreaks', '');
            const mode = options.lineBreaks ?? 'keep';
            push({ text: mode === 'keep' ? '\\\n' : mode === 'space' ? ' ' : '\n\n', raw: true });
          }
        } else if (c.name === 'w:footnoteReference' || c.name === 'w:endnoteReference') {
          const note = notes.get(`${c.name === 'w:footnoteReference' ? 'footnotes' : 'endnotes'}:${c.attrs['w:id']}`);
          if (!note) continue;
          const label = String(++noteNumber);
          const body = elements(note, 'w:p').map((p) => inlineOf(p, defs, placed)).join(' ').trim();
          defs.push(`[^${label}]: ${body}`);
          push({ text: `[^${label}]`, raw: true });
        } else if (c.name === 'w:drawing' || c.name === 'w:pict') {
          const blip = descendants(c, 'a:blip')[0] ?? descendants(c, 'v:imagedata')[0];
          const relId = blip?.attrs['r:embed'] ?? blip?.attrs['r:id'];
          const target = relId ? rels.get(relId) : undefined;
          if (descendants(c, 'wps:txbx').length > 0 || descendants(c, 'v:textbox').length > 0) {
            find('textBoxes', '', 'warn');
            const inner = descendants(c, 'w:p').map((p) => inlineOf(p, defs, placed)).join(' ');
            if (inner.trim()) push({ text: ` ${inner} `, raw: true });
            continue;
          }
          if (!target || target.external) continue;
          pictures++;
          if (options.images === false) continue;
          const alt = descendants(c, 'wp:docPr')[0]?.attrs['descr'] ?? '';
          placed.push(`picture:${target.target}:${alt}`);
        }
      }
    };
    walk(paragraph, false);
    // Marks: wrap runs that share formatting; escapes first.
    let out = '';
    for (const r of runs) {
      if (r.raw) {
        out += r.text;
        continue;
      }
      let text = escapeInline(r.text);
      if (!text) continue;
      const lead = /^\s*/.exec(text)![0];
      const trail = /\s*$/.exec(text)![0];
      let core = text.slice(lead.length, text.length - trail.length);
      if (!core) {
        out += text;
        continue;
      }
      if (r.sup) core = `^${core}^`;
      if (r.sub) core = `~${core}~`;
      if (r.smallCaps) core = `:sc[${core}]`;
      if (r.bold && r.italic) core = `***${core}***`;
      else if (r.bold) core = `**${core}**`;
      else if (r.italic) core = `*${core}*`;
      out += lead + core + trail;
    }
    return out.replace(/\*\*\*\*|(?<!\*)\*\*(?!\*)(?=\*\*)/g, '');
  };

  const body = child(parseXml(documentXml), 'w:body');
  if (!body) throw new WordImportError('word/document.xml has no body; the document is damaged.');
  /** `marked`: opened by a "chapter" paragraph, whose first level-1 heading belongs to it. */
  const chapters: { title: string; lines: string[]; defs: string[]; marked: boolean; hasH1: boolean }[] = [{ title: '', lines: [], defs: [], marked: false, hasH1: false }];
  const current = () => chapters[chapters.length - 1]!;
  const startChapter = (title: string, marked: boolean) => {
    if (current().lines.length === 0 && !current().title) Object.assign(current(), { title, marked });
    else chapters.push({ title, lines: [], defs: [], marked, hasH1: false });
  };
  let paragraphs = 0;
  let styledCount = 0;
  let openCallout: string | null = null;
  let pendingCaptionFor: { record: ResourceRecord } | null = null;
  let lastWasList = false;
  const closeCallout = () => {
    if (openCallout !== null) {
      current().lines.push(':::', '');
      openCallout = null;
    }
  };
  const emit = (line: string, listItem = false) => {
    if (lastWasList && !listItem) current().lines.push('');
    current().lines.push(line);
    if (!listItem) current().lines.push('');
    lastWasList = listItem;
  };

  const placePictures = (placed: string[]) => {
    for (const spec of placed) {
      const [, target, alt] = /^picture:(.*?):(.*)$/s.exec(spec) ?? [];
      const path = `word/${target!.replace(/^\/?word\//, '').replace(/^\.\//, '')}`;
      const file = zip.file(path);
      const id = newId('figure');
      const record: ResourceRecord = { id, typeId: 'figure', kind: /\.svg$/i.test(path) ? 'svg' : 'bitmap', ...(alt ? { altText: alt } : {}) };
      resources.push({ record });
      pendingFiles.push({ record, file: file ?? null, path });
      emit(`::resource{id="${id}"}`);
      pendingCaptionFor = { record };
    }
  };
  const pendingFiles: { record: ResourceRecord; file: JSZip.JSZipObject | null; path: string }[] = [];
  let lastWasMarkup = false;

  for (const block of elements(body)) {
    if (block.name === 'w:tbl') {
      tableCount++;
      if (options.tables === false) continue;
      closeCallout();
      const rows = elements(block, 'w:tr');
      let headerRowCount = 0;
      const model = rows.map((tr, r) => {
        const header = isOn(child(child(tr, 'w:trPr'), 'w:tblHeader'));
        if (header && r === headerRowCount) headerRowCount++;
        return elements(tr, 'w:tc').map((tc) => {
          const span = Number(child(child(tc, 'w:tcPr'), 'w:gridSpan')?.attrs['w:val'] ?? 1);
          const content = elements(tc, 'w:p').map((p) => inlineOf(p, current().defs, [])).join(' ').trim();
          return { content, ...(span > 1 ? { colSpan: span } : {}), ...(header ? { isHeader: true } : {}) };
        });
      });
      const id = newId('table');
      const record: ResourceRecord = { id, typeId: 'table', kind: 'table', table: { model: { rows: model, headerRowCount } } };
      resources.push({ record });
      emit(`::resource{id="${id}"}`);
      pendingCaptionFor = { record };
      continue;
    }
    if (block.name !== 'w:p') continue;
    paragraphs++;
    const afterMarkup = lastWasMarkup;
    lastWasMarkup = false;
    const pPr = child(block, 'w:pPr');
    const styleId = child(pPr, 'w:pStyle')?.attrs['w:val'];
    const { name, target } = paragraphTarget(styleId);
    if (styleId && name !== 'Normal') styledCount++;
    const placed: string[] = [];
    const text = inlineOf(block, current().defs, placed);
    const plain = text.replace(/\\(.)/g, '$1');
    const stat = paragraphStats.get(name) ?? { count: 0, sample: '', target };
    stat.count++;
    if (!stat.sample && plain.trim()) stat.sample = plain.trim().slice(0, 60);
    paragraphStats.set(name, stat);
    if (!plain.trim() && placed.length === 0) {
      find('emptyParagraphs', '');
      continue;
    }
    if (placed.length > 0) {
      if (target.kind !== 'callout') closeCallout();
      placePictures(placed);
      if (!plain.trim()) continue;
    }
    // A caption beside a figure or table labels it (typed "Figure 3." labels dropped).
    if (target.kind === 'caption') {
      const caption = text.trim().replace(CAPTION_LABEL, '');
      const lastResource = pendingCaptionFor;
      if (lastResource && !lastResource.record.caption) {
        lastResource.record.caption = caption;
        pendingCaptionFor = null;
        continue;
      }
      emit(escapeLineStart(caption));
      continue;
    }
    pendingCaptionFor = null;
    if (target.kind !== 'callout' && target.kind !== 'calloutTitle') closeCallout();
    const numPr = child(pPr, 'w:numPr');
    const numId = child(numPr, 'w:numId')?.attrs['w:val'];
    if (numPr && numId && numId !== '0' && (target.kind === 'body' || lower(name) === 'list paragraph')) {
      const level = Math.min(4, Number(child(numPr, 'w:ilvl')?.attrs['w:val'] ?? 0));
      const format = numberFormats.get(numId)?.get(level) ?? 'bullet';
      const marker = format === 'bullet' || format === 'none' ? '-' : '1.';
      emit(`${'  '.repeat(level)}${marker} ${text.trim().replace(/\n/g, ' ')}`, true);
      continue;
    }
    if (/^(\d+[.)]|[•·▪◦–-])\s/.test(plain.trim()) && target.kind === 'body') find('typedNumbering', plain.trim());
    switch (target.kind) {
      case 'drop':
        continue;
      case 'chapter':
        if (options.splitChapters) startChapter(plain.trim(), true);
        else emit(`# ${text.trim()}`);
        continue;
      case 'heading':
        // A level-1 heading opens a chapter, unless the chapter just began (a "chapter" paragraph titled it).
        if (target.level === 1 && options.splitChapters && current().lines.length > 0 && (!current().marked || current().hasH1)) startChapter(plain.trim(), false);
        if (target.level === 1 && !current().title) current().title = plain.trim();
        if (target.level === 1) current().hasH1 = true;
        emit(`${'#'.repeat(Math.max(1, Math.min(6, target.level)))} ${text.trim().replace(/\\\n/g, ' ')}`);
        continue;
      case 'quote':
        emit(`> ${text.trim()}`);
        continue;
      case 'markup':
        // Postext Markdown as written: consecutive markup paragraphs are lines of one block.
        if (current().lines[current().lines.length - 1] === '' && afterMarkup) current().lines.pop();
        current().lines.push(plain, '');
        lastWasList = false;
        lastWasMarkup = true;
        continue;
      case 'callout':
      case 'calloutTitle':
        if (openCallout !== target.type || target.kind === 'calloutTitle') {
          closeCallout();
          current().lines.push(`:::callout{type="${target.type}"${target.kind === 'calloutTitle' ? ` title="${plain.trim().replace(/"/g, '\u201D')}"` : ''}}`);
          openCallout = target.type;
          if (target.kind === 'calloutTitle') continue;
        }
        current().lines.push(escapeLineStart(text.trim()), '');
        continue;
      default: {
        if (target.kind === 'body' && !styleId && plain.trim().length < 80 && /^\*\*[^*]+\*\*$/.test(text.trim())) find('manualHeadings', plain.trim(), 'warn');
        emit(escapeLineStart(text.trim()));
      }
    }
  }
  closeCallout();

  // Picture bytes, read once the text is done.
  for (const { record, file, path } of pendingFiles) {
    const entry = resources.find((r) => r.record === record)!;
    if (!file) {
      warnings.push(`The picture ${path} is missing from the document; its place is kept.`);
      continue;
    }
    const payload = await file.async('uint8array');
    if (/\.(emf|wmf|tiff?)$/i.test(path)) {
      find('unsupportedPictures', path, 'warn');
      warnings.push(`The picture ${path.split('/').pop()} is in a format the book cannot show (EMF, WMF, TIFF); convert it to PNG or JPEG.`);
    }
    entry.payload = payload;
  }

  const styledShare = paragraphs === 0 ? 0 : styledCount / paragraphs;
  if (styledCount === 0 && paragraphs > 0) find('allNormal', '', 'warn');
  const verdict: WordReport['verdict'] = styledCount === 0 ? 'plain' : styledShare >= 0.1 || [...paragraphStats.values()].some((s) => s.target.kind === 'heading') ? 'clean' : 'mixed';
  const report: WordReport = {
    verdict,
    paragraphs,
    styled: styledCount,
    paragraphStyles: [...paragraphStats].map(([n, s]) => ({ name: n, ...s })).sort((a, b) => b.count - a.count),
    characterStyles: [...characterStats].map(([n, s]) => ({ name: n, ...s })).sort((a, b) => b.count - a.count),
    pictures,
    tables: tableCount,
    footnotes: noteNumber,
    findings: [...findings.values()],
    embeddedTemplate,
  };
  const out = chapters
    .filter((c, i) => i === 0 || c.lines.length > 0)
    .map((c, i) => ({
      title: c.title || `Chapter ${i + 1}`,
      markdown: `${[...c.lines, ...(c.defs.length > 0 ? ['', ...c.defs] : [])].join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`,
    }));
  return { report, chapters: out, resources, warnings };
}

export function wordCount(markdown: string): number {
  return wordsOf(markdown);
}
