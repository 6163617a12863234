/**
 * Lexical layer (document-format.md §2): the line table, source positions, character classes and the
 * diagnostic sink shared by every phase. Pure; no DOM, no clock, no locale.
 */
import type { Diagnostic, Severity, SourceRange } from './model';

/** One physical source line. `end` excludes the line terminator (`\n`, `\r\n` or a lone `\r`). */
export interface Line {
  /** 0-based line index. */
  index: number;
  from: number;
  end: number;
  /** Offset just past the terminator (= `end` on the last line). */
  next: number;
  text: string;
}

export class SourceText {
  readonly lines: Line[] = [];
  private readonly starts: number[] = [];

  constructor(readonly source: string) {
    let from = 0;
    const n = source.length;
    if (source.indexOf('\r') < 0) {
      // Only `\n` ends a line (nearly every source): found by indexOf, far quicker than a loop over
      // every unit, which was ~1 ms of each keystroke in a long chapter (the chapter edited is read anew).
      for (let end = source.indexOf('\n'); ; end = source.indexOf('\n', from)) {
        const last = end < 0;
        const stop = last ? n : end;
        this.starts.push(from);
        this.lines.push({ index: this.lines.length, from, end: stop, next: last ? n : end + 1, text: source.slice(from, stop) });
        if (last) return;
        from = end + 1;
      }
    }
    for (let i = 0; i <= n; i++) {
      const c = i < n ? source.charCodeAt(i) : -1;
      if (c === 10 || c === 13 || c === -1) {
        let next = i;
        if (c === 13 && i + 1 < n && source.charCodeAt(i + 1) === 10) next = i + 2;
        else if (c !== -1) next = i + 1;
        this.starts.push(from);
        this.lines.push({ index: this.lines.length, from, end: i, next, text: source.slice(from, i) });
        if (c === -1) break;
        i = next - 1;
        from = next;
      }
    }
  }

  /** 0-based line index holding `offset` (binary search). */
  lineIndexAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  range(from: number, to: number): SourceRange {
    const li = this.lineIndexAt(from);
    return { from, to, line: li + 1, column: from - this.starts[li]! + 1 };
  }
}

export class Diagnostics {
  readonly list: Diagnostic[] = [];
  constructor(
    private readonly text: SourceText,
    private readonly chapterId: string,
  ) {}

  add(kind: string, message: string, from: number, to: number, severity: Severity = 'warning', ascii?: string): void {
    const r = this.text.range(from, to);
    const d: Diagnostic = { kind, message, chapterId: this.chapterId, line: r.line, column: r.column, from, to, severity };
    if (ascii !== undefined) d.ascii = ascii;
    this.list.push(d);
  }
}

export const isSpace = (c: number): boolean => c === 32 || c === 9;
/** Any Unicode whitespace we treat as a word separator (not the no-break glue characters of §2.4). */
export const isWhite = (c: number): boolean =>
  c === 32 || c === 9 || c === 10 || c === 13 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a && c !== 0x2007);

/** Trims ASCII spaces/tabs; returns [start, end) inside `s`. */
export function trimBounds(s: string): [number, number] {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s.charCodeAt(a))) a++;
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--;
  return [a, b];
}

/**
 * Han ideographs, kana, bopomofo, CJK symbols and full-width forms: the "Chinese/Japanese characters"
 * of §2.1 CJK joining. Hangul is deliberately absent (Korean keeps the space).
 */
export function isCJK(c: number): boolean {
  return (
    (c >= 0x3000 && c <= 0x30ff) || // CJK symbols & punctuation, hiragana, katakana
    (c >= 0x3100 && c <= 0x312f) || // bopomofo
    (c >= 0x31a0 && c <= 0x31ff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xffef) ||
    (c >= 0xd840 && c <= 0xd87f) // surrogate lead of CJK extension planes (approximation per code unit)
  );
}

/** Curly quotes, dashes, ellipsis: CJK only when a neighbouring character is (§2.1). */
export function isAmbiguousPunct(c: number): boolean {
  return c === 0x2018 || c === 0x2019 || c === 0x201c || c === 0x201d || c === 0x2014 || c === 0x2013 || c === 0x2026 || c === 0x2025;
}

/** Han, kana or bopomofo (compact ruby bases, §18.4). */
export function isHanKana(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3100 && c <= 0x312f) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xd840 && c <= 0xd87f);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Word character for `_` flanking (§10.2): letters and digits, but CJK letters do not count. */
export function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  if (isCJK(c)) return false;
  if (c >= 0xd800 && c <= 0xdfff) return true;
  return LETTER_OR_DIGIT.test(String.fromCharCode(c));
}

export const isAsciiDigit = (c: number): boolean => c >= 48 && c <= 57;
