import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { setParagraph, type SetLine } from '../../../src/worker/engine/paragraph';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';
import { textInline } from './helpers';

/**
 * `bodyText.optimalRagged` (configuration.md §6.3): ragged running text is broken total fit by
 * default (Knuth–Plass with the shortfall cost, text/linebreak-cost.ts); false breaks it first fit.
 */
const fonts = nodeFontRegistry([]);
const random = mulberry32(5);
const PARAGRAPHS = Array.from({ length: 40 }, () => paragraph(random));
const MEASURE = 150; // pt

const context = { footnoteMark: () => '1', refText: () => '?' };
const lineTexts = (lines: SetLine[]) => lines.map((l) => l.runs.map((r) => r.text).join('|'));
const setWith = (settings: LayoutSettings, text: string, justify: boolean) =>
  setParagraph({ inlines: [textInline(text)], style: settings.body.style, measure: MEASURE, indent: 0, justify }, { fonts, settings, context });

describe('bodyText.optimalRagged', () => {
  const optimal = settingsFromConfig({ bodyText: { textAlign: 'left' } } as never);
  const greedy = settingsFromConfig({ bodyText: { textAlign: 'left', optimalRagged: false } } as never);

  it('false sets ragged text first fit, as optimalLineBreaking false does', () => {
    let differ = 0;
    for (const text of PARAGRAPHS) {
      const lines = setWith(greedy, text, false);
      // The same lines the first-fit breaker gives (optimalLineBreaking false).
      expect(lineTexts(lines)).toEqual(lineTexts(setWith({ ...optimal, body: { ...optimal.body, optimalLineBreaking: false } }, text, false)));
      if (JSON.stringify(lineTexts(lines)) !== JSON.stringify(lineTexts(setWith(optimal, text, false)))) differ++;
    }
    // Total fit evens out the rag: on this many paragraphs it breaks some differently.
    expect(differ).toBeGreaterThan(0);
  });

  it('true (the default) keeps total fit; justified text is not concerned', () => {
    expect(optimal.body.optimalRagged).toBeUndefined();
    expect(greedy.body.optimalRagged).toBe(false);
    for (const text of PARAGRAPHS.slice(0, 10)) {
      expect(JSON.stringify(setWith(greedy, text, true))).toBe(JSON.stringify(setWith(optimal, text, true)));
    }
  });

  it('is declared applied', () => {
    expect(isApplied('bodyText.optimalRagged')).toBe(true);
  });
});
