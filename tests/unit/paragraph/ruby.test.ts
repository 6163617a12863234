/**
 * Ruby (document-format §18.4, configuration.md §14.1 `cjk.ruby`): readings set as glyph runs of
 * their line over (under, beside) their base characters — paragraph/ruby*.ts. Noto Serif SC at
 * 10 pt: every ideograph and kana is 1 em (10 pt) wide, a reading kana 0.5 em (5 pt), so the
 * positions below are worked out by hand from those widths.
 */
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { runSize, type LineRun, type SetLine } from '../../../src/worker/engine/paragraph/lines';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { defaultRubySettings, type RubySettings } from '../../../src/worker/engine/settings-ruby';
import { nodeFontRegistry } from '../../support/node-world';
import { set } from './helpers';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const SIZE = 10; // pt
const EM_BOX_TOP = 0.88; // em: the ideographic em box's top over the baseline

function inlinesOf(source: string): Inline[] {
  const block = parseChapter(`${source}\n`, { chapterId: 'c1', isFirstChapter: true }).blocks[0]!;
  return 'inlines' in block ? (block.inlines as Inline[]) : [];
}

function setRuby(source: string, options: { language?: string; measure?: number; ruby?: Partial<RubySettings>; justify?: boolean } = {}): SetLine[] {
  const language = options.language ?? 'zh';
  return set(fonts, inlinesOf(source), {
    family: 'Noto Serif SC',
    size: SIZE,
    measure: options.measure ?? 500,
    justify: options.justify ?? false,
    language,
    settings: (s: LayoutSettings) => {
      s.ruby = { ...defaultRubySettings(language), ...options.ruby };
    },
  });
}

const readings = (line: SetLine): LineRun[] => line.runs.filter((r) => r.ruby === true);
const texts = (line: SetLine): LineRun[] => line.runs.filter((r) => r.ruby !== true);
/** Pen x of the glyph showing `char` in the line's text runs. */
function baseX(line: SetLine, char: string): number {
  for (const run of texts(line)) {
    const g = run.glyphs.findIndex((_, k) => run.text[run.clusters[k]!] === char);
    if (g >= 0) return run.xs[g]!;
  }
  throw new Error(`${char} not on the line`);
}
const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 3);

describe('ruby readings over their bases', () => {
  it('mono ruby: each reading centred over its own character, on the em box, after the text runs', () => {
    const [line] = setRuby('人:ruby[日本]{rt="に|ほん"}人');
    const runs = readings(line!);
    expect(runs.map((r) => r.text)).toEqual(['に', 'ほん']);
    // The text run is the base text only, in reading order; the readings come after it.
    expect(texts(line!).map((r) => r.text).join('')).toBe('人日本人');
    expect(line!.runs.findIndex((r) => r.ruby)).toBe(texts(line!).length);
    // に (5 pt) over 日 (10..20): centred at 15 → starts at 12.5; ほん (10 pt) over 本 (20..30) starts at 20.
    close(baseX(line!, '日'), 10);
    close(runs[0]!.xs[0]!, 12.5);
    close(runs[1]!.xs[0]!, 20);
    close(runs[1]!.xs[1]!, 25);
    expect(runSize(runs[0]!)).toBe(5);
    // Over: the reading's em box (its baseline 0.12 em of its size over the box's foot) stands on the base's em box top.
    for (const dy of runs[0]!.dys!) close(dy, -(EM_BOX_TOP * SIZE + 0.12 * 5));
    // Nothing widened: the line is four ideographs.
    close(line!.width, 40);
  });

  it('a group reading longer than its base spreads the base (center: half before, half after)', () => {
    const [line] = setRuby('一:ruby[紅樓]{rt="あいうえおか" mode=group}夢', { ruby: { overhang: 'none', align: 'center' } });
    // Reading 6 × 5 = 30 pt over a base of 20 pt: 5 pt before and after the base.
    close(baseX(line!, '紅'), 10 + 5);
    close(baseX(line!, '樓'), 25);
    close(baseX(line!, '夢'), 40);
    close(readings(line!)[0]!.xs[0]!, 10);
    close(line!.width, 50);
  });

  it('jis: a longer group reading spaces its base 1:2:1', () => {
    const [line] = setRuby('一:ruby[紅樓]{rt="あいうえおか" mode=group}夢', { ruby: { overhang: 'none', align: 'jis' } });
    // 10 pt to share among 2 characters: 2.5 pt at each end, 5 pt between them.
    close(baseX(line!, '紅'), 12.5);
    close(baseX(line!, '樓'), 27.5);
    close(baseX(line!, '夢'), 40);
    close(readings(line!)[0]!.xs[0]!, 10);
  });

  it('jis: a kana reading shorter than its base is spread over it 1:2:1; pinyin never is', () => {
    const [line] = setRuby(':ruby[紅樓夢]{rt="あい" mode=group}', { ruby: { align: 'jis' } });
    // 2 kana (10 pt) over 30 pt: 20 pt in 4 shares of 5 pt → あ at 5, い at 5 + 5 + 10 = 20.
    const kana = readings(line!)[0]!;
    close(kana.xs[0]!, 5);
    close(kana.xs[1]!, 20);
    const [latin] = setRuby(':ruby[紅樓夢]{rt="ab" mode=group}', { ruby: { align: 'jis' } });
    const pinyin = readings(latin!)[0]!;
    // Centred as set (1:2:1 would put 'a' at 30 − w over 4 ≥ 5 pt and 'b' ≥ 10 pt after it): its letters touch, around 15.
    expect(pinyin.xs[1]! - pinyin.xs[0]!).toBeLessThan(5);
    expect(pinyin.xs[0]!).toBeGreaterThan(10);
    expect(pinyin.xs[1]!).toBeLessThan(20);
  });

  it('overhang kana: a long reading reaches over the kana beside it (up to one ruby em) instead of spreading its base', () => {
    const source = 'の:ruby[紅樓]{rt="あいうえおか" mode=group}の';
    const [over] = setRuby(source, { language: 'ja', ruby: { overhang: 'kana', align: 'center' } });
    // 10 pt too long, 5 pt a side, within one ruby em (5 pt): the base stays where it is.
    close(baseX(over!, '紅'), 10);
    close(baseX(over!, 'の'), 0);
    close(over!.width, 40);
    close(readings(over!)[0]!.xs[0]!, 5);
    // overhang none: the same reading spreads the base instead.
    const [none] = setRuby(source, { language: 'ja', ruby: { overhang: 'none', align: 'center' } });
    close(baseX(none!, '紅'), 15);
    close(none!.width, 50);
    // Beside ideographs, `kana` does not overhang.
    const [han] = setRuby('山:ruby[紅樓]{rt="あいうえおか" mode=group}山', { language: 'ja', ruby: { overhang: 'kana', align: 'center' } });
    close(baseX(han!, '紅'), 15);
  });

  it('mono ruby breaks between its characters; group ruby never does', () => {
    // 25 pt measure: two ideographs a line.
    const mono = setRuby(':ruby[紅樓夢]{rt="hong|lou|meng"}', { measure: 25, ruby: { overhang: 'none' } });
    expect(mono.length).toBeGreaterThan(1);
    for (const line of mono) expect(readings(line).length).toBe(texts(line).map((r) => r.text).join('').length);
    const group = setRuby(':ruby[紅樓夢]{rt="hónglóumèng" mode=group}', { measure: 25 });
    expect(group.length).toBe(1);
    expect(texts(group[0]!).map((r) => r.text).join('')).toBe('紅樓夢');
    expect(readings(group[0]!).map((r) => r.text).join('')).toBe('hónglóumèng');
  });

  it('counts that differ give one group reading; compact Japanese per-character readings are jukugo', () => {
    const [group] = setRuby(':ruby[紅樓夢]{rt="hóng lóu"}');
    expect(readings(group!).map((r) => r.text)).toEqual(['hóng lóu']);
    // Jukugo whose readings fit their characters stay per character.
    const [fits] = setRuby('{漢字|かん|じ}', { language: 'ja' });
    expect(readings(fits!).map((r) => r.text)).toEqual(['かん', 'じ']);
    // One reading too long for its character: the word takes one reading over both.
    const [long] = setRuby('{東京|とう|きょう}', { language: 'ja' });
    expect(readings(long!).map((r) => r.text)).toEqual(['とうきょう']);
  });

  it('under and right positions; zhuyin goes right by default', () => {
    const [under] = setRuby(':ruby[日]{rt="に" pos=under}');
    // Under: the reading's em box hangs from the base's em box foot (0.12 em under the baseline).
    for (const dy of readings(under!)[0]!.dys!) close(dy, 0.12 * SIZE + EM_BOX_TOP * 5);
    const [zhuyin] = setRuby('一:ruby[漢]{rt="ㄏㄢ"}字');
    const reading = readings(zhuyin!)[0]!;
    // A 5 pt column after 漢 (10..20): the reading stands in it, the next character after it.
    close(baseX(zhuyin!, '字'), 25);
    for (const x of reading.xs) close(x, 20);
    // Stacked top to bottom, one ruby em apart, the stack's middle level with the em box's (0.38 em up).
    close(reading.dys![1]! - reading.dys![0]!, 5);
    close(-(reading.dys![0]! + reading.dys![1]!) / 2 + 0.88 * 5 - 5 / 2, (EM_BOX_TOP - 0.5) * SIZE);
  });

  it('in vertical text a reading at the right runs down beside its base: set over, no column after it', () => {
    const [line] = set(fonts, inlinesOf('一:ruby[漢]{rt="ㄏㄢ"}字'), {
      family: 'Noto Serif SC',
      size: SIZE,
      measure: 500,
      justify: false,
      language: 'zh',
      settings: (s: LayoutSettings) => {
        s.vertical = { uprightDigits: 2, uprightMarks: false };
      },
    });
    const reading = readings(line!)[0]!;
    // Two 5 pt characters over a 10 pt base: centred on it, on the em box top (the right of the turned column).
    close(baseX(line!, '字'), 20);
    close(reading.xs[0]!, 10);
    for (const dy of reading.dys!) close(dy, -(EM_BOX_TOP * SIZE + 0.12 * 5));
  });

  it('cjk.ruby: size, colour and small kana', () => {
    const [line] = setRuby(':ruby[切手]{rt="きって" mode=group}', { ruby: { sizeEm: 0.4, colour: '#aa0000', fullKana: true } });
    const reading = readings(line!)[0]!;
    expect(reading.text).toBe('きつて');
    expect(runSize(reading)).toBeCloseTo(4, 6);
    expect(reading.colour).toBe('#aa0000');
  });
});

describe('ruby at a line end', () => {
  it('a reading that overhung a neighbour the break put on another line is moved back inside the line', () => {
    // 25 pt measure: の紅 | のの… with あいう (15 pt) over 紅 (10 pt), overhang kana: no padding (2.5 pt over each の).
    const lines = setRuby('のの:ruby[紅]{rt="あいう"}ののの', { language: 'ja', measure: 25, ruby: { overhang: 'kana', align: 'center' } });
    const at = lines.findIndex((l) => readings(l).length > 0);
    const line = lines[at]!;
    const reading = readings(line)[0]!;
    const left = baseX(line, '紅');
    const last = (r: LineRun) => r.xs[r.xs.length - 1]! + 5;
    if (left < 1e-6) {
      // 紅 opens the line: the reading starts with it instead of 2.5 pt before the measure.
      close(reading.xs[0]!, 0);
    } else {
      // 紅 ends the line: the reading ends with it.
      close(last(reading), left + 10);
    }
    // Either way it never leaves the line.
    expect(reading.xs[0]!).toBeGreaterThanOrEqual(-1e-6);
    expect(last(reading)).toBeLessThanOrEqual(line.width + 1e-6);
  });
});
