/**
 * How cross-reference labels are set (configuration.md §6.1 `bodyText.referenceColor`,
 * `referenceBold`, `referenceItalic`; §11.3 "Look of refs"): bold in the bold colour by default,
 * each switch on its own, the colour in running text only.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import type { BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { fonts, run, runs } from './helpers';

const SOURCE = '# Lamps {#lamps}\n\nThe wicks burn as :ref{id="lamps"} says, and on.\n\n## Wicks after :ref{id="lamps"} {#wicks}\n\nMore text here.\n';
const book = (config: StoredConfig): BookInput => ({ title: 'Refs', settings: settingsFromConfig(config), chapters: [{ id: 'c1', title: '', source: SOURCE }] });
const all = (config: StoredConfig): GlyphRunItem[] => run(book(config)).pages.flatMap(runs);
const faceOf = (r: GlyphRunItem) => fonts.get(r.font)!;
/** The label the reference prints in the paragraph (the unnumbered chapter's title): a generated run. */
const bodyRef = (list: GlyphRunItem[]) => list.find((r) => r.line?.role === 'body' && r.srcFrom < 0 && r.text === 'Lamps')!;
const word = (list: GlyphRunItem[], text: string) => list.find((r) => r.line?.role === 'body' && r.text.includes(text))!;

describe('cross-reference labels (configuration.md §6.1, §11.3)', () => {
  it('are bold in the bold colour by default, the text around them regular in the text colour', () => {
    const settings = settingsFromConfig({});
    const list = all({});
    const ref = bodyRef(list);
    expect(ref).toBeDefined();
    expect(faceOf(ref).weight).toBe(settings.body.boldWeight);
    expect(faceOf(ref).style).toBe('normal');
    expect(ref.fill).toBe(settings.body.boldColour);
    const around = word(list, 'The wicks');
    expect(faceOf(around).weight).toBe(400);
    expect(around.fill).toBe(settings.body.style.colour);
    expect(ref.fill).not.toBe(around.fill);
  });

  it('follow a bold colour set by the book, or their own colour over it', () => {
    expect(bodyRef(all({ bodyText: { boldColor: '#aa0000' } })).fill).toBe('#aa0000');
    expect(bodyRef(all({ bodyText: { boldColor: '#aa0000', referenceColor: '#0000aa' } })).fill).toBe('#0000aa');
  });

  it('drop the bold and take italics when the book says so', () => {
    const ref = bodyRef(all({ bodyText: { referenceBold: false, referenceItalic: true } }));
    expect(faceOf(ref).weight).toBe(400);
    expect(faceOf(ref).style).toBe('italic');
  });

  it('keep a heading\'s colour and weight inside the heading', () => {
    const list = all({ bodyText: { referenceColor: '#0000aa' } });
    // The label takes the heading's own look, so it is set in the same run as the words before it.
    const heading = list.find((r) => r.line?.role === 'heading' && r.text.startsWith('Wicks'))!;
    expect(heading.text).toBe('Wicks after Lamps');
    expect(heading.fill).not.toBe('#0000aa');
    expect(bodyRef(list).fill).toBe('#0000aa');
  });

  it('are reported as applied settings', async () => {
    const { settingsNotApplied } = await import('../../../src/worker/config');
    const stored: StoredConfig = { bodyText: { referenceColor: '#0000aa', referenceBold: false, referenceItalic: true } };
    settingsFromConfig(stored);
    expect(settingsNotApplied(stored)).toEqual([]);
  });
});
