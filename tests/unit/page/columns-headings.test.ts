import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { dump, inkExtent, oneChapterBook, run, runs } from './helpers';

const words = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
/** `n` one-word paragraphs `tag0` … : one grid row each in a sub-column. */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
const headingRuns = (page: PageDisplayList, text: string) => runs(page).filter((r) => r.line?.role === 'heading' && r.text.includes(text));
/** Baseline of the body run whose text is exactly `text`. */
const baselineOf = (page: PageDisplayList, text: string): number => runs(page).find((r) => r.line?.role === 'body' && r.text === text)!.y;
const xOf = (page: PageDisplayList, text: string): number => runs(page).find((r) => r.line?.role === 'body' && r.text === text)!.xs[0]!;

describe(':::columns holding headings (document-format §8.4: headings keep numbering/TOC)', () => {
  it('sets the heading in a sub-column at its measure, in its level type, listed in the contents and found by references', () => {
    const settings = single();
    settings.toc = { ...settings.toc, levels: [1, 2] };
    const source = `:::toc\n\n# Chapter One\n\nOpening ${words(20, 'o')}\n\n:::columns{count=2}\n${words(120, 'p')}\n\n## Inside Group {#sec-in}\n\n${words(100, 'q')}\n:::\n\nSee :ref{id="sec-in" style="page"}.`;
    const layout = run(oneChapterBook(source, settings));
    const page = layout.pages.find((p) => headingRuns(p, 'Inside Group').length > 0)!;
    expect(page).toBeDefined();
    const frame = pageFrame(settings, page.index);
    const pitch = settings.body.lineHeight;
    const gap = pitch; // one body line (§8.4)
    const width = (frame.contentWidth - gap) / 2;
    const [heading] = headingRuns(page, 'Inside Group');
    // In the second sub-column (the first is full of p-words), at its left edge, inside its width, in H2 type (15 pt).
    expect(heading!.xs[0]!).toBeCloseTo(frame.contentLeft + width + gap, 1);
    expect(inkExtent(heading!).right).toBeLessThan(frame.contentLeft + frame.contentWidth + 0.01);
    expect(heading!.size).toBe(settings.headings.levels[1]!.size);
    // The heading opens sub-column 2 (its margin above dropped there): level with the group's first row's top.
    const p0 = baselineOf(page, runs(page).find((r) => r.text.startsWith('p0'))!.text);
    expect(heading!.y).toBeGreaterThan(p0 - pitch);
    // Its 18 pt leading takes two grid rows, its 7.5 pt margin below one: q0 on the fourth row of the sub-column.
    const q0 = runs(page).find((r) => r.text.startsWith('q0'))!;
    expect(q0.y).toBeCloseTo(p0 + 3 * pitch, 2);
    // (indented: bodyText.indentAfterHeading is on by default)
    expect(q0.xs[0]!).toBeCloseTo(frame.contentLeft + width + gap + settings.body.firstLineIndent, 1);
    // The contents list it with its page; the page reference finds it.
    const entry = runs(layout.pages[0]!).find((r) => r.line?.target !== undefined && r.text.includes('Inside Group'));
    expect(entry).toBeDefined();
    const label = runs(layout.pages[0]!).filter((r) => r.y === entry!.y).sort((a, b) => b.xs[0]! - a.xs[0]!)[0]!;
    expect(label.text).toBe(page.label);
    const ref = runs(page).filter((r) => r.line?.role === 'body' && r.y > q0.y).map((r) => r.text).join(' ');
    expect(ref).toContain(`p. ${page.label}`);
  });

  it('a heading that would end a sub-column moves on with the first line after it', () => {
    const settings = single();
    settings.body.indentAfterHeading = false;
    const frame = pageFrame(settings, 0);
    const pitch = settings.body.lineHeight;
    const rows = Math.floor(frame.contentHeight / pitch + 1e-9);
    // rows − 5 one-line paragraphs, then the H2 (two blank rows above, two text rows, one blank
    // below) would end the first sub-column, as full as the room left in it (a long group snakes).
    const source = `:::columns{count=2}\n${oneLiners(rows - 5, 'a')}\n\n## Kept Heading\n\n${oneLiners(2 * rows, 'b')}\n:::`;
    const layout = run(oneChapterBook(source, settings));
    const page = layout.pages[0]!;
    const [heading] = headingRuns(page, 'Kept Heading');
    expect(heading).toBeDefined();
    const width = (frame.contentWidth - pitch) / 2;
    // Not at the first sub-column's foot: at the head of the second, with b0 under it there.
    expect(heading!.xs[0]!).toBeCloseTo(frame.contentLeft + width + pitch, 1);
    expect(heading!.y).toBeLessThan(baselineOf(page, 'a0') + pitch);
    expect(xOf(page, 'b0')).toBeCloseTo(frame.contentLeft + width + pitch, 1);
    expect(baselineOf(page, 'b0')).toBeCloseTo(baselineOf(page, 'a0') + 3 * pitch, 2);
    // The first sub-column ends with the last a-paragraph, five rows short.
    expect(baselineOf(page, `a${rows - 6}`)).toBeCloseTo(baselineOf(page, 'a0') + (rows - 6) * pitch, 2);
    expect(xOf(page, `a${rows - 6}`)).toBeCloseTo(frame.contentLeft + settings.body.firstLineIndent, 1);
    // The rest snakes on: the group does not blow up into more pages than its rows need.
    expect(layout.pages.length).toBe(2);
  });

  it(':::space inside a group is whole blank rows, dropped at a sub-column head (document-format §7.4)', () => {
    const settings = single();
    // (The paragraph after the space starts flush: indentAfterHeading off, §7.4.)
    settings.body.indentAfterHeading = false;
    const frame = pageFrame(settings, 0);
    const pitch = settings.body.lineHeight;
    const width = (frame.contentWidth - pitch) / 2;
    // Ten rows, five per sub-column: a0 a1, two blank rows, b0 | b1 … b5.
    const mid = run(oneChapterBook(`:::columns{count=2}\n${oneLiners(2, 'a')}\n\n:::space{lines=2}\n\n${oneLiners(6, 'b')}\n:::`, settings)).pages[0]!;
    expect(baselineOf(mid, 'b0')).toBeCloseTo(baselineOf(mid, 'a0') + 4 * pitch, 2);
    expect(xOf(mid, 'b0')).toBeCloseTo(frame.contentLeft, 1);
    expect(xOf(mid, 'b1')).toBeCloseTo(frame.contentLeft + width + pitch + settings.body.firstLineIndent, 1);
    expect(baselineOf(mid, 'b1')).toBeCloseTo(baselineOf(mid, 'a0'), 2);
    // a0 … a3, a blank row | (the second blank dropped at the head) b0 … b3 from the top.
    const head = run(oneChapterBook(`:::columns{count=2}\n${oneLiners(4, 'a')}\n\n:::space{lines=2}\n\n${oneLiners(4, 'b')}\n:::\n\nAfter.`, settings)).pages[0]!;
    expect(xOf(head, 'b0')).toBeCloseTo(frame.contentLeft + width + pitch, 1);
    expect(baselineOf(head, 'b0')).toBeCloseTo(baselineOf(head, 'a0'), 2);
    // The text after goes on under the taller sub-column (five rows: four lines and the blank).
    expect(baselineOf(head, 'After.')).toBeCloseTo(baselineOf(head, 'a0') + 5 * pitch, 2);
  });

  it('incremental equals full around a group of headings and space, in two page columns', () => {
    const settings = defaultSettings();
    settings.toc = { ...settings.toc, levels: [1, 2, 3] };
    const group = `:::columns{count=2 rule}\n${words(200, 'g')}\n\n## Group Head\n\n${words(300, 'h')}\n\n:::space{lines=2}\n\n### Small Head\n\n${words(400, 'k')}\n:::`;
    const chapters = [
      { id: 'a', title: '', source: `:::toc\n\n# A\n\n${words(300, 'x')}` },
      { id: 'b', title: '', source: `# B\n\n${words(100, 'w')}\n\n${group}\n\n## After {#after}\n\nSee :ref{id="after" style="page"}.` },
    ];
    const cache = new EngineCache();
    run({ title: 'T', settings, chapters }, cache);
    const longer = [{ ...chapters[0]!, source: chapters[0]!.source + `\n\n${words(500, 'y')}` }, chapters[1]!];
    expect(dump(run({ title: 'T', settings, chapters: longer }, cache))).toBe(dump(run({ title: 'T', settings, chapters: longer })));
    const inside = [longer[0]!, { ...chapters[1]!, source: chapters[1]!.source.replace('## Group Head', `${words(60, 'z')}\n\n## Group Head`) }];
    expect(dump(run({ title: 'T', settings, chapters: inside }, cache))).toBe(dump(run({ title: 'T', settings, chapters: inside })));
  });

  it('in vertical text the group is set in the flow and turned with it: the heading and the lines in both sub-columns', () => {
    const settings = settingsFromConfig({ layout: { writingMode: 'vertical-rl', layoutType: 'single' } } as never);
    const source = `:::columns{count=2}\n${oneLiners(6, 'a')}\n\n## Head\n\n${oneLiners(6, 'b')}\n:::`;
    const layout = run(oneChapterBook(source, settings));
    expect(layout.pages).toHaveLength(1);
    const page = layout.pages[0]!;
    // Runs inside the page's turned group are in the flow's frame (page/vertical.ts).
    const frame = pageFrame(settings, 0);
    const mid = frame.contentLeft + frame.contentWidth / 2;
    const group = runs(page).filter((r) => r.line?.role === 'body' && /^[ab]\d$/.test(r.text));
    expect(group).toHaveLength(12);
    expect(group.some((r) => r.xs[0]! < mid)).toBe(true);
    expect(group.some((r) => r.xs[0]! > mid)).toBe(true);
    expect(headingRuns(page, 'Head')).toHaveLength(1);
  });

  it('a numbered heading in a group takes its number in order with those outside, and a reference prints it', () => {
    const settings = single();
    settings.headings.levels[0]!.numbering = { template: '{1}', separator: ' ', position: 'before' };
    settings.headings.levels[1]!.numbering = { template: '{1}.{2}', separator: ' ', position: 'before' };
    const source = `# One\n\nText.\n\n:::columns{count=2}\nAlpha beta.\n\n## Inside {#in}\n\nGamma.\n:::\n\n## After\n\nSee :ref{id="in"}.`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const inside = headingRuns(page, 'Inside');
    expect(inside.map((r) => r.text).join(' ')).toBe('1.1 Inside');
    // In the second sub-column (Alpha beta. in the first), and the heading after the group numbered next.
    expect(inside[0]!.xs[0]!).toBeGreaterThan(frame.contentLeft + frame.contentWidth / 2);
    expect(headingRuns(page, 'After').map((r) => r.text).join(' ')).toBe('1.2 After');
    expect(runs(page).filter((r) => r.line?.role === 'body').map((r) => r.text).join(' ')).toContain('section 1.1');
  });
});
