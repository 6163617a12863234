/**
 * A paragraph set a second time before the idle step is kept at once (paragraph/index.ts) — but
 * only when its waiting setting built the same items: after a new body size every paragraph is
 * set once at the new size, and keeping each then (building columns for items no later setting
 * uses) made a global change pay for keeping the whole book.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PreparedParagraphs, setParagraph, type ParagraphEnvironment } from '../../../src/worker/engine/paragraph';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';
import { textInline } from './helpers';

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const context = { footnoteMark: () => '1', refText: () => '?' };
const exact = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (Object.is(v, -0) ? '-0' : v));

describe('waiting paragraphs and a new body size', () => {
  it('a paragraph waiting from another size is not kept on its first setting at the new size; its second setting keeps it, lines as fresh', () => {
    const settings = defaultSettings();
    const bigger = { ...settings, body: { ...settings.body, style: { ...settings.body.style, size: settings.body.style.size * 1.02 } } };
    const fonts = nodeFontRegistry();
    const prepared = new PreparedParagraphs();
    const inlines = [textInline(paragraph(mulberry32(11)), 40)];
    const at = (s: typeof settings, measure: number) => ({ inlines, style: s.body.style, measure, indent: 12, justify: true });
    const env = (s: typeof settings): ParagraphEnvironment => ({ fonts, settings: s, context, hyphenator, prepared });
    const fresh = (s: typeof settings): ParagraphEnvironment => ({ fonts: nodeFontRegistry(), settings: s, context, hyphenator });

    setParagraph(at(settings, 180), env(settings));
    expect(prepared.waitingCount).toBe(1);
    // The first setting at the new size: it waits again (for the new size), nothing kept.
    const first = setParagraph(at(bigger, 180), env(bigger));
    expect(prepared.get(inlines, at(bigger, 180), env(bigger), 'ltr')).toBeUndefined();
    expect(prepared.waitingCount).toBe(1);
    expect(exact(first)).toBe(exact(setParagraph(at(bigger, 180), fresh(bigger))));
    // Set again at the new size (another measure): kept at once, from the new size's items.
    const second = setParagraph(at(bigger, 150), env(bigger));
    expect(prepared.get(inlines, at(bigger, 150), env(bigger), 'ltr')).toBeDefined();
    expect(prepared.waitingCount).toBe(0);
    expect(exact(second)).toBe(exact(setParagraph(at(bigger, 150), fresh(bigger))));
    // And the kept columns set the same lines as a fresh setting at a third measure.
    expect(exact(setParagraph(at(bigger, 210), env(bigger)))).toBe(exact(setParagraph(at(bigger, 210), fresh(bigger))));
  });

  it('a second setting with the same style content (a fresh but equal style object) is kept at once', () => {
    const settings = defaultSettings();
    const fonts = nodeFontRegistry();
    const prepared = new PreparedParagraphs();
    const inlines = [textInline(paragraph(mulberry32(12)), 0)];
    const env: ParagraphEnvironment = { fonts, settings, context, hyphenator, prepared };
    setParagraph({ inlines, style: settings.body.style, measure: 180, indent: 0, justify: true }, env);
    const again = { inlines, style: { ...settings.body.style }, measure: 160, indent: 0, justify: true };
    setParagraph(again, env);
    expect(prepared.get(inlines, again, env, 'ltr')).toBeDefined();
    expect(prepared.waitingCount).toBe(0);
  });
});
