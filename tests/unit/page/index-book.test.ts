/**
 * The back-of-book index laid out (document-format §16, configuration.md §11.6): a book of three
 * chapters with index marks and a closing chapter printing `:::index`. The expected page labels are
 * read from where the marked words were set, not hard-coded.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, type BookInput } from '../../../src/worker/engine';
import { isApplied } from '../../../src/worker/config';
import { unappliedValueReadAs } from '../../../src/worker/config/warnings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem, PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { dump, fonts, inkExtent, run, runs } from './helpers';

const SENTENCE = 'The keeper wrote a long account of the storm and of the ships that passed the point that night. ';
/** A paragraph of six sentences ending in `tail`. */
const para = (tail: string): string => SENTENCE.repeat(6) + tail;

function book(config: Record<string, unknown> = {}, extra = ''): BookInput {
  const settings = settingsFromConfig({ layout: { layoutType: 'single' }, ...config } as never);
  // Chapter one: "lantern" marked at the end of each of 30 paragraphs (several pages: merged into a range);
  // the heart's failure a start/end pair around them.
  const lanterns = Array.from({ length: 30 }, (_, i) => para(`Lantern ${i}.:index{term="lantern"}`)).join('\n\n');
  return {
    title: 'Book',
    settings,
    chapters: [
      { id: 'one', title: '', source: `# Light\n\nIron-deficiency :index[anaemia] is common.:index{term="Heart!failure" range="start"}\n\n${extra}${lanterns}\n\nThe end of it.:index{term="Heart!failure" range="end"}\n` },
      { id: 'two', title: '', source: `# Pulse\n\nThe pulse is taken at the wrist.:index{term="Pulse!radial" main}\n\nMore about :index[anaemia]{main} here.\n\n${para('Zebra crossing.:index{term="zebra"} And an émigré:index{term="Émigré"} too.')}\n` },
      { id: 'three', title: '', source: `# Heart\n\nThe valves close.:index{term="Heart" sub="valves"}\n\n${para('Tail of the heart.:index{term="lantern"}')}\n` },
      { id: 'back', title: '', source: `# Index {toc="false"}\n\n:index{term="Cardiac insufficiency" see="Heart!failure"}\n\n:::index\n` },
    ],
  };
}

/** The label of the page (in chapter `chapter`) holding the first run whose text includes `words`. */
function pageOf(pages: readonly PageDisplayList[], chapter: string, words: string): string {
  const page = pages.find((p) => runs(p).some((r) => r.chapter === chapter && r.line?.role !== 'header' && r.line?.role !== 'footer' && r.text.includes(words)));
  if (!page) throw new Error(`"${words}" not set in ${chapter}`);
  return page.label;
}

/** The index's lines: runs of the index chapter's `:::index` block grouped by page and baseline, in order. */
function indexLines(pages: readonly PageDisplayList[]): { text: string; x: number; runs: GlyphRunItem[] }[] {
  const out: { text: string; x: number; runs: GlyphRunItem[]; key: string }[] = [];
  for (const page of pages) {
    if (page.chapter !== 'back') continue;
    for (const r of runs(page)) {
      if (r.line?.role !== 'body' || r.chapter !== 'back') continue;
      const key = `${page.index}@${r.y}`;
      const last = out[out.length - 1];
      if (last && last.key === key) {
        // Word spaces are glue, not glyphs: a gap between two runs reads as a space.
        const gap = inkExtent(r).left - inkExtent(last.runs[last.runs.length - 1]!).right;
        last.text += (gap > 1 && !last.text.endsWith(' ') ? ' ' : '') + r.text;
        last.runs.push(r);
      } else out.push({ text: r.text, x: r.xs[0]!, runs: [r], key });
    }
  }
  return out;
}

const isBold = (r: GlyphRunItem): boolean => fonts.get(r.font)!.weight >= 600;
const isItalic = (r: GlyphRunItem): boolean => fonts.get(r.font)!.style === 'italic';

describe(':::index', () => {
  const input = book();
  const layout = run(input);
  const pages = layout.pages;
  const lines = indexLines(pages);
  const line = (start: string) => {
    const found = lines.find((l) => l.text.startsWith(start));
    if (!found) throw new Error(`no index line starting "${start}" in ${JSON.stringify(lines.map((l) => l.text))}`);
    return found;
  };

  it('converges and lists the terms sorted under letter heads', () => {
    expect(layout.labelsUnsettled).toBeUndefined();
    const texts = lines.map((l) => l.text.replace(/,.*|\..*/, ''));
    expect(texts).toEqual(['A', 'anaemia', 'C', 'Cardiac insufficiency', 'E', 'Émigré', 'H', 'Heart', 'failure', 'valves', 'L', 'lantern', 'P', 'Pulse', 'radial', 'Z', 'zebra']);
  });

  it('prints the pages the marks landed on, merged, main pages bold', () => {
    const one = pageOf(pages, 'one', 'anaemia');
    const two = pageOf(pages, 'two', 'anaemia');
    expect(line('anaemia').text).toBe(`anaemia, ${one}, ${two}`);
    // The main page (chapter two's mark) bold, the other not.
    const anaemia = line('anaemia').runs;
    expect(anaemia.filter(isBold).map((r) => r.text.trim())).toEqual([two]);
    expect(anaemia.some((r) => r.text.includes(one) && !isBold(r))).toBe(true);
    // Lantern: the first and last of chapter one's marks span several pages, merged into one range, then chapter three's page.
    const first = pageOf(pages, 'one', 'Lantern 0.');
    const last = pageOf(pages, 'one', 'Lantern 29.');
    expect(Number(last)).toBeGreaterThan(Number(first) + 1);
    expect(line('lantern').text).toBe(`lantern, ${first}–${last}, ${pageOf(pages, 'three', 'Tail of the heart.')}`);
    // The range pair: from the start mark's page to the end mark's.
    expect(line('failure').text).toBe(`failure, ${pageOf(pages, 'one', 'Iron-deficiency')}–${pageOf(pages, 'one', 'The end of it.')}`);
    expect(line('radial').text).toBe(`radial, ${pageOf(pages, 'two', 'the wrist.')}`);
    expect(line('radial').runs.filter(isBold).map((r) => r.text.trim())).toEqual([pageOf(pages, 'two', 'the wrist.')]);
  });

  it('sets a see reference with its italic label, and indents sub-entries', () => {
    const see = line('Cardiac insufficiency');
    expect(see.text).toBe('Cardiac insufficiency. See Heart: failure');
    expect(see.runs.filter(isItalic).map((r) => r.text)).toEqual(['See']);
    // Heart (no page of its own), its sub-entries one em (the body size) further in.
    expect(line('Heart').text).toBe('Heart');
    const em = input.settings.body.style.size;
    expect(line('failure').x - line('Heart').x).toBeCloseTo(em, 2);
    expect(line('valves').x - line('Heart').x).toBeCloseTo(em, 2);
    expect(line('lantern').x).toBeCloseTo(line('Heart').x, 2);
    // Group heads bold.
    expect(line('H').runs.every(isBold)).toBe(true);
    expect(line('Heart').runs.some(isBold)).toBe(false);
  });

  it('sets entries in the index type: a smaller size and own leading off the grid', () => {
    const small = indexLines(run(book({ index: { fontSize: { value: 8, unit: 'pt' }, lineHeight: { value: 10, unit: 'pt' } } })).pages);
    const a = small.find((l) => l.text.startsWith('anaemia'))!;
    const c = small.find((l) => l.text.startsWith('C'))!;
    expect(a.runs[0]!.size).toBe(8);
    // anaemia → (group margin one index line) → C: two index lines of 10 pt below.
    expect(c.runs[0]!.y - a.runs[0]!.y).toBeCloseTo(20, 2);
    expect(isApplied('index.fontSize')).toBe(true);
    expect(isApplied('index.groups.marginTop')).toBe(true);
    // Japanese gojūon and kana heads are built; Chinese pinyin and stroke heads are not (set without heads).
    expect(unappliedValueReadAs('index.groupBy', 'gojuon')).toBeUndefined();
    expect(unappliedValueReadAs('index.groupBy', 'pinyin')).toBe('none');
    expect(settingsFromConfig({ locale: 'ja' } as never).index!.entries.groups!.by).toBe('gojuon');
    expect(settingsFromConfig({ locale: 'zh-Hans' } as never).index!.entries.groups).toBeNull();
  });

  it('relaid out after an edit equals a layout from scratch', () => {
    const cache = new EngineCache();
    run(input, cache);
    // Ten more paragraphs (about a page) at chapter one's head push its marks on.
    const edited = book({}, `${Array.from({ length: 10 }, (_, n) => n).map((n) => para(`Pushed ${n}.`)).join('\n\n')}\n\n`);
    const incremental = run(edited, cache);
    const fresh = run(edited);
    expect(dump(incremental)).toBe(dump(fresh));
    expect(pageOf(fresh.pages, 'one', 'Lantern 0.')).not.toBe(pageOf(pages, 'one', 'Lantern 0.'));
    expect(incremental.labelsUnsettled).toBeUndefined();
    expect(indexLines(fresh.pages).find((l) => l.text.startsWith('lantern'))!.text).toBe(`lantern, ${pageOf(fresh.pages, 'one', 'Lantern 0.')}–${pageOf(fresh.pages, 'one', 'Lantern 29.')}, ${pageOf(fresh.pages, 'three', 'Tail of the heart.')}`);
  });
});
