import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { parseChapter } from '../../../src/worker/engine/parse/chapter';
import { blockPositions, outlineEntries, withUnprintedHeadings } from '../../../src/worker/export/pdf/outline';
import { oneChapterBook, run, runs } from './helpers';

/**
 * A hidden heading (configuration.md §8.2 `hidden`, document-format §5 `{hidden}`): no ink and no
 * space, but it "still breaks page" and is still in the toc (with its page) and the bookmarks,
 * found where what follows it begins.
 */
const SOURCE = [
  ':::toc',
  '',
  '# The Chapter',
  '',
  'Opening words of the chapter, the first body paragraph under its title.',
  '',
  '## Structural Part {hidden}',
  '',
  'Text after the structural heading, which prints nothing itself.',
].join('\n');

const layoutOf = (config: Record<string, unknown>) => run(oneChapterBook(SOURCE, settingsFromConfig({ layout: { layoutType: 'single' }, ...config } as never)));
const pageOf = (layout: ReturnType<typeof layoutOf>, text: string): number => layout.pages.findIndex((p) => runs(p).some((r) => r.text.includes(text)));
/** The texts of the toc's line for the hidden heading (title, leaders, page label: set in running text, not as a heading). */
const tocLine = (layout: ReturnType<typeof layoutOf>): string[] => {
  const line = runs(layout.pages[0]!).find((r) => r.line?.role !== 'heading' && r.text.includes('Structural Part'))!;
  return runs(layout.pages[0]!).filter((r) => r.y === line.y).map((r) => r.text.trim());
};

describe('hidden headings', () => {
  it('still break the page as their level asks, printing nothing', () => {
    const plain = layoutOf({ headings: { levels: [{ level: 2, hidden: true }] } });
    const breaking = layoutOf({ headings: { levels: [{ level: 2, hidden: true, breakBefore: { enabled: true, parity: 'any' } }] } });
    // Without a break the text after it goes on under the chapter's first paragraph…
    expect(pageOf(plain, 'Text after the structural')).toBe(pageOf(plain, 'Opening words'));
    // …with one it opens the next page; the heading's own words print nowhere in the flow.
    expect(pageOf(breaking, 'Text after the structural')).toBe(pageOf(breaking, 'Opening words') + 1);
    expect(breaking.pages.flatMap((p) => runs(p)).filter((r) => r.line?.role === 'heading' && r.text.includes('Structural'))).toEqual([]);
  });

  it('get the toc page of what follows them', () => {
    const layout = layoutOf({ headings: { levels: [{ level: 2, breakBefore: { enabled: true, parity: 'any' } }] }, toc: { levels: [{ level: 1 }, { level: 2 }] } });
    const label = layout.pages[pageOf(layout, 'Text after the structural')]!.label;
    expect(label).not.toBe(layout.pages[pageOf(layout, 'Opening words')]!.label);
    // The entry prints the label of the page the text after it opens.
    expect(tocLine(layout)).toContain(label);
  });

  it('get a bookmark at the text after them', () => {
    const layout = layoutOf({ headings: { levels: [{ level: 2, breakBefore: { enabled: true, parity: 'any' } }] } });
    const parsed = parseChapter(SOURCE, { chapterId: 'ch1', isFirstChapter: true });
    const positions = blockPositions(layout.pages);
    const headings = parsed.collected.headings.map((h) => ({ blockId: h.blockId, level: h.level, title: h.plainText }));
    expect(outlineEntries(headings, positions).map((e) => e.title)).not.toContain('Structural Part');
    const entries = outlineEntries(headings, withUnprintedHeadings([parsed], positions));
    const entry = entries.find((e) => e.title === 'Structural Part')!;
    expect(entry).toBeDefined();
    expect(entry.page).toBe(pageOf(layout, 'Text after the structural'));
  });
});
