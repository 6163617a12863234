import { describe, expect, it } from 'vitest';
import { writeEpub, type EpubProgress, type ExportBookInput } from '../../../../src/worker/export/epub';

const MODIFIED = new Date('2026-01-02T03:04:05Z');

const BOOK: ExportBookInput = {
  id: 'progress-book',
  name: 'Progress',
  locale: 'en',
  chapters: [1, 2, 3].map((n) => ({ id: `c${n}`, title: `Chapter ${n}`, text: `# Chapter ${n}\n\nThe text of chapter ${n}.\n` })),
  resources: [],
};

describe('EPUB writer progress and cancellation (the EPUB tab’s progress bar and Cancel)', () => {
  it('reports every chapter, then the zip up to 100 %, and writes the same bytes as without reports', async () => {
    const reports: EpubProgress[] = [];
    let pauses = 0;
    const reported = await writeEpub(BOOK, { modified: MODIFIED, onProgress: (p) => reports.push(p), pause: async () => void pauses++ });
    const plain = await writeEpub(BOOK, { modified: MODIFIED });
    expect(Buffer.from(reported.bytes).equals(Buffer.from(plain.bytes))).toBe(true);
    const chapters = reports.filter((r) => r.phase === 'chapters');
    expect(chapters.map((r) => r.done)).toEqual([0, 1, 2, 3]);
    expect(chapters.every((r) => r.total === 3)).toBe(true);
    expect(pauses).toBe(3);
    const saving = reports.filter((r) => r.phase === 'saving');
    expect(saving.length).toBeGreaterThan(0);
    expect(saving[saving.length - 1]).toEqual({ phase: 'saving', done: 100, total: 100 });
    // Chapters come before the zip.
    expect(reports.findIndex((r) => r.phase === 'saving')).toBeGreaterThan(reports.lastIndexOf(chapters[chapters.length - 1]!));
  });

  it('stops between chapters once the signal is aborted', async () => {
    const controller = new AbortController();
    const reports: EpubProgress[] = [];
    const run = writeEpub(BOOK, {
      modified: MODIFIED,
      signal: controller.signal,
      onProgress: (p) => {
        reports.push(p);
        if (p.phase === 'chapters' && p.done === 1) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'EpubExportCancelled' });
    expect(reports.some((r) => r.phase === 'saving')).toBe(false);
    expect(Math.max(...reports.map((r) => r.done))).toBe(1);
  });
});
