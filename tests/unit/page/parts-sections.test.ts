import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { parsePartPalette } from '../../../src/worker/engine/page/part';
import { Op, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { columnOf, dump, oneChapterBook, run, runs } from './helpers';

const para = (n: number, words = 40): string => Array.from({ length: n }, (_, i) => `Paragraph ${i} ` + 'lorem ipsum dolor sit amet '.repeat(words / 5)).join('\n\n');
const text = (page: PageDisplayList): string => runs(page).map((r) => r.text).join(' ');
const headingRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'heading');
const bodyRuns = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');
const rules = (page: PageDisplayList) => page.items.filter((i) => i.op === Op.Rule);

describe(':::part divider pages (document-format §8.3, configuration.md §13.5)', () => {
  const source = `:::part{number="I" title="Foundations" palette="main-color=#aa0000"}\n1. The lantern\n2. The wick\n:::\n\n# The lantern\n\n${para(3)}`;

  it('opens a recto part page in one column with its title in H1 type, then the chapter on the next recto', () => {
    const settings = defaultSettings();
    const layout = run({ title: 'Book', settings, chapters: [{ id: 'a', title: '', source: `# Before\n\n${para(2)}` }, { id: 'b', title: '', source }] });
    const part = layout.pages.find((p) => p.role === 'part')!;
    expect(part).toBeDefined();
    // parts.breakBefore 'odd': index 0, 2, … are rectos.
    expect(part.index % 2).toBe(0);
    const [title] = headingRuns(part);
    expect(title!.text).toBe('I Foundations');
    expect(title!.size).toBe(settings.headings.levels[0]!.size);
    const frame = pageFrame(settings, part.index);
    expect(title!.xs[0]).toBeCloseTo(frame.contentLeft, 2);
    // The chapter list sits below the title, across the full content width (one column).
    const list = bodyRuns(part);
    expect(list.length).toBeGreaterThan(0);
    expect(Math.min(...list.map((r) => r.y))).toBeGreaterThan(title!.y);
    // No running head, no folio on the part page: only the title and the list.
    expect(runs(part).every((r) => r.line !== undefined)).toBe(true);
    expect(rules(part)).toHaveLength(0);
    // The H1 (always-odd) follows on a later recto after a blank separator.
    const opener = layout.pages.find((p) => p.index > part.index && p.role === 'opener')!;
    expect(opener.index % 2).toBe(0);
    expect(opener.index).toBeGreaterThan(part.index + 1);
    expect(layout.pages.filter((p) => p.index > part.index && p.index < opener.index).every((p) => p.role === 'blank')).toBe(true);
  });

  it('recolours the main colour from the part page on (palette), and not before', () => {
    const settings = settingsFromConfig({});
    expect(settings.palette?.['main-color']).toBe('#295aa3');
    const layout = run({ title: 'Book', settings, chapters: [{ id: 'a', title: '', source: `# Before\n\n${para(1)}` }, { id: 'b', title: '', source }] });
    const part = layout.pages.find((p) => p.role === 'part')!;
    expect(headingRuns(part)[0]!.fill).toBe('#aa0000');
    const opener = layout.pages.find((p) => p.index > part.index && p.role === 'opener')!;
    expect(headingRuns(opener)[0]!.fill).toBe('#aa0000');
    expect(headingRuns(layout.pages[0]!)[0]!.fill).toBe('#295aa3');
  });

  it('lists the part as a contents row with its page label', () => {
    const settings = defaultSettings();
    const book: BookInput = { title: 'Book', settings, chapters: [{ id: 'toc', title: '', source: '# Contents {toc="false"}\n\n:::toc' }, { id: 'b', title: '', source }] };
    const layout = run(book);
    const part = layout.pages.find((p) => p.role === 'part')!;
    const contents = text(layout.pages[0]!);
    expect(contents).toContain('I Foundations');
    // The row's label is the part page's.
    const row = runs(layout.pages[0]!).find((r) => r.text === part.label && r.line?.target !== undefined);
    expect(row).toBeDefined();
  });

  it('parts.page false opens no page (the palette still switches)', () => {
    const settings = { ...defaultSettings(), parts: { page: false, breakBefore: 'odd' as const, breakAfter: 'any' as const, margins: defaultSettings().margins } };
    const layout = run(oneChapterBook(source, settings));
    expect(layout.pages.some((p) => p.role === 'part')).toBe(false);
  });

  it('reads palettes as the spec writes them', () => {
    expect(parsePartPalette('band=#9bcdbf, band-grey:#fadec7;x=#abc y=#11223344 bad=#12')).toEqual({ band: '#9bcdbf', 'band-grey': '#fadec7', x: '#aabbcc', y: '#112233' });
  });

  it('incremental equals full when an edit above moves the part', () => {
    const settings = defaultSettings();
    const chapters = [
      { id: 'a', title: '', source: `# A\n\n${para(2)}` },
      { id: 'b', title: '', source },
      { id: 'c', title: '', source: `# C\n\n${para(2)}` },
    ];
    const cache = new EngineCache();
    run({ title: 'B', settings, chapters }, cache);
    const edited = [{ ...chapters[0]!, source: `# A\n\n${para(12)}` }, chapters[1]!, chapters[2]!];
    expect(dump(run({ title: 'B', settings, chapters: edited }, cache))).toBe(dump(run({ title: 'B', settings, chapters: edited })));
  });
});

describe('styled sections (configuration.md §13.6)', () => {
  const appendixSettings = (): LayoutSettings => {
    const s = defaultSettings();
    s.headingStyles = {
      appendix: { numbered: true, toc: true, layout: { columns: 1, gutter: s.gutter }, margins: { ...s.margins, left: 100, right: 100 }, footer: 'none' },
    };
    return s;
  };

  it('a styled H1 switches columns, margins and the footer for its section, until the next H1', () => {
    const settings = appendixSettings();
    const source = `# Main\n\n${para(14)}\n\n# Appendix {style="appendix"}\n\n${para(40)}\n\n# Back\n\n${para(14)}`;
    const layout = run(oneChapterBook(source, settings));
    const appendixStart = layout.pages.find((p) => headingRuns(p).some((r) => r.text.includes('Appendix')))!;
    const backStart = layout.pages.find((p) => headingRuns(p).some((r) => r.text.includes('Back')))!;
    const inside = layout.pages.filter((p) => p.index >= appendixStart.index && p.index < backStart.index && p.role !== 'blank');
    expect(inside.length).toBeGreaterThan(1);
    for (const page of inside) {
      // One column 100 pt in from each side: every body line starts at x = 100 (or indented from it) and is as wide as the measure.
      for (const r of bodyRuns(page)) {
        expect(r.xs[0]!).toBeGreaterThanOrEqual(100 - 0.01);
        expect(r.xs[r.xs.length - 1]!).toBeLessThan(settings.pageWidth - 100 + 0.01);
      }
      // Footer removed: no run without line info below the body.
      const frame = pageFrame(settings, page.index);
      expect(runs(page).filter((r) => !r.line && r.y > frame.contentTop + frame.contentHeight)).toHaveLength(0);
    }
    // Before and after: two columns with folios.
    const main = layout.pages[0]!;
    expect(new Set(bodyRuns(main).map((r) => columnOf(settings, main, r.xs[0]!)))).toEqual(new Set([0, 1]));
    const back = layout.pages.filter((p) => p.index >= backStart.index && p.role !== 'blank');
    const frame = pageFrame(settings, backStart.index);
    expect(bodyRuns(backStart).some((r) => r.xs[0]! > frame.contentLeft + frame.columnWidth)).toBe(true);
    expect(back.every((p) => runs(p).some((r) => !r.line && r.y > frame.contentTop + frame.contentHeight))).toBe(true);
  });

  it('a section carries over into the next chapter file until a heading of its level', () => {
    const settings = appendixSettings();
    const chapters = [
      { id: 'a', title: '', source: `# Appendix {style="appendix"}\n\n${para(2)}` },
      { id: 'b', title: '', source: `## Continued\n\n${para(3)}` },
      { id: 'c', title: '', source: `# Back\n\n${para(3)}` },
    ];
    const layout = run({ title: 'B', settings, chapters });
    const b = layout.chapters[1]!.pages.filter((p) => p.role !== 'blank');
    for (const page of b) for (const r of bodyRuns(page)) expect(r.xs[0]!).toBeGreaterThanOrEqual(100 - 0.01);
    const c = layout.chapters[2]!.pages.filter((p) => p.role !== 'blank');
    expect(c.some((p) => bodyRuns(p).some((r) => r.xs[0]! < 100 - 1))).toBe(true);
    // Incremental: editing chapter a's style away re-lays out b too.
    const cache = new EngineCache();
    run({ title: 'B', settings, chapters }, cache);
    const edited = [{ ...chapters[0]!, source: `# Appendix\n\n${para(2)}` }, chapters[1]!, chapters[2]!];
    expect(dump(run({ title: 'B', settings, chapters: edited }, cache))).toBe(dump(run({ title: 'B', settings, chapters: edited })));
  });

  it("a section's palette recolours its pages and no others", () => {
    const settings = settingsFromConfig({ headingStyles: [{ id: 'green', palette: { 'main-color': '#117733' } }] });
    expect(settings.headingStyles['green']!.palette).toEqual({ 'main-color': '#117733' });
    const layout = run(oneChapterBook(`# Plain\n\n${para(2)}\n\n# Green {style="green"}\n\n${para(2)}\n\n# Plain again\n\n${para(2)}`, settings));
    const colourOf = (title: string) => layout.pages.flatMap((p) => headingRuns(p)).find((r) => r.text.includes(title))!.fill;
    expect(colourOf('Green')).toBe('#117733');
    expect(colourOf('Plain again')).toBe('#295aa3');
    expect(headingRuns(layout.pages[0]!)[0]!.fill).toBe('#295aa3');
  });

  it('reads section geometry from the configuration', () => {
    const s = settingsFromConfig({ headingStyles: [{ id: 'index', layout: { layoutType: 'multiple', columnCount: 3 }, margins: { left: '3cm' }, header: { elements: [] } }] });
    const style = s.headingStyles['index']!;
    expect(style.layout?.columns).toBe(3);
    expect(style.margins?.left).toBeCloseTo(3 * 72 / 2.54, 3);
    expect(style.margins?.right).toBeCloseTo(s.margins.right, 3);
    expect(style.header).toBe('none');
    expect(style.footer).toBeUndefined();
  });
});

describe('heading span (configuration.md §8.2)', () => {
  const spanSettings = (spanBreak = true): LayoutSettings => {
    const s = defaultSettings();
    s.headings.levels[0] = { ...s.headings.levels[0]!, breakBefore: 'none', span: 'page', spanBreak };
    return s;
  };
  const title = 'A very long chapter title that is much wider than one column of the page';

  it("span 'page' sets the heading as a band across both columns, and both columns start under it on the grid", () => {
    const settings = spanSettings();
    const layout = run(oneChapterBook(`# ${title}\n\n${para(14)}`, settings));
    const page = layout.pages[0]!;
    expect(page.role).toBe('opener');
    const frame = pageFrame(settings, 0);
    const heading = headingRuns(page);
    expect(heading[0]!.xs[0]).toBeCloseTo(frame.contentLeft, 2);
    // One line wider than a column: set at the content width.
    const widest = Math.max(...heading.map((r) => r.xs[r.xs.length - 1]! - r.xs[0]!));
    expect(widest).toBeGreaterThan(frame.columnWidth);
    const bandBottom = Math.max(...heading.map((r) => r.y));
    const firstBaseline = (column: number) => Math.min(...bodyRuns(page).filter((r) => columnOf(settings, page, r.xs[0]!) === column).map((r) => r.y));
    expect(firstBaseline(0)).toBeGreaterThan(bandBottom);
    expect(firstBaseline(1)).toBeCloseTo(firstBaseline(0), 2);
    // On the grid: top of content + k × leading + the first baseline offset.
    const pitch = settings.body.lineHeight;
    const plain = run(oneChapterBook(para(3), defaultSettings())).pages[0]!;
    const gridBaseline = Math.min(...bodyRuns(plain).map((r) => r.y));
    const k = (firstBaseline(1) - gridBaseline) / pitch;
    expect(Math.abs(k - Math.round(k))).toBeLessThan(0.01 / pitch);
  });

  it('a page-span heading after text opens a new page (spanBreak true) or sits mid-page under the text (spanBreak false)', () => {
    const source = `Opening words ${'lorem ipsum '.repeat(30)}\n\n# ${title}\n\n${para(20)}`;
    const broken = run(oneChapterBook(source, spanSettings(true)));
    expect(headingRuns(broken.pages[0]!)).toHaveLength(0);
    expect(headingRuns(broken.pages[1]!).length).toBeGreaterThan(0);
    const settings = spanSettings(false);
    // Without the beforeSpan lever (its levelling of the text above: span-band.test.ts).
    settings.balancing = { enabled: true, trailing: true, beforeSpan: false };
    const mid = run(oneChapterBook(source, settings));
    const page = mid.pages[0]!;
    const heading = headingRuns(page);
    expect(heading.length).toBeGreaterThan(0);
    const frame = pageFrame(settings, 0);
    expect(heading[0]!.xs[0]).toBeCloseTo(frame.contentLeft, 2);
    const bandBottom = Math.max(...heading.map((r) => r.y));
    // Column 2 starts under the band, not at the top of the page.
    const column1 = bodyRuns(page).filter((r) => columnOf(settings, page, r.xs[0]!) === 1);
    expect(column1.length).toBeGreaterThan(0);
    expect(Math.min(...column1.map((r) => r.y))).toBeGreaterThan(bandBottom);
  });

  it("a heading style's span 'column' keeps a page-span level in its column", () => {
    const settings = spanSettings();
    settings.headingStyles = { narrow: { numbered: true, toc: true, span: 'column' } };
    const page = run(oneChapterBook(`# ${title} {style="narrow"}\n\n${para(14)}`, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    for (const r of headingRuns(page)) expect(r.xs[r.xs.length - 1]! - frame.contentLeft).toBeLessThan(frame.columnWidth + 0.01);
  });

  it('draws the column rule from under the band to the foot of the content area', () => {
    const settings = { ...spanSettings(), columnRule: { enabled: true, colour: '#cccccc', width: 0.5 } };
    const page = run(oneChapterBook(`# ${title}\n\n${para(14)}`, settings)).pages[0]!;
    const frame = pageFrame(settings, 0);
    const vertical = rules(page).filter((r) => r.op === Op.Rule && r.x1 === r.x2);
    expect(vertical).toHaveLength(1);
    const rule = vertical[0]!;
    if (rule.op !== Op.Rule) throw new Error('not a rule');
    expect(rule.x1).toBeCloseTo(frame.contentLeft + frame.columnWidth + settings.gutter / 2, 2);
    expect(rule.y1).toBeGreaterThan(Math.max(...headingRuns(page).map((r) => r.y)));
    expect(rule.y2).toBeCloseTo(frame.contentTop + frame.contentHeight, 2);
    expect(rule.stroke).toBe('#cccccc');
  });
});
