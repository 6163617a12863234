/**
 * Kanbun marks (document-format §18.4 `:kunten[字]{kaeri okuri tate}`, configuration.md §14.1
 * `cjk.kunten`): paragraph/kunten*.ts. Noto Serif SC at 10 pt: every ideograph and katakana is 1 em
 * (10 pt) wide, a half-size mark 5 pt, so the positions below are worked out by hand from those
 * widths. The ideographic em box runs from 0.12 em under the baseline to 0.88 em over it: its
 * centre is 0.38 em (3.8 pt) over the baseline.
 */
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { runSize, type LineRun, type SetLine } from '../../../src/worker/engine/paragraph/lines';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { defaultKuntenSettings, type KuntenSettings } from '../../../src/worker/engine/settings-kunten';
import { defaultRubySettings } from '../../../src/worker/engine/settings-ruby';
import { nodeFontRegistry } from '../../support/node-world';
import { runChecks } from '../checks/run-checks';
import { settingsNotApplied } from '../../../src/worker/config';
import { set } from './helpers';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const SIZE = 10; // pt
const CENTRE = 0.38 * SIZE; // pt over the baseline: the base's ideographic centre

function inlinesOf(source: string): Inline[] {
  const block = parseChapter(`${source}\n`, { chapterId: 'c1', isFirstChapter: true }).blocks[0]!;
  return 'inlines' in block ? (block.inlines as Inline[]) : [];
}

function setKunten(source: string, kunten: Partial<KuntenSettings> = {}, measure = 500): SetLine[] {
  return set(fonts, inlinesOf(source), {
    family: 'Noto Serif SC',
    size: SIZE,
    measure,
    justify: false,
    language: 'ja',
    settings: (s: LayoutSettings) => {
      s.kunten = { ...defaultKuntenSettings(), ...kunten };
      s.ruby = defaultRubySettings('ja');
    },
  });
}

const marks = (line: SetLine): LineRun[] => line.runs.filter((r) => r.ruby === true);
const texts = (line: SetLine): LineRun[] => line.runs.filter((r) => r.ruby !== true);
const mark = (line: SetLine, text: string): LineRun => marks(line).find((r) => r.text === text)!;
/** Pen x of the glyph showing `char` in the line's text runs. */
function baseX(line: SetLine, char: string): number {
  for (const run of texts(line)) {
    const g = run.glyphs.findIndex((_, k) => run.text[run.clusters[k]!] === char);
    if (g >= 0) return run.xs[g]!;
  }
  throw new Error(`${char} not on the line`);
}
const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 3);
/** A mark's em box over the baseline, pt: [foot, top] (its baseline is dy under the line's; em box −0.12…0.88 em of its size). */
function emBox(run: LineRun): [number, number] {
  const up = -run.dys![0]!;
  return [up - 0.12 * runSize(run), up + 0.88 * runSize(run)];
}

describe('kanbun marks (inline, the default)', () => {
  it('half size; okurigana over and the return mark under the base centre, both right after the base; the advance grows by the wider', () => {
    const [line] = setKunten('学:kunten[而]{kaeri="レ" okuri="テ"}時習之');
    // The text is the base text only, in order (kanbun is never reordered); the marks come after it.
    expect(texts(line!).map((r) => r.text).join('')).toBe('学而時習之');
    expect(marks(line!).map((r) => r.text)).toEqual(['テ', 'レ']);
    const okuri = mark(line!, 'テ');
    const kaeri = mark(line!, 'レ');
    expect(runSize(okuri)).toBe(5);
    expect(runSize(kaeri)).toBe(5);
    // 而 stands at 10..20; both marks start at its end, 20.
    close(baseX(line!, '而'), 10);
    close(okuri.xs[0]!, 20);
    close(kaeri.xs[0]!, 20);
    // Okurigana high: its em box's top on the base's (8.8 pt), its foot at the centre (3.8 pt).
    close(emBox(okuri)[1], 8.8);
    expect(emBox(okuri)[0]).toBeGreaterThanOrEqual(CENTRE - 1e-6);
    // Return mark low: its em box's foot on the base's (−1.2 pt), its top at the centre.
    close(emBox(kaeri)[0], -1.2);
    expect(emBox(kaeri)[1]).toBeLessThanOrEqual(CENTRE + 1e-6);
    // The marks' column (5 pt) is advance: 時 at 25, not 20; the line 5 ideographs + 5 pt.
    close(baseX(line!, '時'), 25);
    close(line!.width, 55);
    // Generated: the marks' offsets map to the directive (−1 − its start).
    expect(okuri.offsets!.every((o) => o === -2)).toBe(true);
  });

  it('a combined return mark (一レ) is set along the line after the base, and takes its whole width', () => {
    const [line] = setKunten(':kunten[読]{kaeri="一レ" okuri="ム"}書');
    const kaeri = mark(line!, '一レ');
    close(kaeri.xs[0]!, 10);
    close(kaeri.xs[1]!, 15);
    // The wider mark (一レ, 10 pt) sets the column: 書 at 20.
    close(baseX(line!, '書'), 20);
  });

  it('without a mark the line is plain: no advance, no runs', () => {
    const [line] = setKunten('学:kunten[而]時');
    expect(marks(line!)).toEqual([]);
    close(baseX(line!, '時'), 20);
  });

  it('cjk.kunten.color colours the marks, not the base; fontSize sets their size', () => {
    const [line] = setKunten('学:kunten[而]{kaeri="レ" okuri="テ"}時', { colour: '#c00000', sizeEm: 0.4 });
    for (const run of marks(line!)) {
      expect(run.colour).toBe('#c00000');
      expect(runSize(run)).toBe(4);
    }
    for (const run of texts(line!)) expect(run.colour).not.toBe('#c00000');
    // A 4 pt column: 時 at 24.
    close(baseX(line!, '時'), 24);
  });

  it('the base and its marks are never broken apart; the line may break before and after them', () => {
    // Measure 25 pt: 学而 + the 5 pt column fill it; 時 goes to the next line with nothing of the marks.
    const lines = setKunten('学:kunten[而]{kaeri="レ"}時習', {}, 25);
    expect(lines.length).toBe(2);
    expect(texts(lines[0]!).map((r) => r.text).join('')).toBe('学而');
    expect(marks(lines[0]!).map((r) => r.text)).toEqual(['レ']);
    expect(marks(lines[1]!)).toEqual([]);
  });
});

describe('kanbun marks (interlinear)', () => {
  it('hang into the leading after the base without taking advance', () => {
    const [line] = setKunten('学:kunten[而]{kaeri="レ" okuri="テ"}時', { placement: 'interlinear' });
    const okuri = mark(line!, 'テ');
    const kaeri = mark(line!, 'レ');
    close(okuri.xs[0]!, 20);
    close(kaeri.xs[0]!, 20);
    // Okurigana's em box stands on the base's top (8.8 pt); the return mark's hangs from its foot (−1.2 pt).
    close(emBox(okuri)[0], 8.8);
    close(emBox(kaeri)[1], -1.2);
    // No advance: 時 right after 而.
    close(baseX(line!, '時'), 20);
    close(line!.width, 30);
  });
});

describe('竪点 and ruby inside', () => {
  it('tate: a hairline along the line at the base centre, centred on the boundary with the next character', () => {
    const [line] = setKunten('学:kunten[而]{tate}時');
    const hairline = line!.boxes!.find((b) => b.look.fill !== null)!;
    // The boundary is at 20 (no marks: no advance); half an em long, 0.05 em thick around 3.8 pt.
    close(hairline.x, 17.5);
    close(hairline.width, 5);
    close(hairline.look.above, CENTRE + 0.25);
    close(hairline.look.below, 0.25 - CENTRE);
    close(baseX(line!, '時'), 20);
  });

  it('ruby nested in the base keeps its reading over the base; the marks follow the reading’s room', () => {
    const [line] = setKunten('学:kunten[:ruby[而]{rt="じ"}]{kaeri="レ"}時');
    expect(texts(line!).map((r) => r.text).join('')).toBe('学而時');
    expect(marks(line!).map((r) => r.text)).toEqual(['じ', 'レ']);
    const reading = mark(line!, 'じ');
    // じ (5 pt) centred over 而 (10..20) → 12.5; the return mark after the base at 20; 時 at 25.
    close(reading.xs[0]!, 12.5);
    expect(reading.dys![0]!).toBeLessThan(-8.8);
    close(mark(line!, 'レ').xs[0]!, 20);
    close(baseX(line!, '時'), 25);
  });
});

describe('kuntenExceedsLeading', () => {
  const source = '# 章\n\n学:kunten[而]{kaeri="レ" okuri="テ"}時習之。\n\n不:kunten[亦]{kaeri="二"}説乎。\n\n有朋自遠方来。\n';
  const config = (placement: string, lineHeight: number) => ({ locale: 'ja', bodyText: { lineHeight: { value: lineHeight, unit: 'em' } }, cjk: { kunten: { placement } } });
  const found = (placement: string, lineHeight: number) => runChecks({ chapters: [{ id: 'c1', source }], config: config(placement, lineHeight), patterns: null }).warnings.filter((w) => w.kind === 'kuntenExceedsLeading');

  it('fires under a tight leading in interlinear placement, once per block with marks, at the directive', () => {
    const warnings = found('interlinear', 1.2);
    expect(warnings.length).toBe(2);
    expect(source.slice(warnings[0]!.offset!, warnings[0]!.toOffset!)).toBe(':kunten[而]{kaeri="レ" okuri="テ"}');
  });

  it('is quiet when the leading has room (0.5 em marks in 1.5 em leading) and always in inline placement', () => {
    expect(found('interlinear', 1.5)).toEqual([]);
    expect(found('inline', 1.2)).toEqual([]);
  });

  it('in vertical text checks okurigana under inline too (it stands right of the column, in the leading), not a lone return mark', () => {
    const vertical = (lineHeight: number) =>
      runChecks({ chapters: [{ id: 'c1', source }], config: { ...config('inline', lineHeight), layout: { writingMode: 'vertical-rl' } }, patterns: null }).warnings.filter((w) => w.kind === 'kuntenExceedsLeading');
    const warnings = vertical(1.2);
    expect(warnings.length).toBe(1);
    expect(source.slice(warnings[0]!.offset!, warnings[0]!.toOffset!)).toBe(':kunten[而]{kaeri="レ" okuri="テ"}');
    expect(vertical(1.5)).toEqual([]);
  });

  it('cjk.kunten and each of its stored fields are applied (no settingNotApplied)', () => {
    const report = settingsNotApplied({ cjk: { kunten: { placement: 'interlinear', fontSize: { value: 0.4, unit: 'em' }, color: '#ff0000' } } });
    expect(report.map((w) => w.path)).toEqual([]);
  });

  it('the directive is typeset: no unsupportedConstruct', () => {
    const { warnings } = runChecks({ chapters: [{ id: 'c1', source }], config: { locale: 'ja' }, patterns: null });
    expect(warnings.filter((w) => w.kind === 'unsupportedConstruct')).toEqual([]);
  });
});
