import { describe, expect, it } from 'vitest';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';
import { setParagraph } from '../../../src/worker/engine/paragraph';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { nodeFontRegistry } from '../../support/node-world';
import { textInline } from './helpers';
import { EngineCache, layoutBook } from '../../../src/worker/engine';
import { Op, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, runs } from '../page/helpers';

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

  it("is declared applied, every value included ('overline' too)", () => {
    expect(isApplied('bodyText.emphasis')).toBe(true);
    expect(settingsNotApplied({ bodyText: { emphasis: 'bold' } } as never)).toEqual([]);
    expect(settingsNotApplied({ bodyText: { emphasis: 'overline' } } as never)).toEqual([]);
  });

  it("'overline' sets it upright in the italic colour, its run marked for a rule over it", () => {
    const { run, plain } = emphasised({ bodyText: { emphasis: 'overline', italicColor: '#aa0000' } });
    expect(run.fontId).toBe('eb-garamond-400');
    expect(run.colour).toBe('#aa0000');
    expect(run.overline).toBe(true);
    expect(plain.overline).toBeUndefined();
    // An emphasised word never shares a run with the plain text beside it, even in one face and colour.
    const same = emphasised({ bodyText: { emphasis: 'overline', italicColor: '#000000', color: '#000000' } });
    expect(same.run.text).toBe('word');
    expect(same.run.overline).toBe(true);
  });

  it("'overline' draws a rule over the emphasised run in the display list, above its letters and as wide as it", () => {
    const settings = settingsFromConfig({ bodyText: { emphasis: 'overline' } } as never);
    // (After another paragraph: the lines are moved from offsets relative to their paragraph to the chapter's, and keep the mark.)
    const steps = layoutBook(oneChapterBook('A first paragraph.\n\nplain *word* text and more plain text.', settings), fonts, new EngineCache());
    let step = steps.next();
    while (!step.done) step = steps.next();
    const page = step.value.pages[0]!;
    const word = runs(page).find((r) => r.text === 'word')!;
    // (The running head's rule is far above: only rules within an em over the word's baseline count.)
    const near = (i: RuleItem) => i.y1 < word.y && i.y1 > word.y - 1.5 * word.size;
    const rules = page.items.filter((i): i is RuleItem => i.op === Op.Rule && near(i));
    expect(rules).toHaveLength(1);
    const rule = rules[0]!;
    // Above the x-height and the ascenders (0.92 em), an underline's weight, from the first pen to the last glyph's end.
    expect(word.y - rule.y1).toBeCloseTo(0.92 * word.size, 2);
    expect(rule.y1).toBe(rule.y2);
    expect(rule.width).toBeCloseTo(0.05 * word.size, 2);
    expect(rule.x1).toBeCloseTo(word.xs[0]!, 2);
    const face = fonts.get(word.font)!;
    expect(rule.x2).toBeCloseTo(word.xs[word.xs.length - 1]! + (face.glyphAdvance(word.glyphs[word.glyphs.length - 1]!) * word.size) / face.upem, 2);
    expect(rule.stroke).toBe(word.fill);
    // No rule without the setting.
    const plainSteps = layoutBook(oneChapterBook('plain *word* text and more plain text.', settingsFromConfig({} as never)), fonts, new EngineCache());
    let plainStep = plainSteps.next();
    while (!plainStep.done) plainStep = plainSteps.next();
    expect(plainStep.value.pages[0]!.items.some((i) => i.op === Op.Rule && near(i))).toBe(false);
  });
});
