/**
 * A waiting paragraph set a second time soon after its first setting (balancing lever 7 trying it
 * one line looser, text beside a float) reuses the items of the first setting (paragraph/index.ts
 * `RECENT_ITEMS`): the lines are the ones a fresh setting gives, the items are held only for the
 * latest waiting paragraphs, and they are let go once kept.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collect } from '../../support/gc';
import { PreparedParagraphs, setParagraph, setParagraphIf, type ParagraphEnvironment } from '../../../src/worker/engine/paragraph';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';
import { textInline } from './helpers';

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const context = { footnoteMark: () => '1', refText: () => '?' };
const exact = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (Object.is(v, -0) ? '-0' : v));
const settings = defaultSettings();

/** `count` paragraphs of generated prose, each with source offsets of its own. */
function paragraphs(count: number, seed: number): Inline[][] {
  const random = mulberry32(seed);
  let at = 0;
  return Array.from({ length: count }, () => {
    const text = paragraph(random);
    const inlines = [textInline(text, at)];
    at += text.length + 2;
    return inlines;
  });
}

const request = (inlines: readonly Inline[], measure: number, looseness = 0) => ({ inlines, style: settings.body.style, measure, indent: 12, justify: true, looseness });

/** A setting environment with its own kept paragraphs, and fresh ones (nothing kept, a registry of their own) to compare with. */
function environments(): { prepared: PreparedParagraphs; env: ParagraphEnvironment; fresh: () => ParagraphEnvironment } {
  const prepared = new PreparedParagraphs();
  return {
    prepared,
    env: { fonts: nodeFontRegistry(), settings, context, hyphenator, prepared },
    fresh: () => ({ fonts: nodeFontRegistry(), settings, context, hyphenator }),
  };
}

describe('the items of recently waiting paragraphs', () => {
  it('a second setting of one of several waiting paragraphs sets its own text, as a fresh setting does', () => {
    const { prepared, env, fresh } = environments();
    const [first, second, third] = paragraphs(3, 21);
    for (const inlines of [first!, second!, third!]) setParagraph(request(inlines, 187.8), env);
    expect(prepared.waitingCount).toBe(3);
    expect(prepared.waitingItems(second!)).toBeDefined();
    // Set again one line looser, as lever 7 asks: from the held items, then kept.
    const looser = setParagraphIf(request(second!, 187.8, 1), env);
    expect(exact(looser)).toBe(exact(setParagraphIf(request(second!, 187.8, 1), fresh())));
    expect(prepared.waitingCount).toBe(2);
    expect(prepared.waitingItems(second!)).toBeUndefined();
    // The kept columns set the same lines as a fresh setting at another measure.
    expect(exact(setParagraph(request(second!, 150), env))).toBe(exact(setParagraph(request(second!, 150), fresh())));
  });

  it('a second setting from held items builds none: it matches fewer faces than one whose items left the ring', () => {
    const { prepared, env } = environments();
    // Building items matches each styled run's face (items.ts faceOf): counted on the registry.
    let matches = 0;
    const match = env.fonts.match.bind(env.fonts);
    env.fonts.match = (...args: Parameters<typeof match>) => {
      matches++;
      return match(...args);
    };
    const all = paragraphs(26, 25);
    for (const inlines of all) setParagraph(request(inlines, 187.8), env);
    const secondSetting = (inlines: readonly Inline[]): number => {
      const before = matches;
      setParagraphIf(request(inlines, 187.8, 1), env);
      return matches - before;
    };
    expect(prepared.waitingItems(all[25]!)).toBeDefined();
    expect(prepared.waitingItems(all[0]!)).toBeUndefined();
    const fromHeld = secondSetting(all[25]!);
    const rebuilt = secondSetting(all[0]!);
    expect(rebuilt).toBeGreaterThan(fromHeld);
  });

  it('holds the items of the latest 24 waiting paragraphs only; an older one set again builds its items afresh, with the same lines', () => {
    const { prepared, env, fresh } = environments();
    const all = paragraphs(26, 22);
    for (const inlines of all) setParagraph(request(inlines, 187.8), env);
    expect(prepared.waitingCount).toBe(26);
    // The two set first have left the ring: they still wait, without items.
    expect(prepared.waitingItems(all[0]!)).toBeUndefined();
    expect(prepared.waitingItems(all[1]!)).toBeUndefined();
    for (const inlines of all.slice(2)) expect(prepared.waitingItems(inlines)).toBeDefined();
    expect(exact(setParagraph(request(all[0]!, 160), env))).toBe(exact(setParagraph(request(all[0]!, 160), fresh())));
    // Set a second time, it is kept: its items go with its waiting.
    expect(prepared.waitingCount).toBe(25);
    expect(prepared.waitingItems(all[0]!)).toBeUndefined();
    // A paragraph waiting again at another body size takes the ring's next place (the oldest, the
    // third paragraph's, whose items go) with the new size's items, and its old entry's items go.
    const bigger = { ...settings, body: { ...settings.body, style: { ...settings.body.style, size: settings.body.style.size * 1.02 } } };
    const biggerEnv: ParagraphEnvironment = { ...env, settings: bigger };
    const atBigger = { ...request(all[5]!, 187.8), style: bigger.body.style };
    setParagraph(atBigger, biggerEnv);
    expect(prepared.waitingCount).toBe(25);
    expect(prepared.waitingItems(all[5]!)).toBeDefined();
    expect(prepared.waitingItems(all[2]!)).toBeUndefined();
    expect(prepared.waitingItems(all[3]!)).toBeDefined();
    expect(exact(setParagraph({ ...atBigger, measure: 150 }, biggerEnv))).toBe(exact(setParagraph({ ...atBigger, measure: 150 }, { ...fresh(), settings: bigger })));
  });

  it('lets the items go when the idle step keeps the waiting paragraphs, which set as fresh ones do', () => {
    const { prepared, env, fresh } = environments();
    const all = paragraphs(4, 23);
    for (const inlines of all) setParagraph(request(inlines, 187.8), env);
    expect(prepared.keepWaiting()).toBe(true);
    expect(prepared.waitingCount).toBe(0);
    for (const inlines of all) {
      expect(prepared.waitingItems(inlines)).toBeUndefined();
      expect(prepared.get(inlines, request(inlines, 140), env, 'ltr')).toBeDefined();
      expect(exact(setParagraph(request(inlines, 140), env))).toBe(exact(setParagraph(request(inlines, 140), fresh())));
    }
  });

  it('keeps no items, nor the entry holding them, once a paragraph stops waiting', async () => {
    const { prepared, env } = environments();
    const [kept, idle] = paragraphs(2, 24);
    // Each set in a scope of its own: only the prepared paragraphs could still reach its items.
    const itemsOf = (inlines: readonly Inline[]): WeakRef<object> => {
      setParagraph(request(inlines, 187.8), env);
      return new WeakRef(prepared.waitingItems(inlines)!);
    };
    const keptItems = itemsOf(kept!);
    const idleItems = itemsOf(idle!);
    setParagraph(request(kept!, 160), env); // kept on its second setting
    expect(prepared.keepWaiting()).toBe(true); // and the other by the idle step
    await collect();
    expect(keptItems.deref()).toBeUndefined();
    expect(idleItems.deref()).toBeUndefined();
  });
});
