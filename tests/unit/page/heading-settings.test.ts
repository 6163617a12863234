import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { runChecks } from '../checks/run-checks';
import { fonts, oneChapterBook, run, runs } from './helpers';

/** Heading settings of configuration.md §8.1–§8.2 and §13.6, through the whole config mapping. */

const SOURCE = [
  '# The Chapter',
  '',
  'Opening words of the chapter set as the first body paragraph under the title.',
  '',
  '## A Section Title',
  '',
  'Body text after the section heading, long enough to make a line or two of running prose here.',
].join('\n');

/** One column, so the section heading sits under the chapter's first paragraph (not at a column top). */
const layoutOf = (config: Record<string, unknown>, source = SOURCE) => run(oneChapterBook(source, settingsFromConfig({ layout: { layoutType: 'single' }, ...config } as never)));
const allRuns = (layout: ReturnType<typeof layoutOf>): GlyphRunItem[] => layout.pages.flatMap((p) => runs(p));
/** Runs of the level-`n` heading (by its text), and the body runs. */
const headingRuns = (layout: ReturnType<typeof layoutOf>, text: string): GlyphRunItem[] => allRuns(layout).filter((r) => r.line?.role === 'heading' && text.includes(r.text.trim()) && r.text.trim() !== '');
const bodyRuns = (layout: ReturnType<typeof layoutOf>): GlyphRunItem[] => allRuns(layout).filter((r) => r.line?.role === 'body');
const firstBodyAfter = (layout: ReturnType<typeof layoutOf>, y: number): GlyphRunItem => bodyRuns(layout).filter((r) => r.y > y).sort((a, b) => a.y - b.y)[0]!;

describe('general heading fields the levels follow (§8.1, §0.5)', () => {
  it('headings.marginTop / marginBottom / lineHeight reach every level', () => {
    for (const path of ['headings.lineHeight', 'headings.marginTop', 'headings.marginBottom']) expect(isApplied(path), path).toBe(true);
    const base = layoutOf({});
    const h2 = headingRuns(base, 'A Section Title')[0]!;
    // More space above: the section heading moves down by (3 − 1.5) em of its 15 pt.
    const above = headingRuns(layoutOf({ headings: { marginTop: { value: 3, unit: 'em' } } }), 'A Section Title')[0]!;
    expect(above.y - h2.y).toBeCloseTo(1.5 * 15, 1);
    // More space below: the paragraph under it starts lower (the grid rounds it up to whole lines).
    const below = layoutOf({ headings: { marginBottom: { value: 4, unit: 'em' } } });
    const hBelow = headingRuns(below, 'A Section Title')[0]!;
    // (3.5 em of 15 pt more, less at most one 12 pt grid line of rounding.)
    expect(firstBodyAfter(below, hBelow.y).y - hBelow.y).toBeGreaterThan(firstBodyAfter(base, h2.y).y - h2.y + 3.5 * 15 - 12);
    // A looser leading lowers the heading's baseline within its (taller) line box.
    const leading = headingRuns(layoutOf({ headings: { lineHeight: { value: 3, unit: 'em' } } }), 'A Section Title')[0]!;
    expect(leading.y).toBeGreaterThan(h2.y + 5);
  });
});

describe('a level\'s and a heading style\'s own type (§8.2, §13.6)', () => {
  const face = (family: string, weight: number, style: 'normal' | 'italic') => fonts.match(family, weight, style).id;

  it('a level-2 family, weight, italic and colour set its runs only', () => {
    for (const path of ['fontFamily', 'fontWeight', 'italic', 'color']) expect(isApplied(`headings.levels[level=2].${path}`), path).toBe(true);
    const base = layoutOf({});
    const set = layoutOf({ headings: { levels: [{ level: 2, fontFamily: 'EB Garamond', fontWeight: 400, italic: true, color: '#aa0000' }] } });
    const h2 = headingRuns(set, 'A Section Title');
    expect(h2.length).toBeGreaterThan(0);
    for (const r of h2) {
      expect(r.font).toBe(face('EB Garamond', 400, 'italic'));
      expect(r.fill).toBe('#aa0000');
    }
    // The chapter title keeps the general heading face and colour.
    const h1 = headingRuns(set, 'The Chapter');
    expect(h1.map((r) => r.font)).toEqual(headingRuns(base, 'The Chapter').map((r) => r.font));
    expect(h1[0]!.font).toBe(face('Open Sans', 700, 'normal'));
    expect(h1[0]!.fill).toBe(headingRuns(base, 'The Chapter')[0]!.fill);
  });

  it('a heading style\'s face, weight, italic and margins beat its level\'s', () => {
    for (const path of ['fontFamily', 'fontWeight', 'italic', 'lineHeight', 'marginTop', 'marginBottom']) expect(isApplied(`headingStyles[id=x].${path}`), path).toBe(true);
    const source = SOURCE.replace('## A Section Title', '## A Section Title {style="quiet"}');
    const config = { headings: { levels: [{ level: 2, italic: true }] } };
    const plain = layoutOf({ ...config, headingStyles: [{ id: 'quiet' }] }, source);
    const faced = layoutOf({ ...config, headingStyles: [{ id: 'quiet', fontFamily: 'EB Garamond', fontWeight: 700, italic: false }] }, source);
    const styled = layoutOf({ ...config, headingStyles: [{ id: 'quiet', marginTop: { value: 12, unit: 'pt' }, marginBottom: { value: 2, unit: 'em' } }] }, source);
    const [p, q] = [headingRuns(plain, 'A Section Title')[0]!, headingRuns(styled, 'A Section Title')[0]!];
    expect(p.font).toBe(face('Open Sans', 700, 'italic'));
    expect(headingRuns(faced, 'A Section Title')[0]!.font).toBe(face('EB Garamond', 700, 'normal'));
    // 12 pt above instead of 1.5 em of 15 pt: 10.5 pt higher.
    expect(p.y - q.y).toBeCloseTo(1.5 * 15 - 12, 1);
    // 2 em below (30 pt) instead of 0.5 em: the paragraph under it lower than before by over 22.5 − 12 pt (grid rounding).
    expect(firstBodyAfter(styled, q.y).y - q.y).toBeGreaterThan(firstBodyAfter(plain, p.y).y - p.y + 1.5 * 15 - 12);
  });
});

describe('headings.textAlign and textTransform (§8.1, §8.2, §13.6)', () => {
  it('centres or right-aligns every heading in its measure; justified stays flush left on its last line', () => {
    expect(isApplied('headings.textAlign')).toBe(true);
    const x = (config: Record<string, unknown>) => headingRuns(layoutOf(config), 'A Section Title')[0]!.xs[0]!;
    const left = x({});
    const centre = x({ headings: { textAlign: 'center' } }) - left;
    const right = x({ headings: { textAlign: 'end' } }) - left;
    expect(centre).toBeGreaterThan(50);
    // Flush right moves the line twice as far as centring it (to within rounding).
    expect(right).toBeCloseTo(2 * centre, 1);
    expect(x({ headings: { textAlign: 'justify' } })).toBeCloseTo(left, 3);
  });

  it('uppercase sets capitals of the same length; the toc keeps the source case', () => {
    expect(isApplied('headings.levels[level=2].textTransform')).toBe(true);
    expect(isApplied('headingStyles[id=x].textTransform')).toBe(true);
    const source = [':::toc', ':::', '', SOURCE, '', '## Straße und Ärger {style="plain"}', '', 'More words.'].join('\n');
    const config = { toc: { levels: [{ level: 1 }, { level: 2 }] }, headings: { levels: [{ level: 2, textTransform: 'uppercase' }] }, headingStyles: [{ id: 'plain', textTransform: 'none' }] };
    const layout = layoutOf(config, source);
    const headings = allRuns(layout).filter((r) => r.line?.role === 'heading').map((r) => r.text).join('|');
    expect(headings).toContain('A SECTION TITLE');
    expect(headings).not.toContain('A Section Title');
    // The style's 'none' beats the level's uppercase.
    expect(headings).toContain('Straße und Ärger');
    // The toc (generated, role other than heading) lists the title as typed.
    const rest = allRuns(layout).filter((r) => r.line?.role !== 'heading').map((r) => r.text).join(' ');
    expect(rest).toContain('A Section Title');
    // Length-preserving: ß has no one-letter capital and stays.
    const upper = layoutOf({ ...config, headingStyles: [{ id: 'plain' }] }, source);
    expect(allRuns(upper).filter((r) => r.line?.role === 'heading').map((r) => r.text).join('|')).toContain('STRAßE UND ÄRGER');
  });
});

describe('indent, firstLineIndent and hidden (§8.2, §13.6)', () => {
  it('indents the whole heading by body ems, its first line further', () => {
    for (const path of ['indent', 'firstLineIndent', 'hidden']) {
      expect(isApplied(`headings.levels[level=2].${path}`), path).toBe(true);
      expect(isApplied(`headingStyles[id=x].${path}`), path).toBe(true);
    }
    const x = (config: Record<string, unknown>) => headingRuns(layoutOf(config), 'A Section Title')[0]!.xs[0]!;
    const left = x({});
    // 2 body em = 16 pt at the 8 pt body size (not the heading's 15 pt em).
    expect(x({ headings: { levels: [{ level: 2, indent: { value: 2, unit: 'em' } }] } }) - left).toBeCloseTo(16, 1);
    expect(x({ headings: { levels: [{ level: 2, indent: { value: 2, unit: 'em' }, firstLineIndent: { value: 1, unit: 'em' } }] } }) - left).toBeCloseTo(24, 1);
    // The chapter title (level 1) is not indented.
    const h1 = (config: Record<string, unknown>) => headingRuns(layoutOf(config), 'The Chapter')[0]!.xs[0]!;
    expect(h1({ headings: { levels: [{ level: 2, indent: { value: 2, unit: 'em' } }] } })).toBeCloseTo(h1({}), 3);
  });

  it('a hidden level takes no ink and no space, yet the toc still lists it', () => {
    const source = [':::toc', ':::', '', SOURCE].join('\n');
    const config = { toc: { levels: [{ level: 1 }, { level: 2 }] } };
    const shown = layoutOf(config, source);
    const hidden = layoutOf({ ...config, headings: { levels: [{ level: 2, hidden: true }] } }, source);
    expect(headingRuns(hidden, 'A Section Title')).toEqual([]);
    expect(headingRuns(shown, 'A Section Title').length).toBeGreaterThan(0);
    // The paragraph after it goes on at the next grid line under the chapter's first paragraph.
    const after = bodyRuns(hidden).filter((r) => r.text.startsWith('Body text after'))[0]!;
    const lineAbove = Math.max(...bodyRuns(hidden).filter((r) => r.y < after.y).map((r) => r.y));
    expect(after.y - lineAbove).toBeCloseTo(12, 3);
    const afterShown = bodyRuns(shown).filter((r) => r.text.startsWith('Body text after'))[0]!;
    expect(afterShown.y - after.y).toBeGreaterThan(12);
    // Still in the toc.
    expect(allRuns(hidden).filter((r) => r.line?.role !== 'heading').map((r) => r.text).join(' ')).toContain('A Section Title');
    // A style's hidden: false shows it again.
    const styled = layoutOf({ ...config, headings: { levels: [{ level: 2, hidden: true }] }, headingStyles: [{ id: 'shown', hidden: false }] }, source.replace('## A Section Title', '## A Section Title {style="shown"}'));
    expect(headingRuns(styled, 'A Section Title').length).toBeGreaterThan(0);
  });
});

describe('a heading style\'s numbering fields (§13.6, §8.3)', () => {
  it('numberingTemplate, numberSeparator and numberPosition beat the level\'s, in the flow and the toc', () => {
    for (const path of ['numberingTemplate', 'numberSeparator', 'numberPosition']) expect(isApplied(`headingStyles[id=x].${path}`), path).toBe(true);
    const source = [':::toc', ':::', '', SOURCE, '', '## Annex Title {style="annex"}', '', 'More words.'].join('\n');
    const layout = layoutOf({
      toc: { levels: [{ level: 1 }, { level: 2 }] },
      headings: { levels: [{ level: 2, numberingTemplate: '{1}.{2}' }] },
      headingStyles: [{ id: 'annex', numberingTemplate: 'Annex {2:A}', numberSeparator: ' — ' }],
    }, source);
    const headingLines = allRuns(layout).filter((r) => r.line?.role === 'heading').map((r) => r.text).join('|');
    expect(headingLines).toContain('1.1');
    // The counter stays the level's: the second level-2 heading is B.
    expect(headingLines).toContain('Annex B — ');
    expect(allRuns(layout).filter((r) => r.line?.role !== 'heading').map((r) => r.text).join(' ')).toContain('Annex B — Annex Title');
    const replaced = layoutOf({ headingStyles: [{ id: 'annex', numberingTemplate: 'Annex {2:A}', numberPosition: 'replace' }] }, source);
    const replacedLines = allRuns(replaced).filter((r) => r.line?.role === 'heading').map((r) => r.text).join('|');
    expect(replacedLines).toContain('Annex B');
    expect(replacedLines).not.toContain('Annex Title');
  });
});

describe('headings.keepWithNext and keepWithNextSpread (§8.1)', () => {
  /** Page of the section heading after `k` one-line paragraphs, in one column, with no chapter title. */
  const pageOf = (k: number, headings: Record<string, unknown>): number => {
    const filler = Array.from({ length: k }, (_, i) => `Line ${i + 1} of the filler.`).join('\n\n');
    const layout = layoutOf({ headings: { ...headings, levels: [{ level: 1, breakBefore: { enabled: false } }] } }, `${filler}\n\n## A Section Title\n\nFirst line under it.\n\nSecond line under it.\n\n${filler}`);
    return layout.pages.findIndex((p) => runs(p).some((r) => r.line?.role === 'heading'));
  };

  it('off: a heading may end a column; on: it moves on with the lines it needs', () => {
    for (const path of ['headings.keepWithNext', 'headings.keepWithNextSpread']) expect(isApplied(path), path).toBe(true);
    const moved: number[] = [];
    for (let k = 40; k <= 62; k++) {
      const kept = pageOf(k, {});
      const loose = pageOf(k, { keepWithNext: false });
      expect(loose, `k=${k}`).toBeLessThanOrEqual(kept);
      if (loose < kept) moved.push(k);
    }
    // Where the heading fits but its next lines do not, keeping moves it and not keeping leaves it.
    expect(moved.length).toBeGreaterThan(0);
    // keepWithNextSpread: at the foot of page 1 (the first page is odd) it keeps as before; on an even page it may stay.
    const k = moved[0]!;
    expect(pageOf(k, { keepWithNextSpread: true })).toBe(pageOf(k, {}));
    // One page further down (page index 1, an even page) the spread lets it stay at the foot.
    let spreadStays = 0;
    for (let j = k + 40; j <= k + 70; j++) {
      const kept = pageOf(j, {});
      const spread = pageOf(j, { keepWithNextSpread: true });
      expect(spread, `j=${j}`).toBeLessThanOrEqual(kept);
      if (kept === 2 && spread === 1) spreadStays++;
    }
    expect(spreadStays).toBeGreaterThan(0);
  });
});

describe('lineSpan (行取り, §8.2)', () => {
  it('centres the heading in a band of N body lines instead of its margins', () => {
    expect(isApplied('headings.levels[level=2].lineSpan')).toBe(true);
    expect(isApplied('headingStyles[id=x].lineSpan')).toBe(true);
    const measure = (n: number) => {
      const layout = layoutOf({ headings: { levels: [{ level: 2, lineSpan: n }] } });
      const heading = headingRuns(layout, 'A Section Title')[0]!;
      const after = bodyRuns(layout).filter((r) => r.text.startsWith('Body text after'))[0]!;
      const above = Math.max(...bodyRuns(layout).filter((r) => r.y < heading.y).map((r) => r.y));
      return { heading: heading.y, after: after.y, above };
    };
    const [three, five] = [measure(3), measure(5)];
    // The band takes exactly N body lines (12 pt) between the paragraphs: their baselines N + 1 lines apart.
    expect(three.after - three.above).toBeCloseTo(4 * 12, 3);
    expect(five.after - five.above).toBeCloseTo(6 * 12, 3);
    // Two more lines of band put the one-line heading one line lower: it stays in the middle.
    expect(five.heading - three.heading).toBeCloseTo(12, 3);
  });
});

describe('jidori (字取り, §8.2)', () => {
  it('spreads a short one-line title evenly to N of its own ems', () => {
    expect(isApplied('headings.levels[level=2].jidori')).toBe(true);
    expect(isApplied('headingStyles[id=x].jidori')).toBe(true);
    const source = SOURCE.replace('## A Section Title', '## Intro');
    const glyphXs = (config: Record<string, unknown>) => headingRuns(layoutOf(config, source), 'Intro').flatMap((r) => r.xs);
    const plain = glyphXs({});
    const spread = glyphXs({ headings: { levels: [{ level: 2, jidori: 8 }] } });
    expect(spread.length).toBe(plain.length);
    // First glyph in place; every later one moved by the same step more than the one before.
    expect(spread[0]).toBeCloseTo(plain[0]!, 3);
    const moved = spread.map((x, i) => x - plain[i]!);
    const step = moved[1]!;
    expect(step).toBeGreaterThan(5);
    moved.forEach((d, i) => expect(d).toBeCloseTo(i * step, 1));
    // The last glyph's pen ends the title 8 em (8 × 15 pt) from the first: its advance past it.
    const lastAdvance = plain[plain.length - 1]! - plain[plain.length - 2]!;
    expect(spread[spread.length - 1]! - spread[0]! + lastAdvance).toBeLessThan(8 * 15 + 1);
    expect(spread[spread.length - 1]! - spread[0]!).toBeGreaterThan(8 * 15 - 2 * lastAdvance);
  });
});

describe('letterSpacing (§8.2, §13.6)', () => {
  it('adds the level\'s em between letters, and long headings still fit the measure', () => {
    expect(isApplied('headings.levels[level=2].letterSpacing')).toBe(true);
    expect(isApplied('headingStyles[id=x].letterSpacing')).toBe(true);
    const xs = (config: Record<string, unknown>, source = SOURCE) => headingRuns(layoutOf(config, source), 'A Section Title').flatMap((r) => r.xs);
    const plain = xs({});
    const spaced = xs({ headings: { levels: [{ level: 2, letterSpacing: { value: 0.1, unit: 'em' } }] } });
    // 0.1 em of the 15 pt heading = 1.5 pt more per letter.
    spaced.forEach((x, i) => expect(x - plain[i]!).toBeCloseTo(1.5 * i, 1));
    // A style's absolute 3 pt beats the level's.
    const styledSource = SOURCE.replace('## A Section Title', '## A Section Title {style="wide"}');
    const styled = xs({ headings: { levels: [{ level: 2, letterSpacing: { value: 0.1, unit: 'em' } }] }, headingStyles: [{ id: 'wide', letterSpacing: { value: 3, unit: 'pt' } }] }, styledSource);
    styled.forEach((x, i) => expect(x - plain[i]!).toBeCloseTo(3 * i, 1));
    // A long heading widely spaced breaks so no line runs past the column.
    const long = SOURCE.replace('## A Section Title', '## A Much Longer Section Title That Will Need Two Lines Or Three In One Column');
    const config = { headings: { levels: [{ level: 2, letterSpacing: { value: 0.3, unit: 'em' } }] } };
    const layout = layoutOf(config, long);
    const settings = settingsFromConfig({ layout: { layoutType: 'single' }, ...config } as never);
    // The column's right edge (one column, unmirrored margins on page 1).
    const right = settings.pageWidth - settings.margins.right;
    const lines = allRuns(layout).filter((r) => r.line?.role === 'heading' && r.size === 15);
    expect(lines.length).toBeGreaterThan(2);
    // Pen of the last glyph plus one spaced em at most: inside the column.
    for (const r of lines) expect(r.xs[r.xs.length - 1]! + 1.3 * 15).toBeLessThan(right + 1e-3);
    expect(Math.max(...lines.map((r) => r.xs[r.xs.length - 1]!))).toBeGreaterThan(right - 60);
  });
});

describe('a level\'s unknown face is reported (checks/fonts.ts)', () => {
  it('names the level\'s path', () => {
    const book = { chapters: [{ id: 'c1', source: SOURCE }], config: { headings: { levels: [{ level: 2, fontFamily: 'Imaginary Sans' }] } } };
    const warnings = runChecks(book).warnings.filter((w) => w.kind === 'unknownFontFamily');
    expect(warnings.map((w) => w.path)).toEqual(['headings.levels[level=2].fontFamily']);
  });
});
