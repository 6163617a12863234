import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { Op, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import type { StoredConfig } from '../../../src/worker/config';
import { runChecks } from '../checks/run-checks';
import { dump, run, runs, runsOver, twoSubColumns } from './helpers';

/**
 * A figure in flow (`position: here`) taller than a column inside a running-text `:::columns`
 * group (document-format §8.4; our reading of §12.9 fit-to-page for a unit a group never cuts): it
 * is rebuilt to fit a column's whole grid rows — the picture scaled, its aspect kept, the caption
 * at its size — at the sub-column's width, and reported as a shrunk float is (`floatsShrunk`, the
 * `floatShrunk` check, whose warning says the group fitted it) on the page it is set on. (Before: the group flowed as plain text, the
 * figure set at the text column's width with its caption past the type area's foot.)
 */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });
/** A red picture `w` × `h` (px). */
const svg = (w: number, h: number) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" fill="#ff0000"/></svg>`);
/** A picture five times as tall as it is wide: at a sub-column's width, taller than the column. */
const TALL = svg(200, 1000);
const book = (source: string, settings: LayoutSettings, payload = TALL): BookInput => ({
  title: 'T',
  settings,
  chapters: [{ id: 'ch1', title: '', source }],
  resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red band', placement: { position: 'here' } }, payload }], {}),
});
const pictures = (pages: readonly PageDisplayList[]) => pages.flatMap((p) => p.items.filter((i): i is PathItem => i.op === Op.Path && i.fill === '#ff0000').map((i) => ({ page: p.index, frame: i.frame! })));
const bodyRun = (pages: readonly PageDisplayList[], text: string) => pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body' && r.text === text).map((r) => ({ page: p.index, run: r })))[0]!;

describe(':::columns holding a figure taller than a column', () => {
  const settings = single();
  const { frame, pitch, width, subColumn, left } = twoSubColumns(settings);
  const bottom = frame.contentTop + frame.contentHeight;

  it('is scaled to fit a sub-column whole, aspect kept, the group still set in sub-columns, and reported as shrunk', () => {
    const source = `:::columns{count=2}\n${oneLiners(8, 'a')}\n\n::resource{id="red"}\n\n${oneLiners(8, 'b')}\n:::\n\nAfter.`;
    const layout = run(book(source, settings));
    const set = pictures(layout.pages);
    expect(set).toHaveLength(1);
    const { page, frame: f } = set[0]!;
    // In one sub-column, no wider than it, its picture and caption inside the type area.
    const c = subColumn(f.x);
    expect(f.x).toBeGreaterThanOrEqual(left(c) - 0.01);
    expect(f.x + f.w).toBeLessThanOrEqual(left(c) + width + 0.01);
    expect(f.y).toBeGreaterThanOrEqual(frame.contentTop - 0.01);
    const caption = runs(layout.pages[page]!).filter((r) => r.text.includes('red band'));
    expect(caption.length).toBeGreaterThan(0);
    for (const r of caption) {
      expect(r.y).toBeGreaterThan(f.y + f.h);
      expect(r.y).toBeLessThanOrEqual(bottom + 0.01);
      expect(subColumn(r.xs[0]!)).toBe(c);
    }
    // Scaled, not cropped: the picture's aspect (1 : 5) kept.
    expect(f.h / f.w).toBeCloseTo(5, 2);
    // The group's text in sub-columns on the figure's page, none over the figure; b-lines side by side after it.
    const a0 = bodyRun(layout.pages, 'a0');
    expect(a0.page).toBe(page);
    expect(subColumn(a0.run.xs[0]!)).not.toBe(c);
    expect(runsOver(layout.pages[page]!, f)).toHaveLength(0);
    const b0 = bodyRun(layout.pages, 'b0');
    const b7 = bodyRun(layout.pages, 'b7');
    expect(b7.page).toBe(b0.page);
    expect(subColumn(b7.run.xs[0]!)).toBe(1);
    expect(subColumn(b0.run.xs[0]!)).toBe(0);
    // Reported where it is set, at the picture's scale against the figure as built for the group
    // (its picture capped at the content height: 566.9 pt tall, 113.4 pt wide), under 1.
    const shrunk = layout.chapters[0]!.floatsShrunk ?? [];
    expect(shrunk).toHaveLength(1);
    expect(shrunk[0]!.id).toBe('red');
    expect(shrunk[0]!.pageIndex).toBe(page);
    expect(shrunk[0]!.scale).toBeCloseTo(Math.round((f.w / (frame.contentHeight / 5)) * 1000) / 1000, 3);
    expect(shrunk[0]!.scale).toBeLessThan(1);
    // The figure takes whole grid rows of a column: its caption's last baseline on or above the column's last one.
    expect(Math.max(...caption.map((r) => r.y))).toBeLessThanOrEqual(frame.contentTop + Math.floor(frame.contentHeight / pitch) * pitch + 0.01);
  });

  it('the floatShrunk warning says the group fitted it, and what would print it whole', () => {
    const source = `:::columns{count=2}\n${oneLiners(8, 'a')}\n\n::resource{id="red"}\n\n${oneLiners(8, 'b')}\n:::`;
    const { warnings } = runChecks({
      chapters: [{ id: 'ch1', source }],
      config: { layout: { layoutType: 'single' } } as StoredConfig,
      resources: [{ id: 'red', kind: 'svg', typeId: 'figure', placement: { position: 'here' } }],
      payloads: { red: Buffer.from(TALL).toString('base64') },
    });
    const shrunk = warnings.filter((w) => w.kind === 'floatShrunk');
    expect(shrunk).toHaveLength(1);
    expect(shrunk[0]!.resource).toBe('red');
    expect(shrunk[0]!.detail).toMatch(/fits a column of the :::columns group/);
    // Not the float's advice (placement.shrink does not apply to a figure in flow).
    expect(shrunk[0]!.detail).not.toMatch(/placement\.shrink|minScale/);
  });

  it('a figure that fits a column is not shrunk', () => {
    const layout = run(book(`:::columns{count=2}\n${oneLiners(8, 'a')}\n\n::resource{id="red"}\n\n${oneLiners(8, 'b')}\n:::`, settings, svg(400, 300)));
    expect(pictures(layout.pages)[0]!.frame.w).toBeCloseTo(width, 1);
    expect(layout.chapters[0]!.floatsShrunk).toBeUndefined();
  });

  it('incremental equals full around a group holding a tall figure, in two page columns', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
    const group = `:::columns{count=2}\n${words(150, 'g')}\n\n::resource{id="red"}\n\n${words(200, 'k')}\n:::`;
    // (Ten times as tall as wide: taller than a column at a sub-column's width of a page column.)
    const input = (extra: string): BookInput => book(`# B\n\n${words(200, 'w')}${extra}\n\n${group}\n\nAfter ${words(50, 'z')}`, defaultSettings(), svg(200, 2000));
    const cache = new EngineCache();
    const first = run(input(''), cache);
    expect(first.chapters[0]!.floatsShrunk).toHaveLength(1);
    const edited = input(` ${words(120, 'y')}`);
    const incremental = run(edited, cache);
    expect(dump(incremental)).toBe(dump(run(edited, new EngineCache(false))));
    expect(incremental.chapters[0]!.floatsShrunk).toEqual(run(edited, new EngineCache(false)).chapters[0]!.floatsShrunk);
  });
});
