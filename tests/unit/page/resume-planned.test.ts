/**
 * Planned passes (page/passes.ts) go on from a block start before the first page their plan
 * changes, instead of from the chapter's first block: the bands levelled above page-span headings
 * (`balancing.beforeSpan`) and citing-page floats (`placement.citingPage`). The starts are the
 * plain pass's and those the planned passes kept recorded, each used under a plan that changes the
 * pages up to it alike: the pass levelling the k-th band goes on from just before that band's
 * page, not from before the first band's. Their pages equal those of passes from the first block
 * (`new EngineCache(false)`), byte for byte, on a whole book and after seeded edits. (The closing
 * page's balance is switched off here, so every block start asked for comes from those planned
 * passes.)
 */
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run } from './helpers';
import { observeStops } from './observe-passes';

// The block starts planned passes went on from (the module's own function, observed).
const { resumedAt } = vi.hoisted(() => ({ resumedAt: [] as number[] }));
// The passes levelling a band: the page of the band it adds, the page of the start it goes on from (-1 none).
const { levelling } = vi.hoisted(() => ({ levelling: [] as { band: number; from: number; last: number }[] }));
vi.mock('../../../src/worker/engine/page/paginate', async (original) =>
  (await import('./observe-passes')).observePlans(await original(), (plan) => {
    const band = plan?.spans?.[plan.spans.length - 1];
    if (!band || plan?.balance) return;
    // (And the last page it set itself: a pass that stops in step returns the pages before the stop.)
    const entry = { band: band.page, from: plan?.resume?.page ?? -1, last: -1 };
    levelling.push(entry);
    return (pages) => void (entry.last = pages[pages.length - 1]?.index ?? -1);
  }),
);
vi.mock('../../../src/worker/engine/page/resume', async (original) => {
  const actual = await original<typeof import('../../../src/worker/engine/page/resume')>();
  return {
    ...actual,
    startBefore: (...args: Parameters<typeof actual.startBefore>) => {
      const found = actual.startBefore(...args);
      if (found) resumedAt.push(found.block);
      return found;
    },
  };
});

// The stops in step with the previous layout an edit's first pass took.
const stops = observeStops();

const SVG = (w: number, h: number) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#335"/></svg>`);

/**
 * `count` paragraphs with a subheading every `every` from the `from`th on (a plan's first page is
 * where it resumes before), citing figure `c{c}f{k}` every seventh paragraph when `cites`.
 */
function chapter(random: () => number, c: number, count: number, every: number, from: number, cites: boolean): string {
  const parts = [`# Chapter ${c + 1}`];
  let figure = 0;
  for (let i = 0; i < count; i++) {
    if (i >= from && i % every === 0) parts.push(`## Section ${c + 1}.${i / every} set across the page`);
    parts.push(cites && i % 7 === 5 ? `${paragraph(random)} As :ref{id="c${c}f${figure++}"} shows.` : paragraph(random));
  }
  return parts.join('\n\n') + '\n';
}

function book(settings: LayoutSettings, cites: boolean): BookInput {
  const random = mulberry32(17);
  const chapters = Array.from({ length: 2 }, (_, c) => ({ id: `c${c}`, title: '', source: chapter(random, c, 70, 9, 36, cites) }));
  const figures = cites ? chapters.flatMap((_, c) => Array.from({ length: 10 }, (_, k) => ({ record: { id: `c${c}f${k}`, typeId: 'figure', kind: 'svg' as const, caption: `Figure ${k + 1}`, placement: { position: 'top' as const } }, payload: SVG(300, 120 + 20 * (k % 4)) }))) : [];
  return { title: 'Planned passes', settings, chapters, ...(cites ? { resources: prepareResources(figures, {}) } : {}) };
}

/** Words added at the end of the paragraph `where` (0…1) along the chapter. */
function typed(source: string, where: number, words: string): string {
  const ends: number[] = [];
  for (let at = source.indexOf('.\n\n'); at >= 0; at = source.indexOf('.\n\n', at + 3)) ends.push(at);
  const at = ends[Math.min(ends.length - 1, Math.floor(ends.length * where))]!;
  return source.slice(0, at) + words + source.slice(at);
}

const designs = (): [string, LayoutSettings, boolean][] => {
  // Subheadings span the page in a two-column page, met mid-page: the band above each is levelled.
  const spans = defaultSettings();
  spans.headings.levels[1] = { ...spans.headings.levels[1]!, breakBefore: 'none', span: 'page', spanBreak: false };
  spans.balancing = { ...spans.balancing, enabled: true, beforeSpan: true, trailing: false };
  // Figures at the head of their citing page, one column (as in incremental-long.test.ts).
  const citing = defaultSettings();
  citing.floats = { maxTopFraction: 0.7, hugClosing: true, ...citing.floats, citingPage: true };
  citing.balancing = { ...citing.balancing, enabled: true, trailing: false };
  // Both: figures heading their citing page or column, and the bands above page-span headings levelled.
  const both = structuredClone(spans);
  both.floats = { maxTopFraction: 0.7, hugClosing: true, ...both.floats, citingPage: true };
  return [
    ['levelled bands above page-span headings', spans, false],
    ['citing-page floats', { ...citing, columns: 1 }, true],
    ['citing-page floats and levelled bands', both, true],
  ];
};

describe('planned passes go on from a block start of the plain pass', () => {
  for (const [name, settings, cites] of designs()) {
    it(`${name}: equal to passes from the first block, on a whole book and after edits`, () => {
      let input = book(settings, cites);
      const cache = new EngineCache();
      resumedAt.length = 0;
      const first = run(input, cache);
      expect(dump(first)).toBe(dump(run(input, new EngineCache(false))));
      // Planned passes went on from block starts past the chapter's first.
      expect(resumedAt.some((b) => b > 0), name).toBe(true);
      const random = mulberry32(5);
      let stopped = 0;
      for (const [n, where] of [0.8, 0.3, 0.6, 0.95].entries()) {
        const c = n % 2;
        const words = random() < 0.5 ? ' and a lantern beneath the harbour wall' : ' and the long grey harbour wall with its lanterns lit one by one at dusk';
        input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source: typed(ch.source, where, words) } : ch)) };
        stops.clear();
        expect(dump(run(input, cache)), `edit ${n}`).toBe(dump(run(input, new EngineCache(false))));
        stopped += stops.taken();
      }
      // The first pass stopped in step with the previous layout's plain pass after some edits, though
      // that layout took planned passes (before, never: only after a layout of the plain pass alone).
      expect(stopped, name).toBeGreaterThan(0);
    });
  }
});

describe('a planned pass goes on from a block start a planned pass before it recorded', () => {
  it('each band levelled is set from a start past the band levelled before it, not from before the first band’s page', () => {
    const [, settings] = designs()[0]!;
    const input = book(settings, false);
    const one = { ...input, chapters: input.chapters.slice(0, 1) };
    levelling.length = 0;
    const layout = dump(run(one, new EngineCache()));
    const passes = levelling.slice();
    expect(layout).toBe(dump(run(one, new EngineCache(false))));
    const seen = JSON.stringify(passes);
    const bands = [...new Set(passes.map((l) => l.band))];
    expect(bands.length, seen).toBeGreaterThanOrEqual(3);
    // Before, every such pass went on from the plain pass's last start before the first band's page.
    for (const pass of passes) {
      const earlier = bands.filter((b) => b < pass.band);
      if (earlier.length > 0) expect(pass.from, seen).toBeGreaterThanOrEqual(earlier[earlier.length - 1]!);
    }
  });

  it('a pass levelling a band stops in step with the pass before it once past the band’s page', () => {
    const [, settings] = designs()[0]!;
    // One long chapter, subheadings every ninth paragraph from the tenth (at most eight bands are levelled).
    const input: BookInput = { title: 'Levelled bands', settings, chapters: [{ id: 'c0', title: '', source: chapter(mulberry32(29), 0, 150, 9, 10, false) }] };
    levelling.length = 0;
    const layout = run(input, new EngineCache());
    const passes = levelling.slice();
    expect(dump(layout)).toBe(dump(run(input, new EngineCache(false))));
    const closing = Math.max(...layout.pages.map((p) => p.index));
    // Before, every one set every page from its start to the chapter's closing page.
    const stopped = passes.filter((p) => p.last < closing - 1);
    expect(stopped.length, JSON.stringify(passes)).toBeGreaterThan(0);
    for (const pass of stopped) expect(pass.last, JSON.stringify(passes)).toBeGreaterThanOrEqual(pass.band);
  });
});
