/**
 * `headings.inlineMarks` (configuration.md §8.1, default true): headings render `*i*`, `**b**`,
 * `^sup^`, `~sub~`, `:smallcaps[]` and links; false sets them as plain text in the heading's type.
 */
import { describe, expect, it } from 'vitest';
import { settingsNotApplied, type StoredConfig } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { fonts, oneChapterBook, run, runs } from './helpers';

const SOURCE = '# The *Lamp* and **Oil** of 1^st^ :smallcaps[Night]\n\nA paragraph with *emphasis* stays marked.\n';
const headingRuns = (config: StoredConfig) => run(oneChapterBook(SOURCE, settingsFromConfig(config))).pages.flatMap(runs).filter((r) => r.line?.role === 'heading');
const bodyRuns = (config: StoredConfig) => run(oneChapterBook(SOURCE, settingsFromConfig(config))).pages.flatMap(runs).filter((r) => r.line?.role === 'body');

describe('headings.inlineMarks (§8.1)', () => {
  it('renders the marks by default: an italic word, a raised smaller ordinal, small capitals', () => {
    const heading = headingRuns({});
    const lamp = heading.find((r) => r.text.includes('Lamp'))!;
    expect(fonts.get(lamp.font)!.style).toBe('italic');
    const st = heading.find((r) => r.text === 'st')!;
    const one = heading.find((r) => r.text.endsWith('1'))!;
    expect(st.size).toBeLessThan(one.size);
    // Raised: its glyphs sit above the line's baseline (dys negative = up).
    expect(st.dys?.every((dy) => dy < 0)).toBe(true);
    // Small capitals: the lower case set as smaller capitals after a full-size N.
    expect(heading.find((r) => r.text === 'IGHT')!.size).toBeLessThan(one.size);
  });

  it('sets the heading as plain text in its own type when off, the body keeping its marks', () => {
    const heading = headingRuns({ headings: { inlineMarks: false } });
    // One type throughout: a run per line with the words as written, nothing raised or smaller.
    expect(heading.map((r) => r.text).join(' ')).toBe('The Lamp and Oil of 1st Night');
    expect(new Set(heading.map((r) => r.font)).size).toBe(1);
    expect(new Set(heading.map((r) => r.size)).size).toBe(1);
    expect(fonts.get(heading[0]!.font)!.style).toBe('normal');
    expect(heading.every((r) => r.dys === undefined)).toBe(true);
    const emphasis = bodyRuns({ headings: { inlineMarks: false } }).find((r) => r.text.includes('emphasis'))!;
    expect(fonts.get(emphasis.font)!.style).toBe('italic');
    const stored: StoredConfig = { headings: { inlineMarks: false } };
    settingsFromConfig(stored);
    expect(settingsNotApplied(stored)).toEqual([]);
  });
});
