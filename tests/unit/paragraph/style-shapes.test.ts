/**
 * The styles a paragraph's pieces carry: one hidden class for all of them, and one object per
 * (settings, base style, marks) however many times a paragraph is collected (paragraph/styled-text.ts
 * `uniformStyle`, paragraph/collect.ts `styleFor`). Styles built in other ways (a spread adding
 * bold, a size, fields in another order) made the line setter's and word tables' reads of `size`
 * and `colour` megamorphic, and a fresh style per emphasised run gave each run a word table of its
 * own, its words shaped into pieces again at every setting.
 *
 * %HaveSameMap is V8's own test (natives syntax, enabled for this file only).
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectInlines } from '../../../src/worker/engine/paragraph/collect';
import { buildItems, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import { defaultSettings, type TextStyle } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import type { Item } from '../../../src/worker/engine/text/items';
import { nodeFontRegistry } from '../../support/node-world';
import { textInline } from './helpers';

setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const context = { footnoteMark: () => '1', refText: () => '?' };
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

describe('the styles of styled text', () => {
  it('share one hidden class however the style was built, each the same object for the same style', () => {
    const build = (): TextStyle[] => {
      const body = defaultSettings().body.style;
      return [
        body,
        { ...body, weight: 700 },
        { ...body, size: body.size * 0.65 },
        { colour: body.colour, size: 7.25, italic: true, weight: 400, family: body.family },
        Object.assign({}, body, { overline: true as const }),
      ];
    };
    // Styles of a first batch made uniform, those of a second checked: V8 makes the first objects
    // of a literal before it settles the literal's class (its boilerplate), and in a process that
    // ran other tests first those first styles may be left on a class of their own.
    for (const style of build()) styledText('warm', style, 0, { from: 0 });
    const built = build();
    // The inputs really are of several hidden classes (else this test would prove nothing).
    expect(built.slice(1).some((style) => !sameMap(style, built[0]!))).toBe(true);
    const styles = built.map((style) => styledText('word', style, 0, { from: 0 }).style);
    for (const style of styles) expect(sameMap(style, styles[0]!)).toBe(true);
    // The same content, and the same object each time a style is given again.
    built.forEach((style, k) => {
      expect({ ...styles[k] }).toEqual(expect.objectContaining(style));
      expect(JSON.stringify(styles[k])).toBe(JSON.stringify({ family: style.family, weight: style.weight, italic: style.italic, size: style.size, colour: style.colour, ...(style.overline ? { overline: true } : {}) }));
      expect(styledText('other', style, 0, { from: 9 }).style).toBe(styles[k]);
      expect(styledText('again', styles[k]!, 0, { from: 9 }).style).toBe(styles[k]);
    });
  });

  it('an emphasised run has the same style object each time its paragraph is collected', () => {
    const settings = defaultSettings();
    const inlines = [textInline('Plain words then ', 0), textInline('emphasised words', 17, ['emphasis'] as never), textInline(' and ', 33), textInline('strong ones', 38, ['strong'] as never)];
    const once = collectInlines(inlines, settings.body.style, settings, context);
    const again = collectInlines(inlines, settings.body.style, settings, context);
    expect(once.map((t) => t.text)).toEqual(['Plain words then ', 'emphasised words', ' and ', 'strong ones']);
    expect(once[1]!.style.italic).toBe(true);
    expect(once[3]!.style.weight).toBeGreaterThan(settings.body.style.weight);
    once.forEach((text, k) => expect(again[k]!.style).toBe(text.style));
    // Other settings: styles of their own.
    const other = defaultSettings();
    expect(collectInlines(inlines, other.body.style, other, context)[1]!.style).not.toBe(once[1]!.style);
  });

  it("an emphasised word's pieces are built once, not again at each setting of its paragraph", () => {
    const fonts = nodeFontRegistry();
    const settings = defaultSettings();
    const inlines = [textInline('Some ', 0), textInline('extraordinary', 5, ['emphasis'] as never), textInline(' words.', 18)];
    const options = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us'), breakKey: hyphenator.breakKey('en-us') };
    const italicPayloads = (items: readonly Item<WordPayload>[]): WordPayload[] =>
      items.flatMap((item) => (item.type === 'box' && item.payload && item.payload.pieces[0]?.style.italic ? [item.payload] : []));
    const first = italicPayloads(buildItems(collectInlines(inlines, settings.body.style, settings, context), fonts, options));
    const second = italicPayloads(buildItems(collectInlines(inlines, settings.body.style, settings, context), fonts, options));
    // "extraordinary" is hyphenated: several parts, each a payload shared by both settings.
    expect(first.length).toBeGreaterThan(1);
    expect(second.length).toBe(first.length);
    second.forEach((payload, k) => expect(payload).toBe(first[k]));
  });
});
