import { describe, expect, it } from 'vitest';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { EngineCache } from '../../../src/worker/engine';
import { dump, inkExtent, oneChapterBook, run, runs } from './helpers';

// configuration.md §11.1 footnotes.markerPosition, markerSize, noteNumberPosition (settings-notes.ts).
const source = '# Marks\n\nThe keeper climbed the tower every evening.[^steps] The wind put out his candle.\n\n[^steps]: The staircase has 112 steps.\n';

function settingsWith(footnotes: Record<string, unknown>): LayoutSettings {
  return settingsFromConfig({ footnotes } as never);
}

/** A glyph printing `label` in a run of `role`: its run's size, baseline y and offset above it (pt, positive up). */
interface Glyph {
  size: number;
  y: number;
  rise: number;
}
function glyphOf(all: readonly GlyphRunItem[], role: 'body' | 'note', label: string): Glyph {
  for (const r of all) {
    if (r.line?.role !== role) continue;
    // The label alone, or glued after the cited word when the mark shares the text's run (inline, same size).
    const at = r.text === label ? 0 : r.text.indexOf(`evening.${label}`) >= 0 ? r.text.indexOf(`evening.${label}`) + 'evening.'.length : -1;
    if (at < 0) continue;
    const glyph = r.clusters.indexOf(at);
    // GlyphRunItem dys are positive down.
    return { size: r.size, y: r.y, rise: -(r.dys?.[glyph] ?? 0) };
  }
  throw new Error(`no ${role} glyph ${label}`);
}

/** The mark in the text, the number at the head of the note (both print the label), and the cited line's text. */
function marks(settings: LayoutSettings, label = '1') {
  const page = run(oneChapterBook(source, settings)).pages[0]!;
  const all = runs(page);
  const text = all.find((r) => r.line?.role === 'body' && r.text.includes('keeper'))!;
  return { mark: glyphOf(all, 'body', label), number: glyphOf(all, 'note', label), text };
}

const rise = (g: Glyph): number => g.rise;

/** The x (pt) of the first glyph of `word` in the body runs. */
function xOf(all: readonly GlyphRunItem[], word: string): number {
  for (const r of all) {
    const at = r.line?.role === 'body' ? r.text.indexOf(word) : -1;
    if (at >= 0) return r.xs[r.clusters.indexOf(at)]!;
  }
  throw new Error(`no ${word}`);
}

describe('footnote mark and note number placement (§11.1)', () => {
  const body = settingsWith({}).body.style.size;
  const note = settingsWith({}).notes.size;

  it('by default: the mark a superscript (0.65 of the text, raised 0.38 em), the note number on the baseline at note size', () => {
    const { mark, number, text } = marks(settingsWith({}));
    expect(text.size).toBeCloseTo(body, 6);
    expect(mark.size).toBeCloseTo(body * 0.65, 6);
    expect(rise(mark)).toBeCloseTo(body * 0.38, 6);
    expect(mark.y).toBeCloseTo(text.y, 6);
    expect(number.size).toBeCloseTo(note, 6);
    expect(rise(number)).toBeCloseTo(0, 6);
    expect(settingsWith({}).notes.marks).toBeUndefined();
  });

  it("'inline' sets the mark on the baseline at the text's size", () => {
    const { mark, text } = marks(settingsWith({ markerPosition: 'inline' }));
    expect(mark.size).toBeCloseTo(body, 6);
    expect(rise(mark)).toBeCloseTo(0, 6);
    expect(mark.y).toBeCloseTo(text.y, 6);
  });

  it("'superscript' is the default look", () => {
    const { mark } = marks(settingsWith({ markerPosition: 'superscript' }));
    expect(mark.size).toBeCloseTo(body * 0.65, 6);
    expect(rise(mark)).toBeCloseTo(body * 0.38, 6);
  });

  it("'auto' sets circled numbers inline (document-format §14.1), 'superscript' raises them", () => {
    const auto = marks(settingsWith({ numberFormat: 'circled-decimal' }), '①');
    expect(auto.mark.size).toBeCloseTo(body, 6);
    expect(rise(auto.mark)).toBeCloseTo(0, 6);
    const raised = marks(settingsWith({ numberFormat: 'circled-decimal', markerPosition: 'superscript' }), '①');
    expect(raised.mark.size).toBeCloseTo(body * 0.65, 6);
    expect(rise(raised.mark)).toBeCloseTo(body * 0.38, 6);
  });

  it('markerSize scales the mark from the size it has in its place; the rise stays that of the text', () => {
    const small = marks(settingsWith({ markerSize: { value: 0.8, unit: 'em' } }));
    expect(small.mark.size).toBeCloseTo(body * 0.65 * 0.8, 6);
    expect(rise(small.mark)).toBeCloseTo(body * 0.38, 6);
    const inline = marks(settingsWith({ markerPosition: 'inline', markerSize: { value: 0.8, unit: 'em' } }));
    expect(inline.mark.size).toBeCloseTo(body * 0.8, 6);
    expect(rise(inline.mark)).toBeCloseTo(0, 6);
    // An absolute size is the mark's size wherever it sits.
    const fixed = marks(settingsWith({ markerSize: { value: 6, unit: 'pt' } }));
    expect(fixed.mark.size).toBeCloseTo(6, 6);
    // The note's own number keeps its size.
    expect(fixed.number.size).toBeCloseTo(note, 6);
  });

  it("noteNumberPosition 'superscript' raises the note's number as a superscript of the note text", () => {
    const { number, mark } = marks(settingsWith({ noteNumberPosition: 'superscript' }));
    expect(number.size).toBeCloseTo(note * 0.65, 6);
    expect(rise(number)).toBeCloseTo(note * 0.38, 6);
    // The mark in the text is untouched.
    expect(mark.size).toBeCloseTo(body * 0.65, 6);
    const inline = marks(settingsWith({ noteNumberPosition: 'inline' }));
    expect(inline.number.size).toBeCloseTo(note, 6);
    expect(rise(inline.number)).toBeCloseTo(0, 6);
  });

  it('declares the three settings applied', () => {
    for (const field of ['markerPosition', 'markerSize', 'noteNumberPosition']) expect(isApplied(`footnotes.${field}`), field).toBe(true);
  });

  it("reports no markerPosition value as not applied ('side' and 'right' are set)", () => {
    const notApplied = (markerPosition: string) => settingsNotApplied({ footnotes: { markerPosition } } as never).filter((w) => w.path === 'footnotes.markerPosition');
    for (const value of ['auto', 'superscript', 'inline', 'side', 'right']) expect(notApplied(value), value).toEqual([]);
  });

  it("'side' (合印 on the ruby side): 0.6 of the text, standing on its em box (0.88 em up), ending where the word ends, taking no room", () => {
    const side = marks(settingsWith({ markerPosition: 'side' }));
    expect(side.mark.size).toBeCloseTo(body * 0.6, 6);
    expect(rise(side.mark)).toBeCloseTo(body * 0.88, 6);
    expect(side.mark.y).toBeCloseTo(side.text.y, 6);
    const page = run(oneChapterBook(source, settingsWith({ markerPosition: 'side' }))).pages[0]!;
    const all = runs(page);
    const mark = all.find((r) => r.line?.role === 'body' && r.text === '1')!;
    const cited = all.find((r) => r.line?.role === 'body' && r.text.endsWith('evening.'))!;
    // The mark's advance ends where "evening." ends: it hangs back over the cited word.
    expect(inkExtent(mark).right).toBeCloseTo(inkExtent(cited).right, 2);
    // No room taken: the text after it stands where it stands with no mark at all.
    const unmarked = runs(run(oneChapterBook(source.replace('[^steps]', ''), settingsWith({ markerPosition: 'side' }))).pages[0]!);
    expect(xOf(all, 'The wind')).toBeCloseTo(xOf(unmarked, 'The wind'), 3);
    expect(xOf(all, 'keeper')).toBeCloseTo(xOf(unmarked, 'keeper'), 3);
  });

  it("'right': 0.7 of the text in the line, its em box's top on the text's (the right edge of a vertical line), taking its room", () => {
    const right = marks(settingsWith({ markerPosition: 'right' }));
    expect(right.mark.size).toBeCloseTo(body * 0.7, 6);
    expect(rise(right.mark)).toBeCloseTo((body - body * 0.7) * 0.88, 6);
    const all = runs(run(oneChapterBook(source, settingsWith({ markerPosition: 'right' }))).pages[0]!);
    const mark = all.find((r) => r.line?.role === 'body' && r.text === '1')!;
    const cited = all.find((r) => r.line?.role === 'body' && r.text.endsWith('evening.'))!;
    expect(mark.xs[0]).toBeCloseTo(inkExtent(cited).right, 2);
    expect(xOf(all, 'The wind')).toBeGreaterThan(inkExtent(mark).right);
    // markerSize over the place's default: 1 em of the text.
    expect(marks(settingsWith({ markerPosition: 'right', markerSize: { value: 1, unit: 'em' } })).mark.size).toBeCloseTo(body, 6);
  });

  it("relays out incrementally to what a full layout gives with 'side' and 'right' marks", () => {
    for (const markerPosition of ['side', 'right']) {
      const settings = settingsWith({ markerPosition });
      const cache = new EngineCache();
      run(oneChapterBook(source, settings), cache);
      const edited = source.replace('The wind', 'A gust of wind');
      expect(dump(run(oneChapterBook(edited, settings), cache))).toBe(dump(run(oneChapterBook(edited, settings))));
    }
  });

  it('counts each of footnotes.symbols as applied (the symbols are stored as list items)', () => {
    expect(isApplied('footnotes.symbols[0]')).toBe(true);
    expect(isApplied('footnotes.symbols[5]')).toBe(true);
  });
});
