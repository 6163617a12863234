/**
 * Inline parsing memoised per chapter: after a one-paragraph edit, every other block's joined text
 * is the same as in the previous parse, only (for blocks after the edit) at other source offsets.
 * The inline phase depends on nothing but that joined text, its offsets relative to its first
 * unit, its hard breaks, its synthetic units and the inline context (inlines.ts reads source
 * positions only to build ranges, offsets and diagnostics). So a block whose memo key matches
 * takes the previous parse's inlines:
 *
 * - unchanged (the very objects) when it sits at the same offsets, wholly before the first changed
 *   source unit: its ranges, lines and columns are those a fresh parse gives;
 * - else moved: every range rebuilt with `SourceText.range` at the new offsets (line and column
 *   read from the new source, exactly as the parser builds them) and every `offsets` entry moved.
 *
 * The diagnostics the block raised are replayed at the moved offsets in the same order, so the
 * chapter's diagnostics equal a fresh parse's too.
 */
import { NO_MARKS, parseInlines, readsHardBreaks, rebuiltInline, type InlineEnv, type JoinedText } from './inlines';
import type { SourceText } from './lex';
import type { Diagnostic, Inline } from './model';

interface Entry {
  /** Source offset of the joined text's first unit in the parse that made `inlines`. */
  base: number;
  inlines: Inline[];
  /** Diagnostics the block raised, offsets relative to `base`. */
  diagnostics: Omit<Diagnostic, 'chapterId' | 'line' | 'column'>[];
}

export class InlineMemo {
  /** What this parse produced or reused, by key: the next parse of the chapter reads it. */
  private readonly entries = new Map<string, Entry>();
  /** The keys asked for, in the order asked (`length` marks a place in the parse: `inherit`). */
  readonly keys: string[] = [];

  /**
   * @param previous the memo of the chapter's previous parse (absent: first parse).
   * @param unchangedBefore source units before this offset are the same as in the previous parse
   *   (the common prefix of the two sources, UTF-16 units).
   */
  constructor(
    private previous?: InlineMemo,
    private readonly unchangedBefore = 0,
  ) {}

  /** The parse is over: the previous parse's memo is let go (memos must not chain across edits). */
  finish(): void {
    this.previous = undefined;
  }

  /**
   * The previous parse's first `count` keys and their entries, for blocks this parse takes whole
   * from it (parse/chapter.ts, a prefix of unchanged blocks): the next parse finds them here.
   */
  inherit(count: number): void {
    const previous = this.previous;
    if (!previous) return;
    for (let k = 0; k < count; k++) {
      const key = previous.keys[k]!;
      this.keys.push(key);
      if (!this.entries.has(key)) this.entries.set(key, previous.entries.get(key)!);
    }
  }

  /** The inlines of one block's joined text: reused from the previous parse when it held the same text. */
  parse(joined: JoinedText, env: InlineEnv): Inline[] {
    if (joined.text.length === 0) return [];
    const key = memoKey(joined, env);
    this.keys.push(key);
    const base = joined.firstOffset;
    const hit = this.previous?.entries.get(key) ?? this.entries.get(key);
    if (!hit) {
      const before = env.diags.list.length;
      const inlines = parseInlines(joined, env);
      const diagnostics = env.diags.list.slice(before).map((d) => relative(d, base));
      if (!this.entries.has(key)) this.entries.set(key, { base, inlines, diagnostics });
      return inlines;
    }
    const last = joined.finalOffset;
    const inlines = hit.base === base && last < this.unchangedBefore ? hit.inlines : moveInlines(hit.inlines, base - hit.base, env.src);
    if (inlines !== hit.inlines) {
      const earlier = movedFrom.get(hit.inlines);
      movedFrom.set(inlines, earlier ? { origin: earlier.origin, delta: earlier.delta + base - hit.base } : { origin: hit.inlines, delta: base - hit.base });
    }
    for (const d of hit.diagnostics) env.diags.add(d.kind, d.message, d.from + base, d.to + base, d.severity, d.ascii);
    if (!this.entries.has(key)) this.entries.set(key, { base, inlines, diagnostics: hit.diagnostics });
    return inlines;
  }
}

/**
 * Where a moved copy came from: the first parse's inlines of the same text and the offset
 * (UTF-16 units) the copy's positions are moved by. Layout keys its per-paragraph work by the
 * origin (engine/index.ts), so a paragraph moved by an edit above it is not serialised again.
 */
export const movedFrom = new WeakMap<readonly Inline[], { origin: readonly Inline[]; delta: number }>();

function relative(d: Diagnostic, base: number): Entry['diagnostics'][number] {
  const out: Entry['diagnostics'][number] = { kind: d.kind, message: d.message, from: d.from - base, to: d.to - base, severity: d.severity };
  if (d.ascii !== undefined) out.ascii = d.ascii;
  return out;
}

/**
 * Everything the inline phase reads: context, whether `\\ ` breaks the line there
 * (`bodyText.hardLineBreaks`), text, where the offsets leave the run `base, base+1, …` (one entry
 * per joined line, relative to the base), hard breaks and synthetic units.
 */
function memoKey(joined: JoinedText, env: InlineEnv): string {
  const context = readsHardBreaks(env) ? env.context : `${env.context}-nobreaks`;
  const segments = joined.segments;
  const base = segments[1]!;
  let jumps = '';
  for (let s = 2; s < segments.length; s += 2) jumps += `${segments[s]}:${segments[s + 1]! - base},`;
  const breaks = joined.breaks.size ? [...joined.breaks].join(',') : '';
  const synthetic = joined.synthetic.size ? [...joined.synthetic].join(',') : '';
  return `${context}\u0001${jumps}\u0001${breaks}\u0001${synthetic}\u0001${joined.text}`;
}

/**
 * A deep copy of `inlines` moved by `delta` source units, ranges rebuilt against `src`. Arrays are
 * filled by `push`, as the parser fills its own: `Array.prototype.map` gives an array of holey
 * elements, another hidden class, and the readers that walk inline arrays (`contextKey`,
 * `printsPage`, `containsTab`) were thrown back to the interpreter by it as by the inlines.
 */
export function moveInlines(inlines: readonly Inline[], delta: number, src: SourceText): Inline[] {
  const moved: Inline[] = [];
  for (const inline of inlines) moved.push(moveInline(inline, delta, src));
  return moved;
}

/**
 * One inline moved, written with the parser's literal for its kind (inlines.ts `rebuiltInline`):
 * the copy has the hidden class of the inlines a parse from nothing makes. A spread copy
 * (`{ ...inline, range }`) had a map of its own, so every optimised reader of inlines in the first
 * edit after a book opened (engine/index.ts `contextKey`, `formulaRefsKey`, `printsPage`,
 * paginate.ts `containsTab`) met a map it had never seen and was thrown back to the interpreter
 * (node --trace-deopt: "wrong map"). Marks, attributes and citation items are shared, as the spread
 * shared them.
 */
function moveInline(inline: Inline, delta: number, src: SourceText): Inline {
  const range = src.range(inline.range.from + delta, inline.range.to + delta);
  const children = 'children' in inline && inline.children ? moveInlines(inline.children, delta, src) : undefined;
  let offsets: number[] | undefined;
  if (inline.kind === 'text' && inline.offsets) {
    offsets = [];
    for (const o of inline.offsets) offsets.push(o + delta);
  }
  return rebuiltInline(inline, range, 'marks' in inline ? inline.marks : NO_MARKS, children, offsets);
}
