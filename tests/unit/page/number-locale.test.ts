/**
 * `一` follows the book's language (configuration.md §3): Japanese informal numerals (百一) in a
 * Japanese book, Chinese informal ones (一百零一) in a Chinese or any other book — in page labels,
 * `:::numbering`, footnote numbers, heading templates, ordered lists and counters.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/worker/config/types';
import type { BookInput, LayoutSettings } from '../../../src/worker/engine';
import { noteLabel } from '../../../src/worker/engine/page/notes';
import { formatNumber, localeNumberFormat } from '../../../src/worker/engine/page/number-format';
import { resourceSettingsFromConfig } from '../../../src/worker/engine/resources/settings';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { run, runs } from './helpers';

function book(settings: LayoutSettings, sources: string[]): BookInput {
  return { title: '本', settings, chapters: sources.map((source, i) => ({ id: `c${i + 1}`, title: '', source })) };
}

const TEXT = '灯台の階段は鉄でできている。'.repeat(8);

describe('localeNumberFormat (configuration.md §3 "script follows locale")', () => {
  it('reads 一 as Japanese in ja, Traditional for Hant/TW/HK/MO, Simplified for other zh, and leaves other words alone', () => {
    expect(localeNumberFormat('一', 'ja')).toBe('japanese-informal');
    expect(localeNumberFormat('一', 'ja-JP')).toBe('japanese-informal');
    expect(localeNumberFormat('一', 'zh-TW')).toBe('trad-chinese-informal');
    expect(localeNumberFormat('一', 'zh_HK')).toBe('trad-chinese-informal');
    expect(localeNumberFormat('一', 'zh-Hant')).toBe('trad-chinese-informal');
    expect(localeNumberFormat('一', 'zh-Hans-HK')).toBe('simp-chinese-informal');
    expect(localeNumberFormat('一', 'zh-CN')).toBe('simp-chinese-informal');
    expect(localeNumberFormat('一', 'en-us')).toBe('一');
    // The configuration stores 一 as the id chinese-informal.
    expect(localeNumberFormat('chinese-informal', 'ja')).toBe('japanese-informal');
    expect(localeNumberFormat('decimal', 'ja')).toBe('decimal');
    expect(localeNumberFormat('simp-chinese-informal', 'ja')).toBe('simp-chinese-informal');
    expect(formatNumber(101, localeNumberFormat('一', 'ja'))).toBe('百一');
    expect(formatNumber(101, localeNumberFormat('一', 'zh-TW'))).toBe('一百零一');
  });
});

describe('一 in a Japanese book and in a Chinese one', () => {
  const config = (locale: string): JsonObject => ({
    locale,
    page: { pageNumbering: { format: '一', startAt: 101 } },
    footnotes: { numberFormat: '一' },
    orderedLists: { numberFormat: '一' },
    math: { equationNumbering: { counterFormat: '一' } },
    headings: { levels: [{ level: 1, numberingTemplate: '第{1:一}章' }] },
  });

  it('prints page labels, footnote numbers and heading numbers in Japanese numerals in a Japanese book', () => {
    const s = settingsFromConfig(config('ja'));
    expect(noteLabel(101, s.notes)).toBe('百一');
    expect(noteLabel(1000, s.notes)).toBe('千');
    expect(s.orderedLevels?.[0]?.format).toBe('japanese-informal');
    expect(s.math.numbering.counterFormat).toBe('japanese-informal');
    const layout = run(book(s, [`# 灯台 {startAt=110}\n\n${TEXT}[^a]\n\n[^a]: 注。\n\n:::pagebreak\n\n:::numbering{format="一" startAt=100}\n\n${TEXT}\n`]));
    expect(layout.pages[0]!.label).toBe('百一');
    expect(layout.pages.at(-1)!.label).toBe('百');
    const headings = runs(layout.pages[0]!).filter((r) => r.line?.role === 'heading').map((r) => r.text).join('');
    expect(headings).toContain('第百十章');
  });

  it('keeps Chinese informal numerals in a Chinese book', () => {
    const s = settingsFromConfig(config('zh-CN'));
    expect(noteLabel(101, s.notes)).toBe('一百零一');
    const layout = run(book(s, [`# 灯塔 {startAt=110}\n\n${TEXT}\n\n:::pagebreak\n\n:::numbering{format="一" startAt=100}\n\n${TEXT}\n`]));
    expect(layout.pages[0]!.label).toBe('一百零一');
    expect(layout.pages.at(-1)!.label).toBe('一百');
    const headings = runs(layout.pages[0]!).filter((r) => r.line?.role === 'heading').map((r) => r.text).join('');
    expect(headings).toContain('第一百一十章');
  });

  it('numbers an ordered list with 一 in a book of any language (the configuration stores it as chinese-informal)', () => {
    const layout = run(book(settingsFromConfig({ orderedLists: { numberFormat: '一' } }), ['1. lamp\n2. wick\n3. oil']));
    const body = runs(layout.pages[0]!).filter((r) => r.line?.role === 'body').map((r) => r.text).join(' ');
    expect(body).toContain('三');
    expect(body).not.toMatch(/[0-9]/);
  });

  it('reads a resource counter format 一 in the book language', () => {
    const types = (locale: string) => resourceSettingsFromConfig({ locale, resourceTypes: [{ id: 'figure', name: '図', counterFormat: '一' }] }).types;
    expect(types('ja')[0]?.counterFormat).toBe('japanese-informal');
    expect(formatNumber(101, types('en-us')[0]!.counterFormat)).toBe('一百零一');
  });
});
