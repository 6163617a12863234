/**
 * The bundle's `start` (bundle-format §9, the first chapter's continuation): a book that is part of
 * a longer one begins at the page side, page number and heading counters the `start` gives.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { EngineCache, prepareResources, readContinuation, withContinuation, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { makePng } from '../../fixtures/resources/pictures';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { parseManifest, readBundle, type BundleFiles } from '../../../src/worker/bundle';
import { bundleToBookState } from '../../../src/worker/host/book-convert';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run, runs } from './helpers';

const START = { pageIndexOffset: 57, pageNumbering: { startAt: 58 }, headings: { h1: 3 } };

/** Mirrored, clearly unequal inner and outer margins; header elements that print only on one side. */
const CONFIG: StoredConfig = {
  page: { margins: { left: { value: 20, unit: 'mm' }, right: { value: 40, unit: 'mm' }, mirror: true } },
  header: {
    elements: [
      { kind: 'text', id: 'recto', parity: 'odd', pages: 'all', content: 'RECTO {pageNumber}', fontFamily: 'Open Sans', fontSize: { value: 8, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { y: { value: 20, unit: 'pt' } } } },
      { kind: 'text', id: 'verso', parity: 'even', pages: 'all', content: 'VERSO {pageNumber}', fontFamily: 'Open Sans', fontSize: { value: 8, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { y: { value: 20, unit: 'pt' } } } },
    ],
  },
};

function designed(): LayoutSettings {
  const s = settingsFromConfig(CONFIG);
  s.headings.levels[0]!.numbering = { template: 'Chapter {1}.', separator: ' ', position: 'before' };
  return s;
}

const random = mulberry32(58);
const CHAPTERS = [
  `# The Harbour {#harbour}\n\n${Array.from({ length: 16 }, () => paragraph(random)).join('\n\n')}\n\nBack in :ref{id="harbour"} the lamps were lit.\n`,
  `# The Lighthouse\n\n${Array.from({ length: 4 }, () => paragraph(random)).join('\n\n')}\n\nAs :ref{id="harbour"} told.\n`,
];

function book(settings: LayoutSettings, chapters = CHAPTERS): BookInput {
  return { title: 'Continued', settings, chapters: chapters.map((source, i) => ({ id: `c${i + 1}`, title: '', source })) };
}

function started(settings: LayoutSettings, start: unknown = START): LayoutSettings {
  const read = readContinuation(start);
  expect(read.warnings).toEqual([]);
  return withContinuation(settings, read.continuation);
}

/** The running-head texts of a page (generated runs above the body). */
const headTexts = (page: PageDisplayList, settings: LayoutSettings): string[] => {
  const top = pageFrame(settings, 0).contentTop;
  return runs(page).filter((r) => r.line === undefined && r.y < top).map((r) => r.text);
};
/** Headings as printed: the runs of each heading block, lines joined with a space (the number may sit on a line of its own). */
const headingLines = (pages: readonly PageDisplayList[]): string[] => {
  const blocks = new Map<string, string[]>();
  for (const p of pages) for (const r of runs(p)) if (r.line?.role === 'heading') blocks.set(`${p.chapter}|${r.line.block}`, [...(blocks.get(`${p.chapter}|${r.line.block}`) ?? []), r.text]);
  return [...blocks.values()].map((parts) => parts.join(' '));
};
/** The smallest pen x of a body line on the page: the left edge of the type area, pt. */
const bodyLeft = (page: PageDisplayList): number => Math.min(...runs(page).filter((r) => r.line?.role === 'body').map((r) => Math.min(...r.xs)));
const allText = (pages: readonly PageDisplayList[]): string => pages.flatMap((p) => runs(p).map((r) => r.text)).join(' ');

describe('bundle start: the first chapter continues a longer book (bundle-format §9)', () => {
  it('without a start, the book opens on page "1", a recto, in chapter 1', () => {
    const settings = designed();
    const layout = run(book(settings));
    const first = layout.pages[0]!;
    expect(first.label).toBe('1');
    expect(headTexts(first, settings)).toEqual(['RECTO 1']);
    // A recto keeps the inner (left, 20 mm) margin at the spine on its left.
    expect(bodyLeft(first)).toBeCloseTo(pageFrame(settings, 0).contentLeft, 1);
    expect(pageFrame(settings, 0).contentLeft).toBeCloseTo((20 * 72) / 25.4, 3);
    expect(headingLines(layout.pages)[0]).toMatch(/^Chapter 1\. The Harbour/);
  });

  it('with { pageIndexOffset: 57, pageNumbering.startAt: 58, headings.h1: 3 } it opens on page "58", a verso, in chapter 4', () => {
    const plain = designed();
    const settings = started(plain);
    const layout = run(book(settings));
    const [first, second] = layout.pages;
    expect(first!.label).toBe('58');
    expect(second!.label).toBe('59');
    // Index 57 is the 58th page: a verso. Its even header variant prints; the next page is a recto.
    expect(headTexts(first!, settings)).toEqual(['VERSO 58']);
    expect(headTexts(second!, settings)).toEqual(['RECTO 59']);
    // Mirrored margins: the verso has its inner margin (20 mm) on the right, so the body starts 40 mm in.
    expect(bodyLeft(first!)).toBeCloseTo((40 * 72) / 25.4, 1);
    expect(bodyLeft(second!)).toBeCloseTo((20 * 72) / 25.4, 1);
    // Three chapters already counted: this book's H1s are chapters 4 and 5, and references say so.
    const headings = headingLines(layout.pages);
    expect(headings.find((h) => h.includes('Harbour'))).toMatch(/^Chapter 4\. /);
    expect(headings.find((h) => h.includes('Lighthouse'))).toMatch(/^Chapter 5\. /);
    expect(allText(layout.pages)).toContain('Chapter 4');
    expect(allText(layout.pages)).not.toMatch(/Chapter 1\./);
    // The same pages without the start differ (so the assertions above are about the start).
    expect(dump(layout)).not.toBe(dump(run(book(plain))));
  });

  it('sides follow the longer book: a parity break lands on the longer book\'s recto', () => {
    const settings = started(designed());
    settings.headings.levels[0]!.breakBefore = 'odd';
    const layout = run(book(settings));
    const opener = layout.pages.find((p) => p.chapter === 'c2' && p.role !== 'blank')!;
    // Chapter 2 opens on a recto of the longer book: an even index counting from 57, i.e. an odd book index.
    expect((opener.index + 57) % 2).toBe(0);
    expect(Number(opener.label) % 2).toBe(1);
  });

  it('a start of pageIndexOffset alone keeps page numbers and counters, moves only the sides', () => {
    const settings = started(designed(), { pageIndexOffset: 1 });
    const layout = run(book(settings));
    expect(layout.pages[0]!.label).toBe('1');
    expect(headTexts(layout.pages[0]!, settings)).toEqual(['VERSO 1']);
    expect(headingLines(layout.pages)[0]).toMatch(/^Chapter 1\. /);
  });

  it('resource numbers built from {h1} continue from the counted chapters too', () => {
    const resources = prepareResources([{ record: { id: 'chart', typeId: 'figure', kind: 'bitmap', resolution: 300, caption: 'The chart' }, payload: makePng(300, 150) }], {});
    const source = '# Charts\n\nSee :ref{id="chart"}.\n\n::resource{id="chart"}\n';
    const text = (settings: LayoutSettings) => allText(run({ ...book(settings, [source]), resources }).pages);
    expect(text(designed())).toContain('Fig.\u00a01.1');
    expect(text(started(designed()))).toContain('Fig.\u00a04.1');
  });

  it('a field of the wrong shape is left out with a warning that says what to send', () => {
    const read = readContinuation({ pageIndexOffset: -2, pageNumbering: { startAt: 58 }, headings: { h1: 'three' } });
    expect(read.continuation).toEqual({ pageIndexOffset: 0, pageNumbering: { startAt: 58 }, headings: [0, 0, 0, 0, 0, 0] });
    expect(read.warnings.join('\n')).toMatch(/start\.pageIndexOffset.*whole number ≥ 0/);
    expect(read.warnings.join('\n')).toMatch(/start\.headings.*h1/);
    expect(readContinuation(null)).toEqual({ continuation: null, warnings: [] });
    expect(readContinuation([1]).warnings[0]).toMatch(/must be an object/);
  });

  it('incremental relayout equals a full one with a start, and changing the start lays out everything again', () => {
    const settings = started(designed());
    const cache = new EngineCache();
    run(book(settings), cache);
    const edited = [CHAPTERS[0]!, CHAPTERS[1]!.replace('As ', 'Just as ')];
    const incremental = run(book(settings, edited), cache);
    expect(dump(incremental)).toBe(dump(run(book(settings, edited))));
    // Another start with the same cache: every page follows it, exactly as a fresh layout does.
    const other = started(designed(), { pageIndexOffset: 10, pageNumbering: { startAt: 11, format: 'lower-roman' }, headings: { h1: 1 } });
    const moved = run(book(other, edited), cache);
    expect(moved.pages[0]!.label).toBe('xi');
    expect(headTexts(moved.pages[0]!, other)).toEqual(['RECTO xi']);
    expect(dump(moved)).toBe(dump(run(book(other, edited))));
  });
});

describe('a localized start wins for its edition (bundle-format §10)', () => {
  const manifest = parseManifest(JSON.stringify({
    version: 2,
    id: 'continued',
    name: 'Continued',
    locale: 'en',
    locales: ['en', 'es'],
    chapters: { en: [{ title: 'One', file: 'en.md' }], es: [{ title: 'Uno', file: 'es.md' }] },
    start: START,
    localized: { es: { start: { pageIndexOffset: 60, pageNumbering: { startAt: 61 }, headings: { h1: 5 } } } },
  }));
  const files: BundleFiles = {
    readText: async (path) => (path === 'en.md' ? CHAPTERS[0]! : path === 'es.md' ? CHAPTERS[0]!.replace('The Harbour', 'El puerto') : null),
    readBytes: async () => null,
  };
  const edition = async (locale: string) => {
    const { book: read } = await readBundle(manifest, files, { requestedLocale: locale });
    const warnings: string[] = [];
    const { state } = bundleToBookState(read, 'continued', warnings);
    expect(warnings).toEqual([]);
    const settings = withContinuation(designed(), state.start);
    return run({ title: 'Continued', settings, chapters: state.chapters.map((c) => ({ id: c.id, title: c.title, source: c.text })) });
  };

  it('the Spanish edition begins where its own start says; the English one on the shared start', async () => {
    const es = await edition('es');
    expect(es.pages[0]!.label).toBe('61');
    expect(headingLines(es.pages)[0]).toMatch(/^Chapter 6\. El puerto/);
    const en = await edition('en');
    expect(en.pages[0]!.label).toBe('58');
    expect(headingLines(en.pages)[0]).toMatch(/^Chapter 4\. The Harbour/);
  });
});
