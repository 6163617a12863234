/**
 * Syntax highlighting of code listings (configuration.md §13.3 `highlight: 'builtin'`,
 * `tokens.<kind>`): a small tokenizer of our own for the languages books show most — JavaScript
 * and TypeScript, Python, shell and console sessions (prompt and output lines), JSON, CSS and
 * HTML/XML. No grammar package for these is installed (only `@lezer/highlight`, which has no
 * parsers), and the engine must stay pure and DOM-free, so this is a lexer, not a parser: it
 * knows comments, strings, numbers, keywords, type-like and called names, decorators, variables
 * and tags, and carries block comments and multi-line strings from line to line. Unknown
 * languages get no tokens (set in the code colour).
 */

export type TokenKind = 'keyword' | 'string' | 'number' | 'comment' | 'function' | 'type' | 'operator' | 'punctuation' | 'variable' | 'meta' | 'prompt' | 'output';

/** A token of one source line: UTF-16 offsets in the line, [from, to). */
export interface Token {
  from: number;
  to: number;
  kind: TokenKind;
}

/** What a token kind looks like; `colour` absent = the code colour (§13.3: operator, punctuation). */
export interface TokenLook {
  colour?: string;
  italic?: boolean;
  bold?: boolean;
}
export type TokenColours = Partial<Record<TokenKind, TokenLook>>;

/** The §13.3 defaults. */
export const DEFAULT_TOKEN_COLOURS: TokenColours = {
  keyword: { colour: '#8b2c8f' },
  string: { colour: '#3d7a2a' },
  number: { colour: '#985f00' },
  comment: { colour: '#7a7f87', italic: true },
  function: { colour: '#2b5fb4' },
  type: { colour: '#99540a' },
  operator: {},
  punctuation: {},
  variable: { colour: '#b23b2e' },
  meta: { colour: '#985f00' },
  prompt: { bold: true },
  output: { colour: '#5c6168' },
};

/** Where a line starts inside a construct that spans lines. */
type Carry = null | { kind: 'comment'; close: string } | { kind: 'string'; close: string };

interface Language {
  lineComment: readonly string[];
  block?: readonly [string, string];
  /** Quote characters; `multi`: quotes whose strings may span lines (template literals, triple quotes). */
  quotes: readonly string[];
  multi?: readonly string[];
  keywords: ReadonlySet<string>;
  types?: ReadonlySet<string>;
  /** Capitalised names read as types (JS/TS classes, Python classes). */
  capitalTypes?: boolean;
  /** `@name` decorators are meta. */
  decorators?: boolean;
  /** `$name`, `${…}` are variables. */
  dollarVariables?: boolean;
  /** `--flag` and `-x` options are not operators but left plain (shell). */
  shell?: boolean;
}

const words = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

const JS: Language = {
  lineComment: ['//'],
  block: ['/*', '*/'],
  quotes: ['"', "'", '`'],
  multi: ['`'],
  keywords: words(
    'abstract as async await break case catch class const continue debugger declare default delete do else enum export extends false finally for from function get if implements import in instanceof interface keyof let new null of private protected public readonly return satisfies set static super switch this throw true try type typeof undefined var void while with yield',
  ),
  types: words('string number boolean bigint symbol object any unknown never void'),
  capitalTypes: true,
  decorators: true,
};

const PYTHON: Language = {
  lineComment: ['#'],
  quotes: ['"', "'"],
  multi: ['"""', "'''"],
  keywords: words('and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield match case self'),
  types: words('int float str bool bytes list dict set tuple object type complex frozenset'),
  capitalTypes: true,
  decorators: true,
};

const SHELL: Language = {
  lineComment: ['#'],
  quotes: ['"', "'"],
  keywords: words('if then else elif fi for while until do done case esac in function return exit export local readonly unset shift break continue select time'),
  types: words('echo cd ls cp mv rm mkdir rmdir cat grep sed awk find sudo git npm npx node rsync curl wget tar chmod chown source alias printf read test kill ssh'),
  dollarVariables: true,
  shell: true,
};

const JSON_LANG: Language = { lineComment: [], quotes: ['"'], keywords: words('true false null') };

const CSS: Language = { lineComment: [], block: ['/*', '*/'], quotes: ['"', "'"], keywords: words('!important inherit initial unset none auto') };

const LANGUAGES: Record<string, Language | 'console' | 'html'> = {
  js: JS, javascript: JS, jsx: JS, mjs: JS, cjs: JS, ts: JS, typescript: JS, tsx: JS,
  py: PYTHON, python: PYTHON, python3: PYTHON,
  sh: SHELL, bash: SHELL, shell: SHELL, zsh: SHELL,
  console: 'console', 'shell-session': 'console', terminal: 'console',
  json: JSON_LANG, jsonc: JSON_LANG,
  css: CSS,
  html: 'html', xml: 'html', svg: 'html', xhtml: 'html',
};

/** Whether `lang` (a fence's first word) has a built-in tokenizer. */
export function knownLanguage(lang: string): boolean {
  return LANGUAGES[lang.toLowerCase()] !== undefined;
}

/** Tokens of every line of a listing in `lang` (carrying block comments and multi-line strings); empty lists for unknown languages. */
export function tokenizeListing(lang: string, lines: readonly string[]): Token[][] {
  const language = LANGUAGES[lang.toLowerCase()];
  if (!language) return lines.map(() => []);
  if (language === 'console') return lines.map(consoleLine);
  if (language === 'html') {
    let carry: Carry = null;
    return lines.map((line) => {
      const out = htmlLine(line, carry);
      carry = out.carry;
      return out.tokens;
    });
  }
  let carry: Carry = null;
  return lines.map((line) => {
    const out = scanLine(line, language, carry);
    carry = out.carry;
    return out.tokens;
  });
}

const IDENT = /[A-Za-z_$][\w$]*/y;
const NUMBER = /(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?n?)/y;
const OPERATORS = '+-*/%=<>!&|^~?:';
const PUNCTUATION = '()[]{},;.';

function scanLine(line: string, lang: Language, carry: Carry): { tokens: Token[]; carry: Carry } {
  const tokens: Token[] = [];
  const push = (from: number, to: number, kind: TokenKind): void => {
    if (to > from) tokens.push({ from, to, kind });
  };
  let i = 0;
  // Go on with what the line above left open.
  if (carry) {
    const end = line.indexOf(carry.close);
    if (end < 0) {
      push(0, line.length, carry.kind);
      return { tokens, carry };
    }
    push(0, end + carry.close.length, carry.kind);
    i = end + carry.close.length;
    carry = null;
  }
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === ' ' || ch === '\t') {
      i++;
      continue;
    }
    // Comments: to the line's end, or a block to its close (maybe on a later line). A shell `#` only starts one after a space.
    const lineComment = lang.lineComment.find((c) => line.startsWith(c, i) && (!lang.shell || i === 0 || /\s/.test(line[i - 1]!)));
    if (lineComment) {
      push(i, line.length, line.startsWith('#!', i) && i === 0 ? 'meta' : 'comment');
      break;
    }
    if (lang.block && line.startsWith(lang.block[0], i)) {
      const end = line.indexOf(lang.block[1], i + lang.block[0].length);
      if (end < 0) {
        push(i, line.length, 'comment');
        return { tokens, carry: { kind: 'comment', close: lang.block[1] } };
      }
      push(i, end + lang.block[1].length, 'comment');
      i = end + lang.block[1].length;
      continue;
    }
    // Strings: multi-line openers first (triple quotes before single ones).
    const multi = (lang.multi ?? []).find((q) => line.startsWith(q, i));
    const quote = multi ?? lang.quotes.find((q) => line.startsWith(q, i));
    if (quote) {
      // A Python string prefix (f, r, b) right before the quote belongs to it.
      let from = i;
      const prefix = lang === PYTHON ? /(?:^|[^\w$])([rRbBfFuU]{1,2})$/.exec(line.slice(0, i)) : null;
      if (prefix) {
        from = i - prefix[1]!.length;
        while (tokens.length > 0 && tokens[tokens.length - 1]!.to > from) tokens.pop();
      }
      let j = i + quote.length;
      let closed = false;
      while (j < line.length) {
        if (line[j] === '\\') {
          j += 2;
          continue;
        }
        if (line.startsWith(quote, j)) {
          j += quote.length;
          closed = true;
          break;
        }
        if (lang.dollarVariables && line.startsWith('$', j) && quote === '"') {
          // "…$HOME…": the variable inside a double-quoted shell string keeps its own colour.
          const v = /\$(?:\{[^}]*\}|[A-Za-z_]\w*|[0-9@#?*!$-])/y;
          v.lastIndex = j;
          const m = v.exec(line);
          if (m) {
            push(from, j, 'string');
            push(j, j + m[0].length, 'variable');
            from = j + m[0].length;
            j = from;
            continue;
          }
        }
        j++;
      }
      j = Math.min(j, line.length);
      push(from, j, 'string');
      i = j;
      if (!closed && multi) return { tokens, carry: { kind: 'string', close: quote } };
      continue;
    }
    if (lang.dollarVariables && ch === '$') {
      const v = /\$(?:\{[^}]*\}|\([^)]*\)|[A-Za-z_]\w*|[0-9@#?*!$-])/y;
      v.lastIndex = i;
      const m = v.exec(line);
      if (m) {
        push(i, i + m[0].length, 'variable');
        i += m[0].length;
        continue;
      }
    }
    if (lang.decorators && ch === '@') {
      const m = /@[A-Za-z_][\w.]*/y;
      m.lastIndex = i;
      const found = m.exec(line);
      if (found) {
        push(i, i + found[0].length, 'meta');
        i += found[0].length;
        continue;
      }
    }
    if (/\d/.test(ch) || (ch === '.' && /\d/.test(line[i + 1] ?? ''))) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(line);
      if (m && m[0].length > 0 && !/[\w$]/.test(line[i - 1] ?? '')) {
        push(i, i + m[0].length, 'number');
        i += m[0].length;
        continue;
      }
    }
    if (/[A-Za-z_$]/.test(ch) || (lang.shell && ch === '-')) {
      if (lang.shell && ch === '-') {
        // An option (`-a`, `--delete`): plain text, as typed.
        const m = /-{1,2}[\w-]*/y;
        m.lastIndex = i;
        i += m.exec(line)?.[0].length || 1;
        continue;
      }
      IDENT.lastIndex = i;
      const word = IDENT.exec(line)![0];
      const end = i + word.length;
      const after = line.slice(end).match(/^\s*(.)/)?.[1];
      const previous = line.slice(0, i).match(/(\S)\s*$/)?.[1];
      let kind: TokenKind | null = null;
      if (lang.keywords.has(word)) kind = 'keyword';
      else if (lang.types?.has(word)) kind = lang.shell ? 'function' : 'type';
      // A called name (after a dot too: a method) is a function; a shell command word is one.
      else if (after === '(' || (lang.shell && (previous === undefined || previous === '|' || previous === ';' || previous === '&'))) kind = 'function';
      else if (lang.capitalTypes && /^[A-Z][a-z0-9]/.test(word)) kind = 'type';
      if (kind) push(i, end, kind);
      i = end;
      continue;
    }
    if (OPERATORS.includes(ch)) {
      let j = i + 1;
      while (j < line.length && OPERATORS.includes(line[j]!)) j++;
      push(i, j, 'operator');
      i = j;
      continue;
    }
    if (PUNCTUATION.includes(ch)) push(i, i + 1, 'punctuation');
    i++;
  }
  return { tokens, carry };
}

/**
 * A console session line (§13.3 `prompt` bold, `output` dimmed): a line opening with a prompt
 * (`$ `, `# `, `% `, `> `, `PS> ` or `user@host:~$ `) is the prompt and a shell command; any other line is output.
 */
function consoleLine(line: string): Token[] {
  const m = /^(\s*(?:[\w.-]+@[\w.-]+(?::[^$#\s]*)?)?[$#%>]\s|\s*PS[^>]*>\s)/.exec(line);
  if (!m) return line.length > 0 ? [{ from: 0, to: line.length, kind: 'output' }] : [];
  const prompt = m[0].trimEnd().length;
  const rest = scanLine(line.slice(m[0].length), SHELL, null).tokens.map((t) => ({ ...t, from: t.from + m[0].length, to: t.to + m[0].length }));
  return [{ from: 0, to: prompt, kind: 'prompt' }, ...rest];
}

/** HTML/XML: comments, tags (names as keywords), attribute names (variables) and values (strings); text between tags is plain. */
function htmlLine(line: string, carry: Carry): { tokens: Token[]; carry: Carry } {
  const tokens: Token[] = [];
  let i = 0;
  if (carry) {
    const end = line.indexOf(carry.close);
    if (end < 0) return { tokens: [{ from: 0, to: line.length, kind: carry.kind }], carry };
    tokens.push({ from: 0, to: end + carry.close.length, kind: carry.kind });
    i = end + carry.close.length;
  }
  while (i < line.length) {
    if (line.startsWith('<!--', i)) {
      const end = line.indexOf('-->', i + 4);
      if (end < 0) {
        tokens.push({ from: i, to: line.length, kind: 'comment' });
        return { tokens, carry: { kind: 'comment', close: '-->' } };
      }
      tokens.push({ from: i, to: end + 3, kind: 'comment' });
      i = end + 3;
      continue;
    }
    if (line[i] === '<') {
      const name = /<\/?[!?]?([\w:.-]*)/y;
      name.lastIndex = i;
      const m = name.exec(line)!;
      tokens.push({ from: i, to: i + m[0].length - m[1]!.length, kind: 'punctuation' });
      if (m[1]) tokens.push({ from: i + m[0].length - m[1].length, to: i + m[0].length, kind: line[i + 1] === '!' || line[i + 1] === '?' ? 'meta' : 'keyword' });
      i += m[0].length;
      // Attributes up to the tag's end on this line.
      while (i < line.length && line[i] !== '>') {
        const attr = /\s*([\w:.-]+)(\s*=\s*)?("[^"]*"?|'[^']*'?|[^\s>]+)?/y;
        attr.lastIndex = i;
        const a = attr.exec(line);
        if (!a || a[0].length === 0) {
          i++;
          continue;
        }
        const at = i + a[0].indexOf(a[1]!);
        tokens.push({ from: at, to: at + a[1]!.length, kind: 'variable' });
        if (a[3] && a[2]) tokens.push({ from: i + a[0].length - a[3].length, to: i + a[0].length, kind: 'string' });
        i += a[0].length;
      }
      continue;
    }
    if (line[i] === '>' || (line[i] === '/' && line[i + 1] === '>')) {
      const len = line[i] === '/' ? 2 : 1;
      tokens.push({ from: i, to: i + len, kind: 'punctuation' });
      i += len;
      continue;
    }
    if (line[i] === '&') {
      const m = /&#?\w+;/y;
      m.lastIndex = i;
      const e = m.exec(line);
      if (e) {
        tokens.push({ from: i, to: i + e[0].length, kind: 'meta' });
        i += e[0].length;
        continue;
      }
    }
    i++;
  }
  return { tokens, carry: null };
}
