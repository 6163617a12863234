/**
 * Recurring plain words share their items (paragraph/items.ts `sharedWordFor`): the pieces,
 * payloads and hyphen penalties of a word are built once per shaping, style, rise, level and break
 * list, and each occurrence's box item carries its own first source offset (`BoxItem.from`). These
 * tests check that every occurrence still maps each glyph to its own source character, in lines set
 * from items and from kept columns, and that sharing never changes a line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PreparedParagraphs, setParagraph, type ParagraphEnvironment, type SetLine } from '../../../src/worker/engine/paragraph';
import { buildItems, type ItemOptions, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import { runOffset } from '../../../src/worker/engine/paragraph/lines';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import type { BoxItem, Item } from '../../../src/worker/engine/text/items';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { textInline } from './helpers';

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const context = { footnoteMark: () => '1', refText: () => '?' };
const exact = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (Object.is(v, -0) ? '-0' : v));

/** The chapter source both paragraphs come from: `first` at 3, `second` further on. */
const first = 'Incomprehensible characteristics of extraordinary typographers.';
const second = 'Characteristics of incomprehensible and extraordinary typographers.';
const SECOND_AT = 3 + first.length + 41;
const source = `${' '.repeat(3)}${first}${' '.repeat(SECOND_AT - 3 - first.length)}${second}`;

/** Every glyph's source character (generated ones, −1: only the added hyphen) is the character it shows. */
function expectGlyphsOnSource(lines: readonly SetLine[]): number {
  let checked = 0;
  for (const line of lines) {
    for (const run of line.runs) {
      run.glyphs.forEach((_, g) => {
        const unit = run.clusters[g]!;
        const offset = runOffset(run, unit);
        if (offset < 0) {
          expect(run.text[unit]).toBe('-');
          return;
        }
        expect(source[offset]).toBe(run.text[unit]);
        checked++;
      });
    }
    expect(source.slice(line.srcFrom, line.srcTo).replace(/-$/, '')).toMatch(/^\S.*\S$/);
  }
  return checked;
}

function boxes(items: readonly Item<WordPayload>[]): BoxItem<WordPayload>[] {
  return items.filter((i): i is BoxItem<WordPayload> => i.type === 'box' && (i.payload?.pieces.length ?? 0) > 0);
}

describe('recurring words share their items', () => {
  it('the same word in two paragraphs shares its payload; each box carries its own source offset', () => {
    const fonts = nodeFontRegistry();
    const style = defaultSettings().body.style;
    const options = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us') };
    const a = buildItems([styledText(first, style, 0, { from: 3 })], fonts, options);
    const b = buildItems([styledText(second, style, 0, { from: SECOND_AT })], fonts, options);
    const word = (items: readonly Item<WordPayload>[], text: string): BoxItem<WordPayload>[] => {
      const all = boxes(items);
      const start = all.findIndex((box, k) => all.slice(k).map((x) => x.payload!.pieces[0]!.text).join('').startsWith(text) && box.payload!.pieces[0]!.from === 0);
      const out: BoxItem<WordPayload>[] = [];
      let got = '';
      for (let k = start; got.length < text.length; k++) {
        out.push(all[k]!);
        got += all[k]!.payload!.pieces[0]!.text;
      }
      return out;
    };
    // "extraordinary" is split at its hyphenation points: every part's payload is the same object.
    const inA = word(a, 'extraordinary');
    const inB = word(b, 'extraordinary');
    expect(inA.length).toBeGreaterThan(1);
    expect(inA.map((box) => box.payload)).toEqual(inB.map((box) => box.payload));
    inA.forEach((box, k) => expect(box.payload).toBe(inB[k]!.payload));
    expect(inA[0]!.from).toBe(3 + first.indexOf('extraordinary'));
    expect(inB[0]!.from).toBe(SECOND_AT + second.indexOf('extraordinary'));
    // Widths are the word's own, whoever built them first.
    expect(inA.map((box) => box.width)).toEqual(inB.map((box) => box.width));
  });

  it('lines of both paragraphs map every glyph to its own source, hyphenated or not, from items and from kept columns', () => {
    const settings = defaultSettings();
    const fonts = nodeFontRegistry();
    const env: ParagraphEnvironment = { fonts, settings, context, hyphenator, prepared: new PreparedParagraphs() };
    const paragraphs = [[textInline(first, 3)], [textInline(second, SECOND_AT)]];
    for (const measure of [70, 95, 400]) {
      for (const [from, text] of [[3, first], [SECOND_AT, second]] as const) {
        const lines = setParagraph({ inlines: paragraphs[from === 3 ? 0 : 1]!, style: settings.body.style, measure, indent: 0, justify: true }, env);
        expect(expectGlyphsOnSource(lines)).toBeGreaterThan(text.length * 0.8);
        expect(lines[0]!.srcFrom).toBe(from);
        expect(lines[lines.length - 1]!.srcTo).toBe(from + text.length);
        if (measure === 70) expect(lines.some((l) => l.hyphenated)).toBe(true);
      }
      // Kept: the next measure is set from the columns (their offsets come from the box items too).
      env.prepared!.keepWaiting();
    }
  });

  it('sharing never changes a line: a paragraph set after another with the same words equals it set alone', () => {
    const settings = defaultSettings();
    const shared = nodeFontRegistry();
    const inlines = [textInline(second, SECOND_AT)];
    const request = { inlines, style: settings.body.style, measure: 80, indent: 12, justify: true };
    setParagraph({ ...request, inlines: [textInline(first, 3)] }, { fonts: shared, settings, context, hyphenator });
    const after = setParagraph(request, { fonts: shared, settings, context, hyphenator });
    const alone = setParagraph(request, { fonts: nodeFontRegistry(), settings, context, hyphenator });
    expect(exact(after)).toBe(exact(alone));
  });

  it('a word met again with another break list is split at that list (hyphenation off, then on)', () => {
    const fonts = nodeFontRegistry();
    const style = { ...defaultSettings().body.style };
    const base = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8 };
    const hyphenated = { ...base, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us') };
    const parts = (options: ItemOptions): string[] => boxes(buildItems([styledText('extraordinary', style, 0, { from: 9 })], fonts, options)).map((b) => b.payload!.pieces[0]!.text);
    const split = parts(hyphenated);
    expect(split.length).toBeGreaterThan(1);
    expect(split.join('')).toBe('extraordinary');
    expect(parts(base)).toEqual(['extraordinary']);
    expect(parts({ ...base, breakPoints: () => [] })).toEqual(['extraordinary']);
    expect(parts(hyphenated)).toEqual(split);
    // Alternating lists do not rebuild the word: each list's items are kept (the same payloads).
    const payloads = (options: ItemOptions): unknown[] => boxes(buildItems([styledText('extraordinary', style, 0, { from: 30 })], fonts, options)).map((b) => b.payload);
    const withBreaks = payloads(hyphenated);
    const whole = payloads(base);
    expect(payloads(hyphenated)).toEqual(withBreaks);
    payloads(hyphenated).forEach((payload, k) => expect(payload).toBe(withBreaks[k]));
    expect(payloads(base)[0]).toBe(whole[0]);
  });

  it('a word in another style or size is not shared with the body word', () => {
    const fonts = nodeFontRegistry();
    const style = defaultSettings().body.style;
    const larger = { ...style, size: style.size * 2 };
    const options = { indent: 0, justify: false, maxWordSpacing: 1.5, minWordSpacing: 0.8 };
    const [plain] = boxes(buildItems([styledText('lantern', style, 0, { from: 0 })], fonts, options));
    const [big] = boxes(buildItems([styledText('lantern', larger, 0, { from: 0 })], fonts, options));
    const [raised] = boxes(buildItems([styledText('lantern', style, 2, { from: 0 })], fonts, options));
    expect(big!.payload).not.toBe(plain!.payload);
    expect(raised!.payload).not.toBe(plain!.payload);
    expect(big!.width).toBeCloseTo(plain!.width * 2, 9);
    expect(big!.payload!.pieces[0]!.style.size).toBe(style.size * 2);
    expect(raised!.payload!.pieces[0]!.rise).toBe(2);
  });
  it('a word met before under the same break key is set without asking for its break list again', () => {
    // The hyphenator names its lists (Hyphenator.breakKey): a word whose items were built under the key
    // takes them without a lookup of its list, which was one map lookup per word of the book.
    const fonts = nodeFontRegistry();
    const style = { ...defaultSettings().body.style };
    let asked = 0;
    const breakPoints = (word: string) => {
      asked++;
      return hyphenator.breakPoints(word, 'en-us');
    };
    const options = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints, breakKey: hyphenator.breakKey('en-us') } satisfies ItemOptions;
    const a = buildItems([styledText(first, style, 0, { from: 3 })], fonts, options);
    const firstAsked = asked;
    expect(firstAsked).toBe(first.split(' ').length);
    const b = buildItems([styledText(second, style, 0, { from: SECOND_AT })], fonts, options);
    // 'Characteristics', 'incomprehensible' and 'and' are new here (case and punctuation count); the rest was met.
    expect(asked - firstAsked).toBe(3);
    // The same items as when every word is asked for.
    const plain = buildItems([styledText(second, { ...style }, 0, { from: SECOND_AT })], fonts, { ...options, breakKey: undefined });
    const shape = (items: readonly Item<WordPayload>[]) =>
      exact(items.map((i) => [i.type, i.width, i.type === 'penalty' ? [i.penalty, i.flagged] : i.type === 'box' ? i.from : [i.stretch, i.shrink], (i.payload?.pieces ?? []).map((p) => [p.text, p.face.id, p.width, p.shaped.glyphList(), p.shaped.advanceList()])]));
    expect(shape(b)).toBe(shape(plain));
    expect(boxes(a).length).toBeGreaterThan(0);
    // Another hyphenator's key is another key: its words are asked for again.
    const other = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
    expect(other.breakKey('en-us')).not.toBe(hyphenator.breakKey('en-us'));
    expect(hyphenator.breakKey('en-us', { hyphenate: false })).not.toBe(hyphenator.breakKey('en-us'));
  });

  it('words with typographic punctuation are shared, with the items the general path gives them', () => {
    const fonts = nodeFontRegistry();
    const style = { ...defaultSettings().body.style };
    const options = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us'), breakKey: hyphenator.breakKey('en-us') } satisfies ItemOptions;
    const text = '“Don’t,” the harbourmaster’s clerk said — don’t go, don’t — of 1950–51’s tolls: €12… ‘incomprehensible’ ‹sic›.';
    const shared = buildItems([styledText(text, style, 0, { from: 0 })], fonts, options);
    // The two occurrences of “don’t” between dashes share one payload (a plain word's entry).
    const dont = boxes(shared).filter((b) => b.payload!.pieces.map((p) => p.text).join('') === 'don’t');
    expect(dont).toHaveLength(2);
    expect(dont[0]!.payload).toBe(dont[1]!.payload);
    // Listed source offsets take every word down the general path (shaped per occurrence, one piece per run and face).
    const general = buildItems([styledText(text, { ...style }, 0, { offsets: [...Array(text.length).keys()] })], nodeFontRegistry(), options);
    const shape = (items: readonly Item<WordPayload>[]) =>
      exact(items.map((i) => [i.type, i.width, i.type === 'penalty' ? [i.penalty, i.flagged] : i.type === 'glue' ? [i.stretch, i.shrink] : null, (i.payload?.pieces ?? []).map((p) => [p.text, p.face.id, p.width, p.shaped.glyphList(), p.shaped.advanceList()])]));
    expect(shape(shared)).toBe(shape(general));
    // Split words among them: the hyphenation points found in a word holding an apostrophe.
    expect(shared.some((i) => i.type === 'penalty' && i.flagged)).toBe(true);
  });
});
