/**
 * A paragraph style's run look and case (configuration.md §13.1): `boldColor`, `italicColor`,
 * `boldFontWeight` (each the body's unless set; italicColor does not follow the style's colour),
 * `italic` (italic runs inside turn upright), `smallCaps` (lower case as capitals at 70 %),
 * `hyphenation` (the body's flag unless set) and `textTransform: 'uppercase'`.
 */
import { describe, expect, it } from 'vitest';
import { settingsNotApplied, type StoredConfig } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { readFileSync } from 'node:fs';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { fonts, oneChapterBook, run, runs } from './helpers';

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

const LONG = 'Extraordinarily comprehensive considerations notwithstanding, characteristically unpredictable institutionalisation accompanies internationalisation, decentralisation and reconceptualisation everywhere.';
const source = (text: string) => `Lead paragraph in body text.\n\n:::paragraphs{style="aside"}\n${text}\n:::\n`;
const styled = (style: Record<string, unknown>, text = 'Plain **bold** and *slanted* words.'): GlyphRunItem[] => {
  const config = { layout: { layoutType: 'single' }, paragraphStyles: [{ id: 'aside', color: '#555555', ...style }] } as StoredConfig;
  const layout = run({ ...oneChapterBook(source(text), settingsFromConfig(config)), hyphenator });
  const lead = layout.pages.flatMap(runs).find((r) => r.text.startsWith('Lead'))!;
  return layout.pages.flatMap(runs).filter((r) => r.line?.role === 'body' && r.line.block !== lead.line!.block);
};
const face = (r: GlyphRunItem) => fonts.get(r.font)!;
const runWith = (list: GlyphRunItem[], text: string) => list.find((r) => r.text.includes(text))!;

describe('paragraph style run look (§13.1)', () => {
  it('sets bold and italic runs in the body\'s colours, not the style\'s own colour', () => {
    const body = settingsFromConfig({});
    const list = styled({});
    expect(runWith(list, 'Plain').fill).toBe('#555555');
    expect(runWith(list, 'bold').fill).toBe(body.body.boldColour);
    expect(runWith(list, 'slanted').fill).toBe(body.body.italicColour);
  });

  it('takes the style\'s own bold colour and weight and italic colour', () => {
    expect(face(runWith(styled({}), 'bold')).weight).toBe(700);
    const list = styled({ boldColor: '#aa0000', boldFontWeight: 400, italicColor: '#0000aa' });
    expect(runWith(list, 'bold').fill).toBe('#aa0000');
    expect(face(runWith(list, 'bold')).weight).toBe(400);
    expect(runWith(list, 'slanted').fill).toBe('#0000aa');
  });

  it('turns italic runs upright inside an italic style', () => {
    const list = styled({ italic: true });
    expect(face(runWith(list, 'Plain')).style).toBe('italic');
    expect(face(runWith(list, 'slanted')).style).toBe('normal');
  });

  it('sets small capitals and upper case', () => {
    const caps = styled({ smallCaps: true }, 'Plain words');
    const small = caps.filter((r) => /^[A-Z ]+$/.test(r.text) && r.text.trim().length > 1);
    const full = caps.find((r) => r.text.startsWith('P'))!;
    expect(small.length).toBeGreaterThan(0);
    expect(small[0]!.size).toBeCloseTo(full.size * 0.7, 2);
    const upper = styled({ textTransform: 'uppercase' }, 'Plain words');
    expect(upper.map((r) => r.text).join(' ')).toBe('PLAIN WORDS');
  });

  it('hyphenates as the body does unless the style switches it off', () => {
    const narrow = { indent: { value: 6, unit: 'cm' } };
    const on = styled(narrow, LONG);
    const off = styled({ ...narrow, hyphenation: false }, LONG);
    expect(on.some((r) => r.line?.hyphenated)).toBe(true);
    expect(off.some((r) => r.line?.hyphenated)).toBe(false);
  });

  it('reports none of these fields as waiting for the layout', () => {
    const stored = { paragraphStyles: [{ id: 'aside', boldColor: '#aa0000', italicColor: '#0000aa', boldFontWeight: 600, smallCaps: true, hyphenation: false, textTransform: 'uppercase' }] } as StoredConfig;
    settingsFromConfig(stored);
    expect(settingsNotApplied(stored)).toEqual([]);
  });
});
