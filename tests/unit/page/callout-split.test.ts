/**
 * What a callout box split across columns keeps and prints (configuration.md §13.4
 * `calloutStyles[id=X].splitMinLines`, `repeatTitle`, `continuedSuffix`, `continuesMarker*`;
 * document-format §8.1 "Continuations drop icon/title (unless repeatTitle), optional Continued
 * marker"). One column of exactly 10 grid lines (10 pt body on a 12 pt leading, 300 × 220 pt
 * pages); the box has no padding or margins and may split, its lines one-line paragraphs, so each
 * takes 12 pt and the cuts fall between paragraphs (layout.boxChildSplitMinLines plays no part).
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { fonts, inkExtent, oneChapterBook, ptLength as pt, run, runs, TEN_ROW_COLUMN } from './helpers';

const pagesOf = (fillers: number, lines: number, style: Record<string, unknown> = {}, title = ''): PageDisplayList[] => {
  const s = settingsFromConfig({
    ...TEN_ROW_COLUMN,
    calloutStyles: [{ id: 'note', padding: { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) }, marginTop: pt(0), marginBottom: pt(0), keepTogether: false, ...style }],
  } as never);
  const box = [`:::callout${title ? `{title="${title}"}` : ''}`, Array.from({ length: lines }, (_, i) => `Line ${i + 1}.`).join('\n\n'), ':::'].join('\n');
  return run(oneChapterBook([...Array.from({ length: fillers }, (_, i) => `Filler ${i + 1}.`), box].join('\n\n'), s)).pages;
};
/** The box's lines on each page. */
const split = (pages: readonly PageDisplayList[]): number[] => pages.map((page) => new Set(runs(page).filter((r) => r.text.startsWith('Line')).map((r) => r.y)).size);
const headingText = (page: PageDisplayList): string => runs(page).filter((r) => r.line?.role === 'heading').map((r) => r.text).join('').replace(/ /g, '');
const marker = (page: PageDisplayList): GlyphRunItem | undefined => runs(page).find((r) => r.text.startsWith('Continued') || r.text.startsWith('Over'));

describe('calloutStyles[].splitMinLines (§13.4)', () => {
  it('moves the box on rather than leave fewer lines than splitMinLines (2 by default) at the column foot', () => {
    // Nine fillers leave one row.
    expect(split(pagesOf(9, 4, { splitMinLines: 1 }))).toEqual([1, 3]);
    expect(split(pagesOf(9, 4))).toEqual([0, 4]);
  });

  it('takes fewer lines so that splitMinLines go on, or moves the box when that leaves too few', () => {
    // Seven fillers leave three rows.
    expect(split(pagesOf(7, 4, { splitMinLines: 1 }))).toEqual([3, 1]);
    expect(split(pagesOf(7, 4))).toEqual([2, 2]);
    expect(split(pagesOf(7, 4, { splitMinLines: 3 }))).toEqual([0, 4]);
  });
});

describe('calloutStyles[].repeatTitle and continuedSuffix (§13.4)', () => {
  it('drops the title on the continued part by default; repeatTitle sets it again with the suffix', () => {
    const plain = pagesOf(3, 8, {}, 'Notes');
    expect(headingText(plain[0]!)).toBe('Notes');
    expect(headingText(plain[1]!)).toBe('');
    const repeated = pagesOf(3, 8, { repeatTitle: true }, 'Notes');
    expect(headingText(repeated[1]!)).toBe('Notes(cont.)');
    expect(headingText(pagesOf(3, 8, { repeatTitle: true, continuedSuffix: '— more' }, 'Notes')[1]!)).toBe('Notes—more');
    // The repeated title takes room: the continued part starts its lines under it (1.2 em leading + 0.5 em gap = 17 pt).
    const first = (page: PageDisplayList): number => Math.min(...runs(page).filter((r) => r.text.startsWith('Line')).map((r) => r.y));
    expect(first(repeated[1]!) - first(plain[1]!)).toBeCloseTo(17, 3);
  });
});

describe('calloutStyles[].continuesMarker* (§13.4)', () => {
  it('closes every part the box goes on from with the marker, right-aligned and italic by default, in a row of its own', () => {
    expect(split(pagesOf(7, 6, { splitMinLines: 1 }))).toEqual([3, 3]);
    const pages = pagesOf(7, 6, { splitMinLines: 1, continuesMarkerEnabled: true });
    expect(split(pages)).toEqual([2, 4]);
    const mark = marker(pages[0]!)!;
    expect(mark.text.replace(/ /g, '')).toBe('Continued');
    expect(fonts.get(mark.font)!.style).toBe('italic');
    const box = pages[0]!.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === '#f4f4f4')!;
    expect(inkExtent(mark).right).toBeCloseTo(box.x + box.w, 3);
    // On the box's last row of that page, one box line under its last text line.
    const last = Math.max(...runs(pages[0]!).filter((r) => r.text.startsWith('Line')).map((r) => r.y));
    expect(mark.y - last).toBeCloseTo(12, 3);
    // The part that ends the box has none.
    expect(marker(pages[1]!)).toBeUndefined();
  });

  it('reads the marker text, alignment and italic', () => {
    const page = pagesOf(7, 6, { splitMinLines: 1, continuesMarkerEnabled: true, continuesMarker: 'Over', continuesMarkerAlign: 'left', continuesMarkerItalic: false })[0]!;
    const mark = marker(page)!;
    expect(mark.text).toBe('Over');
    expect(fonts.get(mark.font)!.style).toBe('normal');
    const box = page.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === '#f4f4f4')!;
    expect(mark.xs[0]!).toBeCloseTo(box.x, 3);
  });

  it('declares the fields applied', () => {
    for (const f of ['splitMinLines', 'repeatTitle', 'continuedSuffix', 'continuesMarkerEnabled', 'continuesMarker', 'continuesMarkerAlign', 'continuesMarkerItalic']) expect(isApplied(`calloutStyles[id=note].${f}`), f).toBe(true);
  });
});
