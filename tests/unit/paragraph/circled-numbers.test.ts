/**
 * `cjk.circledNumbers` (configuration.md §14.1; text/circled-numbers.ts, paragraph/circled-numbers.ts):
 * under `cjk` (the default) a circled number is an ideographic cell — the CJK face, 1 em, no
 * latinSpacing against ideographs, breakable like an ideograph; under `western` it is a Latin
 * character — the text's own face when it has the glyph, its own width, latinSpacing against
 * ideographs, no break beside Latin letters and digits. Body face EB Garamond at 10 pt with Noto
 * Serif SC loaded (the fallback for ideographs): ideographs and Noto's circled numbers are 10 pt
 * wide; EB Garamond has ⑴ (0.924 em: 9.24 pt) but no ①; latinSpacing 0.25 em = 2.5 pt.
 */
import { describe, expect, it } from 'vitest';
import { breakOpportunities } from '../../../src/worker/engine/text/cjk';
import type { SetLine } from '../../../src/worker/engine/paragraph/lines';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { defaultCjkRules } from '../../../src/worker/engine/settings-cjk-rules';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { CircledNumbers } from '../../../src/worker/engine/text/circled-numbers';
import { nodeFontRegistry } from '../../support/node-world';
import { glyphSources, set, textInline } from './helpers';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const NOTO = fonts.match('Noto Serif SC', 400, 'normal').id;
const GARAMOND = fonts.match('EB Garamond', 400, 'normal').id;

function setText(text: string, mode: CircledNumbers, measure = 500): SetLine[] {
  return set(fonts, [textInline(text)], {
    family: 'EB Garamond',
    size: 10,
    measure,
    justify: false,
    language: 'ja',
    settings: (s: LayoutSettings) => {
      s.cjk = { ...defaultCjkRules('ja'), circledNumbers: mode };
    },
  });
}
/** Pen x of `char` on the line, and the face of its run. */
function at(line: SetLine, char: string): { x: number; font: string } {
  for (const run of line.runs) {
    const g = run.glyphs.findIndex((_, k) => run.text[run.clusters[k]!] === char);
    if (g >= 0) return { x: run.xs[g]!, font: run.fontId };
  }
  throw new Error(`${char} not on the line`);
}
const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 3);
const lineText = (line: SetLine): string => glyphSources(line).map((g) => g.char).join('');

describe('cjk.circledNumbers: cjk', () => {
  it('an ideographic cell: the CJK face, 1 em, no latinSpacing beside ideographs', () => {
    const [line] = setText('漢⑴字①語', 'cjk');
    // ⑴ is in EB Garamond, but set from Noto Serif SC as the ideographs are.
    expect(at(line!, '⑴').font).toBe(NOTO);
    expect(at(line!, '①').font).toBe(NOTO);
    close(at(line!, '⑴').x, 10);
    close(at(line!, '字').x, 20);
    close(at(line!, '①').x, 30);
    close(at(line!, '語').x, 40);
    close(line!.width, 50);
  });

  it('breaks before and after a circled number as beside an ideograph, Latin letters included', () => {
    // 漢 ① A ② 字: every boundary may break (ID on one side at least).
    expect(Array.from(breakOpportunities('漢①A②字', { circledNumbers: 'cjk' }))).toEqual([0, 1, 1, 1, 1]);
    // A 45 pt measure: 漢字①② (40 pt) on the first line, ③④語句 on the next (語句 close the
    // paragraph so the CJK runt rule, two letters on the last line, leaves the other breaks alone).
    const lines = setText('漢字①②③④語句', 'cjk', 45);
    expect(lines.map(lineText)).toEqual(['漢字①②', '③④語句']);
  });

  it('is the default: absent from the config and the rules', () => {
    expect(settingsFromConfig({ locale: 'ja' }).cjk.circledNumbers).toBeUndefined();
    expect(Array.from(breakOpportunities('①②字'))).toEqual([0, 1, 1]);
    expect(settingsFromConfig({ locale: 'ja', cjk: { circledNumbers: 'western' } }).cjk.circledNumbers).toBe('western');
  });
});

describe('cjk.circledNumbers: western', () => {
  it('a Latin character: the body face when it has the glyph, its own width, latinSpacing beside ideographs', () => {
    const [line] = setText('漢⑴字', 'western');
    // ⑴ from EB Garamond (9.24 pt), 2.5 pt of latinSpacing on each side.
    expect(at(line!, '⑴').font).toBe(GARAMOND);
    close(at(line!, '⑴').x, 12.5);
    close(at(line!, '字').x, 10 + 2.5 + 9.24 + 2.5);
  });

  it('a glyph the body face lacks comes from the fallback (Noto Serif SC), still spaced as Latin', () => {
    const [line] = setText('漢①字', 'western');
    expect(at(line!, '①').font).toBe(NOTO);
    close(at(line!, '①').x, 12.5);
    close(at(line!, '字').x, 25);
  });

  it('no break between a circled number and the Latin letters or digits beside it', () => {
    expect(Array.from(breakOpportunities('漢①A②字', { circledNumbers: 'western' }))).toEqual([0, 1, 0, 0, 1]);
    // A 45 pt measure: ①②③④ stay one word (40 pt), spaced 2.5 pt from the ideographs: 漢字 / ①②③④ / 語句.
    const lines = setText('漢字①②③④語句', 'western', 45);
    expect(lines.map(lineText)).toEqual(['漢字', '①②③④', '語句']);
  });
});
