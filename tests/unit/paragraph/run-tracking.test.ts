/**
 * buildItems reads what it needs of a styled run (its box, warichu note, formula) once per run, from
 * the run its loop is in (paragraph/items.ts), not from each unit's run index. Empty runs — with or
 * without a hard break — lie between runs without a unit of their own: a paragraph with them must
 * give the items of the same paragraph without them, a boxed run's padding on both sides of its text.
 * Each unit's run is written in one array every paragraph shares (items.ts `runScratch`, grown to the
 * longest paragraph met): a paragraph longer than any before, and one after it, still find theirs.
 */
import { describe, expect, it } from 'vitest';
import { buildItems, type WordPayload } from '../../../src/worker/engine/paragraph/items';
import type { RunBoxLook } from '../../../src/worker/engine/paragraph/run-box';
import { styledText } from '../../../src/worker/engine/paragraph/styled-text';
import type { BoxItem, Item } from '../../../src/worker/engine/text/items';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { nodeFontRegistry } from '../../support/node-world';
import { justifiedEnglishOptions } from './helpers';

const fonts = nodeFontRegistry();
const options = justifiedEnglishOptions();
const style = defaultSettings().body.style;
const chip: RunBoxLook = { fill: '#eee', border: null, radius: 1, side: 2.5, above: 7, below: 2, gap: 1 };

/** Each box's padding (`box`), word text or space, in order: where the boxed run's sides fall. */
function shape(items: readonly Item<WordPayload>[]): string[] {
  return items.map((item) => {
    if (item.payload?.box) return `[${item.width}]`;
    if (item.payload?.space) return '␣';
    if (item.type === 'box') return item.payload!.pieces.map((p) => p.text).join('');
    return item.type;
  });
}

describe('styled runs in the item loop', () => {
  it('a boxed run after an empty run is padded where its text starts and ends', () => {
    const plain = buildItems([styledText('one ', style, 0, { from: 0 }), styledText('chip', style, 0, { from: 4, box: chip }), styledText(' two', style, 0, { from: 8 })], fonts, options);
    const withEmpty = buildItems([styledText('one ', style, 0, { from: 0 }), styledText('', style, 0, { from: 4 }), styledText('chip', style, 0, { from: 4, box: chip }), styledText('', style, 0, { from: 8 }), styledText(' two', style, 0, { from: 8 })], fonts, options);
    expect(shape(plain).slice(0, 7)).toEqual(['one', '␣', '[2.5]', 'chip', '[2.5]', '␣', 'two']);
    expect(withEmpty).toEqual(plain);
  });

  it('a hard break on an empty run before a boxed run ends the line as on the run before it', () => {
    const onRun = buildItems([styledText('one', style, 0, { from: 0, breakAfter: true }), styledText('chip', style, 0, { from: 3, box: chip }), styledText(' two', style, 0, { from: 7 })], fonts, options);
    const onEmpty = buildItems([styledText('one', style, 0, { from: 0 }), styledText('', style, 0, { from: 3, breakAfter: true }), styledText('chip', style, 0, { from: 3, box: chip }), styledText(' two', style, 0, { from: 7 })], fonts, options);
    expect(shape(onRun).slice(0, 5)).toEqual(['one', 'glue', 'penalty', '[2.5]', 'chip']);
    expect(onEmpty).toEqual(onRun);
  });
});

describe('each unit\'s styled run, in an array every paragraph shares', () => {
  /** `count` words in runs of three words, every other run italic: the style each word must be set in. */
  function alternating(count: number): { texts: ReturnType<typeof styledText>[]; styles: (typeof style)[] } {
    const italic = { ...style, italic: true };
    const texts: ReturnType<typeof styledText>[] = [];
    const styles: (typeof style)[] = [];
    let from = 0;
    for (let w = 0; w < count; w += 3) {
      const runStyle = (w / 3) % 2 === 0 ? style : italic;
      const text = ['harbour', 'quiet', 'winter'].slice(0, Math.min(3, count - w)).join(' ') + ' ';
      texts.push(styledText(text, runStyle, 0, { from }));
      from += text.length;
      for (let k = 0; k < Math.min(3, count - w); k++) styles.push(runStyle);
    }
    return { texts, styles };
  }

  /** The style of each word's first box. */
  function wordStyles(items: readonly Item<WordPayload>[]): (typeof style)[] {
    const out: (typeof style)[] = [];
    let inWord = false;
    for (const item of items) {
      if (item.type === 'glue') inWord = false;
      if (item.type !== 'box' || (item.payload?.pieces.length ?? 0) === 0 || inWord) continue;
      inWord = true;
      out.push((item as BoxItem<WordPayload>).payload!.pieces[0]!.style);
    }
    return out;
  }

  it('a paragraph longer than any before, and a short one after it, set each word in its run\'s style', () => {
    const short = alternating(7);
    const before = buildItems(short.texts, fonts, options);
    // ~4,500 units: past the array's first size (1,024) and any paragraph the other tests set.
    const long = alternating(900);
    expect(long.texts.reduce((n, t) => n + t.text.length, 0)).toBeGreaterThan(4000);
    expect(wordStyles(buildItems(long.texts, fonts, options))).toEqual(long.styles);
    const after = buildItems(short.texts, fonts, options);
    expect(wordStyles(after)).toEqual(short.styles);
    expect(after).toEqual(before);
  });
});
