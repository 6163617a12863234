import { describe, expect, it } from 'vitest';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { inkExtent, oneChapterBook, run, runs } from './helpers';

/** `n` one-word paragraphs `tag0` … : one grid row each in a sub-column. */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
const bodyRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');
const LONG = 'Verse three is a longer line that has to turn over in a narrow sub-column';

describe(':::columns holding poems (document-format §8.4, §9.1)', () => {
  const settings = single();
  const frame = pageFrame(settings, 0);
  const pitch = settings.body.lineHeight;
  const width = (frame.contentWidth - pitch) / 2;
  const subColumn = (x: number): number => Math.floor((x - frame.contentLeft + 0.5) / (width + pitch));
  const poem = (...lines: string[]) => [':::verse', ...lines, ':::'].join('\n');

  it('sets the poem in the sub-columns at their width, one grid row per line, the stanza space a blank row', () => {
    const source = `:::columns{count=2}\n${oneLiners(4, 'a')}\n\n${poem('Verse one of the stanza', '  Verse two indented', LONG, 'Verse four', '', 'Verse five', 'Verse six')}\n\n${oneLiners(4, 'b')}\n:::\n\nAfter.`;
    const layout = run(oneChapterBook(source, settings));
    expect(layout.pages).toHaveLength(1);
    const page = layout.pages[0]!;
    const verse = bodyRuns(page).filter((r) => /Verse|sub-column$/.test(r.text));
    // Every poem line inside its sub-column (never over the gap).
    for (const r of verse) {
      const c = subColumn(r.xs[0]!);
      expect(r.xs[0]!).toBeGreaterThanOrEqual(frame.contentLeft + c * (width + pitch) - 0.01);
      expect(inkExtent(r).right).toBeLessThanOrEqual(frame.contentLeft + c * (width + pitch) + width + 0.01);
    }
    // The long verse line, shorter than the text column, turns over in the sub-column: its turnover on the next grid row, hung in.
    const long = verse.find((r) => r.text.startsWith('Verse three'))!;
    const turnover = verse.find((r) => r.text.endsWith('sub-column') && r !== long)!;
    expect(long.text).not.toBe(LONG);
    expect(turnover.y).toBeCloseTo(long.y + pitch, 2);
    expect(subColumn(turnover.xs[0]!)).toBe(subColumn(long.xs[0]!));
    expect(turnover.xs[0]!).toBeGreaterThan(long.xs[0]!);
    // Lines of a stanza on consecutive rows; the stanza space (one line) a blank row.
    const y = (text: string) => verse.find((r) => r.text.startsWith(text))!.y;
    expect(y('Verse two')).toBeCloseTo(y('Verse one') + pitch, 2);
    expect(subColumn(verse.find((r) => r.text.startsWith('Verse six'))!.xs[0]!)).toBe(1);
    expect(y('Verse six')).toBeCloseTo(y('Verse five') + pitch, 2);
    if (subColumn(verse.find((r) => r.text.startsWith('Verse five'))!.xs[0]!) === subColumn(verse.find((r) => r.text.startsWith('Verse four'))!.xs[0]!)) expect(y('Verse five')).toBeCloseTo(y('Verse four') + 2 * pitch, 2);
    // The poem is a blank row under a3 (the line of space above a poem).
    expect(y('Verse one')).toBeCloseTo(bodyRuns(page).find((r) => r.text === 'a3')!.y + 2 * pitch, 2);
  });

  it('a verse line and its turnover never part between sub-columns', () => {
    // Rows: a0–a3, a blank, Verse one, the long line (two rows), a blank, b0–b4: 14 rows, seven a
    // sub-column balanced — the cut would fall inside the long line; it moves up before it.
    const source = `:::columns{count=2}\n${oneLiners(4, 'a')}\n\n${poem('Verse one', LONG)}\n\n${oneLiners(5, 'b')}\n:::`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const a0 = bodyRuns(page).find((r) => r.text === 'a0')!;
    const long = bodyRuns(page).find((r) => r.text.startsWith('Verse three'))!;
    const turnover = bodyRuns(page).find((r) => r.text.endsWith('sub-column') && r !== long)!;
    expect(subColumn(bodyRuns(page).find((r) => r.text === 'Verse one')!.xs[0]!)).toBe(0);
    expect(subColumn(long.xs[0]!)).toBe(1);
    expect(subColumn(turnover.xs[0]!)).toBe(1);
    // At the head of the second sub-column, level with a0; b0 under the line of space after the poem.
    expect(long.y).toBeCloseTo(a0.y, 2);
    expect(bodyRuns(page).find((r) => r.text === 'b0')!.y).toBeCloseTo(a0.y + 3 * pitch, 2);
  });

  it('a poem and its translation side by side (flow=parallel): each in its sub-column, level from the top', () => {
    const source = `:::columns{count=2}\n${poem('Original one', 'Original two', '', 'Original three')}\n\n:::columnbreak\n\n${poem('Translated one', 'Translated two', '', 'Translated three')}\n:::\n\nAfter.`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const at = (text: string) => bodyRuns(page).find((r) => r.text === text)!;
    for (const n of ['one', 'two', 'three']) {
      expect(subColumn(at(`Original ${n}`).xs[0]!)).toBe(0);
      expect(subColumn(at(`Translated ${n}`).xs[0]!)).toBe(1);
      expect(at(`Translated ${n}`).y).toBeCloseTo(at(`Original ${n}`).y, 2);
    }
    // From the group's top (the line of space above a poem dropped there, §7.4): on the first grid row.
    expect(at('Original one').y).toBeCloseTo(runs(run(oneChapterBook('Plain.', settings)).pages[0]!).find((r) => r.text === 'Plain.')!.y, 2);
    // Two lines, the stanza space, one line.
    expect(at('Original three').y).toBeCloseTo(at('Original one').y + 3 * pitch, 2);
  });
});
