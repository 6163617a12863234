/**
 * Balancing lever (7), `looseParagraph` (configuration.md §8.5; page/lever-paragraphs.ts), for
 * paragraphs other than plain body ones: a `:::paragraphs{style}` paragraph on the body leading, a
 * list item (its marker with its first line).
 * Only the paragraphs' lever: the whole-line levers and the closing page's balance are off, so
 * what a short column lacks is theirs to take. Each case compares the book with the lever off and
 * on, page by page, column by column.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { DEFAULT_RUNT_RULES } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { loosenParagraphs } from '../../../src/worker/engine/page/lever-paragraphs';
import type { LeverPoint } from '../../../src/worker/engine/page/levers';
import type { SetLine } from '../../../src/worker/engine/paragraph/lines';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, oneChapterBook, run, runs } from './helpers';

const em = (value: number) => ({ value, unit: 'em' as const });

/** One column; only lever (7) (and, with `track`, its tracking); runt tightening off (it moves which columns come out short). */
function leverOnly(config: Record<string, unknown>, loose: boolean, track = false): LayoutSettings {
  const s = settingsFromConfig(config as never);
  return {
    ...s, columns: 1,
    body: { ...s.body, runts: { ...DEFAULT_RUNT_RULES, tighten: false } },
    balancing: { enabled: true, trailing: false, maxLinesPerHeading: 0, stretchAfterLists: false, stretchAfterFloats: false, closingBox: 'off', looseParagraphs: loose, trackParagraphs: track },
  };
}

/** Word spacing of a justified line, × normal space, from its ratio (paragraph/items.ts glue: stretch max − 1, shrink 1 − min). */
const spacing = (ratio: number, s: LayoutSettings): number => (ratio >= 0 ? 1 + ratio * (s.body.maxWordSpacing - 1) : 1 + ratio * (1 - s.body.minWordSpacing));
const bodyRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'body' || r.line?.role === 'heading');
const ofBlock = (rs: readonly GlyphRunItem[], block: string) => rs.filter((r) => r.line?.block === block);
const baselines = (rs: readonly GlyphRunItem[]): number[] => [...new Set(rs.map((r) => r.y))].sort((a, b) => a - b);
const deepest = (rs: readonly GlyphRunItem[]): number => Math.max(...rs.map((r) => r.y));

/** Checks common to every loosened candidate; returns how many levers fired. */
function checkLoosened(before: ReturnType<typeof run>, after: ReturnType<typeof run>, s: LayoutSettings, label: string, extra?: (loosened: GlyphRunItem[], page: number) => void): number {
  const pitch = s.body.lineHeight;
  const levers = after.chapters[0]!.levers ?? [];
  expect(before.chapters[0]!.levers ?? [], `${label}: levers off, none recorded`).toEqual([]);
  expect(after.pages.length, label).toBe(before.pages.length);
  for (const lever of levers) {
    expect(lever.lever).toBe('looseParagraph');
    expect(lever.lines).toBe(1);
    const p = lever.pageIndex;
    const a = bodyRuns(before.pages[p]!);
    const b = bodyRuns(after.pages[p]!);
    // One line more for that block, in the same column; the same blocks in the same order.
    expect(baselines(ofBlock(b, lever.block)).length, `${label} page ${p}`).toBe(baselines(ofBlock(a, lever.block)).length + 1);
    const blocks = (rs: readonly GlyphRunItem[]) => [...new Set(rs.map((r) => r.line!.block))];
    expect(blocks(b)).toEqual(blocks(a));
    // Its lines on the grid, one pitch apart, from the same first baseline (a line lower per paragraph loosened above it).
    const lines = baselines(ofBlock(b, lever.block));
    const firstBefore = (block: string) => baselines(ofBlock(a, block))[0]!;
    const above = levers.filter((l) => l.pageIndex === p && firstBefore(l.block) < firstBefore(lever.block)).length;
    expect(lines[0]).toBeCloseTo(firstBefore(lever.block) + above * pitch, 3);
    lines.forEach((y, i) => expect(y - lines[0]!).toBeCloseTo(i * pitch, 3));
    // Every line within minWordSpacing … maxWordSpacing, none ragged.
    for (const r of ofBlock(b, lever.block)) {
      if (r.line!.role !== 'body' || r.line!.ratio === 0) continue;
      const w = spacing(r.line!.ratio, s);
      expect(w).toBeLessThanOrEqual(s.body.maxWordSpacing + 1e-3);
      expect(w).toBeGreaterThanOrEqual(s.body.minWordSpacing - 1e-3);
      expect(r.line!.ragged).toBeUndefined();
    }
    // The column's foot one grid line lower per paragraph loosened on the page (one column).
    const onPage = levers.filter((l) => l.pageIndex === p).length;
    expect(deepest(b) - deepest(a), `${label} page ${p}`).toBeCloseTo(onPage * pitch, 3);
    // What flows on is unchanged: the next page sets the same text at the same places (unless a lever fired there too).
    if (p + 1 < after.pages.length && !levers.some((l) => l.pageIndex === p + 1)) {
      const strip = (rs: readonly GlyphRunItem[]) => rs.map((r) => `${r.text}@${r.y}`);
      expect(strip(bodyRuns(after.pages[p + 1]!))).toEqual(strip(bodyRuns(before.pages[p + 1]!)));
    }
    extra?.(ofBlock(b, lever.block), p);
  }
  return levers.length;
}

describe('lever (7) for a :::paragraphs{style} paragraph on the body leading', () => {
  // 1.5 em in from the start edge, 1 em from the end edge, justified (the body's leading and size).
  const styles = (align: string) => ({ paragraphStyles: [{ id: 'inset', indent: em(1.5), endIndent: em(1), textAlign: align }] });
  function source(seed: number): string {
    const random = mulberry32(seed);
    const parts: string[] = ['# Chapter'];
    for (let s = 0; s < 8; s++) parts.push(`## Section ${s} of the chapter`, `:::paragraphs{style="inset"}\n${Array.from({ length: 2 + (s % 3) }, () => paragraph(random)).join('\n\n')}\n:::`);
    return parts.join('\n\n');
  }
  const SEEDS = [1, 2, 3, 4];

  it('sets a justified style\'s paragraph one line longer inside its own indents; the foot moves down one line a paragraph', () => {
    let fired = 0;
    for (const seed of SEEDS) {
      const text = source(seed);
      const s = leverOnly(styles('justify'), true);
      const before = run(oneChapterBook(text, leverOnly(styles('justify'), false)));
      const after = run(oneChapterBook(text, s));
      const size = s.body.style.size;
      fired += checkLoosened(before, after, s, `seed ${seed}`, (loosened, p) => {
        // Inside the style's measure: from 1.5 em in (its first line the first-line indent further) to 1 em short of the end edge.
        const frame = pageFrame(s, p);
        const left = frame.columnX[0]!;
        const right = left + frame.columnWidths[0]!;
        for (const r of loosened) {
          expect(Math.min(...r.xs)).toBeGreaterThanOrEqual(left + 1.5 * size - 1e-3);
          expect(Math.max(...r.xs)).toBeLessThan(right - 1 * size);
        }
      });
    }
    expect(fired, 'the seeds give short columns a styled paragraph levels').toBeGreaterThan(0);
  });

  it('never loosens a ragged style (align left, centre, right): its spaces are not stretched', () => {
    for (const align of ['left', 'center', 'right']) {
      for (const seed of SEEDS) {
        const text = source(seed);
        const after = run(oneChapterBook(text, leverOnly(styles(align), true)));
        expect(after.chapters[0]!.levers ?? [], `${align} seed ${seed}`).toEqual([]);
        expect(dump(after)).toBe(dump(run(oneChapterBook(text, leverOnly(styles(align), false)))));
      }
    }
  });

  it('a ragged candidate is passed over even when its looser setting would fit (loosenParagraphs)', () => {
    const glyphs = (y: number): GlyphRunItem => ({ op: Op.GlyphRun, font: 'f', size: 10, fill: '#000000', y, glyphs: [1], xs: [0], text: 'x', clusters: [0], chapter: 'c', srcFrom: 0, line: { block: 'a', role: 'body', ratio: 0 } });
    const line: SetLine = { runs: [], width: 100, ratio: 0, hyphenated: false, ragged: false, emergency: false, srcFrom: 0, srcTo: 0 };
    const point = (justify: boolean): LeverPoint => ({
      kind: 'looseParagraph', item: 0, block: 'a', rank: 0,
      loose: { count: 2, lines: 2, firstY: 0, justify, measure: 100, em: 10, ltr: true, reset: () => [line, line, line], draw: (ls, dy) => ls.map((_, i) => glyphs(dy + 12 * i)) },
    });
    expect(loosenParagraphs([point(false)], [glyphs(0), glyphs(12)], 2, 2, 12)).toEqual([0]);
    // (The same point justified — its three lines within the bounds — takes the line.)
    expect(loosenParagraphs([point(true)], [glyphs(0), glyphs(12)], 2, 2, 12)).toEqual([1]);
  });

  it('incremental layout equals a full one after an edit above a loosened styled paragraph', () => {
    const s = leverOnly(styles('justify'), true, true);
    const seed = SEEDS.find((n) => (run(oneChapterBook(source(n), s)).chapters[0]!.levers ?? []).length > 0)!;
    const text = source(seed);
    const cache = new EngineCache();
    run(oneChapterBook(text, s), cache);
    const edited = text.replace('## Section 1 of the chapter', '## Section one of the chapter, renamed');
    expect(edited).not.toBe(text);
    const full = run(oneChapterBook(edited, s), new EngineCache(false));
    expect((full.chapters[0]!.levers ?? []).length, 'the edited book still loosens a paragraph').toBeGreaterThan(0);
    expect(dump(run(oneChapterBook(edited, s), cache))).toBe(dump(full));
  });
});

describe('lever (7) for a list item set whole in a column', () => {
  /** Sections of list items only (bulleted, then numbered), each item a paragraph of 2–5 sentences. */
  function source(seed: number): string {
    const random = mulberry32(seed);
    const parts: string[] = ['# Chapter'];
    for (let s = 0; s < 8; s++) {
      const marker = (k: number) => (s % 2 === 0 ? '-' : `${k + 1}.`);
      parts.push(`## Section ${s} of the chapter`, Array.from({ length: 2 + (s % 3) }, (_, k) => `${marker(k)} ${paragraph(random, 2 + Math.floor(random() * 4))}`).join('\n'));
    }
    return parts.join('\n\n');
  }
  const SEEDS = [1, 2, 3, 4, 5, 6];
  /** The item's marker: its runs that are not its text's (a bullet, or a number and its separator). */
  const markerOf = (rs: readonly GlyphRunItem[]) => rs.filter((r) => /^(•|\d+\.)$/.test(r.text));

  it('sets an item one line longer after its indent, its marker on its first line\'s baseline; the foot moves down one line an item', () => {
    let fired = 0;
    for (const seed of SEEDS) {
      const text = source(seed);
      const s = leverOnly({}, true);
      const before = run(oneChapterBook(text, leverOnly({}, false)));
      const after = run(oneChapterBook(text, s));
      fired += checkLoosened(before, after, s, `seed ${seed}`, (loosened, p) => {
        const old = ofBlock(bodyRuns(before.pages[p]!), loosened[0]!.line!.block);
        const [marker, wasMarker] = [markerOf(loosened), markerOf(old)];
        expect(marker, `seed ${seed}: one marker`).toHaveLength(1);
        expect(wasMarker).toHaveLength(1);
        // The marker where it was (lower only by the lines loosened above it), on the first line's baseline.
        expect(marker[0]!.y - wasMarker[0]!.y).toBeCloseTo(baselines(loosened)[0]! - baselines(old)[0]!, 3);
        expect(marker[0]!.xs[0]).toBeCloseTo(wasMarker[0]!.xs[0]!, 3);
        expect(marker[0]!.y).toBeCloseTo(baselines(loosened)[0]!, 3);
        // The text after the marker's indent: every line starts where it started before, right of the marker.
        const text = loosened.filter((r) => r !== marker[0]);
        const starts = (rs: readonly GlyphRunItem[]) => [...new Set(rs.map((r) => Math.round(Math.min(...r.xs) * 100) / 100))];
        expect(starts(text)).toEqual(starts(old.filter((r) => r !== wasMarker[0])));
        for (const r of text) expect(Math.min(...r.xs)).toBeGreaterThan(Math.max(...marker[0]!.xs));
      });
    }
    expect(fired, 'the seeds give short columns an item levels').toBeGreaterThan(0);
  });

  it('incremental layout equals a full one after an edit above a loosened item', () => {
    const s = leverOnly({}, true, true);
    const seed = SEEDS.find((n) => (run(oneChapterBook(source(n), s)).chapters[0]!.levers ?? []).length > 0)!;
    const text = source(seed);
    const cache = new EngineCache();
    run(oneChapterBook(text, s), cache);
    const edited = text.replace('## Section 1 of the chapter', '## Section one of the chapter, renamed');
    expect(edited).not.toBe(text);
    const full = run(oneChapterBook(edited, s), new EngineCache(false));
    expect((full.chapters[0]!.levers ?? []).length, 'the edited book still loosens an item').toBeGreaterThan(0);
    expect(dump(run(oneChapterBook(edited, s), cache))).toBe(dump(full));
  });
});
