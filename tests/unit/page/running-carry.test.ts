/**
 * Running-head values across chapter files (configuration.md §5.5): guide words and the running
 * chapter ("last H1 begun on/before the page") read book-wide, `runningChapter: false` skipped
 * (§13.6); `{bookTotalPages}` (the whole book, "needs a second pass"); and `parts.versoDesign` on
 * the next file's first page when a part page with `parts.breakAfter: none` ends its file (§13.5).
 * Each with incremental relayout equal to a full one.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { EngineCache, type ChapterInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, run, runs } from './helpers';

const BODY = 'The keeper wrote down every ship that passed the harbour at night, and every storm that came in from the sea.';
const long = (n: number): string => Array.from({ length: n }, (_, i) => `Entry ${i}: ${BODY}`).join('\n\n');
/** The running-head text of a page (runs without a line: furniture). */
const head = (page: PageDisplayList): string => runs(page).filter((r: GlyphRunItem) => r.line === undefined).map((r) => r.text).join('');
const slot = (content: string): StoredConfig => ({
  footer: { elements: [] },
  header: { elements: [{ kind: 'text', id: 'h', content, fontFamily: 'Open Sans', align: 'left', overflow: 'wrap', placement: { anchor: { to: 'container', edge: 'bottom-left' }, size: { width: { value: 300, unit: 'pt' } } } }] },
});

describe('guide words and the running chapter across chapter files', () => {
  const config: StoredConfig = {
    paragraphStyles: [{ id: 'entry' }],
    headingStyles: [{ id: 'plate', runningChapter: false, breakBefore: { enabled: false } }],
    headings: { levels: [{ level: 1, numberingTemplate: '{1}.', breakBefore: { enabled: false } }] },
    ...slot('[{firstMark.entry}–{lastMark.entry}|{chapterNumber} {chapterTitle}|{attr.kicker}]'),
  };
  const settings = settingsFromConfig(config);
  const dictionary = (words: readonly string[]) => `:::paragraphs{style="entry"}\n${words.map((w) => `**${w}** ${BODY}`).join('\n\n')}\n:::\n`;
  const a = (last: string): ChapterInput => ({ id: 'a', title: 'Manifest A', source: `# Harbours {kicker="coast"}\n\n${dictionary(['anchor', 'beacon', last])}` });
  // A file that goes on with the chapter: no H1 and no headword on its first pages, then a plate H1 (not running).
  const b: ChapterInput = { id: 'b', title: 'Manifest B', source: `${long(70)}\n\n# Map of the coast {style="plate"}\n\n${long(3)}` };

  it('prints the last headword and the H1 of the earlier file on the next file\'s pages', () => {
    const layout = run({ title: 'Book', settings, chapters: [a('cutter'), b] });
    const bPages = layout.chapters[1]!.pages;
    expect(bPages.length).toBeGreaterThan(1);
    // Chapter b sets no mark and no running H1: every page carries "cutter" and chapter 1 "Harbours" with its kicker.
    for (const page of bPages) expect(head(page), `page ${page.label}`).toBe('[cutter–cutter|1. Harbours|coast]');
    // The plate H1 is set (its runs are on a page of b) but does not run.
    expect(bPages.flatMap(runs).some((r) => r.line?.role === 'heading' && r.text.includes('Map'))).toBe(true);
    // Chapter a's own first page: the marks begun on it.
    expect(head(layout.chapters[0]!.pages[0]!)).toBe('[anchor–cutter|1. Harbours|coast]');
  });

  it('a running H1 in the later file takes over from the page it begins on', () => {
    const b2: ChapterInput = { id: 'b', title: '', source: `${long(70)}\n\n# Storms\n\n${long(70)}` };
    const layout = run({ title: 'Book', settings, chapters: [a('cutter'), b2] });
    const heads = layout.chapters[1]!.pages.map(head);
    const storms = heads.findIndex((h) => h.includes('Storms'));
    expect(storms).toBeGreaterThan(0);
    for (const h of heads.slice(0, storms)) expect(h).toBe('[cutter–cutter|1. Harbours|coast]');
    // Storms has no kicker: {attr.kicker} prints empty.
    for (const h of heads.slice(storms)) expect(h).toBe('[cutter–cutter|2. Storms|]');
  });

  it('before the book\'s first H1, {chapterTitle} is the chapter\'s manifest title', () => {
    const layout = run({ title: 'Book', settings: settingsFromConfig(slot('{chapterTitle}')), chapters: [{ id: 'p', title: 'Preface', source: long(3) }, { id: 'c', title: 'Manifest', source: `# Dawn\n\n${long(3)}` }] });
    expect(head(layout.chapters[0]!.pages[0]!)).toBe('Preface');
    // The second file opens after a blank separator (H1 breakBefore always-odd), where no H1 has begun yet.
    const pages = layout.chapters[1]!.pages;
    expect(pages[0]!.role).toBe('blank');
    expect(head(pages[0]!)).toBe('Manifest');
    expect(pages.slice(1).map(head)).toEqual(pages.slice(1).map(() => 'Dawn'));
  });

  it('a hidden H1 runs from where the text after it is set', () => {
    // H1s without their page break (a hidden heading still breaks as its level asks, document-format §5), so the hidden one falls mid-page.
    const layout = run({ title: 'Book', settings: settingsFromConfig({ ...slot('{chapterTitle} / {chapterTitleAtTop}'), headings: { levels: [{ level: 1, breakBefore: { enabled: false } }] } }), chapters: [{ id: 'a', title: '', source: `# Seen\n\n${long(60)}\n\n# Unseen {hidden=true}\n\n${long(60)}` }] });
    const heads = layout.pages.map(head);
    const at = heads.findIndex((h) => h.startsWith('Unseen'));
    expect(at).toBeGreaterThan(0);
    // The page where the text after the hidden H1 starts: the second "Entry 0:" paragraph.
    const openers = layout.pages.flatMap((p, i) => runs(p).filter((r) => r.line?.role === 'body' && r.text.startsWith('Entry 0:')).map(() => i));
    expect(openers).toHaveLength(2);
    expect(at).toBe(openers[1]);
    // That page opens with the first run's text: Seen is still the chapter at its top.
    expect(heads[at]).toBe('Unseen / Seen');
    expect(heads.slice(0, at).every((h) => h === 'Seen / Seen')).toBe(true);
  });

  it('an edit to the earlier file\'s last headword relays the next file out: incremental equals full', () => {
    const cache = new EngineCache();
    run({ title: 'Book', settings, chapters: [a('cutter'), b] }, cache);
    const edited = [a('dinghy'), b];
    const incremental = run({ title: 'Book', settings, chapters: edited }, cache);
    expect(dump(incremental)).toBe(dump(run({ title: 'Book', settings, chapters: edited })));
    expect(head(incremental.chapters[1]!.pages[0]!)).toBe('[dinghy–dinghy|1. Harbours|coast]');
  });
});

describe('{bookTotalPages} (§5.5: the whole book incl. blanks)', () => {
  const settings = settingsFromConfig(slot('{pageNumber} of {bookTotalPages} ({totalPages})'));
  const book = (aLength: number, bLength: number): ChapterInput[] => [
    { id: 'a', title: '', source: `# One\n\n${long(aLength)}` },
    { id: 'b', title: '', source: `# Two\n\n${long(bLength)}` },
  ];

  it('prints the book\'s page count, blanks included, on every page of every chapter', () => {
    const layout = run({ title: 'B', settings, chapters: book(60, 60) });
    const total = layout.pages.length;
    // The second chapter opens on a recto after a blank (H1 breakBefore always-odd): blanks count.
    expect(layout.pages.some((p) => p.role === 'blank')).toBe(true);
    for (const chapter of layout.chapters) {
      for (const page of chapter.pages.filter((p) => p.role !== 'blank')) expect(head(page)).toBe(`${page.label} of ${total} (${chapter.pages.length})`);
    }
  });

  it('a chapter kept from the memo prints the new total when a later one grows: incremental equals full', () => {
    const cache = new EngineCache();
    const before = run({ title: 'B', settings, chapters: book(60, 5) }, cache);
    const kept = before.chapters[0]!;
    const edited = book(60, 200);
    const after = run({ title: 'B', settings, chapters: edited }, cache);
    expect(after.pages.length).toBeGreaterThan(before.pages.length);
    expect(dump(after)).toBe(dump(run({ title: 'B', settings, chapters: edited })));
    expect(head(after.chapters[0]!.pages[1]!)).toBe(`${after.chapters[0]!.pages[1]!.label} of ${after.pages.length} (${kept.pages.length})`);
    // The same relabelled chapter object on a build that changes nothing.
    expect(run({ title: 'B', settings, chapters: edited }, cache).chapters[0]).toBe(after.chapters[0]);
  });
});

describe('parts.versoDesign with parts.breakAfter none, the part page ending its file (§13.5)', () => {
  const verso = { elements: [{ kind: 'box', id: 'band', style: { backgroundColor: '#123456' }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: 'fill', height: { value: 30, unit: 'pt' } } } }] };
  const band = (page: PageDisplayList): boolean => page.items.some((i) => i.op === Op.Rect && (i as RectItem).fill === '#123456');
  const settings = settingsFromConfig({ parts: { breakAfter: { enabled: false }, versoDesign: verso } });
  const intro: ChapterInput = { id: 'intro', title: '', source: `# Opening\n\n${long(2)}\n\n:::part{number="II" title="Lights"}\n:::` };
  const lamp: ChapterInput = { id: 'lamp', title: '', source: `# The lantern\n\n${long(4)}` };

  it('the next file\'s H1 leaves the page after the part page blank: it takes the verso design', () => {
    const layout = run({ title: 'B', settings, chapters: [intro, lamp] });
    const part = layout.chapters[0]!.pages.at(-1)!;
    expect(part.role).toBe('part');
    const after = layout.pages[part.index + 1]!;
    expect(layout.chapters[1]!.pages[0]).toBe(after);
    expect(after.role).toBe('blank');
    expect(band(after)).toBe(true);
    expect(layout.pages.filter(band)).toHaveLength(1);
  });

  it('paints nothing when the next file\'s first page is not left blank', () => {
    const plain: ChapterInput = { id: 'lamp', title: '', source: long(4) };
    const layout = run({ title: 'B', settings, chapters: [intro, plain] });
    expect(layout.chapters[1]!.pages[0]!.role).not.toBe('blank');
    expect(layout.pages.some(band)).toBe(false);
  });

  it('incremental equals full when the part page stops ending its file', () => {
    const cache = new EngineCache();
    run({ title: 'B', settings, chapters: [intro, lamp] }, cache);
    const edited = [{ ...intro, source: `${intro.source}\n\n${long(1)}` }, lamp];
    const again = run({ title: 'B', settings, chapters: edited }, cache);
    expect(dump(again)).toBe(dump(run({ title: 'B', settings, chapters: edited })));
    const back = run({ title: 'B', settings, chapters: [intro, lamp] }, cache);
    expect(back.pages.filter(band)).toHaveLength(1);
  });
});
