/**
 * One word-count rule for plain text (tools.md §7.4, issue 7): Han, kana and hangul characters
 * count one word each, other runs of letters or digits one each — used by the tools' chapter
 * counts and the Word import's report alike.
 */
import { describe, expect, it } from 'vitest';
import { countWords } from '../../../src/tools/context';
import { countPlainWords } from '../../../src/worker/engine/text/words';
import { wordCount } from '../../../src/worker/import/word/convert';

describe('word counts', () => {
  it('counts each CJK character as a word and Latin words whole', () => {
    expect(countPlainWords('灯塔守护者 wrote 3 letters')).toBe(5 + 3);
    expect(countPlainWords('ひらがなとカタカナ、한국어')).toBe(9 + 3);
    expect(countPlainWords("the keeper's log-book")).toBe(3);
    expect(countPlainWords('')).toBe(0);
  });

  it('is the rule of the tools and of the Word import report', () => {
    const text = '第一章 The lantern 灯';
    expect(countWords(text)).toBe(countPlainWords(text));
    expect(wordCount(text)).toBe(3 + 2 + 1);
  });
});
