import { describe, expect, it } from 'vitest';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';
import { setParagraph } from '../../../src/worker/engine/paragraph';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { nodeFontRegistry } from '../../support/node-world';
import { textInline } from './helpers';

/** `bodyText.emphasis` (configuration.md §6.1): how `*…*` is set. */
const fonts = nodeFontRegistry([]);

/** The run holding "word" in "plain *word* text" (marks as given), set as a body paragraph. */
function emphasised(config: Record<string, unknown>, marks: string[] = ['emphasis']) {
  const settings = settingsFromConfig(config as never);
  const lines = setParagraph(
    { inlines: [textInline('plain ', 0), textInline('word', 7, marks as never), textInline(' text', 12)], style: settings.body.style, measure: 400, indent: 0, justify: false },
    { fonts, settings, context: { footnoteMark: () => '1', refText: () => '?' } },
  );
  const run = lines[0]!.runs.find((r) => r.text.includes('word'))!;
  const plain = lines[0]!.runs.find((r) => r.text.includes('plain'))!;
  return { run, plain, settings };
}

describe('bodyText.emphasis', () => {
  it('auto: italic in a Latin-script book, bold in an Arabic-script one', () => {
    expect(emphasised({}).run.fontId).toBe('eb-garamond-400i');
    expect(emphasised({ bodyText: { emphasis: 'auto' } }).run.fontId).toBe('eb-garamond-400i');
    const arabic = emphasised({ locale: 'ar', bodyText: { fontFamily: 'EB Garamond' } });
    expect(arabic.run.fontId).toBe('eb-garamond-700');
  });

  it("'bold' sets it in the bold weight (upright) in the emphasis colour", () => {
    const { run, plain, settings } = emphasised({ bodyText: { emphasis: 'bold' } });
    expect(run.fontId).toBe('eb-garamond-700');
    expect(run.colour).toBe(settings.body.italicColour);
    expect(plain.fontId).toBe('eb-garamond-400');
  });

  it("'italic' keeps Arabic-script books' emphasis italic", () => {
    expect(emphasised({ locale: 'ar', bodyText: { emphasis: 'italic', fontFamily: 'EB Garamond' } }).run.fontId).toBe('eb-garamond-400i');
  });

  it("'color' sets it upright in the italic colour, under bold too", () => {
    const { run, plain } = emphasised({ bodyText: { emphasis: 'color', italicColor: '#aa0000', color: '#000000' } });
    expect(run.fontId).toBe('eb-garamond-400');
    expect(run.colour).toBe('#aa0000');
    expect(plain.colour).toBe('#000000');
    const bold = emphasised({ bodyText: { emphasis: 'color', italicColor: '#aa0000', boldColor: '#0000aa' } }, ['strong', 'emphasis']).run;
    expect(bold.fontId).toBe('eb-garamond-700');
    expect(bold.colour).toBe('#aa0000');
  });

  it("is declared applied; 'overline' (not drawn yet) is reported and set as auto", () => {
    expect(isApplied('bodyText.emphasis')).toBe(true);
    expect(settingsNotApplied({ bodyText: { emphasis: 'bold' } } as never)).toEqual([]);
    const warnings = settingsNotApplied({ bodyText: { emphasis: 'overline' } } as never);
    expect(warnings.map((w) => w.path)).toEqual(['bodyText.emphasis']);
    expect(warnings[0]!.message).toContain('"auto"');
    expect(emphasised({ bodyText: { emphasis: 'overline' } }).run.fontId).toBe('eb-garamond-400i');
  });
});
