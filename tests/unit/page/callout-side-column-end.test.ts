/**
 * Side boxes in a oneAndHalf layout with a float-only side column (configuration.md §4.1 "side
 * boxes stack beside their text; `sideAtColumnEnd` decides early/late placement", §13.4
 * `calloutStyles[].sideAtColumnEnd`, default 'before'): a box stands level with the text after its
 * fence; one with no room there at the column's end ends at the column's foot on this page
 * ('before', rising above its text) or waits for the head of the next page's channel ('after').
 */
import { describe, expect, it } from 'vitest';
import { settingsNotApplied, type StoredConfig } from '../../../src/worker/config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, sentence } from '../../support/prose';
import { oneChapterBook, run, runs } from './helpers';

const FILL = '#f0e0d0';
const settingsWith = (sideAtColumnEnd?: string) =>
  settingsFromConfig({
    layout: { layoutType: 'oneAndHalf', sideColumnRole: 'floats', sideColumnSide: 'right' },
    balancing: { enabled: false },
    calloutStyles: [{ id: 'aside', span: 'side', background: FILL, ...(sideAtColumnEnd ? { sideAtColumnEnd } : {}) }],
  } as StoredConfig);
const boxOf = (page: PageDisplayList | undefined): RectItem | undefined => page?.items.find((i): i is RectItem => i.op === Op.Rect && (i as RectItem).fill === FILL);

/** `before` one-sentence paragraphs (each a marked line or two), a tall side box, then more text. */
function source(before: number): string {
  const random = mulberry32(5);
  const para = (i: number) => `P${i} ${sentence(random)}`;
  const box = `:::callout{type="aside"}\n${Array.from({ length: 6 }, () => sentence(random)).join(' ')}\n:::`;
  return [`# Side`, ...Array.from({ length: before }, (_, i) => para(i)), box, 'After the box comes this paragraph.', ...Array.from({ length: 30 }, (_, i) => para(before + i))].join('\n\n');
}

/** The baselines of the last line before the box and the first after it (page 0). */
function around(page: PageDisplayList, before: number): { last: number; next: number | undefined } {
  const body = runs(page).filter((r) => r.line?.role === 'body');
  const lastBlock = body.filter((r) => r.text.startsWith(`P${before - 1}`))[0]!.line!.block;
  const last = Math.max(...body.filter((r) => r.line!.block === lastBlock).map((r) => r.y));
  const next = body.find((r) => r.text.startsWith('After'))?.y;
  return { last, next };
}

describe('side boxes at the column end (§4.1, §13.4 sideAtColumnEnd)', () => {
  it('stand beside the text after their fence', () => {
    const layout = run(oneChapterBook(source(4), settingsWith()));
    const page = layout.pages[0]!;
    const box = boxOf(page)!;
    const f = pageFrame(settingsWith(), 0);
    expect(box.x).toBeGreaterThanOrEqual(f.side!.x - 0.01);
    const { last, next } = around(page, 4);
    expect(box.y).toBeGreaterThan(last);
    expect(box.y).toBeLessThan(next!);
  });

  it("'before' sets a box with no room beside its text at the column's end early, its foot on the column's; 'after' on the next page", () => {
    // The first fence whose box does not fit under its text on page 0.
    let n = 4;
    for (; n < 60; n++) {
      const layout = run(oneChapterBook(source(n), settingsWith('after')));
      if (!boxOf(layout.pages[0]) && runs(layout.pages[0]!).some((r) => r.text.startsWith(`P${n - 1}`))) break;
    }
    expect(n).toBeLessThan(60);
    const f = pageFrame(settingsWith(), 0);
    const early = run(oneChapterBook(source(n), settingsWith()));
    const box = boxOf(early.pages[0])!;
    expect(box).toBeDefined();
    expect(box.y + box.h).toBeCloseTo(f.contentTop + f.contentHeight, 2);
    // It rose above its text: its top is above the last line before its fence.
    expect(box.y).toBeLessThan(around(early.pages[0]!, n).last);
    const late = run(oneChapterBook(source(n), settingsWith('after')));
    expect(boxOf(late.pages[0])).toBeUndefined();
    const next = boxOf(late.pages[1])!;
    expect(next.y).toBeCloseTo(pageFrame(settingsWith(), 1).contentTop, 2);
    expect(next.h).toBeCloseTo(box.h, 2);
  });

  it('is declared applied', () => {
    const paths = settingsNotApplied({ calloutStyles: [{ id: 'aside', span: 'side', sideAtColumnEnd: 'after' }] } as never).map((w) => w.path);
    expect(paths).not.toContain('calloutStyles[id=aside].sideAtColumnEnd');
  });
});
