/**
 * Designed headings (configuration.md §8.2 `advancedDesign`, page/heading-design.ts): the reserved
 * height checked by hand against the first body baseline under the heading, elements that do not
 * count (`reserve: false`, bottom-anchored, `fill` height), page-anchored elements counted below
 * the heading top, the title drawn inside the band with the heading's source, a design claiming
 * the rest of its column or page, what plain headings keep (contents, running heads, outline),
 * heading styles over the level, the settings read and declared applied, and incremental == full.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isApplied, setConfig, type StoredConfig } from '../../../src/worker/config';
import { EngineCache } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { hitTest, sourceRects } from '../../../src/worker/engine/query';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { blockPositions } from '../../../src/worker/export/pdf/outline';
import { Op, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { columnOf, dump, expectOpeningEditEqualsFull, fonts, oneChapterBook, run, runs } from './helpers';
import { runChecks, type CheckBook } from '../checks/run-checks';

const pt = (value: number) => ({ value, unit: 'pt' });
const BODY = Array.from({ length: 6 }, (_, i) => `Paragraph ${i} tells of the lantern keeper, who wrote down every ship that passed the light at night.`).join('\n\n');
const SOURCE = `# The Long Road\n\n${BODY}\n`;
/** H1 default type: 18 pt, leading 1.2 em, marginBottom 0.5 em (configuration.md §8.1, §8.2). */
const H1_LINE = 1.2 * 18;
const H1_MARGIN_BOTTOM = 0.5 * 18;
const PITCH = 12; // bodyText.lineHeight default, pt (the grid)

/** A title element: `{titleText}` in 20 pt EB Garamond at the band's top-left, `y` pt down. */
const titleElement = (y: number) => ({ kind: 'text', id: 'title', content: '{titleText}', fontSize: pt(20), align: 'left', placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { y: pt(y) }, size: { width: 'fill' } } });
/** A filled box element (a colour to find it by). */
const boxElement = (id: string, to: string, edge: string, height: number | 'fill', extra: Record<string, unknown> = {}) => ({
  kind: 'box', id, style: { backgroundColor: '#aa0000' }, placement: { anchor: { to, edge }, size: { width: pt(30), height: height === 'fill' ? 'fill' : pt(height) } }, ...extra,
});

function config(elements: unknown[], more: { minHeight?: number; layout?: string; span?: string } = {}): StoredConfig {
  return {
    layout: { layoutType: more.layout ?? 'single' },
    headings: {
      levels: [{
        level: 1,
        breakBefore: { enabled: false },
        numberingTemplate: 'Chapter {1}',
        ...(more.span ? { span: more.span } : {}),
        advancedDesign: { enabled: true, ...(more.minHeight !== undefined ? { minHeight: pt(more.minHeight) } : {}), slot: { elements } },
      }],
    },
  } as StoredConfig;
}

const bodyRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'body');
const headingRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line?.role === 'heading');

/** Where the first body line sits below the content top on a page whose body starts at its top (the grid's first baseline), pt. */
function firstBaselineOffset(): number {
  const settings = settingsFromConfig({ layout: { layoutType: 'single' } } as StoredConfig);
  const page = run(oneChapterBook(BODY, settings)).pages[0]!;
  return bodyRuns(page)[0]!.y - pageFrame(settings, 0).contentTop;
}

/** The first body baseline under a designed H1 opening page 0, pt below the content top. */
function firstBodyBelowTop(stored: StoredConfig): number {
  const settings = settingsFromConfig(stored);
  const page = run(oneChapterBook(SOURCE, settings)).pages[0]!;
  return bodyRuns(page)[0]!.y - pageFrame(settings, 0).contentTop;
}

/** Height of a one-line text box of the face at `size` pt: ascent + descent (page/furniture-elements.ts). */
function lineBox(family: string, size: number): number {
  const face = fonts.match(family, 400, 'normal');
  return ((face.ascender - face.descender) / face.upem) * size;
}

const grid = (h: number): number => Math.ceil(h / PITCH - 1e-9) * PITCH;

describe('reserved height (configuration.md §8.2): max(text, counting elements, minHeight) + marginBottom, in whole grid lines', () => {
  const offset = firstBaselineOffset();

  it('the lowest counting element sets it: the title 30 pt down in 20 pt type', () => {
    const bottom = 30 + lineBox('EB Garamond', 20);
    // The element is what decides here (not the heading's own line, not minHeight).
    expect(bottom).toBeGreaterThan(H1_LINE);
    const reserved = grid(bottom + H1_MARGIN_BOTTOM);
    expect(reserved).toBe(72); // 30 + 26.2 + 9 = 65.2 → six lines
    expect(firstBodyBelowTop(config([titleElement(30)], { minHeight: 20 }))).toBeCloseTo(reserved + offset, 3);
  });

  it('minHeight sets it when it is the largest', () => {
    expect(firstBodyBelowTop(config([titleElement(0)], { minHeight: 100 }))).toBeCloseTo(grid(100 + H1_MARGIN_BOTTOM) + offset, 3); // 109 → 120
  });

  it("the heading's own text height sets it when the design is shorter", () => {
    expect(firstBodyBelowTop(config([boxElement('dot', 'container', 'top-left', 4)]))).toBeCloseTo(grid(H1_LINE + H1_MARGIN_BOTTOM) + offset, 3); // 30.6 → 36
  });

  it('a page-anchored element counts below the heading top only', () => {
    const top = pageFrame(settingsFromConfig(config([])), 0).contentTop;
    // Its top at the trim's top, its bottom 150 pt below the heading's top (the content top on page 0).
    const tall = boxElement('bleedBand', 'page', 'top-left', top + 150);
    expect(firstBodyBelowTop(config([tall]))).toBeCloseTo(grid(150 + H1_MARGIN_BOTTOM) + offset, 3); // 159 → 168
  });

  it('reserve:false, bottom-anchored and fill-height elements do not push the text', () => {
    const base = firstBodyBelowTop(config([titleElement(30)]));
    expect(firstBodyBelowTop(config([titleElement(30), boxElement('deco', 'container', 'top-left', 300, { reserve: false })]))).toBeCloseTo(base, 3);
    expect(firstBodyBelowTop(config([titleElement(30), boxElement('foot', 'container', 'bottom-left', 300)]))).toBeCloseTo(base, 3);
    expect(firstBodyBelowTop(config([titleElement(30), boxElement('side', 'container', 'top-right', 'fill')]))).toBeCloseTo(base, 3);
    // The same element counting (reserve left at its default) does push it: the check can fail.
    expect(firstBodyBelowTop(config([titleElement(30), boxElement('deco', 'container', 'top-left', 300)]))).toBeCloseTo(grid(300 + H1_MARGIN_BOTTOM) + offset, 3);
  });

  it('elements at the band bottom sit in the band: reserved height less marginBottom', () => {
    const settings = settingsFromConfig(config([titleElement(30), boxElement('foot', 'container', 'bottom-left', 5)]));
    const page = run(oneChapterBook(SOURCE, settings)).pages[0]!;
    const box = page.items.find((i): i is RectItem => i.op === Op.Rect && i.fill === '#aa0000')!;
    expect(box.y + box.h - pageFrame(settings, 0).contentTop).toBeCloseTo(72 - H1_MARGIN_BOTTOM, 3);
  });
});

describe('what the design draws', () => {
  const settings = settingsFromConfig(config([titleElement(30), { kind: 'text', id: 'number', content: '{number} · {numberWords} · {attr.kicker}', placement: { anchor: { to: 'container', edge: 'top-left' } } }]));
  const source = `# The *Long* Road {kicker="Part of the road"}\n\n${BODY}\n`;
  const layout = run(oneChapterBook(source, settings));
  const page = layout.pages[0]!;
  const frame = pageFrame(settings, 0);

  it('the title placeholder inside the band, as the only heading text besides the number line (no plain heading)', () => {
    const heading = headingRuns(page);
    expect(heading.map((r) => r.text)).toEqual(['The Long Road', 'Chapter 1 · One · Part of the road']);
    const title = heading[0]!;
    expect(title.size).toBe(20);
    expect(title.xs[0]!).toBeGreaterThanOrEqual(frame.contentLeft - 1e-6);
    expect(title.xs[title.xs.length - 1]!).toBeLessThanOrEqual(frame.contentLeft + frame.contentWidth);
    // Its baseline 30 pt + the face's ascent below the band's top, inside the reserved 72 pt.
    const face = fonts.match('EB Garamond', 400, 'normal');
    expect(title.y - frame.contentTop).toBeCloseTo(30 + (face.ascender / face.upem) * 20, 3);
    expect(title.y - frame.contentTop).toBeLessThan(72);
  });

  it('the title runs carry the heading block and its source: click-to-source and source rectangles find the title', () => {
    const title = headingRuns(page)[0]!;
    const from = source.indexOf('Long');
    expect(title.line?.block).toBe('ch1:b0');
    const rects = sourceRects(layout.pages, 'ch1', from, from + 4);
    expect(rects.length).toBe(1);
    expect(rects[0]!.y).toBeLessThan(title.y);
    const hit = hitTest(page, rects[0]!.x + 1, title.y - 2);
    expect(hit?.offset).toBeGreaterThanOrEqual(from);
    expect(hit?.offset).toBeLessThan(from + 4);
  });

  it('the PDF outline finds the heading where the design put it', () => {
    expect(blockPositions(layout.pages).get('ch1:b0')?.page).toBe(0);
  });
});

describe('a design taller than the rest of its column or page claims it (configuration.md §8.2)', () => {
  const huge = boxElement('cover', 'container', 'top-left', 2000);

  it('single column: the body starts at the top of the next page', () => {
    const settings = settingsFromConfig(config([titleElement(30), huge]));
    const layout = run(oneChapterBook(SOURCE, settings));
    expect(bodyRuns(layout.pages[0]!)).toEqual([]);
    expect(headingRuns(layout.pages[0]!).map((r) => r.text)).toContain('The Long Road');
    expect(bodyRuns(layout.pages[1]!)[0]!.y - pageFrame(settings, 1).contentTop).toBeCloseTo(firstBaselineOffset(), 3);
  });

  it('a cover anchored to the bleed needs no page break', () => {
    const settings = settingsFromConfig(config([boxElement('cover', 'bleed', 'top-left', 1200), titleElement(200)]));
    const layout = run(oneChapterBook(SOURCE, settings));
    expect(layout.pages[0]!.items.some((i) => i.op === Op.Rect && i.fill === '#aa0000')).toBe(true);
    expect(bodyRuns(layout.pages[0]!)).toEqual([]);
    expect(bodyRuns(layout.pages[1]!).length).toBeGreaterThan(0);
  });

  it('two columns: a column heading claims its column, the body goes on at the head of the next one', () => {
    const settings = settingsFromConfig(config([titleElement(30), huge], { layout: 'double' }));
    const page = run(oneChapterBook(SOURCE, settings)).pages[0]!;
    const body = bodyRuns(page);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((r) => columnOf(settings, page, r.xs[0]!) === 1)).toBe(true);
    expect(body[0]!.y - pageFrame(settings, 0).contentTop).toBeCloseTo(firstBaselineOffset(), 3);
  });

  it('two columns, a page-wide heading: its band claims the page, the body goes on on the next', () => {
    const settings = settingsFromConfig(config([titleElement(30), huge], { layout: 'double', span: 'page' }));
    const layout = run(oneChapterBook(SOURCE, settings));
    expect(bodyRuns(layout.pages[0]!)).toEqual([]);
    const next = bodyRuns(layout.pages[1]!);
    expect(next[0]!.y - pageFrame(settings, 1).contentTop).toBeCloseTo(firstBaselineOffset(), 3);
    // A page-wide band is as wide as the content: a fill-width title spans both columns' room.
    expect(columnOf(settings, layout.pages[0]!, headingRuns(layout.pages[0]!)[0]!.xs[0]!)).toBe(0);
  });

  it('mid-column, a design that does not fit goes to the next column first (keep with next), then claims it', () => {
    const settings = settingsFromConfig(config([titleElement(30), boxElement('tall', 'container', 'top-left', 400)], { layout: 'double' }));
    const layout = run(oneChapterBook(`${BODY}\n\n${SOURCE}`, settings));
    const page = layout.pages[0]!;
    const title = headingRuns(page).find((r) => r.text === 'The Long Road')!;
    expect(columnOf(settings, page, title.xs[0]!)).toBe(1);
    expect(title.y - pageFrame(settings, 0).contentTop).toBeCloseTo(30 + (fonts.match('EB Garamond', 400, 'normal').ascender / fonts.match('EB Garamond', 400, 'normal').upem) * 20, 3);
  });
});

describe('what a designed heading keeps from plain headings', () => {
  const stored: StoredConfig = {
    ...config([titleElement(10)]),
    header: { elements: [{ kind: 'text', id: 'run', content: '[{chapterTitle}]', fontFamily: 'Open Sans', placement: { anchor: { to: 'container', edge: 'bottom-left' }, offset: { y: pt(-10) } } }] },
  } as StoredConfig;
  const settings = settingsFromConfig(stored);
  const long = Array.from({ length: 120 }, (_, i) => `Paragraph ${i} of the long road, where the keeper counted the ships and the stars alike, one by one.`).join('\n\n');
  const chapters = [
    { id: 'front', title: '', source: '# Contents {toc="false"}\n\n:::toc\n' },
    { id: 'road', title: '', source: `# The Long Road\n\n${long}\n` },
  ];
  const layout = run({ title: 'Book', settings, chapters });
  const opener = layout.pages.find((p) => p.chapter === 'road')!;

  it('the contents list it with the label of the page the design is on', () => {
    const toc = layout.pages.find((p) => p.chapter === 'front')!;
    const entry = runs(toc).filter((r) => r.line?.target === 'road:b0').map((r) => r.text).join(' ');
    expect(entry).toContain('The Long Road');
    expect(entry).toContain(opener.label);
  });

  it('running heads carry its title on its page and the pages after it', () => {
    const later = layout.pages.filter((p) => p.chapter === 'road');
    expect(later.length).toBeGreaterThan(1);
    for (const page of later) expect(runs(page).filter((r) => r.line === undefined).map((r) => r.text), `page ${page.index}`).toContain('[The Long Road]');
  });

  it('a heading style enables the design for its headings only (field by field over the level)', () => {
    const styled = settingsFromConfig({
      layout: { layoutType: 'single' },
      headings: { levels: [{ level: 2, advancedDesign: { slot: { elements: [titleElement(0)] } } }] },
      headingStyles: [{ id: 'designed', advancedDesign: { enabled: true } }],
    } as StoredConfig);
    const page = run(oneChapterBook(`## Plain\n\nText.\n\n## Styled {style="designed"}\n\nText.\n`, styled)).pages[0]!;
    const sizes = headingRuns(page).map((r) => [r.text, r.size]);
    expect(sizes).toEqual([['Plain', 15], ['Styled', 20]]);
  });
});

describe('settings', () => {
  it('are validated: a wrong value is refused with a sentence, a right one accepted', () => {
    const bad = setConfig({}, { changes: [{ path: 'headings.levels[level=1].advancedDesign.enabled', value: 'yes' }] });
    expect(bad.ok).toBe(false);
    const good = setConfig({}, { changes: [{ path: 'headings.levels[level=1].advancedDesign.minHeight', value: '3cm' }] });
    expect(good.ok).toBe(true);
  });

  it('are declared applied (no settingNotApplied for them)', () => {
    for (const path of [
      'headings.levels[level=1].advancedDesign.enabled',
      'headings.levels[level=2].advancedDesign.minHeight',
      'headings.levels[level=1].advancedDesign.slot.elements[id=title].content',
      'headings.levels[level=1].advancedDesign.slot.elements[id=title].placement.anchor.edge',
      'headingStyles[id=opener].advancedDesign.slot.elements[id=x].reserve',
    ]) expect(isApplied(path), path).toBe(true);
  });

  it('without advancedDesign the level carries no design', () => {
    expect(settingsFromConfig({}).headings.levels.every((l) => l.design === undefined)).toBe(true);
  });
});

describe('incremental layout equals a full one', () => {
  it('after edits to the designed title and to the body under it', () => {
    const settings = settingsFromConfig(config([titleElement(30), { kind: 'text', id: 'n', content: '{numberRoman}', placement: { anchor: { to: 'container', edge: 'top-right' } } }], { layout: 'double' }));
    const chapters = [
      { id: 'a', title: '', source: `# First\n\n${BODY}\n` },
      { id: 'b', title: '', source: `# The Long Road\n\n${BODY}\n` },
    ];
    const cache = new EngineCache();
    run({ title: 'Book', settings, chapters }, cache);
    const edits = [
      [chapters[0]!, { ...chapters[1]!, source: chapters[1]!.source.replace('Long Road', 'Much Longer Road Than Before') }],
      [{ ...chapters[0]!, source: `${chapters[0]!.source}\n# Inserted\n\nMore text.\n` }, chapters[1]!],
      [chapters[0]!, { ...chapters[1]!, source: chapters[1]!.source.replace('Paragraph 2', 'Paragraph two') }],
    ];
    for (const edited of edits) {
      const incremental = run({ title: 'Book', settings, chapters: edited }, cache);
      expect(dump(incremental)).toBe(dump(run({ title: 'Book', settings, chapters: edited })));
    }
    // The inserted H1 renumbers the next chapter's designed heading: II → III.
    const last = run({ title: 'Book', settings, chapters: edits[1]! }, cache);
    expect(runs(last.pages.find((p) => p.chapter === 'b')!).map((r) => r.text)).toContain('III');
  });
});

describe('golden: a chapter opener designed with a kicker, a rule, the title, a standfirst and a bleed band', () => {
  /**
   * One readable line per item of the opener page (op, position and size in pt, text, line role):
   * regenerate with POSTEXT_UPDATE_GOLDENS=1 when the change is meant, and review the diff.
   */
  it('draws what the checked-in dump says', () => {
    const stored = config([
      boxElement('band', 'bleed', 'top-left', 90, { placement: { anchor: { to: 'bleed', edge: 'top-left' }, size: { width: 'fill', height: pt(90) } }, reserve: false }),
      { kind: 'text', id: 'kicker', content: '{number}', textTransform: 'uppercase', letterSpacing: pt(1), fontSize: pt(9), align: 'left', placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { y: pt(50) } } },
      { kind: 'rule', id: 'rule', thickness: pt(1), placement: { anchor: { to: '#kicker', edge: 'below' }, offset: { y: pt(4) }, size: { width: pt(60) } } },
      { ...titleElement(0), placement: { anchor: { to: '#rule', edge: 'below' }, offset: { y: pt(6) }, size: { width: 'fill' } } },
      { kind: 'text', id: 'lead', content: '{attr.lead}', italic: true, fontSize: pt(10), align: 'left', placement: { anchor: { to: '#title', edge: 'below' }, offset: { y: pt(4) }, size: { width: 'fill' } } },
    ], { minHeight: 60 });
    const settings = settingsFromConfig(stored);
    const source = `# The Long Road {lead="Where the keeper counts the ships, and the ships count on him."}\n\n${BODY}\n`;
    const page = run(oneChapterBook(source, settings)).pages[0]!;
    const r = (v: number): string => v.toFixed(2);
    const lines = page.items.map((item) => {
      switch (item.op) {
        case Op.GlyphRun: return `run ${r(item.xs[0]!)},${r(item.y)} ${item.size}pt ${item.line?.role ?? 'furniture'}${item.srcFrom >= 0 ? ` src ${item.srcFrom}` : ''} ${JSON.stringify(item.text)}`;
        case Op.Rule: return `rule ${r(item.x1)},${r(item.y1)} → ${r(item.x2)},${r(item.y2)} ${item.width}pt`;
        case Op.Rect: return `rect ${r(item.x)},${r(item.y)} ${r(item.w)}×${r(item.h)} ${item.fill ?? ''}`;
        default: return `op ${item.op}`;
      }
    });
    const actual = `${lines.join('\n')}\n`;
    const file = 'tests/unit/page/goldens/heading-design.txt';
    if (process.env['POSTEXT_UPDATE_GOLDENS'] === '1' || !existsSync(file)) {
      writeFileSync(file, actual);
      if (process.env['POSTEXT_UPDATE_GOLDENS'] !== '1') throw new Error(`${file} did not exist: written now; review it and commit it`);
      return;
    }
    expect(actual).toBe(readFileSync(file, 'utf8'));
  });
});

describe('check: a heading design that prints no {titleText} (configuration.md §17.1 designIssues)', () => {
  const book = (stored: StoredConfig): CheckBook => ({ chapters: [{ id: 'c1', source: `# The Long Road\n\n${BODY}\n\n## Section {style="plate"}\n\nText.\n` }], config: stored as CheckBook['config'] });
  const found = (stored: StoredConfig) => runChecks(book(stored)).warnings.filter((w) => w.kind === 'headingDesignWithoutTitle');

  it('warns for the level and the style whose design has no title, once each, with the setting path', () => {
    const stored = {
      ...config([boxElement('dot', 'container', 'top-left', 4)]),
      headingStyles: [{ id: 'plate', advancedDesign: { enabled: true, slot: { elements: [{ kind: 'text', id: 'n', content: '{number}' }] } } }],
    } as StoredConfig;
    expect(found(stored).map((w) => w.path)).toEqual(['headings.levels[level=1].advancedDesign.slot', 'headingStyles[id=plate].advancedDesign.slot']);
  });

  it('is quiet when the title is printed, when no design is enabled, and with designIssues off', () => {
    expect(found(config([titleElement(0)]))).toEqual([]);
    expect(found({})).toEqual([]);
    expect(found({ ...config([boxElement('dot', 'container', 'top-left', 4)]), debug: { warnings: { designIssues: false } } } as StoredConfig)).toEqual([]);
  });
});

describe('values known once the pages are labelled (the design drawn again, page/part-design.ts)', () => {
  const stored = {
    ...config([
      titleElement(30),
      { kind: 'text', id: 'folio', content: 'p. {pageNumber} of {totalPages}', placement: { anchor: { to: 'container', edge: 'top-right' } } },
      { kind: 'text', id: 'cut', content: '{titleText} and a long way further than the box', overflow: 'ellipsis-end', placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { y: pt(60) }, size: { width: pt(60) } } },
    ]),
    page: { pageNumbering: { format: 'lower-roman' } },
  } as StoredConfig;
  const settings = settingsFromConfig(stored);
  const layout = run({ title: 'Book', settings, chapters: [{ id: 'a', title: '', source: `${BODY}\n\n${BODY}\n` }, { id: 'b', title: '', source: `# The Long Road\n\n${BODY}\n` }] });
  const page = layout.pages.find((p) => p.chapter === 'b')!;

  it('{pageNumber} and {totalPages} print the page label and the chapter count; the title runs keep their source', () => {
    const texts = headingRuns(page).map((r) => r.text);
    expect(texts).toContain(`p. ${page.label} of 1`);
    expect(page.label).toMatch(/^[ivx]+$/);
    expect(headingRuns(page).find((r) => r.text === 'The Long Road')?.srcFrom).toBe(2);
  });

  it('a line cut to its box is reported as designTextTruncated with the slot path', () => {
    const cuts = layout.chapters.find((c) => c.id === 'b')!.designTruncated ?? [];
    expect(cuts).toEqual([expect.objectContaining({ element: 'cut', mode: 'ellipsis-end', pageIndex: page.index, slot: 'headings.levels[level=1].advancedDesign.slot' })]);
  });

  it("the flow keeps the first drawing's reserved height: the cut line's box, 60 pt down, is the lowest", () => {
    expect(bodyRuns(page)[0]!.y - pageFrame(settings, page.index).contentTop).toBeCloseTo(grid(60 + lineBox('EB Garamond', 8) + H1_MARGIN_BOTTOM) + firstBaselineOffset(), 3); // 79.5 → 84
  });
});

describe('a band reserved for the values drawn again once the pages are labelled', () => {
  /** Advance of `text` in EB Garamond 400 at `size` pt. */
  const widthOf = (text: string, size: number): number => {
    const face = fonts.match('EB Garamond', 400, 'normal');
    return (face.shape(text).width / face.upem) * size;
  };
  // "Page {pageNumber}" under the title in a box as wide as "Page" and half a space: the first
  // drawing (no page known yet) sets "Page" on one line, the page's own value turns over onto a second.
  const folioUnder = (format?: string) => ({
    ...config([
      titleElement(0),
      { kind: 'text', id: 'folio', content: 'Page {pageNumber}', fontFamily: 'EB Garamond', fontWeight: 400, fontSize: pt(12), align: 'left', placement: { anchor: { to: '#title', edge: 'below' }, offset: { y: pt(2) }, size: { width: pt(widthOf('Page ', 12)) } } },
    ]),
    ...(format ? { page: { pageNumbering: { format } } } : {}),
  }) as StoredConfig;

  it.each([['decimal'], ['lower-roman']])('a value the page prints (%s) turning over in its box stays inside the band, the margin under it (before, the band held one line of it and the second ran past the band into the margin over the text)', (format) => {
    const settings = settingsFromConfig(folioUnder(format));
    expectLabelTurnedOverInBand(settings, run(oneChapterBook(SOURCE, settings)).pages[0]!);
  });

  /** On `page`, opened by 'The Long Road' designed with "Page {pageNumber}" under it: the label on a line of its own, inside the band, which holds no more than two folio lines. */
  function expectLabelTurnedOverInBand(settings: ReturnType<typeof settingsFromConfig>, page: PageDisplayList): void {
    const title = headingRuns(page).find((r) => r.text === 'The Long Road')!;
    const word = headingRuns(page).find((r) => r.text === 'Page')!;
    const label = headingRuns(page).find((r) => r.text === page.label)!;
    expect(word.y).toBeGreaterThan(title.y);
    // The label turned over onto a line of its own.
    expect(label.y).toBeGreaterThan(word.y + 6);
    // The label's line box ends inside the band: above the margin over the first body line's grid row
    // (its top: the baseline less the first baseline offset).
    const face = fonts.match('EB Garamond', 400, 'normal');
    const body = bodyRuns(page)[0]!;
    expect(body.y - firstBaselineOffset() - H1_MARGIN_BOTTOM).toBeGreaterThanOrEqual(label.y - (face.descender / face.upem) * 12);
    // The band is no taller than the title, the gap, two folio lines and the margin, on the grid.
    expect(body.y - pageFrame(settings, page.index).contentTop - firstBaselineOffset()).toBeLessThanOrEqual(grid(lineBox('EB Garamond', 20) + 2 + 2 * 1.2 * 12 + H1_MARGIN_BOTTOM) + 1e-6);
  }

  it('an edit relaid out from the previous layout equals a full layout', () => {
    const settings = settingsFromConfig(folioUnder());
    expectOpeningEditEqualsFull((source) => oneChapterBook(source, settings), `${BODY}\n\n${SOURCE}\n\n${BODY}\n\n# Another Road\n\n${BODY}`);
  });

  describe('a format a :::numbering of an earlier chapter switched to, still in force', () => {
    // Chapter 1 switches the book's decimal labels to upper roman from 3887 on its first page; chapter 2
    // opens on the next page, 3888: "MMMDCCCLXXXVIII", the widest roman stand-in. The folio's box holds
    // that label alone (so "Page" and it take two lines) and "Page" with any four-digit decimal on one.
    const ROMAN = 'MMMDCCCLXXXVIII';
    const boxWidth = widthOf(ROMAN, 12) + 1;
    const stored = (): StoredConfig => {
      const base = folioUnder();
      const levels = (base.headings as { levels: { advancedDesign: { slot: { elements: { id: string; placement: { size: object } }[] } } }[] }).levels;
      for (const element of levels[0]!.advancedDesign.slot.elements) if (element.id === 'folio') element.placement.size = { width: pt(boxWidth) };
      return base;
    };
    const settings = settingsFromConfig(stored());
    const book = (second: string, first = `:::numbering{format=upper-roman startAt=3887}\n\n${BODY}\n`) => ({ title: 'Book', settings, chapters: [{ id: 'ch1', title: '', source: first }, { id: 'ch2', title: '', source: second }] });

    it('counts toward the band: its widest label turns over inside it (before, the band was reserved for the book\'s decimal only, one folio line, and the label ran past it)', () => {
      expect(Math.max(...'123456789'.split('').map((d) => widthOf(`Page ${d.repeat(4)}`, 12)))).toBeLessThan(boxWidth);
      const layout = run(book(SOURCE));
      const page = layout.pages.find((p) => p.chapter === 'ch2')!;
      expect(page.label).toBe(ROMAN);
      expectLabelTurnedOverInBand(settings, page);
    });

    it('an edit relaid out from the previous layout equals a full layout, in the chapter and in the directive before it', () => {
      expectOpeningEditEqualsFull((source) => book(source), `${SOURCE}\n\n${BODY}\n\n# Another Road\n\n${BODY}`);
      const cache = new EngineCache();
      run(book(SOURCE), cache);
      const decimal = `:::numbering{format=decimal startAt=3887}\n\n${BODY}\n`;
      expect(dump(run(book(SOURCE, decimal), cache))).toBe(dump(run(book(SOURCE, decimal), new EngineCache(false))));
    });
  });
});

describe('the running {chapterTitle} of a designed heading with no H1 before it in its chapter file (§5.5)', () => {
  const LONG = 'The Lantern Keeper and the Ships That Passed His Light at Night';
  // An H2 design: its title, and under it the chapter's title in a box 90 pt wide (a long title turns over three or four times).
  const chapterUnder = {
    headings: {
      levels: [{
        level: 2,
        advancedDesign: { enabled: true, slot: { elements: [
          titleElement(0),
          { kind: 'text', id: 'chapter', content: '{chapterTitle}', fontFamily: 'EB Garamond', fontSize: pt(12), align: 'left', placement: { anchor: { to: '#title', edge: 'below' }, offset: { y: pt(2) }, size: { width: pt(90) } } },
        ] } },
      }],
    },
  } as StoredConfig;
  /** Chapter file 1 opens with the long H1; file 2 (`second`) has no H1: its headings run under the first's. */
  const book = (second: string, first = `# ${LONG}\n\n${BODY}\n`) => ({ title: 'Book', settings: settingsFromConfig(chapterUnder), chapters: [{ id: 'ch1', title: '', source: first }, { id: 'ch2', title: '', source: second }] });

  it('prints the H1 carried in from the file before, inside the band the flow reserved: every line of it above the first body line (before, the band was reserved with it empty and its lines ran over the text under the heading)', () => {
    const layout = run(book(`## Tides\n\n${BODY}\n`));
    const page = layout.pages.find((p) => p.chapter === 'ch2')!;
    const title = headingRuns(page).find((r) => r.text === 'Tides')!;
    const chapter = headingRuns(page).filter((r) => r !== title);
    // The chapter file 1's title, over several lines, under the heading's title.
    expect(chapter.map((r) => r.text).join(' ').replace(/\s+/g, ' ')).toBe(LONG);
    expect(new Set(chapter.map((r) => r.y)).size).toBeGreaterThanOrEqual(3);
    expect(Math.min(...chapter.map((r) => r.y))).toBeGreaterThan(title.y);
    // The last line's box ends above the first body line's grid row (its top: the baseline less the first baseline offset).
    const face = fonts.match('EB Garamond', 400, 'normal');
    const lowest = Math.max(...chapter.map((r) => r.y)) - (face.descender / face.upem) * 12;
    const body = bodyRuns(page)[0]!;
    expect(lowest).toBeLessThanOrEqual(body.y - firstBaselineOffset() + 1e-6);
  });

  it('an edit relaid out from the previous layout equals a full layout, in the file without an H1 and in the H1 it carries', () => {
    expectOpeningEditEqualsFull((source) => book(source), `## Tides\n\n${BODY}\n\n## Currents\n\n${BODY}\n`);
    const cache = new EngineCache();
    const second = `## Tides\n\n${BODY}\n`;
    run(book(second), cache);
    const retitled = `# A Short Title\n\n${BODY}\n`;
    expect(dump(run(book(second, retitled), cache))).toBe(dump(run(book(second, retitled), new EngineCache(false))));
  });
});

describe('balancing levers (configuration.md §8.5) above a designed heading', () => {
  // Lever 3 by default; lever 7 (a paragraph set one line looser) when headings take no lines.
  for (const [lever, balancing] of [['heading', {}], ['looseParagraph', { maxLinesPerHeading: 0 }]] as const) it(`lever ${lever === 'heading' ? 3 : 7} adds lines above a designed heading as above any; its container-anchored elements move with it and {pageNumber} is drawn where it went`, () => {
    const words = 'keeper lantern ship harbour night tide rope gull stone beacon fog bell wick oil glass'.split(' ');
    const paragraph = (n: number): string => Array.from({ length: 12 + ((n * 7) % 23) }, (_, i) => words[(n * 5 + i * 3) % words.length]).join(' ') + '.';
    const parts: string[] = ['# Chapter'];
    for (let s = 0; s < 24; s++) parts.push(s % 4 === 2 ? `## Designed ${s} {style="designed"}` : `## Section ${s} of the chapter`, ...Array.from({ length: 2 + (s % 3) }, (_, i) => paragraph(s * 3 + i)));
    const source = parts.join('\n\n');
    // The title 4 pt down the band, a 12 pt box at its top right, and the page's number 2 pt down at its top right.
    const folio = { kind: 'text', id: 'folio', content: 'p{pageNumber}', fontSize: pt(7), align: 'right', placement: { anchor: { to: 'container', edge: 'top-right' }, offset: { y: pt(2) }, size: { width: pt(40) } } };
    // A rounded box is drawn as a path (which page/levers.ts shiftItems does not move): drawn again, it goes with the rest.
    const pill = { kind: 'box', id: 'pill', style: { backgroundColor: '#00aa00', borderRadius: pt(3) }, placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { x: pt(-14) }, size: { width: pt(10), height: pt(10) } } };
    const stored = (enabled: boolean) => ({
      headings: { levels: [{ level: 1, breakBefore: { enabled: false } }], balancing: { enabled, ...balancing } },
      headingStyles: [{ id: 'designed', advancedDesign: { enabled: true, slot: { elements: [titleElement(4), boxElement('mark', 'container', 'top-right', 12), folio, pill] } } }],
    }) as StoredConfig;
    const off = run(oneChapterBook(source, settingsFromConfig(stored(false))));
    const on = run(oneChapterBook(source, settingsFromConfig(stored(true))));
    expect(on.pages.length).toBe(off.pages.length);
    // Each designed heading's title, box and folio (pt), in reading order, on each page.
    const designs = (page: PageDisplayList) => {
      const titles = runs(page).filter((r) => r.line?.role === 'heading' && r.text.startsWith('Designed'));
      const marks = page.items.filter((i): i is RectItem => i.op === Op.Rect && i.fill === '#aa0000');
      const folios = runs(page).filter((r) => /^p\d+$/.test(r.text));
      // The pill's top: the least y of its path's points (pt).
      const pills = page.items.filter((i): i is PathItem => i.op === Op.Path && i.fill === '#00aa00').map((i) => Math.min(...[...i.d.matchAll(/(-?[\d.]+)[ ,](-?[\d.]+)(?=\s*[A-Za-z]|\s*$)/g)].map((m) => Number(m[2]))));
      expect([marks.length, folios.length, pills.length]).toEqual([titles.length, titles.length, titles.length]);
      return titles.map((t, i) => ({ title: t.y, mark: marks[i]!.y, folio: folios[i]!.y, label: folios[i]!.text, pill: pills[i]! }));
    };
    expect((on.chapters[0]!.levers ?? []).filter((l) => l.lever === lever).length).toBeGreaterThan(0);
    let moved = 0;
    on.pages.forEach((page, p) => {
      const a = designs(page);
      const b = designs(off.pages[p]!);
      expect(a.length, `page ${p}`).toBe(b.length);
      a.forEach((d, i) => {
        const dy = d.title - b[i]!.title;
        // Whole grid lines, the same for the box and the folio: the band moved as one.
        expect(Math.abs(dy / PITCH - Math.round(dy / PITCH)), `page ${p}`).toBeLessThan(1e-6);
        expect(d.mark - b[i]!.mark).toBeCloseTo(dy, 3);
        expect(d.folio - b[i]!.folio).toBeCloseTo(dy, 3);
        expect(d.pill - b[i]!.pill).toBeCloseTo(dy, 3);
        // The folio prints the page's own label (drawn again with it after the move).
        expect(d.label).toBe(`p${p + 1}`);
        if (dy > 0) moved++;
      });
    });
    // Levers fired in columns holding designed headings under their points (before, none did: the
    // points above a designed heading were dropped).
    expect(moved).toBeGreaterThan(0);
    // Edits relaid out from the previous layout (resumed passes share the moved designs' records) equal a full layout.
    const cache = new EngineCache();
    const settings = settingsFromConfig(stored(true));
    run(oneChapterBook(source, settings), cache);
    for (const edited of [source.replace('## Section 1 of the chapter', '## Section one of the chapter'), source.replace('## Section 9 of the chapter', '## Section 9 of the chapter\n\nA new short paragraph.')]) {
      expect(edited).not.toBe(source);
      expect(dump(run(oneChapterBook(edited, settings), cache))).toBe(dump(run(oneChapterBook(edited, settings), new EngineCache(false))));
    }
  });
});

describe('a design element past the trim (the post-hoc headingDesignCut check, configuration.md §17.2)', () => {
  it('is recorded with the element and how far it reaches past the page; a cover to the bleed edge is not', () => {
    const settings = settingsFromConfig(config([titleElement(0), boxElement('pillar', 'container', 'top-left', 900)]));
    const layout = run(oneChapterBook(SOURCE, settings));
    const top = pageFrame(settings, 0).contentTop;
    expect(layout.chapters[0]!.headingDesignsCut).toEqual([{ block: 'ch1:b0', element: 'pillar', by: expect.closeTo(top + 900 - settings.pageHeight, 3), pageIndex: 0 }]);
    const cover = settingsFromConfig(config([titleElement(0), boxElement('cover', 'bleed', 'top-left', 0, { placement: { anchor: { to: 'bleed', edge: 'top-left' }, size: { width: 'fill', height: 'fill' } } })]));
    expect(run(oneChapterBook(SOURCE, cover)).chapters[0]!.headingDesignsCut).toBeUndefined();
  });
});
