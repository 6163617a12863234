/**
 * The sample book (postext-guide) exported to PDF in Node through the real host, checked with
 * poppler's tools and a PDF parser: text extracts word for word, fonts are embedded subsets with
 * ToUnicode, words sit where the display list put them, the outline and links point at the right
 * pages, and the page labels are the printed folios.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import { parseChapter } from '../../../../src/worker/engine/parse';
import { readSfnt } from '../../../../src/worker/export/pdf/fonts/sfnt';
import { labelOf, type LabelRange } from '../../../../src/worker/export/pdf/labels';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../../src/worker/protocol/displaylist';
import { bboxWords, exportSample, lookupDict, parsePdf, pdfText, poppler, readOutline, squash, type ExportedBook } from './support';

let book: ExportedBook;
let sources: Map<string, string>;
let sfnts: Map<string, ReturnType<typeof readSfnt>>;

beforeAll(async () => {
  book = await exportSample('postext-guide');
  sources = new Map((await book.host.getBook()).chapters.map((c) => [c.id, c.text]));
  // The faces the host loaded (FontFace keeps its file), read for advance widths and metrics.
  const fonts = (book.host as unknown as { fonts: { get(id: string): { bytes: Uint8Array } | undefined } }).fonts;
  const ids = new Set(book.pages.flatMap((p) => runs(p).map((r) => r.font)));
  sfnts = new Map([...ids].map((id) => [id, readSfnt(fonts.get(id)!.bytes)]));
}, 120_000);

/** Where a run's glyph g ends, pt: its pen x plus its advance. */
function glyphRight(run: GlyphRunItem, g: number): number {
  const info = sfnts.get(run.font)!;
  return run.xs[g]! + (info.advance(run.glyphs[g]!) * run.size) / info.unitsPerEm;
}

function runs(page: PageDisplayList): GlyphRunItem[] {
  return page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
}

/** Source offset of a run's text index (−1 for generated text). */
function offsetOf(run: GlyphRunItem, index: number): number {
  if (run.srcFrom < 0) return -1;
  return run.srcMap ? (run.srcMap[index] ?? -1) : run.srcFrom + index;
}

interface Fragment {
  text: string;
  /**
   * The text with marks where lines end in a hyphen: GENERATED where line breaking added it,
   * TYPED where the text has it. pdftotext joins lines ending in a hyphen-minus and drops the
   * hyphen — also a typed one ("one-⏎line" → "oneline") — unless its block detection puts the
   * next line in another block (then "col- umn" stays apart).
   */
  marked: string;
  /** Where its lines are, pt from the page's top-left. */
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The body text of a page as the layout set it, one fragment per paragraph and column: lines
 * joined with a space, a hyphen added by line breaking removed and its word joined, and runs of
 * one line joined with a space where the source has white space between them.
 */
function bodyFragments(page: PageDisplayList): Fragment[] {
  const fragments: Fragment[] = [];
  let current: Fragment | null = null;
  let previous: GlyphRunItem | null = null;
  // List markers are generated text hanging left of their item's text: not body text. A
  // cross-reference's label is generated too but is the paragraph's own text, even when it opens
  // a line: it starts at the block's left edge (where its other lines start), a marker left of it.
  const textStart = new Map<string, number>();
  const toc = tocLines(page);
  const cells = generatedLines(page);
  for (const run of runs(page)) {
    if (run.line?.role !== 'body' || run.srcFrom < 0) continue;
    textStart.set(run.line.block, Math.min(textStart.get(run.line.block) ?? Infinity, run.xs[0]!));
  }
  for (const run of runs(page)) {
    if (run.line?.role !== 'body') continue;
    if (run.srcFrom < 0 && run.xs[run.xs.length - 1]! < (textStart.get(run.line.block) ?? -Infinity)) continue;
    // Contents entries and table cells are generated text (not the chapter's), checked on their own.
    if (toc.has(`${run.line.block}@${run.y}`) || cells.has(`${run.line.block}@${run.y}`)) continue;
    const sameBlock = previous?.line?.block === run.line.block;
    if (!previous || !sameBlock || run.y < previous.y) {
      if (current && previous?.line?.hyphenated && offsetOf(previous, previous.text.length - 1) < 0) current.marked += TRAILING;
      if (current) fragments.push(current);
      current = null;
      previous = null;
    }
    current ??= { text: '', marked: '', left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    let text = run.text;
    if (run.line.hyphenated && offsetOf(run, text.length - 1) < 0 && text.endsWith('-')) text = text.slice(0, -1);
    if (previous) {
      if (run.y !== previous.y) {
        const joined = previous.line?.hyphenated && offsetOf(previous, previous.text.length - 1) < 0;
        const typedHyphen = !joined && previous.text.endsWith('-');
        current.text += joined || typedHyphen ? '' : ' ';
        if (typedHyphen) current.marked = current.marked.slice(0, -1);
        current.marked += joined ? GENERATED : typedHyphen ? TYPED : ' ';
      } else {
        // A space where the source has one right after the previous run (or, after generated
        // text such as a note number, right before this run).
        const source = sources.get(run.chapter) ?? '';
        const end = offsetOf(previous, previous.text.length - 1);
        const start = offsetOf(run, 0);
        const gap = end >= 0 && start >= 0 ? source.slice(end + 1, start) : end >= 0 ? source[end + 1] : start > 0 ? source[start - 1] : '';
        current.text += gap && /\s/.test(gap) ? ' ' : '';
        current.marked += gap && /\s/.test(gap) ? ' ' : '';
      }
    }
    current.text += text;
    current.marked += text;
    current.left = Math.min(current.left, run.xs[0]!);
    current.right = Math.max(current.right, glyphRight(run, run.glyphs.length - 1));
    current.top = Math.min(current.top, run.y - run.size);
    current.bottom = Math.max(current.bottom, run.y + run.size * 0.3);
    previous = run;
  }
  if (current && previous?.line?.hyphenated && offsetOf(previous, previous.text.length - 1) < 0) {
    // The word goes on in the next column or page: its hyphen cannot be joined there.
    current.marked += TRAILING;
  }
  if (current) fragments.push(current);
  return fragments;
}

/**
 * The lines of `:::toc` entries on a page (document-format §17.1), keyed block@baseline: body
 * lines leading to a heading whose generated leader is a run of dots.
 */
function tocLines(page: PageDisplayList): Set<string> {
  const keys = new Set<string>();
  for (const run of runs(page)) {
    if (run.line?.role === 'body' && run.line.target !== undefined && run.srcFrom < 0 && /^\.{2,}$/.test(run.text)) keys.add(`${run.line.block}@${run.y}`);
  }
  return keys;
}

/**
 * Body lines made of generated text only, keyed block@baseline: the cells of a table resource
 * (set from the manifest's snippets, like captions) and contents entries.
 */
function generatedLines(page: PageDisplayList): Set<string> {
  const sourced = new Set<string>();
  const all = new Set<string>();
  for (const run of runs(page)) {
    if (run.line?.role !== 'body') continue;
    const key = `${run.line.block}@${run.y}`;
    all.add(key);
    // Offset 0 is a chapter's first character — its heading's `#`, front matter or a directive,
    // never body text — and the spaces of generated snippets report it too (engine/resources).
    if ([...run.text].some((_, i) => offsetOf(run, i) > 0)) sourced.add(key);
  }
  return new Set([...all].filter((k) => !sourced.has(k)));
}

const GENERATED = '\u0001';
const TYPED = '\u0002';
const TRAILING = '\u0003';

/** A pattern of a fragment's text; `artefacts` also accepts a hyphen poppler left unjoined. */
function fragmentPattern(fragment: Fragment, artefacts: boolean): RegExp {
  const escaped = squash(fragment.marked).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replaceAll(GENERATED, artefacts ? '(?:- )?' : '').replaceAll(TYPED, artefacts ? '(?:-|- )?' : '-?').replaceAll(TRAILING, '-?')}$`, 'u');
}

/**
 * Extracted text without the page's inline formulas: they extract as their TeX (engine/math,
 * tests/unit/math/pdf-file.test.ts) but are paths, not body runs, so the fragments leave them out.
 */
function withoutFormulas(extracted: string, page: PageDisplayList): string {
  let text = extracted;
  for (const item of page.items) {
    if (item.op !== Op.Path || item.math !== 'inline' || item.text === undefined) continue;
    const tex = squash(item.text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Before punctuation the space in front goes too ("ratio r." → "ratio."), else one space stays.
    const before = new RegExp(`\\s${tex}(?=[.,;:!?)])`, 'u');
    text = before.test(text) ? text.replace(before, '') : text.replace(new RegExp(`(^|\\s)${tex}(?=\\s|$)`, 'u'), '$1');
  }
  return squash(text);
}

/**
 * Extracted text without the generated marks set inside a fragment's area that are not its text:
 * runs with no source and no line record, such as a code listing's wrap marker (») in the indent
 * of a turned-over line (page/code-block.ts), with the space after it.
 */
function withoutMarks(extracted: string, page: PageDisplayList, fragment: Fragment): string {
  let text = extracted;
  for (const run of runs(page)) {
    if (run.line || run.srcFrom >= 0 || run.y < fragment.top || run.y > fragment.bottom + 1) continue;
    if (run.xs[0]! < fragment.left - 1 || run.xs[0]! > fragment.right) continue;
    const mark = squash(run.text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // (pdftotext may join it to the turnover's first character: "»}".)
    if (mark) text = text.replace(new RegExp(`(^|\\s)${mark}\\s?`, 'u'), '$1');
  }
  return squash(text);
}

/** pdftotext of one area of a page (pt: at 72 dpi pdftotext's pixels are points). */
function textIn(file: string, page: number, box: Fragment): string {
  const x = Math.floor(box.left - 1);
  const y = Math.floor(box.top);
  const args = ['-f', String(page), '-l', String(page), '-r', '72', '-x', String(x), '-y', String(y), '-W', String(Math.ceil(box.right + 1 - x)), '-H', String(Math.ceil(box.bottom - y)), file, '-'];
  return squash(poppler('pdftotext', args));
}

describe('PDF of the sample book', () => {
  it('has every page, named after the first H1', () => {
    expect(book.pdf.pages).toBe(book.pages.length);
    expect(book.pdf.mimeType).toBe('application/pdf');
    expect(book.pdf.fileName).toMatch(/\.pdf$/);
    expect(book.pdf.fileName).not.toBe('document.pdf');
    expect(poppler('pdfinfo', [book.file])).toMatch(new RegExp(`Pages:\\s+${book.pages.length}\\b`));
  });

  it('gives each contents entry to pdftotext as its title, the leader dots and the page label, in reading order', () => {
    let entries = 0;
    book.pages.forEach((page, i) => {
      const toc = tocLines(page);
      const byLine = new Map<string, GlyphRunItem[]>();
      for (const run of runs(page)) {
        const key = `${run.line?.block}@${run.y}`;
        if (toc.has(key)) byLine.set(key, [...(byLine.get(key) ?? []), run]);
      }
      for (const line of byLine.values()) {
        const sorted = [...line].sort((a, b) => a.xs[0]! - b.xs[0]!);
        const title = sorted[0]!.text;
        const label = sorted[sorted.length - 1]!.text;
        // The label is the folio of the page its heading was set on.
        const target = sorted[0]!.line!.target;
        expect(label).toBe(book.pages.find((p) => runs(p).some((r) => r.line?.role === 'heading' && r.line.block === target))?.label);
        const box = { text: '', marked: '', left: sorted[0]!.xs[0]!, right: glyphRight(sorted[sorted.length - 1]!, sorted[sorted.length - 1]!.glyphs.length - 1), top: line[0]!.y - line[0]!.size, bottom: line[0]!.y + line[0]!.size * 0.3 };
        const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        expect(textIn(book.file, i + 1, box), `page ${i + 1}`).toMatch(new RegExp(`^${escape(title)}[ .]*\\.[ .]*${escape(label)}$`, 'u'));
        entries++;
      }
    });
    // The guide's first chapter lists its six chapters.
    expect(entries).toBe(6);
  });

  it('gives the text of every table cell to pdftotext', () => {
    let cells = 0;
    book.pages.forEach((page, i) => {
      const keys = generatedLines(page);
      const toc = tocLines(page);
      const text = squash(poppler('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), book.file, '-']));
      for (const run of runs(page)) {
        const key = `${run.line?.block}@${run.y}`;
        if (!keys.has(key) || toc.has(key)) continue;
        expect(text, `page ${i + 1}`).toContain(squash(run.text));
        cells++;
      }
    });
    // The guide's table of page sizes: a header row and four rows of three cells (some cells on two lines).
    expect(cells).toBeGreaterThanOrEqual(15);
  });

  it('gives its body text word for word to pdftotext, hyphenated words joined and ligatures expanded', () => {
    let fragments = 0;
    let unjoined = 0;
    let hyphenated = 0;
    let ligatures = 0;
    book.pages.forEach((page, i) => {
      // Each paragraph's part in one column, read from its own area (two columns side by side
      // may be read in either order by an extractor; the words within must be exact).
      for (const fragment of bodyFragments(page)) {
        fragments++;
        const extracted = withoutMarks(withoutFormulas(textIn(book.file, i + 1, fragment), page), page, fragment);
        if (fragmentPattern(fragment, false).test(extracted)) continue;
        expect(extracted, `page ${i + 1}: ${squash(fragment.text)}`).toMatch(fragmentPattern(fragment, true));
        unjoined++;
      }
      for (const run of runs(page)) {
        if (run.line?.role === 'body' && run.line.hyphenated) hyphenated++;
        // A glyph whose cluster spans several letters is a ligature.
        run.clusters.forEach((c, g) => {
          const next = run.clusters[g + 1] ?? run.text.length;
          if (next - c > 1 && /^\p{L}+$/u.test(run.text.slice(c, next))) ligatures++;
        });
      }
    });
    // The book must exercise what this test claims to check.
    expect(fragments).toBeGreaterThan(100);
    expect(hyphenated).toBeGreaterThan(5);
    expect(ligatures).toBeGreaterThan(5);
    // Nearly every hyphenated word comes out whole; poppler keeps a few apart across its blocks.
    expect(unjoined).toBeLessThanOrEqual(Math.ceil(hyphenated / 10));
  }, 600_000); // one pdftotext run per paragraph part: slow on a shared machine

  it('embeds every font as a subset with a ToUnicode map (pdffonts)', () => {
    const lines = poppler('pdffonts', [book.file]).trim().split('\n').slice(2);
    const used = new Set(book.pages.flatMap((p) => runs(p).map((r) => r.font)));
    expect(lines).toHaveLength(used.size);
    for (const line of lines) {
      // name type encoding emb sub uni object-id
      expect(line).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\s+\d+\s+\d+$/);
    }
  });

  it('puts every word where the display list put it (pdftotext -bbox, within 0.1 pt)', () => {
    const index = book.pages.findIndex((p) => p.role === 'body' && runs(p).filter((r) => r.line?.role === 'body').length > 40);
    const page = book.pages[index]!;
    const words = bboxWords(book.file, index + 1);
    let checked = 0;
    for (const run of runs(page)) {
      if (run.line?.role !== 'body') continue;
      const info = sfnts.get(run.font)!;
      // Words of the run: glyphs between the spaces of its text.
      let start = 0;
      for (let g = 0; g < run.glyphs.length; g++) {
        const next = run.clusters[g + 1] ?? run.text.length;
        const endsWord = g === run.glyphs.length - 1 || run.text.slice(run.clusters[g]!, next).endsWith(' ');
        if (!endsWord) continue;
        const text = run.text.slice(run.clusters[start]!, next).trim();
        const x = run.xs[start]!;
        const right = glyphRight(run, g);
        const baselineBottom = run.y - (info.descender / info.unitsPerEm) * run.size;
        // A run may end inside a word another run continues (a style change): match by start only then.
        const candidates = words.filter((w) => Math.abs(w.xMin - x) < 0.1 && Math.abs(w.yMax - baselineBottom) < 0.1);
        expect(candidates, `"${text}" at ${x}, ${run.y}`).toHaveLength(1);
        const word = candidates[0]!;
        if (word.text === text) {
          expect(Math.abs(word.xMax - right), `"${text}" right edge`).toBeLessThan(0.1);
          checked++;
        } else {
          expect(word.text.startsWith(text) || text.startsWith(word.text), `"${word.text}" vs "${text}"`).toBe(true);
        }
        start = g + 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('has an outline of the headings pointing at the pages and heights where they were set', async () => {
    const outline = await readOutline(book.pdf.bytes);
    // The book's headings from the parser, in book order, and where the layout set each one.
    const chapters = (await book.host.getBook()).chapters;
    const headings = chapters.flatMap((c, i) => parseChapter(c.text, { chapterId: c.id, isFirstChapter: i === 0 }).collected.headings);
    const placed = headings.flatMap((h) => {
      for (const page of book.pages) {
        const lines = runs(page).filter((r) => r.line?.block === h.blockId);
        if (lines.length > 0) return [{ heading: h, page: page.index, first: lines[0]!, text: lines.map((r) => r.text).join(' ') }];
      }
      return [];
    });
    expect(placed.length).toBeGreaterThan(20);
    expect(outline.map((o) => o.title)).toEqual(placed.map((p) => squash(p.heading.plainText)));
    outline.forEach((item, i) => {
      const heading = placed[i]!;
      expect(item.page, item.title).toBe(heading.page);
      expect(squash(heading.text).replace(/\s/g, '')).toContain(item.title.replace(/\s/g, ''));
      // The destination is at the top of the heading's first line (one em above its baseline).
      const pageHeight = book.pages[heading.page]!.height;
      expect(Math.abs(item.top - (pageHeight - (heading.first.y - heading.first.size)))).toBeLessThan(0.01);
    });
    // Nested by level: a chapter's sections sit under its title.
    expect(outline.some((item) => item.depth > 0)).toBe(true);
    expect(outline.every((item, i) => item.depth === 0 || (i > 0 && outline[i - 1]!.depth >= item.depth - 1))).toBe(true);
  });

  it('links references to the page of their target and web addresses to their URL', async () => {
    const { doc, pageIndex } = await parsePdf(book.pdf.bytes);
    const targets = new Map<number, Set<number>>();
    const blockTops = new Set(book.pages.flatMap((page) => runs(page).filter((r) => r.line).map((r) => `${page.index}:${Math.round((page.height - (r.y - r.size)) * 1000)}`)));
    let external = 0;
    doc.getPages().forEach((page, i) => {
      const annots = page.node.lookup(PDFName.of('Annots'));
      if (!(annots instanceof PDFArray)) return;
      for (let k = 0; k < annots.size(); k++) {
        const annot = lookupDict(doc, annots.get(k))!;
        expect(annot.lookup(PDFName.of('Subtype'))).toBe(PDFName.of('Link'));
        const rect = annot.lookup(PDFName.of('Rect'), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
        expect(rect[2]! > rect[0]! && rect[3]! > rect[1]!).toBe(true);
        const dest = annot.lookup(PDFName.of('Dest'));
        const action = annot.lookup(PDFName.of('A'));
        if (dest instanceof PDFArray) {
          const target = pageIndex(dest.get(0) as PDFRef);
          const top = (dest.get(3) as PDFNumber).asNumber();
          // A destination is the top of a line the layout set (the target block's first line).
          expect(blockTops.has(`${target}:${Math.round(top * 1000)}`), `link on page ${i + 1} → page ${target + 1} at ${top}`).toBe(true);
          targets.set(i, new Set([...(targets.get(i) ?? []), target]));
        } else if (action instanceof PDFDict) {
          expect(action.lookup(PDFName.of('S'))).toBe(PDFName.of('URI'));
          expect(pdfText(action.lookup(PDFName.of('URI')))).toMatch(/^https?:\/\//);
          external++;
        }
      }
    });
    // "What is in this guide" lists the other five chapters with :ref{id="ch-…"}: its links go
    // to the pages where those chapters open.
    const listPage = book.pages.findIndex((p) => runs(p).some((r) => r.text.startsWith('What is in this guide')));
    const openers = (await book.host.getPages()).chapters.slice(1).map((c) => c.firstPage);
    const linked = targets.get(listPage) ?? new Set<number>();
    const openerPages = openers.map((first) => book.pages.findIndex((p, i) => i >= first && runs(p).some((r) => r.line?.role === 'heading')));
    for (const page of openerPages) expect(linked.has(page), `a link to page ${page + 1}`).toBe(true);
    // The guide's web link (its words found through their source offsets).
    expect(external).toBeGreaterThan(0);
  });

  it('labels the pages with their printed folios and carries the title and language', async () => {
    const { doc } = await parsePdf(book.pdf.bytes);
    const labels = lookupDict(doc, doc.catalog.get(PDFName.of('PageLabels')))!;
    const nums = labels.lookup(PDFName.of('Nums'), PDFArray).asArray();
    const ranges: LabelRange[] = [];
    for (let i = 0; i < nums.length; i += 2) {
      const dict = lookupDict(doc, nums[i + 1])!;
      const style = dict.lookup(PDFName.of('S'));
      const first = dict.lookup(PDFName.of('St'));
      ranges.push({
        start: (nums[i] as PDFNumber).asNumber(),
        ...(style instanceof PDFName ? { style: style.decodeText() as LabelRange['style'] } : {}),
        ...(first instanceof PDFNumber ? { first: first.asNumber() } : { first: 1 }),
        ...(dict.has(PDFName.of('P')) ? { prefix: pdfText(dict.lookup(PDFName.of('P'))) } : {}),
      });
    }
    expect(book.pages.map((_, i) => labelOf(ranges, i))).toEqual(book.pages.map((p) => p.label));
    expect(doc.getTitle()).toBeTruthy();
    expect(pdfText(doc.catalog.lookup(PDFName.of('Lang')))).toMatch(/^en/);
  });

  it('reported its progress while writing', () => {
    const progress = book.events.filter((e) => e.type === 'exportProgress');
    expect(progress.some((e) => e.type === 'exportProgress' && e.phase === 'pages' && e.done === e.total)).toBe(true);
    expect(progress.some((e) => e.type === 'exportProgress' && e.phase === 'fonts')).toBe(true);
  });
});
