/**
 * A paragraph style's `wordBreak` (configuration.md §13.1, default `cjk.wordBreak`, §14.1):
 * `keep-all` keeps the CJK characters of a word together — a line of the style's paragraphs ends
 * only at a space or after punctuation — and `normal` lets it break between any two of them, each
 * over the document's `cjk.wordBreak` for the paragraphs of its `:::paragraphs{style}` container.
 * The text is original, written for this test (Chinese words parted by spaces, as a primer sets them).
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, layoutBook } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { settingsNotApplied, type StoredConfig } from '../../../src/worker/config';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry(['Noto Serif SC']);

const WORDS = '山路 很窄 两边 都是 茶树 我们 在半山腰 休息 老周 从包里 拿出 一壶 热茶 天边的 云彩 越积越厚 像一床 没有叠好的 被子 傍晚 到了 茶农家 女主人 端来 刚炒好的 新茶';
const TEXT = `${WORDS}，${WORDS}。${WORDS}，${WORDS}。`;
const SOURCE = `# 上山\n\n:::paragraphs{style="primer"}\n${TEXT}\n:::\n`;

/** The source offset each body line of the styled paragraph ends at (past its last character). */
function lineEnds(config: StoredConfig, cache = new EngineCache()): number[] {
  const settings = settingsFromConfig({ locale: 'zh-Hans', bodyText: { fontFamily: 'Noto Serif SC' }, layout: { layoutType: 'single' }, ...config } as StoredConfig);
  const gen = layoutBook({ title: '茶', settings, chapters: [{ id: 'c1', title: '', source: SOURCE }] }, fonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  const ends = new Map<string, number>();
  for (const page of step.value.pages) {
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || item.line?.role !== 'body' || item.srcFrom < 0) continue;
      const run = item as GlyphRunItem;
      const key = `${page.index}|${run.y}`;
      ends.set(key, Math.max(ends.get(key) ?? 0, run.srcFrom + run.text.length));
    }
  }
  return [...ends.values()].sort((a, b) => a - b);
}

/** A line ending here cuts no word: the paragraph's end, a space after it, or punctuation before it. */
const atWordEnd = (end: number): boolean => {
  const at = SOURCE.indexOf(TEXT);
  return end >= at + TEXT.length || SOURCE[end] === ' ' || /[，。]/.test(SOURCE[end - 1] ?? '');
};
const primer = (wordBreak?: string) => [{ id: 'primer', ...(wordBreak ? { wordBreak } : {}) }];

describe('paragraphStyles[id].wordBreak (§13.1)', () => {
  it('keep-all breaks the style\'s lines only between words', () => {
    const normal = lineEnds({ paragraphStyles: primer() } as StoredConfig);
    expect(normal.length).toBeGreaterThan(3);
    // By default (cjk.wordBreak normal) a line may end inside a word.
    expect(normal.some((end) => !atWordEnd(end))).toBe(true);
    const kept = lineEnds({ paragraphStyles: primer('keep-all') } as StoredConfig);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.filter((end) => !atWordEnd(end))).toEqual([]);
  });

  it('normal in the style wins over cjk.wordBreak keep-all', () => {
    const documentWide = lineEnds({ cjk: { wordBreak: 'keep-all' }, paragraphStyles: primer() } as StoredConfig);
    expect(documentWide.filter((end) => !atWordEnd(end))).toEqual([]);
    const styled = lineEnds({ cjk: { wordBreak: 'keep-all' }, paragraphStyles: primer('normal') } as StoredConfig);
    expect(styled.some((end) => !atWordEnd(end))).toBe(true);
  });

  it('reaches the paragraph memo: a cache that set the paragraph without it sets it again', () => {
    const cache = new EngineCache();
    const first = lineEnds({ paragraphStyles: primer() } as StoredConfig, cache);
    const again = lineEnds({ paragraphStyles: primer('keep-all') } as StoredConfig, cache);
    expect(again).toEqual(lineEnds({ paragraphStyles: primer('keep-all') } as StoredConfig));
    expect(again).not.toEqual(first);
  });

  it('is declared applied', () => {
    const paths = settingsNotApplied({ paragraphStyles: [{ id: 'primer', wordBreak: 'keep-all' }] } as never).map((w) => w.path);
    expect(paths).not.toContain('paragraphStyles[id=primer].wordBreak');
  });
});
