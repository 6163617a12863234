/**
 * List items of a section whose `bodyStyle` has a leading of its own (configuration.md §13.6), set off
 * the grid line under line (paginate.ts `placeListItemLines`, `placeFree`): their markers and notes.
 */
import { describe, expect, it } from 'vitest';
import type { PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { expectOpeningEditEqualsFull, oneChapterBook, run, runs } from './helpers';
import { offGridSettings } from './off-grid-lines';

/** Where each run whose text passes `test` stands: page index and baseline (pt). */
const placed = (pages: readonly PageDisplayList[], test: (text: string) => boolean) => pages.flatMap((p) => runs(p).filter((r) => test(r.text)).map((r) => ({ page: p.index, y: r.y, text: r.text })));

describe('a bodyStyle list item off the grid whose first line cites a note', () => {
  /** `count` numbered one-line items in an `aside` section (7 pt on 9 pt lines), the last citing a note of several lines. */
  const source = (count: number) => {
    const items = Array.from({ length: count }, (_, i) => `${i + 1}. Item ${i} words${i === count - 1 ? '[^a]' : ''}`).join('\n');
    return `# Aside {style="aside"}\n\n${items}\n\nAfter.\n\n[^a]: ${'A long note that runs over several lines of the note area at the foot of the page. '.repeat(6)}\n`;
  };

  it('its marker goes on with its first line when the line and its note do not fit at the column\'s foot (before: the marker stayed behind)', () => {
    let movedOn = 0;
    for (let count = 50; count <= 62; count++) {
      const pages = run(oneChapterBook(source(count), offGridSettings())).pages;
      for (let i = 0; i < count; i++) {
        const marker = placed(pages, (t) => t === `${i + 1}.`);
        const line = placed(pages, (t) => t.startsWith(`Item ${i} `));
        expect(marker, `${count} items, marker ${i + 1}`).toHaveLength(1);
        expect(line, `${count} items, item ${i}`).toHaveLength(1);
        // On its first line's page, on (about) its baseline.
        expect(marker[0]!.page, `${count} items, item ${i}`).toBe(line[0]!.page);
        expect(Math.abs(marker[0]!.y - line[0]!.y), `${count} items, item ${i}`).toBeLessThan(3);
      }
      // The citing item went on to the next page with its note (it fitted alone at page 0's foot).
      const last = placed(pages, (t) => t.startsWith(`Item ${count - 1} `))[0]!;
      if (last.page === 1 && placed(run(oneChapterBook(source(count).replace('[^a]\n', '\n'), offGridSettings())).pages, (t) => t.startsWith(`Item ${count - 1} `))[0]!.page === 0) movedOn++;
    }
    expect(movedOn).toBeGreaterThan(0);
  });

  it('incremental == full', () => {
    expectOpeningEditEqualsFull((text) => oneChapterBook(text, offGridSettings()), source(56));
  });
});
