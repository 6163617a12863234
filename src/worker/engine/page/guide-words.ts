/**
 * Guide words (configuration.md §5.5 `{firstMark.<key>}`, `{lastMark.<key>}`): the first and the
 * last mark set on a page, as a dictionary prints its first and last headword in the running
 * head. A key is `h1`…`h6` (the headings of that level, by their plain text) or a paragraph-style
 * id (the paragraphs of `:::paragraphs{style=id}`, by their headword: the opening bold run, with
 * trailing `,;:` dropped). A mark sits on the page where its block's first line is set; a page
 * without a mark of a key prints the last one before it in the book (TeX's top mark): a chapter
 * file starts with the last marks of the files before it (`RunningCarry`, part of its start state
 * and memo key, page/book.ts), and prints empty before the book's first.
 *
 * The chapter placeholders (`{chapterTitle}`, `{chapterNumber}`, `…AtTop`, `{attr.<key>}`) follow
 * the running H1s the same way: H1s whose heading style has `runningChapter: false` (plates,
 * maps) are skipped, so the interrupted chapter runs on (configuration.md §13.6).
 */
import { declareAppliedSettings } from '../../config';
import type { DisplayItem } from '../../protocol/displaylist';
import type { Block, Inline, ParsedChapter } from '../parse/model';
import type { LayoutSettings } from '../settings';
import { headingHidden } from './heading-look';
import { pageBlocks } from './page-blocks';
import { structuralBlocks } from './structural-blocks';

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
 * line it holds, in the order its items were set (the reading order of the flow). `carried`: the
 * last mark of each key in the chapter files before this one (a page without a mark prints it).
 */
export function guideWordValues(pages: readonly { items: readonly DisplayItem[] }[], marks: ReadonlyMap<string, Mark>, carried: Readonly<Record<string, string>> = {}): Record<string, string>[] {
  const seen = new Set<string>();
  const top = new Map<string, string>(Object.entries(carried));
  return pages.map((page) => {
    const first = new Map<string, string>();
    const last = new Map<string, string>();
    for (const block of pageBlocks(page.items).blocks) {
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

declareAppliedSettings(['headingStyles[id=*].runningChapter']);

type Heading = Extract<Block, { kind: 'heading' }>;

/** The running H1 in force: what `{chapterTitle}`, `{chapterNumber}` and `{attr.<key>}` print. */
export interface RunningChapter {
  /** Plain title (marks stripped, document-format §5). */
  title: string;
  /** Printed number ('' when unnumbered). */
  number: string;
  /** Attributes of its heading line. */
  attrs: Readonly<Record<string, string>>;
}

/**
 * What a chapter file's running heads take over from the files before it: the running H1 in
 * force and the last mark of each key (only when a slot prints guide words). Part of the chapter's
 * start state, so a change to it lays the chapter out again (page/book.ts).
 */
export interface RunningCarry {
  chapter?: RunningChapter;
  marks?: Readonly<Record<string, string>>;
}

/** Whether an H1 runs in the heads: its heading style does not say `runningChapter: false` (§13.6). */
export function isRunningH1(block: Block, settings: LayoutSettings): block is Heading {
  return block.kind === 'heading' && block.level === 1 && settings.headingStyles[block.attrs['style'] ?? '']?.runningChapter !== false;
}

const runningOf = (h1: Heading, numbers: ReadonlyMap<string, string> | undefined): RunningChapter => ({ title: h1.plainText.trim(), number: numbers?.get(h1.id) ?? '', attrs: h1.attrs });

/** A chapter file's own share of the carry: its last running H1 and its last mark of each key, per settings. */
const ownCarry = new WeakMap<ParsedChapter, { settings: LayoutSettings; h1?: Heading; marks: Record<string, string> }>();

/** The carry after `chapter` (every block of a chapter file is set before the next file starts). */
export function carryAfter(chapter: ParsedChapter, numbers: ReadonlyMap<string, string> | undefined, settings: LayoutSettings, before: RunningCarry): RunningCarry {
  let own = ownCarry.get(chapter);
  if (!own || own.settings !== settings) {
    let h1: Heading | undefined;
    for (const block of structuralBlocks(chapter)) if (isRunningH1(block, settings)) h1 = block;
    const marks: Record<string, string> = {};
    if (usesGuideWords(settings)) for (const mark of markBlocks(chapter.blocks).values()) marks[mark.key] = mark.text;
    own = { settings, ...(h1 ? { h1 } : {}), marks };
    ownCarry.set(chapter, own);
  }
  const chapterCarry = own.h1 ? runningOf(own.h1, numbers) : before.chapter;
  const marks = { ...before.marks, ...own.marks };
  return { ...(chapterCarry ? { chapter: chapterCarry } : {}), ...(Object.keys(marks).length > 0 ? { marks } : {}) };
}

/**
 * The chapter placeholders of each page (§5.5): `{chapterTitle}` / `{chapterNumber}` (the title and
 * printed number of the last running H1 begun on or before the page), `{chapterTitleAtTop}` /
 * `{chapterNumberAtTop}` (the H1 in force at the page's top: one whose first line opens the page,
 * else the last begun before it) and `{attr.<key>}` (the attributes of the current H1's line).
 * An H1 is begun at its first line, or, hidden (no ink), where the first block after it is set.
 * `carried` is the H1 in force where the file starts (an earlier file's); before the book's first
 * H1 nothing is set (engine/index.ts then prints the chapter's manifest title).
 */
export function chapterPageValues(pages: readonly { items: readonly DisplayItem[] }[], blocks: readonly Block[], numbers: ReadonlyMap<string, string> | undefined, settings: LayoutSettings, carried?: RunningChapter): Record<string, string>[] {
  const order = new Map<string, number>();
  const visible = new Map<string, Heading>();
  /** Hidden H1s (document-format §5 `hidden`: no ink) in block order, with their index. */
  const hidden: { at: number; h1: Heading }[] = [];
  blocks.forEach((block, at) => {
    if (!order.has(block.id)) order.set(block.id, at);
    if (!isRunningH1(block, settings)) return;
    // By its {hidden} attribute, else its style's or level's `hidden` (configuration.md §8.2; page/heading-look.ts).
    if (headingHidden(block, settings)) hidden.push({ at, h1: block });
    else visible.set(block.id, block);
  });
  let nextHidden = 0;
  const seen = new Set<string>();
  let current: RunningChapter | undefined = carried;
  return pages.map((page) => {
    const before = current;
    let top: RunningChapter | undefined;
    let first = true;
    // Each block once, at its first line on the page (a later line of it changes nothing the loop reads).
    const { blocks: onPage, roles } = pageBlocks(page.items);
    for (let b = 0; b < onPage.length; b++) {
      const block = onPage[b]!;
      if (seen.has(block)) {
        first = false;
        continue;
      }
      seen.add(block);
      // Hidden H1s begin where the running text after them does (not at notes or captions, set out of order).
      const role = roles[b];
      const at = order.get(block);
      if (at !== undefined && (role === 'body' || role === 'heading')) {
        while (nextHidden < hidden.length && hidden[nextHidden]!.at < at) {
          current = runningOf(hidden[nextHidden]!.h1, numbers);
          if (first) top = current;
          nextHidden++;
        }
      }
      const h1 = visible.get(block);
      if (h1) {
        current = runningOf(h1, numbers);
        if (first) top = current;
      }
      first = false;
    }
    const atTop = top ?? before;
    const values: Record<string, string> = {};
    if (current) {
      values['chapterTitle'] = current.title;
      values['chapterNumber'] = current.number;
      for (const [key, value] of Object.entries(current.attrs)) values[`attr.${key}`] = value;
    }
    if (atTop) {
      values['chapterTitleAtTop'] = atTop.title;
      values['chapterNumberAtTop'] = atTop.number;
    }
    return values;
  });
}
