/**
 * TeX source → what MathJax typesets, plus the numbering marks we handle ourselves.
 *
 * Equation numbers are ours, not MathJax's (document-format §11): they are counted book-wide in
 * reading order, formatted by `math.equationNumbering` and set flush at the column edge. So
 * `\label`, `\tag`, `\tag*`, `\nonumber` and `\notag` are taken out of the source and
 * remembered with the row they belong to; `\ref`/`\eqref` inside a formula become the number
 * as text (no link, §11).
 */

export interface RowMark {
  /** 0-based row of the display's top-level table (0 when it has none). */
  row: number;
}

export interface PreparedTex {
  /** The source MathJax sees. */
  tex: string;
  labels: (RowMark & { label: string })[];
  tags: (RowMark & { text: string; star: boolean })[];
}

/** What `\ref{x}` (eq false) or `\eqref{x}` (eq true) prints inside a formula. */
export type RefResolver = (label: string, eq: boolean) => string;

/** Environments whose `\\` separate numbered rows (amsmath's display environments). */
const ROW_ENVS = new Set(['align', 'align*', 'gather', 'gather*', 'alignat', 'alignat*', 'flalign', 'flalign*', 'eqnarray', 'eqnarray*', 'multline', 'multline*']);

export function prepareTex(source: string, resolve: RefResolver): PreparedTex {
  const labels: PreparedTex['labels'] = [];
  const tags: PreparedTex['tags'] = [];
  let out = '';
  let row = 0;
  /** Environment nesting; rows count only directly inside a top-level row environment. */
  const envs: string[] = [];
  let braces = 0;
  let rowBraces = -1;
  const re = /\\(label|tag\*?|eqref|ref)\s*\{([^{}]*)\}|\\(nonumber|notag)(?![a-zA-Z])|\\(begin|end)\s*\{([^{}]*)\}|\\\\|\\.|[{}]/g;
  let last = 0;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    out += source.slice(last, m.index);
    last = re.lastIndex;
    const token = m[0];
    if (m[1]) {
      const name = m[1];
      const arg = m[2]!.trim();
      if (name === 'label') labels.push({ label: arg, row });
      else if (name === 'tag' || name === 'tag*') tags.push({ text: arg, star: name === 'tag*', row });
      else out += `\\text{${textSafe(resolve(arg, name === 'eqref'))}}`;
    } else if (m[3]) {
      // \nonumber / \notag: the row stays unnumbered, which unlabelled rows are anyway.
    } else if (m[4]) {
      const env = m[5]!.trim();
      if (m[4] === 'begin') {
        if (envs.length === 0 && ROW_ENVS.has(env)) rowBraces = braces;
        envs.push(env);
      } else envs.pop();
      out += token;
    } else if (token === '\\\\') {
      if (envs.length === 1 && ROW_ENVS.has(envs[0]!) && braces === rowBraces) row++;
      out += token;
    } else {
      if (token === '{') braces++;
      else if (token === '}') braces = Math.max(0, braces - 1);
      out += token;
    }
  }
  out += source.slice(last);
  return { tex: out, labels, tags };
}

/** Characters that would break out of `\text{…}`. */
function textSafe(text: string): string {
  return text.replace(/[\\{}$%#&^_~]/g, '');
}
