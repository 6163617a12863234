/**
 * An edit in a book with maths resumes its chapter's first pass at a block start of the previous
 * layout and stops once back in step with it (page/resume.ts, page/converge.ts), as in a book
 * without: the pages equal a layout from the chapter's first block (`new EngineCache(false)`),
 * byte for byte, after words typed above and below formulas, a formula edited, a display
 * equation added (later numbers move), one made unnumbered with `\notag` (later numbers move
 * without a block more) and a labelled one cited from the other chapter renamed.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bookFormulas, defaultSettings, EngineCache, parseCached, type BookInput, type MathTypesetter } from '../../../src/worker/engine';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run } from './helpers';

// The block starts edits' passes moved to (the module's own function, observed).
const { movedTo } = vi.hoisted(() => ({ movedTo: [] as (number | null)[] }));
vi.mock('../../../src/worker/engine/page/resume', async (original) => {
  const actual = await original<typeof import('../../../src/worker/engine/page/resume')>();
  return {
    ...actual,
    moveStart: (...args: Parameters<typeof actual.moveStart>) => {
      const moved = actual.moveStart(...args);
      movedTo.push(moved && moved.block);
      return moved;
    },
  };
});

let math: MathTypesetter;
beforeAll(async () => {
  math = await createMathTypesetter();
});

/** A chapter of prose with inline formulas, numbered and labelled displays every few paragraphs, and references to them. */
function chapter(random: () => number, c: number, count: number): string {
  const parts = [`# Chapter ${c + 1}`];
  for (let i = 0; i < count; i++) {
    let text = paragraph(random);
    if (i % 3 === 1) text += ` With $x_${i}^2 + y_${i}$ in the line, as \\eqref{eq:c${c}e${Math.max(0, i - 4)}} says.`;
    parts.push(text);
    if (i % 4 === 2) parts.push(`$$\\sum_{k=1}^{${i + 2}} k^2 = \\frac{n(n+1)(2n+1)}{6} \\label{eq:c${c}e${i}}$$`);
  }
  return parts.join('\n\n') + '\n';
}

/** `text` with `insert` at the end of the paragraph `where` (0…1) along the chapter's paragraph ends. */
function typed(source: string, where: number, insert: string): string {
  const ends: number[] = [];
  for (let at = source.indexOf('.\n\n'); at >= 0; at = source.indexOf('.\n\n', at + 3)) ends.push(at);
  const at = ends[Math.min(ends.length - 1, Math.floor(ends.length * where))]!;
  return source.slice(0, at) + insert + source.slice(at);
}

async function prepared(input: BookInput): Promise<BookInput> {
  const cache = new EngineCache();
  await math.prepare(bookFormulas(input.chapters.map((ch, i) => parseCached(ch, i === 0, cache, input.settings))));
  return input;
}

describe('edits in a book with maths resume and converge', () => {
  it('equal a layout from each chapter’s first block, and resume past the chapter’s start', async () => {
    const random = mulberry32(31);
    let input: BookInput = { title: 'Maths', settings: defaultSettings(), math, chapters: [0, 1].map((c) => ({ id: `c${c}`, title: '', source: chapter(random, c, 40) })) };
    await prepared(input);
    const cache = new EngineCache();
    expect(dump(run(input, cache))).toBe(dump(run(input, new EngineCache(false))));
    const edits: [string, number, (source: string) => string][] = [
      ['words in the middle', 0, (t) => typed(t, 0.5, ' and a lantern beneath the harbour wall')],
      ['words near the end', 0, (t) => typed(t, 0.95, ' beneath the harbour')],
      ['an inline formula edited', 1, (t) => t.replace('x_25^2 + y_25', 'x_25^3 + y_25 + z')],
      ['a display equation added', 0, (t) => typed(t, 0.4, '.\n\n$$a^2 + b^2 = c^2$$\n\nAnd so on')],
      ['an equation made unnumbered', 0, (t) => t.replace('\\label{eq:c0e10}', '\\notag')],
      ['a cited label renamed', 0, (t) => t.replace('\\label{eq:c0e30}', '\\label{eq:c0e30b}')],
      ['words at the start', 1, (t) => typed(t, 0.05, ' and a lantern')],
    ];
    movedTo.length = 0;
    for (const [name, c, edit] of edits) {
      const source = edit(input.chapters[c]!.source);
      expect(source, name).not.toBe(input.chapters[c]!.source);
      input = await prepared({ ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source } : ch)) });
      expect(dump(run(input, cache)), name).toBe(dump(run(input, new EngineCache(false))));
    }
    // Passes went on from block starts past a chapter's first block.
    expect(movedTo.some((b) => b !== null && b > 0)).toBe(true);
  }, 120_000);

  it('a display whose number moves without a label changing is set again, not taken over, in its chapter and in a later one', async () => {
    // Two displays share a label (an error the checks report): only the first number is the label's,
    // so taking the label off the first moves the second's number and no label's. Nothing else is numbered.
    const random = mulberry32(5);
    const parts = ['# Duplicates'];
    for (let i = 0; i < 60; i++) {
      parts.push(paragraph(random));
      if (i === 3) parts.push('$$a + b \\label{dup}$$');
      if (i === 50) parts.push('$$c + d \\label{dup}$$');
    }
    // A later chapter shows the label a third time: its number moves too, and its text does not change.
    const later = `# Later\n\n${paragraph(random)}\n\n$$e + f \\label{dup}$$\n\n${paragraph(random)}\n`;
    let input: BookInput = await prepared({ title: 'Maths', settings: defaultSettings(), math, chapters: [{ id: 'only', title: '', source: parts.join('\n\n') + '\n' }, { id: 'later', title: '', source: later }] });
    const cache = new EngineCache();
    run(input, cache);
    for (const [name, edit] of [
      ['words near the start', (t: string) => typed(t, 0.1, ' beneath the harbour')],
      ['the first label taken off', (t: string) => t.replace('a + b \\label{dup}', 'a + b')],
    ] as const) {
      const source = edit(input.chapters[0]!.source);
      expect(source, name).not.toBe(input.chapters[0]!.source);
      input = await prepared({ ...input, chapters: [{ ...input.chapters[0]!, source }, input.chapters[1]!] });
      expect(dump(run(input, cache)), name).toBe(dump(run(input, new EngineCache(false))));
    }
  }, 120_000);
});

