/**
 * Inlines a chapter's parse takes from its previous parse at other source offsets (an edit above
 * their block: parse/inline-memo.ts `moveInlines`) have the hidden class of the inlines a parse
 * from nothing makes. Spread copies (`{ ...inline, range }`) had a map of their own, so the first
 * edit after a book opened threw every optimised reader of inlines (engine/index.ts `contextKey`,
 * `formulaRefsKey`, `printsPage`, paginate.ts `containsTab`) back to the interpreter (node
 * --trace-deopt: "wrong map"); so did the arrays holding them, made by `map` (holey elements)
 * where the parser fills its arrays by `push`.
 *
 * Hidden classes are compared with V8's own test (%HaveSameMap), enabled for this file only.
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { moveInlines } from '../../../src/worker/engine/parse/inline-memo';
import { SourceText } from '../../../src/worker/engine/parse/lex';
import type { Inline } from '../../../src/worker/engine/parse/model';
import { parseChapter, type ParsedChapter } from '../../../src/worker/engine/parse/index';

setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
/** Calls `f` once to gather type feedback, then has TurboFan compile it before its next call. */
const optimiseNext = new Function('f', 'warm', '%PrepareFunctionForOptimization(f); warm(); %OptimizeFunctionOnNextCall(f);') as (f: Function, warm: () => void) => void;

/** One paragraph per kind of inline (and a text with offsets of its own: escapes, a joined line). */
const paragraphs = [
  'Plain words with \\* an escape and a line\njoined to the next one.',
  'A line broken hard\\\nafter it, and *emphasis* then **strong** words.',
  'A [link](https://example.com "With a title") and [another](https://example.com/b) here.',
  'A note[^n1] and a reference :ref{id="open"} and \\ref{eq:one} in text.',
  'An anchor :anchor{#here} and [kept words]{#there} in a sentence.',
  'An index mark :index[lantern] and an invisible one :index{term="harbour"} here.',
  'A formula $a + b^2$ in running text.',
  'A chip :chip[label]{style="tag"} and a swatch :swatch{color="#c00"} and :tab a tab.',
  'Cited [@smith2020, p. 3] and narratively @jones2019 here.',
  'A directive :ruby[漢字]{rt="かんじ"} and a compact one {紅|hóng} here.',
  'Marked atoms *in emphasis[^n1] with :ref{id="open"} and $x$* here.',
  '[^n1]: The note’s own text.',
];

const parse = (source: string, previous?: { source: string; parsed: ParsedChapter }): ParsedChapter =>
  parseChapter(source, { chapterId: 'c', isFirstChapter: false, ...(previous ? { previous } : {}) });

function inlinesOf(chapter: ParsedChapter): Inline[][] {
  return chapter.blocks.flatMap((block) => ('inlines' in block && Array.isArray(block.inlines) ? [block.inlines as Inline[]] : []));
}

/** Every pair of inlines at the same place in the two trees, children included; `arrays` gets the pairs of arrays holding them. */
function pairs(a: readonly Inline[], b: readonly Inline[], arrays: [readonly Inline[], readonly Inline[]][], out: [Inline, Inline][] = []): [Inline, Inline][] {
  expect(b.length).toBe(a.length);
  arrays.push([a, b]);
  a.forEach((inline, k) => {
    const other = b[k]!;
    out.push([inline, other]);
    if ('children' in inline && inline.children && 'children' in other && other.children) pairs(inline.children, other.children, arrays, out);
  });
  return out;
}

describe('inlines moved by an edit above their block keep the parser’s hidden classes', () => {
  it('every kind, with and without its optional fields, in the class of a fresh parse’s', () => {
    const source = ['# Opening {#open}', ...paragraphs].join('\n\n') + '\n';
    const first = parse(source);
    // An edit in the heading: every paragraph after it is taken from the first parse, moved.
    const next = source.replace('Opening', 'The opening');
    const moved = parse(next, { source, parsed: first });
    const fresh = parse(next);
    const arrays: [readonly Inline[], readonly Inline[]][] = [];
    const made = inlinesOf(fresh);
    const taken = inlinesOf(moved);
    expect(taken.length).toBe(made.length);
    const found = made.flatMap((list, k) => pairs(list, taken[k]!, arrays));
    const kinds = new Set(found.map(([inline]) => inline.kind));
    for (const kind of ['text', 'hardBreak', 'link', 'footnoteRef', 'ref', 'anchor', 'indexMark', 'math', 'chip', 'swatch', 'tab', 'citation', 'directive']) expect(kinds).toContain(kind);
    expect(found.some(([inline]) => inline.kind === 'text' && inline.offsets !== undefined)).toBe(true);
    let copies = 0;
    for (const [made, taken] of found) {
      // Moved, not shared: the memo made this copy.
      if (taken === made) continue;
      expect(taken.range.from).toBe(made.range.from);
      expect(JSON.stringify(taken)).toBe(JSON.stringify(made));
      expect({ kind: made.kind, same: sameMap(taken, made) }).toEqual({ kind: made.kind, same: true });
      copies++;
    }
    expect(copies).toBe(found.length);
    // The arrays holding them (a block's inlines, an inline's children): the class of the parser's too.
    for (const [made, taken] of arrays) expect({ kinds: made.map((inline) => inline.kind).join(), same: sameMap(taken, made) }).toEqual({ kinds: made.map((inline) => inline.kind).join(), same: true });
  });

  it('the arrays an optimised moveInlines fills are the class of the parser’s', () => {
    // Optimised code inlines `Array.prototype.map` as `new Array(n)` filled in: holey elements,
    // unlike the interpreter's map. The bench's edits run moveInlines optimised.
    const source = ['# Opening {#open}', ...paragraphs].join('\n\n') + '\n';
    const lists = inlinesOf(parse(source)).filter((list) => list.length > 1);
    const src = new SourceText(`  ${source}`);
    optimiseNext(moveInlines, () => lists.forEach((list) => moveInlines(list, 2, src)));
    for (const list of lists) {
      const moved = moveInlines(list, 2, src);
      expect(sameMap(moved, list)).toBe(true);
    }
  });
});
