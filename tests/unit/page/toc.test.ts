import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import type { GlyphRunItem, PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, fonts, run, runs } from './helpers';
import { readText } from '../../support/run-text';

function tocBook(seed: number, extra = ''): BookInput {
  const random = mulberry32(seed);
  const body = (n: number) => Array.from({ length: n }, () => paragraph(random)).join('\n\n');
  const settings = defaultSettings();
  settings.toc = { ...settings.toc, levels: [1, 2] };
  // The contents fill the first column down: closing pages are not balanced here (balance.test.ts checks that).
  settings.balancing = { enabled: false, trailing: false };
  return {
    title: 'Contents test',
    settings,
    chapters: [
      { id: 'front', title: '', source: `# Contents {toc="false"}\n\n:::toc\n\nThe lenses start on :ref{id="lenses" style="page"}; see also page :ref{id="prisms" style="pageNumber"}.\n` },
      { id: 'c1', title: '', source: `# Lamps\n\n${extra}${body(30)}\n\n## Wicks\n\n${body(20)}\n` },
      { id: 'c2', title: '', source: `# Lenses {#lenses}\n\n${body(25)}\n\n## Prisms {#prisms}\n\n${body(10)}\n` },
      { id: 'c3', title: '', source: `# Mirrors\n\n${body(12)}\n` },
    ],
  };
}

/** Printed lines of a page: runs grouped by baseline, left to right. */
function printedLines(page: PageDisplayList): { y: number; runs: GlyphRunItem[]; text: string }[] {
  const byY = new Map<number, GlyphRunItem[]>();
  for (const r of runs(page)) if (r.line) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
  return [...byY].sort((a, b) => a[0] - b[0]).map(([y, rs]) => {
    const sorted = rs.sort((a, b) => a.xs[0]! - b.xs[0]!);
    return { y, runs: sorted, text: readText(sorted, fonts) };
  });
}

function headingPage(layout: ReturnType<typeof run>, title: string): PageDisplayList {
  return layout.pages.find((p) => runs(p).some((r) => r.line?.role === 'heading' && r.text.includes(title)))!;
}

describe(':::toc and page references (document-format §17.1, §13)', () => {
  const layout = run(tocBook(1));
  const front = layout.chapters[0]!.pages;
  const tocLines = front.flatMap(printedLines).filter((l) => l.runs.some((r) => r.line?.role === 'body') && /\.\.\./.test(l.text));

  it('lists the headings of the configured levels, without the excluded contents heading', () => {
    const titles = tocLines.map((l) => l.runs[0]!.text);
    expect(titles).toEqual(['Lamps', 'Wicks', 'Lenses', 'Prisms', 'Mirrors']);
  });

  it('prints the label of the page each heading landed on, flush right', () => {
    for (const line of tocLines) {
      const last = line.runs[line.runs.length - 1]!;
      const title = line.runs[0]!.text;
      expect(last.text).toBe(headingPage(layout, title).label);
      const page = front.find((p) => runs(p).includes(line.runs[0]!))!;
      const frame = pageFrame(defaultSettings(), page.index);
      // Flush right: the label ends at the column's right edge (within a glyph's side bearing).
      expect(last.xs[0]!).toBeGreaterThan(frame.columnX[0]! + frame.columnWidth - 20);
    }
    expect(layout.labelsUnsettled).toBeUndefined();
  });

  it('marks every run of an entry (title, leader, label) with the heading it leads to', () => {
    for (const line of tocLines) {
      const targets = new Set(line.runs.map((r) => r.line?.target));
      expect(targets.size, line.text).toBe(1);
      const target = [...targets][0]!;
      const page = headingPage(layout, line.runs[0]!.text);
      // The target is the block of the heading the entry names, set on the page it prints.
      expect(runs(page).some((r) => r.line?.role === 'heading' && r.line.block === target), line.text).toBe(true);
    }
    // Body text outside the contents links nowhere.
    expect(layout.pages.flatMap(runs).filter((r) => r.line?.target).length).toBe(tocLines.flatMap((l) => l.runs).length);
  });

  it('sets leader dots on one pitch from the column edge, so they line up from entry to entry', () => {
    const settings = defaultSettings();
    const pitches = new Set<number>();
    for (const line of tocLines) {
      const dots = line.runs.find((r) => /^\.+$/.test(r.text))!;
      expect(dots.xs.length).toBeGreaterThan(3);
      for (let i = 1; i < dots.xs.length; i++) pitches.add(Math.round((dots.xs[i]! - dots.xs[i - 1]!) * 100));
      const page = front.find((p) => runs(p).includes(dots))!;
      const columnX = pageFrame(settings, page.index).columnX.filter((x) => x <= dots.xs[0]!).pop()!;
      const pitch = (dots.xs[1]! - dots.xs[0]!);
      const k = (dots.xs[0]! - columnX) / pitch;
      expect(Math.abs(k - Math.round(k))).toBeLessThan(0.01);
    }
    expect(pitches.size).toBe(1);
  });

  it('prints page references with the crossRefs page words, converged to the real pages', () => {
    const text = front.flatMap(printedLines).map((l) => l.text).join(' ');
    expect(text).toContain(`start on p. ${headingPage(layout, 'Lenses').label};`);
    expect(text).toContain(`page ${headingPage(layout, 'Prisms').label}.`);
  });

  it('announces each chapter once, however many passes the labels take', () => {
    const steps = layoutBook(tocBook(1), fonts, new EngineCache());
    let progress = 0;
    let step = steps.next();
    while (!step.done) {
      if (step.value) progress++;
      step = steps.next();
    }
    expect(progress).toBe(4);
  });

  it('follows the pages when an edit moves them, and incremental equals full', () => {
    const cache = new EngineCache();
    run(tocBook(1), cache);
    const edited = tocBook(1, `${paragraph(mulberry32(9))}\n\n`.repeat(30));
    const incremental = run(edited, cache);
    expect(dump(incremental)).toBe(dump(run(edited)));
    const moved = headingPage(incremental, 'Lenses').label;
    expect(moved).not.toBe(headingPage(layout, 'Lenses').label);
    const text = incremental.chapters[0]!.pages.flatMap(printedLines).map((l) => l.text).join(' ');
    expect(text).toContain(`start on p. ${moved};`);
  });
});
