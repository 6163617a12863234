/**
 * Levelling the band above a page-span box whose columns hold footnotes or foot floats
 * (configuration.md §8.5 `balancing.beforeSpan`; page/span-band.ts). Such a band was left alone.
 * Reading (the spec is silent on where the notes go): a column's notes and foot floats stay at the
 * foot of that column of the page — under the text that goes on below the box in the same
 * column, as a typesetter keeps notes at the page foot — and the band above the box is cut level
 * like any other. Two columns of the default settings; H2 is a `spanBreak: false` page-span heading.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { bodyLinesAbove, columnOf, dump, oneChapterBook, run, runs } from './helpers';

const spanSettings = (beforeSpan = true): LayoutSettings => {
  const s = defaultSettings();
  s.headings.levels[1] = { ...s.headings.levels[1]!, breakBefore: 'none', span: 'page', spanBreak: false };
  s.balancing = { enabled: true, trailing: true, beforeSpan };
  return s;
};
const title = 'A section title set across the whole page width';
const prose = (seed: number, count: number, note?: { at: number; id: string }) => {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => (note && i === note.at ? `${paragraph(random)}[^${note.id}] ${paragraph(random, 2)}\n\n[^${note.id}]: Note ${note.id}. ${paragraph(random, 2)}` : paragraph(random))).join('\n\n');
};
const role = (page: PageDisplayList, r: string) => runs(page).filter((x) => x.line?.role === r);

/** Body lines per column above y (page coordinates). */
const linesAbove = bodyLinesAbove;

/** Cases where the heading, met in the second column, goes to the next page without levelling. */
function cases(noteAt: (before: number) => number) {
  const found: { source: string; seed: number }[] = [];
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    for (const before of [8, 9, 10, 11]) {
      const source = `${prose(seed, before, { at: noteAt(before), id: `n${seed}` })}\n\n## ${title}\n\n${prose(seed + 50, 4)}`;
      const plain = run(oneChapterBook(source, spanSettings(false)));
      const at = plain.pages.findIndex((p) => role(p, 'heading').length > 0);
      if (at !== 1) continue;
      const first = plain.pages[0]!;
      if (!role(first, 'body').some((r) => columnOf(spanSettings(), first, r.xs[0]!) === 1)) continue;
      if (role(first, 'note').length === 0) continue;
      found.push({ source, seed });
    }
  }
  return found;
}

describe('levelling above a span box when the band holds notes or foot floats', () => {
  it('a note cited in the band: the heading sits mid-page under the level band, the note at its column foot under the text below', () => {
    const settings = spanSettings();
    const found = cases((before) => before - 3);
    expect(found.length, 'the seeds meet the heading in the second column with a note above').toBeGreaterThan(0);
    let levelled = 0;
    for (const { source, seed } of found) {
      const layout = run(oneChapterBook(source, settings));
      const page = layout.pages[0]!;
      const heading = role(page, 'heading').filter((r) => r.text.includes('section') || r.text.includes('title'));
      if (heading.length === 0) continue; // no room under the level band: moves on (allowed)
      levelled++;
      const headTop = Math.min(...heading.map((r) => r.y));
      const headBottom = Math.max(...heading.map((r) => r.y));
      const [left, right] = linesAbove(settings, page, headTop);
      expect(Math.abs(left! - right!), `seed ${seed}: ${left}/${right}`).toBeLessThanOrEqual(3);
      expect(right!, `seed ${seed}`).toBeGreaterThan(0);
      // The note is on this page, at the foot, under every body line of its column.
      const notes = role(page, 'note');
      expect(notes.length, `seed ${seed}`).toBeGreaterThan(0);
      const f = pageFrame(settings, 0);
      for (const n of notes) {
        const c = columnOf(settings, page, n.xs[0]!);
        expect(n.y).toBeGreaterThan(headBottom);
        expect(n.y).toBeLessThanOrEqual(f.contentTop + f.contentHeight + 0.01);
        for (const b of role(page, 'body').filter((r) => columnOf(settings, page, r.xs[0]!) === c)) expect(b.y, `seed ${seed}: "${b.text}"`).toBeLessThan(n.y - 2);
      }
      // The separator rule of the notes sits under the text below the box, above the notes.
      const rules = page.items.filter((i) => i.op === Op.Rule && i.y1 === i.y2);
      expect(rules.some((r) => r.op === Op.Rule && r.y1 > headBottom && r.y1 < Math.min(...notes.map((n) => n.y)))).toBe(true);
      // Text goes on under the band: in the first column, and in the second unless its notes fill its foot there.
      const below = (c: number) => role(page, 'body').some((r) => r.y > headBottom && columnOf(settings, page, r.xs[0]!) === c);
      expect(below(0), `seed ${seed}`).toBe(true);
      expect(below(1) || notes.some((n) => columnOf(settings, page, n.xs[0]!) === 1), `seed ${seed}`).toBe(true);
    }
    expect(levelled).toBeGreaterThan(0);
  });

  it('a column foot float in the band: it stays at its column foot, under the text that goes on below the box', () => {
    const settings = spanSettings();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" viewBox="0 0 200 60"><rect width="200" height="60" fill="#00aa00"/></svg>');
    let levelled = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const before of [8, 9, 10]) {
        const random = mulberry32(seed);
        const paragraphs = Array.from({ length: before }, () => paragraph(random));
        paragraphs[1] += ' As :ref{id="green"} shows.';
        const source = `${paragraphs.join('\n\n')}\n\n## ${title}\n\n${prose(seed + 50, 4)}`;
        const input = (s: LayoutSettings) => ({ ...oneChapterBook(source, s), resources: prepareResources([{ record: { id: 'green', typeId: 'figure', kind: 'svg', caption: 'Green', placement: { position: 'bottom' } }, payload: svg }], {}) });
        const plain = run(input(spanSettings(false)));
        if (plain.pages.findIndex((p) => role(p, 'heading').length > 0) !== 1) continue;
        const layout = run(input(settings));
        const page = layout.pages[0]!;
        if (role(page, 'heading').length === 0) continue;
        const picture = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === '#00aa00');
        expect(picture, `seed ${seed} before ${before}: the float stays on the citing page`).toBeDefined();
        levelled++;
        const n = (picture!.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
        const top = Math.min(...n.filter((_, i) => i % 2 === 1));
        const left = Math.min(...n.filter((_, i) => i % 2 === 0));
        const headBottom = Math.max(...role(page, 'heading').map((r) => r.y));
        expect(top, `seed ${seed}`).toBeGreaterThan(headBottom);
        const c = columnOf(settings, page, left + 1);
        for (const b of role(page, 'body').filter((r) => columnOf(settings, page, r.xs[0]!) === c)) expect(b.y < top || b.y > top + 60, `seed ${seed}: "${b.text}"`).toBe(true);
        const [l, r] = linesAbove(settings, page, Math.min(...role(page, 'heading').map((x) => x.y)));
        expect(Math.abs(l! - r!), `seed ${seed}: ${l}/${r}`).toBeLessThanOrEqual(3);
      }
    }
    expect(levelled).toBeGreaterThan(0);
  });

  it('incremental layout equals a full one with a note above a levelled band', () => {
    const settings = spanSettings();
    const { source } = cases((before) => before - 3)[0]!;
    const chapters = [{ id: 'a', title: '', source: `# A\n\n${source}` }, { id: 'b', title: '', source: `# B\n\n${source.replace(/\[\^n(\d)\]/g, '[^m$1]')}` }];
    const cache = new EngineCache();
    run({ title: 'T', settings, chapters }, cache);
    const edited = [{ ...chapters[0]!, source: `${chapters[0]!.source}\n\n${prose(77, 2)}` }, chapters[1]!];
    expect(dump(run({ title: 'T', settings, chapters: edited }, cache))).toBe(dump(run({ title: 'T', settings, chapters: edited })));
  });
});
