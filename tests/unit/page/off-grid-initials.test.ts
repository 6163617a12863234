/**
 * A drop cap (configuration.md §6.7) on a `:::paragraphs` style at a leading of its own (7 pt type on
 * 9 pt lines, off the 12 pt grid) beside a wrapped resource (document-format §12.8): the initial
 * stands at the start of the reduced measure, its lines beside it there (paginate.ts
 * `placeFreeBeside`, drawn with the first line), the paragraph going on past the band at the full measure.
 */
import { describe, expect, it } from 'vitest';
import { prepareResources, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PathItem } from '../../../src/worker/protocol/displaylist';
import { expectOpeningEditEqualsFull, inkExtent, run, runs } from './helpers';

const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="#00aa00"/></svg>');
const settings = settingsFromConfig({ layout: { layoutType: 'single' }, paragraphStyles: [{ id: 'capped', dropCap: { lines: 3 }, fontSize: { value: 7, unit: 'pt' }, lineHeight: { value: 9, unit: 'pt' } }] } as never);
const TEXT = `Once upon a time ${Array.from({ length: 30 }, (_, i) => `sentence ${i} runs on with some words to fill the line.`).join(' ')}`;
const source = `Intro.\n\n::resource{id="green"}\n\n:::paragraphs{style="capped"}\n${TEXT}\n:::\n\nAfter.\n`;
const book = (text: string, side = 'right'): BookInput => ({
  title: 'T',
  settings,
  chapters: [{ id: 'ch1', title: '', source: text }],
  resources: prepareResources([{ record: { id: 'green', typeId: 'figure', kind: 'svg', caption: 'A green field', placement: { position: 'here', wrap: side, width: 0.35 } as never }, payload: SVG }], {}),
});

describe('a drop cap off the body leading beside a wrapped resource', () => {
  for (const side of ['right', 'left']) {
    it(`${side}: the initial at the start of the reduced measure, its three lines beside it there, the text whole (before: set without its initial)`, () => {
      const page = run(book(source, side)).pages[0]!;
      const fig = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === '#00aa00')!.frame!;
      const body = runs(page).filter((r) => r.line?.role === 'body');
      const initials = body.filter((r) => r.size > 8);
      expect(initials.map((r) => r.text)).toEqual(['O']);
      const cap = initials[0]!;
      const capInk = inkExtent(cap);
      // The text's lines, each its runs joined, in order down the page.
      const byY = new Map<number, { text: string; left: number; right: number }>();
      for (const r of body.filter((r) => r.size < 7.5)) {
        const e = inkExtent(r);
        const line = byY.get(r.y);
        byY.set(r.y, line ? { text: `${line.text} ${r.text}`, left: Math.min(line.left, e.left), right: Math.max(line.right, e.right) } : { text: r.text, ...e });
      }
      const lines = [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([y, l]) => ({ y, ...l }));
      expect(lines[0]!.text.startsWith('nce upon')).toBe(true);
      // Its baseline on the third line's (sink 3), the three lines starting past it.
      expect(cap.y).toBeCloseTo(lines[2]!.y, 3);
      for (const line of lines.slice(0, 3)) expect(line.left).toBeGreaterThan(capInk.right);
      // Beside the figure: the initial and every line level with it on the free side.
      for (const ink of [capInk, ...lines.filter((l) => l.y > fig.y + 7 && l.y < fig.y + fig.h)]) {
        if (side === 'right') expect(ink.right).toBeLessThan(fig.x);
        else expect(ink.left).toBeGreaterThan(fig.x + fig.w);
      }
      const words = lines.map((l) => l.text).reduce((all, line) => (all.endsWith('-') ? all.slice(0, -1) + line : `${all} ${line}`), '');
      expect([...words.matchAll(/sentence (\d+) /g)].map((m) => Number(m[1]))).toEqual(Array.from({ length: 30 }, (_, i) => i));
    });
  }

  it('incremental == full', () => {
    expectOpeningEditEqualsFull((text) => book(text), source);
  });
});
