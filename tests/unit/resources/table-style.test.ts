/**
 * Table style (configuration.md §12.3): booktabs rule widths, span and group rules, the foot rule
 * of a continued part, the continues marker, header capitals and tracking, the rounded outline,
 * `splitInline` and `overflow`. Widths are checked against the settings, pt.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/worker/config';
import { defaultSettings, EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { Op, type ClipItem, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem, type RuleItem } from '../../../src/worker/protocol/displaylist';
import type { ResourceRecordInput } from '../../../src/worker/engine/resources/model';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();

function layout(source: string, resources: ResourceRecordInput[], config: JsonObject = {}): PageDisplayList[] {
  const settings = defaultSettings();
  settings.columns = 1;
  const input: BookInput = { title: 'Tables', settings, chapters: [{ id: 'ch1', title: '', source }], resources: prepareResources(resources.map((record) => ({ record })), config) };
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value.pages;
}

const cells = (rows: (string | Record<string, unknown>)[][]) => rows.map((r) => r.map((c) => (typeof c === 'string' ? { content: c } : c)));
const table = (id: string, rows: (string | Record<string, unknown>)[][], headerRowCount = 1, extra: Record<string, unknown> = {}): ResourceRecordInput =>
  ({ id, typeId: 'table', kind: 'table', caption: 'Prices', table: { model: { rows: cells(rows), headerRowCount } }, placement: { position: 'here' }, ...extra }) as ResourceRecordInput;
const rulesOf = (pages: PageDisplayList[]): RuleItem[] => pages.flatMap((p) => p.items.filter((i): i is RuleItem => i.op === Op.Rule));
/** Table rules, by their colour: not the running head's (the main colour). */
const tableRules = (page: PageDisplayList, colour = '#000000'): RuleItem[] => page.items.filter((i): i is RuleItem => i.op === Op.Rule && i.stroke === colour);
const runsOf = (page: PageDisplayList): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
const word = (pages: PageDisplayList[], text: string): GlyphRunItem | undefined => pages.flatMap(runsOf).find((r) => r.text === text);

// Two header rows: "Prices" spans the last two columns over "Old" and "New".
const spanning = table('spans', [
  [{ content: 'Item', rowSpan: 2 }, { content: 'Prices', colSpan: 2 }, { content: '', hiddenBy: 'r0c1' }],
  [{ content: '', hiddenBy: 'r0c0' }, 'Old', 'New'],
  ['Bread', '2d', '3d'],
  ['Ink', '6d', '7d'],
], 2);
const source = (id: string) => `See :ref{id="${id}"}.\n\n::resource{id="${id}"}\n\nAfter.`;
const booktabs = { rules: 'booktabs', borderColor: '#112233', heavyRuleWidth: '1.5pt', lightRuleWidth: '0.6pt', spanRuleWidth: '0.4pt', spanRuleTrim: '3pt' };

describe('booktabs rules', () => {
  it('draws heavy top and bottom rules, a light rule under the header and a trimmed span rule, at the set widths', () => {
    const pages = layout(source('spans'), [spanning], { tableStyle: booktabs });
    const page = pages.find((p) => runsOf(p).some((r) => r.text === 'Bread'))!;
    const rules = tableRules(page, '#112233');
    expect(rules.every((r) => r.y1 === r.y2)).toBe(true); // no vertical rules
    const byWidth = (w: number) => rules.filter((r) => r.width === w);
    expect(byWidth(1.5)).toHaveLength(2);
    expect(byWidth(0.6)).toHaveLength(1);
    expect(byWidth(0.4)).toHaveLength(1);
    expect(rules).toHaveLength(4);
    const [top, bottom] = byWidth(1.5).sort((a, b) => a.y1 - b.y1) as [RuleItem, RuleItem];
    const mid = byWidth(0.6)[0]!;
    const span = byWidth(0.4)[0]!;
    // Order: top, span rule (under "Prices", above "Old"), mid rule (under "Old"), bottom.
    expect(top.y1).toBeLessThan(span.y1);
    expect(span.y1).toBeLessThan(word(pages, 'Old')!.y);
    expect(span.y1).toBeGreaterThan(word(pages, 'Prices')!.y);
    expect(mid.y1).toBeGreaterThan(word(pages, 'Old')!.y);
    expect(mid.y1).toBeLessThan(word(pages, 'Bread')!.y);
    expect(bottom.y1).toBeGreaterThan(word(pages, 'Ink')!.y);
    // Trimmed 3 pt at both ends of the spanning cell, which starts where "Prices" does less the cell padding
    // (0.375 em of 8 pt = 3 pt) and ends at the table's right edge.
    expect(span.x1).toBeCloseTo(word(pages, 'Prices')!.xs[0]! - 3 + 3, 2);
    expect(span.x2).toBeCloseTo(top.x2 - 3, 2);
  });

  it("spanRules 'full' runs the span rule across its cell; 'none' leaves it out", () => {
    const full = layout(source('spans'), [spanning], { tableStyle: { ...booktabs, spanRules: 'full' } });
    const fullPage = full.find((p) => runsOf(p).some((r) => r.text === 'Bread'))!;
    const span = tableRules(fullPage, '#112233').find((r) => r.width === 0.4)!;
    const top = tableRules(fullPage, '#112233').find((r) => r.width === 1.5)!;
    expect(span.x2).toBeCloseTo(top.x2, 3);
    expect(span.x1).toBeCloseTo(word(full, 'Prices')!.xs[0]! - 3, 2);
    const none = layout(source('spans'), [spanning], { tableStyle: { ...booktabs, spanRules: 'none' } });
    expect(rulesOf(none).filter((r) => r.width === 0.4)).toHaveLength(0);
  });

  it('groupRules: a light rule above each row that opens a group (its first cell not empty), none inside a group', () => {
    const grouped = table('groups', [['Region', 'Town'], ['North', 'Alnwick'], ['', 'Berwick'], ['South', 'Dover']]);
    const off = layout(source('groups'), [grouped], { tableStyle: booktabs });
    expect(rulesOf(off).filter((r) => r.width === 0.6)).toHaveLength(1); // only the mid rule
    const on = layout(source('groups'), [grouped], { tableStyle: { ...booktabs, groupRules: true } });
    const light = rulesOf(on).filter((r) => r.width === 0.6).sort((a, b) => a.y1 - b.y1);
    expect(light).toHaveLength(2);
    // The group rule lies between Berwick's row and Dover's.
    expect(light[1]!.y1).toBeGreaterThan(word(on, 'Berwick')!.y);
    expect(light[1]!.y1).toBeLessThan(word(on, 'Dover')!.y);
  });
});

describe('header capitals and tracking', () => {
  it('sets header cells in capitals, each character 1 pt further than untracked, body cells untouched', () => {
    const priced = table('t', [['Item', 'Price'], ['Bread', '2d']]);
    const caps = layout(source('t'), [priced], { tableStyle: { headerTextTransform: 'uppercase' } });
    const tracked = layout(source('t'), [priced], { tableStyle: { headerTextTransform: 'uppercase', headerLetterSpacing: '1pt' } });
    const plain = word(caps, 'ITEM')!;
    const spaced = word(tracked, 'ITEM')!;
    expect(plain).toBeDefined();
    expect(spaced).toBeDefined();
    expect(word(caps, 'Item')).toBeUndefined();
    expect(word(tracked, 'Bread')).toBeDefined();
    // The k-th glyph moves by k × 1 pt; the first stays at the cell's start.
    spaced.xs.forEach((x, k) => expect(x - plain.xs[k]!).toBeCloseTo(k, 3));
    expect(word(tracked, 'Bread')!.xs).toEqual(word(caps, 'Bread')!.xs);
  });

  it('0.1 em of header tracking is 0.1 of the header size (10 pt headers → 1 pt)', () => {
    const priced = table('t', [['Item', 'Price'], ['Bread', '2d']]);
    const plain = word(layout(source('t'), [priced], { tableStyle: { headerFontSize: '10pt' } }), 'Item')!;
    const spaced = word(layout(source('t'), [priced], { tableStyle: { headerFontSize: '10pt', headerLetterSpacing: '0.1em' } }), 'Item')!;
    expect(spaced.xs[3]! - plain.xs[3]!).toBeCloseTo(3, 3);
  });
});

describe('borderRadius', () => {
  it('rounds the grid table: the fills clipped to a rounded outline, the frame one rounded path, no straight outer rules', () => {
    const priced = table('t', [['Item', 'Price'], ['Bread', '2d']]);
    const square = layout(source('t'), [priced]);
    const vertical = rulesOf(square).filter((r) => r.x1 === r.x2 && r.width === 0.75).map((r) => r.x1);
    const [left, right] = [Math.min(...vertical), Math.max(...vertical)];
    const pages = layout(source('t'), [priced], { tableStyle: { borderRadius: '4pt' } });
    const page = pages.find((p) => runsOf(p).some((r) => r.text === 'Bread'))!;
    const clip = page.items.findIndex((i) => i.op === Op.Clip);
    const end = page.items.findIndex((i) => i.op === Op.ClipEnd);
    expect(clip).toBeGreaterThanOrEqual(0);
    expect((page.items[clip] as ClipItem).d.match(/A4 4 /g)).toHaveLength(4);
    const header = page.items.findIndex((i) => i.op === Op.Rect && (i as RectItem).fill === '#f0f0f0');
    expect(header).toBeGreaterThan(clip);
    expect(header).toBeLessThan(end);
    const frame = page.items.filter((i): i is PathItem => i.op === Op.Path && i.stroke !== undefined);
    expect(frame).toHaveLength(1);
    expect(frame[0]!.strokeWidth).toBe(0.75);
    expect(frame[0]!.d.match(/A4 4 /g)).toHaveLength(4);
    expect(frame[0]!.d.startsWith(`M${left + 4} `)).toBe(true);
    const rules = tableRules(page);
    expect(rules.filter((r) => r.x1 === r.x2 && (r.x1 === left || r.x1 === right))).toHaveLength(0);
    // Only the inner column rule, one segment per row.
    const inner = rules.filter((r) => r.x1 === r.x2);
    expect(inner).toHaveLength(2);
    expect(inner.every((r) => r.x1 > left + 10 && r.x1 < right - 10)).toBe(true);
  });
});

/** A table of `n` body rows. */
const long = (id: string, n: number): ResourceRecordInput => table(id, [['Year', 'Event'], ...Array.from({ length: n }, (_, i) => [String(1800 + i), `Event number ${i + 1}`])]);
const years = (page: PageDisplayList): string[] => runsOf(page).filter((r) => /^18\d\d$/.test(r.text)).map((r) => r.text);
const tablePages = (pages: PageDisplayList[]): PageDisplayList[] => pages.filter((p) => years(p).length > 0);
const filler = (lines: number): string => Array.from({ length: lines }, (_, i) => `Paragraph ${i + 1} of the text before the table, long enough to fill a whole line of the column and then some more words.`).join('\n\n');

describe('a split table: continued foot rule and marker', () => {
  it("closes each part it goes on from with a light rule (continuedFootRule 'light'), the last with the heavy one", () => {
    const pages = tablePages(layout(source('long'), [long('long', 90)], { tableStyle: booktabs }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const foot = (page: PageDisplayList): RuleItem => tableRules(page, '#112233').sort((a, b) => b.y1 - a.y1)[0]!;
    expect(foot(pages[0]!).width).toBe(0.6);
    expect(foot(pages[pages.length - 1]!).width).toBe(1.5);
    // Every part opens with the heavy top rule.
    for (const page of pages) expect(tableRules(page, '#112233').sort((a, b) => a.y1 - b.y1)[0]!.width).toBe(1.5);
    const bottom = tablePages(layout(source('long'), [long('long', 90)], { tableStyle: { ...booktabs, continuedFootRule: 'bottom' } }));
    expect(foot(bottom[0]!).width).toBe(1.5);
    const none = tablePages(layout(source('long'), [long('long', 90)], { tableStyle: { ...booktabs, continuedFootRule: 'none' } }));
    // No foot rule: the lowest rule of the first part is above its last row's baseline.
    const lastYear = Math.max(...runsOf(none[0]!).filter((r) => /^18\d\d$/.test(r.text)).map((r) => r.y));
    expect(foot(none[0]!).y1).toBeLessThan(lastYear);
  });

  it("prints 'Continued' flush right under each part the table goes on from, never under its last", () => {
    const pages = tablePages(layout(source('long'), [long('long', 90)]));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const right = Math.max(...rulesOf(pages).filter((r) => r.x1 === r.x2 && r.width === 0.75).map((r) => r.x1));
    for (const page of pages.slice(0, -1)) {
      const marker = runsOf(page).find((r) => r.text === 'Continued');
      expect(marker, `page ${page.label}`).toBeDefined();
      expect(marker!.line?.role).toBe('note');
      const lastYear = Math.max(...runsOf(page).filter((r) => /^18\d\d$/.test(r.text)).map((r) => r.y));
      expect(marker!.y).toBeGreaterThan(lastYear);
      expect(marker!.xs[0]!).toBeGreaterThan(right - 60);
    }
    expect(runsOf(pages[pages.length - 1]!).some((r) => r.text === 'Continued')).toBe(false);
    const own = tablePages(layout(source('long'), [long('long', 90)], { tableStyle: { continuesMarker: 'Suite' } }));
    expect(runsOf(own[0]!).some((r) => r.text === 'Suite')).toBe(true);
    const off = layout(source('long'), [long('long', 90)], { tableStyle: { continuesMarkerEnabled: false } });
    expect(off.flatMap(runsOf).some((r) => r.text === 'Continued')).toBe(false);
  });
});

describe('splitInline and overflow', () => {
  const before = filler(14);
  it('an in-flow table cut to fill its column by default; moved whole with splitInline false', () => {
    const text = `${before}\n\nSee :ref{id="mid"}.\n\n::resource{id="mid"}\n\nAfter.`;
    // 28 rows: less than a page (about 32 rows), more than the room under the text.
    const cut = tablePages(layout(text, [long('mid', 28)]));
    expect(cut).toHaveLength(2);
    expect(years(cut[0]!).length).toBeGreaterThanOrEqual(2);
    const whole = tablePages(layout(text, [long('mid', 28)], { tableStyle: { splitInline: false } }));
    expect(whole).toHaveLength(1);
    expect(years(whole[0]!)).toHaveLength(28);
    expect(whole[0]!.index).toBe(cut[0]!.index + 1);
  });

  it('never cuts an in-flow table of fewer than five body rows', () => {
    // Text that leaves a little room at the foot of the first page (38 and 39 paragraphs: room
    // for the caption and some of the rows, where the table was cut before).
    for (const lines of [37, 38, 39, 40]) {
      const pages = tablePages(layout(`${filler(lines)}\n\nSee :ref{id="short"}.\n\n::resource{id="short"}\n\nAfter.`, [long('short', 4)]));
      expect(pages, `${lines} paragraphs before`).toHaveLength(1);
    }
  });

  it("a table taller than its page: 'split' continues it, 'clip' keeps the rows of one page, 'hide' drops it", () => {
    const split = tablePages(layout(source('long'), [long('long', 90)]));
    expect(split.flatMap(years)).toHaveLength(90);
    const clip = tablePages(layout(source('long'), [long('long', 90)], { tableStyle: { overflow: 'clip' } }));
    expect(clip).toHaveLength(1);
    const kept = years(clip[0]!);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(90);
    expect(kept[0]).toBe('1800');
    expect(runsOf(clip[0]!).some((r) => r.text === 'Continued')).toBe(false);
    const hide = layout(source('long'), [long('long', 90)], { tableStyle: { overflow: 'hide' } });
    expect(tablePages(hide)).toHaveLength(0);
    expect(hide.flatMap(runsOf).some((r) => r.text === 'After.')).toBe(true);
  });
});

describe('declared applied', () => {
  it('the table fields of §12.3 laid out here are no longer reported as not applied', async () => {
    const { isApplied } = await import('../../../src/worker/config');
    await import('../../../src/worker/engine/resources/settings');
    const fields = ['headerLetterSpacing', 'headerTextTransform', 'borderRadius', 'heavyRuleWidth', 'lightRuleWidth', 'spanRuleWidth', 'spanRules', 'spanRuleTrim', 'groupRules', 'continuedFootRule', 'overflow', 'splitInline', 'continuesMarkerEnabled', 'continuesMarker'];
    for (const f of fields) {
      expect(isApplied(`tableStyle.${f}`), f).toBe(true);
      expect(isApplied(`tableStyles[id=plain].${f}`), f).toBe(true);
    }
  });
});
