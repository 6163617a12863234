/**
 * Column-balancing levers of a column that flows on (configuration.md §8.5; page/levers.ts):
 * a short column gets whole grid lines above its headings (≤ maxLinesPerHeading each, the
 * highest rank first), then after list ends and displays, so its last line reaches the foot.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { DEFAULT_RUNT_RULES } from '../../../src/worker/engine/settings';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { distributeLevers, leverLimits, type LeverPoint } from '../../../src/worker/engine/page/levers';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type DisplayItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, oneChapterBook, run, runs } from './helpers';

// Runt tightening (bodyText.tightenRunts) off: these seeds were picked for the levers, and a paragraph
// tightened one line shorter changes which columns come out short (lever 7 may then set it back).
const untightened = (): LayoutSettings => {
  const s = defaultSettings();
  s.body.runts = { ...DEFAULT_RUNT_RULES, tighten: false };
  return s;
};
const off = (): LayoutSettings => ({ ...untightened(), balancing: { enabled: true, trailing: false, maxLinesPerHeading: 0, stretchAfterLists: false, stretchAfterFloats: false } });
const on = (): LayoutSettings => ({ ...untightened(), balancing: { enabled: true, trailing: false } });

/** Runs of column c on a page with text, by block id → baselines. */
function column(settings: LayoutSettings, page: PageDisplayList, c: number) {
  return runs(page).filter((r) => r.line && (r.line.role === 'body' || r.line.role === 'heading') && columnOf(settings, page, r.xs[0]!) === c);
}

describe('levers of a column that flows on (headings.balancing §8.5)', () => {
  it('adds whole lines above the headings of a short column so it ends at the foot; nothing else moves', () => {
    let stretched = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const random = mulberry32(seed);
      const parts: string[] = ['# Chapter'];
      for (let s = 0; s < 8; s++) parts.push(`## Section ${s} of the chapter`, ...Array.from({ length: 2 + (s % 3) }, () => paragraph(random)));
      const source = parts.join('\n\n');
      const a = run(oneChapterBook(source, off()));
      const b = run(oneChapterBook(source, on()));
      expect(b.pages.length, `seed ${seed}`).toBe(a.pages.length);
      const pitch = defaultSettings().body.lineHeight;
      for (let p = 0; p < a.pages.length - 1; p++) {
        for (const c of [0, 1]) {
          const before = column(off(), a.pages[p]!, c);
          const after = column(on(), b.pages[p]!, c);
          // The same lines in the same column: only positions change.
          expect(after.map((r) => r.text), `seed ${seed} page ${p} column ${c}`).toEqual(before.map((r) => r.text));
          if (before.length === 0) continue;
          let headingsAbove = 0;
          let previousShift = 0;
          before.forEach((r, i) => {
            const shift = after[i]!.y - r.y;
            // Whole grid lines, never up, growing only at a heading.
            expect(Math.abs(shift / pitch - Math.round(shift / pitch)), `seed ${seed} page ${p}`).toBeLessThan(1e-3);
            expect(shift).toBeGreaterThanOrEqual(previousShift - 1e-6);
            if (shift > previousShift + 1e-6) {
              expect(r.line!.role, `seed ${seed} page ${p}: "${r.text}" moved without a heading`).toBe('heading');
              expect(Math.round((shift - previousShift) / pitch)).toBeLessThanOrEqual(4);
              headingsAbove++;
            }
            previousShift = shift;
          });
          if (previousShift > 0) {
            stretched++;
            // Still inside the page: the deepest baseline above the content foot.
            const frame = pageFrame(on(), p);
            expect(Math.max(...after.map((r) => r.y))).toBeLessThan(frame.contentTop + frame.contentHeight);
            expect(headingsAbove).toBeGreaterThan(0);
          }
        }
      }
    }
    expect(stretched, 'the seeds give short columns with headings').toBeGreaterThan(0);
  });

  it('a column ended by :::columnbreak keeps its gap', () => {
    const random = mulberry32(9);
    const source = `# Chapter\n\n${paragraph(random)}\n\n## A heading in the column\n\n${paragraph(random)}\n\n:::columnbreak\n\n${paragraph(random)}`;
    const a = run(oneChapterBook(source, off())).pages[0]!;
    const b = run(oneChapterBook(source, on())).pages[0]!;
    expect(column(on(), b, 0).map((r) => r.y)).toEqual(column(off(), a, 0).map((r) => r.y));
  });

  it('distributes a gap: headings by rank up to their limit, then list ends, then displays', () => {
    const items: DisplayItem[] = Array.from({ length: 10 }, (_, i) => ({ op: Op.Rect, x: 0, y: i, w: 1, h: 1 }));
    const points: LeverPoint[] = [
      { kind: 'afterFloat', item: 1, block: 'd', rank: 0 },
      { kind: 'heading', item: 2, block: 'h3', rank: 3 },
      { kind: 'afterList', item: 3, block: 'l', rank: 0 },
      { kind: 'heading', item: 4, block: 'h2', rank: 2 },
      { kind: 'heading', item: 10, block: 'end', rank: 1 }, // nothing follows it: no lines
    ];
    const limits = { heading: 4, afterList: 1, afterFloat: 1 };
    expect(distributeLevers(points, items, 3, limits)).toEqual([0, 0, 0, 3, 0]);
    expect(distributeLevers(points, items, 6, limits)).toEqual([0, 2, 0, 4, 0]);
    expect(distributeLevers(points, items, 11, limits)).toEqual([1, 4, 1, 4, 0]);
    // A path after a point (a formula) keeps it from moving.
    const withPath: DisplayItem[] = [...items.slice(0, 3), { op: Op.Path, d: 'M0 0' }, ...items.slice(4)];
    expect(distributeLevers(points, withPath, 11, limits)).toEqual([0, 0, 0, 4, 0]);
  });

  it('reads the levers from headings.balancing (defaults 4 / 1 / 1; enabled false turns them off)', () => {
    expect(leverLimits(settingsFromConfig({}))).toEqual({ heading: 4, afterList: 1, afterFloat: 1 });
    const s = settingsFromConfig({ headings: { balancing: { maxLinesPerHeading: 2, stretchAfterLists: false, maxLinesAfterFloat: 3, beforeSpan: false } } });
    expect(leverLimits(s)).toEqual({ heading: 2, afterList: 0, afterFloat: 3 });
    expect(s.balancing?.beforeSpan).toBe(false);
    expect(leverLimits(settingsFromConfig({ headings: { balancing: { enabled: false } } }))).toEqual({ heading: 0, afterList: 0, afterFloat: 0 });
  });

  it('closingBox: a callout that closes a short column drops to its foot, whole lines, the text above it unmoved', () => {
    const boxTop = (page: PageDisplayList) => Math.min(...page.items.filter((i) => i.op === Op.Rect).map((i) => (i.op === Op.Rect ? i.y : Infinity)));
    let dropped = 0;
    for (let n = 2; n <= 9; n++) {
      for (const seed of [31, 32]) {
        const random = mulberry32(seed);
        const source = `# Chapter\n\n${Array.from({ length: n }, () => paragraph(random)).join('\n\n')}\n\n:::callout{title="Aside"}\n${paragraph(random, 1)}\n:::\n\n## A heading that must keep its lines\n\n${paragraph(random)}\n\n${paragraph(random)}`;
        const settingsOff = { ...off(), balancing: { ...off().balancing!, closingBox: 'off' as const } };
        const a = run(oneChapterBook(source, settingsOff));
        const b = run(oneChapterBook(source, on()));
        const p = a.pages.findIndex((page) => page.items.some((i) => i.op === Op.Rect));
        if (p < 0) continue;
        const before = a.pages[p]!;
        const after = b.pages[p]!;
        const shift = boxTop(after) - boxTop(before);
        if (Math.abs(shift) < 1e-6) continue;
        dropped++;
        const pitch = defaultSettings().body.lineHeight;
        expect(shift, `n ${n} seed ${seed}`).toBeGreaterThan(0);
        expect(Math.abs(shift / pitch - Math.round(shift / pitch))).toBeLessThan(1e-3);
        const frame = pageFrame(on(), p);
        for (const i of after.items) if (i.op === Op.Rect) expect(i.y + i.h).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
        // Text above the box stays where it was.
        const above = (page: PageDisplayList) => runs(page).filter((r) => r.y < boxTop(before)).map((r) => `${r.text}@${r.y}`);
        expect(above(after)).toEqual(above(before));
      }
    }
    expect(dropped, 'some layouts close a short column with the box').toBeGreaterThan(0);
  });

  it('(6) a line under a column top float: the text after it moves down one line in a short column', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect width="200" height="120" fill="#00aa00"/></svg>');
    const book = (seed: number, settings: LayoutSettings): BookInput => {
      const random = mulberry32(seed);
      const paragraphs = Array.from({ length: 24 }, () => paragraph(random));
      paragraphs[2] += ' As :ref{id="green"} shows.';
      return {
        title: 'Floats',
        settings,
        chapters: [{ id: 'ch1', title: '', source: `# Floats\n\n${paragraphs.join('\n\n')}\n` }],
        resources: prepareResources([{ record: { id: 'green', typeId: 'figure', kind: 'svg', caption: 'A field', placement: { position: 'top' } }, payload: svg }], {}),
      };
    };
    const pitch = defaultSettings().body.lineHeight;
    let moved = 0;
    for (const seed of [41, 42, 43, 44, 45, 46]) {
      const a = run(book(seed, off()));
      const b = run(book(seed, on()));
      for (let p = 0; p < a.pages.length - 1; p++) {
        const page = a.pages[p]!;
        const path = page.items.find((i) => i.op === Op.Path && i.fill === '#00aa00');
        if (!path || path.op !== Op.Path) continue;
        const c = columnOf(off(), page, Number(path.d.match(/-?\d+(\.\d+)?/)![0]));
        const before = column(off(), page, c);
        const after = column(on(), b.pages[p]!, c);
        expect(after.map((r) => r.text)).toEqual(before.map((r) => r.text));
        const shifts = new Set(before.map((r, i) => Math.round((after[i]!.y - r.y) / pitch * 1000) / 1000));
        // Either untouched, or every line under the float one line lower (maxLinesAfterFloat 1).
        expect([...shifts].every((s) => s === 0 || s === 1), `seed ${seed}: ${[...shifts]}`).toBe(true);
        if (shifts.has(1)) moved++;
      }
    }
    expect(moved, 'some short column holds a top float').toBeGreaterThan(0);
  });
});
