/**
 * Shaping throughput of the paragraph phase (fonts, bidi, script itemization, per-cluster
 * fallback, HarfBuzz, CJK break opportunities): the item builder over the sample books' own
 * paragraphs, in a fresh font registry (cold: every word shaped) and again (warm: the shaping
 * cache answers, as when a book is re-broken at another measure). Measured, never asserted.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { buildItems } from '../src/worker/engine/paragraph/items';
import { styledText, type StyledText } from '../src/worker/engine/paragraph/styled-text';
import { defaultSettings } from '../src/worker/engine/settings';
import { nodeFontRegistry } from '../tests/support/node-world';

export interface ShapingFigures {
  book: string;
  paragraphs: number;
  /** UTF-16 units of paragraph text. */
  units: number;
  coldMs: number;
  warmMs: number;
  /** Thousands of UTF-16 units a second, cold. */
  coldKiloUnitsPerSecond: number;
}

/** Plain paragraph texts of a sample book (lines that are not headings, lists or front matter). */
function paragraphsOf(dir: string): string[] {
  const out: string[] = [];
  for (const file of readdirSync(dir).sort()) {
    const source = readFileSync(`${dir}/${file}`, 'utf8').replace(/^---[\s\S]*?---\n/, '');
    for (const block of source.split(/\n\s*\n/)) {
      const text = block.replace(/\n/g, ' ').trim();
      if (text && !/^(#|[-*>:]|\d+\.)/.test(text)) out.push(text);
    }
  }
  return out;
}

function measure(book: string, dir: string, family: string, direction: 'ltr' | 'rtl', language: string): ShapingFigures {
  const paragraphs = paragraphsOf(dir);
  const fonts = nodeFontRegistry([family]);
  const settings = defaultSettings();
  const style = { ...settings.body.style, family };
  const texts = paragraphs.map((text): StyledText[] => [styledText(text, style, 0, { offsets: Array.from({ length: text.length }, (_, i) => i) })]);
  const run = (): number => {
    const start = performance.now();
    for (const t of texts) buildItems(t, fonts, { indent: 12, justify: true, maxWordSpacing: 2, minWordSpacing: 0.6, direction, language, ...(direction === 'rtl' ? { kashida: { perWord: 1, maxLength: 0.6 } } : {}) });
    return performance.now() - start;
  };
  const coldMs = run();
  const warmMs = Math.min(run(), run(), run());
  const units = paragraphs.reduce((n, p) => n + p.length, 0);
  return { book, paragraphs: paragraphs.length, units, coldMs: Math.round(coldMs), warmMs: Math.round(warmMs), coldKiloUnitsPerSecond: Math.round(units / coldMs) };
}

export function measureShaping(): ShapingFigures[] {
  return [
    measure('postext-guide (en)', 'public/presets/postext-guide/chapters/en', 'EB Garamond', 'ltr', 'en'),
    measure('arabic-book', 'public/presets/arabic-book/chapters', 'Amiri', 'rtl', 'ar'),
    measure('chinese-book', 'public/presets/chinese-book/chapters', 'Noto Serif SC', 'ltr', 'zh'),
  ];
}
