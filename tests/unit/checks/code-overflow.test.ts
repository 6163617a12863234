/**
 * `codeOverflow` (document-format §5.7, configuration.md §13.3 `overflow`): a listing line too long
 * for its box is reported once, whether it was turned over ('wrap', the default), set smaller with
 * its listing ('shrink') or cut at the box edge ('clip'); lines that fit are not.
 */
import { describe, expect, it } from 'vitest';
import { runChecks, type CheckBook } from './run-checks';

const LONG = 'const message = "a line of code much longer than any column of this page can hold" + suffix;';
const book = (overflow?: string, minFontScale?: number): CheckBook => ({
  chapters: [{ id: 'c1', source: ['# Code', '', '```js', 'short();', LONG, 'also(short);', LONG.replace('message', 'other'), '```'].join('\n') }],
  ...(overflow ? { config: { codeStyle: { overflow, ...(minFontScale ? { minFontScale } : {}) } } as never } : {}),
});
const overflows = (b: CheckBook) => runChecks(b).warnings.filter((w) => w.kind === 'codeOverflow');

describe('codeOverflow', () => {
  it('reports each turned-over line once, at its turnover, and no line that fits', () => {
    const found = overflows(book());
    expect(found).toHaveLength(2);
    expect(found.every((w) => /turned over/.test(w.detail))).toBe(true);
  });

  it('reports each line of a shrunk listing that would not fit at the code size, once even when it also turns over', () => {
    const found = overflows(book('shrink', 0.1));
    expect(found).toHaveLength(2);
    expect(found.every((w) => /set at \d+ % to fit/.test(w.detail))).toBe(true);
    // At the default floor (0.8) the long lines still turn over: one warning each all the same.
    expect(overflows(book('shrink'))).toHaveLength(2);
  });

  it('reports each clipped line once', () => {
    const found = overflows(book('clip'));
    expect(found).toHaveLength(2);
    expect(found.every((w) => /wider than its box/.test(w.detail))).toBe(true);
  });
});
