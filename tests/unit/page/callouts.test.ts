import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type RectItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { columnOf, dump, oneChapterBook, run, runs } from './helpers';

const settings = defaultSettings();
// Boxes in one column's flow: closing pages are not balanced here (balance.test.ts checks that).
settings.balancing = { enabled: false, trailing: false };
const rects = (page: { items: readonly { op: number }[] }) => page.items.filter((i): i is RectItem => i.op === Op.Rect);

describe('callout boxes (document-format §8.1, configuration.md §13.4)', () => {
  it('draws the note box with its title and text inside the padding, and the text after it back on the grid', () => {
    const random = mulberry32(1);
    const source = `# Boxes\n\n${paragraph(random)}\n\n:::callout{title="Keep in mind"}\n${paragraph(random)}\n\n- ${paragraph(random, 1)}\n:::\n\n${paragraph(random)}\n`;
    const layout = run(oneChapterBook(source, settings));
    const page = layout.pages[0]!;
    const box = rects(page).find((r) => r.fill === '#f4f4f4')!;
    expect(box).toBeDefined();
    const pad = 0.75 * settings.body.style.size;
    const inside = runs(page).filter((r) => r.y > box.y && r.y < box.y + box.h && r.line);
    expect(inside.some((r) => r.text.includes('Keep') && r.font !== runs(page).find((b) => b.line?.role === 'body')!.font)).toBe(true);
    for (const r of inside) {
      expect(r.xs[0]!).toBeGreaterThanOrEqual(box.x + pad - 0.01);
      expect(Math.max(...r.xs)).toBeLessThan(box.x + box.w - pad);
    }
    expect(inside.some((r) => r.text === settings.lists.bullet)).toBe(true);
    // The paragraph after the box: its baselines are on the grid again.
    const frame = pageFrame(settings, 0);
    const first = runs(page).filter((r) => r.line?.role === 'body').map((r) => r.y).sort((a, b) => a - b)[0]!;
    const after = runs(page).filter((r) => r.line?.role === 'body' && r.y > box.y + box.h && columnOf(settings, page, r.xs[0]!) === columnOf(settings, page, box.x));
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) {
      const k = (r.y - first) / settings.body.lineHeight;
      expect(Math.abs(k - Math.round(k)) * settings.body.lineHeight).toBeLessThan(0.01);
    }
    expect(first).toBeGreaterThan(frame.contentTop);
  });

  it('keeps a box together in the next column when it does not fit, and splits one taller than a column', () => {
    const random = mulberry32(2);
    const long = Array.from({ length: 14 }, () => paragraph(random)).join('\n\n');
    const source = `# Boxes\n\n${Array.from({ length: 7 }, () => paragraph(random)).join('\n\n')}\n\n:::callout\n${paragraph(random)}\n\n${paragraph(random)}\n:::\n\n${paragraph(random)}\n\n:::callout\n${long}\n:::\n`;
    const layout = run(oneChapterBook(source));
    const boxes = layout.pages.flatMap((p) => rects(p).filter((r) => r.fill === '#f4f4f4').map((r) => ({ p, r })));
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    const frame = pageFrame(settings, 0);
    // No box runs past the foot of the content area.
    for (const { r } of boxes) expect(r.y + r.h).toBeLessThanOrEqual(frame.contentTop + frame.contentHeight + 0.01);
    // The long box continues at the head of the next column.
    expect(boxes.some(({ r }) => Math.abs(r.y - frame.contentTop) < 0.01)).toBe(true);
  });

  it('applies a configured style: border stroked inside, stripe, and the type attribute choosing it', () => {
    const s = settingsFromConfig({ calloutStyles: [{ id: 'note' }, { id: 'warning', background: '#fff0f0', border: { enabled: true, color: '#cc0000', width: { value: 1, unit: 'pt' } }, stripe: { enabled: true, side: 'left', color: '#cc0000' } }] });
    expect(s.callouts.order).toEqual(['note', 'warning']);
    const layout = run(oneChapterBook(`# Boxes\n\n:::callout{type="warning" title="Careful"}\n${paragraph(mulberry32(3))}\n:::\n`, s));
    const items = rects(layout.pages[0]!);
    const fill = items.find((r) => r.fill === '#fff0f0')!;
    const border = items.find((r) => r.stroke === '#cc0000')!;
    const stripe = items.find((r) => r.fill === '#cc0000')!;
    expect(border.x).toBeCloseTo(fill.x + 0.5, 3);
    expect(border.strokeWidth).toBe(1);
    expect(stripe.x).toBeCloseTo(fill.x, 3);
    expect(stripe.w).toBeCloseTo(1.5 * s.body.style.size, 3);
  });

  it('relays out incrementally to what a full layout gives', () => {
    const random = mulberry32(4);
    let source = `# Boxes\n\n${Array.from({ length: 10 }, () => paragraph(random)).join('\n\n')}\n\n:::callout{title="Aside"}\n${paragraph(random)}[^n]\n:::\n\n[^n]: A note from the box.\n\n${paragraph(random)}\n`;
    const cache = new EngineCache();
    run(oneChapterBook(source), cache);
    for (let edit = 0; edit < 3; edit++) {
      source = source.replace('# Boxes\n\n', `# Boxes\n\n${paragraph(random)}\n\n`);
      expect(dump(run(oneChapterBook(source), cache))).toBe(dump(run(oneChapterBook(source))));
    }
  });
});
