/**
 * With footnote numbers by page, column or spread a chapter takes a first plain pass with the
 * numbers known before layout, then one per renumbering (page/passes.ts). After an edit, every one
 * of those passes goes on from a block start the same pass of the previous layout recorded
 * (page/edit-resume.ts), and stops once in step with that pass again (page/converge.ts) — and the
 * pages still equal a layout from each chapter's first block (`new EngineCache(false)`), byte for
 * byte: after words typed, a citing paragraph added, a note taken away, a note's own text
 * lengthened, and words near the chapter's end.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { EditResumes } from '../../../src/worker/engine/page/edit-resume';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { dump, run } from './helpers';
import { observeStops } from './observe-passes';

// The block each plain pass went on from, by pass (0: the first; 1…: renumbering passes); -1 from the first block.
const resumed: { pass: number; block: number }[] = [];
const from = EditResumes.prototype.from;
const spy = vi.spyOn(EditResumes.prototype, 'from').mockImplementation(function (this: EditResumes, pass: number) {
  const start = from.call(this, pass);
  resumed.push({ pass, block: start ? start.block : -1 });
  return start;
});
// The stops in step each edit's passes took.
const observed = observeStops();
afterAll(() => {
  spy.mockRestore();
  observed.restore();
});

/** A chapter of `count` paragraphs, every third citing a short note (several notes a page), a subheading every ten. */
function chapter(random: () => number, c: number, count: number): string {
  const parts = [`# Chapter ${c + 1}`];
  const notes: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 10 === 0) parts.push(`## Section ${c + 1}.${i / 10}`);
    if (i % 3 === 1) {
      parts.push(`${paragraph(random)}[^c${c}n${i}]`);
      notes.push(`[^c${c}n${i}]: ${sentence(random)}`);
    } else parts.push(paragraph(random));
  }
  return [...parts, ...notes].join('\n\n') + '\n';
}

/** Where the body's paragraph ending `where` (0…1) along the body (before the note definitions) ends. */
function paragraphEnd(source: string, where: number): number {
  const body = source.slice(0, source.indexOf('\n\n[^'));
  const ends: number[] = [];
  for (let at = body.indexOf('.\n\n'); at >= 0; at = body.indexOf('.\n\n', at + 3)) ends.push(at + 1);
  return ends[Math.min(ends.length - 1, Math.floor(ends.length * where))]!;
}

const modes = ['page', 'column', 'spread'] as const;

describe('edits with footnote numbers by page resume every plain pass', () => {
  for (const mode of modes) {
    it(`numbering by ${mode}: each edit equals a full layout; the renumbering passes go on from the edit`, () => {
      const random = mulberry32(31);
      const settings: LayoutSettings = defaultSettings();
      settings.notes = { ...settings.notes, numbering: mode };
      let input: BookInput = { title: 'Notes by page', settings, chapters: Array.from({ length: 2 }, (_, c) => ({ id: `c${c}`, title: '', source: chapter(random, c, 60) })) };
      const cache = new EngineCache();
      expect(dump(run(input, cache))).toBe(dump(run(input, new EngineCache(false))));
      const edits: [string, (source: string) => string][] = [
        ['words in the middle', (t) => t.slice(0, paragraphEnd(t, 0.5)) + ' beneath the harbour wall' + t.slice(paragraphEnd(t, 0.5))],
        ['a citing paragraph added in the middle', (t) => t.slice(0, paragraphEnd(t, 0.6)) + `\n\n${paragraph(random)}[^added]` + t.slice(paragraphEnd(t, 0.6)) + `\n[^added]: ${sentence(random)}\n`],
        ['a note taken away near the start', (t) => t.replace(/\[\^c(\d)n4\]/, '').replace(/\n\[\^c\dn4\]: [^\n]*\n/, '\n')],
        ['a note lengthened', (t) => t.replace(/(\[\^c\dn40\]: )/, '$1The harbour lanterns burned all night. ')],
        ['words near the end', (t) => t.slice(0, paragraphEnd(t, 0.95)) + ' and a lantern' + t.slice(paragraphEnd(t, 0.95))],
      ];
      let renumbered = 0;
      let stopped = 0;
      for (const [name, change] of edits) {
        const c = name.length % 2;
        input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source: change(ch.source) } : ch)) };
        expect(input.chapters[c]!.source, name).not.toBe(chapter(mulberry32(31), c, 60));
        resumed.length = 0;
        observed.clear();
        const incremental = run(input, cache);
        const stops = observed.taken();
        expect(dump(incremental), `${name} (chapter ${c})`).toBe(dump(run(input, new EngineCache(false))));
        const passes = resumed.filter((r) => r.pass > 0);
        if (passes.length > 0) renumbered++;
        // Words typed in the middle leave the blocks above as they were: the first pass and every
        // renumbering pass go on from a block past the chapter's first.
        if (name === 'words in the middle' || name === 'words near the end') {
          expect(resumed.length, name).toBeGreaterThan(1);
          for (const r of resumed) expect(r.block, `${name}: pass ${r.pass}`).toBeGreaterThan(0);
        }
        // Words typed in the middle keep the note numbers: the first pass and the renumbering one each
        // stop in step with the same pass of the previous layout (before, neither ever stopped: each
        // ran from the edit to the chapter's end).
        if (name === 'words in the middle') expect(stops, name).toBe(resumed.length);
        stopped += stops;
      }
      // The numbers by page took renumbering passes after most edits.
      expect(renumbered).toBeGreaterThanOrEqual(3);
      expect(stopped).toBeGreaterThanOrEqual(2);
    });
  }
});
