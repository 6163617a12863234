import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PreparedParagraphs, setParagraph, setParagraphIf, type LineShape, type ParagraphEnvironment, type SetLine } from '../../../src/worker/engine/paragraph';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph } from '../../support/prose';
import { textInline } from './helpers';

/**
 * Kept paragraphs (paragraph/columns.ts): setting the same inlines again, at another measure,
 * from the kept columns gives exactly the lines a fresh setting gives — -0 and +0 told apart, as
 * the display lists' golden digests would.
 */
const exact = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (Object.is(v, -0) ? '-0' : v));

const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
const context = { footnoteMark: () => '7', refText: () => 'Chapter 2' };

function environments(settings: LayoutSettings, families: string[] = []): { kept: ParagraphEnvironment; fresh: () => ParagraphEnvironment } {
  const fonts = nodeFontRegistry(families);
  return {
    kept: { fonts, settings, context, hyphenator, prepared: new PreparedParagraphs() },
    fresh: () => ({ fonts: nodeFontRegistry(families), settings, context, hyphenator }),
  };
}

function agreeAtMeasures(paragraphs: readonly (readonly Inline[])[], settings: LayoutSettings, families: string[], measures: number[], justify = true): void {
  const { kept, fresh } = environments(settings, families);
  for (const measure of measures) {
    const reference = fresh();
    for (const inlines of paragraphs) {
      const request = { inlines, style: settings.body.style, measure, indent: 12, justify };
      expect(exact(setParagraph(request, kept))).toBe(exact(setParagraph(request, reference)));
    }
    // What the worker does when idle after convergence: the next measure is set from columns.
    expect(kept.prepared!.keepWaiting()).toBe(true);
    expect(kept.prepared!.waitingCount).toBe(0);
  }
}

describe('kept paragraphs (PreparedParagraphs)', () => {
  it('re-set at other measures equals a fresh setting, hyphenated Latin prose, justified and ragged', () => {
    const random = mulberry32(5);
    let at = 0;
    const paragraphs = Array.from({ length: 40 }, () => {
      const text = paragraph(random);
      const inline = textInline(text, at);
      at += text.length + 2;
      return [inline];
    });
    agreeAtMeasures(paragraphs, defaultSettings(), [], [187.8, 140, 320]);
    agreeAtMeasures(paragraphs, defaultSettings(), [], [187.8, 150], false);
  });

  it('re-set equals a fresh setting for right-to-left Arabic and for Chinese with fallback faces', () => {
    const arabic = { ...defaultSettings(), direction: 'rtl' as const, language: 'ar' };
    const arabicText = 'كتبت إليك هذه الرسالة من حافة الواحة، حيث تنتهي الطريق ويبدأ الرمل. الماء هنا قليل، لكن الناس كرماء، ويقدمون الشاي بالنعناع لكل عابر. The word oasis comes from Egyptian.';
    agreeAtMeasures([[textInline(arabicText)], [textInline(arabicText.slice(20), 500)]], arabic, ['Amiri'], [187.8, 90]);
    const chinese = { ...defaultSettings(), language: 'zh' };
    const chineseText = '山上的茶园在清晨最安静，雾从谷底慢慢升起，采茶的人背着竹篓走过石阶。「你好」，他说。Tea 在这里已经种了三百年。';
    agreeAtMeasures([[textInline(chineseText)]], chinese, ['Noto Serif SC'], [187.8, 61]);
  });

  it('keeps nothing for text the book around it supplies, so a changed footnote mark shows', () => {
    const settings = defaultSettings();
    let mark = '1';
    const prepared = new PreparedParagraphs();
    const env: ParagraphEnvironment = { fonts: nodeFontRegistry(), settings, context: { footnoteMark: () => mark, refText: () => '?' }, hyphenator, prepared };
    const inlines: Inline[] = [textInline('A sentence with a note'), { kind: 'footnoteRef', noteId: 'n', marks: [], range: { from: 22, to: 26, line: 1, column: 23 } } as Inline];
    const request = { inlines, style: settings.body.style, measure: 187.8, indent: 0, justify: true };
    const first = setParagraph(request, env);
    mark = '23';
    const second = setParagraph(request, env);
    const lastRun = (lines: typeof first) => lines.at(-1)!.runs.at(-1)!.text;
    expect(lastRun(first)).toBe('1');
    expect(lastRun(second)).toBe('23');
  });

  it('builds the items again when the style, indent or justification differ', () => {
    const settings = defaultSettings();
    const { kept, fresh } = environments(settings);
    const inlines = [textInline('The compositor set the measure, then the leading, then the first line of the chapter with care.')];
    setParagraph({ inlines, style: settings.body.style, measure: 187.8, indent: 0, justify: true }, kept);
    kept.prepared!.keepWaiting();
    for (const request of [
      { inlines, style: { ...settings.body.style, size: settings.body.style.size * 1.5 }, measure: 187.8, indent: 0, justify: true },
      { inlines, style: settings.body.style, measure: 187.8, indent: 24, justify: true },
      { inlines, style: settings.body.style, measure: 187.8, indent: 0, justify: false },
    ]) {
      expect(exact(setParagraph(request, kept))).toBe(exact(setParagraph(request, fresh())));
    }
  });

  it('keeps items across new settings objects that differ only in page geometry, and rebuilds them for anything else', () => {
    const settings = defaultSettings();
    const fonts = nodeFontRegistry();
    const prepared = new PreparedParagraphs();
    const inlines = [textInline('The compositor set the measure, then the leading, then the first line of the chapter with care and patience.')];
    const request = (measure: number) => ({ inlines, style: { ...settings.body.style }, measure, indent: 0, justify: true });
    setParagraph(request(187.8), { fonts, settings, context, hyphenator, prepared });
    prepared.keepWaiting();
    // Wider margins: a new settings object and a new (equal) style object, the same items.
    const widerMargins: LayoutSettings = { ...settings, margins: { ...settings.margins, left: settings.margins.left + 20 } };
    expect(prepared.get(inlines, request(167.8), { fonts, settings: widerMargins, context, hyphenator }, widerMargins.direction)).toBeDefined();
    // Hyphenation off or another language changes the items: no hit, and setting agrees with a fresh one.
    for (const other of [
      { ...settings, hyphenation: { ...settings.hyphenation, enabled: false } },
      { ...settings, language: 'en-gb' },
    ]) {
      expect(prepared.get(inlines, request(187.8), { fonts, settings: other, context, hyphenator }, other.direction)).toBeUndefined();
      expect(exact(setParagraph(request(150), { fonts, settings: other, context, hyphenator, prepared }))).toBe(exact(setParagraph(request(150), { fonts: nodeFontRegistry(), settings: other, context, hyphenator })));
    }
  });

  it('keeps a paragraph only when the idle step runs, stops between paragraphs when asked, and drops what new faces made stale', () => {
    const settings = defaultSettings();
    const fonts = nodeFontRegistry();
    const prepared = new PreparedParagraphs();
    const env: ParagraphEnvironment = { fonts, settings, context, hyphenator, prepared };
    const random = mulberry32(11);
    const paragraphs = Array.from({ length: 3 }, (_, i) => [textInline(paragraph(random), i * 1000)]);
    const request = (inlines: readonly Inline[]) => ({ inlines, style: settings.body.style, measure: 187.8, indent: 0, justify: true });
    for (const inlines of paragraphs) setParagraph(request(inlines), env);
    // Set, not kept: a cold layout builds no columns.
    expect(prepared.waitingCount).toBe(3);
    expect(prepared.get(paragraphs[0]!, request(paragraphs[0]!), env, settings.direction)).toBeUndefined();
    // Asked to stop after one paragraph: one kept, two still waiting.
    let calls = 0;
    expect(prepared.keepWaiting(() => calls++ >= 1)).toBe(false);
    expect(prepared.waitingCount).toBe(2);
    expect(prepared.get(paragraphs[0]!, request(paragraphs[0]!), env, settings.direction)).toBeDefined();
    // A face added since they were set: their items would differ from their lines, so they are dropped.
    fonts.generation++;
    expect(prepared.keepWaiting()).toBe(true);
    expect(prepared.waitingCount).toBe(0);
    expect(prepared.get(paragraphs[1]!, request(paragraphs[1]!), env, settings.direction)).toBeUndefined();
  });

  it('a paragraph set a second time before the idle step is kept at once, and sets the same lines as a fresh one', () => {
    const settings = defaultSettings();
    const { kept, fresh } = environments(settings);
    const inlines = [textInline(paragraph(mulberry32(21)))];
    const request = (measure: number, text = inlines) => ({ inlines: text, style: settings.body.style, measure, indent: 0, justify: true });
    setParagraph(request(187.8), kept);
    // Set once: it waits, nothing kept.
    expect(kept.prepared!.waitingCount).toBe(1);
    expect(kept.prepared!.get(inlines, request(150), kept, settings.direction)).toBeUndefined();
    // Set again at another measure (a lever trying it narrower): kept now, no longer waiting.
    expect(exact(setParagraph(request(150), kept))).toBe(exact(setParagraph(request(150), fresh())));
    expect(kept.prepared!.waitingCount).toBe(0);
    expect(kept.prepared!.get(inlines, request(120), kept, settings.direction)).toBeDefined();
    // A third setting is broken from the kept columns: still the fresh setting's lines.
    expect(exact(setParagraph(request(140), kept))).toBe(exact(setParagraph(request(140), fresh())));
  });

  it('looseness searches within the word-space bounds and falls back to the best setting when that is out of reach', () => {
    const settings = defaultSettings();
    const { kept, fresh } = environments(settings);
    const long = [textInline(paragraph(mulberry32(33)))];
    const base = { inlines: long, style: settings.body.style, measure: 187.8, indent: 0, justify: true };
    const normal = setParagraph(base, fresh());
    const looser = setParagraph({ ...base, looseness: 1 }, fresh());
    // One line more, or (when no such setting keeps every space within maxWordSpacing) the same setting.
    expect([normal.length, normal.length + 1]).toContain(looser.length);
    if (looser.length === normal.length) expect(exact(looser)).toBe(exact(normal));
    else for (const line of looser.slice(0, -1)) expect(line.ratio).toBeLessThanOrEqual(1 + 1e-9);
    // Two words cannot make two lines at this measure: the best setting comes back, from kept columns too.
    const short = [textInline('Two words.')];
    const one = setParagraph({ ...base, inlines: short }, kept);
    kept.prepared!.keepWaiting();
    expect(exact(setParagraph({ ...base, inlines: short, looseness: 1 }, kept))).toBe(exact(one));
  });

  it('setParagraphIf sets the lines only when accept takes their shapes, known from the breaks, and then sets what setParagraph sets', () => {
    const settings = defaultSettings();
    const { kept, fresh } = environments(settings);
    const inlines = [textInline(paragraph(mulberry32(44)))];
    const request = { inlines, style: settings.body.style, measure: 150, indent: 12, justify: true };
    const reference = setParagraph(request, fresh());
    const shapesOf = (lines: readonly SetLine[]): LineShape[] => lines.map((l) => ({ ratio: l.ratio, ragged: l.ragged, emergency: l.emergency }));
    const refused = setParagraphIf(request, kept, () => false);
    expect(refused.lines).toBeNull();
    expect(exact(refused.shapes)).toBe(exact(shapesOf(reference)));
    const asked: number[] = [];
    const taken = setParagraphIf({ ...request }, kept, (shapes) => asked.push(shapes.length) > 0);
    expect(exact(taken.lines)).toBe(exact(reference));
    expect(asked).toEqual([reference.length]);
    // Without accept: setParagraph itself.
    expect(exact(setParagraphIf(request, fresh()).lines)).toBe(exact(reference));
  });

  it('a paragraph with a note mark is never kept: each setting prints the mark the book gives now', () => {
    const settings = defaultSettings();
    const fonts = nodeFontRegistry();
    let mark = '7';
    const env: ParagraphEnvironment = { fonts, settings, context: { footnoteMark: () => mark, refText: () => 'Chapter 2' }, hyphenator, prepared: new PreparedParagraphs() };
    const text = paragraph(mulberry32(52));
    const inlines: Inline[] = [textInline(text), { kind: 'footnoteRef', noteId: 'n', marks: [], range: { from: text.length, to: text.length + 4, line: 1, column: 1 } } as Inline];
    const reference = (measure: number) => setParagraph({ inlines, style: settings.body.style, measure, indent: 0, justify: true }, { fonts: nodeFontRegistry(), settings, context: { footnoteMark: () => mark, refText: () => '' }, hyphenator });
    const request = (measure: number) => ({ inlines, style: settings.body.style, measure, indent: 0, justify: true });
    setParagraph(request(187.8), env);
    // Its text comes from the book around it: it neither waits nor is kept, however often it is set.
    expect(env.prepared!.waitingCount).toBe(0);
    expect(exact(setParagraph(request(150), env))).toBe(exact(reference(150)));
    expect(env.prepared!.get(inlines, request(150), env, 'ltr')).toBeUndefined();
    // The mark changes between settings: the next setting prints the new one.
    mark = '8';
    const eight = setParagraph(request(150), env);
    expect(exact(eight)).toBe(exact(reference(150)));
    expect(eight.flatMap((l) => l.runs.map((r) => r.text)).join('')).toContain('8');
  });
});

