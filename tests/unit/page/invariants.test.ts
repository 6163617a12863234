/**
 * Invariants over the sample books as the worker host lays them out: every set line (body,
 * heading, note, caption) has its baseline inside the content area and its glyphs on the page,
 * and no two blocks print on the same line position of the same column with overlapping extents.
 */
import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type GlyphRunItem, type PathItem } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment } from '../../support/node-host';
import { defaultSettings, EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';

const SAMPLES: [string, string | undefined][] = [
  ['postext-guide', 'en'],
  ['magazine-piece', undefined],
  ['arabic-book', undefined],
  ['chinese-book', undefined],
];

describe('page invariants over the sample books', () => {
  for (const [id, locale] of SAMPLES) {
    it(`${id}${locale ? ` (${locale})` : ''}: lines inside the content area, no two blocks on one line`, async () => {
      const host = new BookHost(nodeEnvironment());
      const opened = await host.openPreset({ presetId: id, ...(locale ? { locale } : {}) });
      const converged = await host.awaitConvergence(opened.revision);
      for (let i = 0; i < converged.pages; i++) {
        const page = (await host.getDisplayList(i))!;
        const geometry = (await host.getPageGeometry(i))!;
        const lines = page.items.filter((item): item is GlyphRunItem => item.op === Op.GlyphRun && !!item.line && item.line.role !== 'header' && item.line.role !== 'footer');
        for (const run of lines) {
          for (const x of run.xs) expect(x, `page ${i} "${run.text}"`).toBeGreaterThanOrEqual(0), expect(x).toBeLessThanOrEqual(page.width);
          expect(run.y, `page ${i} "${run.text}"`).toBeGreaterThan(geometry.margins.top);
          expect(run.y, `page ${i} "${run.text}"`).toBeLessThanOrEqual(geometry.height - geometry.margins.bottom + 0.01);
        }
        // Same baseline, different blocks, overlapping horizontal extents → two blocks on one line.
        const byY = new Map<number, GlyphRunItem[]>();
        for (const run of lines) byY.set(Math.round(run.y * 2), [...(byY.get(Math.round(run.y * 2)) ?? []), run]);
        for (const group of byY.values()) {
          const blocks = new Map<string, [number, number]>();
          for (const run of group) {
            const extent = blocks.get(run.line!.block) ?? [Infinity, -Infinity];
            blocks.set(run.line!.block, [Math.min(extent[0], ...run.xs), Math.max(extent[1], ...run.xs)]);
          }
          const extents = [...blocks.entries()];
          for (let a = 0; a < extents.length; a++) {
            for (let b = a + 1; b < extents.length; b++) {
              const [, ea] = extents[a]!;
              const [, eb] = extents[b]!;
              const overlap = Math.min(ea[1], eb[1]) - Math.max(ea[0], eb[0]);
              expect(overlap, `page ${i}: ${extents[a]![0]} and ${extents[b]![0]} share a line`).toBeLessThan(1);
            }
          }
        }
      }
    }, 180_000);
  }
});

/**
 * Float placement rules (document-format §12.7) over seeded generated books: every float after its
 * citing line (the head of the citing page counts as before it), floats in citation order (never
 * overtaking), no text running through a float, floats inside the content area, page-wide floats
 * wider than a column.
 */
describe('floats obey the spec placement rules (generated books)', () => {
  const PLACEMENTS: Record<string, unknown>[] = [{}, { position: 'top' }, { position: 'bottom' }, { span: 'page' }, { span: 'page', position: 'top' }, { span: 'page', position: 'bottom' }];

  function generated(seed: number, columns: number): BookInput {
    const random = mulberry32(seed);
    const settings = { ...defaultSettings(), columns };
    const records = [];
    const chapters = [];
    let figure = 0;
    for (let c = 1; c <= 2; c++) {
      const paragraphs = Array.from({ length: 24 + Math.floor(random() * 20) }, () => paragraph(random));
      const count = 3 + Math.floor(random() * 4);
      for (let k = 1; k <= count; k++) {
        figure++;
        const id = `f${figure}`;
        const at = Math.min(paragraphs.length - 1, Math.floor(((k - 0.5 + random() * 0.5) / count) * paragraphs.length));
        paragraphs[at] += ` See :ref{id="${id}"}.`;
        // Wider than any slot: the picture takes its slot's full width (never enlarged, always capped).
        const w = 900 + Math.floor(random() * 300);
        const h = 60 + Math.floor(random() * 180);
        const fill = `#${(0x100000 + figure * 0x0a0b07).toString(16).slice(-6)}`;
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" fill="${fill}"/></svg>`;
        records.push({ record: { id, typeId: 'figure', kind: 'svg' as const, caption: `Figure ${figure}`, placement: PLACEMENTS[Math.floor(random() * PLACEMENTS.length)]! }, payload: new TextEncoder().encode(svg), fill, chapter: c, number: k });
      }
      chapters.push({ id: `c${c}`, title: '', source: `# Chapter ${c}\n\n${paragraphs.join('\n\n')}\n` });
    }
    const input: BookInput & { figures?: typeof records } = { title: 'Generated', settings, chapters, resources: prepareResources(records.map(({ record, payload }) => ({ record, payload })), {}) };
    input.figures = records;
    return input;
  }

  for (const [seed, columns] of [[11, 2], [12, 2], [13, 3], [14, 2], [15, 3]] as const) {
    it(`seed ${seed}, ${columns} columns`, () => {
      const input = generated(seed, columns) as BookInput & { figures: { fill: string; chapter: number; number: number; record: { placement: Record<string, unknown> } }[] };
      const settings = input.settings;
      const layout = runLayout(input);
      const pitch = settings.body.lineHeight;
      let last = -1;
      for (const figure of input.figures) {
        const label = `figure ${figure.chapter}.${figure.number} ${JSON.stringify(figure.record.placement)}`;
        // The float: the picture drawn in its fill.
        const page = layout.pages.find((p) => p.items.some((i) => i.op === Op.Path && (i as PathItem).fill === figure.fill));
        expect(page, label).toBeDefined();
        const path = page!.items.find((i): i is PathItem => i.op === Op.Path && i.fill === figure.fill)!;
        const n = (path.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
        const xs = n.filter((_, i) => i % 2 === 0);
        const ys = n.filter((_, i) => i % 2 === 1);
        const box = { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
        const frame = pageFrame(settings, page!.index);
        const column = columnOfX(frame.columnX, box.left);
        const wide = box.right - box.left > frame.columnWidth + 0.01;
        // Inside the content area.
        expect(box.top, label).toBeGreaterThanOrEqual(frame.contentTop - 0.01);
        expect(box.bottom, label).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
        if (figure.record.placement['span'] === 'page') expect(wide, label).toBe(true);
        // The citing line: the run printing "Fig. c.k".
        const pattern = new RegExp(`Fig\\.\\s${figure.chapter}\\.${figure.number}(?!\\d)`, 'u');
        const citing = layout.pages.flatMap((p) => glyphRuns(p).filter((r) => r.line?.role === 'body' && pattern.test(r.text)).map((r) => ({ page: p.index, column: columnOfX(pageFrame(settings, p.index).columnX, r.xs[0]!), y: r.y })))[0];
        expect(citing, label).toBeDefined();
        // Never before the citing line; on the citing page only below it (its column's foot, a later
        // column, or the page's foot band under every line).
        expect(page!.index, label).toBeGreaterThanOrEqual(citing!.page);
        const body = glyphRuns(page!).filter((r) => r.line?.role === 'body');
        if (page!.index === citing!.page) {
          if (wide) expect(body.every((r) => r.y < box.top), label).toBe(true);
          else {
            expect(column, label).toBeGreaterThanOrEqual(citing!.column);
            if (column === citing!.column) expect(box.top, label).toBeGreaterThan(citing!.y);
          }
        }
        // No text through it.
        for (const r of body) {
          const over = Math.min(box.right, Math.max(...r.xs)) - Math.max(box.left, Math.min(...r.xs));
          if (over > 1) expect(r.y > box.top - 0.01 && r.y < box.bottom + pitch * 0.25, `${label}: "${r.text}"`).toBe(false);
        }
        // Citation order: slots in reading order (page-wide head, columns head/foot, page-wide foot).
        const below = body.some((r) => r.y > box.bottom && (wide || columnOfX(frame.columnX, r.xs[0]!) === column));
        // A page without text (floats flushed at a chapter end): in reading order by column, then from the top.
        const slot = body.length === 0 ? (wide ? 0 : 100 * column) + box.top / 10 : wide ? (below ? 0 : 999) : 1 + 3 * column + (below ? 0 : 1);
        const rank = page!.index * 1000 + slot;
        expect(rank, label).toBeGreaterThanOrEqual(last);
        last = rank;
      }
    }, 120_000);
  }
});

function columnOfX(columnX: readonly number[], x: number): number {
  let column = 0;
  columnX.forEach((left, i) => {
    if (x >= left - 0.01 && left >= columnX[column]! - 0.01) column = i;
  });
  return column;
}

function runLayout(input: BookInput) {
  const gen = layoutBook(input, nodeFontRegistry(), new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

const glyphRuns = (page: { items: readonly { op: number }[] }): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
