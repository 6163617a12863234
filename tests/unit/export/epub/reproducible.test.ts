import { afterEach, describe, expect, it, vi } from 'vitest';
import JSZip from 'jszip';
import { writeEpub, type ExportBookInput } from '../../../../src/worker/export/epub';

// The book's own date; the clock is set hours and seconds away from it.
const MODIFIED = new Date('2026-01-02T03:04:06Z');

const BOOK: ExportBookInput = {
  id: 'reproducible-book',
  name: 'Reproducible',
  locale: 'en',
  chapters: [{ id: 'c1', title: 'One', text: '# One\n\nA paragraph.\n' }],
  resources: [],
};

describe('EPUB bytes depend on the book and its date, never on the clock', () => {
  afterEach(() => vi.useRealTimers());

  it('two writes at clock times 3 s apart give the same bytes, every entry dated as the book', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T10:00:00Z'));
    const first = await writeEpub(BOOK, { modified: MODIFIED });
    vi.setSystemTime(new Date('2026-12-06T10:00:03Z'));
    const second = await writeEpub(BOOK, { modified: MODIFIED });
    vi.useRealTimers();
    expect(Buffer.from(first.bytes).equals(Buffer.from(second.bytes))).toBe(true);
    const zip = await JSZip.loadAsync(first.bytes);
    const dates = Object.values(zip.files).map((entry) => entry.date.getTime());
    expect(dates.length).toBeGreaterThan(3);
    // A zip's DOS time keeps even seconds: 03:04:06 survives exactly.
    expect(new Set(dates)).toEqual(new Set([MODIFIED.getTime()]));
  });
});
