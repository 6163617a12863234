/**
 * Levelling the band above a page-span box (configuration.md §8.5 `headings.balancing.beforeSpan`;
 * page/span-band.ts): a span heading or a `:::columns{span=page}` group met under text on a
 * two-column page sits under that text cut level over both columns (rows checked against
 * cap = ceil(Σ rows / 2)); a breaking span heading leaves the page before it level.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { EngineCache } from '../../../src/worker/engine';
import { bodyLinesAbove, columnOf, dump, oneChapterBook, run, runs } from './helpers';

const bodyRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');
const headingRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'heading');
const prose = (seed: number, count: number) => {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => paragraph(random)).join('\n\n');
};
/** H2 is a page-span band that may sit mid-page (spanBreak false) or opens a page (true). */
const spanSettings = (spanBreak: boolean, beforeSpan = true): LayoutSettings => {
  const s = defaultSettings();
  s.headings.levels[1] = { ...s.headings.levels[1]!, breakBefore: 'none', span: 'page', spanBreak };
  s.balancing = { enabled: true, trailing: true, beforeSpan };
  return s;
};
const title = 'A section title set across the whole page width';

/** Body lines per column above y (page coordinates). */
const linesAbove = bodyLinesAbove;

describe('levelling the band above a page-span box (balancing.beforeSpan)', () => {
  it('a spanBreak:false heading met in the second column sits mid-page under the text cut level', () => {
    let checked = 0;
    for (const [seed, before] of [[1, 9], [1, 8], [2, 11], [3, 10], [4, 8], [5, 9]] as const) {
      const source = `${prose(seed, before)}\n\n## ${title}\n\n${prose(seed + 50, 4)}`;
      const settings = spanSettings(false);
      const off = spanSettings(false, false);
      const plain = run(oneChapterBook(source, off));
      const plainPage = plain.pages.findIndex((p) => headingRuns(p).length > 0);
      const plainHead = plain.pages[plainPage]!;
      // Without levelling, a heading met in column 2 opens the next page (the case this lever exists for).
      const startedInSecond = plainPage > 0 && bodyRuns(plain.pages[plainPage - 1]!).some((r) => columnOf(off, plain.pages[plainPage - 1]!, r.xs[0]!) === 1);
      if (!startedInSecond || bodyRuns(plainHead).some((r) => r.y < headingRuns(plainHead)[0]!.y)) continue;
      const layout = run(oneChapterBook(source, settings));
      const at = layout.pages.findIndex((p) => headingRuns(p).length > 0);
      if (at !== plainPage - 1) {
        // No room under the levelled band: the heading moves, and the page it leaves is level.
        expect(at, `seed ${seed}`).toBe(plainPage);
        const left = linesAbove(settings, layout.pages[at - 1]!, Infinity);
        expect(Math.abs(left[0]! - left[1]!), `seed ${seed}: ${left}`).toBeLessThanOrEqual(3);
        continue;
      }
      const page = layout.pages[at]!;
      const headTop = Math.min(...headingRuns(page).map((r) => r.y));
      const [left, right] = linesAbove(settings, page, headTop);
      const cap = Math.ceil((left! + right!) / 2);
      expect(right!, `seed ${seed}: ${left}/${right}`).toBeGreaterThan(0);
      expect(Math.abs(left! - cap), `seed ${seed}: ${left}/${right}`).toBeLessThanOrEqual(3);
      expect(Math.abs(left! - right!), `seed ${seed}: ${left}/${right}`).toBeLessThanOrEqual(3);
      // Both columns go on under the band.
      const bandBottom = Math.max(...headingRuns(page).map((r) => r.y));
      for (const c of [0, 1]) expect(bodyRuns(page).some((r) => r.y > bandBottom && columnOf(settings, page, r.xs[0]!) === c), `seed ${seed} column ${c}`).toBe(true);
      // Pages before it are untouched.
      for (let i = 0; i < at; i++) expect(layout.pages[i]).toEqual(plain.pages[i]);
      checked++;
    }
    expect(checked, 'the seeds meet the heading in the second column').toBeGreaterThan(0);
  });

  it('text above it in the first column only is shared between both columns', () => {
    const source = `${prose(7, 3)}\n\n## ${title}\n\n${prose(8, 3)}`;
    const settings = spanSettings(false);
    const plain = run(oneChapterBook(source, spanSettings(false, false))).pages[0]!;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const plainAbove = linesAbove(settings, plain, Math.min(...headingRuns(plain).map((r) => r.y)));
    expect(plainAbove[1], 'the plain layout has the first column only above the band').toBe(0);
    const above = linesAbove(settings, page, Math.min(...headingRuns(page).map((r) => r.y)));
    const total = plainAbove[0]!;
    expect(above[0]! + above[1]!).toBe(total);
    expect(Math.abs(above[0]! - Math.ceil(total / 2)), `${above}`).toBeLessThanOrEqual(3);
    // The heading moved up: the band is about half as deep.
    expect(Math.min(...headingRuns(page).map((r) => r.y))).toBeLessThan(Math.min(...headingRuns(plain).map((r) => r.y)));
  });

  it('a :::columns{span=page} group met in the second column sits under the levelled band, with the column rule stopping at it', () => {
    const settings = { ...spanSettings(false), columnRule: { enabled: true, colour: '#999999', width: 0.5 } };
    let checked = 0;
    for (const seed of [11, 12, 13]) {
      const source = `${prose(seed, 10)}\n\n:::columns{count=3 span="page"}\n${prose(seed + 1, 2).replace(/\n\n/g, ' ')}\n:::\n\n${prose(seed + 2, 3)}`;
      const page = run(oneChapterBook(source, settings)).pages[0]!;
      const plain = run(oneChapterBook(source, { ...settings, balancing: { enabled: true, trailing: true, beforeSpan: false } })).pages[0]!;
      const marker = prose(seed + 1, 1).split(' ')[0]!;
      if (bodyRuns(plain).some((r) => r.text.startsWith(marker))) continue; // the plain layout has room on page 1 anyway
      checked++;
      const group = bodyRuns(page).filter((r) => r.text.startsWith(marker));
      expect(group.length, `seed ${seed}: the group starts on the first page`).toBeGreaterThan(0);
      const groupTop = Math.min(...group.map((r) => r.y));
      const above = linesAbove(settings, page, groupTop - 1);
      expect(Math.abs(above[0]! - above[1]!), `seed ${seed}: ${above}`).toBeLessThanOrEqual(3);
      const frame = pageFrame(settings, 0);
      const vertical = page.items.filter((i) => i.op === Op.Rule && i.x1 === i.x2 && Math.abs(i.x1 - (frame.contentLeft + frame.columnWidth + settings.gutter / 2)) < 0.5);
      expect(vertical.length, `seed ${seed}: a rule beside the band above and one under the group`).toBeGreaterThanOrEqual(2);
      for (const r of vertical) if (r.op === Op.Rule) expect(r.y2 <= groupTop - 5 || r.y1 >= groupTop, `seed ${seed}: no rule through the group's first line`).toBe(true);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a breaking span heading (spanBreak true) leaves the page it opens after cut level', () => {
    let checked = 0;
    for (const [seed, before] of [[21, 10], [22, 12], [23, 9]] as const) {
      const source = `${prose(seed, before)}\n\n## ${title}\n\n${prose(seed + 5, 3)}`;
      const settings = spanSettings(true);
      const plain = run(oneChapterBook(source, spanSettings(true, false)));
      const layout = run(oneChapterBook(source, settings));
      const at = plain.pages.findIndex((p) => headingRuns(p).length > 0);
      const lines = (pages: typeof plain.pages) => linesAbove(settings, pages[at - 1]!, Infinity);
      const before0 = lines(plain.pages);
      if (Math.abs(before0[0]! - before0[1]!) <= 1) continue;
      checked++;
      const after = lines(layout.pages);
      expect(layout.pages.findIndex((p) => headingRuns(p).length > 0)).toBe(at);
      expect(Math.abs(after[0]! - after[1]!), `seed ${seed}: ${before0} → ${after}`).toBeLessThanOrEqual(3);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('headings.balancing.beforeSpan false keeps the heading met in the second column for the next page', () => {
    const source = `${prose(3, 10)}\n\n## ${title}\n\n${prose(53, 4)}`;
    const on = run(oneChapterBook(source, spanSettings(false)));
    const off = run(oneChapterBook(source, spanSettings(false, false)));
    const first = (layout: typeof on) => layout.pages.findIndex((p) => headingRuns(p).length > 0);
    expect(first(on)).toBe(0);
    expect(first(off)).toBe(1);
  });

  it('incremental layout equals a full one around levelled bands, parallel streams and stretched columns', () => {
    const settings = spanSettings(false);
    const chapters = [
      { id: 'a', title: '', source: `# A\n\n${prose(61, 6)}\n\n## ${title}\n\n${prose(62, 8)}` },
      { id: 'b', title: '', source: `# B\n\n${prose(63, 9)}\n\n:::columns{count=2 span="page"}\n${prose(64, 2)}\n\n:::columnbreak\n\n${prose(65, 2)}\n:::\n\n${prose(66, 5)}` },
    ];
    const cache = new EngineCache();
    run({ title: 'T', settings, chapters }, cache);
    const edited = [{ ...chapters[0]!, source: `${chapters[0]!.source}\n\n${prose(67, 3)}` }, chapters[1]!];
    expect(dump(run({ title: 'T', settings, chapters: edited }, cache))).toBe(dump(run({ title: 'T', settings, chapters: edited })));
  });
});
