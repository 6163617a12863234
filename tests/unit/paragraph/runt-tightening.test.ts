import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { listItemRunts, PreparedParagraphs, setParagraph, type ParagraphEnvironment, type SetLine } from '../../../src/worker/engine/paragraph';
import { defaultSettings, type LayoutSettings, type RuntRules } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';
import { textInline } from './helpers';
import { dump, oneChapterBook, run } from '../page/helpers';

/**
 * Runts (configuration.md §6.4): `tightenRunts` / `maxRuntTracking` (a runt that survives the
 * runt cost is pulled up by one line fewer, word spaces within the bounds and letters tracked
 * together by at most maxRuntTracking thousandths of an em), `gradedRuntPenalty`, `avoidRuntsInLists`.
 */
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const fonts = nodeFontRegistry([]);
const context = { footnoteMark: () => '1', refText: () => '?' };
const MEASURE = 187.8; // pt
const SIZE = 10; // pt, the body size of these tests (the em of maxRuntTracking)

function withRunts(rules: Partial<RuntRules>): LayoutSettings {
  const s = defaultSettings();
  s.body.style = { ...s.body.style, size: SIZE };
  s.body.runts = { graded: false, inLists: true, tighten: true, maxTracking: 10, ...rules };
  return s;
}

const env = (settings: LayoutSettings, prepared?: PreparedParagraphs): ParagraphEnvironment => ({ fonts, settings, context, hyphenator, ...(prepared ? { prepared } : {}) });
const setWith = (text: string, settings: LayoutSettings, extra: { avoidRunts?: boolean } = {}, prepared?: PreparedParagraphs): SetLine[] =>
  setParagraph({ inlines: [textInline(text)], style: settings.body.style, measure: MEASURE, indent: 12, justify: true, ...extra }, env(settings, prepared));
const textOf = (lines: readonly SetLine[]): string => lines.map((l) => l.runs.map((r) => r.text).join('')).join('').replace(/[\s-]/g, '');

/** Generated prose (fixed seed): the same 300 paragraphs every run. */
const random = mulberry32(7);
const PARAGRAPHS = Array.from({ length: 300 }, () => paragraph(random));

/** Gaps between the starts of consecutive clusters of a line, pt (runs in visual order). */
function clusterStarts(line: SetLine): number[] {
  const xs: number[] = [];
  for (const run of line.runs) run.xs.forEach((x, g) => (g === 0 || run.clusters[g] !== run.clusters[g - 1] ? xs.push(x) : undefined));
  return xs;
}

describe('runt tightening (tightenRunts, maxRuntTracking)', () => {
  const on = withRunts({});
  const off = withRunts({ tighten: false });
  const tightened = PARAGRAPHS.map((text) => ({ text, a: setWith(text, on), b: setWith(text, off) })).filter(({ a, b }) => a.length !== b.length);

  it('some paragraphs ending in a runt are set one line shorter, none longer', () => {
    expect(tightened.length).toBeGreaterThan(3);
    for (const { a, b } of tightened) {
      expect(a.length).toBe(b.length - 1);
      // The runt: under runtMinCharacters (20) normal spaces, a few letters; the new last line is longer.
      expect(textOf(b.slice(-1)).length).toBeLessThan(textOf(a.slice(-1)).length);
      expect(textOf(a)).toBe(textOf(b));
    }
  });

  it('tightened lines stay in the measure, tracked by no more than maxRuntTracking (10/1000 em) between two clusters', () => {
    const most = (10 / 1000) * SIZE;
    let compared = 0;
    for (const { text, a } of tightened) {
      // Justified lines fill the measure exactly; every cluster starts inside it.
      for (const line of a.slice(0, -1)) {
        expect(line.width).toBeCloseTo(MEASURE, 6);
        expect(Math.max(...clusterStarts(line))).toBeLessThan(MEASURE);
      }
      // Spacing between the letters of one word never tightens by more than the limit: the word
      // set alone (no tracking) against the same word in the tightened paragraph.
      const word = text.split(' ').find((w) => /^[a-z]{7,}$/.test(w))!;
      const alone = clusterStarts(setWith(word, off)[0]!);
      for (const line of a) {
        for (const run of line.runs) {
          const at = run.text.indexOf(` ${word} `);
          if (at < 0) continue;
          const starts = run.xs.filter((_, g) => run.clusters[g]! > at && run.clusters[g]! <= at + word.length && (g === 0 || run.clusters[g] !== run.clusters[g - 1]));
          if (starts.length !== alone.length) continue; // a ligature or kerning across the word's edge
          for (let k = 1; k < starts.length; k++) {
            const tracked = starts[k]! - starts[k - 1]!;
            const natural = alone[k]! - alone[k - 1]!;
            expect(tracked).toBeLessThanOrEqual(natural + 1e-6);
            expect(tracked).toBeGreaterThanOrEqual(natural - most - 1e-6);
            if (tracked < natural - 1e-3) compared++;
          }
        }
      }
    }
    // Letters were tightened somewhere (and never by more than the limit).
    expect(compared).toBeGreaterThan(0);
  });

  it('maxRuntTracking 0, tightenRunts false and avoidRunts false leave the runt', () => {
    const zero = withRunts({ maxTracking: 0 });
    const noRunts = withRunts({});
    noRunts.body.avoidRunts = false;
    const noRuntsOff = withRunts({ tighten: false });
    noRuntsOff.body.avoidRunts = false;
    for (const { text, b } of tightened.slice(0, 5)) {
      expect(JSON.stringify(setWith(text, zero))).toBe(JSON.stringify(b));
      expect(JSON.stringify(setWith(text, noRunts))).toBe(JSON.stringify(setWith(text, noRuntsOff)));
    }
  });

  it('a kept paragraph (its items as columns) is tightened the same, to the bit', () => {
    const prepared = new PreparedParagraphs();
    const inlines = tightened.slice(0, 6).map(({ text }) => [textInline(text)]);
    const request = (i: number, measure: number) => ({ inlines: inlines[i]!, style: on.body.style, measure, indent: 12, justify: true });
    for (const measure of [MEASURE, 150]) {
      const fresh = inlines.map((_, i) => JSON.stringify(setParagraph(request(i, measure), env(on))));
      const kept = inlines.map((_, i) => JSON.stringify(setParagraph(request(i, measure), env(on, prepared))));
      expect(kept).toEqual(fresh);
      prepared.keepWaiting();
    }
  });
});

describe('gradedRuntPenalty and avoidRuntsInLists', () => {
  it('gradedRuntPenalty: the runt cost ∝ (1 − w/threshold) changes some paragraphs', () => {
    const flat = withRunts({ tighten: false });
    const graded = withRunts({ tighten: false, graded: true });
    const differ = PARAGRAPHS.filter((text) => JSON.stringify(setWith(text, flat)) !== JSON.stringify(setWith(text, graded)));
    expect(differ.length).toBeGreaterThan(0);
  });

  it('a paragraph asked without runt rules (a list item under avoidRuntsInLists false) is set as with avoidRunts off', () => {
    const lists = withRunts({ inLists: false });
    expect(listItemRunts(lists)).toEqual({ avoidRunts: false });
    expect(listItemRunts(withRunts({}))).toEqual({});
    const noRunts = withRunts({});
    noRunts.body.avoidRunts = false;
    let differs = 0;
    for (const text of PARAGRAPHS.slice(0, 80)) {
      const item = setWith(text, lists, listItemRunts(lists));
      expect(JSON.stringify(item)).toBe(JSON.stringify(setWith(text, noRunts)));
      if (JSON.stringify(item) !== JSON.stringify(setWith(text, lists))) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it('list items are laid out without runt rules under avoidRuntsInLists false (body paragraphs keep them)', () => {
    // Ragged text (no hyphenation in these books): where the runt cost most often moves a break.
    const items = PARAGRAPHS.slice(0, 60).map((text) => `- ${text}`).join('\n');
    const paragraphs = PARAGRAPHS.slice(0, 60).join('\n\n');
    const withLists = (inLists: boolean) => {
      const s = defaultSettings();
      s.body.align = 'left';
      s.body.runts = { ...withRunts({}).body.runts!, inLists };
      return s;
    };
    expect(dump(run(oneChapterBook(items, withLists(false))))).not.toBe(dump(run(oneChapterBook(items, withLists(true)))));
    expect(dump(run(oneChapterBook(paragraphs, withLists(false))))).toBe(dump(run(oneChapterBook(paragraphs, withLists(true)))));
  });

  it('the four settings are read from the configuration and declared applied', () => {
    expect(settingsFromConfig({}).body.runts).toBeUndefined();
    const s = settingsFromConfig({ bodyText: { gradedRuntPenalty: true, avoidRuntsInLists: false, tightenRunts: false, maxRuntTracking: 5 } } as never);
    expect(s.body.runts).toEqual({ graded: true, inLists: false, tighten: false, maxTracking: 5 });
    for (const path of ['bodyText.gradedRuntPenalty', 'bodyText.avoidRuntsInLists', 'bodyText.tightenRunts', 'bodyText.maxRuntTracking']) expect(isApplied(path)).toBe(true);
  });
});
