/**
 * CJK pages (issue 7, document-format §18.3, configuration.md §14.1): a Chinese fixture book
 * checked on its display lists — kinsoku at every line edge, the CJK/Latin space, and the word
 * count rule (each Han/kana/hangul character counts 1). The text is original, written for this test.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, layoutBook } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import type { StoredConfig } from '../../../src/worker/config';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { countWords as uiCountWords } from '../../../src/ui/state/chapter-ops';
import { countWords as toolCountWords } from '../../../src/tools/context';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry(['Noto Serif SC']);

const PARAGRAPHS = [
  '山路很窄，两边都是茶树。「你慢点走，」老周在后面喊，「这里的石头滑。」我停下来等他，顺手摘了一片嫩叶放进嘴里，苦味之后是一阵清甜。',
  '我们在海拔约1200米的地方休息。他从包里拿出一部旧手机，打开GPS看了看，说还要走两个小时（如果不下雨的话）。天边的云越积越厚，像一床没有叠好的被子。',
  '傍晚到了茶农家，女主人端来一壶刚炒好的新茶：「尝尝，今年的头茬。」茶汤清亮，香气在屋里慢慢散开。我问她种茶多少年了，她笑着说：「记不清了，反正比你的年纪大。」',
];

function layOut(settings: LayoutSettings) {
  const source = ['# 上山', '', ...Array.from({ length: 6 }, () => PARAGRAPHS).flat().flatMap((p) => [p, ''])].join('\n');
  const gen = layoutBook({ title: '茶', settings, chapters: [{ id: 'c1', title: '', source }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

const chinese = (extra: Record<string, unknown> = {}): LayoutSettings => settingsFromConfig({ locale: 'zh-Hans', bodyText: { fontFamily: 'Noto Serif SC' }, ...extra } as StoredConfig);

/** Body lines as the text of their runs in source order, keyed by page, baseline and block. */
function bodyLines(layout: ReturnType<typeof layOut>): { text: string; runs: GlyphRunItem[] }[] {
  const lines = new Map<string, GlyphRunItem[]>();
  for (const page of layout.pages) {
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || item.line?.role !== 'body' || item.srcFrom < 0) continue;
      const key = `${page.index}|${item.y}|${item.line.block}|${item.xs[0]! < page.width / 2 ? 'a' : 'b'}`;
      lines.set(key, [...(lines.get(key) ?? []), item]);
    }
  }
  return [...lines.values()].map((runs) => ({ runs, text: runs.slice().sort((a, b) => a.srcFrom - b.srcFrom).map((r) => r.text).join('') }));
}

describe('a Chinese book', () => {
  const settings = chinese();
  const layout = layOut(settings);
  const lines = bodyLines(layout);

  it('never starts a line with 、。）」 nor ends one with （「', () => {
    expect(lines.length).toBeGreaterThan(40);
    for (const { text } of lines) {
      expect('、。，）」：；？！'.includes(text[0]!), text).toBe(false);
      expect('（「'.includes(text[text.length - 1]!), text).toBe(false);
    }
    // The fixture does put such punctuation in the middle of lines: the rule had something to do.
    expect(lines.some(({ text }) => /[、。）」]/.test(text.slice(1)))).toBe(true);
  });

  it('puts cjk.latinSpacing between Han characters and Latin letters or digits', () => {
    const without = bodyLines(layOut(chinese({ cjk: { latinSpacing: 0 } })));
    /** x of the first glyph of `needle` in a line and of the Han character before it. */
    const gap = (all: typeof lines, needle: string): number => {
      const line = all.find((l) => l.text.includes(`约${needle}`))!;
      const glyphs = line.runs.flatMap((r) => r.glyphs.map((_, g) => ({ x: r.xs[g]!, ch: r.text[r.clusters[g]!]! })));
      const first = glyphs.find((g) => g.ch === needle[0])!;
      const before = glyphs.filter((g) => g.ch === '约' && g.x < first.x).pop()!;
      return first.x - before.x;
    };
    // Justification may stretch the gap too, so compare the least stretched: the same line with spacing 0.
    const em = settings.body.style.size;
    expect(settings.cjk.latinSpacing).toBeCloseTo(0.25, 6);
    expect(gap(lines, '1200') - gap(without, '1200')).toBeGreaterThan(0.2 * em);
  });

  it('counts each Han character as one word and each Latin word or number as one', () => {
    const sample = '我们在海拔约1200米的地方休息，打开GPS看了看。';
    // 我们在海拔约 (6) + 1200 (1) + 米的地方休息 (6) + 打开 (2) + GPS (1) + 看了看 (3) = 19; punctuation counts nothing.
    expect(uiCountWords(sample)).toBe(19);
    expect(toolCountWords(sample)).toBe(19);
    // Kana and hangul too; Latin words keep counting one each.
    expect(uiCountWords('こんにちは、世界。Hello world')).toBe(9);
    expect(toolCountWords('こんにちは、世界。Hello world')).toBe(9);
    expect(uiCountWords('한국어 문장')).toBe(5);
  });
});
