/**
 * A callout style's own text and lists (configuration.md §13.4 `calloutStyles[id=X].body.*`,
 * `lists.*`), through the whole config mapping. One column; a 10 pt body on a 12 pt grid so ems
 * and offsets are easy to check by hand. Positions, sizes and colours are read off the display list.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { EngineCache } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { Op, type GlyphRunItem, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, fonts, inkExtent, oneChapterBook, run, runs } from './helpers';

const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } };
const pt = (value: number) => ({ value, unit: 'pt' });
const em = (value: number) => ({ value, unit: 'em' });
const settingsWith = (aside: Record<string, unknown>) => {
  const s = settingsFromConfig({ layout: { layoutType: 'single' }, bodyText: BODY, calloutStyles: [{ id: 'note' }, { id: 'aside', ...aside }] } as never);
  s.balancing = { enabled: false, trailing: false };
  return s;
};
const boxOf = (page: PageDisplayList): RectItem => page.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === '#f4f4f4')!;
/** Body runs inside the page's box. */
const inBox = (page: PageDisplayList): GlyphRunItem[] => {
  const box = boxOf(page);
  return runs(page).filter((r) => r.line?.role === 'body' && r.y > box.y && r.y < box.y + box.h);
};
const baselines = (list: readonly GlyphRunItem[]): number[] => [...new Set(list.map((r) => r.y))].sort((a, b) => a - b);
const advance = (r: GlyphRunItem): number => {
  const face = fonts.get(r.font)!;
  return r.glyphs.reduce((w, g) => w + (face.glyphAdvance(g) * r.size) / face.upem, 0);
};

const TEXT = [
  'Before the box.',
  '',
  ':::callout{type="aside"}',
  'The first paragraph has **strong words** and *emphasised words* and runs on long enough to turn over onto a second line and a third line of the box at least, so its leading shows; it goes on and on with more words about the keeper of the light, the ships that passed the harbour at night and the storms that rolled in from the sea.',
  '',
  'The second paragraph follows it.',
  ':::',
  '',
  'After the box.',
].join('\n');

describe('calloutStyles[].body (§13.4)', () => {
  it('sets the box text in its own face, size, leading, colours, indent, spacing and alignment', () => {
    const settings = settingsWith({
      body: {
        fontSize: pt(9), lineHeight: pt(14), color: '#aa0000', boldColor: '#00aa00', italicColor: '#0000aa', italic: true,
        textAlign: 'left', firstLineIndent: em(2), paragraphSpacing: true, boldFontWeight: 700,
      },
    });
    const page = run(oneChapterBook(TEXT, settings)).pages[0]!;
    const box = boxOf(page);
    const inside = inBox(page);
    expect(inside.length).toBeGreaterThan(3);
    for (const r of inside) expect(r.size).toBe(9);
    const plain = inside.find((r) => r.text.startsWith('The first'))!;
    expect(plain.fill).toBe('#aa0000');
    expect(fonts.get(plain.font)!.style).toBe('italic');
    const strong = inside.find((r) => r.text.includes('strong'))!;
    expect(strong.fill).toBe('#00aa00');
    expect(fonts.get(strong.font)!.weight).toBe(700);
    // Emphasis in an italic box is set upright, in the italic colour.
    const emphasis = inside.find((r) => r.text.includes('emphasised'))!;
    expect(emphasis.fill).toBe('#0000aa');
    expect(fonts.get(emphasis.font)!.style).toBe('normal');
    // Leading 14 pt inside the paragraph; one blank line of it (14 pt) more before the next paragraph.
    const first = baselines(inside.filter((r) => r.line!.block === plain.line!.block));
    expect(first.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < first.length; i++) expect(first[i]! - first[i - 1]!).toBeCloseTo(14, 3);
    const second = inside.find((r) => r.text.startsWith('The second'))!;
    expect(second.y - first[first.length - 1]!).toBeCloseTo(28, 3);
    // Padding 0.75 em of the box text (6.75 pt); the second paragraph indented 2 em = 18 pt, the first flush.
    expect(plain.xs[0]!).toBeCloseTo(box.x + 6.75, 3);
    expect(second.xs[0]!).toBeCloseTo(box.x + 6.75 + 18, 3);
    // Ragged (textAlign left): no line of the box is stretched.
    for (const r of inside) expect(r.line!.ratio).toBe(0);
  });

  it('sets the whole box in small capitals (smallCaps), and leaves a box that only follows bodyText as it was', () => {
    const caps = run(oneChapterBook(TEXT, settingsWith({ body: { smallCaps: true } }))).pages[0]!;
    // Lower case set as capitals at 70 % of the 10 pt text: 7 pt runs, upper-case text.
    const small = inBox(caps).filter((r) => r.size === 7);
    expect(small.length).toBeGreaterThan(0);
    expect(small.every((r) => r.text === r.text.toUpperCase())).toBe(true);
    // Fields that resolve to the body text's own: the same pages as a style that sets nothing.
    const same = run(oneChapterBook(TEXT, settingsWith({ body: { fontSize: pt(10), color: '#000000' } })));
    const plain = run(oneChapterBook(TEXT, settingsWith({})));
    expect(dump(same)).toBe(dump(plain));
  });

  it('hyphenates the box text or not (hyphenation), whatever bodyText says', () => {
    const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
    const long = 'Extraordinarily considerate lighthouse keepers systematically documented international maritime communications throughout unforgettable thunderstorms and remarkable northern expeditions, notwithstanding incomprehensible bureaucratic interruptions.';
    const source = `:::callout{type="aside"}\n${long} ${long}\n:::\n`;
    const hyphenated = (aside: Record<string, unknown>): number => {
      const settings = settingsWith(aside);
      settings.language = 'en-us';
      return inBox(run({ ...oneChapterBook(source, settings), hyphenator }).pages[0]!).filter((r) => r.line?.hyphenated).length;
    };
    expect(hyphenated({ padding: { left: pt(150), right: pt(150) } })).toBeGreaterThan(0);
    expect(hyphenated({ padding: { left: pt(150), right: pt(150) }, body: { hyphenation: false } })).toBe(0);
  });
});

describe('calloutStyles[].lists (§13.4)', () => {
  const LISTS = [':::callout{type="aside"}', '- First item', '- Second item', '- Third item', '', '1. One', '2. Two', ':::'].join('\n');

  it('sets the box list bullets, colour, indent, gap and item spacing', () => {
    const settings = settingsWith({ lists: { bulletChar: '–', color: '#0000ff', indent: em(1), gap: em(1), itemSpacing: pt(4), bulletFontSize: em(1.5), bulletFontWeight: 400 } });
    const page = run(oneChapterBook(LISTS, settings)).pages[0]!;
    const box = boxOf(page);
    const inside = inBox(page);
    const bullets = inside.filter((r) => r.text === '–');
    expect(bullets).toHaveLength(3);
    const innerLeft = box.x + 7.5; // padding 0.75 em of 10 pt
    for (const b of bullets) {
      expect(b.fill).toBe('#0000ff');
      expect(b.size).toBe(15); // 1.5 em of 10 pt
      expect(fonts.get(b.font)!.weight).toBe(400);
      expect(b.xs[0]!).toBeCloseTo(innerLeft + 10, 3); // indent 1 em
      // The text after the marker box (at least 0.6 em) and the 1 em gap.
      const text = inside.find((r) => r.y === b.y && r !== b && r.srcFrom >= 0)!;
      expect(text.xs[0]!).toBeCloseTo(innerLeft + 10 + Math.max(advance(b), 6) + 10, 3);
    }
    // Items one 12 pt line plus 4 pt apart.
    const ys = bullets.map((b) => b.y).sort((a, b) => a - b);
    expect(ys[1]! - ys[0]!).toBeCloseTo(16, 3);
    expect(ys[2]! - ys[1]!).toBeCloseTo(16, 3);
    // Numbers take the box list colour, not the bullet size.
    const number = inside.find((r) => r.text.startsWith('1'))!;
    expect(number.fill).toBe('#0000ff');
    expect(number.size).not.toBe(15);
  });

  it('are declared applied, and relay out incrementally to what a full layout gives', () => {
    for (const f of ['body.fontSize', 'body.boldColor', 'body.hyphenation', 'body.smallCaps', 'lists.bulletChar', 'lists.itemSpacing']) expect(isApplied(`calloutStyles[id=aside].${f}`), f).toBe(true);
    const settings = settingsWith({ body: { fontSize: pt(9), lineHeight: pt(13), paragraphSpacing: true }, lists: { itemSpacing: pt(3) } });
    let source = `${TEXT}\n\n${LISTS}\n`;
    const cache = new EngineCache();
    run(oneChapterBook(source, settings), cache);
    for (let edit = 0; edit < 3; edit++) {
      source = source.replace('Before the box.', `Before the box, edit ${edit}.`).replace('Second item', `Second item ${edit}`);
      expect(dump(run(oneChapterBook(source, settings), cache))).toBe(dump(run(oneChapterBook(source, settings))));
    }
  });
});

describe('calloutStyles[] span, placement, columns, width (§13.4; document-format §8.1)', () => {
  const two = (styles: Record<string, unknown>[], extra: Record<string, unknown> = {}) => {
    const s = settingsFromConfig({ bodyText: BODY, calloutStyles: [{ id: 'note' }, ...styles], ...extra } as never);
    s.balancing = { enabled: false, trailing: false };
    return s;
  };
  const filler = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} sentence number ${i} runs on with a few more plain words.`).join(' ');
  const boxes = (page: PageDisplayList) => page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === '#f4f4f4');
  const body = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');

  it('span page (style) sets the box across the page, every column starting under it; the fence span wins', () => {
    const settings = two([{ id: 'wide', span: 'page' }]);
    const frame = pageFrame(settings, 0);
    const source = (attrs: string) => `${filler(3, 'Before')}\n\n:::callout{type="wide"${attrs}}\n${filler(2, 'Inside')}\n:::\n\n${filler(60, 'After')}\n`;
    const page = run(oneChapterBook(source(''), settings)).pages[0]!;
    const [box] = boxes(page);
    expect(box!.x).toBeCloseTo(frame.contentLeft, 3);
    expect(box!.w).toBeCloseTo(frame.contentWidth, 3);
    const right = body(page).filter((r) => r.xs[0]! > frame.columnX[1]! - 0.01);
    expect(right.length).toBeGreaterThan(0);
    for (const r of right) expect(r.y).toBeGreaterThan(box!.y + box!.h);
    // Inside: the box's lines run across the page (wider than a column).
    const inside = body(page).filter((r) => r.text.includes('Inside') && r.y < box!.y + box!.h);
    expect(Math.max(...inside.map((r) => r.xs[r.xs.length - 1]!))).toBeGreaterThan(frame.columnX[1]!);
    const narrow = boxes(run(oneChapterBook(source(' span="column"'), settings)).pages[0]!)[0]!;
    expect(narrow.w).toBeCloseTo(frame.columnWidths[0]!, 3);
  });

  it('placement top (style) floats the box to the head of the next column, the text going on where it was; placement bottom to the foot', () => {
    const settings = two([{ id: 'top', placement: 'top' }, { id: 'bottom', placement: 'bottom' }]);
    const frame = pageFrame(settings, 0);
    const source = (type: string) => `${filler(4, 'Before')}\n\n:::callout{type="${type}"}\n${filler(1, 'Inside')}\n:::\n\n${filler(3, 'After')}\n`;
    const top = run(oneChapterBook(source('top'), settings)).pages[0]!;
    const [box] = boxes(top);
    expect(box!.x).toBeCloseTo(frame.columnX[1]!, 3);
    expect(box!.y).toBeCloseTo(frame.contentTop, 3);
    // 'After' follows 'Before' in the first column, one grid line on.
    const beforeBlock = body(top).find((r) => r.text.includes('Before'))!.line!.block;
    const lastBefore = Math.max(...body(top).filter((r) => r.line!.block === beforeBlock).map((r) => r.y));
    const firstAfter = Math.min(...body(top).filter((r) => r.text.includes('After')).map((r) => r.y));
    expect(firstAfter - lastBefore).toBeCloseTo(12, 3);
    expect(body(top).find((r) => r.text.includes('After'))!.xs[0]!).toBeLessThan(frame.columnX[1]!);
    const bottom = run(oneChapterBook(source('bottom'), settings)).pages[0]!;
    const [foot] = boxes(bottom);
    expect(foot!.x).toBeCloseTo(frame.columnX[0]!, 3);
    // At the column's foot: its bottom on the content area's bottom, under all the text of the column.
    const gap = frame.contentTop + frame.contentHeight - (foot!.y + foot!.h);
    expect(gap).toBeGreaterThanOrEqual(-0.01);
    expect(gap).toBeLessThan(12);
    const column0 = body(bottom).filter((r) => r.xs[0]! < frame.columnX[1]!);
    expect(column0.filter((r) => r.y > foot!.y).every((r) => r.y < foot!.y + foot!.h)).toBe(true);
    expect(column0.some((r) => r.text.includes('After'))).toBe(true);
  });

  it('columns 2 of 3 (style) floats the box across two columns and the gutter between them', () => {
    const settings = two([{ id: 'pair', columns: 2 }], { layout: { layoutType: 'multiple', columnCount: 3 } });
    const frame = pageFrame(settings, 0);
    const page = run(oneChapterBook(`${filler(2, 'Before')}\n\n:::callout{type="pair"}\n${filler(1, 'Inside')}\n:::\n\n${filler(20, 'After')}\n`, settings)).pages[0]!;
    const [box] = boxes(page);
    expect(box!.w).toBeCloseTo(frame.columnX[2]! - frame.columnX[1]! + frame.columnWidths[1]!, 3);
  });

  it('relay out incrementally to what a full layout gives (page-span, floated and shrink-wrapped boxes)', () => {
    const settings = two([{ id: 'wide', span: 'page' }, { id: 'top', placement: 'top' }, { id: 'bottom', placement: 'bottom', width: 'auto' }]);
    let source = ['wide', 'top', 'bottom', 'note'].map((type, i) => `${filler(6, `Lead${i}`)}\n\n:::callout{type="${type}"}\n${filler(1, `Box${i}`)}\n:::\n`).join('\n') + `\n${filler(40, 'Tail')}\n`;
    const cache = new EngineCache();
    run(oneChapterBook(source, settings), cache);
    for (let edit = 0; edit < 3; edit++) {
      source = source.replace('Lead0 sentence number 0', `Lead0 sentence number 0 and edit ${edit}`);
      expect(dump(run(oneChapterBook(source, settings), cache))).toBe(dump(run(oneChapterBook(source, settings))));
    }
  });

  it("width 'auto' shrink-wraps the box to its widest line", () => {
    const settings = two([{ id: 'tight', width: 'auto' }]);
    const page = run(oneChapterBook(`:::callout{type="tight"}\nShort line.\n:::\n`, settings)).pages[0]!;
    const [box] = boxes(page);
    const line = body(page).find((r) => r.text.startsWith('Short'))!;
    // 0.75 em (7.5 pt) of padding each side of the line.
    expect(line.xs[0]!).toBeCloseTo(box!.x + 7.5, 3);
    expect(box!.x + box!.w).toBeCloseTo(inkExtent(line).right + 7.5, 2);
    expect(box!.w).toBeLessThan(100);
  });
});
