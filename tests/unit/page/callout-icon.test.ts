/**
 * A callout style's icon and marker (configuration.md §13.4 `calloutStyles[id=X].icon` / `.marker`):
 * where the glyph stands, its type, the room the text leaves it, and the rule beside a marker.
 * One column, a 10 pt body on a 12 pt grid, the box's default 7.5 pt padding.
 */
import { describe, expect, it } from 'vitest';
import { settingsNotApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { applyMatrix, itemMatrices, Op, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { prepareResources } from '../../../src/worker/engine';
import { fonts, oneChapterBook, pictureFrame, run, runs } from './helpers';

const MAIN = '#295aa3';
const WORDS = 'The text inside the box runs on for a good many words so that it turns over onto several lines of the column and shows where its lines start.';
// A 40 × 24 px drawing: 30 × 18 pt at its natural size (aspect 5 : 3), filled red.
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24" viewBox="0 0 40 24"><rect x="0" y="0" width="40" height="24" fill="#ff0000"/></svg>');
const RED = '#ff0000';
/** The first page of a box in `style` (`logo`: with the drawing as the book's resource `logo`). */
const layout = (style: Record<string, unknown>, fence = '', rtl = false, logo = false): PageDisplayList => {
  const s = settingsFromConfig({
    layout: { layoutType: 'single' },
    bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } },
    calloutStyles: [{ id: 'box', ...style }],
  } as never);
  s.balancing = { enabled: false, trailing: false };
  const body = rtl ? 'نص داخل الصندوق يمتد على عدة أسطر في العمود حتى يظهر أين تبدأ أسطره ويظهر أين تنتهي أسطره في هذا العمود الطويل جدا.' : WORDS;
  const book = oneChapterBook([`:::callout${fence}${rtl ? '{dir=rtl}' : ''}`, body, ':::', '', 'After the box.'].join('\n'), s);
  return run(logo ? { ...book, resources: prepareResources([{ record: { id: 'logo', typeId: 'figure', kind: 'svg' }, payload: SVG }], {}) } : book).pages[0]!;
};
const withLogo = (style: Record<string, unknown>): PageDisplayList => layout(style, '', false, true);
const rects = (page: PageDisplayList): RectItem[] => page.items.filter((i): i is RectItem => i.op === Op.Rect);
const boxOf = (page: PageDisplayList): RectItem => rects(page).find((r) => r.fill === '#f4f4f4')!;
const glyphRun = (page: PageDisplayList, text: string): GlyphRunItem | undefined => runs(page).find((r) => r.text === text);
const boxLines = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'body' && r.srcFrom >= 0 && !r.text.startsWith('After'));

describe('calloutStyles[].icon (§13.4)', () => {
  it("inline (the default): the glyph in a column at the box's inner start, the text beside it, in its type", () => {
    const plain = layout({});
    const page = layout({ icon: { kind: 'glyph', glyph: '!' } });
    const box = boxOf(page);
    const icon = glyphRun(page, '!')!;
    expect(icon).toBeDefined();
    // Headings' face, weight 400, 1.5 em of the box text (15 pt), the main colour.
    expect(fonts.get(icon.font)!.family).toBe('Open Sans');
    expect(fonts.get(icon.font)!.weight).toBe(400);
    expect(icon.size).toBe(15);
    expect(icon.fill).toBe(MAIN);
    // In the column at the inner start edge (7.5 pt padding), centred in its 15 pt width (the glyph is narrower).
    expect(icon.xs[0]!).toBeGreaterThan(box.x + 7.5);
    expect(icon.xs[0]!).toBeLessThan(box.x + 7.5 + 15 / 2);
    // The text starts after the column and its 0.5 em gap: 15 + 5 pt further in than without the icon.
    const lines = boxLines(page);
    const plainLines = boxLines(plain);
    expect(lines[0]!.xs[0]! - plainLines[0]!.xs[0]!).toBeCloseTo(20, 2);
    // Every line of it, turnovers too, beside the column and inside the box; the icon's top is level with the first line's top.
    for (const line of lines) expect(line.xs[0]!).toBeGreaterThanOrEqual(plainLines[0]!.xs[0]! + 20 - 1e-6);
    for (const line of lines) expect(line.xs[line.xs.length - 1]!).toBeLessThan(box.x + box.w - 7.5);
    expect(icon.y).toBeGreaterThan(box.y + 7.5);
    expect(icon.y).toBeLessThan(lines[0]!.y + 12);
  });

  it('reads width, size, colour, face and centre alignment; a bare string is the glyph', () => {
    const page = layout({ icon: { glyph: '!', width: { value: 30, unit: 'pt' }, size: { value: 2, unit: 'em' }, color: '#aa0000', fontFamily: 'EB Garamond', fontWeight: 700, align: 'center' } });
    const plain = layout({});
    const icon = glyphRun(page, '!')!;
    expect(icon.size).toBe(20);
    expect(icon.fill).toBe('#aa0000');
    expect(fonts.get(icon.font)!.family).toBe('EB Garamond');
    expect(boxLines(page)[0]!.xs[0]! - boxLines(plain)[0]!.xs[0]!).toBeCloseTo(35, 2);
    // Centred on the box's text: below the first line's baseline in a box of several lines.
    const box = boxOf(page);
    expect(icon.y).toBeGreaterThan(boxLines(page)[0]!.y);
    expect(Math.abs(icon.y - (box.y + box.h / 2))).toBeLessThan(12);
    expect(glyphRun(layout({ icon: '¶' }), '¶')).toBeDefined();
  });

  it('corner: at the title row\'s end, the title narrower and at least as tall as the icon; no title, a band', () => {
    const plain = layout({ title: 'Note' });
    const page = layout({ title: 'Note', icon: { glyph: '!', position: 'corner' } });
    const box = boxOf(page);
    const icon = glyphRun(page, '!')!;
    // Right corner (the default cornerSide): the glyph ends within the inner right edge.
    expect(icon.xs[0]!).toBeGreaterThan(box.x + box.w - 7.5 - 15);
    expect(icon.xs[0]!).toBeLessThan(box.x + box.w - 7.5);
    // The title stays where it was; the text under it moves down by what the icon adds to the title row (15 pt face height > the 12 pt title row).
    const title = runs(page).find((r) => r.text.startsWith('Note'))!;
    expect(title.xs[0]!).toBeCloseTo(runs(plain).find((r) => r.text.startsWith('Note'))!.xs[0]!, 2);
    expect(boxLines(page)[0]!.y).toBeGreaterThan(boxLines(plain)[0]!.y);
    expect(boxLines(page)[0]!.xs[0]!).toBeCloseTo(boxLines(plain)[0]!.xs[0]!, 2);
    // Left corner: the title moves right by the icon's width and gap.
    const left = layout({ title: 'Note', icon: { glyph: '!', position: 'corner', cornerSide: 'left' } });
    expect(runs(left).find((r) => r.text.startsWith('Note'))!.xs[0]! - title.xs[0]!).toBeCloseTo(20, 2);
    // No title: the text starts under a band as tall as the icon.
    const untitled = layout({ icon: { glyph: '!', position: 'corner' } });
    expect(boxLines(untitled)[0]!.y - glyphRun(untitled, '!')!.y).toBeGreaterThan(5);
  });

  it('right to left: an inline icon at the right, the text ending before it', () => {
    const plain = layout({}, '', true);
    const page = layout({ icon: '!' }, '', true);
    const box = boxOf(page);
    const icon = glyphRun(page, '!')!;
    expect(icon.xs[0]!).toBeGreaterThan(box.x + box.w - 7.5 - 15);
    const right = (p: PageDisplayList) => Math.max(...boxLines(p).map((l) => l.xs[l.xs.length - 1]!));
    expect(right(page)).toBeLessThan(right(plain) - 15);
  });

  it('is declared applied, glyphs and pictures (kind resource)', () => {
    const stored = (icon: unknown, marker: unknown = { glyph: '▶', rule: { width: 1 } }) => settingsNotApplied({ calloutStyles: [{ id: 'box', icon, marker, label: { fontSize: 9 }, numbering: { label: 'Box' } }] } as never).map((w) => w.path);
    expect(stored({ kind: 'glyph', glyph: '!', position: 'corner', align: 'top', size: 12, cornerSide: 'left', width: 10, gap: 2, color: '#000000', fontFamily: 'Open Sans', fontWeight: 400 })).toEqual([]);
    expect(stored('⚠')).toEqual([]);
    expect(stored({ kind: 'resource', resourceId: 'logo' }, { kind: 'resource', resourceId: 'logo', rule: true })).toEqual([]);
  });
});

describe('calloutStyles[].marker (§13.4)', () => {
  it('a glyph outside the box on the start side, centred on it, with a rule broken around it', () => {
    const page = layout({ marker: { glyph: '▶', rule: true, color: '#aa0000' } });
    const box = boxOf(page);
    const marker = runs(page).find((r) => r.fill === '#aa0000')!;
    expect(marker).toBeDefined();
    // Left of the frame, 0.5 em (5 pt) from it.
    expect(marker.xs[0]!).toBeLessThan(box.x - 5 + 1e-6);
    expect(marker.xs[0]!).toBeGreaterThan(box.x - 5 - 20);
    // Centred: its baseline in the box's middle third.
    expect(marker.y).toBeGreaterThan(box.y + box.h / 3);
    expect(marker.y).toBeLessThan(box.y + (2 * box.h) / 3 + 8);
    // The rule: two 0.5 pt pieces in the marker's colour, from the box's top and to its foot.
    const rule = rects(page).filter((r) => r.fill === '#aa0000');
    expect(rule).toHaveLength(2);
    for (const piece of rule) expect(piece.w).toBeCloseTo(0.5, 3);
    expect(Math.min(...rule.map((r) => r.y))).toBeCloseTo(box.y, 2);
    expect(Math.max(...rule.map((r) => r.y + r.h))).toBeCloseTo(box.y + box.h, 2);
    // No rule unless asked; none of it without a marker.
    expect(rects(layout({ marker: { glyph: '▶', color: '#aa0000' } })).filter((r) => r.fill === '#aa0000')).toHaveLength(0);
    expect(runs(layout({})).some((r) => r.text === '▶')).toBe(false);
  });
});

describe('picture icons and markers (§13.4 kind resource)', () => {
  const logo = { kind: 'resource', resourceId: 'logo' };

  it("inline: the picture in the column at the box's inner start, 1.5 em tall by default, its aspect kept, the text beside it", () => {
    const plain = withLogo({});
    const page = withLogo({ icon: logo });
    const box = boxOf(page);
    const picture = pictureFrame(page, RED)!;
    expect(picture).toBeDefined();
    // 15 pt tall (1.5 em of the 10 pt box text), 25 pt wide (5 : 3), its top-left at the padding's corner (7.5 pt).
    expect(picture.h).toBeCloseTo(15, 3);
    expect(picture.w).toBeCloseTo(25, 3);
    expect(picture.x).toBeCloseTo(box.x + 7.5, 3);
    expect(picture.y).toBeCloseTo(box.y + 7.5, 3);
    // The text starts after the picture's column and the 0.5 em (5 pt) gap.
    expect(boxLines(page)[0]!.xs[0]! - boxLines(plain)[0]!.xs[0]!).toBeCloseTo(30, 2);
    // No glyph stands in for it.
    expect(runs(page).length).toBe(runs(plain).length);
  });

  it('size is its height, width its width; both set, it fits inside them; a column centres it', () => {
    // width 45 pt alone: 45 × 27 pt.
    const wide = pictureFrame(withLogo({ icon: { ...logo, width: { value: 45, unit: 'pt' } } }), RED)!;
    expect(wide.w).toBeCloseTo(45, 3);
    expect(wide.h).toBeCloseTo(27, 3);
    // size 3 em (30 pt) alone: 50 × 30 pt.
    const tall = pictureFrame(withLogo({ icon: { ...logo, size: { value: 3, unit: 'em' } } }), RED)!;
    expect(tall.h).toBeCloseTo(30, 3);
    expect(tall.w).toBeCloseTo(50, 3);
    // width 40 pt and size 12 pt: the largest 5 : 3 inside 40 × 12 is 20 × 12, centred in the 40 pt column.
    const page = withLogo({ icon: { ...logo, width: { value: 40, unit: 'pt' }, size: { value: 12, unit: 'pt' } } });
    const both = pictureFrame(page, RED)!;
    expect(both.w).toBeCloseTo(20, 3);
    expect(both.h).toBeCloseTo(12, 3);
    expect(both.x).toBeCloseTo(boxOf(page).x + 7.5 + 10, 3);
    expect(boxLines(page)[0]!.xs[0]! - boxLines(withLogo({}))[0]!.xs[0]!).toBeCloseTo(45, 2);
  });

  it('corner: at the title row\'s right end, the title row at least as tall as it', () => {
    const plain = withLogo({ title: 'Note' });
    const page = withLogo({ title: 'Note', icon: { ...logo, position: 'corner' } });
    const box = boxOf(page);
    const picture = pictureFrame(page, RED)!;
    expect(picture.x + picture.w).toBeCloseTo(box.x + box.w - 7.5, 3);
    expect(picture.y).toBeCloseTo(box.y + 7.5, 3);
    // The 15 pt picture is taller than the title's row: the text under it moves down; the title keeps its place.
    expect(boxLines(page)[0]!.y).toBeGreaterThan(boxLines(plain)[0]!.y);
    expect(runs(page).find((r) => r.text.startsWith('Note'))!.xs[0]!).toBeCloseTo(runs(plain).find((r) => r.text.startsWith('Note'))!.xs[0]!, 2);
  });

  it('marker: the picture outside the box on the start side, centred on it, the rule broken around it', () => {
    const page = withLogo({ marker: { ...logo, rule: { width: 1, color: '#00aa00' } } });
    const box = boxOf(page);
    const picture = pictureFrame(page, RED)!;
    // 15 × 25 pt, its right edge 0.5 em (5 pt) left of the frame, centred on the box's height.
    expect(picture.h).toBeCloseTo(15, 3);
    expect(picture.x + picture.w).toBeCloseTo(box.x - 5, 3);
    expect(picture.y + picture.h / 2).toBeCloseTo(box.y + box.h / 2, 3);
    // The rule through the picture's column, from the box's top to its foot, broken 2.5 pt above and below it.
    const rule = rects(page).filter((r) => r.fill === '#00aa00').sort((a, b) => a.y - b.y);
    expect(rule).toHaveLength(2);
    expect(rule[0]!.x + 0.5).toBeCloseTo(picture.x + picture.w / 2, 3);
    expect(rule[0]!.y).toBeCloseTo(box.y, 3);
    expect(rule[0]!.y + rule[0]!.h).toBeCloseTo(picture.y - 2.5, 3);
    expect(rule[1]!.y).toBeCloseTo(picture.y + picture.h + 2.5, 3);
    expect(rule[1]!.y + rule[1]!.h).toBeCloseTo(box.y + box.h, 3);
  });

  it('in vertical text the picture stands upright on the sheet (set turned back in the turned flow)', () => {
    const s = settingsFromConfig({
      locale: 'ja',
      layout: { layoutType: 'single', writingMode: 'vertical-rl' },
      bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } },
      calloutStyles: [{ id: 'box', icon: logo, marker: logo }],
    } as never);
    const source = [':::callout', '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。', ':::'].join('\n');
    const page = run({ ...oneChapterBook(source, s), resources: prepareResources([{ record: { id: 'logo', typeId: 'figure', kind: 'svg' }, payload: SVG }], {}) }).pages[0]!;
    const matrices = itemMatrices(page.items);
    const pictures = page.items.flatMap((item, i) => (item.op === Op.Path && item.fill === RED ? [{ frame: (item as PathItem).frame!, m: matrices[i]! }] : []));
    // The icon and the marker.
    expect(pictures).toHaveLength(2);
    for (const { frame, m } of pictures) {
      const corners = [applyMatrix(m, frame.x, frame.y), applyMatrix(m, frame.x + frame.w, frame.y + frame.h)];
      const wide = Math.abs(corners[1]![0] - corners[0]![0]);
      const tall = Math.abs(corners[1]![1] - corners[0]![1]);
      // 5 : 3 on the sheet, as the drawing is (turned with the flow it would be 3 : 5); `size`, 1.5 em
      // (15 pt), across the line as in horizontal text (our reading): 15 pt wide across the vertical line.
      expect(wide / tall).toBeCloseTo(5 / 3, 3);
      expect(wide).toBeCloseTo(15, 3);
      expect(tall).toBeCloseTo(9, 3);
    }
  });

  it('a resource id the book lacks: the box is set without the icon or the marker', () => {
    const plain = withLogo({});
    for (const style of [{ icon: { kind: 'resource', resourceId: 'nothing' } }, { marker: { kind: 'resource', resourceId: 'nothing', rule: true } }]) {
      const page = withLogo(style);
      expect(page.items.filter((i) => i.op === Op.Path)).toHaveLength(0);
      expect(runs(page).map((r) => [r.text, r.xs[0], r.y])).toEqual(runs(plain).map((r) => [r.text, r.xs[0], r.y]));
      expect(rects(page)).toEqual(rects(plain));
    }
  });
});
