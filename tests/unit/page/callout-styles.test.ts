/**
 * A callout style's own text and lists (configuration.md §13.4 `calloutStyles[id=X].body.*`,
 * `lists.*`), through the whole config mapping. One column; a 10 pt body on a 12 pt grid so ems
 * and offsets are easy to check by hand. Positions, sizes and colours are read off the display list.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { EngineCache } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { Op, type GlyphRunItem, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, fonts, oneChapterBook, run, runs } from './helpers';

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
