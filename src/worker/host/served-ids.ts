/**
 * Served ids of display lists (`BookHost.servedId`): a page's `PageSummary.version` is its display
 * list's id, and the UI paints a version once and asks for a page by its version.
 */
import { serializeDisplayList, type PageDisplayList } from '../protocol/displaylist';

/**
 * Pages of `next` byte-identical to the page of `shown` at the same place take that page's served
 * id, so their version stays: a book's first chapter shown alone (engine/first-chapter.ts), then set
 * again by the whole layout as new objects with the same content, is neither fetched nor painted
 * again, and a request for a shown version is still answered once the new pages replaced the shown.
 * Only pages `wanted` (the ones the UI fetched: a few in view) are compared — each comparison
 * serialises two pages, some milliseconds a page of text, while the UI waits for the worker.
 */
export function keepServedIds(ids: WeakMap<object, number>, shown: readonly PageDisplayList[], next: readonly PageDisplayList[], wanted: (page: PageDisplayList) => boolean = () => true): void {
  for (let i = 0; i < next.length && i < shown.length; i++) {
    const id = ids.get(shown[i]!);
    if (id !== undefined && !ids.has(next[i]!) && wanted(shown[i]!) && serializeDisplayList(shown[i]!) === serializeDisplayList(next[i]!)) ids.set(next[i]!, id);
  }
}
