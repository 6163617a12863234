/**
 * Designed running heads and folios (configuration.md §5.3–5.5): text with placeholders, rules and
 * boxes placed by anchor, offset and size, filtered by parity and page role; an unset slot keeps
 * the built-in one, an empty slot draws nothing. Positions are checked against the page frame by
 * hand (pt, y down from the trim's top).
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { resolvePlaceholders } from '../../../src/worker/engine/page/furniture-elements';
import { Op, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { fonts, oneChapterBook, run, runs } from './helpers';

const para = (n: number): string => Array.from({ length: n }, (_, i) => `Paragraph ${i} of the lantern keeper, who wrote down every ship that passed the light at night and every storm.`.repeat(3)).join('\n\n');
const SOURCE = `# The Keeper\n\n${para(40)}`;
/** Runs outside the body: the running heads and folios (generated text has no line info). */
const furnitureRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line === undefined);
const rules = (page: PageDisplayList) => page.items.filter((i): i is RuleItem => i.op === Op.Rule);
const rects = (page: PageDisplayList) => page.items.filter((i): i is RectItem => i.op === Op.Rect);
const ascentPt = (family: string, weight: number, size: number): number => {
  const face = fonts.match(family, weight, 'normal');
  return (face.ascender / face.upem) * size;
};

describe('designed header and footer slots', () => {
  const config: StoredConfig = {
    header: {
      elements: [
        { kind: 'text', id: 'head', content: '{chapterTitle} · {pageNumber}/{totalPages}', fontFamily: 'Open Sans', fontSize: { value: 9, unit: 'pt' }, fontWeight: 400, align: 'left', pages: 'body', placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { x: { value: 10, unit: 'pt' }, y: { value: 20, unit: 'pt' } } } },
        { kind: 'text', id: 'oddOnly', parity: 'odd', content: 'RECTO', fontFamily: 'Open Sans', fontSize: { value: 8, unit: 'pt' }, placement: { anchor: { to: '#head', edge: 'right-of' }, offset: { x: { value: 6, unit: 'pt' } } } },
      ],
    },
    footer: {
      elements: [
        { kind: 'rule', id: 'line', color: '#112233', thickness: { value: 2, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top' }, offset: { y: { value: 4, unit: 'pt' } }, size: { width: 'fill' } } },
        { kind: 'box', id: 'tab', style: { backgroundColor: '#ff0000' }, placement: { anchor: { to: 'page', edge: 'bottom-right' }, size: { width: { value: 30, unit: 'pt' }, height: { value: 10, unit: 'pt' } } } },
      ],
    },
  };
  const settings = settingsFromConfig(config);
  const layout = run(oneChapterBook(SOURCE, settings, 'Lanterns'));
  const body = layout.pages.filter((p) => p.role === 'body');

  it('reads the slots and keeps the book long enough to test both parities', () => {
    expect(settings.furniture.header).toHaveLength(2);
    expect(settings.furniture.footer).toHaveLength(2);
    expect(body.some((p) => p.index % 2 === 0)).toBe(true);
    expect(body.some((p) => p.index % 2 === 1)).toBe(true);
  });

  it('places a text element at its anchor plus offset, with its placeholders filled in', () => {
    for (const page of body) {
      const frame = pageFrame(settings, page.index);
      const head = furnitureRuns(page).find((r) => r.text.startsWith('The Keeper'))!;
      expect(head, `page ${page.label}`).toBeDefined();
      expect(head.text).toBe(`The Keeper · ${page.label}/${layout.pages.length}`);
      expect(head.xs[0]).toBeCloseTo(frame.contentLeft + 10, 1);
      // top-left of the container (the trim top) + 20 pt: the text's top; its baseline one ascent lower.
      expect(head.y).toBeCloseTo(20 + ascentPt('Open Sans', 400, 9), 1);
      expect(head.size).toBe(9);
    }
  });

  it('filters by parity and page role, and anchors to another element', () => {
    for (const page of body) {
      const recto = furnitureRuns(page).find((r) => r.text === 'RECTO');
      if (page.index % 2 === 0) {
        const head = furnitureRuns(page).find((r) => r.text.startsWith('The Keeper'))!;
        expect(recto, `page ${page.label}`).toBeDefined();
        // right-of #head: starts 6 pt after the head's box ends, tops aligned.
        const headEnd = head.xs[head.xs.length - 1]! + 0; // last glyph origin: the box ends after it
        expect(recto!.xs[0]!).toBeGreaterThan(headEnd);
        expect(recto!.y - ascentPt('Open Sans', 400, 8)).toBeCloseTo(head.y - ascentPt('Open Sans', 400, 9), 1);
      } else {
        expect(recto, `page ${page.label}`).toBeUndefined();
      }
    }
    // pages: 'body' — the opener carries no head (the RECTO element, pages 'all', still shows on it).
    const opener = layout.pages.find((p) => p.role === 'opener')!;
    expect(furnitureRuns(opener).some((r) => r.text.startsWith('The Keeper'))).toBe(false);
  });

  it('draws a filled rule across the footer and a box at the page corner; no built-in folio', () => {
    for (const page of body) {
      const frame = pageFrame(settings, page.index);
      const rule = rules(page).find((r) => r.stroke === '#112233')!;
      expect(rule).toBeDefined();
      expect(rule.width).toBe(2);
      expect(rule.x1).toBeCloseTo(frame.contentLeft, 2);
      expect(rule.x2).toBeCloseTo(frame.contentLeft + frame.contentWidth, 2);
      expect(rule.y1).toBeCloseTo(frame.contentTop + frame.contentHeight + 4, 2);
      const box = rects(page).find((r) => r.fill === '#ff0000')!;
      expect(box).toMatchObject({ w: 30, h: 10 });
      expect(box.x).toBeCloseTo(settings.pageWidth - 30, 2);
      expect(box.y).toBeCloseTo(settings.pageHeight - 10, 2);
      // The built-in centred folio is gone: the footer is designed.
      expect(furnitureRuns(page).some((r) => r.text === page.label)).toBe(false);
    }
  });

  it('keeps the built-in slot beside a designed one, and draws nothing for an empty slot', () => {
    const onlyFooter = settingsFromConfig({ footer: { elements: [] } });
    expect(onlyFooter.furniture.header).toBeUndefined();
    const pages = run(oneChapterBook(SOURCE, onlyFooter, 'Lanterns')).pages.filter((p) => p.role === 'body');
    for (const page of pages) {
      // Built-in head (book title on rectos, chapter title on versos) and its rule; no folio.
      expect(furnitureRuns(page).map((r) => r.text)).toEqual([page.index % 2 === 0 ? 'Lanterns' : 'The Keeper']);
      expect(rules(page)).toHaveLength(1);
    }
  });

  it('resolves placeholders, literal braces and unknown names', () => {
    expect(resolvePlaceholders('{{p}} {pageNumber} of {totalPages}{attr.x}{nope}', { pageNumber: 'iv', totalPages: '12' })).toBe('{p} iv of 12');
  });
});

describe('what the checks say about designed slots', () => {
  it('counts the drawn element fields as applied and reports the ones not drawn yet', async () => {
    const { settingsNotApplied } = await import('../../../src/worker/config');
    const stored: StoredConfig = { header: { elements: [{ kind: 'text', id: 'h', content: '{title}', fontSize: { value: 9, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top' } }, writingMode: 'vertical-rl', reserve: false, box: { backgroundColor: '#eeeeee', padding: { value: 2, unit: 'pt' } } }] } };
    settingsFromConfig(stored); // the engine's settings module declares what it applies
    const paths = settingsNotApplied(stored).map((w) => w.path);
    // `reserve` counts only in heading designs (§5.3): in a running head it rightly changes nothing,
    // so it is not reported as a setting waiting for the layout.
    expect(paths).toEqual([]);
  });

  it('counts a heading style\'s slots, its break and the legacy element shape as applied', async () => {
    const { settingsNotApplied } = await import('../../../src/worker/config');
    const stored: StoredConfig = {
      headingStyles: [{ id: 'front', breakBefore: { enabled: true, parity: 'odd' }, header: { elements: [{ kind: 'text', id: 'a', content: 'x', align: 'left', marginFromBody: { value: 9, unit: 'pt' } }] }, footer: { elements: [{ kind: 'box', id: 'b', style: { backgroundColor: '#ff0000', borderRadius: { value: 2, unit: 'pt' } } }] } }],
      footer: { elements: [{ kind: 'rule', id: 'r', width: 'full', marginFromBody: { value: 4, unit: 'pt' }, marginFromEdge: { value: 0, unit: 'pt' } }] },
    };
    settingsFromConfig(stored);
    expect(settingsNotApplied(stored).map((w) => w.path)).toEqual([]);
  });
});

describe('legacy running-head elements and rounded boxes (§5.1 "Legacy shape", §5.3 box)', () => {
  const config: StoredConfig = {
    header: { elements: [{ kind: 'text', id: 'old', content: 'OLD HEAD', align: 'left', fontFamily: 'Open Sans', fontSize: { value: 8, unit: 'pt' }, marginFromBody: { value: 10, unit: 'pt' }, marginFromEdge: { value: 5, unit: 'pt' } }] },
    footer: {
      elements: [
        { kind: 'rule', id: 'line', width: 'full', color: '#334455', thickness: { value: 1, unit: 'pt' }, marginFromBody: { value: 3, unit: 'pt' } },
        { kind: 'box', id: 'pill', style: { backgroundColor: '#00ff00', borderColor: '#0000ff', borderWidth: { value: 2, unit: 'pt' }, borderRadius: { value: 4, unit: 'pt' } }, placement: { anchor: { to: 'page', edge: 'bottom-left' }, size: { width: { value: 40, unit: 'pt' }, height: { value: 12, unit: 'pt' } } } },
      ],
    },
  };
  const settings = settingsFromConfig(config);
  const page = run(oneChapterBook(SOURCE, settings, 'Lanterns')).pages.find((p) => p.role === 'body')!;
  const frame = pageFrame(settings, page.index);

  it('places a flat header element from the body up by marginFromBody and in from the edge by marginFromEdge', () => {
    const head = furnitureRuns(page).find((r) => r.text === 'OLD HEAD')!;
    expect(head).toBeDefined();
    // Anchor bottom-left of the header container (the body's top), 10 pt up, 5 pt in: the text's
    // left edge at content left + 5; its box bottom 10 pt above the body, so its baseline is above that.
    expect(head.xs[0]).toBeCloseTo(frame.contentLeft + 5, 1);
    expect(head.y).toBeLessThan(frame.contentTop - 10);
    expect(head.y).toBeGreaterThan(frame.contentTop - 10 - 8 * 1.2);
  });

  it('draws a legacy full-width footer rule marginFromBody below the body', () => {
    const rule = rules(page).find((r) => r.stroke === '#334455')!;
    expect(rule).toBeDefined();
    expect(rule.x1).toBeCloseTo(frame.contentLeft, 2);
    expect(rule.x2).toBeCloseTo(frame.contentLeft + frame.contentWidth, 2);
    expect(rule.y1).toBeGreaterThanOrEqual(frame.contentTop + frame.contentHeight + 3 - 0.01);
    expect(rule.y1).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 3 + 1.01);
  });

  it('rounds a box element\'s corners and strokes its border inside the box', () => {
    const path = page.items.find((i): i is PathItem => i.op === Op.Path && i.fill === '#00ff00')!;
    expect(path).toBeDefined();
    expect(path.stroke).toBe('#0000ff');
    // Inset by half the 2 pt border: the outline runs from (1, H − 11) to (39, H − 1), corners of radius 4 pt.
    const H = settings.pageHeight;
    // Pairs of coordinates after the command letters; the arc commands' radii and flags come first.
    const coords = [...path.d.matchAll(/[MHVA]([^MHVAZ]+)/g)];
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [whole, args] of coords) {
      const n = args!.trim().split(/\s+/).map(Number);
      if (whole.startsWith('M')) (xs.push(n[0]!), ys.push(n[1]!));
      else if (whole.startsWith('H')) xs.push(n[0]!);
      else if (whole.startsWith('V')) ys.push(n[0]!);
      else {
        expect(n.slice(0, 2)).toEqual([4, 4]);
        xs.push(n[5]!);
        ys.push(n[6]!);
      }
    }
    expect(coords.filter(([w]) => w.startsWith('A'))).toHaveLength(4);
    expect(Math.min(...xs)).toBeCloseTo(1, 2);
    expect(Math.max(...xs)).toBeCloseTo(39, 2);
    expect(Math.min(...ys)).toBeCloseTo(H - 11, 2);
    expect(Math.max(...ys)).toBeCloseTo(H - 1, 2);
    expect(path.d).toContain('Z');
  });
});

describe('a styled section with its own designed slot (§5.1 "Section override", §13.6)', () => {
  it('draws the section heading style\'s header on the section\'s pages and the document\'s elsewhere', () => {
    const config: StoredConfig = {
      headingStyles: [{ id: 'appendix', header: { elements: [{ kind: 'text', id: 'a', content: 'APPENDIX · {pageNumber}', fontFamily: 'Open Sans', pages: 'all', placement: { anchor: { to: 'container', edge: 'bottom-left' }, offset: { y: { value: -10, unit: 'pt' } } } }] } }],
    };
    const settings = settingsFromConfig(config);
    const source = `# The Keeper\n\n${para(25)}\n\n# Tables {style="appendix"}\n\n${para(25)}`;
    const layout = run(oneChapterBook(source, settings, 'Lanterns'));
    const withAppendix = layout.pages.filter((p) => furnitureRuns(p).some((r) => r.text.startsWith('APPENDIX')));
    expect(withAppendix.length).toBeGreaterThan(1);
    const first = layout.pages.indexOf(withAppendix[0]!);
    // Every page from the section's first on carries it, with its own label; none before it does.
    for (const page of layout.pages.slice(first).filter((p) => p.role !== 'blank')) {
      expect(furnitureRuns(page).map((r) => r.text)).toContain(`APPENDIX · ${page.label}`);
      const frame = pageFrame(settings, page.index);
      const run0 = furnitureRuns(page).find((r) => r.text.startsWith('APPENDIX'))!;
      expect(run0.xs[0]).toBeCloseTo(frame.contentLeft, 1);
    }
    const before = layout.pages.slice(0, first).filter((p) => p.role === 'body');
    expect(before.length).toBeGreaterThan(0);
    for (const page of before) expect(furnitureRuns(page).some((r) => r.text.startsWith('APPENDIX'))).toBe(false);
    // The section's footer is not designed: the document's built-in folio stays (blank pages carry none).
    for (const page of withAppendix.filter((p) => p.role !== 'blank')) expect(furnitureRuns(page).map((r) => r.text), `page ${page.label} ${page.role}`).toContain(page.label);
  });
});
