import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources } from '../../../src/worker/engine';
import { CM } from '../../../src/worker/engine/settings';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type GlyphRunItem, type PageDisplayList, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, oneChapterBook, run, runs } from './helpers';
import { citingRows, OFF_GRID_LEADING, offGridSettings } from './off-grid-lines';

/** A chapter of `count` paragraphs; every `every`-th one cites a note defined right under it. */
function notedChapter(seed: number, count: number, every: number, noteSentences = 2): string {
  const random = mulberry32(seed);
  const parts = ['# Notes at the foot'];
  for (let i = 0; i < count; i++) {
    if (i % every === every - 1) {
      const id = `n${i}`;
      parts.push(`${paragraph(random)}[^${id}] ${paragraph(random, 2)}`);
      parts.push(`[^${id}]: Note ${id}. ${paragraph(random, noteSentences)}`);
    } else parts.push(paragraph(random));
  }
  return parts.join('\n\n') + '\n';
}

const settings = defaultSettings();
const noteSize = settings.notes.size;

/** Marker runs: superscript-sized body runs (the reference mark), with the number they print. */
function markers(layout: ReturnType<typeof run>) {
  return layout.pages.flatMap((page) => runs(page).filter((r) => r.line?.role === 'body' && r.size < settings.body.style.size * 0.7).map((r) => ({ page, run: r })));
}

describe('footnotes at the foot of the column', () => {
  const layout = run(oneChapterBook(notedChapter(3, 60, 4)));

  it('sets every note in the column of the line that cites it, below that column’s text', () => {
    const marks = markers(layout);
    expect(marks.length).toBe(15);
    for (const { page, run: mark } of marks) {
      const column = columnOf(settings, page, mark.xs[0]!);
      const number = mark.text;
      // The note starts with its number, set in the note size at the left of the same column.
      const noteStart = runs(page).find((r) => r.line?.role === 'note' && r.text === number && Math.abs(r.xs[0]! - pageFrame(settings, page.index).columnX[column]!) < 0.01);
      expect(noteStart, `note ${number} on page ${page.index}`).toBeDefined();
      expect(noteStart!.size).toBeCloseTo(noteSize, 3);
      const columnBody = runs(page).filter((r) => r.line?.role === 'body' && columnOf(settings, page, r.xs[0]!) === column);
      const lowestBody = Math.max(...columnBody.map((r) => r.y));
      expect(noteStart!.y).toBeGreaterThan(lowestBody);
    }
  });

  it('draws the separator rule above each column’s notes, as wide as the configured fraction', () => {
    for (const page of layout.pages) {
      const frame = pageFrame(settings, page.index);
      const notes = runs(page).filter((r) => r.line?.role === 'note');
      const rules = page.items.filter((i): i is RuleItem => i.op === Op.Rule && i.width === settings.notes.separator.lineWidth);
      const columns = new Set(notes.map((r) => columnOf(settings, page, r.xs[0]!)));
      expect(rules.length).toBe(columns.size);
      for (const rule of rules) {
        expect(rule.x2 - rule.x1).toBeCloseTo(settings.notes.separator.width * frame.columnWidth, 2);
        const below = notes.filter((r) => columnOf(settings, page, r.xs[0]!) === columnOf(settings, page, rule.x1));
        expect(Math.min(...below.map((r) => r.y))).toBeGreaterThan(rule.y1);
        // The text of the column ends above the rule.
        const body = runs(page).filter((r) => r.line?.role === 'body' && columnOf(settings, page, r.xs[0]!) === columnOf(settings, page, rule.x1));
        expect(Math.max(...body.map((r) => r.y))).toBeLessThan(rule.y1);
      }
    }
  });

  it('keeps the notes inside the content area, the last one at its foot', () => {
    for (const page of layout.pages) {
      const frame = pageFrame(settings, page.index);
      const notes = runs(page).filter((r) => r.line?.role === 'note');
      for (const r of notes) expect(r.y).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
      if (notes.length > 0) {
        // Stacked from the foot: the lowest note line's box ends at the content bottom (within one note line).
        const lowest = Math.max(...notes.map((r) => r.y));
        expect(frame.contentTop + frame.contentHeight - lowest).toBeLessThan(settings.notes.lineHeight);
      }
    }
  });

  it('numbers notes in the configured format and prints the marker template', () => {
    const s = { ...defaultSettings(), notes: { ...defaultSettings().notes, format: 'lower-roman', markerTemplate: '({n})' } };
    const roman = run(oneChapterBook(notedChapter(3, 20, 4), s));
    const marks = markers(roman).map((m) => m.run.text).join('');
    expect(marks).toBe('(i)(ii)(iii)(iv)(v)');
    const noteNumbers = roman.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'note' && /^[ivx]+$/.test(r.text)).map((r) => r.text));
    expect(noteNumbers).toEqual(['i', 'ii', 'iii', 'iv', 'v']);
  });

  it('splits a note taller than a column across columns, and sets every note line once', () => {
    const random = mulberry32(8);
    const long = Array.from({ length: 10 }, () => paragraph(random, 3)).join(' ');
    const source = `# Long note\n\n${paragraph(random)}[^long] ${paragraph(random)}\n\n[^long]: ${long}\n\n${paragraph(random)}\n\n${paragraph(random)}\n`;
    // A short page (10 cm tall) makes a ten-paragraph note taller than one column.
    const short = { ...defaultSettings(), pageHeight: 10 * CM };
    const layout = run(oneChapterBook(source, short));
    const noteRuns = layout.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'note').map((r) => ({ p, r })));
    const places = new Set(noteRuns.map(({ p, r }) => `${p.index}:${columnOf(short, p, r.xs[0]!)}`));
    expect(places.size).toBeGreaterThan(1);
    // Every source character of the note shows up exactly once (no line lost or doubled).
    const from = source.indexOf('[^long]: ') + '[^long]: '.length;
    const covered = new Map<number, number>();
    for (const { r } of noteRuns) {
      const offsets = r.srcMap ?? Array.from(r.text, (_, i) => (r.srcFrom < 0 ? -1 : r.srcFrom + i));
      for (const o of offsets) if (o >= from) covered.set(o, (covered.get(o) ?? 0) + 1);
    }
    expect([...covered.values()].every((n) => n === 1)).toBe(true);
    expect(Math.max(...covered.keys())).toBeGreaterThan(from + long.length - 20);
    for (const page of layout.pages) {
      const frame = pageFrame(short, page.index);
      for (const r of runs(page)) if (r.line) expect(r.y).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    }
  });

  it('sets endnotes after the chapter text with placement chapterEnd', () => {
    const s = { ...defaultSettings(), notes: { ...defaultSettings().notes, placement: 'chapterEnd' as const } };
    const layout = run(oneChapterBook(notedChapter(5, 30, 5), s));
    const last = layout.pages[layout.pages.length - 1]!;
    const all = layout.pages.flatMap((p) => runs(p).map((r) => ({ p, r })));
    const firstNote = all.findIndex(({ r }) => r.line?.role === 'note');
    expect(firstNote).toBeGreaterThan(0);
    // No body text after the first note: they follow the chapter's last block.
    expect(all.slice(firstNote).some(({ r }) => r.line?.role === 'body')).toBe(false);
    expect(runs(last).some((r) => r.line?.role === 'note')).toBe(true);
  });

  it('relays out incrementally to what a full layout gives when notes move', () => {
    const random = mulberry32(99);
    let source = notedChapter(21, 40, 3);
    const cache = new EngineCache();
    run(oneChapterBook(source), cache);
    for (let edit = 0; edit < 4; edit++) {
      const at = Math.floor(random() * source.length);
      const insert = random() < 0.5 ? `\n\n${paragraph(random)}[^x${edit}]\n\n[^x${edit}]: An added note.\n\n` : ' a few more words';
      source = source.slice(0, at) + insert + source.slice(at);
      expect(dump(run(oneChapterBook(source), cache))).toBe(dump(run(oneChapterBook(source))));
    }
  });
});

describe('notes cited by lines off the grid (a paragraph style or a section bodyStyle at a leading of its own)', () => {
  // 7 pt type on 9 pt lines: off the 12 pt body grid, placed line under line (off-grid-lines.ts).
  const styled = offGridSettings();
  /** `count` one-line rows (hard line breaks), row `at` citing note `a`, which is defined after them. */
  const rows = (count: number, at: number): string => citingRows(count, at, '[^a]');

  /** The note is set once, at the foot of the page and column holding its citing row, under every line of text there. */
  function expectNoteWithItsLine(pages: readonly PageDisplayList[]): void {
    const notes = pages.flatMap((page) => runs(page).filter((r) => r.line?.role === 'note' && r.text.startsWith('The note')).map((r) => ({ page, r })));
    expect(notes).toHaveLength(1);
    const citing = pages.find((page) => runs(page).some((r) => r.line?.role === 'body' && r.text.includes('cites')))!;
    const { page, r: note } = notes[0]!;
    expect(page.index).toBe(citing.index);
    const rule = page.items.find((i): i is RuleItem => i.op === Op.Rule && i.y1 === i.y2 && i.y1 < note.y)!;
    expect(rule).toBeDefined();
    for (const line of runs(page).filter((r) => r.line?.role === 'body')) expect(line.y).toBeLessThan(rule.y1);
  }

  it('a styled paragraph: the note goes to the foot of its citing row\'s page, room reserved above it (before: set after the whole paragraph, at the foot of the page it ended on)', () => {
    const frame = pageFrame(styled, 0);
    const perPage = Math.floor(frame.contentHeight / OFF_GRID_LEADING);
    for (const at of [10, perPage - 6, perPage - 1]) {
      const { pages } = run(oneChapterBook(`:::paragraphs{style="tight"}\n${rows(perPage + 10, at)}\n:::\n\n[^a]: The note text here.\n`, styled));
      expectNoteWithItsLine(pages);
    }
  });

  it('a styled paragraph beside a wrapped figure, running on past it: the same', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="#ff0000"/></svg>');
    const resources = prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement: { position: 'here', wrap: 'right' } }, payload: svg }], {});
    const perPage = Math.floor(pageFrame(styled, 0).contentHeight / OFF_GRID_LEADING);
    // Cited beside the figure, and below it.
    for (const at of [5, perPage - 12]) {
      const source = `Intro.\n\n::resource{id="red"}\n\n:::paragraphs{style="tight"}\n${rows(perPage + 10, at)}\n:::\n\n[^a]: The note text here.\n`;
      const { pages } = run({ title: 'T', settings: styled, chapters: [{ id: 'ch1', title: '', source }], resources });
      expectNoteWithItsLine(pages);
    }
  });

  it('a list item in a section whose bodyStyle leading is off the grid: the same', () => {
    const frame = pageFrame(styled, 0);
    const perPage = Math.floor(frame.contentHeight / OFF_GRID_LEADING);
    const { pages } = run(oneChapterBook(`# Aside {style="aside"}\n\n- ${rows(perPage + 10, perPage - 8)}\n\n[^a]: The note text here.\n`, styled));
    expectNoteWithItsLine(pages);
  });
});
