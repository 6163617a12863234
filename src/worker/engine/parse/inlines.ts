/**
 * Inline phase (document-format.md §10, §11, §12.2, §13, §14.1, §16): joined block text → typed inline runs.
 *
 * The text is held as parallel per-UTF-16-unit arrays (char, source offset, flag, mark bitmask). Each pass
 * turns a recognised span into one ATOM unit covering it (its inlines are built at once), so later passes
 * see it as a single opaque character: this is the reference's "earlier passes shield their content".
 * Pass order (§10.1, with one change of ours, see `build`):
 *   build (escapes, code spans, `\\` breaks) → index marks and inline anchors (extracted first, §10.1)
 *   → chips → refs → swatches → maths → brackets (images, footnote markers, citations, links, inline
 *   directives, LaTeX refs, compact ruby, tabs) → scripts → emphasis → emit.
 * Emphasis and scripts are marks on unit ranges (bitmask), so nesting in either direction is free (§10.2).
 */
import { parseAttributes, ID_CHARS } from './attributes';
import { isAsciiDigit, isCJK, isHanKana, isWhite, isWordChar, type Diagnostics, type SourceText } from './lex';
import type {
  Attributes,
  CitationItem,
  Inline,
  Mark,
  SourceRange,
  TextInline,
} from './model';

/** Where the inline text lives; decides which constructs are read (§10.9). */
export type InlineContext = 'body' | 'heading' | 'footnote' | 'verse';

/** Joined text of one block plus the source offset of each unit; `brk` marks hard-break placeholders. */
export class JoinedText {
  text = '';
  /**
   * The offsets as runs: flat pairs (index in `text`, source offset there), a new pair wherever a
   * unit's offset is not the previous one's + 1 (one per joined line). `offs` is built from them
   * only when the inline phase runs: a block whose inlines the inline memo reuses needs none.
   */
  readonly segments: number[] = [];
  /** Source offset of the last unit (−2 before any). */
  private lastOffset = -2;
  private units: number[] | null = null;
  /** Indices (in `text`) of hard-break placeholders (each is a '\n' in `text`, offset = the backslash). */
  readonly breaks = new Set<number>();
  /** Indices of synthetic units (join spaces) whose character differs from the source. */
  readonly synthetic = new Set<number>();

  /** Source offset of every unit of `text`. */
  get offs(): readonly number[] {
    if (this.units === null) {
      const units = new Array<number>(this.text.length);
      const segments = this.segments;
      for (let s = 0; s < segments.length; s += 2) {
        const end = s + 2 < segments.length ? segments[s + 2]! : units.length;
        for (let i = segments[s]!, offset = segments[s + 1]!; i < end; i++, offset++) units[i] = offset;
      }
      this.units = units;
    }
    return this.units;
  }
  /** Source offset of the first unit (the text must not be empty). */
  get firstOffset(): number {
    return this.segments[1]!;
  }
  /** Source offset of the last unit (the text must not be empty). */
  get finalOffset(): number {
    return this.lastOffset;
  }

  /** Appends `source[from, to)` unit by unit. */
  appendSource(source: string, from: number, to: number): void {
    this.text += source.slice(from, to);
    if (to > from) this.advance(from, to - from, this.text.length - (to - from));
  }
  /** Appends one synthetic unit mapped to `offset` (join space, placeholder). */
  appendUnit(ch: string, offset: number): void {
    this.synthetic.add(this.text.length);
    this.text += ch;
    this.advance(offset, 1, this.text.length - 1);
  }
  appendBreak(offset: number): void {
    this.breaks.add(this.text.length);
    this.text += '\n';
    this.advance(offset, 1, this.text.length - 1);
  }
  /** `count` units from `offset` were appended at text index `at`. */
  private advance(offset: number, count: number, at: number): void {
    if (offset !== this.lastOffset + 1 || this.segments.length === 0) this.segments.push(at, offset);
    this.lastOffset = offset + count - 1;
    this.units = null;
  }
}

export interface InlineEnv {
  diags: Diagnostics;
  src: SourceText;
  context: InlineContext;
  /**
   * `bodyText.hardLineBreaks` (configuration.md §6.1, document-format §5.3): false reads a mid-line
   * `\\ ` as two literal backslashes in running text and notes (books before 1.23). Headings and
   * verse keep their breaks (the version pin leaves them aside, bundle-format §9). Absent = true.
   */
  hardLineBreaks?: boolean;
}

/** Whether a mid-line `\\ ` is a forced line break in this context (`InlineEnv.hardLineBreaks`). */
export function readsHardBreaks(env: Pick<InlineEnv, 'context' | 'hardLineBreaks'>): boolean {
  return env.hardLineBreaks !== false || env.context === 'heading' || env.context === 'verse';
}

// Unit flags.
const PLAIN = 0;
/** Literal character produced by a backslash escape (source backslash at off - 1). */
const ESC = 1;
const BREAK = 2;
/** Removed from the output (consumed delimiter, absorbed space). */
const HIDDEN = 3;
const ATOM = 4;
/** Inside an atom's span (skipped). */
const COVER = 5;
/** Literal, replaced character (e.g. `~` → NBSP before `\ref`). */
const LIT = 6;

const MARK_BITS: [Mark, number][] = [
  ['strong', 1],
  ['emphasis', 2],
  ['code', 4],
  ['sup', 8],
  ['sub', 16],
  ['smallcaps', 32],
  ['strike', 64],
];
const BIT: Record<Mark, number> = Object.fromEntries(MARK_BITS) as Record<Mark, number>;

function marksOf(mask: number): Mark[] {
  const out: Mark[] = [];
  for (const [m, b] of MARK_BITS) if (mask & b) out.push(m);
  return out;
}

interface Atom {
  end: number;
  inlines: Inline[];
  /** Prints nothing (point index marks and anchors): spaces around it collapse (§16). */
  invisible: boolean;
}

/** Names of the bracketed inline directives kept as `directive` nodes (§10.1, §18) — [Adv]/[Rare]. */
const BRACKET_DIRECTIVES = new Set(['ltr', 'rtl', 'tcy', 'upright', 'sideways', 'dots', 'name', 'book', 'ruby', 'sideline', 'warichu', 'kunten']);
const ESCAPABLE = '*_^~`$@';
const KEPT_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'ftp']);
const CROSSREF_PREFIX = /^(sec|fig|tbl|eq|lst):/i;

class InlineParser {
  // One unit per character of the joined text at most (every unit consumes at least one), so
  // `build` fills typed arrays of that capacity and then keeps views of the units it made: no
  // per-character growth of six JS arrays (the parser's largest allocation on a long book).
  // Views of the exact count keep reads past the end `undefined`, as the arrays gave.
  /** Character code of each unit (UTF-16). */
  ch: Uint16Array = new Uint16Array(0);
  /** Source offset of each unit, UTF-16 units in the chapter file. */
  off: Int32Array = new Int32Array(0);
  /** Source span of each unit (escapes and atoms cover more than one source unit). */
  uFrom: Int32Array = new Int32Array(0);
  uTo: Int32Array = new Int32Array(0);
  /** Unit flag (PLAIN, ESC, BREAK, …). */
  fl: Uint8Array = new Uint8Array(0);
  /** Mark bits of each unit (MARK_BITS). */
  mk: Uint16Array = new Uint16Array(0);
  /** Units pushed so far (during `build`). */
  private count = 0;
  atoms = new Map<number, Atom>();

  constructor(
    private readonly joined: JoinedText,
    private readonly env: InlineEnv,
  ) {}

  // ------------------------------------------------------------------ build

  private push(c: number, off: number, flag: number, from = off, to = off + 1): void {
    const i = this.count++;
    this.ch[i] = c;
    this.off[i] = off;
    this.fl[i] = flag;
    this.uFrom[i] = from;
    this.uTo[i] = to;
  }

  /**
   * Escapes (§2.5), code spans and mid-line `\\` breaks (§5.3) in one left-to-right scan.
   * Our choice: code spans are found here, before maths and refs, because the spec states inline code is
   * "literal text (no markup inside)" (§10.1); the reference lists code among the last passes.
   */
  build(): void {
    const { text, offs, breaks } = this.joined;
    const n = text.length;
    this.ch = new Uint16Array(n);
    this.off = new Int32Array(n);
    this.uFrom = new Int32Array(n);
    this.uTo = new Int32Array(n);
    this.fl = new Uint8Array(n);
    this.mk = new Uint16Array(n);
    this.count = 0;
    for (let j = 0; j < n; ) {
      const c = text.charCodeAt(j);
      if (breaks.has(j)) {
        this.push(10, offs[j]!, BREAK, offs[j]!, offs[j]! + 1);
        j++;
        continue;
      }
      if (c === 92 /* \ */ && j + 1 < n && !breaks.has(j + 1) && offs[j + 1] === offs[j]! + 1) {
        const c2 = text[j + 1]!;
        if (ESCAPABLE.includes(c2)) {
          this.push(c2.charCodeAt(0), offs[j + 1]!, ESC, offs[j]!, offs[j + 1]! + 1);
          j += 2;
          continue;
        }
        if (c2 === '\\') {
          // `\\` + space (or end of the line) = hard break; glued to a character = two backslashes.
          // Without hard line breaks (bodyText.hardLineBreaks false) both print, whatever follows.
          let k = j + 2;
          while (k < n && text[k] === ' ' && !breaks.has(k)) k++;
          const spaced = j + 2 >= n || text[j + 2] === ' ' || breaks.has(j + 2);
          if (spaced && k < n && readsHardBreaks(this.env)) {
            this.push(10, offs[j]!, BREAK, offs[j]!, offs[j + 1]! + 1);
            j = k;
            continue;
          }
          this.push(92, offs[j]!, PLAIN);
          this.push(92, offs[j + 1]!, PLAIN);
          j += 2;
          continue;
        }
        if (c2 === ':' && text.startsWith('index', j + 2)) {
          this.push(58, offs[j + 1]!, ESC, offs[j]!, offs[j + 1]! + 1);
          j += 2;
          continue;
        }
        if (c2 === '{' && /^\{[^{}|]+\|[^{}]*\}/.test(text.slice(j + 1, j + 200)) && isHanKana(text.charCodeAt(j + 2))) {
          this.push(123, offs[j + 1]!, ESC, offs[j]!, offs[j + 1]! + 1);
          j += 2;
          continue;
        }
      }
      if (c === 96 /* ` */) {
        let L = 1;
        while (j + L < n && text.charCodeAt(j + L) === 96) L++;
        const close = findBacktickRun(text, j + L, L);
        if (close >= 0) {
          this.pushCode(j, L, close);
          j = close + L;
          continue;
        }
        for (let k = 0; k < L; k++) this.push(96, offs[j + k]!, PLAIN);
        j += L;
        continue;
      }
      this.push(c, offs[j]!, this.joined.synthetic.has(j) ? LIT : PLAIN);
      j++;
    }
    const units = this.count;
    this.ch = this.ch.subarray(0, units);
    this.off = this.off.subarray(0, units);
    this.uFrom = this.uFrom.subarray(0, units);
    this.uTo = this.uTo.subarray(0, units);
    this.fl = this.fl.subarray(0, units);
    this.mk = this.mk.subarray(0, units);
    // Spaces around a hard break are dropped (the line before is set at natural width).
    for (let i = 0; i < this.fl.length; i++) {
      if (this.fl[i] !== BREAK) continue;
      for (let k = i - 1; k >= 0 && this.fl[k] === PLAIN && this.ch[k] === 32; k--) this.fl[k] = HIDDEN;
      for (let k = i + 1; k < this.fl.length && this.fl[k] === PLAIN && this.ch[k] === 32; k++) this.fl[k] = HIDDEN;
    }
  }

  private pushCode(j: number, L: number, close: number): void {
    const { text, offs } = this.joined;
    let a = j + L;
    let b = close;
    // One space stripped on each side when both are present and the content is not all spaces.
    if (b - a >= 2 && text[a] === ' ' && text[b - 1] === ' ' && text.slice(a, b).trim() !== '') {
      a++;
      b--;
    }
    let content = '';
    const o: number[] = [];
    for (let k = a; k < b; k++) {
      content += this.joined.breaks.has(k) ? ' ' : text[k]!;
      o.push(offs[k]!);
    }
    const from = offs[j]!;
    const to = offs[close + L - 1]! + 1;
    const inlines: Inline[] = [];
    if (content.length) inlines.push(textInline(content, o, ['code'], this.env.src));
    this.push(0xfffc, from, ATOM, from, to);
    // During `build`: the unit just pushed is the last one.
    this.atoms.set(this.count - 1, { end: this.count, inlines, invisible: false });
  }

  // ------------------------------------------------------------------ helpers

  get length(): number {
    return this.fl.length;
  }

  /** Units [i, i + s.length) are PLAIN and spell `s`. */
  private plainIs(i: number, s: string, hi: number): boolean {
    if (i + s.length > hi) return false;
    for (let k = 0; k < s.length; k++) if (this.fl[i + k] !== PLAIN || this.ch[i + k] !== s.charCodeAt(k)) return false;
    return true;
  }

  private isPlain(i: number, c: number): boolean {
    return this.fl[i] === PLAIN && this.ch[i] === c;
  }

  /** Index after unit i, jumping over atom spans. */
  private step(i: number): number {
    return this.fl[i] === ATOM ? this.atoms.get(i)!.end : i + 1;
  }

  private range(a: number, b: number): SourceRange {
    return this.env.src.range(this.uFrom[a]!, this.uTo[b - 1]!);
  }

  /**
   * Source text of units [a, b) with escapes restored (attributes, maths and URLs see raw source, §3).
   * Null when the span contains an atom (it cannot be raw text).
   */
  private raw(a: number, b: number): string | null {
    let s = '';
    for (let i = a; i < b; i++) {
      const f = this.fl[i];
      if (f === ATOM || f === COVER) return null;
      if (f === ESC) s += '\\';
      if (f === BREAK) {
        s += '\\ ';
        continue;
      }
      s += String.fromCharCode(this.ch[i]!);
    }
    return s;
  }

  private makeAtom(a: number, b: number, inlines: Inline[], invisible = false): void {
    for (let k = a + 1; k < b; k++) this.fl[k] = COVER;
    this.fl[a] = ATOM;
    this.atoms.set(a, { end: b, inlines, invisible });
  }

  private warn(kind: string, message: string, a: number, b: number, severity: 'warning' | 'info' = 'warning'): void {
    this.env.diags.add(kind, message, this.uFrom[a]!, this.uTo[b - 1]!, severity);
  }

  private unsupported(what: string, a: number, b: number): void {
    this.warn('unsupportedConstruct', `${what} is recognised and kept but not typeset yet.`, a, b);
  }

  /**
   * Matching `]` for a `[` at `open` (nesting counted; `\]` is an escaped bracket, §2.5). Stops at a hard
   * break or `hi`. Returns -1 when unclosed.
   */
  private closeBracket(open: number, hi: number): number {
    let depth = 0;
    for (let i = open; i < hi; i = this.step(i)) {
      const f = this.fl[i];
      if (f === BREAK) return -1;
      if (f !== PLAIN) continue;
      const c = this.ch[i];
      if (c === 92 && i + 1 < hi && this.isPlain(i + 1, 93)) {
        i++;
        continue;
      }
      if (c === 91) depth++;
      else if (c === 93 && --depth === 0) return i;
    }
    return -1;
  }

  /** `\]` → `]` inside an accepted bracketed directive. */
  private unescapeBrackets(a: number, b: number): void {
    for (let i = a; i < b - 1; i = this.step(i)) {
      if (this.isPlain(i, 92) && this.isPlain(i + 1, 93)) {
        this.fl[i] = HIDDEN;
        this.fl[i + 1] = LIT;
        this.uFrom[i + 1] = this.off[i]!;
        i++;
      }
    }
  }

  /** Attribute block `{…}` at unit `i` (first `}` closes, one line, no atoms inside). */
  private attrBlock(i: number, hi: number): { attrs: Attributes; end: number; ok: boolean } | null {
    if (!this.isPlain(i, 123)) return null;
    for (let j = i + 1; j < hi; j++) {
      const f = this.fl[j];
      if (f === BREAK || f === ATOM) return null;
      if (f === PLAIN && this.ch[j] === 125) {
        const text = this.raw(i + 1, j);
        if (text === null) return null;
        const p = parseAttributes(text);
        for (const bad of p.invalidKeys)
          this.env.diags.add('attributeKeyInvalid', `Attribute key "${bad.token}" is not ASCII; ignored.`, this.uFrom[i + 1 + bad.at] ?? this.uFrom[i]!, this.uFrom[i + 1 + bad.at] !== undefined ? this.uFrom[i + 1 + bad.at]! + bad.length : this.uTo[j]!);
        return { attrs: p.attrs, end: j + 1, ok: p.ok };
      }
    }
    return null;
  }

  /** Lowercase directive name after a PLAIN `:` at `i` (not after another colon, §16). */
  private directiveName(i: number, lo: number, hi: number): string | null {
    if (!this.isPlain(i, 58)) return null;
    if (i > lo && this.fl[i - 1] === PLAIN && this.ch[i - 1] === 58) return null;
    let j = i + 1;
    while (j < hi && this.fl[j] === PLAIN && this.ch[j]! >= 97 && this.ch[j]! <= 122) j++;
    if (j === i + 1) return null;
    // A name glued to more letters/digits is not this directive (`:table` is not `:tab`).
    if (j < hi && this.fl[j] === PLAIN && (isAsciiDigit(this.ch[j]!) || (this.ch[j]! >= 65 && this.ch[j]! <= 90) || this.ch[j] === 45)) return null;
    return codesToString(this.ch.slice(i + 1, j));
  }

  private plainText(a: number, b: number): string {
    let s = '';
    for (let i = a; i < b; i = this.step(i)) {
      const f = this.fl[i];
      if (f === HIDDEN || f === COVER) continue;
      if (f === ATOM) s += plainTextOf(this.atoms.get(i)!.inlines);
      else if (f === BREAK) s += ' ';
      else s += String.fromCharCode(this.ch[i]!);
    }
    return s;
  }

  // ------------------------------------------------------------------ passes

  /** Runs the passes from `stage` on [lo, hi): 0 = all, 1 = from chips, 5 = brackets, 6 = scripts+emphasis. */
  run(stage: number, lo: number, hi: number): void {
    const ctx = this.env.context;
    if (stage <= 0) this.passIndexAndAnchors(lo, hi);
    if (stage <= 1 && ctx !== 'heading') this.passChips(lo, hi);
    if (stage <= 2) this.passRefs(lo, hi);
    if (stage <= 3) this.passSwatches(lo, hi);
    if (stage <= 4) this.passMaths(lo, hi);
    if (stage <= 5) this.passBrackets(lo, hi);
    if (stage <= 6) {
      this.passScripts(lo, hi, 94, BIT.sup);
      this.passScripts(lo, hi, 126, BIT.sub);
      this.passEmphasis(lo, hi);
    }
  }

  /** Children of a bracketed construct: later passes run on the inner range, then it is emitted. */
  private children(stage: number, a: number, b: number): Inline[] {
    this.run(stage, a, b);
    return this.emit(a, b);
  }

  /** §16 index marks and §13 inline anchors, extracted before everything else. */
  private passIndexAndAnchors(lo: number, hi: number): void {
    for (let i = lo; i < hi; i = this.step(i)) {
      const name = this.directiveName(i, lo, hi);
      if (name === 'index') {
        const after = i + 6;
        if (this.isPlain(after, 91)) {
          const close = this.closeBracket(after, hi);
          if (close < 0) continue;
          const attr = this.attrBlock(close + 1, hi);
          this.unescapeBrackets(after + 1, close);
          const children = this.children(1, after + 1, close);
          const end = attr ? attr.end : close + 1;
          const attrs = attr?.attrs ?? {};
          const term = indexTerm(attrs, plainTextOf(children));
          this.makeAtom(i, end, [{ kind: 'indexMark', term, attrs, children, range: this.range(i, end) }]);
          if (!term) this.warn('indexMarkInvalid', 'Index mark without a term.', i, end);
        } else {
          const attr = this.attrBlock(after, hi);
          if (!attr) continue;
          const term = indexTerm(attr.attrs, '');
          this.makeAtom(i, attr.end, [{ kind: 'indexMark', term, attrs: attr.attrs, range: this.range(i, attr.end) }], true);
          if (!term) this.warn('indexMarkInvalid', 'Index mark without a term.', i, attr.end);
        }
      } else if (name === 'anchor') {
        const attr = this.attrBlock(i + 7, hi);
        if (!attr || !attr.attrs.id || !ID_CHARS.test(attr.attrs.id)) continue;
        this.makeAtom(i, attr.end, [{ kind: 'anchor', anchorId: attr.attrs.id, range: this.range(i, attr.end) }], true);
      } else if (this.isPlain(i, 91) && !this.isPlain(i + 1, 94) && !(i > lo && this.isPlain(i - 1, 33))) {
        // `[words]{#id}` keeps the words and names the point.
        const close = this.closeBracket(i, hi);
        if (close < 0 || close === i + 1) continue;
        const attr = this.attrBlock(close + 1, hi);
        if (!attr || !attr.ok || Object.keys(attr.attrs).length !== 1 || !attr.attrs.id) continue;
        this.unescapeBrackets(i + 1, close);
        const children = this.children(1, i + 1, close);
        this.makeAtom(i, attr.end, [{ kind: 'anchor', anchorId: attr.attrs.id, children, range: this.range(i, attr.end) }]);
      }
    }
  }

  /** §10.5 chips (first pass: refs, swatches and maths inside stay literal). */
  private passChips(lo: number, hi: number): void {
    for (let i = lo; i < hi; i = this.step(i)) {
      if (this.directiveName(i, lo, hi) !== 'chip' || !this.isPlain(i + 5, 91)) continue;
      const close = this.closeBracket(i + 5, hi);
      if (close < 0 || close === i + 6) continue; // `:chip[]` is literal
      const attr = this.attrBlock(close + 1, hi);
      const end = attr ? attr.end : close + 1;
      this.unescapeBrackets(i + 6, close);
      const blank = this.plainText(i + 6, close).replace(/[\s\u00a0\u202f\u2007]/g, '') === '';
      // Whitespace inside a chip collapses to single spaces.
      for (let k = i + 6; k < close; k++) {
        if (this.fl[k] === PLAIN && isWhite(this.ch[k]!) && (k === i + 6 || k === close - 1 || (this.fl[k - 1] === PLAIN && isWhite(this.ch[k - 1]!)))) this.fl[k] = HIDDEN;
      }
      const children = blank ? [] : this.children(6, i + 6, close);
      // Typeset (paragraph/run-box.ts): no unsupportedConstruct.
      this.makeAtom(i, end, [{ kind: 'chip', attrs: attr?.attrs ?? {}, children, range: this.range(i, end) }]);
    }
  }

  /** §12.2 `:ref{…}`; `:ref{}` or no `id` stays literal. */
  private passRefs(lo: number, hi: number): void {
    for (let i = lo; i < hi; i = this.step(i)) {
      if (this.directiveName(i, lo, hi) !== 'ref') continue;
      const attr = this.attrBlock(i + 4, hi);
      if (!attr || !attr.attrs.id) continue;
      this.makeAtom(i, attr.end, [{ kind: 'ref', form: 'directive', target: attr.attrs.id, attrs: attr.attrs, marks: [], range: this.range(i, attr.end) }]);
    }
  }

  /** §10.6 `:swatch{color}`; no colour → literal. */
  private passSwatches(lo: number, hi: number): void {
    for (let i = lo; i < hi; i = this.step(i)) {
      if (this.directiveName(i, lo, hi) !== 'swatch') continue;
      const attr = this.attrBlock(i + 7, hi);
      if (!attr || !attr.attrs.color) continue;
      this.makeAtom(i, attr.end, [{ kind: 'swatch', attrs: attr.attrs, range: this.range(i, attr.end) }]);
      this.unsupported('Colour swatch', i, attr.end);
    }
  }

  /** §11 inline maths: every bare `$` opens; must close inside the block; `$a$$b$` = two formulas. */
  private passMaths(lo: number, hi: number): void {
    for (let i = lo; i < hi; i = this.step(i)) {
      if (!this.isPlain(i, 36)) continue;
      let j = i + 1;
      while (j < hi && !this.isPlain(j, 36) && this.fl[j] !== ATOM) j++;
      if (j >= hi || this.fl[j] === ATOM) {
        this.warn('unclosedMath', 'Unclosed inline formula: a `$` opens maths (write `\\$` for a dollar sign).', i, i + 1);
        continue;
      }
      if (j === i + 1) {
        i = j; // `$$` inside text: no formula
        continue;
      }
      const tex = this.raw(i + 1, j) ?? '';
      this.makeAtom(i, j + 1, [{ kind: 'math', tex, marks: [], range: this.range(i, j + 1) }]);
    }
  }

  /** Bracketed and prefixed constructs, left to right. */
  private passBrackets(lo: number, hi: number): void {
    const ctx = this.env.context;
    for (let i = lo; i < hi; i = this.step(i)) {
      if (this.fl[i] !== PLAIN) continue;
      const c = this.ch[i]!;
      if (c === 33 /* ! */ && this.isPlain(i + 1, 91)) {
        const link = this.linkAt(i + 1, hi);
        if (link) {
          this.makeAtom(i, link.end, []);
          this.warn('inlineImageRemoved', 'Inline images `![alt](src)` are removed; use a resource and `:ref`.', i, link.end, 'info');
        }
        continue;
      }
      if (c === 91 /* [ */) {
        if (this.isPlain(i + 1, 94)) {
          if (ctx === 'heading' || ctx === 'footnote') continue; // literal there (§10.9)
          const end = this.footnoteAt(i, hi);
          if (end > 0) {
            const noteId = this.plainText(i + 2, end - 1);
            this.makeAtom(i, end, [{ kind: 'footnoteRef', noteId, marks: [], range: this.range(i, end) }]);
          }
          continue;
        }
        if (this.citationBracket(i, hi)) continue;
        const link = this.linkAt(i, hi);
        if (link) {
          const children = this.children(5, i + 1, link.close);
          const range = this.range(i, link.end);
          this.makeAtom(i, link.end, link.href === undefined ? children : [{ kind: 'link', href: link.href, ...(link.title !== undefined ? { title: link.title } : {}), children, range }]);
        }
        continue;
      }
      if (c === 58 /* : */) {
        const name = this.directiveName(i, lo, hi);
        if (!name) continue;
        const after = i + 1 + name.length;
        // `:tab` is a tab in body text, verse lines included (document-format §10.9); in headings and
        // footnote definitions it is not recognised and stays literal text.
        if (name === 'tab' && ctx !== 'heading' && ctx !== 'footnote') {
          const attr = this.attrBlock(after, hi);
          const end = attr ? attr.end : after;
          this.makeAtom(i, end, [{ kind: 'tab', attrs: attr?.attrs ?? {}, range: this.range(i, end) }]);
          // Spaces around `:tab` are absorbed (§10.8).
          for (let k = i - 1; k >= lo && this.fl[k] !== ATOM && this.isSpaceUnit(k); k--) this.fl[k] = HIDDEN;
          for (let k = end; k < hi && this.fl[k] !== ATOM && this.isSpaceUnit(k); k++) this.fl[k] = HIDDEN;
          continue;
        }
        if ((name === 'smallcaps' || BRACKET_DIRECTIVES.has(name)) && this.isPlain(after, 91)) {
          const close = this.closeBracket(after, hi);
          if (close < 0 || close === after + 1) continue; // empty/unclosed → literal (§10.4)
          const attr = this.attrBlock(close + 1, hi);
          const end = attr ? attr.end : close + 1;
          this.unescapeBrackets(after + 1, close);
          const children = this.children(5, after + 1, close);
          if (name === 'smallcaps') this.makeAtom(i, end, addMarks(children, BIT.smallcaps));
          else {
            this.makeAtom(i, end, [{ kind: 'directive', name, attrs: attr?.attrs ?? {}, children, range: this.range(i, end) }]);
            // Direction isolates (document-format §18.1), ruby, warichu and kanbun marks (§18.4,
            // paragraph/ruby.ts, warichu.ts, kunten.ts) are typeset (paragraph/collect.ts); the rest print their text plainly.
            if (name !== 'ltr' && name !== 'rtl' && name !== 'ruby' && name !== 'warichu' && name !== 'kunten') this.unsupported(`:${name}[…]`, i, end);
          }
        }
        continue;
      }
      if (c === 92 /* \ */) {
        this.latexRef(i, lo, hi);
        continue;
      }
      if (c === 64 /* @ */) {
        this.narrativeCitation(i, lo, hi);
        continue;
      }
      if (c === 123 /* { */) {
        this.compactRuby(i, hi);
        continue;
      }
      if (c === 0xff3b /* ［ */ && i + 1 < hi && this.ch[i + 1] === 0xff3e /* ＾ */) {
        this.warn('fullwidthMarkup', 'Full-width `［＾` is not a footnote marker (type `[^`).', i, i + 2);
        this.env.diags.list[this.env.diags.list.length - 1]!.ascii = '[^';
      }
    }
  }

  /** `[^id]` → end index (after `]`) or -1. */
  private footnoteAt(i: number, hi: number): number {
    let j = i + 2;
    while (j < hi && this.fl[j] === PLAIN && FOOTNOTE_ID_CHAR.test(String.fromCharCode(this.ch[j]!))) j++;
    return j > i + 2 && this.isPlain(j, 93) ? j + 1 : -1;
  }

  /** `[text](dest "title")` at `i` (§10.7). */
  private linkAt(i: number, hi: number): { close: number; end: number; href: string | undefined; title?: string } | null {
    const close = this.closeBracket(i, hi);
    if (close < 0 || !this.isPlain(close + 1, 40)) return null;
    let j = close + 2;
    let dest: string | null;
    if (this.isPlain(j, 60)) {
      let k = j + 1;
      while (k < hi && !this.isPlain(k, 62) && this.fl[k] !== BREAK) k++;
      if (k >= hi || this.fl[k] === BREAK) return null;
      dest = this.raw(j + 1, k);
      j = k + 1;
    } else {
      let depth = 0;
      let k = j;
      for (; k < hi; k++) {
        const f = this.fl[k];
        if (f === BREAK || f === ATOM) return null;
        const ch = this.ch[k]!;
        if (f === PLAIN && ch === 92 && k + 1 < hi) {
          k++;
          continue;
        }
        if (isWhite(ch)) break;
        if (f === PLAIN && ch === 40) depth++;
        else if (f === PLAIN && ch === 41) {
          if (depth === 0) break;
          depth--;
        }
      }
      if (depth !== 0) return null;
      dest = this.raw(j, k);
      j = k;
    }
    if (dest === null) return null;
    let title: string | undefined;
    let k = j;
    while (k < hi && this.isPlain(k, 32)) k++;
    if (k > j && k < hi && (this.isPlain(k, 34) || this.isPlain(k, 39))) {
      const q = this.ch[k]!;
      let e = k + 1;
      while (e < hi && !this.isPlain(e, q)) e++;
      if (e >= hi) return null;
      title = this.raw(k + 1, e) ?? undefined;
      k = e + 1;
      while (k < hi && this.isPlain(k, 32)) k++;
    }
    if (!this.isPlain(k, 41)) return null;
    const url = dest.replace(/\\([!-/:-@[-`{-~])/g, '$1');
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
    const href = !scheme || KEPT_SCHEMES.has(scheme[1]!.toLowerCase()) ? url : undefined;
    return title !== undefined ? { close, end: k + 1, href, title } : { close, end: k + 1, href };
  }

  /** `[@key]`, `[@a; @b, p. 3]`, `[see @key]`, `[-@key]`; pandoc-crossref `[@fig:x]` → ref (§13, §15). */
  private citationBracket(i: number, hi: number): boolean {
    const close = this.closeBracket(i, hi);
    if (close < 0 || this.isPlain(close + 1, 40) || this.isPlain(close + 1, 123)) return false;
    const raw = this.raw(i + 1, close);
    if (raw === null || !raw.includes('@')) return false;
    const items: CitationItem[] = [];
    for (const part of raw.split(';')) {
      const m = /^(.*?)(?:^|(?<=[\s]))(-?)@([\p{L}\p{N}_][\p{L}\p{N}_:.#$%&+?<>~/-]*?)([.:]*)((?:[,\s].*)?)$/su.exec(part);
      if (!m) return false;
      items.push({ key: m[3]!, prefix: m[1]!.trim(), suffix: (m[4]! + m[5]!).trim(), suppressAuthor: m[2] === '-' });
    }
    const range = this.range(i, close + 1);
    if (items.length === 1 && CROSSREF_PREFIX.test(items[0]!.key) && !items[0]!.prefix && !items[0]!.suffix) {
      const it = items[0]!;
      const attrs: Attributes = { id: it.key };
      if (it.suppressAuthor) attrs.style = 'number';
      this.makeAtom(i, close + 1, [{ kind: 'ref', form: 'pandoc', target: it.key, attrs, marks: [], range }]);
      return true;
    }
    this.makeAtom(i, close + 1, [{ kind: 'citation', mode: 'parenthetical', items, raw: this.plainText(i, close + 1), marks: [], range }]);
    this.unsupported('Citation', i, close + 1);
    return true;
  }

  /** Narrative `@key` (not after a letter/digit) or pandoc-crossref `@sec:id` / `@Sec:id`. */
  private narrativeCitation(i: number, lo: number, hi: number): void {
    if (i > lo && (this.fl[i - 1] === PLAIN || this.fl[i - 1] === LIT || this.fl[i - 1] === ESC) && isWordChar(this.ch[i - 1]!)) return;
    let j = i + 1;
    while (j < hi && this.fl[j] === PLAIN && CITE_KEY_CHAR.test(String.fromCharCode(this.ch[j]!))) j++;
    // Trailing punctuation is not part of the key.
    while (j > i + 1 && /[:.#$%&+?<>~/-]/.test(String.fromCharCode(this.ch[j - 1]!))) j--;
    if (j === i + 1 || !/[\p{L}\p{N}_]/u.test(String.fromCharCode(this.ch[i + 1]!))) return;
    const key = codesToString(this.ch.slice(i + 1, j));
    const range = this.range(i, j);
    if (CROSSREF_PREFIX.test(key)) {
      const attrs: Attributes = { id: key };
      if (/^[A-Z]/.test(key)) attrs.case = 'capitalize';
      this.makeAtom(i, j, [{ kind: 'ref', form: 'pandoc', target: key, attrs, marks: [], range }]);
      return;
    }
    this.makeAtom(i, j, [{ kind: 'citation', mode: 'narrative', items: [{ key, prefix: '', suffix: '', suppressAuthor: false }], raw: `@${key}`, marks: [], range }]);
    this.unsupported('Citation', i, j);
  }

  /** `\ref{x}` / `\eqref{x}` in text (§13); a `~` right before becomes a no-break space. */
  private latexRef(i: number, lo: number, hi: number): void {
    const eq = this.plainIs(i + 1, 'eqref{', hi);
    if (!eq && !this.plainIs(i + 1, 'ref{', hi)) return;
    const start = i + (eq ? 7 : 5);
    let j = start;
    while (j < hi && this.fl[j] === PLAIN && this.ch[j] !== 125 && ID_CHARS.test(String.fromCharCode(this.ch[j]!))) j++;
    if (j === start || !this.isPlain(j, 125)) return;
    const target = codesToString(this.ch.slice(start, j));
    this.makeAtom(i, j + 1, [{ kind: 'ref', form: eq ? 'latexEq' : 'latex', target, attrs: {}, marks: [], range: this.range(i, j + 1) }]);
    if (i > lo && this.isPlain(i - 1, 126)) {
      this.ch[i - 1] = 0xa0;
      this.fl[i - 1] = LIT;
    }
  }

  /** Compact ruby `{紅樓|hóng|lóu}` (§18.4) when the base holds Han/kana/bopomofo. */
  private compactRuby(i: number, hi: number): void {
    let j = i + 1;
    const bars: number[] = [];
    for (; j < hi; j++) {
      const f = this.fl[j];
      if (f !== PLAIN) return;
      const c = this.ch[j];
      if (c === 125) break;
      if (c === 123) return;
      if (c === 124) bars.push(j);
    }
    if (j >= hi || bars.length === 0) return;
    const baseEnd = bars[0]!;
    let han = false;
    for (let k = i + 1; k < baseEnd; k++) if (isHanKana(this.ch[k]!)) han = true;
    if (!han || baseEnd === i + 1) return;
    const rt = codesToString(this.ch.slice(baseEnd + 1, j)).split('|').join('|');
    const children = this.emit(i + 1, baseEnd);
    this.makeAtom(i, j + 1, [{ kind: 'directive', name: 'ruby', attrs: { rt }, children, compact: true, range: this.range(i, j + 1) }]);
  }

  /**
   * §10.3 scripts: the marked text starts and ends with non-space, has no newline and no inner marker.
   * Faces `^_^`, `^o^` stay literal; `~` between two digits (range) or two CJK characters is literal.
   */
  private passScripts(lo: number, hi: number, marker: number, bit: number): void {
    for (let i = lo; i < hi; i = this.step(i)) {
      if (!this.isPlain(i, marker)) continue;
      const prev = i > lo ? this.ch[i - 1]! : -1;
      const next = i + 1 < hi ? this.ch[i + 1]! : -1;
      if (marker === 126 && ((isAsciiDigit(prev) && isAsciiDigit(next)) || (isCJK(prev) && isCJK(next)))) continue;
      let j = i + 1;
      while (j < hi && !this.isPlain(j, marker) && this.fl[j] !== BREAK) j = this.step(j);
      if (j >= hi) break; // no marker left at all
      if (this.fl[j] === BREAK || j === i + 1) continue;
      const first = i + 1;
      const last = this.lastVisible(first, j);
      if (last < 0 || this.isSpaceUnit(first) || this.isSpaceUnit(last)) continue;
      if (marker === 94 && j === i + 2 && FACE_CHARS.includes(String.fromCharCode(this.ch[i + 1]!)) && (i === lo || isWhite(prev))) {
        i = j; // a face such as ^_^ or ^o^
        continue;
      }
      this.fl[i] = HIDDEN;
      this.fl[j] = HIDDEN;
      for (let k = first; k < j; k++) this.mk[k]! |= bit;
      i = j;
    }
  }

  private isSpaceUnit(i: number): boolean {
    return (this.fl[i] === PLAIN || this.fl[i] === ESC || this.fl[i] === LIT) && isWhite(this.ch[i]!);
  }

  private lastVisible(a: number, b: number): number {
    let last = -1;
    for (let k = a; k < b; k = this.step(k)) if (this.fl[k] !== HIDDEN) last = k;
    return last;
  }

  /**
   * §10.2 emphasis, regex-like and in the reference's order: `***x***`, `**x**`, `*x*` (no flanking rules
   * for `*`: lone asterisks pair across a paragraph), then the same with `_` at word boundaries only
   * (CJK letters are not word characters); a `__` that fails to make bold never degrades to italic.
   */
  private passEmphasis(lo: number, hi: number): void {
    for (const [c, L, bits] of EMPHASIS_ORDER) {
      for (let i = lo; i + 2 * L < hi + 1; i = this.step(i)) {
        if (!this.delims(i, c, L, hi)) continue;
        if (c === 95 && !this.underscoreOpens(i, L, lo, hi)) continue;
        let found = -1;
        // Content must hold something besides the delimiter character (`***` alone stays text, §5.8);
        // tracked incrementally so the scan stays linear.
        let content = false;
        for (let k = i + L; k + L <= hi; k = this.step(k)) {
          if (content && this.fl[k] !== ATOM && this.delims(k, c, L, hi) && (c !== 95 || this.underscoreCloses(k, L, lo, hi))) {
            found = k;
            break;
          }
          if (this.fl[k] !== HIDDEN && !this.isPlain(k, c)) content = true;
        }
        // No closer after this opener means none after any later opener either (closers do not depend
        // on the opener): stop, which keeps the pass linear on long unmatched runs.
        if (found < 0) break;
        for (let d = 0; d < L; d++) {
          this.fl[i + d] = HIDDEN;
          this.fl[found + d] = HIDDEN;
        }
        for (let m = i + L; m < found; m++) this.mk[m]! |= bits;
        i = found + L - 1;
      }
    }
  }

  /** L PLAIN delimiter characters at i (for `_` with L = 1 or 2: not part of a longer run, §10.2). */
  private delims(i: number, c: number, L: number, hi: number): boolean {
    if (i + L > hi) return false;
    for (let d = 0; d < L; d++) if (!this.isPlain(i + d, c)) return false;
    if (c === 95) {
      if (i > 0 && this.isPlain(i - 1, 95)) return false;
      if (i + L < hi && this.isPlain(i + L, 95)) return false;
    }
    return true;
  }

  private underscoreOpens(i: number, L: number, lo: number, hi: number): boolean {
    const before = i > lo ? this.ch[i - 1]! : 32;
    const after = i + L < hi ? this.ch[i + L]! : 32;
    return !isWordChar(before) && !isWhite(after);
  }

  private underscoreCloses(k: number, L: number, lo: number, hi: number): boolean {
    const before = k > lo ? this.ch[k - 1]! : 32;
    const after = k + L < hi ? this.ch[k + L]! : 32;
    return !isWhite(before) && !isWordChar(after);
  }

  /** §16: a point mark between two spaces takes one of them (a line of marks only adds no space). */
  collapseAroundInvisible(): void {
    const n = this.length;
    for (let i = 0; i < n; i = this.step(i)) {
      if (this.fl[i] !== ATOM || !this.atoms.get(i)!.invisible) continue;
      const a = i;
      let b = this.atoms.get(i)!.end;
      // Extend over neighbouring invisible atoms.
      while (b < n && this.fl[b] === ATOM && this.atoms.get(b)!.invisible) b = this.atoms.get(b)!.end;
      let p = a - 1;
      while (p >= 0 && this.fl[p] === HIDDEN) p--;
      let q = b;
      while (q < n && this.fl[q] === HIDDEN) q++;
      const spaceBefore = p < 0 || this.isSpaceUnit(p);
      const spaceAfter = q >= n || this.isSpaceUnit(q);
      if (spaceBefore && spaceAfter) {
        if (q < n) this.fl[q] = HIDDEN;
        else if (p >= 0) this.fl[p] = HIDDEN;
      }
      i = b - 1;
    }
  }

  // ------------------------------------------------------------------ emit

  emit(lo: number, hi: number): Inline[] {
    const out: Inline[] = [];
    let codes: number[] = [];
    // A text's offsets are materialised only once one breaks the run `from, from + 1, …`
    // (nearly every text is contiguous and keeps no offsets): null while they follow it.
    let offsList: number[] | null = null;
    let mask = -1;
    let first = -1;
    let last = -1;
    /** A replaced character (text differs from source) always needs explicit offsets. */
    let replaced = false;
    const flush = (): void => {
      if (!codes.length) return;
      const from = this.uFrom[first]!;
      const to = this.uTo[last]!;
      const contiguous = offsList === null && !replaced && to === from + codes.length;
      const text = codesToString(codes);
      const t: TextInline = { kind: 'text', text, marks: marksOf(mask), range: this.env.src.range(from, to) };
      if (!contiguous) t.offsets = offsList ?? codes.map((_, k) => from + k);
      out.push(t);
      codes = [];
      offsList = null;
      mask = -1;
      replaced = false;
    };
    for (let i = lo; i < hi; i++) {
      const f = this.fl[i];
      if (f === HIDDEN || f === COVER) continue;
      if (f === ATOM) {
        flush();
        const atom = this.atoms.get(i)!;
        out.push(...addMarks(atom.inlines, this.mk[i]!));
        i = atom.end - 1;
        continue;
      }
      if (f === BREAK) {
        flush();
        const prev = out[out.length - 1];
        if (out.length && prev?.kind !== 'hardBreak') out.push({ kind: 'hardBreak', range: this.range(i, i + 1) });
        continue;
      }
      if (mask !== this.mk[i]) {
        flush();
        mask = this.mk[i]!;
        first = i;
      }
      if (f === LIT) replaced = true;
      const offset = this.off[i]!;
      if (offsList !== null) offsList.push(offset);
      else if (offset !== this.uFrom[first]! + codes.length) {
        // The first unit off the run: the ones before it were exactly from, from + 1, ….
        offsList = codes.map((_, k) => this.uFrom[first]! + k);
        offsList.push(offset);
      }
      codes.push(this.ch[i]!);
      last = i;
    }
    flush();
    // A break with nothing after it in this run prints nothing.
    while (out.length && out[out.length - 1]!.kind === 'hardBreak') out.pop();
    return out;
  }
}

const FOOTNOTE_ID_CHAR = /[\p{L}\p{N}_.:-]/u;
const CITE_KEY_CHAR = /[\p{L}\p{N}_:.#$%&+?<>~/-]/u;
const FACE_CHARS = '_oO0-.xXvV^~';
const EMPHASIS_ORDER: [number, number, number][] = [
  [42, 3, BIT.strong | BIT.emphasis],
  [42, 2, BIT.strong],
  [42, 1, BIT.emphasis],
  [95, 3, BIT.strong | BIT.emphasis],
  [95, 2, BIT.strong],
  [95, 1, BIT.emphasis],
];

function findBacktickRun(text: string, from: number, L: number): number {
  for (let k = from; k < text.length; k++) {
    if (text.charCodeAt(k) !== 96) continue;
    let e = k;
    while (e < text.length && text.charCodeAt(e) === 96) e++;
    if (e - k === L) return k;
    k = e;
  }
  return -1;
}

function codesToString(codes: ArrayLike<number> & Iterable<number> & { slice(from: number, to: number): ArrayLike<number> & Iterable<number> }): string {
  if (codes.length < 8192) return String.fromCharCode(...codes);
  let s = '';
  for (let k = 0; k < codes.length; k += 8192) s += String.fromCharCode(...codes.slice(k, k + 8192));
  return s;
}

function indexTerm(attrs: Attributes, text: string): string {
  let term = attrs.term ?? text.trim();
  if (term && attrs.sub) term = `${term}!${attrs.sub}`;
  return term;
}

function textInline(text: string, offs: number[], marks: Mark[], src: SourceText): TextInline {
  const from = offs[0]!;
  const to = offs[offs.length - 1]! + 1;
  const t: TextInline = { kind: 'text', text, marks, range: src.range(from, to) };
  let contiguous = to - from === text.length;
  for (let k = 0; contiguous && k < offs.length; k++) if (offs[k] !== from + k) contiguous = false;
  if (!contiguous) t.offsets = offs;
  return t;
}

/** Adds the marks in `mask` to every marked leaf of `inlines` (recursively), keeping mark order canonical. */
function addMarks(inlines: Inline[], mask: number): Inline[] {
  if (!mask) return inlines;
  // Filled by push, as the parser's arrays are (`map` gives holey elements: another hidden class).
  const marked: Inline[] = [];
  for (const inl of inlines) marked.push(withMarks(inl, mask));
  return marked;
}

/** One inline of `addMarks` with the marks in `mask` added (its leaves' too). */
function withMarks(inl: Inline, mask: number): Inline {
  switch (inl.kind) {
    case 'text':
    case 'footnoteRef':
    case 'ref':
    case 'math':
    case 'citation':
      return rebuiltInline(inl, inl.range, marksOf(maskOf(inl.marks) | mask), undefined, inl.kind === 'text' ? inl.offsets : undefined);
    case 'link':
    case 'chip':
    case 'directive':
      return rebuiltInline(inl, inl.range, NO_MARKS, addMarks(inl.children, mask), undefined);
    case 'anchor':
    case 'indexMark':
      return inl.children ? rebuiltInline(inl, inl.range, NO_MARKS, addMarks(inl.children, mask), undefined) : inl;
    default:
      return inl;
  }
}

/** Marks of an inline whose kind carries none (read by no one: `rebuiltInline` ignores them). */
export const NO_MARKS: readonly Mark[] = [];

/**
 * `inline` written anew with the parser's literal for its kind, its fields in that literal's
 * order (a text's `offsets` added after it, as `emit` adds them): `range`, `marks` (kinds that carry
 * marks), `children` (kinds that hold children; absent for a childless anchor or index mark) and a
 * text's `offsets` replaced, every other field shared. A spread copy (`{ ...inline, marks }`) may
 * get a map of its own from V8 rather than the literal's, and every optimised reader of inlines is
 * then thrown back to the interpreter by the first such copy it meets ("wrong map"): marked atoms
 * here, inlines moved by an edit above them in inline-memo.ts.
 */
export function rebuiltInline(inline: Inline, range: SourceRange, marks: readonly Mark[], children: Inline[] | undefined, offsets: number[] | undefined): Inline {
  const kept = marks as Mark[];
  switch (inline.kind) {
    case 'text': {
      const t: TextInline = { kind: 'text', text: inline.text, marks: kept, range };
      if (offsets) t.offsets = offsets;
      return t;
    }
    case 'hardBreak':
      return { kind: 'hardBreak', range };
    case 'link':
      return { kind: 'link', href: inline.href, ...(inline.title !== undefined ? { title: inline.title } : {}), children: children!, range };
    case 'footnoteRef':
      return { kind: 'footnoteRef', noteId: inline.noteId, marks: kept, range };
    case 'ref':
      return { kind: 'ref', form: inline.form, target: inline.target, attrs: inline.attrs, marks: kept, range };
    case 'anchor':
      return children ? { kind: 'anchor', anchorId: inline.anchorId, children, range } : { kind: 'anchor', anchorId: inline.anchorId, range };
    case 'indexMark':
      return children ? { kind: 'indexMark', term: inline.term, attrs: inline.attrs, children, range } : { kind: 'indexMark', term: inline.term, attrs: inline.attrs, range };
    case 'math':
      return { kind: 'math', tex: inline.tex, marks: kept, range };
    case 'chip':
      return { kind: 'chip', attrs: inline.attrs, children: children!, range };
    case 'swatch':
      return { kind: 'swatch', attrs: inline.attrs, range };
    case 'tab':
      return { kind: 'tab', attrs: inline.attrs, range };
    case 'citation':
      return { kind: 'citation', mode: inline.mode, items: inline.items, raw: inline.raw, marks: kept, range };
    case 'directive':
      return inline.compact
        ? { kind: 'directive', name: inline.name, attrs: inline.attrs, children: children!, compact: true, range }
        : { kind: 'directive', name: inline.name, attrs: inline.attrs, children: children!, range };
  }
}

function maskOf(marks: Mark[]): number {
  let m = 0;
  for (const k of marks) m |= BIT[k];
  return m;
}

/** Plain text of inlines (marks stripped, breaks as spaces, invisible marks nothing). */
export function plainTextOf(inlines: Inline[]): string {
  let s = '';
  for (const inl of inlines) {
    switch (inl.kind) {
      case 'text':
        s += inl.text;
        break;
      case 'hardBreak':
        s += ' ';
        break;
      case 'math':
        s += inl.tex;
        break;
      case 'citation':
        s += inl.raw;
        break;
      case 'directive':
        // A warichu note reads plainly in its written brackets (running heads, designs: document-format §18.4).
        if (inl.name === 'warichu') s += (inl.attrs['open'] ?? '') + plainTextOf(inl.children) + (inl.attrs['close'] ?? '');
        else s += plainTextOf(inl.children);
        break;
      case 'link':
      case 'chip':
        s += plainTextOf(inl.children);
        break;
      case 'anchor':
      case 'indexMark':
        if (inl.children) s += plainTextOf(inl.children);
        break;
      default:
        break;
    }
  }
  return s;
}

/**
 * Every character that can start inline markup: escapes and code (`build`), directives, index
 * marks and anchors (`:` `[`), links, notes and images (`[` `!`), citations (`@`), LaTeX refs
 * (`\`), compact ruby (`{`), maths (`$`), scripts (`^` `~`), emphasis (`*` `_`) and the
 * full-width `［＾` and `＊＊` warnings. A block with none of them and no hard break is one
 * unmarked text: the passes would find nothing.
 */
const MARKUP_START = /[:[!\\@{$^~*_`\uff3b\uff0a]/;

/** Parses the joined text of one block into inlines. Never throws on any input. */
export function parseInlines(joined: JoinedText, env: InlineEnv): Inline[] {
  if (joined.text.length === 0) return [];
  if (joined.breaks.size === 0 && !MARKUP_START.test(joined.text)) return [plainTextInline(joined, env)];
  return parseInlinesWithPasses(joined, env);
}

/**
 * A block of plain text as the passes would emit it: one text with no marks; explicit offsets
 * when its units do not run on from the first (several source lines) or one is a join space.
 */
function plainTextInline(joined: JoinedText, env: InlineEnv): TextInline {
  const text = joined.text;
  const from = joined.firstOffset;
  const to = joined.finalOffset + 1;
  const t: TextInline = { kind: 'text', text, marks: marksOf(0), range: env.src.range(from, to) };
  const contiguous = joined.segments.length === 2 && joined.synthetic.size === 0;
  if (!contiguous) t.offsets = [...joined.offs];
  return t;
}

/** The full inline parser: build the units, run every pass, emit. Exported for the fast path's test. */
export function parseInlinesWithPasses(joined: JoinedText, env: InlineEnv): Inline[] {
  if (joined.text.length === 0) return [];
  const p = new InlineParser(joined, env);
  p.build();
  p.run(0, 0, p.length);
  p.collapseAroundInvisible();
  const full = joined.text.indexOf('＊＊');
  if (full >= 0) env.diags.add('fullwidthMarkup', 'Full-width `＊＊` is not bold markup (type `**`).', joined.offs[full]!, joined.offs[full + 1]! + 1, 'warning', '**');
  return p.emit(0, p.length);
}
