/**
 * Guide words (configuration.md §5.5 `{firstMark.<key>}`, `{lastMark.<key>}`): the first and the
 * last mark set on a page, as a dictionary prints its first and last headword in the running
 * head. A key is `h1`…`h6` (the headings of that level, by their plain text) or a paragraph-style
 * id (the paragraphs of `:::paragraphs{style=id}`, by their headword: the opening bold run, with
 * trailing `,;:` dropped). A mark sits on the page where its block's first line is set; a page
 * without a mark of a key prints the last one before it in the chapter (TeX's top mark), and
 * empty before the chapter's first (our choice: marks do not carry across chapter files).
 */
import type { DisplayItem } from '../../protocol/displaylist';
import { Op } from '../../protocol/displaylist';
import type { Block, Inline } from '../parse/model';
import type { LayoutSettings } from '../settings';

/** The mark a block sets: its key and text. */
export interface Mark {
  key: string;
  text: string;
}

/** The opening bold run of a paragraph's inlines (leading spaces skipped), or '' when it opens otherwise. */
export function headword(inlines: readonly Inline[]): string {
  let out = '';
  for (const inline of inlines) {
    if (inline.kind !== 'text') break;
    if (!inline.marks.includes('strong')) {
      if (out === '' && inline.text.trim() === '') continue;
      break;
    }
    out += inline.text;
  }
  return out.trim().replace(/[\s,;:]+$/, '');
}

/** Marks by block id: headings by level, paragraphs of styled `:::paragraphs` containers by headword. */
export function markBlocks(blocks: readonly Block[]): Map<string, Mark> {
  const marks = new Map<string, Mark>();
  const styles: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'containerStart' && block.name === 'paragraphs') styles.push(block.attrs['style'] ?? '');
    else if (block.kind === 'containerEnd' && block.name === 'paragraphs') styles.pop();
    else if (block.kind === 'heading') {
      if (block.plainText.trim()) marks.set(block.id, { key: `h${block.level}`, text: block.plainText.trim() });
    } else if (block.kind === 'paragraph') {
      const style = styles[styles.length - 1];
      const word = style ? headword(block.inlines) : '';
      if (style && word) marks.set(block.id, { key: style, text: word });
    }
  }
  return marks;
}

/**
 * Each page's guide-word values (`firstMark.<key>`, `lastMark.<key>`) from the blocks whose first
 * line it holds, in the order its items were set (the reading order of the flow).
 */
export function guideWordValues(pages: readonly { items: readonly DisplayItem[] }[], marks: ReadonlyMap<string, Mark>): Record<string, string>[] {
  const seen = new Set<string>();
  const top = new Map<string, string>();
  return pages.map((page) => {
    const first = new Map<string, string>();
    const last = new Map<string, string>();
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || !item.line) continue;
      const block = item.line.block;
      if (seen.has(block)) continue;
      const mark = marks.get(block);
      if (!mark) continue;
      seen.add(block);
      if (!first.has(mark.key)) first.set(mark.key, mark.text);
      last.set(mark.key, mark.text);
    }
    const values: Record<string, string> = {};
    for (const [key, text] of top) values[`firstMark.${key}`] = values[`lastMark.${key}`] = text;
    for (const [key, text] of first) values[`firstMark.${key}`] = text;
    for (const [key, text] of last) {
      values[`lastMark.${key}`] = text;
      top.set(key, text);
    }
    return values;
  });
}

const uses = new WeakMap<LayoutSettings, boolean>();
/** Whether any designed slot (document or section) prints a guide word: only then are marks collected. */
export function usesGuideWords(settings: LayoutSettings): boolean {
  let found = uses.get(settings);
  if (found === undefined) {
    found = /\{\s*(?:first|last)Mark\./.test(JSON.stringify([settings.furniture.header, settings.furniture.footer, settings.headingStyles]));
    uses.set(settings, found);
  }
  return found;
}

const usesChapter = new WeakMap<LayoutSettings, boolean>();
/** Whether any designed slot prints `{chapterNumber}`, `{chapterTitleAtTop}`, `{chapterNumberAtTop}` or `{attr.<key>}`. */
export function usesChapterValues(settings: LayoutSettings): boolean {
  let found = usesChapter.get(settings);
  if (found === undefined) {
    found = /\{\s*(?:chapterNumber|chapterTitleAtTop|chapterNumberAtTop|attr\.)/.test(JSON.stringify([settings.furniture.header, settings.furniture.footer, settings.headingStyles]));
    usesChapter.set(settings, found);
  }
  return found;
}

/**
 * The chapter placeholders of each page (§5.5): `{chapterNumber}` (the printed number of the last
 * H1 begun on or before the page), `{chapterTitleAtTop}` / `{chapterNumberAtTop}` (the H1 in force
 * at the page's top: one whose first line opens the page, else the last begun before it) and
 * `{attr.<key>}` (the attributes of the current H1's line). Within the chapter file; before its
 * first H1 they print empty. `{chapterTitle}` stays the chapter's title (engine/index.ts).
 */
export function chapterPageValues(pages: readonly { items: readonly DisplayItem[] }[], blocks: readonly Block[], numbers: ReadonlyMap<string, string> | undefined): Record<string, string>[] {
  const h1s = new Map<string, Extract<Block, { kind: 'heading' }>>();
  for (const block of blocks) if (block.kind === 'heading' && block.level === 1) h1s.set(block.id, block);
  const seen = new Set<string>();
  let current: Extract<Block, { kind: 'heading' }> | undefined;
  return pages.map((page) => {
    const before = current;
    let top: Extract<Block, { kind: 'heading' }> | undefined;
    let first = true;
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || !item.line) continue;
      const block = item.line.block;
      const h1 = h1s.get(block);
      if (first && h1) top = h1;
      first = false;
      if (!h1 || seen.has(block)) continue;
      seen.add(block);
      current = h1;
    }
    const atTop = top ?? before;
    const values: Record<string, string> = {};
    if (current) {
      values['chapterNumber'] = numbers?.get(current.id) ?? '';
      for (const [key, value] of Object.entries(current.attrs)) values[`attr.${key}`] = value;
    }
    if (atTop) {
      values['chapterTitleAtTop'] = atTop.plainText.trim();
      values['chapterNumberAtTop'] = numbers?.get(atTop.id) ?? '';
    }
    return values;
  });
}
