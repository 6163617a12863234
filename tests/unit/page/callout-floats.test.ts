/**
 * Floating resources cited inside a callout box (document-format §8.1, §12.3, §12.7; configuration.md
 * §13.4; page/callout-cites.ts): the box is set with its text, and the float — by a `::resource`
 * embed or a `:ref` in the box's text — is queued once the box is placed and goes to the first free
 * slot after it, like one cited in the surrounding text; it is never drawn inside the box.
 * One column of 10 grid lines (10 pt body on a 12 pt leading; content 200 × 120 pt from (50, 50));
 * the box has no padding or margins, its text at the body's 12 pt leading. The picture is
 * 40 × 24 px = 30 × 18 pt, with a one-line caption under it.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, prepareResources, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, oneChapterBook, pictureFrame, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const SVG = (fill: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24" viewBox="0 0 40 24"><rect x="0" y="0" width="40" height="24" fill="${fill}"/></svg>`);
const NO_PAD = { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) };
const BOX_FILL = '#f4f4f4';

function book(source: string, placement: Record<string, unknown>, config: Record<string, unknown> = TEN_ROW_COLUMN): BookInput {
  const settings = settingsFromConfig({ ...config, calloutStyles: [{ id: 'note', padding: NO_PAD, marginTop: pt(0), marginBottom: pt(0) }] } as never);
  return {
    ...oneChapterBook(source, settings),
    resources: prepareResources([{ record: { id: 'red', typeId: 'figure', kind: 'svg', caption: 'A red field', placement }, payload: SVG('#ff0000') }], {}),
  };
}

const boxes = (page: PageDisplayList): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === BOX_FILL);
const baseline = (page: PageDisplayList, words: string): number => runs(page).find((r) => r.text.includes(words))!.y;

describe('floats cited inside a callout box', () => {
  it('an embedded float (position bottom): the box is set round its text, the figure at the column foot under it, not in the box', () => {
    const source = ['Above the box.', '', ':::callout', 'Before the picture.', '', '::resource{id="red"}', '', 'After the picture.', ':::', '', 'Under the box.'].join('\n');
    const layout = run(book(source, { position: 'bottom' }));
    expect(layout.pages.length).toBe(1);
    const page = layout.pages[0]!;
    // The box: one fill, the column wide (200 pt), its two text lines (12 pt each) and nothing else — the embed leaves no row.
    const [box, ...others] = boxes(page);
    expect(others).toEqual([]);
    expect(box).toMatchObject({ x: 50, y: 62, w: 200, h: 24 });
    expect(baseline(page, 'Before')).toBeCloseTo(71.545, 2);
    expect(baseline(page, 'After') - baseline(page, 'Before')).toBeCloseTo(12, 3);
    // The text after the box goes on on the next grid line under it.
    expect(baseline(page, 'Under')).toBeCloseTo(95.545, 2);
    // The figure at the column's foot: its caption's baseline on the last grid line (50 + 9 × 12 + 7.836 pt),
    // the picture above it, below the box.
    const picture = pictureFrame(page, '#ff0000')!;
    expect(picture).toMatchObject({ x: 50, w: 30, h: 18 });
    expect(picture.y).toBeGreaterThan(box!.y + box!.h);
    expect(baseline(page, 'A red field')).toBeCloseTo(165.836, 2);
    expect(runs(page).find((r) => /^Figure.1\.$/.test(r.text))).toBeDefined();
  });

  it('a float cited by :ref in the box (position top) is set: at the head of the next page, not lost', () => {
    const source = ['Above the box.', '', ':::callout', 'Before the picture, see :ref{id="red"}.', '', 'After it.', ':::', '', 'Under the box.'].join('\n');
    const layout = run(book(source, { position: 'top' }));
    const page0 = layout.pages[0]!;
    expect(boxes(page0).length).toBe(1);
    expect(pictureFrame(page0, '#ff0000')).toBeUndefined();
    // Top floats only take a column head after their mention: the next page's, at the content top (50 pt).
    const at = layout.pages.findIndex((p) => pictureFrame(p, '#ff0000') !== undefined);
    expect(at).toBe(1);
    expect(pictureFrame(layout.pages[1]!, '#ff0000')).toMatchObject({ x: 50, y: 50, w: 30, h: 18 });
  });

  it('a floated box (placement top) citing a float: both set, the figure after the box', () => {
    const source = ['Above the box.', '', ':::callout{placement="top"}', 'Boxed, see :ref{id="red"}.', ':::', '', 'Under the box.'].join('\n');
    const layout = run(book(source, { position: 'top' }));
    const all = layout.pages.flatMap((p) => boxes(p).map((b) => ({ page: p.index, b })));
    expect(all.length).toBe(1);
    const picAt = layout.pages.findIndex((p) => pictureFrame(p, '#ff0000') !== undefined);
    expect(picAt).toBeGreaterThanOrEqual(0);
    // Never before the box (in reading order: page, then top to bottom).
    const pic = pictureFrame(layout.pages[picAt]!, '#ff0000')!;
    expect(picAt > all[0]!.page || pic.y >= all[0]!.b.y + all[0]!.b.h).toBe(true);
  });

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const random = mulberry32(11);
    const parts: string[] = ['# Boxes'];
    for (let i = 0; i < 24; i++) {
      parts.push(paragraph(random));
      if (i % 6 === 2) parts.push([':::callout', `${paragraph(random, 1)} See :ref{id="red"}.`, '', '::resource{id="red"}', '', paragraph(random, 1), ':::'].join('\n'));
    }
    const source = parts.join('\n\n');
    const config = { ...TEN_ROW_COLUMN, page: { ...TEN_ROW_COLUMN.page, height: pt(400) } };
    const cache = new EngineCache();
    run(book(source, { position: 'auto' }, config), cache);
    const edited = source.replace('# Boxes\n\n', '# Boxes\n\nA new opening sentence, long enough to move the lines after it.\n\n');
    const incremental = run(book(edited, { position: 'auto' }, config), cache);
    const full = run(book(edited, { position: 'auto' }, config), new EngineCache(false));
    expect(dump(incremental)).toBe(dump(full));
    expect(full.pages.some((p) => pictureFrame(p, '#ff0000') !== undefined)).toBe(true);
  });
});
