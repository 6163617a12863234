import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { setParagraph, type SetLine } from '../../../src/worker/engine/paragraph';
import { runOffset } from '../../../src/worker/engine/paragraph/lines';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { textInline } from './helpers';

/**
 * `bodyText.repeatHyphen` (configuration.md §6.3): a line broken at a compound's own hyphen repeats
 * the hyphen at the start of the next line (the Portuguese, Spanish and Croatian rule), and the
 * breakers count its width in that line.
 */
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const fonts = nodeFontRegistry([]);
const context = { footnoteMark: () => '1', refText: () => '?' };
// Compounds everywhere, so that many lines break at their hyphens.
const TEXT = Array.from({ length: 12 }, (_, i) => `the guarda-chuva and the well-known mother-in-law met a sea-green ${i % 2 ? 'long-standing' : 'self-taught'} couple`).join(' ');
const MEASURE = 140; // pt

function settingsWith(repeat: boolean, extra: Record<string, unknown> = {}): LayoutSettings {
  return settingsFromConfig({ locale: 'en-US', bodyText: { ...(repeat ? { repeatHyphen: true } : {}), ...extra } } as never);
}

function set(settings: LayoutSettings, justify = true, measure = MEASURE): SetLine[] {
  return setParagraph({ inlines: [textInline(TEXT)], style: settings.body.style, measure, indent: 0, justify }, { fonts, settings, context, hyphenator });
}

/** The line's characters left to right with their source offsets (−1: generated). */
function chars(line: SetLine): { char: string; offset: number; x: number }[] {
  const out: { char: string; offset: number; x: number }[] = [];
  for (const run of line.runs) run.glyphs.forEach((_, g) => out.push({ char: run.text[run.clusters[g]!]!, offset: runOffset(run, run.clusters[g]!), x: run.xs[g]! }));
  return out.sort((a, b) => a.x - b.x);
}

/** Indexes of the lines that end at a compound's hyphen (the text's own hyphen, not an added one). */
function compoundEnds(lines: SetLine[]): number[] {
  return lines.flatMap((line, i) => {
    const last = chars(line).at(-1)!;
    return i < lines.length - 1 && last.char === '-' && last.offset >= 0 ? [i] : [];
  });
}

describe('bodyText.repeatHyphen', () => {
  for (const [name, extra, justify] of [
    ['total fit, justified', {}, true],
    ['total fit, ragged', {}, false],
    ['first fit', { optimalLineBreaking: false }, true],
  ] as const) {
    it(`${name}: the next line opens with a generated hyphen, and every line keeps to the measure`, () => {
      const lines = set(settingsWith(true, extra), justify);
      const ends = compoundEnds(lines);
      expect(ends.length).toBeGreaterThan(0);
      for (const i of ends) {
        const first = chars(lines[i + 1]!)[0]!;
        expect(first).toMatchObject({ char: '-', offset: -1, x: 0 });
        // Then the compound goes on (its own characters, from the source).
        expect(chars(lines[i + 1]!)[1]!.offset).toBeGreaterThan(chars(lines[i]!).at(-1)!.offset);
      }
      // No other line opens with a hyphen.
      lines.forEach((line, i) => {
        if (i > 0 && !ends.includes(i - 1)) expect(chars(line)[0]!.char).not.toBe('-');
      });
      // The breaker measured the repeated hyphen: no line runs past the measure (the last glyph's
      // advance ends within it; justified lines fill it).
      for (const line of lines) expect(line.width).toBeLessThanOrEqual(MEASURE + 1e-3); // pt (ratios are snapped to 1e-9)
      // Extracted text loses nothing: every source character of the paragraph is set once.
      const sources = lines.flatMap((l) => chars(l).filter((c) => c.offset >= 0).map((c) => c.offset));
      expect(new Set(sources).size).toBe(sources.length);
    });
  }

  it('off by default: a line after a compound hyphen opens with the word', () => {
    expect(settingsWith(false).hyphenation.repeatHyphen).toBeUndefined();
    const lines = set(settingsWith(false));
    const ends = compoundEnds(lines);
    expect(ends.length).toBeGreaterThan(0);
    for (const i of ends) expect(chars(lines[i + 1]!)[0]!.char).not.toBe('-');
  });

  it('a compound that does not break is set as without the rule', () => {
    const wide = (s: LayoutSettings) => chars(set(s, false, 5000)[0]!).map((c) => ({ ...c, x: Math.round(c.x * 1000) / 1000 }));
    expect(wide(settingsWith(true))).toEqual(wide(settingsWith(false)));
  });

  it('the repeated hyphen takes room: a line that just fits without it turns over with it', () => {
    // Narrow ragged measures: the rule moves some breaks (the next line is a hyphen wider).
    let moved = 0;
    for (let measure = 100; measure < 180; measure += 4) {
      const texts = (s: LayoutSettings) => set(s, false, measure).map((l) => chars(l).filter((c) => c.offset >= 0).map((c) => c.offset).join(','));
      if (JSON.stringify(texts(settingsWith(true))) !== JSON.stringify(texts(settingsWith(false)))) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('is declared applied', () => {
    expect(isApplied('bodyText.repeatHyphen')).toBe(true);
  });
});
