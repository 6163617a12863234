import { describe, expect, it } from 'vitest';
import { breakOpportunities } from '../../../src/worker/engine/text/cjk';
import { runOffset, runSize } from '../../../src/worker/engine/paragraph/lines';
import { nodeFontRegistry } from '../../support/node-world';
import { set, textInline, visualRuns } from './helpers';

const fonts = nodeFontRegistry(['Noto Serif SC', 'Noto Sans Arabic']);

describe('per-character font fallback', () => {
  it('sets characters EB Garamond lacks in the first bundled face that has them, and records it', () => {
    const text = 'The tea house 云间茶寮 stood above the village of مدينة الملح and Sdot Yam (שדות ים).';
    const lines = set(fonts, [textInline(text)], { measure: 2000, justify: false });
    const runs = lines.flatMap((l) => visualRuns(l));
    const han = runs.find((r) => r.text.includes('云'));
    const arabic = runs.find((r) => r.text.includes('مدينة'));
    const hebrew = runs.find((r) => r.text.includes('שדות'));
    const latin = runs.find((r) => r.text.includes('village'));
    expect(latin?.fontId).toBe('eb-garamond-400');
    // Serif text falls back to serif faces first: Noto Serif SC for Han.
    expect(han?.fontId).toBe('noto-serif-sc-400');
    expect(arabic?.fontId).toMatch(/^noto-sans-arabic-400/);
    expect(hebrew?.fontId).toBe('noto-sans-hebrew-400');
    // The substitutions are on the line and in the registry's log, for the checks.
    const subs = lines.flatMap((l) => l.substitutions ?? []);
    expect(subs.some((s) => s.text === '云' && s.requested === 'eb-garamond-400' && s.used === 'noto-serif-sc-400')).toBe(true);
    expect(fonts.fallbacks().some((s) => s.text === 'ש' && s.used === 'noto-sans-hebrew-400')).toBe(true);
    expect(lines[0]!.fonts).toEqual(expect.arrayContaining(['eb-garamond-400', 'noto-serif-sc-400', 'noto-sans-hebrew-400']));
  });

  it('records a character no face has as missing (used: null)', () => {
    const lines = set(fonts, [textInline('A rune ᚠ here.')], { measure: 2000, justify: false });
    const subs = lines.flatMap((l) => l.substitutions ?? []);
    expect(subs).toContainEqual({ text: 'ᚠ', requested: 'eb-garamond-400', used: null });
  });

  it('keeps a combining mark with its base in one face', () => {
    const lines = set(fonts, [textInline('e\u0301 云\u0301')], { measure: 2000, justify: false });
    const runs = lines.flatMap((l) => l.runs);
    expect(runs.find((r) => r.text.includes('云'))!.text).toContain('\u0301');
  });
});

/** An original paragraph of Chinese prose (written for these tests), dense with punctuation. */
const CHINESE = '「你看，」林婆婆指着山下说，「那边的云，早上是白的，中午是灰的，到了傍晚，就变成金色的了。」我顺着她的手指望去，只见一层一层的山（远的淡，近的浓）都浸在雾里。她又说：「茶也是这样，一天有一天的味道，一年有一年的味道。你急不得。」我点点头，没有说话——那时我还不太懂。后来在山里住了一年，喝了三百多杯茶，才慢慢明白：所谓味道，不过是时间留下的痕迹……';

describe('CJK line breaking', () => {
  it('offers breaks between ideographs but never before closing or after opening punctuation', () => {
    const text = '我说：「好。」他笑了（很久）。';
    const breaks = breakOpportunities(text);
    const allowedBefore = (ch: string, nth = 0) => {
      let at = -1;
      for (let k = 0; k <= nth; k++) at = text.indexOf(ch, at + 1);
      return breaks[at] === 1;
    };
    expect(allowedBefore('说')).toBe(true);
    expect(allowedBefore('：')).toBe(false);
    expect(allowedBefore('好')).toBe(false); // after 「
    expect(allowedBefore('。')).toBe(false);
    expect(allowedBefore('」')).toBe(false);
    expect(allowedBefore('很')).toBe(false); // after （
    expect(allowedBefore('）')).toBe(false);
    expect(breakOpportunities('Python3')).toEqual(new Uint8Array(7)); // Latin and digits stay whole
  });

  it('never starts a line with closing punctuation or ends one with an opening bracket, at many measures', () => {
    for (let measure = 60; measure <= 200; measure += 7) {
      const lines = set(fonts, [textInline(CHINESE)], { family: 'Noto Serif SC', measure, language: 'zh' });
      expect(lines.length).toBeGreaterThan(1);
      lines.forEach((line, i) => {
        const text = line.runs.map((r) => r.text).join('');
        expect('、。，．：；？！）」』】'.includes(text[0]!), `line ${i} at ${measure} pt: ${text}`).toBe(false);
        // The two-em dash and the ellipsis are never split between lines (UAX #14 class IN).
        if (i > 0) {
          const before = lines[i - 1]!.runs.map((r) => r.text).join('');
          expect(before.endsWith('—') && text.startsWith('—'), `—— split at ${measure} pt`).toBe(false);
          expect(before.endsWith('…') && text.startsWith('…'), `…… split at ${measure} pt`).toBe(false);
        }
        expect('（「『【'.includes(text[text.length - 1]!), `line ${i} at ${measure} pt: ${text}`).toBe(false);
      });
      // Justified lines fill the measure by spreading the gaps between characters.
      // A line that would need gaps past 0.5 em is flagged ragged instead (the checks' cjkLooseLine).
      for (const line of lines.slice(0, -1)) if (!line.ragged && !line.emergency) expect(line.width).toBeCloseTo(measure, 1);
      expect(lines.slice(0, -1).filter((l) => !l.ragged && !l.emergency).length).toBeGreaterThan(lines.length / 2);
      // bodyText.avoidRunts: the last line never holds one character alone (punctuation aside).
      const lastLine = lines[lines.length - 1]!.runs.map((r) => r.text).join('').replace(/[、。，：；？！）」』…—]/g, '');
      expect([...lastLine].length, `last line at ${measure} pt`).toBeGreaterThan(1);
      // The text of the lines is the paragraph's text, in order, with nothing lost or added.
      expect(lines.map((l) => l.runs.map((r) => r.text).join('')).join('')).toBe(CHINESE);
    }
  });

  it('puts cjk.latinSpacing between Chinese and Latin text where no space is typed', () => {
    const [line] = set(fonts, [textInline('我用Python写诗')], { family: 'Noto Serif SC', measure: 1000, justify: false, size: 10 });
    const spaced = set(fonts, [textInline('我用Python写诗')], { family: 'Noto Serif SC', measure: 1000, justify: false, size: 10, settings: (s) => (s.cjk.latinSpacing = 0) });
    // Two boundaries (用|P and n|写), each 0.25 em of 10 pt.
    const glyphEnd = (l: typeof line) => Math.max(...l!.runs.flatMap((r) => r.xs));
    expect(glyphEnd(line) - glyphEnd(spaced[0])).toBeCloseTo(2 * 0.25 * 10, 3);
  });

  it('compresses adjacent fullwidth punctuation (the first of 。」 takes half an em)', () => {
    const on = set(fonts, [textInline('好。」')], { family: 'Noto Serif SC', measure: 1000, justify: false, size: 10 });
    const off = set(fonts, [textInline('好。」')], { family: 'Noto Serif SC', measure: 1000, justify: false, size: 10, settings: (s) => (s.cjk.compressAdjacent = false) });
    const xs = (l: typeof on) => l[0]!.runs[0]!.xs;
    expect(xs(off)[2]! - xs(on)[2]!).toBeCloseTo(5, 3);
  });
});

describe('synthesised small capitals', () => {
  it('sets lower case as capitals at 70 % and keeps capitals full size; the text is the capitals', () => {
    const inline = { ...textInline('Postext Sandbox'), marks: ['smallcaps'] } as never;
    const [line] = set(fonts, [inline], { measure: 1000, justify: false, size: 10 });
    const sizes = line!.runs.map((r) => runSize(r));
    expect(sizes).toContain(10);
    expect(sizes).toContain(7);
    const text = line!.runs.map((r) => r.text).join('');
    expect(text.replace(/ /g, '')).toBe('POSTEXTSANDBOX');
    // Every glyph still maps to its source character.
    for (const run of line!.runs) for (const c of run.clusters) expect('Postext Sandbox'[runOffset(run, c)]!.toUpperCase()).toBe(run.text[c]);
  });
});
