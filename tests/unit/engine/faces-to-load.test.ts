/**
 * The on-demand faces a book's text asks for (fonts/demand.ts `facesToLoad`): a script with a
 * bundled fallback is found wherever it first appears, even after a long stretch of Latin text
 * (skipped by a regular expression, not unit by unit), and punctuation past Latin (curly quotes,
 * dashes) or Greek and Cyrillic ask for nothing.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/worker/engine';
import { facesToLoad } from '../../../src/worker/engine/fonts/demand';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const settings = defaultSettings();
const families = (texts: string[]) => facesToLoad(settings, texts, fonts).map((face) => `${face.family} ${face.weight} ${face.style}`);
const latin = (words: number) => Array.from({ length: words }, (_, i) => (i % 17 === 0 ? '\u201cquoted\u201d \u2014' : i % 23 === 0 ? 'don\u2019t' : `word${i}`)).join(' ');

describe('facesToLoad', () => {
  it('asks for nothing for Latin text with typographic punctuation, Greek and Cyrillic', () => {
    expect(families([latin(20000), 'Ἀρχὴ καὶ Начало', latin(50)])).toEqual([]);
  });

  it('finds Arabic after a long Latin stretch, and CJK in a later chapter', () => {
    // One letter each, right after a Latin letter: the first unit past the stretch is the one read.
    const arabic = families([`${latin(20000)}x\u0645${latin(100)}`]);
    expect(arabic).toEqual(['Amiri 400 normal']);
    const both = families([latin(5000), `${latin(3000)}\u4e2d${latin(10)}`, `\u0627`]);
    expect(both).toHaveLength(2);
    expect(both).toContain('Amiri 400 normal');
    expect(both.some((face) => /SC 400 normal$/.test(face))).toBe(true);
  });
});
