/**
 * Balancing lever (7), `looseParagraph` (configuration.md §8.5; page/lever-paragraphs.ts), for
 * paragraphs other than plain body ones: a `:::paragraphs{style}` paragraph on the body leading, a
 * list item (its marker with its first line), a paragraph opening with a drop cap (its initial and
 * the room beside it kept).
 * Only the paragraphs' lever: the whole-line levers and the closing page's balance are off, so
 * what a short column lacks is theirs to take. Each case compares the book with the lever off and
 * on, page by page, column by column.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { DEFAULT_RUNT_RULES } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { loosenParagraphs, trackedSetting, type LooseParagraph } from '../../../src/worker/engine/page/lever-paragraphs';
import type { LeverPoint } from '../../../src/worker/engine/page/levers';
import { runSizeIndex, type SetLine } from '../../../src/worker/engine/paragraph/lines';
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

/**
 * An edit above a loosened paragraph (a section heading renamed) in the first of `seeds` that
 * loosens one, laid out with the previous layout's cache, equals a full layout, which still takes
 * lever (7) (`what` names the kind).
 */
function expectIncrementalAfterRename(source: (seed: number) => string, seeds: readonly number[], s: LayoutSettings, what: string): void {
  const seed = seeds.find((n) => (run(oneChapterBook(source(n), s)).chapters[0]!.levers ?? []).length > 0)!;
  const text = source(seed);
  const cache = new EngineCache();
  run(oneChapterBook(text, s), cache);
  const edited = text.replace('## Section 1 of the chapter', '## Section one of the chapter, renamed');
  expect(edited).not.toBe(text);
  const full = run(oneChapterBook(edited, s), new EngineCache(false));
  expect((full.chapters[0]!.levers ?? []).length, `the edited book still loosens ${what}`).toBeGreaterThan(0);
  expect(dump(run(oneChapterBook(edited, s), cache))).toBe(dump(full));
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
    expectIncrementalAfterRename(source, SEEDS, leverOnly(styles('justify'), true, true), 'a paragraph');
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
    expectIncrementalAfterRename(source, SEEDS, leverOnly({}, true, true), 'an item');
  });
});

describe('lever (7) for a paragraph opening with a drop cap', () => {
  /** Sections whose first paragraph (the one with the initial) is long, the others short. */
  function source(seed: number): string {
    const random = mulberry32(seed);
    const parts: string[] = ['# Chapter'];
    for (let s = 0; s < 8; s++) parts.push(`## Section ${s} of the chapter`, paragraph(random, 5 + Math.floor(random() * 4)), ...Array.from({ length: 1 + (s % 2) }, () => paragraph(random, 2)));
    return parts.join('\n\n');
  }
  const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
  // A three-line initial (the default) on the first paragraph after each level-2 heading.
  const capped = { headings: { levels: [{ level: 2, dropCap: {} }] } };
  /** The initial: the block's run set larger than the body. */
  const initialOf = (rs: readonly GlyphRunItem[], s: LayoutSettings) => rs.filter((r) => r.size > s.body.style.size * 1.05);

  /**
   * Lever (7) fired over `seeds` with the lever off and on; for each loosened paragraph with an
   * initial, the initial and its room as they were. `edge`: where lines under the initial start (pt
   * from the column's left). Returns [levers fired, of them paragraphs with an initial].
   */
  function loosenedBesideInitials(source: (seed: number) => string, config: Record<string, unknown>, seeds: readonly number[], edge: number): [number, number] {
    let fired = 0;
    let withInitial = 0;
    for (const seed of seeds) {
      const text = source(seed);
      const s = leverOnly(config, true);
      const before = run(oneChapterBook(text, leverOnly(config, false)));
      const after = run(oneChapterBook(text, s));
      fired += checkLoosened(before, after, s, `seed ${seed}`, (loosened, p) => {
        const old = ofBlock(bodyRuns(before.pages[p]!), loosened[0]!.line!.block);
        const [cap, wasCap] = [initialOf(loosened, s), initialOf(old, s)];
        if (wasCap.length === 0) return; // a paragraph without an initial (the plain lever's)
        expect(cap.map((r) => r.text)).toEqual(wasCap.map((r) => r.text));
        const text = loosened.filter((r) => !cap.includes(r));
        const lines = baselines(text);
        // The initial where it was (lower only by the lines loosened above), its baseline on the third line's.
        cap.forEach((r, i) => {
          expect(r.xs[0]).toBeCloseTo(wasCap[i]!.xs[0]!, 3);
          expect(r.y - wasCap[i]!.y).toBeCloseTo(lines[0]! - baselines(old.filter((o) => !wasCap.includes(o)))[0]!, 3);
        });
        expect(cap[0]!.y).toBeCloseTo(lines[2]!, 3);
        // Its room kept: the three lines beside it start right of its ink, the others at the edge.
        const frame = pageFrame(s, p);
        const startOf = (y: number) => Math.min(...text.filter((r) => r.y === y).map((r) => r.xs[0]!));
        const capRight = Math.max(...cap.flatMap((r) => r.xs)) + 0.3 * cap[0]!.size;
        lines.forEach((y, i) => {
          if (i < 3) expect(startOf(y), `line ${i}`).toBeGreaterThan(capRight);
          else expect(startOf(y), `line ${i}`).toBeCloseTo(frame.columnX[0]! + edge, 3);
        });
        expect(lines.length).toBeGreaterThan(3);
        withInitial++;
      });
    }
    return [fired, withInitial];
  }

  it('sets the paragraph one line longer beside the same initial, in the same room; the foot moves down one line a paragraph', () => {
    const [fired, withInitial] = loosenedBesideInitials(source, capped, SEEDS, 0);
    expect(fired, 'the seeds give short columns').toBeGreaterThan(0);
    expect(withInitial, 'the seeds give short columns a drop-cap paragraph levels').toBeGreaterThan(0);
  });

  it('the same for a :::paragraphs style\'s drop cap, inside the style\'s indent', () => {
    // Every paragraph of the group opens with an initial (each), 1.5 em in from the column's edge.
    const styled = { paragraphStyles: [{ id: 'capped', indent: em(1.5), textAlign: 'justify', dropCap: { each: true } }] };
    const grouped = (seed: number) => source(seed).replace(/(## Section \d of the chapter)\n\n([^#]*)/g, (_m, heading: string, body: string) => `${heading}\n\n:::paragraphs{style="capped"}\n${body.trim()}\n:::\n\n`);
    expect(grouped(1)).toContain(':::paragraphs{style="capped"}');
    const [fired, withInitial] = loosenedBesideInitials(grouped, styled, SEEDS, 1.5 * settingsFromConfig({}).body.style.size);
    expect(fired, 'the seeds give short columns').toBeGreaterThan(0);
    expect(withInitial, 'the seeds give short columns a styled drop-cap paragraph levels').toBeGreaterThan(0);
  });

  it('never tracks a drop cap\'s paragraph: its lines beside the initial are narrower than the measure tracking spaces them out to', () => {
    // 51 clusters a line, 100 pt measure, 10 pt type: tracked at 9/1000 em when allowed (as in lever-paragraphs.test.ts).
    const clusters = Array.from({ length: 51 }, (_, i) => i);
    const glyphRun = (width: number) => ({ fontId: 'f', sizeIndex: runSizeIndex(10), colour: '#000000', glyphs: clusters.map(() => 1), xs: clusters.map((c) => c * (width / 51)), text: 'x'.repeat(51), clusters, offsets: clusters }) as unknown as SetLine['runs'][number];
    const lineAt = (width: number): SetLine => ({ runs: [glyphRun(width)], width, ratio: 0.5, hyphenated: false, ragged: false, emergency: false, srcFrom: 0, srcTo: 0 });
    const loose: LooseParagraph = {
      count: 2, lines: 2, firstY: 0, justify: true, measure: 100, em: 10, ltr: true, draw: () => [],
      reset: (narrower) => (narrower === 0 ? [lineAt(100), lineAt(40)] : [lineAt(100 - narrower), lineAt(100 - narrower), lineAt(20)]),
    };
    expect(trackedSetting(loose, 0.01)).not.toBeNull();
    expect(trackedSetting({ ...loose, untracked: true }, 0.01)).toBeNull();
  });

  it('incremental layout equals a full one after an edit above a loosened drop-cap paragraph', () => {
    const s = leverOnly(capped, true, true);
    const edit = (text: string) => text.replace('## Section 1 of the chapter', '## Section one of the chapter, renamed');
    // A lever of the edited book on a paragraph with an initial.
    const withCap = (layout: ReturnType<typeof run>) => (layout.chapters[0]!.levers ?? []).some((l) => initialOf(ofBlock(bodyRuns(layout.pages[l.pageIndex]!), l.block), s).length > 0);
    const seed = SEEDS.find((n) => withCap(run(oneChapterBook(edit(source(n)), s))));
    expect(seed, 'a seed loosens a drop-cap paragraph after the edit').toBeDefined();
    const text = source(seed!);
    const cache = new EngineCache();
    run(oneChapterBook(text, s), cache);
    const edited = edit(text);
    expect(edited).not.toBe(text);
    const full = run(oneChapterBook(edited, s), new EngineCache(false));
    expect(withCap(full)).toBe(true);
    expect(dump(run(oneChapterBook(edited, s), cache))).toBe(dump(full));
  });
});
