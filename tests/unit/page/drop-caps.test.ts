import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { capHeightRatio } from '../../../src/worker/engine/page/furniture-letters';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { EngineCache, type BookInput } from '../../../src/worker/engine';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { chapterWithOpenings, dump, fonts, oneChapterBook, run, runs } from './helpers';

/** Drop caps of body paragraphs (configuration.md §6.7; §8.2, §13.6, §13.1 for where they apply). */

const LONG = 'Once upon a time there was a typesetter who set every line of a long book by hand, letter by letter, and who loved the large initials that opened each chapter of the books on the shelf above the case of type. He set them in the morning, proofed them at noon and printed them in the evening, and he never tired of the work though the days were long and the light was poor.';
const SOURCE = ['# The Chapter', '', LONG, '', 'A second paragraph that follows the first and has no initial of its own.'].join('\n');

/** One column at a 12 pt grid and a 10 pt body, so lines are easy to count by hand. */
const BASE = { layout: { layoutType: 'single' }, bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } } };
const settingsOf = (config: Record<string, unknown>) => settingsFromConfig({ ...BASE, ...config } as never);
const layoutOf = (config: Record<string, unknown>, source = SOURCE) => run(oneChapterBook(source, settingsOf(config)));
const bodyRuns = (layout: ReturnType<typeof layoutOf>): GlyphRunItem[] => layout.pages.flatMap((p) => runs(p)).filter((r) => r.line?.role === 'body');
/** Body lines as (baseline, leftmost pen x, text) in reading order, the initial (size > 10 pt) apart. */
function linesOf(layout: ReturnType<typeof layoutOf>): { initial: GlyphRunItem[]; lines: { y: number; x: number; text: string }[] } {
  const all = bodyRuns(layout);
  const initial = all.filter((r) => r.size > 10.5);
  const byY = new Map<number, GlyphRunItem[]>();
  for (const r of all.filter((r) => r.size <= 10.5)) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
  const lines = [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([y, rs]) => ({ y, x: Math.min(...rs.map((r) => r.xs[0]!)), text: rs.map((r) => r.text).join('') }));
  return { initial, lines };
}
const levelCap = (dropCap: unknown) => ({ headings: { levels: [{ level: 1, dropCap }] } });

describe('a heading level\'s drop cap (§6.7, §8.2)', () => {
  it('is declared applied, and each field it reads', () => {
    for (const owner of ['headings.levels[level=1]', 'headingStyles[id=x]', 'paragraphStyles[id=x]']) {
      for (const f of ['', '.lines', '.sink', '.characters', '.fontFamily', '.fontWeight', '.italic', '.fontSize', '.color', '.gap', '.punctuation', '.shortParagraph']) expect(isApplied(`${owner}.dropCap${f}`), owner + f).toBe(true);
    }
    expect(isApplied('paragraphStyles[id=x].dropCap.each')).toBe(true);
    // The lead-in is applied too (lead-in.test.ts).
    expect(isApplied('headings.levels[level=1].dropCap.leadIn.words')).toBe(true);
  });

  it('opens the first paragraph after the heading: baseline on line 3, three narrower lines, the rest at full measure', () => {
    const plain = linesOf(layoutOf({}));
    const capped = layoutOf(levelCap({}));
    const { initial, lines } = linesOf(capped);
    const settings = settingsOf({});
    const left = pageFrame(settings, capped.pages[0]!.index).columnX[0]!;
    expect(plain.initial).toHaveLength(0);
    expect(initial).toHaveLength(1);
    const cap = initial[0]!;
    expect(cap.text).toBe('O');
    expect(cap.srcFrom).toBe(SOURCE.indexOf('Once'));
    // Set in the paragraph's face and colour.
    expect(cap.font).toBe(fonts.match(settings.body.style.family, settings.body.style.weight, 'normal').id);
    expect(cap.fill).toBe(settings.body.style.colour);
    // The first line of text is the rest of the word; the initial stands at the column's left edge.
    expect(lines[0]!.text.startsWith('nce upon')).toBe(true);
    expect(cap.xs[0]).toBeCloseTo(left, 2);
    // Its baseline is that of the third line (sink = lines = 3), two 12 pt lines under the first.
    expect(cap.y).toBeCloseTo(lines[2]!.y, 3);
    expect(cap.y - lines[0]!.y).toBeCloseTo(24, 3);
    // Computed size: cap top level with the first line's cap height — (2 × 12 + 0.72-ish × 10) / its own ratio.
    const ratio = capHeightRatio(fonts, settings.body.style.family, settings.body.style.weight);
    expect(cap.size).toBeCloseTo((2 * 12 + ratio * 10) / ratio, 2);
    // The three lines beside it start at the initial's advance + 0.15 em (1.5 pt); the fourth at the column's edge.
    const face = fonts.get(cap.font)!;
    const advance = (face.glyphAdvance(cap.glyphs[0]!) * cap.size) / face.upem;
    for (const line of lines.slice(0, 3)) expect(line.x - left).toBeCloseTo(advance + 1.5, 2);
    expect(lines[3]!.x).toBeCloseTo(left, 2);
    // The second paragraph keeps its usual first-line indent and no initial.
    const second = lines.find((l) => l.text.startsWith('A second'))!;
    expect(second.x - left).toBeCloseTo(settings.body.firstLineIndent, 2);
  });

  it('lines, sink, gap, face, size and colour as set', () => {
    const { initial, lines } = linesOf(layoutOf(levelCap({ lines: 2, sink: 2, gap: { value: 6, unit: 'pt' }, fontFamily: 'Open Sans', fontWeight: 700, color: '#aa0000' })));
    const cap = initial[0]!;
    const left = lines[2]!.x;
    expect(cap.font).toBe(fonts.match('Open Sans', 700, 'normal').id);
    expect(cap.fill).toBe('#aa0000');
    expect(cap.y).toBeCloseTo(lines[1]!.y, 3);
    const face = fonts.get(cap.font)!;
    const advance = (face.glyphAdvance(cap.glyphs[0]!) * cap.size) / face.upem;
    expect(lines[0]!.x - left).toBeCloseTo(advance + 6, 2);
    expect(lines[1]!.x - left).toBeCloseTo(advance + 6, 2);
    expect(lines[2]!.x - left).toBeCloseTo(0, 2);
    // An explicit size is kept.
    const sized = linesOf(layoutOf(levelCap({ fontSize: { value: 40, unit: 'pt' } }))).initial[0]!;
    expect(sized.size).toBeCloseTo(40, 3);
  });

  it('characters takes that many clusters, with the opening punctuation', () => {
    const source = SOURCE.replace('Once upon', '“Once upon');
    const { initial, lines } = linesOf(layoutOf(levelCap({ characters: 2 }), source));
    expect(initial.map((r) => r.text).join('')).toBe('“On');
    expect(lines[0]!.text.startsWith('ce upon')).toBe(true);
  });

  it('punctuation hang puts the mark out past the edge; text sets it in the text size before the initial', () => {
    const source = SOURCE.replace('Once upon', '“Once upon');
    const withCap = linesOf(layoutOf(levelCap({}), source));
    const hung = linesOf(layoutOf(levelCap({ punctuation: 'hang' }), source));
    const left = withCap.initial[0]!.xs[0]!;
    const letter = hung.initial.find((r) => r.text === 'O')!;
    const mark = hung.initial.find((r) => r.text === '“')!;
    expect(letter.xs[0]).toBeCloseTo(left, 2);
    expect(mark.xs[0]!).toBeLessThan(left);
    expect(mark.y).toBeCloseTo(letter.y, 3);
    // 'text': the mark at the body size on the first line's baseline, the initial after it.
    const text = layoutOf(levelCap({ punctuation: 'text' }), source);
    const small = bodyRuns(text).find((r) => r.text === '“')!;
    const o = linesOf(text).initial.find((r) => r.text === 'O')!;
    expect(small.size).toBeCloseTo(10, 3);
    expect(small.xs[0]).toBeCloseTo(left, 2);
    expect(small.y).toBeCloseTo(linesOf(text).lines[0]!.y, 3);
    expect(o.xs[0]!).toBeGreaterThan(left + 2);
  });

  it('a heading style\'s drop cap beats its level\'s; false removes it', () => {
    const source = SOURCE.replace('# The Chapter', '# The Chapter {style="plain"}');
    const removed = linesOf(layoutOf({ ...levelCap({}), headingStyles: [{ id: 'plain', dropCap: false }] }, source));
    expect(removed.initial).toHaveLength(0);
    const own = linesOf(layoutOf({ ...levelCap({}), headingStyles: [{ id: 'plain', dropCap: { lines: 2 } }] }, source));
    expect(own.initial[0]!.y).toBeCloseTo(own.lines[1]!.y, 3);
    const styleOnly = linesOf(layoutOf({ headingStyles: [{ id: 'plain', dropCap: {} }] }, source));
    expect(styleOnly.initial[0]!.y).toBeCloseTo(styleOnly.lines[2]!.y, 3);
  });

  it('right to left: the initial on the right, the lines beside it ending short of it', () => {
    const rtlSource = ['# فصل', '', 'كان يا ما كان في قديم الزمان رجل يصف الحروف بيده سطرا بعد سطر، ويحب الحروف الكبيرة التي تفتتح كل فصل من فصول الكتب التي على الرف فوق صندوق الحروف، وكان يعمل كل يوم من الصباح إلى المساء، ويقرأ ما صفه بعناية ثم يطبعه في المساء، ولم يتعب من العمل رغم طول الأيام وضعف الضوء في الغرفة الصغيرة.'].join('\n');
    const layout = layoutOf({ ...levelCap({}), locale: 'ar' }, rtlSource);
    const settings = settingsOf({ locale: 'ar' });
    const frame = pageFrame(settings, layout.pages[0]!.index);
    const right = frame.columnX[0]! + frame.columnWidths[0]!;
    const { initial, lines } = linesOf(layout);
    const cap = initial[0]!;
    const face = fonts.get(cap.font)!;
    const capRight = Math.max(...cap.glyphs.map((g, i) => cap.xs[i]! + (face.glyphAdvance(g) * cap.size) / face.upem));
    expect(capRight).toBeCloseTo(right, 1);
    expect(cap.y).toBeCloseTo(lines[2]!.y, 3);
    // The right end of each of the first three lines stays left of the initial and its gap.
    const rightEnd = (y: number) => Math.max(...bodyRuns(layout).filter((r) => r.y === y && r.size <= 10.5).flatMap((r) => { const f = fonts.get(r.font)!; return r.glyphs.map((g, i) => r.xs[i]! + (f.glyphAdvance(g) * r.size) / f.upem); }));
    const capLeft = Math.min(...cap.xs);
    for (const line of lines.slice(0, 3)) expect(rightEnd(line.y)).toBeLessThanOrEqual(capLeft - 1.5 + 0.05);
    expect(rightEnd(lines[3]!.y)).toBeCloseTo(right, 1);
  });
});

describe('a paragraph style\'s drop cap (§6.7, §13.1) and where it goes', () => {
  const group = (paragraphs: string[]) => ['# The Chapter', '', 'Body text before the group.', '', ':::paragraphs{style=opening}', '', ...paragraphs.flatMap((p) => [p, '']), ':::'].join('\n');
  const styles = (dropCap: unknown) => ({ paragraphStyles: [{ id: 'opening', dropCap }] });

  it('opens the group\'s first paragraph only, or each paragraph with each', () => {
    const source = group([LONG, 'Another paragraph of the group, long enough to take a line or two of its own in the column here.']);
    const first = linesOf(layoutOf(styles({ lines: 2 }), source));
    expect(first.initial.map((r) => r.text)).toEqual(['O']);
    const each = linesOf(layoutOf(styles({ lines: 2, each: true }), source));
    expect(each.initial.map((r) => r.text)).toEqual(['O', 'A']);
    // Each initial sits on the second line of its own paragraph.
    const second = each.lines.find((l) => l.text.startsWith('nother'))!;
    expect(each.initial[1]!.y).toBeCloseTo(second.y + 12, 3);
  });

  it('stays with its lines: a paragraph never splits inside the lines beside its initial', () => {
    let moved = 0;
    for (let n = 30; n < 60; n++) {
      const filler = Array.from({ length: n }, (_, i) => `Filler line ${i + 1}.`);
      const layout = layoutOf(styles({ each: true }), ['# The Chapter', '', ...filler.flatMap((f) => [f, '']), ':::paragraphs{style=opening}', '', LONG, '', ':::'].join('\n'));
      for (const page of layout.pages) {
        const body = runs(page).filter((r) => r.line?.role === 'body');
        for (const cap of body.filter((r) => r.size > 10.5)) {
          // The three lines of its paragraph beside it are on its page, the last on its baseline.
          const beside = new Set(body.filter((r) => r.size <= 10.5 && r.line?.block === cap.line?.block && r.y <= cap.y + 1e-6 && r.y >= cap.y - 24 - 1e-6).map((r) => r.y));
          expect(beside.size, `filler ${n}`).toBe(3);
        }
      }
      // Some filler lengths leave fewer than three lines at the foot: the paragraph starts the next page.
      const capPage = layout.pages.findIndex((p) => runs(p).some((r) => r.line?.role === 'body' && r.size > 10.5));
      const before = runs(layout.pages[capPage - 1] ?? layout.pages[0]!).some((r) => r.text.includes('nce upon'));
      if (capPage > 0 && !before) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('shortParagraph: reserve keeps the initial\'s lines, shrink spans it over the lines there are, skip sets none', () => {
    const short = 'Only a few words here.';
    const source = group([short, 'The next paragraph of the group follows it.']);
    const next = (layout: ReturnType<typeof layoutOf>) => linesOf(layout).lines.find((l) => l.text.startsWith('The next'))!;
    const reserve = layoutOf(styles({}), source);
    const r = linesOf(reserve);
    const shortLine = r.lines.find((l) => l.text.startsWith('nly a few'))!;
    // The initial on line 3 though the paragraph has one; the next paragraph starts under it (3 lines on).
    expect(r.initial[0]!.y).toBeCloseTo(shortLine.y + 24, 3);
    expect(next(reserve).y).toBeCloseTo(shortLine.y + 36, 3);
    const shrink = layoutOf(styles({ shortParagraph: 'shrink' }), source);
    // One line: the initial on its baseline at the text's own cap height (its computed size is the
    // body's, 10 pt, with the same face), the next paragraph on the next line.
    const shrunk = bodyRuns(shrink).find((r) => r.text === 'O')!;
    const rest = bodyRuns(shrink).find((r) => r.text.startsWith('nly a few'))!;
    expect(shrunk.size).toBeCloseTo(10, 3);
    expect(shrunk.y).toBeCloseTo(rest.y, 3);
    // The line starts past the smaller initial and the gap (the room of the shrunk initial, not the first try's).
    const face = fonts.get(shrunk.font)!;
    expect(rest.xs[0]! - shrunk.xs[0]!).toBeCloseTo((face.glyphAdvance(shrunk.glyphs[0]!) * shrunk.size) / face.upem + 1.5, 2);
    expect(next(shrink).y).toBeCloseTo(rest.y + 12, 3);
    const skip = linesOf(layoutOf(styles({ shortParagraph: 'skip' }), source));
    expect(skip.initial).toHaveLength(0);
    expect(skip.lines.some((l) => l.text.startsWith('Only a few'))).toBe(true);
  });
});

describe('incremental relayout with drop caps (ARCHITECTURE invariant 6)', () => {
  it('equals a full layout after edits to the opening paragraphs and new headings', () => {
    const random = mulberry32(31);
    const chapter = (c: number): string => chapterWithOpenings(random, c, 10);
    const settings = settingsFromConfig({ headings: { levels: [{ level: 1, dropCap: {} }, { level: 2, dropCap: { lines: 2, shortParagraph: 'shrink' } }] }, paragraphStyles: [{ id: 'opening', dropCap: { each: true, punctuation: 'hang' } }] } as never);
    let input: BookInput = { title: 'Initials', settings, chapters: Array.from({ length: 3 }, (_, c) => ({ id: `c${c}`, title: '', source: chapter(c) })) };
    const cache = new EngineCache();
    const first = run(input, cache);
    // (The book has initials to keep equal: one per chapter, section and styled paragraph.)
    expect(first.pages.flatMap((p) => runs(p)).filter((r) => r.line?.role === 'body' && r.size > 12).length).toBeGreaterThan(10);
    for (let edit = 0; edit < 6; edit++) {
      const c = Math.floor(random() * 3);
      const source = input.chapters[c]!.source;
      let next: string;
      if (edit % 3 === 0) {
        // The opening words of a paragraph under a heading change (its initial too).
        const at = source.indexOf('\n\n', source.indexOf('\n## ') + 1) + 2;
        next = `${source.slice(0, at)}“${sentence(random)} ${source.slice(at)}`;
      } else if (edit % 3 === 1) {
        const at = source.indexOf('\n\n', Math.floor(random() * source.length));
        next = at < 0 ? source : `${source.slice(0, at)}\n\n## Inserted ${edit}\n\n${sentence(random)}${source.slice(at)}`;
      } else {
        const at = source.indexOf(' ', Math.floor(random() * source.length));
        next = at < 0 ? source : `${source.slice(0, at)} ${paragraph(random, 2)}${source.slice(at)}`;
      }
      input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source: next } : ch)) };
      expect(dump(run(input, cache))).toBe(dump(run(input, new EngineCache(false))));
    }
  });
});
