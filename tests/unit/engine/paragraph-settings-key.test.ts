/**
 * The paragraph memo's settings key (engine/settings.ts paragraphSettingsKey): a design change that
 * cannot move a line keeps every set paragraph, and any change that can gives exactly the layout
 * a fresh cache gives (ARCHITECTURE invariant: incremental == full).
 */
import { describe, expect, it } from 'vitest';
import { EngineCache } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { dump, oneChapterBook, run } from '../page/helpers';

const SOURCE = [
  '# A chapter of several kinds of text',
  '',
  'Running text with *emphasis*, **strong words**, `inline code`, a :chip[key cap]{style="key"} and a note[^n] set justified across a column that is narrow enough to break it into several lines, hyphenating the longer words where the patterns allow.',
  '',
  '- A list item long enough to turn over onto a second line of the column it stands in.',
  '- A second item.',
  '',
  '> A quotation in its own type, long enough for two lines in a column of this width.',
  '',
  '## A section',
  '',
  'More running text after the heading, with well-hyphenatable vocabulary: extraordinarily institutionalised considerations.',
  '',
  '[^n]: The note itself, in the note type.',
].join('\n');

const CHANGES: [string, Record<string, unknown>][] = [
  ['heading colour', { headings: { color: '#aa0000' } }],
  ['running head colour', { headings: { color: '#00aa00' } }],
  ['word spacing', { bodyText: { maxWordSpacing: 1.4 } }],
  ['alignment', { bodyText: { textAlign: 'left' } }],
  ['emphasis', { bodyText: { emphasis: 'bold' } }],
  ['hyphenation off', { bodyText: { hyphenation: { enabled: false } } }],
  ['note mark size', { footnotes: { markerSize: { value: 0.8, unit: 'em' } } }],
  ['repeat hyphen', { bodyText: { repeatHyphen: true } }],
  ['body size', { bodyText: { fontSize: { value: 9, unit: 'pt' } } }],
  ['chip style', { chipStyles: [{ id: 'key', paddingX: { value: 1, unit: 'em' }, bold: true }] }],
  ['inline code boxed', { codeStyle: { inline: { padding: { value: 0.5, unit: 'em' } } } }],
  ['back to the first', {}],
];

const bodyRuns = (layout: ReturnType<typeof run>): GlyphRunItem[] =>
  layout.pages.flatMap((p) => p.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body'));

describe('paragraph memo settings key', () => {
  it('each design change, in turn on one cache, lays out as a fresh cache does', () => {
    const cache = new EngineCache();
    run(oneChapterBook(SOURCE, settingsFromConfig({ layout: { layoutType: 'double' } } as never)), cache);
    for (const [name, config] of CHANGES) {
      const input = oneChapterBook(SOURCE, settingsFromConfig({ layout: { layoutType: 'double' }, ...config } as never));
      expect(dump(run(input, cache)), name).toBe(dump(run(input, new EngineCache())));
    }
  });

  it('a heading colour keeps the set paragraphs; the word spacing sets them again', () => {
    const cache = new EngineCache();
    const first = bodyRuns(run(oneChapterBook(SOURCE, settingsFromConfig({} as never)), cache));
    const recoloured = bodyRuns(run(oneChapterBook(SOURCE, settingsFromConfig({ headings: { color: '#aa0000' } } as never)), cache));
    // The same set lines: their glyph arrays are shared with the paragraph memo's.
    expect(recoloured.length).toBe(first.length);
    recoloured.forEach((r, i) => expect(r.glyphs).toBe(first[i]!.glyphs));
    const spaced = bodyRuns(run(oneChapterBook(SOURCE, settingsFromConfig({ headings: { color: '#aa0000' }, bodyText: { maxWordSpacing: 1.4 } } as never)), cache));
    expect(spaced.some((r, i) => r.glyphs !== first[i]?.glyphs)).toBe(true);
  });
});
