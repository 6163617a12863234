/**
 * buildItems hands the bidi and script analyses arrays of its own, shared from paragraph to paragraph
 * (paragraph/items.ts `zeroLevels`, `scriptScratch`): `paragraphLevels` gives the caller's array of
 * zeros for a paragraph with nothing right to left and never writes to it, and `resolveScriptCodes`
 * writes every unit of the text into the array it is given, as it would into a new one.
 */
import { describe, expect, it } from 'vitest';
import { paragraphLevels } from '../../../src/worker/engine/text/bidi';
import { resolveScriptCodes } from '../../../src/worker/engine/text/script';

describe('analysis arrays given by the caller', () => {
  it('levels: the zeros given for left-to-right text, a new array (the zeros untouched) for right-to-left text', () => {
    const zeros = new Uint8Array(64);
    expect(paragraphLevels('plain text, “quoted”', 'ltr', zeros)).toBe(zeros);
    const rtl = paragraphLevels('abc שלום def', 'ltr', zeros);
    expect(rtl).not.toBe(zeros);
    expect([...rtl.subarray(4, 8)]).toEqual([1, 1, 1, 1]);
    expect(paragraphLevels('שלום', 'rtl', zeros)).not.toBe(zeros);
    expect(zeros.every((level) => level === 0)).toBe(true);
    // Too short for the text: a new array.
    expect(paragraphLevels('a longer text than four units', 'ltr', new Uint8Array(4)).length).toBe(29);
  });

  it('scripts: each unit of the text written into the array given, as into a new one, whatever it held', () => {
    for (const text of ['  “Ελληνικά” and English', 'Latin then Кириллица, 12', '...', '']) {
      const out = new Uint8Array(text.length + 8).fill(200);
      expect(resolveScriptCodes(text, out)).toBe(out);
      expect([...out.subarray(0, text.length)]).toEqual([...resolveScriptCodes(text)]);
      expect([...out.subarray(text.length)]).toEqual(new Array(8).fill(200));
    }
  });
});
