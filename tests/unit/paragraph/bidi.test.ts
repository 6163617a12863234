import { describe, expect, it } from 'vitest';
import { visualOrder } from '../../../src/worker/engine/text/bidi';
import { runOffsets } from '../../../src/worker/engine/paragraph/lines';
import { nodeFontRegistry } from '../../support/node-world';
import { glyphSources, set, textInline, visualRuns } from './helpers';

const fonts = nodeFontRegistry(['Amiri']);

/** An original Arabic paragraph (written for these tests) with a Latin word and a number. */
const ARABIC = 'كتبتُ إليك هذه الرسالة من طرف الواحة، حيث يمرّ الطريق القديم إلى مدينة الملح. قطعنا في اليوم الأول 42 كيلومترًا، ورأينا قافلة صغيرة تحمل كتبًا عن Paris وعن البحر البعيد. في المساء جلسنا حول النار وتحدثنا عن الأسماء التي تنساها الرمال.';

describe('bidi rule L2 (visual order of a line)', () => {
  it('reverses right-to-left runs and keeps embedded left-to-right runs in order', () => {
    // Levels of: RTL word, RTL space, LTR number (level 2 inside RTL), RTL space, RTL word.
    expect(visualOrder([1, 1, 2, 1, 1])).toEqual([4, 3, 2, 1, 0]);
    // Two LTR words inside an RTL paragraph keep their order relative to each other.
    expect(visualOrder([1, 2, 2, 2, 1])).toEqual([4, 1, 2, 3, 0]);
    expect(visualOrder([0, 0, 1, 1, 0])).toEqual([0, 1, 3, 2, 4]);
  });
});

describe('right-to-left paragraphs', () => {
  const lines = set(fonts, [textInline(ARABIC, 100)], { family: 'Amiri', measure: 160, direction: 'rtl', language: 'ar' });

  it('breaks into several lines that are reordered one by one', () => {
    expect(lines.length).toBeGreaterThan(3);
    // The first words of the paragraph are on the right of the first line.
    const first = glyphSources(lines[0]!).filter((g) => g.offset >= 0);
    const rightmost = first[first.length - 1]!;
    const leftmost = first[0]!;
    expect(rightmost.offset).toBeLessThan(leftmost.offset);
    expect(rightmost.offset).toBe(100); // "ك" of the first word, at source offset 100
    // Each line covers a later stretch of the source than the one before (logical order kept across lines).
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.srcFrom).toBeGreaterThanOrEqual(lines[i - 1]!.srcTo - 1);
  });

  it('fills the measure from the right: justified lines span it, the last line starts at the right edge', () => {
    for (const line of lines.slice(0, -1)) {
      const xs = line.runs.flatMap((r) => r.xs);
      expect(Math.min(...xs)).toBeLessThan(1);
      expect(line.width).toBeCloseTo(160, 0);
    }
    // The last line is short: its words sit at the right, the finishing space at the left.
    const last = lines[lines.length - 1]!;
    const glyphs = glyphSources(last);
    expect(glyphs[0]!.x).toBeGreaterThan(20);
    const amiri = fonts.match('Amiri', 400, 'normal');
    const lastRun = last.runs.reduce((a, b) => ((a.xs[a.xs.length - 1] ?? 0) > (b.xs[b.xs.length - 1] ?? 0) ? a : b));
    const end = lastRun.xs[lastRun.xs.length - 1]! + (amiri.shape(lastRun.text, 'rtl').advanceList()[amiri.shape(lastRun.text, 'rtl').advanceList().length - 1]! * 10) / amiri.upem;
    expect(end).toBeGreaterThan(155);
    expect(end).toBeLessThan(160.5);
  });

  it('maps every glyph back to its source character (click-to-source)', () => {
    for (const line of lines) {
      for (const run of line.runs) {
        expect(runOffsets(run).length).toBe(run.text.length);
        run.glyphs.forEach((_, g) => {
          const c = run.clusters[g]!;
          const offset = runOffsets(run)[c]!;
          if (offset < 0) return;
          // The run's text at the cluster is the source character at that offset.
          expect(run.text.codePointAt(c)).toBe(ARABIC.codePointAt(offset - 100));
        });
        // Right-to-left runs: text in logical order, glyphs left to right, so clusters never increase.
        if (run.rtl) for (let g = 1; g < run.clusters.length; g++) expect(run.clusters[g]!).toBeLessThanOrEqual(run.clusters[g - 1]!);
      }
      expect(line.srcFrom).toBeGreaterThanOrEqual(100);
      expect(line.srcTo).toBeLessThanOrEqual(100 + ARABIC.length);
    }
  });

  it('keeps a number and a Latin word left to right inside the Arabic line', () => {
    const all = lines.flatMap((line) => visualRuns(line));
    const number = all.find((r) => r.text.includes('42'));
    const latin = all.find((r) => r.text.includes('Paris'));
    expect(number).toBeDefined();
    expect(latin).toBeDefined();
    // The digits read 4 then 2 from left to right.
    const digits = lines.flatMap((l) => glyphSources(l)).filter((g) => g.char === '4' || g.char === '2');
    const four = digits.find((g) => g.char === '4')!;
    const two = digits.find((g) => g.char === '2' && g.offset === four.offset + 1)!;
    expect(four.x).toBeLessThan(two.x);
    // "Paris" reads P…s left to right and is not a right-to-left run.
    const line = lines.find((l) => l.runs.some((r) => r.text.includes('Paris')))!;
    const paris = glyphSources(line).filter((g) => g.offset >= 100 + ARABIC.indexOf('Paris') && g.offset < 100 + ARABIC.indexOf('Paris') + 5);
    expect(paris.map((g) => g.char).join('')).toBe('Paris');
    // The Arabic word before "Paris" in logical order ("عن") sits to its right.
    const an = ARABIC.lastIndexOf('عن', ARABIC.indexOf('Paris'));
    const anGlyph = glyphSources(line).find((g) => g.offset === 100 + an);
    if (anGlyph) expect(anGlyph.x).toBeGreaterThan(paris[paris.length - 1]!.x);
  });

  it('joins Arabic letters (contextual forms differ from the isolated ones)', () => {
    const amiri = fonts.match('Amiri', 400, 'normal');
    const word = amiri.shape('سلم', 'rtl', '', 'Arab', 'ar');
    const isolated = ['س', 'ل', 'م'].map((c) => amiri.shape(c, 'rtl', '', 'Arab', 'ar').glyphList()[0]);
    // Visual order: the glyph of the last letter comes first; the joined forms are other glyphs.
    expect(word.glyphList().length).toBeGreaterThanOrEqual(3);
    expect(word.glyphList()).not.toEqual(isolated.slice().reverse());
    expect(word.clusterList()[0]).toBeGreaterThan(word.clusterList()[word.clusterList().length - 1]!);
  });

  it('sets an :rtl[…] isolate inside a left-to-right paragraph right to left', () => {
    const text = 'The letter was signed ';
    const inlines = [
      textInline(text, 0),
      { kind: 'directive', name: 'rtl', attrs: {}, children: [textInline('إدريس بن يوسف', text.length + 6)], range: { from: text.length, to: text.length + 20, line: 1, column: 1 } },
      textInline(' in the oasis.', text.length + 20),
    ] as never;
    const [line] = set(fonts, inlines, { measure: 1000, justify: false });
    const runs = visualRuns(line!);
    expect(runs.map((r) => r.rtl)).toContain(true);
    const arabic = glyphSources(line!).filter((g) => g.offset >= text.length + 6 && g.offset < text.length + 20);
    // The first Arabic word (logically first) is to the right of the second one.
    const idris = arabic.filter((g) => g.offset < text.length + 6 + 5).map((g) => g.x);
    const yusuf = arabic.filter((g) => g.offset >= text.length + 6 + 9).map((g) => g.x);
    expect(Math.min(...idris)).toBeGreaterThan(Math.max(...yusuf));
    // The isolate controls are not drawn: no run text holds U+2067 or U+2069.
    expect(line!.runs.some((r) => /[\u2067\u2069]/.test(r.text))).toBe(false);
  });

  it('is deterministic: the same paragraph sets to the same lines', () => {
    const again = set(fonts, [textInline(ARABIC, 100)], { family: 'Amiri', measure: 160, direction: 'rtl', language: 'ar' });
    expect(JSON.stringify(again)).toBe(JSON.stringify(lines));
  });
});

describe('kashida justification', () => {
  const amiri = fonts.match('Amiri', 400, 'normal');
  const tatweel = amiri.shape('\u0640', 'rtl', '', 'Arab').glyphList()[0]!;
  const setWith = (enabled: boolean) =>
    set(fonts, [textInline(ARABIC, 100)], { family: 'Amiri', measure: 160, direction: 'rtl', language: 'ar', settings: (s) => (s.kashida = { enabled, perWord: 1, maxLength: 0.6 }) });

  it('stretches letters with tatweels when on, and fills the measure', () => {
    const lines = setWith(true);
    const withTatweel = lines.filter((l) => l.runs.some((r) => r.glyphs.includes(tatweel)));
    expect(withTatweel.length).toBeGreaterThan(0);
    for (const line of lines.slice(0, -1)) expect(line.width).toBeCloseTo(160, 1);
    // Tatweels are generated ink: the run's text is untouched (no U+0640 in it) and each maps
    // to the letter it extends, so clusters still fall from left to right.
    for (const line of withTatweel) {
      for (const run of line.runs.filter((r) => r.glyphs.includes(tatweel))) {
        expect(run.text.includes('\u0640')).toBe(false);
        for (let g = 1; g < run.clusters.length; g++) expect(run.clusters[g]!).toBeLessThanOrEqual(run.clusters[g - 1]!);
      }
    }
  });

  it('justifies by spaces only when off', () => {
    const lines = setWith(false);
    expect(lines.some((l) => l.runs.some((r) => r.glyphs.includes(tatweel)))).toBe(false);
    for (const line of lines.slice(0, -1)) expect(line.width).toBeCloseTo(160, 1);
  });
});
