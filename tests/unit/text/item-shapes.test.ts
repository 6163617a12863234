/**
 * Knuth–Plass items have one hidden class per kind (text/items.ts `boxItem`, `glueItem`,
 * `penaltyItem`): the breaker's and the line setter's loops read `type`, `width` and `payload` of
 * each item, and items of six classes made those reads megamorphic (V8's generic lookup).
 *
 * %HaveSameMap is V8's own test (natives syntax, enabled for this file only).
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { buildItems } from '../../../src/worker/engine/paragraph/items';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { boxItem, glueItem, penaltyItem } from '../../../src/worker/engine/text/items';
import { nodeFontRegistry } from '../../support/node-world';

setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

describe('items', () => {
  it('have one hidden class per kind, with only their own fields', () => {
    const make = () => ({
      boxes: [boxItem(3), boxItem(2.5, { pieces: [] }, 12), boxItem(7.25, { pieces: [] })],
      glue: [glueItem(3.25, 1.5, 1), glueItem(2, 1, 0.5, { level: 0 })],
      penalties: [penaltyItem(0, 10000, false), penaltyItem(4.2, 50, true, { pieces: [] })],
    });
    // The second batch: V8 makes the first objects of a literal before it settles the literal's
    // class (its boilerplate), and the first items of a process may be left on a class of their own.
    make();
    const made = make();
    for (const list of [made.boxes, made.glue, made.penalties]) for (const item of list) expect(sameMap(item, list[0]!)).toBe(true);
    expect(sameMap(made.boxes[0]!, made.glue[0]!)).toBe(false);
    // Read as the literals they stand for: absent fields are absent to JSON and toEqual.
    expect(JSON.parse(JSON.stringify(made.boxes[1]))).toEqual({ type: 'box', width: 2.5, payload: { pieces: [] }, from: 12 });
    expect(made.glue[0]).toEqual({ type: 'glue', width: 3.25, stretch: 1.5, shrink: 1 });
    expect(made.penalties[1]).toEqual({ type: 'penalty', width: 4.2, penalty: 50, flagged: true, payload: { pieces: [] } });
  });

  it("of a paragraph's words, spaces, hyphenation points and end have their kind's class", () => {
    const fonts = nodeFontRegistry();
    const settings = defaultSettings();
    const text = 'Incomprehensibly extraordinary typographers, self-taught, reconsidered everything — twice.';
    const options = { indent: 12, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8, breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us'), breakKey: hyphenator.breakKey('en-us') };
    // Built twice, the second time checked (see above).
    buildItems([styledText(text, settings.body.style, 0, { from: 0 })], fonts, options);
    const items = buildItems([styledText(text, settings.body.style, 0, { from: 0 })], fonts, options);
    const kinds = new Set(items.map((item) => `${item.type}${item.type === 'penalty' && item.flagged ? ' flagged' : ''}`));
    // Every kind is there (else this test would prove less than it says).
    expect([...kinds].sort()).toEqual(['box', 'glue', 'penalty', 'penalty flagged']);
    const reference = { box: boxItem(1), glue: glueItem(1, 1, 1), penalty: penaltyItem(0, 0, false) };
    for (const item of items) expect(sameMap(item, reference[item.type])).toBe(true);
  });
});
