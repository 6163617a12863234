import { describe, expect, it } from 'vitest';
import { defaultSettings, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { oneChapterBook, run, runs } from './helpers';

/**
 * Keep with next (configuration.md §8.1 `keepWithNext`) at the foot of a parallel `:::columns`
 * segment (document-format §8.4 `flow=parallel`, page/columns-parallel.ts): a heading in a stream
 * never ends a segment with the text under it going on in the next one — the streams' common cut
 * moves up above it, and the heading heads the next segment with its first line.
 */
const oneLiners = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n\n');
const single = (): LayoutSettings => ({ ...defaultSettings(), columns: 1 });

describe(':::columns flow=parallel: keep with next at a segment foot', () => {
  const settings = single();
  const frame = pageFrame(settings, 0);
  const rows = Math.floor(frame.contentHeight / settings.body.lineHeight);

  it('a heading wherever it falls near the foot goes on with the first line after it', () => {
    // Stream 1: n one-line paragraphs, a heading, four more; stream 2 runs over two pages. For some
    // n the heading's last row is the segment's last: it must move to the next page with q0.
    let moved = 0;
    for (let n = rows - 8; n <= rows; n++) {
      const source = `:::columns{count=2}\n${oneLiners(n, 'p')}\n\n## Heading\n\n${oneLiners(4, 'q')}\n\n:::columnbreak\n\n${oneLiners(rows + 20, 'r')}\n:::`;
      const layout = run(oneChapterBook(source, settings));
      const pageOf = (text: string, role: string) => layout.pages.findIndex((p) => runs(p).some((r) => r.text === text && r.line?.role === role));
      const heading = pageOf('Heading', 'heading');
      expect(heading, `n = ${n}`).toBeGreaterThanOrEqual(0);
      expect(pageOf('q0', 'body'), `n = ${n}: q0 on the heading's page`).toBe(heading);
      if (heading > pageOf('p0', 'body')) moved++;
      // The streams stay level: r-lines go on on the heading's page too.
      expect(layout.pages[heading]!.items.length).toBeGreaterThan(0);
    }
    // The range covers headings that had to move (else the test would show nothing).
    expect(moved).toBeGreaterThan(0);
  });
});
