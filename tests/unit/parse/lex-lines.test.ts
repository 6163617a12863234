/**
 * The line table (parse/lex.ts `SourceText`): a source with `\n` only is cut by indexOf, one with
 * `\r` by the unit-by-unit scan. Both give the lines a plain split gives, with their offsets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SourceText } from '../../../src/worker/engine/parse/lex';

/** The expected table: lines split at every terminator (`\r\n`, `\n` or a lone `\r`), offsets counted along. */
function splitLines(source: string): { from: number; end: number; next: number; text: string }[] {
  const out: { from: number; end: number; next: number; text: string }[] = [];
  let from = 0;
  for (const match of source.matchAll(/\r\n|\n|\r/g)) {
    out.push({ from, end: match.index, next: match.index + match[0].length, text: source.slice(from, match.index) });
    from = match.index + match[0].length;
  }
  out.push({ from, end: source.length, next: source.length, text: source.slice(from) });
  return out;
}

const table = (source: string) => new SourceText(source).lines.map(({ from, end, next, text }) => ({ from, end, next, text }));

describe('SourceText lines', () => {
  it('cuts by hand-checked examples', () => {
    expect(table('')).toEqual([{ from: 0, end: 0, next: 0, text: '' }]);
    expect(table('a\nbc\n\nd')).toEqual([
      { from: 0, end: 1, next: 2, text: 'a' },
      { from: 2, end: 4, next: 5, text: 'bc' },
      { from: 5, end: 5, next: 6, text: '' },
      { from: 6, end: 7, next: 7, text: 'd' },
    ]);
    expect(table('x\n')).toEqual([
      { from: 0, end: 1, next: 2, text: 'x' },
      { from: 2, end: 2, next: 2, text: '' },
    ]);
    expect(table('a\r\nb\rc')).toEqual([
      { from: 0, end: 1, next: 3, text: 'a' },
      { from: 3, end: 4, next: 5, text: 'b' },
      { from: 5, end: 6, next: 6, text: 'c' },
    ]);
  });

  it('equals a plain split, with and without carriage returns, and numbers lines for positions', () => {
    const unit = fc.constantFrom('a', 'b', ' ', '\n', '\n', '\r', '\r\n', 'é');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }), (units) => {
        const source = units.join('');
        const text = new SourceText(source);
        expect(table(source)).toEqual(splitLines(source));
        text.lines.forEach((line, index) => {
          expect(line.index).toBe(index);
          expect(text.lineIndexAt(line.from)).toBe(index);
        });
      }),
      { numRuns: 300, seed: 20261206 },
    );
  });
});
