import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { formatNumber } from '../../../src/worker/engine/page/number-format';
import { applyNumberingTemplate } from '../../../src/worker/engine/page/structure';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, fonts, run, runs } from './helpers';
import { readText } from '../../support/run-text';

function numbered(): LayoutSettings {
  const s = defaultSettings();
  s.headings.levels[0]!.numbering = { template: 'Chapter {1}.', separator: ' ', position: 'before' };
  s.headings.levels[1]!.numbering = { template: '{1}.{2}', separator: ' ', position: 'before' };
  return s;
}

function book(settings: LayoutSettings, sources: string[]): BookInput {
  return { title: 'Numbers', settings, chapters: sources.map((source, i) => ({ id: `c${i + 1}`, title: '', source })) };
}

const headingTexts = (layout: ReturnType<typeof run>): string[] =>
  layout.pages.flatMap((p) => {
    const lines = new Map<string, string>();
    for (const r of runs(p)) if (r.line?.role === 'heading') lines.set(`${r.line.block}|${r.y}`, (lines.get(`${r.line.block}|${r.y}`) ?? '') + r.text);
    return [...lines.values()];
  });

describe('number formats (configuration.md §3)', () => {
  it('prints roman, alpha, circled and other digits', () => {
    expect(formatNumber(1994, 'lower-roman')).toBe('mcmxciv');
    expect(formatNumber(14, 'I')).toBe('XIV');
    expect(formatNumber(28, 'a')).toBe('ab');
    expect(formatNumber(26, 'upper-alpha')).toBe('Z');
    expect(formatNumber(5, 'circled-decimal')).toBe('⑤');
    expect(formatNumber(51, '①')).toBe('51');
    expect(formatNumber(12, 'arabic-indic')).toBe('١٢');
    expect(formatNumber(101, '一')).toBe('一百零一');
    expect(formatNumber(12, 'simp-chinese-informal')).toBe('十二');
    expect(formatNumber(7, 'no-such-format')).toBe('7');
  });
});

describe('Arabic letter formats (configuration.md §3)', () => {
  it('counts in the abjad and the alphabetical letter orders, on past the 28th letter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => formatNumber(n, 'abjad')).join('')).toBe('أبجدهوزح');
    expect(formatNumber(4, 'أبجد')).toBe('د');
    expect(formatNumber(28, 'abjad')).toBe('غ');
    expect(formatNumber(29, 'abjad')).toBe('أأ');
    expect([1, 2, 3, 4].map((n) => formatNumber(n, 'hijai')).join('')).toBe('أبتث');
    expect(formatNumber(3, 'arabic-alpha')).toBe('ت');
    expect(formatNumber(28, 'أبتث')).toBe('ي');
    expect(formatNumber(0, 'abjad')).toBe('0');
  });

  it('writes abjad numerals as additive letter values, largest first, with the maghrebi values', () => {
    expect(formatNumber(11, 'arabic-abjad')).toBe('يا');
    expect(formatNumber(1, 'arabic-abjad')).toBe('ا');
    expect(formatNumber(60, 'arabic-abjad')).toBe('س');
    expect(formatNumber(99, 'arabic-abjad')).toBe('صط');
    expect(formatNumber(1447, 'arabic-abjad')).toBe('غتمز');
    expect(formatNumber(2000, 'arabic-abjad')).toBe('بغ');
    expect(formatNumber(60, 'maghrebi-abjad')).toBe('ص');
    expect(formatNumber(300, 'arabic-abjad-maghrebi')).toBe('س');
    expect(formatNumber(1000, 'arabic-abjad-maghrebi')).toBe('ش');
    expect(formatNumber(11, 'arabic-abjad-maghrebi')).toBe('يا');
  });
});

describe('Japanese and Chinese counters (configuration.md §3)', () => {
  it('counts kana in gojūon and iroha order, on past the last sign', () => {
    expect([1, 2, 3, 6].map((n) => formatNumber(n, 'hiragana')).join('')).toBe('あいうか');
    expect(formatNumber(48, 'hiragana')).toBe('ん');
    expect(formatNumber(49, 'hiragana')).toBe('ああ');
    expect([1, 2, 3].map((n) => formatNumber(n, 'katakana')).join('')).toBe('アイウ');
    expect([1, 2, 3, 47].map((n) => formatNumber(n, 'hiragana-iroha')).join('')).toBe('いろはす');
    expect([1, 2, 3].map((n) => formatNumber(n, 'katakana-iroha')).join('')).toBe('イロハ');
  });

  it('stops heavenly stems at 10 and earthly branches at 12', () => {
    expect(formatNumber(1, '甲')).toBe('甲');
    expect(formatNumber(10, 'cjk-heavenly-stem')).toBe('癸');
    expect(formatNumber(11, 'cjk-heavenly-stem')).toBe('11');
    expect(formatNumber(12, '子')).toBe('亥');
    expect(formatNumber(13, 'cjk-earthly-branch')).toBe('13');
  });

  it('writes Japanese informal, Japanese formal and Chinese financial numerals', () => {
    expect(formatNumber(101, 'japanese-informal')).toBe('百一');
    expect(formatNumber(12, 'japanese-informal')).toBe('十二');
    expect(formatNumber(2026, 'japanese-informal')).toBe('二千二十六');
    expect(formatNumber(10, '壱')).toBe('壱拾');
    expect(formatNumber(101, 'japanese-formal')).toBe('壱百壱');
    expect(formatNumber(101, '壹')).toBe('壹佰零壹');
    expect(formatNumber(12, 'simp-chinese-formal')).toBe('壹拾贰');
    expect(formatNumber(1002, 'trad-chinese-formal')).toBe('壹仟零貳');
    expect(formatNumber(0, 'hiragana')).toBe('0');
  });
});

describe('ordered list number styles (configuration.md §9.2)', () => {
  /** Each item line's marker: its runs left to right, up to the item text (an Arabic letter and its stop are two runs). */
  const markers = (layout: ReturnType<typeof run>): string[] =>
    layout.pages.flatMap((p) => {
      const lines = new Map<string, { x: number; text: string }[]>();
      for (const r of runs(p)) if (r.line?.role === 'body') lines.set(`${r.line.block}|${r.y}`, [...(lines.get(`${r.line.block}|${r.y}`) ?? []), { x: r.xs[0]!, text: r.text }]);
      return [...lines.values()].map((parts) => parts.sort((a, b) => a.x - b.x).map((q) => q.text).join('').split('item')[0]!.trim());
    });
  it('prints each depth in its numberFormat with its prefix and separator', () => {
    const settings = settingsFromConfig({ orderedLists: { numberFormat: 'abjad', levels: [{ level: 2, numberFormat: 'lower-roman', prefix: '(', separator: ')' }] } });
    const layout = run(book(settings, ['1. item one\n2. item two\n   1. item inner\n   2. item inner\n3. item three']));
    expect(markers(layout)).toEqual(['أ.', 'ب.', '(i)', '(ii)', 'ج.']);
  });

  it('keeps decimal markers as typed when nothing is configured', () => {
    const layout = run(book(settingsFromConfig({}), ['1) item one\n2) item two']));
    expect(markers(layout)).toEqual(['1)', '2)']);
  });
});

describe('heading numbering templates (configuration.md §8.3)', () => {
  it('fills counters with formats, padding and escapes, and collapses an empty counter with its separator', () => {
    expect(applyNumberingTemplate('{1}.{2}', [2, 3, 0, 0, 0, 0])).toBe('2.3');
    expect(applyNumberingTemplate('{1}.{2}', [0, 1, 0, 0, 0, 0])).toBe('1');
    expect(applyNumberingTemplate('Chapter {1:I}. ', [4, 0, 0, 0, 0, 0])).toBe('Chapter IV. ');
    expect(applyNumberingTemplate('{1:01}', [3, 0, 0, 0, 0, 0])).toBe('03');
    expect(applyNumberingTemplate('\\{{1}\\}', [9, 0, 0, 0, 0, 0])).toBe('{9}');
    expect(applyNumberingTemplate('第{1:一}回', [12, 0, 0, 0, 0, 0])).toBe('第十二回');
  });

  it('reads numberingTemplate, numberSeparator and numberPosition from the configuration', () => {
    const s = settingsFromConfig({ headings: { levels: [{ level: 2, numberingTemplate: '{1}.{2}', numberSeparator: ' – ', numberPosition: 'replace' }] } });
    expect(s.headings.levels[1]!.numbering).toEqual({ template: '{1}.{2}', separator: ' – ', position: 'replace' });
    expect(s.headings.levels[0]!.numbering.template).toBe('');
  });

  it('numbers headings through the book: later chapters continue, lower levels restart', () => {
    const random = mulberry32(1);
    const layout = run(book(numbered(), [
      `# Lamps\n\n${paragraph(random)}\n\n## Wicks\n\n${paragraph(random)}\n\n## Oil\n\n${paragraph(random)}\n`,
      `# Lenses\n\n${paragraph(random)}\n\n## Prisms {startAt=5}\n\n${paragraph(random)}\n\n## Mirrors\n\n${paragraph(random)}\n`,
    ]));
    expect(headingTexts(layout)).toEqual(['Chapter 1. Lamps', '1.1 Wicks', '1.2 Oil', 'Chapter 2. Lenses', '2.5 Prisms', '2.6 Mirrors']);
  });

  it('prints references to headings with the crossRefs words, the title, or the given text', () => {
    const random = mulberry32(2);
    const layout = run(book(numbered(), [
      `# Lamps\n\n${paragraph(random)}\n\n## Wicks {#wicks}\n\nSee :ref{id="wicks"}, :ref{id="wicks" style="title"}, :ref{id="lenses" style="number"} and :ref{id="lenses" text="there"}.\n`,
      `# Lenses {#lenses}\n\nBack to :ref{id="wicks" case="capitalize"}.\n`,
    ]));
    const text = readText(layout.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body')), fonts);
    expect(text).toContain('section 1.1');
    expect(text).toContain('Wicks,');
    // style=number prints the number as its template spells it (without the trailing stop).
    expect(text).toContain('Chapter 2 and');
    expect(text).toContain('there.');
    expect(text).toContain('Section 1.1');
  });
});

describe('page labels (page.pageNumbering, :::numbering)', () => {
  it('starts at page.pageNumbering.startAt in its format', () => {
    const s = settingsFromConfig({ page: { pageNumbering: { format: 'upper-roman', startAt: 5 } } });
    const layout = run(book(s, [`# One\n\n${paragraph(mulberry32(3))}\n`]));
    expect(layout.pages[0]!.label).toBe('V');
  });

  it('sets roman front matter, then restarts decimal numbering and continues it into the next chapter', () => {
    const random = mulberry32(4);
    const front = `:::numbering{format="lower-roman" startAt=1}\n\n# Preface\n\n${Array.from({ length: 12 }, () => paragraph(random)).join('\n\n')}\n\n:::pagebreak{parity="odd"}\n\n:::numbering{format="decimal" startAt=1}\n\n# Chapter one\n\n${paragraph(random)}\n`;
    const layout = run(book(defaultSettings(), [front, `# Chapter two\n\n${paragraph(random)}\n`]));
    const labels = layout.pages.map((p) => p.label);
    const firstDecimal = labels.indexOf('1');
    expect(firstDecimal).toBeGreaterThan(0);
    expect(labels.slice(0, firstDecimal)).toEqual(['i', 'ii', 'iii', 'iv', 'v', 'vi'].slice(0, firstDecimal));
    for (let i = firstDecimal; i < labels.length; i++) expect(labels[i]).toBe(String(i - firstDecimal + 1));
    // The folio prints the label.
    const opener2 = layout.chapters[1]!.pages.find((p) => p.role === 'opener')!;
    expect(runs(opener2).some((r) => !r.line && r.text === opener2.label)).toBe(true);
  });

  it('relays out incrementally to what a full layout gives when numbers shift', () => {
    const random = mulberry32(5);
    const sources = [
      `# A {#a}\n\n${paragraph(random)}\n\n## A1\n\n${paragraph(random)} See :ref{id="b1"}.\n`,
      `:::numbering{format="lower-alpha"}\n\n# B\n\n${paragraph(random)}\n\n## B1 {#b1}\n\n${paragraph(random)} See :ref{id="a"}.\n`,
      `# C\n\n${paragraph(random)}\n`,
    ];
    const cache = new EngineCache();
    const s = numbered();
    run(book(s, sources), cache);
    const edited = [`# Before A\n\n${paragraph(random)}\n\n${sources[0]}`, sources[1]!, sources[2]!];
    const incremental = dump(run(book(s, edited), cache));
    expect(incremental).toBe(dump(run(book(s, edited))));
    // The reference in chapter 1 now reads "section 3.1" (B moved from chapter 2 to chapter 3).
    const words = run(book(s, edited)).pages.flatMap((p) => runs(p).map((r) => r.text)).join('');
    expect(words).toContain('section 3.1');
  });
});

describe('heading styles (configuration.md §13.6)', () => {
  it('a numbered: false style neither prints nor advances a number, toc: false keeps it out of the contents, and its size applies', () => {
    const s = settingsFromConfig({
      headings: { levels: [{ level: 1, numberingTemplate: '{1}.' }] },
      toc: { levels: [{ level: 1 }] },
      headingStyles: [{ id: 'front-matter', numbered: false, toc: false, fontSize: { value: 24, unit: 'pt' } }],
    });
    expect(s.headingStyles['front-matter']).toEqual({ numbered: false, toc: false, size: 24 });
    const random = mulberry32(6);
    const layout = run(book(s, [`# Preface {style="front-matter"}\n\n:::toc\n\n${paragraph(random)}\n`, `# Lamps\n\n${paragraph(random)}\n`, `# Lenses\n\n${paragraph(random)}\n`]));
    expect(headingTexts(layout)).toEqual(['Preface', '1. Lamps', '2. Lenses']);
    const preface = layout.pages.flatMap((p) => runs(p)).find((r) => r.line?.role === 'heading' && r.text.includes('Preface'))!;
    expect(preface.size).toBe(24);
    const contents = layout.chapters[0]!.pages.flatMap((p) => runs(p).filter((r) => r.line?.role === 'body').map((r) => r.text)).join(' ');
    expect(contents).toContain('1. Lamps');
    expect(contents).not.toContain('Preface');
  });
});
