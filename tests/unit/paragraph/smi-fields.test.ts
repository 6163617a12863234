/**
 * Integral fields of the objects a set paragraph keeps hold small integers (V8 Smis), not boxes.
 * V8 stores a field of a hidden class as a double — a separate 12-byte HeapNumber per object,
 * which every major collection marks — once any value stored in it for that class is not a Smi:
 * one fractional `rise` (a superscript) turned every piece's rise into a box, and one source
 * offset read from a Float64Array (a kept paragraph's columns) every line run's `from` (issue #6:
 * ~85,000 of the worker's ~416,000 HeapNumbers with the bench book kept, Node heap snapshot).
 *
 * A field read in the interpreter gives a Smi only when the field holds Smis (%IsSmi, V8's own
 * test, enabled for this file only); a double field gives a fresh HeapNumber even for 0.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { PreparedParagraphs, runSize, setParagraph } from '../../../src/worker/engine/paragraph';
import { buildItems, type ShapedPiece } from '../../../src/worker/engine/paragraph/items';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { textInline } from './helpers';

setFlagsFromString('--allow-natives-syntax');
const isSmi = new Function('value', 'return %IsSmi(value)') as (value: unknown) => boolean;

const fonts = nodeFontRegistry();
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

describe('integral fields of set paragraphs stay small integers', () => {
  it('a piece on the baseline holds no boxed rise, after a raised piece was built', () => {
    const style = defaultSettings().body.style;
    const options = { indent: 0, justify: true, maxWordSpacing: 1.5, minWordSpacing: 0.8 };
    const pieces = (rise: number, text: string): ShapedPiece[] =>
      buildItems([styledText(text, style, rise, { from: 0 })], fonts, options).flatMap((item) => (item.type === 'box' && item.payload ? item.payload.pieces : []));
    // A superscript's rise (pt): fractional, as the size's share it is.
    const raised = pieces(3.3, 'raised superscript words');
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.every((piece) => piece.rise === 3.3)).toBe(true);
    const plain = pieces(0, 'plain words on the baseline');
    expect(plain.length).toBeGreaterThan(0);
    for (const piece of plain) {
      expect(piece.rise ?? 0).toBe(0);
      expect(piece.rise === undefined || isSmi(piece.rise)).toBe(true);
    }
  });

  it('the runs of a paragraph set from its kept columns hold their first source offset as a Smi', () => {
    const settings = defaultSettings();
    const inlines = [textInline('Typographers considered extraordinarily incomprehensible characteristics of hyphenation', 40)];
    const request = { inlines, style: { ...settings.body.style, size: 10 }, measure: 90, indent: 0, justify: true };
    const prepared = new PreparedParagraphs();
    const env = { fonts, settings, context: { footnoteMark: () => '1', refText: () => '?' }, hyphenator, prepared };
    const fromItems = setParagraph(request, env);
    expect(prepared.keepWaiting()).toBe(true);
    // The narrower measure sets it again from the columns kept.
    const fromColumns = setParagraph({ ...request, measure: 80 }, env);
    expect(fromColumns.length).toBeGreaterThanOrEqual(fromItems.length);
    const runs = fromColumns.flatMap((line) => line.runs).filter((run) => run.from !== undefined);
    expect(runs.length).toBeGreaterThan(2);
    for (const run of runs) {
      expect(run.from).toBeGreaterThanOrEqual(40);
      expect(isSmi(run.from)).toBe(true);
    }
  });

  it('every number a line run holds is a Smi, after runs were set at a fractional size (code, notes)', () => {
    const settings = defaultSettings();
    const env = { fonts, settings, context: { footnoteMark: () => '1', refText: () => '?' }, hyphenator };
    const set = (size: number) =>
      setParagraph({ inlines: [textInline('Typographers considered extraordinarily incomprehensible characteristics', 0)], style: { ...settings.body.style, size }, measure: 90, indent: 0, justify: true }, env);
    // A note's size (0.8 × 8 pt), then the body's: the size was a field of every run, a box per run once one was a fraction.
    const small = set(6.4).flatMap((line) => line.runs);
    const body = set(8).flatMap((line) => line.runs);
    expect(small.length).toBeGreaterThan(1);
    expect(body.length).toBeGreaterThan(1);
    expect(small.every((run) => runSize(run) === 6.4)).toBe(true);
    expect(body.every((run) => runSize(run) === 8)).toBe(true);
    const boxed = [...small, ...body].flatMap((run) => Object.entries(run).filter(([, value]) => typeof value === 'number' && !isSmi(value)).map(([field]) => field));
    expect(boxed).toEqual([]);
  });
});
