/**
 * YAML front matter (document-format.md §4): an optional block between `---` lines at the very start.
 *
 * The reference reads it gray-matter style (js-yaml, YAML 1.1 rules): `017` is octal 15, `1:30` is
 * sexagesimal 90, dates are timestamps. We use the `yaml` package in 1.1 mode but keep only
 * `true`/`false` as booleans (js-yaml's set), so `title: No` stays the text "No".
 */
import { parse as parseYaml, YAMLError, type ScalarTag, type Tags } from 'yaml';
import type { Diagnostics, SourceText } from './lex';
import type { CalendarDay, Frontmatter, SourceRange } from './model';

export interface FrontmatterScan {
  /** Offset where the body starts (after the closing fence line). */
  bodyFrom: number;
  /** Index of the first body line. */
  bodyLine: number;
  range: SourceRange;
  rawFrom: number;
  raw: string;
}

const FENCE = /^---[ \t]*$/;

/** Finds a front-matter block at the very start (an optional BOM allowed); null when absent or unclosed. */
export function scanFrontmatter(text: SourceText): FrontmatterScan | null {
  const lines = text.lines;
  const first = lines[0];
  if (!first) return null;
  const firstText = first.text.charCodeAt(0) === 0xfeff ? first.text.slice(1) : first.text;
  if (!FENCE.test(firstText)) return null;
  for (let i = 1; i < lines.length; i++) {
    if (FENCE.test(lines[i]!.text)) {
      const rawFrom = lines[1]!.from;
      const rawTo = i > 1 ? lines[i - 1]!.end : rawFrom;
      return {
        bodyFrom: lines[i]!.next,
        bodyLine: i + 1,
        range: text.range(0, lines[i]!.end),
        rawFrom,
        raw: text.source.slice(rawFrom, rawTo),
      };
    }
  }
  return null;
}

const BOOL_TAG = 'tag:yaml.org,2002:bool';
/** YAML 1.1 tags with js-yaml's boolean set (only true/false spellings). */
function yaml11Tags(tags: Tags): Tags {
  return tags.map((tag) => {
    if (typeof tag === 'string' || tag.tag !== BOOL_TAG || !('test' in tag) || !(tag.test instanceof RegExp)) return tag;
    const isTrue = tag.test.test('true');
    const narrowed: ScalarTag = { ...(tag as ScalarTag), test: isTrue ? /^(?:true|True|TRUE)$/ : /^(?:false|False|FALSE)$/ };
    return narrowed;
  });
}

export function readFrontmatter(scan: FrontmatterScan, diags: Diagnostics): Frontmatter | undefined {
  let data: unknown;
  try {
    data = parseYaml(scan.raw, { version: '1.1', customTags: yaml11Tags, prettyErrors: false, uniqueKeys: false });
  } catch (e) {
    const message = e instanceof YAMLError ? e.message.split('\n')[0]! : 'unreadable YAML';
    diags.add('invalidFrontmatter', `Invalid front matter (${message}); the body is laid out without metadata.`, scan.range.from, scan.range.to);
    return undefined;
  }
  const metadata: Record<string, unknown> = data !== null && typeof data === 'object' && !Array.isArray(data) ? { ...(data as Record<string, unknown>) } : {};
  const fm: Frontmatter = { metadata, raw: scan.raw, range: scan.range };
  const title = textForm(metadata.title);
  if (title !== undefined) fm.title = title;
  const subtitle = textForm(metadata.subtitle);
  if (subtitle !== undefined) fm.subtitle = subtitle;
  const author = textForm(metadata.author);
  if (author !== undefined) fm.author = author;
  const pd = metadata.publishDate;
  if (pd instanceof Date && !Number.isNaN(pd.getTime())) {
    fm.publishDay = utcDay(pd);
    fm.publishDate = isoDay(fm.publishDay);
  } else {
    const t = textForm(pd);
    if (t !== undefined) fm.publishDate = t;
  }
  if (metadata.references !== undefined) fm.references = metadata.references;
  const nocite = textForm(metadata.nocite);
  if (nocite !== undefined) fm.nocite = nocite;
  return fm;
}

function utcDay(d: Date): CalendarDay {
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function isoDay(d: CalendarDay): string {
  const pad = (n: number, w: number): string => String(n).padStart(w, '0');
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

/**
 * §4: the printed fields are text whatever their YAML type: numbers in plain decimal, booleans
 * `true`/`false`, dates as a day, lists joined with commas; maps and empty values have no text form.
 */
export function textForm(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? plainDecimal(value) : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : isoDay(utcDay(value));
  if (Array.isArray(value)) {
    const parts = value.map(textForm).filter((p): p is string => p !== undefined);
    return parts.length ? parts.join(', ') : undefined;
  }
  return undefined;
}

/** Plain decimal without exponent (`1e21` → `1000000000000000000000`), locale-free. */
function plainDecimal(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  const [mant, expPart] = s.split(/e/i) as [string, string];
  const exp = Number(expPart);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const pointAt = (mant.replace('-', '').indexOf('.') + 1 || mant.replace('-', '').length + 1) - 1 + exp;
  let out: string;
  if (pointAt <= 0) out = `0.${'0'.repeat(-pointAt)}${digits}`;
  else if (pointAt >= digits.length) out = digits + '0'.repeat(pointAt - digits.length);
  else out = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return neg ? `-${out}` : out;
}
