/**
 * Lines and runs moved in the source by an edit before their paragraph (engine/index.ts
 * `shiftLines`, `movedRun`; paragraph/lines.ts `movedLine`) keep the hidden class of the lines and
 * runs the setter makes. A moved line made by object spread, or a moved run with its fields in
 * another order, is an object of another class: every optimised reader of lines and runs (the
 * notes' marker scan, `glyphRun`, `emit`) was thrown back to the interpreter by the first it met,
 * in the first edits after a book opened (node --trace-deopt: "wrong map").
 *
 * Hidden classes are compared with V8's own test (%HaveSameMap), enabled for this file only.
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { movedRun } from '../../../src/worker/engine';
import { movedLine, type LineRun, type SetLine } from '../../../src/worker/engine/paragraph/lines';
import { nodeFontRegistry } from '../../support/node-world';
import { set, textInline } from './helpers';

setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const fonts = nodeFontRegistry();

function lines(text: string): SetLine[] {
  return set(fonts, [textInline(text, 40)], { measure: 120 });
}

describe('moved lines and runs keep the setter’s hidden classes', () => {
  it('a moved line has the class of the line it copies', () => {
    const set = lines('Several words in a paragraph long enough to be broken into more than one line of text here.');
    expect(set.length).toBeGreaterThan(2);
    for (const line of set) {
      const moved = movedLine(line, line.srcFrom + 9, line.srcTo + 9, line.runs, line.formulas);
      expect(moved.srcFrom).toBe(line.srcFrom + 9);
      expect(Object.keys(moved)).toEqual(Object.keys(line));
      expect(sameMap(moved, line)).toBe(true);
      // What shiftLines did before: a spread copy, same keys in the same order, another class.
      expect(sameMap({ ...line, srcFrom: line.srcFrom + 9 }, line)).toBe(false);
    }
  });

  it('a moved run has the class of the run it copies, left-to-right and right-to-left', () => {
    const runs: LineRun[] = [...lines('Plain words set left to right.'), ...lines('كلمات عربية من اليمين إلى اليسار')].flatMap((line) => line.runs);
    expect(runs.some((run) => run.rtl === true)).toBe(true);
    for (const run of runs) {
      const moved = movedRun(run, undefined, run.from! + 9);
      expect(moved.from).toBe(run.from! + 9);
      expect(Object.keys(moved)).toEqual(Object.keys(run));
      expect(sameMap(moved, run)).toBe(true);
    }
  });
});
