/**
 * Kashida in bayt hemistichs (document-format §9.1 "Arabic qaṣīda": all hemistichs justified to one
 * common width "using kashida first (up to 2× kashidaMaxLength) then spaces").
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { nodeFontRegistry } from '../../support/node-world';
import { oneChapterBook, runs } from './helpers';

const fonts = nodeFontRegistry(['Amiri']);
const amiri = fonts.match('Amiri', 400, 'normal');
const TATWEEL = amiri.shape('\u0640', 'rtl', '', 'Arab').glyphList()[0]!;

function run(input: BookInput) {
  const steps = layoutBook(input, fonts, new EngineCache());
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

// An original bayt for this test: a long ṣadr and a short ʿajuz, so the ʿajuz must stretch to the ṣadr's width.
const BAYT = 'سرت القوافل في الصحراء مسرعة || والليل يسكن';

/** The poem's row: its body runs on the baseline that holds the ʿajuz. */
function poemRow(config: Record<string, unknown>): GlyphRunItem[] {
  const book = oneChapterBook(['مقدمة.', '', ':::verse', BAYT, ':::', '', 'خاتمة.'].join('\n'), settingsFromConfig({ layout: { layoutType: 'single' }, locale: 'ar', ...config } as never));
  const page = run(book).pages[0]!;
  const ajuz = runs(page).find((r) => r.text.includes('يسكن'))!;
  return runs(page).filter((r) => r.y === ajuz.y);
}

/** Tatweels drawn in the ʿajuz's runs, and its extent (pt). */
function ajuz(row: readonly GlyphRunItem[]) {
  const own = row.filter((r) => r.text.includes('يسكن') || r.text.includes('الليل'));
  const tatweels = own.reduce((n, r) => n + r.glyphs.filter((g) => g === TATWEEL).length, 0);
  let left = Infinity;
  let right = -Infinity;
  for (const r of own) r.glyphs.forEach((g, k) => {
    left = Math.min(left, r.xs[k]!);
    right = Math.max(right, r.xs[k]! + (amiri.glyphAdvance(g) * r.size) / amiri.upem);
  });
  return { tatweels, width: right - left, runs: own };
}

describe('bayt hemistichs stretch by kashida first', () => {
  it('elongates the short hemistich with tatweels when kashida is on (Arabic default)', () => {
    const on = ajuz(poemRow({}));
    expect(on.tatweels).toBeGreaterThan(0);
    // Tatweels are generated ink: the run's text keeps the source's letters only.
    for (const r of on.runs) expect(r.text.includes('\u0640')).toBe(false);
  });

  it('spreads by word spaces only when kashida is off, to the same common width', () => {
    const on = ajuz(poemRow({}));
    const off = ajuz(poemRow({ bodyText: { kashida: 'none' } }));
    expect(off.tatweels).toBe(0);
    expect(on.width).toBeCloseTo(off.width, 0);
  });

  it('takes each site no further than 2 × kashidaMaxLength: a tiny limit leaves the rest to the spaces', () => {
    const small = ajuz(poemRow({ bodyText: { kashidaMaxLength: 0.05 } }));
    const large = ajuz(poemRow({}));
    expect(small.tatweels).toBeLessThan(large.tatweels);
    expect(small.width).toBeCloseTo(large.width, 0);
  });
});
