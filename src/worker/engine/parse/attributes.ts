/**
 * The shared attribute grammar (document-format.md §3), used by heading attribute blocks, `:::` fences,
 * inline directives and code-fence info strings.
 *
 * Input is the text BETWEEN the braces (the caller cuts at the first `}`; braces never occur in values).
 * No escapes: a backslash is an ordinary character.
 */
import type { Attributes } from './model';

export interface AttributeProblem {
  /** Offset inside the input text. */
  at: number;
  length: number;
  token: string;
}

export interface AttributeParse {
  attrs: Attributes;
  /** True when every token was understood (non-ASCII keys count as understood: ignored + warned). */
  ok: boolean;
  /** Number of tokens read (keys, flags, `#id`). */
  count: number;
  /** Non-ASCII keys (ignored, `attributeKeyInvalid`, the others still apply). */
  invalidKeys: AttributeProblem[];
  /** Tokens the grammar cannot read (commas, `.class`, `{1}`…). */
  junk: AttributeProblem[];
}

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** §3 Ids: letters, digits, `-`, `_`, `.`, `:`. */
export const ID_CHARS = /^[\p{L}\p{N}_.:-]+$/u;
const OPEN_TO_CLOSE: Record<string, string> = { '"': '"', "'": "'", '“': '”', '「': '」' };

const isWs = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\u3000';
const isEq = (ch: string): boolean => ch === '=' || ch === '＝';

export function parseAttributes(text: string): AttributeParse {
  const attrs: Attributes = {};
  const invalidKeys: AttributeProblem[] = [];
  const junk: AttributeProblem[] = [];
  let count = 0;
  let i = 0;
  const n = text.length;
  const skipWs = (): void => {
    while (i < n && isWs(text[i]!)) i++;
  };
  /** Reads up to whitespace; used to report one junk token. */
  const junkToken = (start: number): void => {
    let j = start;
    while (j < n && !isWs(text[j]!)) j++;
    junk.push({ at: start, length: j - start, token: text.slice(start, j) });
    i = j;
  };
  while (true) {
    skipWs();
    if (i >= n) break;
    const start = i;
    if (text[i] === '#') {
      // Pandoc `#id` shorthand.
      let j = i + 1;
      while (j < n && !isWs(text[j]!)) j++;
      const id = text.slice(i + 1, j);
      if (id && ID_CHARS.test(id)) {
        attrs.id = id;
        count++;
        i = j;
      } else junkToken(start);
      continue;
    }
    // Key: everything up to whitespace, `=`, or a quote.
    let j = i;
    while (j < n && !isWs(text[j]!) && !isEq(text[j]!) && !(text[j]! in OPEN_TO_CLOSE)) j++;
    const key = text.slice(i, j);
    if (!key) {
      junkToken(start);
      continue;
    }
    i = j;
    // Optional `=` with spaces around it.
    let k = i;
    while (k < n && isWs(text[k]!)) k++;
    let value: string | null = null;
    if (k < n && isEq(text[k]!)) {
      i = k + 1;
      skipWs();
      if (i >= n) {
        junkToken(start);
        continue;
      }
      const open = text[i]!;
      const close = OPEN_TO_CLOSE[open];
      if (close) {
        const end = text.indexOf(close, i + 1);
        if (end < 0) {
          junk.push({ at: start, length: n - start, token: text.slice(start) });
          i = n;
          continue;
        }
        value = text.slice(i + 1, end);
        i = end + 1;
        // A quoted value must be followed by whitespace or the end (`"1",` is junk).
        if (i < n && !isWs(text[i]!)) {
          junkToken(start);
          continue;
        }
      } else {
        let e = i;
        while (e < n && !isWs(text[e]!)) e++;
        value = text.slice(i, e);
        i = e;
      }
    } else if (j < n && text[j]! in OPEN_TO_CLOSE) {
      // A quote glued to a key without `=`.
      junkToken(start);
      continue;
    }
    if (KEY.test(key)) {
      attrs[key] = value ?? '';
      count++;
    } else if (/[^\x00-\x7f]/.test(key) && /^[^\x00-\x2c\x2e\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f]+$/.test(key)) {
      // Non-ASCII key (letters outside ASCII, possibly mixed with ASCII letters/digits/_/-): ignored.
      invalidKeys.push({ at: start, length: i - start, token: key });
      count++;
    } else {
      junk.push({ at: start, length: i - start, token: text.slice(start, i) });
    }
  }
  return { attrs, ok: junk.length === 0, count, invalidKeys, junk };
}

/** `true`/`false` (`yes`/`no`/`1`/`0`) of heading `toc`/`hidden` (§5.1); undefined when not a boolean. */
export function attrBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.toLowerCase();
  if (v === '' || v === 'true' || v === 'yes' || v === '1') return true;
  if (v === 'false' || v === 'no' || v === '0') return false;
  return undefined;
}
