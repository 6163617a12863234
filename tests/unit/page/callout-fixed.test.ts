/**
 * Fixed callout boxes (configuration.md §13.4 `placement: 'fixed'`, `fixed: {anchor{to, edge}, offset}`,
 * default container bottom-left; document-format §8.1): out of the flow, at the anchor, and no
 * text under them (page/callout-fixed.ts).
 */
import { describe, expect, it } from 'vitest';
import { settingsNotApplied, type StoredConfig } from '../../../src/worker/config';
import { fixedOrigin } from '../../../src/worker/engine/page/callout-fixed';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { EngineCache } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, oneChapterBook, run, runs } from './helpers';

const FILL = '#e0f0e0';
const config = (fixed: unknown, layoutType = 'single', extra: Record<string, unknown> = {}): StoredConfig =>
  ({ layout: { layoutType }, balancing: { enabled: false }, calloutStyles: [{ id: 'pinned', background: FILL, placement: 'fixed', ...(fixed ? { fixed } : {}), ...extra }] }) as unknown as StoredConfig;
const boxOf = (page: PageDisplayList): RectItem | undefined => page.items.find((i): i is RectItem => i.op === Op.Rect && (i as RectItem).fill === FILL);
const bodyRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body' && !r.text.includes('Pinned'));

/** `before` paragraphs, the box, `after` paragraphs (seeded prose). */
function source(before: number, after: number, box = ':::callout{type="pinned"}\nPinned words in the box.\n:::\n\n'): string {
  const random = mulberry32(7);
  const paragraphs = (n: number) => Array.from({ length: n }, () => paragraph(random)).join('\n\n');
  return `# Fixed\n\n${paragraphs(before)}\n\n${box}${paragraphs(after)}\n`;
}

describe('fixed callout boxes (§13.4)', () => {
  it('stands at the type area\'s bottom-left corner by default, out of the flow, the text ending above it', () => {
    const settings = settingsFromConfig(config(undefined));
    const layout = run(oneChapterBook(source(2, 12), settings));
    const page = layout.pages[0]!;
    const box = boxOf(page)!;
    expect(box).toBeDefined();
    const f = pageFrame(settings, 0);
    expect(box.x).toBeCloseTo(f.contentLeft, 2);
    expect(box.y + box.h).toBeCloseTo(f.contentTop + f.contentHeight, 2);
    // Out of the flow: the text after the fence goes on where it would with no box at all.
    const plain = run(oneChapterBook(source(2, 12, ''), settings)).pages[0]!;
    const ys = (p: PageDisplayList) => [...new Set(bodyRuns(p).map((r) => r.y))].sort((a, b) => a - b);
    expect(ys(page)).toEqual(ys(plain).slice(0, ys(page).length));
    expect(ys(page).length).toBeGreaterThanOrEqual(ys(plain).filter((y) => y < box.y).length - 1);
    // No text under the box: every body line ends one line above it, and the page is full down to there.
    const deepest = Math.max(...ys(page));
    expect(deepest).toBeLessThan(box.y - settings.body.lineHeight * 0.5);
    expect(deepest).toBeGreaterThan(box.y - 3 * settings.body.lineHeight);
    expect(layout.pages.filter((p) => boxOf(p)).length).toBe(1);
  });

  it('takes the head of the column it stands over: the text there starts under it', () => {
    const settings = settingsFromConfig(config({ anchor: { to: 'container', edge: 'top-right' } }, 'double'));
    const layout = run(oneChapterBook(source(2, 20), settings));
    const page = layout.pages[0]!;
    const box = boxOf(page)!;
    const f = pageFrame(settings, 0);
    expect(box.x + box.w).toBeCloseTo(f.contentLeft + f.contentWidth, 2);
    expect(box.y).toBeCloseTo(f.contentTop, 2);
    expect(box.w).toBeCloseTo(f.columnWidths[1]!, 1);
    const right = bodyRuns(page).filter((r) => columnOf(settings, page, r.xs[0]!) === 1);
    expect(right.length).toBeGreaterThan(3);
    // One line's gap, then the grid: the first baseline of the column under the box.
    expect(Math.min(...right.map((r) => r.y))).toBeGreaterThan(box.y + box.h + settings.body.lineHeight * 0.5);
    expect(Math.min(...right.map((r) => r.y))).toBeLessThan(box.y + box.h + settings.body.lineHeight * 2.5);
    // The left column is untouched: the same lines as with no box.
    const plain = run(oneChapterBook(source(2, 20, ''), settings)).pages[0]!;
    const leftYs = (p: PageDisplayList) => bodyRuns(p).filter((r) => columnOf(settings, p, r.xs[0]!) === 0).map((r) => `${r.y}|${r.text}`);
    expect(leftYs(page)).toEqual(leftYs(plain));
  });

  it('waits for the next page when the columns it takes already hold text where it goes', () => {
    const settings = settingsFromConfig(config({ anchor: { to: 'container', edge: 'top-left' }, offset: { x: 0, y: 0 } }));
    const layout = run(oneChapterBook(source(3, 12), settings));
    expect(boxOf(layout.pages[0]!)).toBeUndefined();
    const page = layout.pages[1]!;
    const box = boxOf(page)!;
    expect(box).toBeDefined();
    expect(box.y).toBeCloseTo(pageFrame(settings, 1).contentTop, 2);
    for (const r of bodyRuns(page)) expect(r.y).toBeGreaterThan(box.y + box.h);
  });

  it('lays out after an edit as from scratch (resumed passes, closing-page balance)', () => {
    const settings = settingsFromConfig({ ...config({ anchor: { to: 'container', edge: 'top-right' } }, 'double'), balancing: { enabled: true } } as StoredConfig);
    const cache = new EngineCache();
    let text = source(14, 30) + '\n' + source(6, 10, ':::callout{type="pinned"}\nA second pinned box.\n:::\n\n').replace('# Fixed', '## Again');
    expect(dump(run(oneChapterBook(text, settings), cache))).toBe(dump(run(oneChapterBook(text, settings), new EngineCache(false))));
    for (const at of [0.9, 0.5, 0.2]) {
      const cut = text.indexOf(' ', Math.floor(text.length * at));
      text = `${text.slice(0, cut)} inserted words here${text.slice(cut)}`;
      expect(dump(run(oneChapterBook(text, settings), cache)), `edit at ${at}`).toBe(dump(run(oneChapterBook(text, settings), new EngineCache(false))));
    }
  });

  it('reads the page and bleed frames, the nine edges and the offset', () => {
    const settings = settingsFromConfig({});
    const f = pageFrame(settings, 0);
    const page = { width: settings.pageWidth, height: settings.pageHeight, bleed: 9 };
    const box = { width: 100, height: 40 };
    expect(fixedOrigin({ to: 'bleed', edge: 'bottom-right', x: -5, y: 0 }, f, page, box)).toEqual({ x: page.width + 9 - 100 - 5, y: page.height + 9 - 40 });
    expect(fixedOrigin({ to: 'page', edge: 'center', x: 0, y: 10 }, f, page, box)).toEqual({ x: (page.width - 100) / 2, y: (page.height - 40) / 2 + 10 });
    expect(fixedOrigin({ to: 'container', edge: 'right', x: 0, y: 0 }, f, page, box)).toEqual({ x: f.contentLeft + f.contentWidth - 100, y: f.contentTop + (f.contentHeight - 40) / 2 });
  });

  it('lays a box on the page and is declared applied', () => {
    const settings = settingsFromConfig(config({ anchor: { to: 'page', edge: 'top' }, offset: { y: { value: 20, unit: 'pt' } } }));
    const box = boxOf(run(oneChapterBook(source(0, 6), settings)).pages[0]!)!;
    expect(box.y).toBeCloseTo(20, 2);
    expect(box.x + box.w / 2).toBeCloseTo(settings.pageWidth / 2, 2);
    const paths = settingsNotApplied(config({ anchor: { to: 'page', edge: 'top' }, offset: { y: 20 } }) as never).map((w) => w.path);
    expect(paths.filter((p) => p.includes('fixed') || p.includes('placement'))).toEqual([]);
  });
});
