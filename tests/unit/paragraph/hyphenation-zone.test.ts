import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { setParagraph, type SetLine } from '../../../src/worker/engine/paragraph';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';
import { textInline } from './helpers';

/**
 * `bodyText.hyphenation.zone` (configuration.md §6.2): ragged text splits a word only if moving it
 * whole would leave a gap wider than the zone; set line by line, at most 2 hyphenated lines in a row.
 */
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const fonts = nodeFontRegistry([]);
const random = mulberry32(11);
const PARAGRAPHS = Array.from({ length: 60 }, () => paragraph(random));
const MEASURE = 120; // pt: a narrow ragged column, where hyphens are frequent

function raggedSettings(zone: number | undefined, optimal = true): LayoutSettings {
  const s = defaultSettings();
  s.hyphenation = { ...s.hyphenation, ragged: true, ...(zone === undefined ? {} : { zone }) };
  s.body.optimalLineBreaking = optimal;
  return s;
}

const setRagged = (text: string, settings: LayoutSettings): SetLine[] =>
  setParagraph({ inlines: [textInline(text)], style: settings.body.style, measure: MEASURE, indent: 0, justify: false }, { fonts, settings, context: { footnoteMark: () => '1', refText: () => '?' }, hyphenator });

const hyphenatedLines = (settings: LayoutSettings): boolean[][] => PARAGRAPHS.map((text) => setRagged(text, settings).map((line) => line.hyphenated));
const count = (flags: boolean[][]): number => flags.flat().filter(Boolean).length;

describe('hyphenation.zone', () => {
  for (const optimal of [true, false]) {
    it(`${optimal ? 'total fit' : 'line by line'}: a wider zone splits fewer words, one as wide as the measure none`, () => {
      const none = count(hyphenatedLines(raggedSettings(0, optimal)));
      const byDefault = count(hyphenatedLines(raggedSettings(undefined, optimal)));
      const wide = count(hyphenatedLines(raggedSettings(MEASURE, optimal)));
      expect(none).toBeGreaterThan(byDefault);
      expect(byDefault).toBeGreaterThan(0);
      // A zone as wide as the measure: moving any word on leaves less, so no word is split.
      expect(wide).toBe(0);
    });
  }

  it('line by line: never more than 2 hyphenated lines in a row', () => {
    let pairs = 0;
    for (const flags of hyphenatedLines(raggedSettings(0, false))) {
      for (let i = 2; i < flags.length; i++) expect(flags[i] && flags[i - 1] && flags[i - 2]).toBe(false);
      for (let i = 1; i < flags.length; i++) if (flags[i] && flags[i - 1]) pairs++;
    }
    // The rule had something to limit: two in a row do occur with no zone.
    expect(pairs).toBeGreaterThan(0);
  });

  it('justified text is not concerned', () => {
    const justified = (s: LayoutSettings) => PARAGRAPHS.slice(0, 10).map((text) => JSON.stringify(setParagraph({ inlines: [textInline(text)], style: s.body.style, measure: MEASURE, indent: 0, justify: true }, { fonts, settings: s, context: { footnoteMark: () => '1', refText: () => '?' }, hyphenator })));
    expect(justified(raggedSettings(0))).toEqual(justified(raggedSettings(MEASURE)));
  });

  it('is read in the body em (3 em by default) and declared applied', () => {
    expect(settingsFromConfig({}).hyphenation.zone).toBeCloseTo(3 * 8, 6);
    expect(settingsFromConfig({ bodyText: { fontSize: { value: 10, unit: 'pt' }, hyphenation: { zone: { value: 2, unit: 'em' } } } } as never).hyphenation.zone).toBeCloseTo(20, 6);
    expect(isApplied('bodyText.hyphenation.zone')).toBe(true);
  });
});
