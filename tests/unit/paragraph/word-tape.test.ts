/**
 * A paragraph's word tape (paragraph/items.ts `WordTape`): when every word of a paragraph was a
 * plain shared word, its next item build — a new body size above all — takes the words from the
 * tape instead of reading the text again. These tests check that a replay gives the items a first
 * setting gives, to the bit, and that a tape is neither replayed for other words nor recorded for
 * paragraphs it cannot describe.
 */
import { describe, expect, it } from 'vitest';
import { buildItems, wordTapeReplays, type ItemOptions, type WordTapeSlot } from '../../../src/worker/engine/paragraph/items';
import { styledText, type StyledText } from '../../../src/worker/engine/paragraph/styled-text';
import { defaultSettings, type TextStyle } from '../../../src/worker/engine/settings';
import { nodeFontRegistry } from '../../support/node-world';
import { describedItems as described, justifiedEnglishOptions } from './helpers';

const body: TextStyle = { ...defaultSettings().body.style };
const italic: TextStyle = { ...body, italic: true };

/**
 * A paragraph of three runs: a space ending the first run (before the italic word), the italic
 * word, and a run starting with the space after it; long words, so some split at hyphenation points,
 * and a number (another script's table).
 */
function runs(style: TextStyle, emphasis: TextStyle, from = 100): StyledText[] {
  const first = 'The extraordinary harbour ';
  const second = 'incomprehensibly';
  const third = ' kept its institutionalised boats through the long winter of 1951.';
  return [
    styledText(first, style, 0, { from }),
    styledText(second, emphasis, 0, { from: from + first.length }),
    styledText(third, style, 0, { from: from + first.length + second.length }),
  ];
}

/** One hyphenator for every build (another one names its break lists with another key). */
const english = justifiedEnglishOptions();
function options(indent = 12): ItemOptions {
  return { ...english, indent };
}

describe('word tapes', () => {
  it('replays a paragraph at a new size with the items a first setting at that size builds', () => {
    const fonts = nodeFontRegistry();
    const slot: WordTapeSlot = { tape: null };
    const first = buildItems(runs(body, italic), fonts, options(), slot);
    expect(slot.tape).not.toBeNull();
    // Two entries a word (its start, run, space and script; its core).
    expect(slot.tape!.words).toHaveLength(28);
    // The same texts and size again: replayed, the same items.
    let replays = wordTapeReplays();
    const again = buildItems(runs(body, italic), fonts, options(), slot);
    expect(wordTapeReplays()).toBe(replays + 1);
    expect(described(again)).toBe(described(first));
    // A new body size (new style objects) and another indent: replayed, as built on faces that never met the words.
    const bigger = { ...body, size: body.size * 1.04 };
    replays = wordTapeReplays();
    const resized = buildItems(runs(bigger, { ...bigger, italic: true }), fonts, options(13.5), slot);
    expect(wordTapeReplays()).toBe(replays + 1);
    const fresh = buildItems(runs({ ...bigger }, { ...bigger, italic: true }), nodeFontRegistry(), options(13.5));
    expect(described(resized)).toBe(described(fresh));
    // Split words, spaces in both neighbouring runs, the indent: all of it was replayed.
    expect(resized.some((i) => i.type === 'penalty' && i.flagged)).toBe(true);
    expect(resized.filter((i) => i.type === 'glue' && i.payload?.space === true)).toHaveLength(13);
    expect(resized[0]!.type === 'box' && resized[0]!.width === 13.5).toBe(true);
    // Again at that size (the words met in the tables before), and after the table grew by many new words of that style (every slot moved).
    const biggerItalic = { ...bigger, italic: true };
    expect(described(buildItems(runs(bigger, biggerItalic), fonts, options(13.5), slot))).toBe(described(fresh));
    const many = Array.from({ length: 700 }, (_, n) => `qu${n.toString(26).replace(/\d/g, (d) => String.fromCharCode(0x6b + Number(d)))}x`).join(' ');
    buildItems([styledText(many, bigger, 0, { from: 0 })], fonts, options(13.5));
    expect(described(buildItems(runs(bigger, biggerItalic), fonts, options(13.5), slot))).toBe(described(fresh));
  });

  it('is not replayed for other words, faces, offsets or break lists, and those settings are as built', () => {
    const fonts = nodeFontRegistry();
    const others: [string, StyledText[], ItemOptions][] = [
      ['other offsets', runs(body, italic, 101), options()],
      ['another face for the emphasis', runs(body, { ...body, weight: 700 }), options()],
      ['other text', [...runs(body, italic).slice(0, 2), styledText(' kept its boats.', body, 0, { from: 142 })], options()],
      ['no hyphenation', runs(body, italic), { ...options(), breakPoints: undefined, breakKey: undefined }],
      ['another language', runs(body, italic), { ...options(), language: 'en-gb' }],
    ];
    for (const [what, texts, opts] of others) {
      const slot: WordTapeSlot = { tape: null };
      buildItems(runs(body, italic), fonts, options(), slot);
      expect(slot.tape, what).not.toBeNull();
      const replays = wordTapeReplays();
      const built = buildItems(texts, fonts, opts, slot);
      expect(wordTapeReplays(), what).toBe(replays);
      expect(described(built), what).toBe(described(buildItems(texts, nodeFontRegistry(), opts)));
    }
  });

  it('records no tape for a paragraph with more than plain words between typed spaces', () => {
    const fonts = nodeFontRegistry();
    const untaped: [string, StyledText[], ItemOptions][] = [
      ['a word across two runs', [styledText('The harb', body, 0, { from: 0 }), styledText('our kept.', italic, 0, { from: 8 })], options()],
      ['a space in a run of its own', [styledText('The', body, 0, { from: 0 }), styledText(' ', italic, 0, { from: 3 }), styledText('harbour.', body, 0, { from: 4 })], options()],
      ['right-to-left text', [styledText('The harbour שלום kept.', body, 0, { from: 0 })], options()],
      ['CJK text', [styledText('The harbour 港口 kept.', body, 0, { from: 0 })], options()],
      ['a hard break', [styledText('The harbour', body, 0, { from: 0, breakAfter: true }), styledText('kept.', body, 0, { from: 12 })], options()],
      ['listed offsets', [styledText('The harbour kept.', body, 0, { offsets: [...Array(17).keys()] })], options()],
      ['small capitals', [styledText('The harbour kept.', body, 0, { from: 0, smallCaps: true })], options()],
      ['verbatim text', [styledText('The harbour kept.', body, 0, { from: 0 })], { ...options(), verbatim: true }],
    ];
    for (const [what, texts, opts] of untaped) {
      const slot: WordTapeSlot = { tape: null };
      buildItems(texts, fonts, opts, slot);
      expect(slot.tape, what).toBeNull();
    }
  });
});
