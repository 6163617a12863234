/**
 * A book's first chapter shown alone, then set again by the whole layout as new page objects with
 * the same content (engine/first-chapter.ts, host/book-host.ts): the new pages keep the served ids,
 * so the versions the UI holds stay valid (the UI asks for a page by version and paints a version once).
 */
import { describe, expect, it } from 'vitest';
import { keepServedIds } from '../../../src/worker/host/served-ids';
import { Op, type PageDisplayList } from '../../../src/worker/protocol/displaylist';

function page(index: number, text: string): PageDisplayList {
  const list = { index, label: String(index + 1), chapter: 'ch1', width: 481.89, height: 680.31, role: 'body', items: [{ op: Op.Rect, x: 10, y: 10 + index, w: 20, h: 5, fill: text }] };
  return list as unknown as PageDisplayList;
}

describe('served ids kept for byte-identical pages', () => {
  it('a new page object with the same content takes the shown page’s id; a changed one, an unserved one and one already served do not', () => {
    const shown = [page(0, '#000000'), page(1, '#000000'), page(2, '#000000'), page(3, '#000000')];
    const next = [page(0, '#000000'), page(1, '#ff0000'), page(2, '#000000'), page(3, '#000000')];
    const ids = new WeakMap<object, number>([[shown[0]!, 1], [shown[1]!, 2], [shown[3]!, 4], [next[3]!, 9]]);
    keepServedIds(ids, shown, next);
    expect(next[0]).not.toBe(shown[0]);
    expect(ids.get(next[0]!)).toBe(1); // same content: same version
    expect(ids.has(next[1]!)).toBe(false); // changed content: a version of its own when served
    expect(ids.has(next[2]!)).toBe(false); // its shown page was never served: nothing to keep
    expect(ids.get(next[3]!)).toBe(9); // served already: its version stays its own
  });

  it('compares only the pages wanted (the ones the UI fetched)', () => {
    const shown = [page(0, '#000000'), page(1, '#000000')];
    const next = [page(0, '#000000'), page(1, '#000000')];
    const ids = new WeakMap<object, number>([[shown[0]!, 1], [shown[1]!, 2]]);
    keepServedIds(ids, shown, next, (p) => p === shown[1]);
    expect(ids.has(next[0]!)).toBe(false);
    expect(ids.get(next[1]!)).toBe(2);
  });
});
