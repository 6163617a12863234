/**
 * Seeded property tests (craft habit 17): the parser is total, top-level block ranges tile the input,
 * and every text run maps back to its source.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import type { Block, Inline, ParsedChapter } from '../../../src/worker/engine/parse/index';

const SEED = 20260415;

/** Fragments that exercise the dialect's syntax much more often than uniform strings would. */
const fragment = fc.constantFrom(
  '\n', '\n\n', '\r\n', ' ', '\t', '#', '# ', '## ', '- ', '* ', '+ ', '1. ', '3) ', '> ', '>', '[ ] ', '[x] ',
  ':::', ':::callout', ':::verse', ':::pagebreak', ':::space{lines=2}', ':::references', '{', '}', '#id', 'style="x"', '=', '"', "'",
  '*', '**', '_', '__', '^', '~', '`', '```', '~~~', '$', '$$', '\\', '\\\\', '\\*', '[', ']', '(', ')', '[^n]', '[^n]:', '@key', '[@a]',
  ':ref{id="x"}', ':ref{', ':index[w]', ':index{term="t"}', ':anchor{#a}', ':chip[c]', ':smallcaps[s]', ':tab', ':swatch{color="#f00"}',
  '::resource{id="r"}', '\\ref{x}', '~\\eqref{y}', '{紅|hóng}', '中文', '。', '“', '한', 'word', 'x', '0', '\u00a0', '\u2060', '\u3000',
  '---', 'title: T', '\uD83D\uDE00', '\uD800', '｛', '＃ ', '：：：', '＊＊',
);
const markdownish = fc.array(fc.oneof({ weight: 4, arbitrary: fragment }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }), { maxLength: 60 }).map((a) => a.join(''));

const parse = (s: string): ParsedChapter => parseChapter(s, { chapterId: 'p', isFirstChapter: true });

function* textRuns(inlines: Inline[]): Generator<Extract<Inline, { kind: 'text' }>> {
  for (const inl of inlines) {
    if (inl.kind === 'text') yield inl;
    else if ('children' in inl && inl.children) yield* textRuns(inl.children);
  }
}

function* blockInlines(b: Block): Generator<Inline[]> {
  if ('inlines' in b) yield b.inlines;
  if (b.kind === 'verse') for (const s of b.stanzas) for (const l of s) yield l.inlines;
}

/**
 * Unescaped source unit for text[i]: the source character itself, except where the text legitimately
 * differs from the source: a joined line break reads as one space, `~` before `\ref` as a no-break
 * space, and the inside of a code span keeps a hard-break placeholder as a space.
 */
function sourceAgrees(source: string, text: string, i: number, at: number): boolean {
  const s = source[at];
  const t = text[i];
  if (s === t) return true;
  if (t === ' ' && (s === '\n' || s === '\r' || s === '\\')) return true;
  if (t === '\u00a0' && s === '~') return true;
  return false;
}

describe('parser properties (seeded)', () => {
  it('never throws, on markdown-like and on arbitrary strings', () => {
    fc.assert(fc.property(fc.oneof(markdownish, fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 100 })), (s) => {
      const r = parse(s);
      expect(Array.isArray(r.blocks)).toBe(true);
      expect(r.diagnostics.every((d) => d.kind !== 'parserError')).toBe(true);
    }), { seed: SEED, numRuns: 3000 });
  });

  it('top-level block ranges are ordered and, with the gaps between them, reproduce the input', () => {
    fc.assert(fc.property(markdownish, (s) => {
      const r = parse(s);
      let pos = 0;
      let rebuilt = '';
      const spans = r.blocks.filter((b) => !(b.kind === 'containerEnd' && b.implicit));
      if (r.frontmatterRange) {
        rebuilt += s.slice(0, r.frontmatterRange.to);
        pos = r.frontmatterRange.to;
      }
      for (const b of spans) {
        expect(b.range.from).toBeGreaterThanOrEqual(pos);
        expect(b.range.to).toBeGreaterThanOrEqual(b.range.from);
        rebuilt += s.slice(pos, b.range.from) + s.slice(b.range.from, b.range.to);
        pos = b.range.to;
        // Gaps hold nothing but whitespace.
      }
      rebuilt += s.slice(pos);
      expect(rebuilt).toBe(s);
      // Everything outside the block ranges is whitespace (nothing is silently dropped).
      let covered = r.frontmatterRange ? r.frontmatterRange.to : 0;
      for (const b of spans) {
        expect(s.slice(covered, b.range.from).trim()).toBe('');
        covered = b.range.to;
      }
      expect(s.slice(covered).replace(/[\s\uFEFF]/g, '')).toBe('');
    }), { seed: SEED, numRuns: 2000 });
  });

  it('line and column agree with the offset', () => {
    fc.assert(fc.property(markdownish, (s) => {
      const r = parse(s);
      for (const b of r.blocks) {
        const before = s.slice(0, b.range.from);
        const lines = before.split(/\r\n|\r|\n/);
        expect(b.range.line).toBe(lines.length);
        expect(b.range.column).toBe(lines[lines.length - 1]!.length + 1);
      }
    }), { seed: SEED, numRuns: 1000 });
  });

  it('every text run equals the unescaped source at its range or offsets', () => {
    fc.assert(fc.property(markdownish, (s) => {
      const r = parse(s);
      for (const b of r.blocks) {
        for (const inlines of blockInlines(b)) {
          for (const t of textRuns(inlines)) {
            expect(t.range.to).toBeLessThanOrEqual(s.length);
            if (t.offsets) {
              expect(t.offsets.length).toBe(t.text.length);
              for (let i = 0; i < t.text.length; i++) {
                const at = t.offsets[i]!;
                expect(at >= t.range.from && at < t.range.to).toBe(true);
                if (!sourceAgrees(s, t.text, i, at)) throw new Error(`text ${JSON.stringify(t.text)}[${i}] vs source ${JSON.stringify(s[at])} at ${at}`);
              }
            } else {
              expect(s.slice(t.range.from, t.range.to)).toBe(t.text);
            }
          }
        }
      }
    }), { seed: SEED, numRuns: 2000 });
  });

  it('is deterministic', () => {
    fc.assert(fc.property(markdownish, (s) => {
      expect(JSON.stringify(parse(s))).toBe(JSON.stringify(parse(s)));
    }), { seed: SEED, numRuns: 300 });
  });
});

describe('pathological inputs stay total', () => {
  it('long runs of syntax characters parse without an internal error', () => {
    const inputs = [
      ':' + 'a'.repeat(200_000),
      '['.repeat(3000) + 'x' + ']'.repeat(10),
      ' _a'.repeat(20_000),
      '*'.repeat(50_000),
      '`'.repeat(5000),
      '$'.repeat(10_001),
      '- x\n'.repeat(5000) + '  '.repeat(100) + '- deep',
      ':::callout\n'.repeat(2000),
      '\\ref{' + 'a'.repeat(100_000) + '}',
      '@' + 'k'.repeat(100_000),
      '{中' + '|x'.repeat(10_000) + '}',
    ];
    for (const s of inputs) {
      const r = parse(s);
      expect(r.diagnostics.filter((d) => d.kind === 'parserError')).toEqual([]);
    }
  });
});
