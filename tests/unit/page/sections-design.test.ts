/**
 * Parts and styled sections beyond their geometry (configuration.md §5.5, §13.5, §13.6; document-format
 * §7.2, §8.3): the part placeholders of designed running heads, what a blank separator page
 * carries, and where a `:::numbering` at a chapter's top lands.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { EngineCache, prepareResources } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { dump, run, runs } from './helpers';

const para = (n: number): string => Array.from({ length: n }, (_, i) => `Paragraph ${i} of the lantern keeper, who wrote down every ship that passed the light.`.repeat(3)).join('\n\n');
/** Runs outside the body: the running heads and folios (generated text has no line info). */
const furnitureRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line === undefined);
const furnitureText = (page: PageDisplayList): string[] => furnitureRuns(page).map((r) => r.text);

const headerWith = (content: string, pages: string = 'all'): StoredConfig['header'] => ({
  elements: [{ kind: 'text', id: 'h', content, pages, fontFamily: 'Open Sans', placement: { anchor: { to: 'container', edge: 'bottom-left' }, offset: { y: { value: -10, unit: 'pt' } } } }],
});

describe('{partTitle} and {partNumber} (configuration.md §5.5)', () => {
  const settings = settingsFromConfig({ header: headerWith('[{partNumber}|{partTitle}]') });
  const chapters = [
    { id: 'a', title: '', source: `# Before\n\n${para(6)}` },
    { id: 'b', title: '', source: `:::part{number="II" title="Lights \\\\ and Wicks"}\n:::\n\n# The lantern\n\n${para(12)}` },
    { id: 'c', title: '', source: `# The wick\n\n${para(6)}` },
  ];
  const layout = run({ title: 'Book', settings, chapters });

  it('print the current part on its page and every page after it, across chapter files', () => {
    const part = layout.pages.find((p) => p.role === 'part')!;
    expect(part).toBeDefined();
    const after = layout.pages.filter((p) => p.index >= part.index);
    expect(after.some((p) => p.chapter === 'c')).toBe(true);
    for (const page of after) expect(furnitureText(page), `page ${page.index} ${page.role}`).toContain('[II|Lights and Wicks]');
  });

  it('print nothing before the first part (and not on the blank separator before its page)', () => {
    const part = layout.pages.find((p) => p.role === 'part')!;
    const before = layout.pages.filter((p) => p.index < part.index);
    expect(before.length).toBeGreaterThan(0);
    for (const page of before) expect(furnitureText(page), `page ${page.index}`).toContain('[|]');
  });

  it('an edit in the part chapter reaches the next chapter incrementally (memo key)', () => {
    const cache = new EngineCache();
    run({ title: 'Book', settings, chapters }, cache);
    const edited = [chapters[0]!, { ...chapters[1]!, source: chapters[1]!.source.replace('number="II"', 'number="III"') }, chapters[2]!];
    const incremental = run({ title: 'Book', settings, chapters: edited }, cache);
    expect(dump(incremental)).toBe(dump(run({ title: 'Book', settings, chapters: edited })));
    const last = incremental.pages[incremental.pages.length - 1]!;
    expect(last.chapter).toBe('c');
    expect(furnitureText(last)).toContain('[III|Lights and Wicks]');
  });
});

describe('a blank separator page before a styled section (configuration.md §13.6, §5.1)', () => {
  it('keeps the slots in force before the section: the section draws from its heading page on', () => {
    const config: StoredConfig = {
      header: headerWith('DOC {pageNumber}'),
      headingStyles: [{ id: 'appendix', breakBefore: { enabled: true, parity: 'odd' }, header: headerWith('APPX {pageNumber}') }],
    };
    const settings = settingsFromConfig(config);
    // Enough text that the section's heading needs a parity blank before it, whatever the page count.
    const layout = (n: number) => run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: `# Main\n\n${para(n)}\n\n# Tables {style="appendix"}\n\n${para(4)}` }] });
    const book = [4, 5, 6, 7, 8, 9].map(layout).find((l) => l.pages.some((p) => p.role === 'blank'))!;
    expect(book).toBeDefined();
    const blank = book.pages.find((p) => p.role === 'blank')!;
    const heading = book.pages[book.pages.indexOf(blank) + 1]!;
    expect(furnitureText(blank)).toContain(`DOC ${blank.label}`);
    expect(furnitureText(blank).some((t) => t.startsWith('APPX'))).toBe(false);
    expect(furnitureText(heading)).toContain(`APPX ${heading.label}`);
  });
});

describe(':::numbering at the top of a chapter (document-format §7.2)', () => {
  it('startAt numbers the chapter\'s first page, not the blank separator a parity break puts before it', () => {
    const settings = settingsFromConfig({});
    // The first chapter fills an odd number of pages so the second must pad to a recto.
    const first = [1, 2, 3, 4, 5, 6].map((n) => `# Preface\n\n${para(n)}`).find((source) => run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source }] }).pages.length % 2 === 1)!;
    expect(first).toBeDefined();
    const layout = run({
      title: 'B',
      settings,
      chapters: [
        { id: 'a', title: '', source: `:::numbering{format="lower-roman" startAt=1}\n\n${first}` },
        { id: 'b', title: '', source: `:::numbering{format="decimal" startAt=1}\n\n# Chapter One\n\n${para(3)}` },
      ],
    });
    const b = layout.chapters[1]!.pages;
    const opener = b.find((p) => p.role === 'opener')!;
    expect(b[0]!.role).toBe('blank');
    expect(opener.label).toBe('1');
    // The blank separator continues the front matter's numbering.
    const lastOfA = layout.chapters[0]!.pages[layout.chapters[0]!.pages.length - 1]!;
    expect(lastOfA.label).toMatch(/^[ivx]+$/);
    expect(b[0]!.label).toMatch(/^[ivx]+$/);
  });
});

const headingRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'heading');
const bodyRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'body');

describe('bodyStyle of a styled section and of part pages (configuration.md §13.5, §13.6)', () => {
  it("a section's bodyStyle sets its body paragraphs' family, size, colour and alignment; text outside keeps bodyText", () => {
    const settings = settingsFromConfig({
      layout: { layoutType: 'single' },
      headingStyles: [{ id: 'aside', bodyStyle: { fontFamily: 'Open Sans', fontSize: { value: 10, unit: 'pt' }, color: '#225577', textAlign: 'center' } }],
    });
    expect(settings.headingStyles['aside']!.bodyStyle?.style.size).toBe(10);
    const layout = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: `# Main\n\n${para(1)}\n\n# Aside {style="aside"}\n\n${para(1)}\n\n# Back\n\n${para(1)}` }] });
    const all = layout.pages.flatMap((p) => bodyRuns(p).map((r) => ({ r, page: p })));
    const inAside = all.filter(({ r }) => r.fill === '#225577');
    expect(inAside.length).toBeGreaterThan(2);
    for (const { r } of inAside) expect(r.size).toBe(10);
    // Open Sans, not the body's EB Garamond.
    const bodyFont = all.find(({ r }) => r.fill !== '#225577')!.r.font;
    expect(inAside[0]!.r.font).not.toBe(bodyFont);
    // Centred: the lines' left edges differ (ragged both sides), the body's justified lines share one.
    expect(new Set(inAside.map(({ r }) => r.xs[0]!.toFixed(1))).size).toBeGreaterThan(1);
    const outside = all.filter(({ r }) => r.fill !== '#225577');
    expect(outside.length).toBeGreaterThan(2);
    for (const { r } of outside) expect(r.size).toBe(settings.body.style.size);
  });

  it('parts.bodyStyle sets the part page body (text and list numbers); the chapter after it keeps bodyText', () => {
    const settings = settingsFromConfig({ parts: { bodyStyle: { color: '#663300', numberColor: '#009900' } } });
    const source = `:::part{number="I" title="Foundations"}\n1. The lantern\n2. The wick\n:::\n\n# The lantern\n\n${para(2)}`;
    const layout = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source }] });
    const part = layout.pages.find((p) => p.role === 'part')!;
    const list = bodyRuns(part);
    expect(list.map((r) => r.text).join(' ')).toContain('The lantern');
    expect(list.filter((r) => /lantern|wick/.test(r.text)).every((r) => r.fill === '#663300')).toBe(true);
    const numbers = list.filter((r) => /^\d\.$/.test(r.text));
    expect(numbers).toHaveLength(2);
    for (const n of numbers) expect(n.fill).toBe('#009900');
    const after = layout.pages.filter((p) => p.index > part.index && p.role !== 'blank');
    for (const r of after.flatMap(bodyRuns)) expect(r.fill).toBe(settings.body.style.colour);
  });
});

describe('page.backgroundColor (configuration.md §2)', () => {
  const rects = (page: PageDisplayList) => page.items.filter((i): i is RectItem => i.op === Op.Rect);
  it('fills every page under everything, and a section palette recolours it', () => {
    const settings = settingsFromConfig({
      page: { backgroundColor: '#fdf6e3' },
      colorPalette: [{ id: 'paper', value: '#fdf6e3' }],
      headingStyles: [{ id: 'night', palette: { paper: '#223344' } }],
    });
    const layout = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: `# Day\n\n${para(2)}\n\n# Night {style="night"}\n\n${para(2)}` }] });
    for (const page of layout.pages) {
      const fill = page.items[0] as RectItem;
      expect(fill.op).toBe(Op.Rect);
      expect([fill.x, fill.y]).toEqual([0, 0]);
      expect(fill.w).toBeCloseTo(settings.pageWidth, 2);
      expect(fill.h).toBeCloseTo(settings.pageHeight, 2);
    }
    const night = layout.pages.find((p) => headingRuns(p).some((r) => r.text.includes('Night')))!;
    expect((night.items[0] as RectItem).fill).toBe('#223344');
    expect((layout.pages[0]!.items[0] as RectItem).fill).toBe('#fdf6e3');
  });

  it('paints nothing when transparent (the default)', () => {
    const layout = run({ title: 'B', settings: settingsFromConfig({}), chapters: [{ id: 'a', title: '', source: `# Day\n\n${para(1)}` }] });
    expect(rects(layout.pages[0]!).some((r) => r.x <= 0 && r.y <= 0 && r.w >= layout.pages[0]!.width)).toBe(false);
  });
});

describe('parts.design and parts.versoDesign (configuration.md §13.5)', () => {
  const design = {
    elements: [
      { kind: 'text', id: 'n', content: 'PART {numberDecimal} · {numberRoman}', fontFamily: 'Open Sans', fontSize: { value: 12, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top' }, offset: { y: { value: 200, unit: 'pt' } } } },
      { kind: 'text', id: 't', content: '{titleText}', fontFamily: 'Open Sans', fontSize: { value: 20, unit: 'pt' }, placement: { anchor: { to: '#n', edge: 'below' }, offset: { y: { value: 10, unit: 'pt' } } } },
    ],
  };
  const verso = { elements: [{ kind: 'box', id: 'band', style: { backgroundColor: '#123456' }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: 'fill', height: { value: 30, unit: 'pt' } } } }] };
  const source = (after: string) => `:::part{number="IV" title="Lights \\\\ and Wicks"}\n:::\n\n${after}`;

  it('draws the design instead of the synthesised title (trim-box container, title lines from \\\\), and :::toc finds the part page', () => {
    const settings = settingsFromConfig({ parts: { design } });
    const layout = run({ title: 'B', settings, chapters: [{ id: 't', title: '', source: '# Contents {toc="false"}\n\n:::toc' }, { id: 'a', title: '', source: source(`# The lantern\n\n${para(2)}`) }] });
    const part = layout.pages.find((p) => p.role === 'part')!;
    const texts = runs(part).map((r) => r.text);
    expect(texts).toContain('PART 4 · IV');
    expect(texts).toContain('Lights');
    expect(texts).toContain('and Wicks');
    expect(texts.some((t) => t.includes('IV Lights'))).toBe(false);
    const number = runs(part).find((r) => r.text === 'PART 4 · IV')!;
    const lights = runs(part).find((r) => r.text === 'Lights')!;
    const wicks = runs(part).find((r) => r.text === 'and Wicks')!;
    // Centred on the trim box, 200 pt from its top (the text's top: baseline one ascent lower).
    expect(number.y).toBeGreaterThan(200);
    expect(number.y).toBeLessThan(215);
    expect(lights.y).toBeGreaterThan(number.y + 10);
    // Two lines of the wrapped title, 1.2 × 20 pt apart.
    expect(wicks.y - lights.y).toBeCloseTo(24, 1);
    // The contents row carries the part page's label.
    expect(runs(layout.pages[0]!).some((r) => r.text === part.label && r.line?.target !== undefined)).toBe(true);
  });

  it('paints the verso design on the page after a part page only when that page is left blank', () => {
    const settings = settingsFromConfig({ parts: { versoDesign: verso } });
    const band = (page: PageDisplayList) => page.items.some((i) => i.op === Op.Rect && (i as RectItem).fill === '#123456');
    // An H1 breaks to a recto: the verso after the part page stays blank.
    const blankAfter = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: source(`# The lantern\n\n${para(2)}`) }] });
    const part = blankAfter.pages.find((p) => p.role === 'part')!;
    const next = blankAfter.pages[blankAfter.pages.indexOf(part) + 1]!;
    expect(next.role).toBe('blank');
    expect(band(next)).toBe(true);
    expect(blankAfter.pages.filter(band)).toHaveLength(1);
    // Text right after the part: the page after it is not blank, so no verso design.
    const textAfter = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: source(para(6)) }] });
    expect(textAfter.pages.find((p) => p.role === 'part')).toBeDefined();
    expect(textAfter.pages.some(band)).toBe(false);
  });
});

describe('header and footer image elements, wrapped design text (configuration.md §5.3)', () => {
  const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="#ff0000"/></svg>');
  it('draws the resource in the slot box, aspect kept from the one side set', () => {
    const settings = settingsFromConfig({
      header: { elements: [{ kind: 'image', id: 'logo', resourceId: 'logo', placement: { anchor: { to: 'container', edge: 'bottom-left' }, offset: { y: { value: -4, unit: 'pt' } }, size: { height: { value: 12, unit: 'pt' } } } }] },
    });
    const layout = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: `# One\n\n${para(8)}` }], resources: prepareResources([{ record: { id: 'logo', typeId: 'figure', kind: 'svg' }, payload: SVG }], {}) });
    for (const page of layout.pages.filter((p) => p.role !== 'blank')) {
      const path = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === '#ff0000');
      expect(path, `page ${page.index}`).toBeDefined();
      const numbers = (path!.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
      const xs = numbers.filter((_, i) => i % 2 === 0);
      const ys = numbers.filter((_, i) => i % 2 === 1);
      const frame = pageFrame(settings, page.index);
      // 12 pt tall, 20 pt wide (200 × 120 kept), its bottom 4 pt above the body, at the body's left edge.
      expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(12, 1);
      expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(20, 1);
      expect(Math.max(...ys)).toBeCloseTo(frame.contentTop - 4, 1);
      expect(Math.min(...xs)).toBeCloseTo(frame.contentLeft, 1);
    }
  });

  it('wraps text with overflow wrap inside its width, and forces a line at a newline', () => {
    const long = 'The keeper of the lantern wrote down every ship that passed the light';
    const settings = settingsFromConfig({
      footer: {
        elements: [
          { kind: 'text', id: 'w', content: long, overflow: 'wrap', align: 'left', fontFamily: 'Open Sans', fontSize: { value: 8, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 80, unit: 'pt' } } } },
          { kind: 'text', id: 'n', content: 'first\\nsecond', align: 'left', fontFamily: 'Open Sans', fontSize: { value: 8, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top-right' }, size: { width: { value: 60, unit: 'pt' } } } },
        ],
      },
    });
    const layout = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: `# One\n\n${para(2)}` }] });
    const page = layout.pages[0]!;
    const frame = pageFrame(settings, page.index);
    const footer = furnitureRuns(page).filter((r) => r.y > frame.contentTop + frame.contentHeight);
    const wrappedLines = footer.filter((r) => Math.abs(r.xs[0]! - frame.contentLeft) < 0.5);
    expect(wrappedLines.length).toBeGreaterThan(2);
    expect(wrappedLines.map((r) => r.text).join(' ')).toBe(long);
    for (const r of wrappedLines) expect(r.xs[r.xs.length - 1]!).toBeLessThan(frame.contentLeft + 80);
    // lineHeight 1.2 × 8 pt between baselines.
    expect(wrappedLines[1]!.y - wrappedLines[0]!.y).toBeCloseTo(9.6, 1);
    const forced = footer.filter((r) => r.text === 'first' || r.text === 'second');
    expect(forced.map((r) => r.text)).toEqual(['first', 'second']);
    expect(forced[1]!.y - forced[0]!.y).toBeCloseTo(9.6, 1);
  });
});
