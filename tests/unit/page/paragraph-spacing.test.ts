import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

/** bodyText.paragraphSpacing (configuration.md §6.1): a blank line (one leading) between paragraphs. */

const SOURCE = ['First paragraph.', '', 'Second paragraph.', '', '> A quotation.', '', 'Third paragraph.', '', '- An item', '', 'Fourth paragraph.'].join('\n');
const BODY = { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } };
const layoutOf = (bodyText: Record<string, unknown>) => run(oneChapterBook(SOURCE, settingsFromConfig({ layout: { layoutType: 'single' }, bodyText: { ...BODY, ...bodyText } } as never)));
const y = (layout: ReturnType<typeof layoutOf>, words: string): number => layout.pages.flatMap((p) => runs(p)).find((r: GlyphRunItem) => r.line?.role === 'body' && r.text.includes(words))!.y;

describe('bodyText.paragraphSpacing', () => {
  it('puts one 12 pt grid line between two body paragraphs, nowhere else', () => {
    expect(isApplied('bodyText.paragraphSpacing')).toBe(true);
    const base = layoutOf({});
    const spaced = layoutOf({ paragraphSpacing: true });
    expect(y(base, 'Second paragraph') - y(base, 'First paragraph')).toBeCloseTo(12, 2);
    expect(y(spaced, 'Second paragraph') - y(spaced, 'First paragraph')).toBeCloseTo(24, 2);
    // A quotation between paragraphs, and a list, keep their own spacing: only the one blank line moves what follows.
    expect(y(spaced, 'A quotation') - y(spaced, 'Second paragraph')).toBeCloseTo(y(base, 'A quotation') - y(base, 'Second paragraph'), 2);
    expect(y(spaced, 'Third paragraph') - y(spaced, 'A quotation')).toBeCloseTo(y(base, 'Third paragraph') - y(base, 'A quotation'), 2);
    expect(y(spaced, 'Fourth paragraph') - y(spaced, 'An item')).toBeCloseTo(y(base, 'Fourth paragraph') - y(base, 'An item'), 2);
    expect(y(spaced, 'First paragraph')).toBeCloseTo(y(base, 'First paragraph'), 2);
  });
});
