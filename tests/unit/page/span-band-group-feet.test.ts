/**
 * Levelling the band above a page-wide `:::columns{span=page}` group whose columns hold footnotes
 * or foot floats (configuration.md §8.5 `balancing.beforeSpan`, document-format §8.4; page/span-band.ts).
 * Such a band was left alone, so a group met in the second column went to the next page. As under a
 * span heading (span-band-feet.test.ts), each column's notes and foot floats stay at the foot of that
 * column of the page; the group's rows, which run across every column, stop above the deepest feet.
 * Two columns of the default settings (12 pt grid).
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { bodyLinesAbove, columnOf, dump, filledPathBox, oneChapterBook, pageOverlaps, run, runs } from './helpers';

const groupSettings = (beforeSpan = true): LayoutSettings => {
  const s = defaultSettings();
  s.balancing = { enabled: true, trailing: true, beforeSpan };
  return s;
};
const prose = (seed: number, count: number, note?: { at: number; id: string }) => {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => (note && i === note.at ? `${paragraph(random)}[^${note.id}] ${paragraph(random, 2)}\n\n[^${note.id}]: Note ${note.id}. ${paragraph(random, 2)}` : paragraph(random))).join('\n\n');
};
/** A three-column page-wide group of `count` paragraphs whose first word marks its lines. */
const group = (seed: number, count: number) => `:::columns{count=3 span="page"}\n${prose(seed, count)}\n:::`;
const role = (page: PageDisplayList, r: string) => runs(page).filter((x) => x.line?.role === r);
const baselines = (list: readonly GlyphRunItem[]) => [...new Set(list.map((r) => r.y.toFixed(2)))].map(Number).sort((a, b) => a - b);

/** Page invariants (helpers.ts `pageOverlaps`): lines inside the content area, nothing printed over anything else (note lines are the closest, pt). */
function expectNoOverlap(settings: LayoutSettings, page: PageDisplayList, label: string): void {
  expect(pageOverlaps(settings, page, settings.notes.lineHeight), label).toEqual([]);
}

/** Sources where, without levelling, the group met in the second column goes to the next page with a note cited on the first. */
function cases(noteAt: (before: number) => number, groupLength = 2) {
  const found: { source: string; seed: number; marker: string }[] = [];
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    for (const before of [8, 9, 10, 11]) {
      const source = `${prose(seed, before, { at: noteAt(before), id: `n${seed}` })}\n\n${group(seed + 30, groupLength)}\n\n${prose(seed + 50, 4)}`;
      const marker = prose(seed + 30, 1).split(' ')[0]!;
      const plain = run(oneChapterBook(source, groupSettings(false))).pages[0]!;
      if (role(plain, 'body').some((r) => r.text.startsWith(marker))) continue; // room on page 1 anyway
      if (!role(plain, 'body').some((r) => columnOf(groupSettings(), plain, r.xs[0]!) === 1)) continue;
      if (role(plain, 'note').length === 0) continue;
      found.push({ source, seed, marker });
    }
  }
  return found;
}

describe('levelling above a page-wide :::columns group when the band holds notes or foot floats', () => {
  it.each([
    ['in the second column, a short group', (before: number) => before - 3, 2],
    ['in the second column, a group running on to the next page', (before: number) => before - 3, 9],
    ['in the first column, a group running on to the next page', () => 1, 9],
  ])('a note cited in the band (%s): the group sits mid-page under columns level within a line, the note at its column foot under the group', (_, noteAt, groupLength) => {
    const settings = groupSettings();
    const found = cases(noteAt, groupLength);
    expect(found.length, 'the seeds meet the group in the second column with a note above').toBeGreaterThan(0);
    const f = pageFrame(settings, 0);
    let levelled = 0;
    let withinOne = 0;
    for (const { source, seed, marker } of found) {
      const page = run(oneChapterBook(source, settings)).pages[0]!;
      const plain = run(oneChapterBook(source, groupSettings(false))).pages[0]!;
      const body = role(page, 'body');
      const first = body.find((r) => r.text.startsWith(marker));
      if (!first) continue; // no room under the level band: the group moves on (allowed)
      levelled++;
      expectNoOverlap(settings, page, `seed ${seed}`);
      const groupTop = first.y;
      // The band above: both columns end within one grid line of each other.
      const [left, right] = bodyLinesAbove(settings, page, groupTop - 1);
      // The cut is ceil(Σ / 2) lines (page/span-band.ts), loosened by a line per retry when the
      // plain cut sends the group on: the columns differ by at most one line plus those retries.
      const [plainLeft, plainRight] = bodyLinesAbove(settings, plain, Number.POSITIVE_INFINITY);
      const cap = Math.ceil((plainLeft! + plainRight!) / 2);
      const deepest = Math.max(left!, right!);
      expect(deepest, `seed ${seed}: ${left}/${right} under a cut of ${cap} (≤ 3 retries)`).toBeLessThanOrEqual(cap + 3);
      expect(Math.abs(left! - right!), `seed ${seed}: ${left}/${right}, cut ${cap}`).toBeLessThanOrEqual(1 + Math.max(0, deepest - cap));
      if (deepest <= cap) withinOne++;
      expect(right!, `seed ${seed}`).toBeGreaterThan(0);
      // The group's first line one grid line under the deepest column (baselines on the 12 pt grid).
      const above = baselines(body.filter((r) => r.y < groupTop - 1));
      expect(groupTop - above[above.length - 1]!, `seed ${seed}`).toBeCloseTo(2 * settings.body.lineHeight, 2);
      const onGrid = (y: number) => (y - baselines(body)[0]!) / settings.body.lineHeight;
      for (const y of baselines(body)) expect(Math.abs(onGrid(y) - Math.round(onGrid(y))), `seed ${seed}: ${y} on the grid`).toBeLessThan(1e-3);
      // The note is on this page at the foot of the column of its citing line, under every body
      // line of that column (group rows included), its separator rule between them.
      const notes = role(page, 'note');
      expect(notes.length, `seed ${seed}`).toBeGreaterThan(0);
      const noteTop = Math.min(...notes.map((n) => n.y));
      const noteColumn = columnOf(settings, page, notes[0]!.xs[0]!);
      const citing = body.find((r) => /\[|\d/.test(r.text) && r.y < groupTop && columnOf(settings, page, r.xs[0]!) === noteColumn);
      expect(citing, `seed ${seed}: the citing line is in the note's column above the group`).toBeDefined();
      for (const n of notes) {
        expect(n.y).toBeGreaterThan(groupTop);
        expect(n.y).toBeLessThanOrEqual(f.contentTop + f.contentHeight + 0.01);
      }
      // Nothing overlaps the notes: no body line (band, group, text after) in their column's x range reaches their top.
      const columnLeft = f.columnX[noteColumn]!;
      const columnRight = columnLeft + f.columnWidth;
      for (const b of body) {
        const x0 = b.xs[0]!;
        const x1 = b.xs[b.xs.length - 1]!;
        if (x1 < columnLeft || x0 > columnRight) continue;
        expect(b.y, `seed ${seed}: "${b.text}" above the note`).toBeLessThan(noteTop - settings.body.lineHeight + 0.01);
      }
      const rules = page.items.filter((i) => i.op === Op.Rule && i.y1 === i.y2);
      expect(rules.some((r) => r.op === Op.Rule && r.y1 > groupTop && r.y1 < noteTop), `seed ${seed}: the note rule under the group`).toBe(true);
    }
    expect(levelled).toBeGreaterThan(0);
    expect(withinOne, 'most bands take the plain cut').toBeGreaterThan(levelled / 2);
  });

  it('a column foot float in the band: it stays at its column foot, the group\'s rows stop above it and its line of space', () => {
    const settings = groupSettings();
    const pitch = settings.body.lineHeight;
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" viewBox="0 0 200 60"><rect width="200" height="60" fill="#00aa00"/></svg>');
    let levelled = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const before of [8, 9, 10]) {
        for (const cited of [1, before - 2]) {
          const random = mulberry32(seed);
          const paragraphs = Array.from({ length: before }, () => paragraph(random));
          paragraphs[cited] += ' As :ref{id="green"} shows.';
          const source = `${paragraphs.join('\n\n')}\n\n${group(seed + 30, 9)}\n\n${prose(seed + 50, 4)}`;
          const marker = prose(seed + 30, 1).split(' ')[0]!;
          const input = (s: LayoutSettings) => ({ ...oneChapterBook(source, s), resources: prepareResources([{ record: { id: 'green', typeId: 'figure', kind: 'svg', caption: 'Green', placement: { position: 'bottom' } }, payload: svg }], {}) });
          const plain = run(input(groupSettings(false))).pages[0]!;
          if (role(plain, 'body').some((r) => r.text.startsWith(marker))) continue;
          const layout = run(input(settings));
          const page = layout.pages[0]!;
          const first = role(page, 'body').find((r) => r.text.startsWith(marker));
          if (!first) continue;
          const picture = filledPathBox(layout.pages, '#00aa00');
          expect(picture.page.index, `seed ${seed} before ${before}: the float stays on the citing page`).toBe(0);
          levelled++;
          expectNoOverlap(settings, page, `seed ${seed}`);
          expect(picture.top, `seed ${seed}`).toBeGreaterThan(first.y);
          // The float's band is its height and one line above it: no body line of its column
          // (band above, group rows, text after) has its baseline inside that band.
          const c = columnOf(settings, page, picture.left + 1);
          const f = pageFrame(settings, 0);
          for (const b of role(page, 'body')) {
            const x0 = b.xs[0]!;
            if (b.xs[b.xs.length - 1]! < f.columnX[c]! || x0 > f.columnX[c]! + f.columnWidth) continue;
            expect(b.y < picture.top - pitch + 0.01 || b.y > picture.bottom + 30, `seed ${seed}: "${b.text}" at ${b.y}, picture ${picture.top}–${picture.bottom}`).toBe(true);
          }
        }
      }
    }
    expect(levelled).toBeGreaterThan(0);
  });

  it('incremental layout equals a full one with a note above a levelled group', () => {
    const settings = groupSettings();
    const { source } = cases((before) => before - 3, 9)[0]!;
    const chapters = [{ id: 'a', title: '', source: `# A\n\n${source}` }, { id: 'b', title: '', source: `# B\n\n${source.replace(/\[\^n(\d)\]/g, '[^m$1]')}` }];
    const cache = new EngineCache();
    run({ title: 'T', settings, chapters }, cache);
    const edited = [{ ...chapters[0]!, source: `${chapters[0]!.source}\n\n${prose(77, 2)}` }, chapters[1]!];
    expect(dump(run({ title: 'T', settings, chapters: edited }, cache))).toBe(dump(run({ title: 'T', settings, chapters: edited })));
  });
});
