import { readFileSync } from 'node:fs';
import { setParagraph, type SetLine } from '../../../src/worker/engine/paragraph';
import type { ItemOptions, WordPayload } from '../../../src/worker/engine/paragraph/items';
import type { Item } from '../../../src/worker/engine/text/items';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { runOffset } from '../../../src/worker/engine/paragraph/lines';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine/settings';
import type { FontRegistry } from '../../../src/worker/engine/fonts/registry';

/** A paragraph of plain text whose source offsets start at 0. */
export function textInline(text: string, from = 0, marks: Inline extends { marks: infer M } ? M : never = [] as never): Inline {
  return { kind: 'text', text, marks, range: { from, to: from + text.length, line: 1, column: 1 } } as Inline;
}

export interface SetOptions {
  family?: string;
  size?: number;
  measure: number;
  justify?: boolean;
  direction?: 'ltr' | 'rtl';
  language?: string;
  indent?: number;
  settings?: (s: LayoutSettings) => void;
}

/** Sets inlines as a body paragraph with the defaults, changed by `options`. */
export function set(fonts: FontRegistry, inlines: readonly Inline[], options: SetOptions): SetLine[] {
  const settings = defaultSettings();
  settings.language = options.language ?? settings.language;
  settings.direction = options.direction ?? settings.direction;
  options.settings?.(settings);
  const style = { ...settings.body.style, family: options.family ?? settings.body.style.family, size: options.size ?? 10 };
  return setParagraph(
    { inlines, style, measure: options.measure, indent: options.indent ?? 0, justify: options.justify ?? true },
    { fonts, settings, context: { footnoteMark: () => '1', refText: () => '?' } },
  );
}

/** The text of a line's runs joined in visual order (left to right). */
export function visualRuns(line: SetLine): { text: string; x: number; rtl: boolean; fontId: string }[] {
  return line.runs.map((r) => ({ text: r.text, x: r.xs[0] ?? 0, rtl: r.rtl === true, fontId: r.fontId })).sort((a, b) => a.x - b.x);
}

/** Source offsets of every glyph of a line, in visual order (left to right). */
export function glyphSources(line: SetLine): { x: number; offset: number; char: string }[] {
  const out: { x: number; offset: number; char: string }[] = [];
  for (const run of line.runs) {
    run.glyphs.forEach((_, g) => {
      const c = run.clusters[g]!;
      out.push({ x: run.xs[g]!, offset: runOffset(run, c), char: run.text[c]! });
    });
  }
  return out.sort((a, b) => a.x - b.x);
}

/** buildItems' options for justified text hyphenated in US English (the bundled patterns, a hyphenator of its own). */
export function justifiedEnglishOptions(): ItemOptions {
  const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
  return {
    indent: 0,
    justify: true,
    maxWordSpacing: 1.5,
    minWordSpacing: 0.8,
    breakPoints: (word: string) => hyphenator.breakPoints(word, 'en-us'),
    breakKey: hyphenator.breakKey('en-us'),
  };
}

/** JSON that tells −0 from 0 (a width or offset set as −0 is a different double). */
export const exactJson = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (Object.is(v, -0) ? '-0' : v));

/** Everything the breaker and the line setter read of items, glyphs and sizes included: equal strings, the same items to the bit. */
export function describedItems(items: readonly Item<WordPayload>[]): string {
  return exactJson(
    items.map((i) => [
      i.type,
      i.width,
      i.type === 'penalty' ? [i.penalty, i.flagged] : i.type === 'box' ? i.from : [i.stretch, i.shrink],
      i.payload?.space === true,
      i.payload?.level,
      (i.payload?.pieces ?? []).map((p) => [p.text, p.from, p.offsets, p.style.size, p.style.italic, p.style.weight, p.rise, p.face.id, p.width, p.level, p.shaped.glyphList(), p.shaped.advanceList()]),
    ]),
  );
}
