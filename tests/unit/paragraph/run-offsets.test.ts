/**
 * Source offsets of set runs (paragraph/lines.ts): a run whose offsets are consecutive from a
 * non-negative first keeps only that first (`from`), any other run lists them (`offsets`), and
 * the glyph-run items drawn from either carry the same `srcFrom`/`srcMap` as from a full list.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { glyphRun } from '../../../src/worker/engine/page/paginate';
import { PreparedParagraphs, setParagraph } from '../../../src/worker/engine/paragraph';
import { defaultSettings } from '../../../src/worker/engine/settings';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { runOffset, runOffsets, type LineRun } from '../../../src/worker/engine/paragraph/lines';
import { nodeFontRegistry } from '../../support/node-world';
import { set, textInline } from './helpers';
import { plainRun } from '../../../src/worker/engine/paragraph/set-run';

const fonts = nodeFontRegistry();
const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });

describe('source offsets of set runs', () => {
  it('a run of consecutive source text keeps only its first offset', () => {
    const lines = set(fonts, [textInline('alpha beta gamma', 7)], { measure: 1000 });
    const run = lines[0]!.runs[0]!;
    expect(run.offsets).toBeUndefined();
    expect(run.from).toBe(7);
    expect(runOffsets(run)).toEqual(Array.from({ length: 'alpha beta gamma'.length }, (_, i) => 7 + i));
    expect(runOffset(run, 6)).toBe(13);
    const item = glyphRun(run, 10, 20, 'c', undefined);
    expect(item.srcFrom).toBe(7);
    expect(item.srcMap).toBeUndefined();
  });

  it('a run whose source skips (markup between two texts) lists every offset', () => {
    // "one " at 0–3, then "two" at 10–12 in the same style: one run, offsets with a gap.
    const lines = set(fonts, [textInline('one ', 0), textInline('two', 10)], { measure: 1000 });
    const run = lines[0]!.runs[0]!;
    expect(run.text).toBe('one two');
    expect(run.offsets).toEqual([0, 1, 2, 3, 10, 11, 12]);
    const item = glyphRun(run, 0, 0, 'c', undefined);
    expect(item.srcFrom).toBe(0);
    expect(item.srcMap).toEqual([0, 1, 2, 3, 10, 11, 12]);
  });

  it('a hyphenated line keeps its last run as `from` and a hyphen (−1), its item maps it, and a kept paragraph sets the same runs', () => {
    const settings = defaultSettings();
    const text = 'Typographers considered extraordinarily incomprehensible characteristics of hyphenation';
    const inlines = [textInline(text, 0)];
    const request = { inlines, style: { ...settings.body.style, size: 10 }, measure: 90, indent: 0, justify: true };
    const env = { fonts, settings, context: { footnoteMark: () => '1', refText: () => '?' }, hyphenator, prepared: new PreparedParagraphs() };
    const lines = setParagraph(request, env);
    const hyphenated = lines.find((l) => l.hyphenated);
    expect(hyphenated).toBeDefined();
    const run = hyphenated!.runs[hyphenated!.runs.length - 1]!;
    expect(run.text.endsWith('-')).toBe(true);
    // Consecutive source text and the generated hyphen: kept as `from` and the `hyphen` flag.
    expect(run.offsets).toBeUndefined();
    expect(run.hyphen).toBe(true);
    const listed = runOffsets(run);
    expect(listed.at(-1)).toBe(-1);
    expect(listed.slice(0, -1)).toEqual(Array.from({ length: run.text.length - 1 }, (_, i) => run.from! + i));
    expect(runOffset(run, run.text.length - 1)).toBe(-1);
    expect(glyphRun(run, 0, 0, 'c', undefined).srcMap).toEqual(listed);
    // Kept as columns (paragraph/columns.ts, as the host does when idle) and set again from them:
    // the same runs, offsets listed or not alike.
    env.prepared.keepWaiting();
    expect(env.prepared.get(inlines, request, env, 'ltr')).toBeDefined();
    for (const measure of [90, 120]) {
      const again = setParagraph({ ...request, measure }, env);
      const fresh = setParagraph({ ...request, measure }, { ...env, prepared: undefined });
      expect(JSON.stringify(again)).toBe(JSON.stringify(fresh));
    }
  });

  it('pieces of several styled runs take their offsets from their own run (line source range, run offsets)', () => {
    // "one " at 0–3, then an emphasised "two" at 5–7 (the asterisk at 4 is markup).
    const lines = set(fonts, [textInline('one ', 0), textInline('two', 5, ['emphasis'] as never)], { measure: 1000 });
    const line = lines[0]!;
    expect([line.srcFrom, line.srcTo]).toEqual([0, 8]);
    const italic = line.runs.find((r) => r.text === 'two')!;
    expect(italic.offsets).toBeUndefined();
    expect(runOffsets(italic)).toEqual([5, 6, 7]);
  });

  it('glyph-run items read a run with `from` as they read the same run with its offsets listed', () => {
    const lines = set(fonts, [textInline('alpha beta gamma delta epsilon', 3)], { measure: 80 });
    for (const line of lines) {
      for (const run of line.runs) {
        const listed: LineRun = { ...plainRun(run), offsets: runOffsets(run) };
        expect(JSON.stringify(glyphRun(run, 5, 9, 'c', undefined))).toBe(JSON.stringify(glyphRun(listed, 5, 9, 'c', undefined)));
      }
    }
  });
});
