/**
 * CJK composition rules (configuration.md §14.1 `cjk`): kinsoku levels (`lineBreak`), book titles
 * (`titleMinChars`), punctuation widths (`punctuationWidth`), `trimLineStart`, hanging punctuation,
 * `spaceAfterQuestion`, `paragraphStartBracket`, `composeDesignText`, and how `auto` resolves by region. Every width is
 * checked by hand at 10 pt in Noto Serif SC, whose ideographs, kana and fullwidth marks are 1 em
 * (10 pt) wide. The text is original, written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { breakOpportunities } from '../../../src/worker/engine/text/cjk';
import type { CjkLineBreak } from '../../../src/worker/engine/text/cjk-rules';
import { setParagraph, type SetLine } from '../../../src/worker/engine/paragraph';
import { defaultSettings } from '../../../src/worker/engine/settings';
import type { CjkRules } from '../../../src/worker/engine/settings-cjk-rules';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { isApplied, type StoredConfig } from '../../../src/worker/config';
import { designTextSetter } from '../../../src/worker/engine/page/furniture-text';
import { nodeFontRegistry } from '../../support/node-world';
import { glyphSources, set, textInline } from './helpers';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const EM = 10; // pt: the size every paragraph here is set at

/** Sets `text` at 10 pt in Noto Serif SC with the given `cjk` rules over the mainland defaults. */
function setCjk(text: string, measure: number, rules: Partial<CjkRules>, options: { justify?: boolean; indent?: number } = {}): SetLine[] {
  return set(fonts, [textInline(text)], { family: 'Noto Serif SC', size: EM, measure, justify: options.justify ?? true, indent: options.indent ?? 0, language: 'ja', settings: (s) => Object.assign(s.cjk, rules) });
}

const lineText = (line: SetLine): string => glyphSources(line).map((g) => g.char).join('');
/** x of the first glyph for `char` in a line, pt. */
const xOf = (line: SetLine, char: string, nth = 0): number => glyphSources(line).filter((g) => g.char === char)[nth]!.x;

/** Whether `text` may break before its unit `at` under `level`. */
const breaksBefore = (text: string, at: number, level: CjkLineBreak): boolean => breakOpportunities(text, { lineBreak: level })[at] === 1;

describe('cjk.lineBreak levels', () => {
  it('lets each level allow what the next stricter one forbids at a line start', () => {
    // 'かぁ' small kana, 'スー' prolonged sound mark, '人々' iteration mark, '中・日' middle dot, '好。' full stop.
    expect(breaksBefore('かぁ', 1, 'ja-loose')).toBe(true);
    expect(breaksBefore('かぁ', 1, 'ja-strict')).toBe(false);
    expect(breaksBefore('スー', 1, 'ja-loose')).toBe(true);
    expect(breaksBefore('スー', 1, 'ja-strict')).toBe(false);
    expect(breaksBefore('人々', 1, 'ja-strict')).toBe(true);
    expect(breaksBefore('人々', 1, 'ja-very-strict')).toBe(false);
    expect(breaksBefore('人々', 1, 'strict')).toBe(false);
    expect(breaksBefore('中・日', 1, 'basic')).toBe(true);
    expect(breaksBefore('中・日', 1, 'gb')).toBe(false);
    expect(breaksBefore('好。', 1, 'none')).toBe(true);
    expect(breaksBefore('好。', 1, 'basic')).toBe(false);
    // Opening brackets never end a line, except under none.
    expect(breaksBefore('「好', 1, 'basic')).toBe(false);
    expect(breaksBefore('「好', 1, 'none')).toBe(true);
  });

  it('ja-loose lets ぁ open a line where ja-strict pulls the character before it down', () => {
    // Five kana fill the 50 pt measure exactly; the sixth is a small kana.
    const text = 'あいうえおぁかきくけこさ';
    const loose = setCjk(text, 5 * EM, { lineBreak: 'ja-loose' });
    const strict = setCjk(text, 5 * EM, { lineBreak: 'ja-strict' });
    expect(lineText(loose[0]!)).toBe('あいうえお');
    expect(lineText(loose[1]!).startsWith('ぁ')).toBe(true);
    expect(lineText(strict[0]!)).toBe('あいうえ');
    expect(lineText(strict[1]!).startsWith('おぁ')).toBe(true);
  });

  it('auto resolves by region: gb in mainland China, basic in Taiwan and Hong Kong, ja-very-strict in Japan', () => {
    const rules = (locale: string, cjk: Record<string, unknown> = {}) => settingsFromConfig({ locale, cjk } as StoredConfig).cjk;
    expect(rules('zh-Hans').lineBreak).toBe('gb');
    expect(rules('zh-Hant-TW').lineBreak).toBe('basic');
    expect(rules('zh-HK').lineBreak).toBe('basic');
    expect(rules('ja').lineBreak).toBe('ja-very-strict');
    expect(rules('en-us').region).toBe('mainland');
    // An explicit region wins over the locale's; an explicit level over the region's.
    expect(rules('zh-Hans', { region: 'japan' }).lineBreak).toBe('ja-very-strict');
    expect(rules('ja', { lineBreak: 'ja-loose' }).lineBreak).toBe('ja-loose');
    const ja = rules('ja');
    expect([ja.punctuationWidth, ja.hangingPunctuation, ja.spaceAfterQuestion, ja.paragraphStartBracket, ja.trimLineStart]).toEqual(['fullwidth', 'allow', true, 'half', true]);
    const zh = rules('zh-Hans');
    expect([zh.punctuationWidth, zh.hangingPunctuation, zh.spaceAfterQuestion, zh.paragraphStartBracket, zh.trimLineStart]).toEqual(['kaiming', 'none', false, 'indent', true]);
    const tw = rules('zh-Hant-TW');
    expect([tw.punctuationWidth, tw.trimLineStart, tw.compressAdjacent]).toEqual(['fullwidth', false, false]);
  });

  it('declares the rules applied (no settingNotApplied for them)', () => {
    for (const f of ['region', 'lineBreak', 'punctuationWidth', 'trimLineStart', 'hangingPunctuation', 'spaceAfterQuestion', 'paragraphStartBracket', 'titleMinChars']) expect(isApplied(`cjk.${f}`), f).toBe(true);
  });
});

describe('cjk.titleMinChars', () => {
  it('keeps at least that many characters of a book title on each side of a break inside it', () => {
    const text = '读《三国演义》和《红楼梦》';
    const at = (ch: string) => text.indexOf(ch);
    const two = breakOpportunities(text, { lineBreak: 'gb', titleMinChars: 2 });
    const one = breakOpportunities(text, { lineBreak: 'gb', titleMinChars: 1 });
    // 三国|演义: two on each side; 三|国演义 and 三国演|义 leave one.
    expect(two[at('演')]).toBe(1);
    expect(two[at('国')]).toBe(0);
    expect(two[at('义')]).toBe(0);
    expect(one[at('国')]).toBe(1);
    // A three-character title cannot keep two on each side: it is not broken.
    expect(two[at('楼')]).toBe(0);
    expect(two[at('梦')]).toBe(0);
    expect(one[at('楼')]).toBe(1);
  });
});

describe('cjk.punctuationWidth', () => {
  it('kaiming sets 。 a full em and 、 half an em; fullwidth sets both full', () => {
    const text = '山、水。云';
    const [kaiming] = setCjk(text, 100 * EM, { punctuationWidth: 'kaiming' }, { justify: false });
    const [full] = setCjk(text, 100 * EM, { punctuationWidth: 'fullwidth' }, { justify: false });
    // 山 10, 、 5 (kaiming) or 10, 水 10, 。 10 in both.
    expect(xOf(kaiming!, '水') - xOf(kaiming!, '、')).toBeCloseTo(EM / 2, 3);
    expect(xOf(kaiming!, '云') - xOf(kaiming!, '。')).toBeCloseTo(EM, 3);
    expect(xOf(full!, '水') - xOf(full!, '、')).toBeCloseTo(EM, 3);
    expect(xOf(full!, '云') - xOf(full!, '。')).toBeCloseTo(EM, 3);
    // halfwidth halves the full stop too.
    const [half] = setCjk(text, 100 * EM, { punctuationWidth: 'halfwidth' }, { justify: false });
    expect(xOf(half!, '云') - xOf(half!, '。')).toBeCloseTo(EM / 2, 3);
  });

  it('leaves verbatim text (code) at the face\'s widths', () => {
    const settings = defaultSettings();
    const style = { ...settings.body.style, family: 'Noto Serif SC', size: EM };
    const [code] = setParagraph({ inlines: [textInline('山、水')], style, measure: 100 * EM, indent: 0, justify: false, verbatim: true }, { fonts, settings, context: { footnoteMark: () => '1', refText: () => '?' } });
    expect(settings.cjk.punctuationWidth).toBe('kaiming');
    expect(xOf(code!, '水') - xOf(code!, '、')).toBeCloseTo(EM, 3);
  });

  it('lineEndHalf sets a closing mark half width where it ends a line, full width elsewhere', () => {
    // 山水云雨、 is 50 pt at full width, 45 pt with its 、 halved: the line holds it only at lineEndHalf.
    const text = '山水云雨、风花雪月、天地';
    const half = setCjk(text, 4.5 * EM, { punctuationWidth: 'lineEndHalf', hangingPunctuation: 'none' });
    const full = setCjk(text, 4.5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'none' });
    expect(lineText(half[0]!)).toBe('山水云雨、');
    expect(half[0]!.ratio).toBeCloseTo(0, 6);
    expect(lineText(full[0]!).includes('、')).toBe(false);
    // Inside a line the mark keeps its em: 、 to 风 is 10 pt on a natural-width ragged line.
    const [ragged] = setCjk(text, 100 * EM, { punctuationWidth: 'lineEndHalf' }, { justify: false });
    expect(xOf(ragged!, '风') - xOf(ragged!, '、')).toBeCloseTo(EM, 3);
  });
});

describe('cjk.trimLineStart', () => {
  it('sets an opening bracket starting a line half width, and keeps it full inside a line', () => {
    // The first line holds five characters (50 pt); the second starts with 「.
    const text = 'あいうえお「かき」くけ「こさ」しす';
    const on = setCjk(text, 5 * EM, { punctuationWidth: 'fullwidth', trimLineStart: true, hangingPunctuation: 'none' });
    const off = setCjk(text, 5 * EM, { punctuationWidth: 'fullwidth', trimLineStart: false, hangingPunctuation: 'none' });
    expect(lineText(on[1]!).startsWith('「か')).toBe(true);
    expect(lineText(off[1]!).startsWith('「か')).toBe(true);
    // Trimmed, the bracket's ink starts the line and か follows half an em after the line start.
    // (Lines are set from x = 0 in left-to-right text.)
    expect(xOf(on[1]!, 'か')).toBeCloseTo(EM / 2, 3);
    expect(xOf(off[1]!, 'か')).toBeCloseTo(EM, 3);
    // A bracket inside a line keeps its em: on a ragged line both settings place こ alike.
    const [raggedOn] = setCjk(text, 100 * EM, { punctuationWidth: 'fullwidth', trimLineStart: true }, { justify: false });
    const [raggedOff] = setCjk(text, 100 * EM, { punctuationWidth: 'fullwidth', trimLineStart: false }, { justify: false });
    expect(xOf(raggedOn!, 'こ')).toBeCloseTo(xOf(raggedOff!, 'こ'), 3);
    expect(xOf(raggedOn!, 'こ') - xOf(raggedOn!, '「', 1)).toBeCloseTo(EM, 3);
  });
});

describe('cjk.hangingPunctuation', () => {
  const text = 'あいうえお。かきくけこさしす';
  it('allow hangs 。 past the measure when the line would otherwise lose a character', () => {
    const hung = setCjk(text, 5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'allow' });
    const none = setCjk(text, 5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'none' });
    expect(lineText(hung[0]!)).toBe('あいうえお。');
    // The mark stands in the margin: it starts at the measure's end, the line is one em wider.
    expect(xOf(hung[0]!, '。')).toBeCloseTo(5 * EM, 3);
    expect(hung[0]!.width).toBeCloseTo(6 * EM, 3);
    // Without hanging, kinsoku keeps 。 off the next line by pulling お down with it.
    expect(lineText(none[0]!)).toBe('あいうえ');
    expect(lineText(none[1]!).startsWith('お。')).toBe(true);
  });

  it('allow leaves a mark inside the line when it fits; force hangs it wherever a line ends after it', () => {
    // あいう。 then a break: 40 pt; with room for five characters the line takes え too under allow.
    const text2 = 'あいう。えおかきくけ';
    const allow = setCjk(text2, 5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'allow' });
    expect(lineText(allow[0]!)).toBe('あいう。え');
    expect(allow[0]!.width).toBeCloseTo(5 * EM, 3);
    // First fit (line by line) hangs only when the mark would not fit otherwise.
    const firstFit = set(fonts, [textInline(text)], { family: 'Noto Serif SC', size: EM, measure: 5 * EM, language: 'ja', settings: (s) => { Object.assign(s.cjk, { punctuationWidth: 'fullwidth', hangingPunctuation: 'allow' }); s.body.optimalLineBreaking = false; } });
    expect(lineText(firstFit[0]!)).toBe('あいうえお。');
    const force = setCjk(text, 5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'force' });
    expect(lineText(force[0]!)).toBe('あいうえお。');
    expect(xOf(force[0]!, '。')).toBeCloseTo(5 * EM, 3);
  });
});

describe('hanging at the paragraph end', () => {
  it('keeps a last 。 on a full last line, past the measure, instead of pulling the character before it down', () => {
    const text = 'かきくけこあいうえお。';
    const hung = setCjk(text, 5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'allow' });
    const none = setCjk(text, 5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'none' });
    expect(hung.map(lineText)).toEqual(['かきくけこ', 'あいうえお。']);
    expect(xOf(hung[1]!, '。')).toBeCloseTo(5 * EM, 3);
    // Without hanging the 。 may not start a line: it takes a character down with it, onto a third line.
    expect(none).toHaveLength(3);
    expect(lineText(none[2]!).length).toBeGreaterThan(1);
    // A last line with room sets its mark as usual.
    const [short] = setCjk('あい。', 5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'allow' });
    expect(xOf(short!, '。')).toBeCloseTo(2 * EM, 2);
    // lineEndHalf: a closing mark ending the paragraph counts half an em on a full line.
    expect(setCjk('あいうえ」', 4.5 * EM, { punctuationWidth: 'lineEndHalf', hangingPunctuation: 'none' }).map(lineText)).toEqual(['あいうえ」']);
    expect(setCjk('あいうえ」', 4.5 * EM, { punctuationWidth: 'fullwidth', hangingPunctuation: 'none' })).toHaveLength(2);
  });
});

describe('cjk.spaceAfterQuestion', () => {
  it('puts a full-width space after ？ and ！ when the sentence goes on, none before a closing mark', () => {
    const text = '本当？はい！「そう？」と';
    const [on] = setCjk(text, 100 * EM, { spaceAfterQuestion: true, punctuationWidth: 'fullwidth' }, { justify: false });
    const [off] = setCjk(text, 100 * EM, { spaceAfterQuestion: false, punctuationWidth: 'fullwidth' }, { justify: false });
    expect(xOf(on!, 'は') - xOf(on!, '？')).toBeCloseTo(2 * EM, 3);
    expect(xOf(off!, 'は') - xOf(off!, '？')).toBeCloseTo(EM, 3);
    expect(xOf(on!, '「') - xOf(on!, '！')).toBeCloseTo(2 * EM, 3);
    // ？」: no space before the closing bracket.
    expect(xOf(on!, '」') - xOf(on!, '？', 1)).toBeCloseTo(EM, 3);
  });

  it('drops the space where the line breaks after the mark', () => {
    // 本当？ and three more fill the first line; the space would stand at its end.
    const lines = setCjk('あいう本当？はいそうです', 6 * EM, { spaceAfterQuestion: true, punctuationWidth: 'fullwidth', hangingPunctuation: 'none' });
    expect(lineText(lines[0]!)).toBe('あいう本当？');
    expect(xOf(lines[1]!, 'は')).toBeCloseTo(0, 3);
  });
});

describe('cjk.paragraphStartBracket', () => {
  it('indent keeps the indent and the full bracket, half drops the indent, flush trims the bracket too', () => {
    const text = '「あいう」と言った';
    const place = (p: 'indent' | 'half' | 'flush') => setCjk(text, 100 * EM, { paragraphStartBracket: p, punctuationWidth: 'fullwidth' }, { justify: false, indent: EM })[0]!;
    // x of あ: the ink of 「 ends where あ starts.
    expect(xOf(place('indent'), 'あ')).toBeCloseTo(2 * EM, 3);
    expect(xOf(place('half'), 'あ')).toBeCloseTo(EM, 3);
    expect(xOf(place('flush'), 'あ')).toBeCloseTo(EM / 2, 3);
    // A paragraph not opening with a bracket keeps its indent.
    const [plain] = setCjk('あいう', 100 * EM, { paragraphStartBracket: 'flush' }, { justify: false, indent: EM });
    expect(xOf(plain!, 'あ')).toBeCloseTo(EM, 3);
  });
});

describe('cjk.composeDesignText', () => {
  it('sets design text with the book’s rules, or (false) with the plain ones: full-width marks, no hanging', () => {
    const place = (cjk: Record<string, unknown>) => {
      const settings = settingsFromConfig({ locale: 'zh-Hans', cjk } as StoredConfig);
      const setText = designTextSetter({ fonts, settings, context: { footnoteMark: () => '1', refText: () => '?' } });
      const [line] = setText('山、水', { ...settings.body.style, family: 'Noto Serif SC', size: EM }, 100 * EM, { justify: false, hyphenate: false, direction: 'ltr' });
      return xOf(line!, '水') - xOf(line!, '、');
    };
    expect(settingsFromConfig({ locale: 'zh-Hans', cjk: { composeDesignText: false } } as StoredConfig).cjk.composeDesignText).toBe(false);
    // Mainland kaiming: 、 half an em in design text too; plain: a full em.
    expect(place({})).toBeCloseTo(EM / 2, 3);
    expect(place({ composeDesignText: false })).toBeCloseTo(EM, 3);
    expect(isApplied('cjk.composeDesignText')).toBe(true);
  });
});
