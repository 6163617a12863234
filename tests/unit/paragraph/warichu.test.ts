/**
 * Warichu (割注 / 双行夹注; document-format §18.4, configuration.md §14.1 `cjk.warichu`): a note set
 * in two half-size rows inside the line, flowing on across lines — paragraph/warichu*.ts. Noto
 * Serif SC at 10 pt: every ideograph is 1 em (10 pt) wide, so a note character at the default half
 * size is 5 pt and a unit of two stacked characters takes 5 pt of the line; the positions below
 * are worked out by hand from those widths.
 */
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { runOffsets, runSize, type LineRun, type SetLine } from '../../../src/worker/engine/paragraph/lines';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { defaultWarichuSettings, type WarichuSettings } from '../../../src/worker/engine/settings-warichu';
import { nodeFontRegistry } from '../../support/node-world';
import { set } from './helpers';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const SIZE = 10; // pt
const HALF = SIZE / 2; // pt: a note character at the default 0.5 em

function inlinesOf(source: string): Inline[] {
  const block = parseChapter(`${source}\n`, { chapterId: 'c1', isFirstChapter: true }).blocks[0]!;
  return 'inlines' in block ? (block.inlines as Inline[]) : [];
}

function setNote(source: string, options: { language?: string; measure?: number; warichu?: Partial<WarichuSettings>; justify?: boolean } = {}): SetLine[] {
  const language = options.language ?? 'zh';
  return set(fonts, inlinesOf(source), {
    family: 'Noto Serif SC',
    size: SIZE,
    measure: options.measure ?? 500,
    justify: options.justify ?? false,
    language,
    settings: (s: LayoutSettings) => {
      s.warichu = { ...defaultWarichuSettings(language), ...options.warichu };
    },
  });
}

/** The note's runs on a line: the half-size ones. */
const rows = (line: SetLine): LineRun[] => line.runs.filter((r) => runSize(r) < SIZE);
/** The runs of the upper and lower row (a row's runs share their baseline offset). */
function rowsOf(line: SetLine): { top: LineRun[]; bottom: LineRun[] } {
  const half = rows(line);
  const highest = Math.min(...half.map((r) => r.dys![0]!));
  return { top: half.filter((r) => r.dys![0] === highest), bottom: half.filter((r) => r.dys![0] !== highest) };
}
const textOf = (runs: readonly LineRun[]): string => runs.map((r) => r.text).join('');
const xsOf = (runs: readonly LineRun[]): number[] => runs.flatMap((r) => r.xs.map((x) => Math.round(x * 1000) / 1000));
const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 3);

describe('warichu: two half-size rows inside the line', () => {
  it('sets the note in two rows of half size, the first half on top, centred on the line', () => {
    const [line] = setNote('天地:warichu[一二三四五六]玄黄');
    const { top, bottom } = rowsOf(line!);
    expect(textOf(top)).toBe('一二三');
    expect(textOf(bottom)).toBe('四五六');
    for (const run of [...top, ...bottom]) close(runSize(run), HALF);
    // 天 0–10, 地 10–20, the note's three units (5 pt each) 20–35, then 玄 at 35 and 黄 at 45.
    expect(xsOf(top)).toEqual([20, 25, 30]);
    expect(xsOf(bottom)).toEqual([20, 25, 30]);
    const text = line!.runs.filter((r) => runSize(r) === SIZE);
    expect(textOf(text)).toBe('天地玄黄');
    expect(xsOf(text)).toEqual([0, 10, 35, 45]);
    // Baselines (dys, positive down): the rows stand on the line's ideographic centre, 0.38 em over the
    // baseline (the em box runs from −0.12 to 0.88 em): the top row's em box [3.8, 8.8] pt over the
    // baseline, its baseline 0.12 × 5 pt over its foot (−4.4); the bottom row's [−1.2, 3.8], baseline +0.6.
    for (const run of top) for (const dy of run.dys!) close(dy, -4.4);
    for (const run of bottom) for (const dy of run.dys!) close(dy, 0.6);
    // Both rows inside the line's em box (0.88 em over, 0.12 em under the baseline): one line high.
    const topOfTopRow = 4.4 + 0.88 * HALF;
    const footOfBottomRow = -0.6 - 0.12 * HALF;
    close(topOfTopRow, 0.88 * SIZE);
    close(footOfBottomRow, -0.12 * SIZE);
  });

  it('an odd note: the top row takes the odd character, the bottom row keeps its pitch', () => {
    const [line] = setNote('天:warichu[一二三四五]地');
    const { top, bottom } = rowsOf(line!);
    expect(textOf(top)).toBe('一二三');
    expect(textOf(bottom)).toBe('四五');
    // Units (一二)(三四)(五): 15 pt, the lone last one as wide as its character.
    expect(xsOf(top)).toEqual([10, 15, 20]);
    expect(xsOf(bottom)).toEqual([10, 15]);
    expect(xsOf(line!.runs.filter((r) => runSize(r) === SIZE))).toEqual([0, 25]);
  });

  it('Latin letters in a note: rows cut to about one length, not one count, both within the segment', () => {
    // m is 0.974 em (4.87 pt at 5 pt), l 0.334 em (1.67 pt). mmmmllllllll: units (mm)(mm)(ll)(ll)(ll)(ll)
    // give the segment 2 × 4.87 + 4 × 1.67 = 16.42 pt, after 天 and the 0.25 em CJK–Latin space (12.5 pt).
    // Cut after three m: 14.61 over 18.23 pt (after four: 19.48 over 13.36; six and six: 21.15 over 10.02).
    const [line] = setNote('天:warichu[mmmmllllllll]地');
    const { top, bottom } = rowsOf(line!);
    expect(textOf(top)).toBe('mmm');
    expect(textOf(bottom)).toBe('mllllllll');
    const end = 12.5 + 16.42;
    close(top[0]!.xs[0]!, 12.5);
    close(bottom[0]!.xs[0]!, 12.5);
    // The top row spread to the segment's end, the longer bottom row drawn together to it.
    expect(top[0]!.xs[2]! + 0.974 * HALF).toBeCloseTo(end, 2);
    expect(bottom[0]!.xs[8]! + 0.334 * HALF).toBeCloseTo(end, 2);
    expect(line!.runs.find((r) => r.text === '地')!.xs[0]).toBeCloseTo(end + 2.5, 2);
  });

  it('a word space at either end of a row takes no room there, and stays in the text', () => {
    const [line] = setNote('天:warichu[see p. 12 and Smith 1990]地');
    const { top, bottom } = rowsOf(line!);
    // Cut at the space before Smith (the rows of about one length), which opens the bottom row.
    expect(textOf(top)).toBe('see p. 12 and');
    expect(textOf(bottom)).toBe(' Smith 1990');
    const inkX = (runs: LineRun[], char: string): number => {
      const run = runs.find((r) => r.text.includes(char))!;
      return run.xs[run.clusters.indexOf(run.text.indexOf(char))]!;
    };
    // Both rows start at the segment's start, after 天 and the 0.25 em CJK–Latin space: s and S level.
    close(inkX(top, 's'), 12.5);
    close(inkX(bottom, 'S'), 12.5);
  });

  it('reads in order: the text before, the top row, the bottom row, the text after; the note keeps its source offsets', () => {
    const source = '天地:warichu[一二三四]玄黄';
    const [line] = setNote(source);
    expect(line!.runs.map((r) => r.text)).toEqual(['天地', '一二', '三四', '玄黄']);
    // Each character maps to its own place in the source.
    for (const run of line!.runs) expect(runOffsets(run).map((o) => source[o])).toEqual([...run.text]);
    expect(line!.srcFrom).toBe(0);
    expect(line!.srcTo).toBe(source.length);
  });

  it('a long note flows on: the line takes as many characters as fit in two rows, the rest starts the next line as a new segment', () => {
    const note = '一二三四五六七八九十百千万亿兆京';
    const source = `天地玄黄宇宙洪荒:warichu[${note}]日月盈昃辰宿列张寒来暑往秋收冬藏。`;
    // 100 pt, justified: eight ideographs leave 20 pt, four units: 一二三四 over 五六七八 fill the line.
    const lines = setNote(source, { measure: 100, justify: true });
    expect(lines.length).toBeGreaterThan(1);
    const first = rowsOf(lines[0]!);
    expect(textOf(first.top)).toBe('一二三四');
    expect(textOf(first.bottom)).toBe('五六七八');
    expect(xsOf(first.top)).toEqual([80, 85, 90, 95]);
    expect(xsOf(first.bottom)).toEqual([80, 85, 90, 95]);
    // The next line opens with the rest in two rows of its own: 九十百千 over 万亿兆京, then the text from 20 pt.
    const second = rowsOf(lines[1]!);
    expect(textOf(second.top)).toBe('九十百千');
    expect(textOf(second.bottom)).toBe('万亿兆京');
    expect(xsOf(second.top)).toEqual([0, 5, 10, 15]);
    expect(xsOf(second.bottom)).toEqual([0, 5, 10, 15]);
    expect(lines[1]!.runs.find((r) => runSize(r) === SIZE)!.xs[0]).toBeCloseTo(20, 3);
    expect(textOf(lines[1]!.runs)).toBe('九十百千万亿兆京日月盈昃辰宿列张');
    // Each line covers the note's source it sets (the paragraph may be cut between them on a page).
    expect(source.slice(lines[1]!.srcFrom, lines[1]!.srcFrom + 1)).toBe('九');
    for (const line of lines.slice(0, 2)) expect(line.width).toBeCloseTo(100, 3);
  });

  it('rows of a flowing note are of equal length (±1 character) on every line, in a justified paragraph too', () => {
    const note = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥天干地支';
    const source = `上古之书，多以:warichu[${note}]为记，其法甚古，后世因之而不改焉。`;
    for (const measure of [60, 75, 90, 130]) {
      const lines = setNote(source, { measure, justify: true });
      let read = '';
      for (const line of lines) {
        const { top, bottom } = rowsOf(line);
        if (top.length === 0) continue;
        const upper = [...textOf(top)].length;
        const lower = [...textOf(bottom)].length;
        expect(upper - lower === 0 || upper - lower === 1, `${measure}: ${upper} over ${lower}`).toBe(true);
        // Both rows fill the segment: they start and (full rows) end together.
        expect(top[0]!.xs[0]).toBeCloseTo(bottom[0]?.xs[0] ?? top[0]!.xs[0]!, 3);
        read += textOf(top) + textOf(bottom);
        expect(line.width).toBeLessThanOrEqual(measure + 1e-6);
      }
      expect(read, `${measure}`).toBe(note);
    }
  });

  it('breaks inside the note only where the CJK rules allow: never before 。', () => {
    // Nine ideographs leave 10 pt: two units, 一二 over 三四, fill the line.
    const plain = setNote('天地玄黄宇宙洪荒日:warichu[一二三四六七八]月盈昃辰宿列张寒来暑往。', { measure: 100, justify: true });
    expect(textOf(rowsOf(plain[0]!).top) + textOf(rowsOf(plain[0]!).bottom)).toBe('一二三四');
    // With 。 as the note's fifth character the line may not break before it (kinsoku): the note breaks
    // after its first unit (一 over 二), and the next segment takes 。 inside its top row.
    const lines = setNote('天地玄黄宇宙洪荒日:warichu[一二三四。六七八]月盈昃辰宿列张寒来暑往。', { measure: 100, justify: true });
    const first = rowsOf(lines[0]!);
    expect([textOf(first.top), textOf(first.bottom)]).toEqual(['一', '二']);
    const second = rowsOf(lines[1]!);
    expect([textOf(second.top), textOf(second.bottom)]).toEqual(['三四。', '六七八']);
  });
});

describe('warichu brackets, size and colour (cjk.warichu)', () => {
  it('Japanese books put the note in （ ） by default, full size, around the whole note; Chinese books in none', () => {
    expect(settingsFromConfig({ locale: 'ja' }).warichu).toMatchObject({ open: '（', close: '）', sizeEm: 0.5 });
    expect(settingsFromConfig({ locale: 'zh-CN' }).warichu).toMatchObject({ open: '', close: '' });
    const source = '天地玄黄宇宙洪荒:warichu[一二三四五六七八九十百千]日月盈昃辰宿列张寒来暑往。';
    const ja = setNote(source, { language: 'ja', measure: 100 });
    const full = ja.flatMap((l) => l.runs.filter((r) => runSize(r) === SIZE));
    const text = full.map((r) => r.text).join('');
    // One open bracket before the first segment, one close bracket after the last, both at the text's size.
    expect([...text].filter((c) => c === '（').length).toBe(1);
    expect([...text].filter((c) => c === '）').length).toBe(1);
    const openLine = ja.findIndex((l) => l.runs.some((r) => runSize(r) === SIZE && r.text.includes('（')));
    const closeLine = ja.findIndex((l) => l.runs.some((r) => runSize(r) === SIZE && r.text.includes('）')));
    expect(closeLine).toBeGreaterThan(openLine);
    // In reading order: the open bracket ends the run before the first row, the close bracket opens the run after the last.
    const firstRow = ja[openLine]!.runs.findIndex((r) => runSize(r) < SIZE);
    expect(ja[openLine]!.runs[firstRow - 1]!.text.endsWith('（')).toBe(true);
    const lastRows = ja[closeLine]!.runs;
    const after = lastRows.findIndex((r, k) => runSize(r) === SIZE && k > 0 && runSize(lastRows[k - 1]!) < SIZE);
    expect(lastRows[after]!.text.startsWith('）')).toBe(true);
    // No bracket in the rows; none at all in Chinese.
    expect(ja.flatMap(rows).some((r) => /[（）]/.test(r.text))).toBe(false);
    const zh = setNote(source, { language: 'zh', measure: 100 });
    expect(zh.flatMap((l) => l.runs).some((r) => /[（）]/.test(r.text))).toBe(false);
  });

  it('the directive\'s open/close win over cjk.warichu, which win over the default', () => {
    const [line] = setNote('天:warichu[一二三四]{open="〔" close="〕"}地', { language: 'ja' });
    expect(textOf(line!.runs.filter((r) => runSize(r) === SIZE))).toBe('天〔〕地');
    const [set2] = setNote('天:warichu[一二三四]地', { language: 'zh', warichu: { open: '【', close: '】' } });
    expect(textOf(set2!.runs.filter((r) => runSize(r) === SIZE))).toBe('天【】地');
    expect(settingsFromConfig({ locale: 'ja', cjk: { warichu: { open: '', close: '' } } }).warichu).toMatchObject({ open: '', close: '' });
  });

  it('cjk.warichu.color colours the rows and the brackets; fontSize sets the rows', () => {
    const colour = '#aa2200';
    const settings = settingsFromConfig({ locale: 'ja', cjk: { warichu: { color: colour, fontSize: { value: 0.4, unit: 'em' } } } });
    expect(settings.warichu).toMatchObject({ colour, sizeEm: 0.4 });
    const [line] = setNote('天:warichu[一二三四]地', { language: 'ja', warichu: settings.warichu! });
    for (const run of rows(line!)) {
      expect(run.colour).toBe(colour);
      close(runSize(run), 4);
    }
    const brackets = line!.runs.flatMap((r) => [...r.text].map((c) => ({ c, colour: r.colour }))).filter((g) => g.c === '（' || g.c === '）');
    expect(brackets.length).toBe(2);
    // The brackets are runs of their own in the note's colour; the text around keeps its own.
    const bracketRuns = line!.runs.filter((r) => runSize(r) === SIZE && /[（）]/.test(r.text));
    for (const run of bracketRuns) {
      expect(run.text.replace(/[^（）]/g, '')).toBe(run.text);
      expect(run.colour).toBe(colour);
    }
    expect(line!.runs.find((r) => r.text.includes('天'))!.colour).not.toBe(colour);
  });
});
