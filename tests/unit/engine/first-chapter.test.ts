/**
 * A book's first chapter laid out alone, before the rest of the book is parsed (engine/first-chapter.ts):
 * the host shows it while the whole book is laid out, so it must be the very pages the whole
 * book's layout gives its first chapter whenever `firstChapterStandsAlone` says so — and the rule
 * must refuse a first chapter that prints what a later chapter defines.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutChapterAt, parseCached, type BookInput } from '../../../src/worker/engine';
import { firstChapterStandsAlone } from '../../../src/worker/engine/first-chapter';
import { serializeDisplayList } from '../../../src/worker/protocol/displaylist';
import { paragraph, mulberry32 } from '../../support/prose';
import { fonts, run } from '../page/helpers';

const settings = defaultSettings();

/** A chapter of `paragraphs` paragraphs under an H1 and two H2s, with notes and a reference to its own second section. */
function chapterSource(title: string, seed: number, paragraphs: number, extra = ''): string {
  const random = mulberry32(seed);
  const body = Array.from({ length: paragraphs }, (_, p) => (p === 2 ? `${paragraph(random)}[^n${seed}]` : paragraph(random)));
  return `# ${title}\n\n${extra}${body.slice(0, 4).join('\n\n')}\n\n## Waters {#waters-${seed}}\n\nAs :ref{#waters-${seed}} tells.\n\n${body.slice(4).join('\n\n')}\n\n## Shore\n\n${paragraph(random)}\n\n[^n${seed}]: ${paragraph(random).slice(0, 120)}\n`;
}

function book(first: string): BookInput {
  return {
    title: 'First',
    settings,
    chapters: [
      { id: 'ch1', title: '', source: first },
      { id: 'ch2', title: '', source: chapterSource('Second', 22, 9) },
      { id: 'ch3', title: '', source: chapterSource('Third', 33, 7) },
    ],
  };
}

/** The first chapter's pages: laid out as a book of one chapter, and in the whole book. */
function alone(input: BookInput): { alone: string; inBook: string } {
  const gen = layoutChapterAt({ ...input, chapters: input.chapters.slice(0, 1) }, 0, 0, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  const whole = run(input);
  return { alone: step.value.pages.map(serializeDisplayList).join('\n'), inBook: whole.chapters[0]!.pages.map(serializeDisplayList).join('\n') };
}

const standsAlone = (source: string, resources: string[] = [], printsBookTotal = false): boolean =>
  firstChapterStandsAlone(parseCached({ id: 'ch1', title: '', source }, true, new EngineCache(), settings), settings, new Set(resources), printsBookTotal);

describe('the first chapter laid out before the book is parsed', () => {
  it('is the first chapter of the whole layout, page for page, when it stands alone', () => {
    const first = chapterSource('Opening', 11, 14);
    expect(standsAlone(first)).toBe(true);
    const pages = alone(book(first));
    expect(pages.inBook.split('\n').length).toBeGreaterThan(1); // more than one page to compare
    expect(pages.alone).toBe(pages.inBook);
  });

  it('does not stand alone when it prints what a later chapter defines, and laid out alone it would differ', () => {
    // A reference to the second chapter's section: alone, its target is unknown.
    const first = chapterSource('Opening', 11, 14, 'See :ref{#waters-22} ahead.\n\n');
    expect(standsAlone(first)).toBe(false);
    const pages = alone(book(first));
    expect(pages.alone).not.toBe(pages.inBook);
    // The contents (every chapter's headings), a page label, the book's page total, a citation.
    expect(standsAlone(`:::toc\n\n${first}`)).toBe(false);
    expect(standsAlone(chapterSource('Opening', 11, 6, 'On :ref{#waters-11 style=page}.\n\n'))).toBe(false);
    expect(standsAlone(chapterSource('Opening', 11, 6), [], true)).toBe(false);
    expect(standsAlone(chapterSource('Opening', 11, 6, 'As [@knuth1984] says.\n\n'))).toBe(false);
  });

  it('stands alone with references to pictures and tables: numbered by first mention, the first chapter first', () => {
    expect(standsAlone(chapterSource('Opening', 11, 6, 'The map in :ref{id="map"} shows it.\n\n'), ['map'])).toBe(true);
    expect(standsAlone(chapterSource('Opening', 11, 6, 'The map in :ref{id="map"} shows it.\n\n'), [])).toBe(false);
  });
});
