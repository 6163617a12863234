/**
 * The bayt layout of `:::verse` (document-format §9.1 "Arabic qaṣīda", configuration.md §6.5
 * `bodyText.verse.layout`): two hemistichs per line on one baseline, the ṣadr on the start side,
 * both as wide as the poem's widest, the gap between them, the pair centred; a line without a
 * separator centred alone; a bayt too wide for half the measure staggered over two lines.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem, PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { nodeFontRegistry } from '../../support/node-world';
import { oneChapterBook, runs } from './helpers';

/** Amiri, the Arabic text face (loaded on demand in the app), so hemistichs are shaped and measured as a reader sees them. */
const fonts = nodeFontRegistry(['Amiri']);
function run(input: BookInput) {
  const steps = layoutBook(input, fonts, new EngineCache());
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}


const POEM = [
  'قفا نبك من ذكرى حبيب ومنزل || بسقط اللوى بين الدخول فحومل',
  'فتوضح فالمقراة لم يعف رسمها || لما نسجتها من جنوب وشمأل',
  'ترى بعر الآرام في عرصاتها || وقيعانها كأنه حب فلفل',
  'كأني غداة البين يوم تحملوا',
];
const layout = (lines: readonly string[], fence = '', config: Record<string, unknown> = {}): PageDisplayList =>
  run(oneChapterBook(['مقدمة القصيدة.', '', `:::verse${fence}`, ...lines, ':::', '', 'بعد القصيدة.'].join('\n'), settingsFromConfig({ layout: { layoutType: 'single' }, locale: 'ar', ...config } as never))).pages[0]!;

/** The body runs of the poem, by baseline. */
function rows(page: PageDisplayList): GlyphRunItem[][] {
  // (The paragraphs around the poem are left out by their baselines: their full stop is a run of its own.)
  const around = new Set(runs(page).filter((r) => r.text.startsWith('مقدمة') || r.text.startsWith('بعد القصيدة')).map((r) => r.y));
  const poem = runs(page).filter((r) => r.line?.role === 'body' && r.srcFrom >= 0 && !around.has(r.y));
  const byY = new Map<number, GlyphRunItem[]>();
  for (const r of poem) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
  return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, list]) => list);
}
/** The horizontal extent of runs' glyphs (pen positions and the last glyph's advance), pt. */
function extent(list: readonly GlyphRunItem[]): { left: number; right: number } {
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const r of list) {
    const face = fonts.get(r.font)!;
    r.glyphs.forEach((g, k) => {
      left = Math.min(left, r.xs[k]!);
      right = Math.max(right, r.xs[k]! + (face.glyphAdvance(g) * r.size) / face.upem);
    });
  }
  return { left, right };
}
/** The runs of a row left and right of its middle gap: the hemistichs (the widest gap between runs' extents splits them). */
function halves(row: readonly GlyphRunItem[]): [GlyphRunItem[], GlyphRunItem[]] {
  const sorted = [...row].sort((a, b) => extent([a]).left - extent([b]).left);
  let cut = 1;
  let best = -Infinity;
  for (let i = 1; i < sorted.length; i++) {
    const space = extent([sorted[i]!]).left - extent(sorted.slice(0, i)).right;
    if (space > best) [best, cut] = [space, i];
  }
  return [sorted.slice(0, cut), sorted.slice(cut)];
}

describe('verse bayt layout (document-format §9.1)', () => {
  it('sets two hemistichs on one baseline, equally wide, 2 em apart, centred; the ṣadr on the right in Arabic', () => {
    const page = layout(POEM);
    const poem = rows(page);
    // Three bayts and a lone hemistich: four baselines.
    expect(poem).toHaveLength(4);
    const widths: number[] = [];
    let centre: number | null = null;
    for (const row of poem.slice(0, 3)) {
      const [left, right] = halves(row);
      const l = extent(left);
      const r = extent(right);
      widths.push(l.right - l.left, r.right - r.left);
      // The gap: 2 em of the body (the default); the pair's middle is the column's.
      expect(r.left - l.right).toBeGreaterThan(2 * row[0]!.size - 1);
      centre ??= (l.left + r.right) / 2;
      expect((l.left + r.right) / 2).toBeCloseTo(centre, 0);
      // The ṣadr (the source's first hemistich) on the right: its text is the right half's.
      expect(right.map((x) => x.srcFrom).reduce((a, b) => Math.min(a, b))).toBeLessThan(left.map((x) => x.srcFrom).reduce((a, b) => Math.min(a, b)));
    }
    // Justified to one common width (within a glyph's side bearing).
    for (const w of widths) expect(Math.abs(w - Math.max(...widths))).toBeLessThan(1.5);
    // The lone hemistich is centred on the same middle.
    const alone = extent(poem[3]!);
    expect((alone.left + alone.right) / 2).toBeCloseTo(centre!, 0);
  });

  it('prints an ornament mid-gap, reads the fence gap, and keeps the lines layout with layout=lines', () => {
    const ornate = layout(POEM.slice(0, 2), '{ornament="٭" gap=4}');
    const star = runs(ornate).find((r) => r.text === '٭');
    expect(star).toBeDefined();
    const [left, right] = halves(rows(ornate)[0]!);
    const starX = (extent([star!]).left + extent([star!]).right) / 2;
    expect(starX).toBeCloseTo((extent(left).right + extent(right).left) / 2, 0);
    expect(extent(right).left - extent(left).right).toBeGreaterThan(4 * star!.size - 1);
    // layout=lines: the separator stays in the text, one run of lines.
    const lines = layout(POEM.slice(0, 2), '{layout=lines}');
    expect(runs(lines).some((r) => r.text.includes('||'))).toBe(true);
  });

  it('staggers a bayt too wide for half the measure: the ṣadr at the start edge, the ʿajuz on the next line at the end edge', () => {
    const long = 'هذا شطر طويل جدا يمتد أبعد من نصف عرض العمود كله بكلمات كثيرة متتابعة هنا';
    const page = layout([`${long} || عجز قصير`]);
    const poem = rows(page);
    expect(poem).toHaveLength(2);
    const first = extent(poem[0]!);
    const second = extent(poem[1]!);
    // Right to left: the first line flush right, the second flush left.
    expect(first.right).toBeGreaterThan(second.right + 20);
    expect(second.left).toBeLessThan(first.left);
  });

  it("bodyText.verse.layout 'bayt' sets separator-less poems as centred hemistichs; declared applied", () => {
    expect(isApplied('bodyText.verse.layout')).toBe(true);
    const plain = ['سطر أول من الشعر', 'وسطر ثان أطول قليلا من الأول'];
    const asLines = layout(plain);
    const asBayt = layout(plain, '', { bodyText: { verse: { layout: 'bayt' } } });
    // Lines layout centres the poem on its longest line (one shift for all); bayt centres each line.
    const centres = (page: PageDisplayList) => rows(page).map((row) => (extent(row).left + extent(row).right) / 2);
    const [a, b] = centres(asBayt);
    expect(a).toBeCloseTo(b!, 0);
    const [c, d] = centres(asLines);
    expect(Math.abs(c! - d!)).toBeGreaterThan(3);
  });
});
