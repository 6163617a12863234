/**
 * Cross-checks the catalogue against the contract: every backticked setting path of configuration.md resolves,
 * table defaults match the effective defaults, and every enum value of a path's type is accepted.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { effectiveAt, locate, parsePath, setConfig } from '../../../src/worker/config';
import { ROOT } from '../../../src/worker/config/catalogue';
import type { JsonValue } from '../../../src/worker/config';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const specFile = resolve(repoRoot, '../shared/spec/configuration.md');
// CI has the shared spec next to the repository: a missing file is a failure, not a skip.
const spec = readFileSync(specFile, 'utf8');

const TOP = new Set(Object.keys(ROOT.fields));

/**
 * Reviewed exclusions: code spans that look like paths but are not settings of this schema.
 * - CLI / warning-message forms the spec quotes as examples of *other* addressings (§0.3).
 * - Engine objects (`doc.*`, `block.*`) and shorthand names (`pdf`, `html`, `warnings`).
 */
const NOT_SETTINGS = new Set([
  'page.dpi=150',
  'headings.levels.0.italic=true',
  'headingStyles[2].layout.sideColumnPercent',
  'header.elements[2].color',
  'doc.config',
  'doc.configWarnings',
  'doc.warnings',
  'doc.contentWarnings',
  'block.balancing.levers',
  'placement.shrink',
  'placement.citingPage',
  'defaultPlacement.wrap',
  'htmlViewer.overrides', // a path, but its value is a partial config (checked as a path below)
]);

/** Concrete selectors for placeholders in the spec's list paths. */
function concretise(p: string): string {
  return p
    .replace(/\[level=N\]/g, '[level=2]')
    .replace(/^calloutStyles\[id=X\]/, 'calloutStyles[id=note]')
    .replace(/^chipStyles\[id=X\]/, 'chipStyles[id=chip]')
    .replace(/^resourceTypes\[id=X\]/, 'resourceTypes[id=figure]')
    .replace(/^colorPalette\[id=X\]/, 'colorPalette[id=main-color]')
    .replace(/^(header|footer)\.elements\[id=X\]/, '$1.elements[id=pageNumber]')
    .replace(/^header\.elements\[id=pageNumber\]/, 'header.elements[id=titleOdd]')
    .replace(/\[name=F\]/g, '[name=x]')
    .replace(/\[id=X\]|\[id=S\]|\[id\]/g, '[id=x]')
    .replace(/^headings\.levels\[\]/, 'headings.levels[level=2]')
    .replace(/^toc\.levels\[\]/, 'toc.levels[level=1]')
    .replace(/^calloutStyles\[\]/, 'calloutStyles[id=note]')
    .replace(/\[\]/g, '[id=x]')
    .replace(/\[i\]$/, '[0]')
    .replace(/\.\*(?=\.)/g, '')
    .replace(/\.\*$/, '')
    .replace(/…$/, '');
}

/** Prefixes of tables whose first column is written relative (`…hyphenation.enabled`). */
const ELLIPSIS: Record<string, string> = {
  '…hyphenation.': 'bodyText.hyphenation.',
  '…balancing.': 'headings.balancing.',
  '…equationNumbering.': 'math.equationNumbering.',
};

/** Sections whose tables name fields relative to a prefix. */
const SECTION_PREFIX: [RegExp, string][] = [
  [/^11\.2 /, 'lineNumbers.'],
  [/^11\.4 /, 'citations.'],
  [/^11\.6 /, 'index.'],
  [/^13\.2 /, 'chipStyles[id=chip].'],
  [/^13\.3 /, 'codeStyle.'],
  [/^13\.4 /, 'calloutStyles[id=note].'],
  [/^14\.1 /, 'cjk.'],
  [/^14\.2 /, 'comics.'],
  [/^15\.1 /, 'colorPalette[id=main-color].'],
];

function codeSpans(s: string): string[] {
  return [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

function looksLikePath(s: string): boolean {
  const head = /^([A-Za-z]+)[.[]/.exec(s)?.[1];
  return !!head && TOP.has(head) && /^[\w.[\]=…*-]+$/.test(s);
}

interface Row {
  section: string;
  cells: string[];
}

function tableRows(): Row[] {
  const rows: Row[] = [];
  let section = '';
  for (const line of spec.split('\n')) {
    const h = /^#{2,3}\s+(.*)$/.exec(line);
    if (h) section = h[1] ?? '';
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const cells = line.replace(/\\\|/g, '\u0001').split('|').slice(1, -1).map((c) => c.replace(/\u0001/g, '|').trim());
    rows.push({ section, cells });
  }
  return rows;
}

/** Reads a default cell into a comparable value; undefined = prose (follows, by language…). */
function parseDefault(cell: string): { kind: 'value'; v: JsonValue } | { kind: 'dim'; value: number; unit: string } | { kind: 'main' } | undefined {
  let t = cell.replace(/\*\*/g, '').trim();
  t = t.replace(/\s*\(.*$/, '').replace(/;.*$/, '').trim();
  const code = /^`([^`]*)`$/.exec(t);
  if (code) t = code[1] ?? '';
  if (/^main colou?r/.test(t)) return { kind: 'main' };
  if (t === 'true' || t === 'false') return { kind: 'value', v: t === 'true' };
  const q = /^'([^']*)'$/.exec(t);
  if (q) return { kind: 'value', v: q[1] ?? '' };
  const dim = /^(-?\d+(?:\.\d+)?)\s*(cm|mm|pt|em|in|px|rem)$/.exec(t);
  if (dim) return { kind: 'dim', value: Number(dim[1]), unit: dim[2] ?? '' };
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return { kind: 'value', v: Number(t) };
  const hex = /^(#[0-9a-fA-F]{6})$/.exec(t);
  if (hex) return { kind: 'value', v: hex[1] ?? '' };
  return undefined;
}

/** Enum literals of a type cell: `'a' | 'b'` (all parts quoted). */
function enumValues(cell: string): string[] | undefined {
  const parts = cell.split('|').map((p) => p.trim());
  if (parts.length < 2 || !parts.every((p) => /^`?'[^']*'`?$/.test(p) || /^`'[^']*'`$/.test(p))) {
    const inner = /^`([^`]+)`$/.exec(cell.trim())?.[1];
    if (!inner) return undefined;
    const ps = inner.split('|').map((p) => p.trim());
    if (ps.length < 2 || !ps.every((p) => /^'[^']*'$/.test(p))) return undefined;
    return ps.map((p) => p.slice(1, -1));
  }
  return parts.map((p) => p.replace(/`/g, '').slice(1, -1));
}

describe('configuration.md paths', () => {
  it('the spec file is present', () => {
    expect(spec.length).toBeGreaterThan(10_000);
  });

  it('every backticked setting path resolves in the catalogue', () => {
    const missing: string[] = [];
    const all = new Set(codeSpans(spec).flatMap((s) => s.split(/\s*\/\s*/)).filter(looksLikePath));
    for (const raw of all) {
      if (NOT_SETTINGS.has(raw)) continue;
      const p = concretise(raw);
      const segs = parsePath(p);
      if ('error' in segs) {
        missing.push(`${raw} (${segs.error})`);
        continue;
      }
      const loc = locate(segs);
      if ('error' in loc) missing.push(`${raw}: ${loc.error}`);
    }
    expect(missing).toEqual([]);
    expect(all.size).toBeGreaterThan(250);
  });

  const rows = tableRows();
  const checked: { path: string; def: string; type?: string }[] = [];
  for (const row of rows) {
    const prefix = SECTION_PREFIX.find(([re]) => re.test(row.section))?.[1];
    const headers = rows.find((r) => r.section === row.section && /^(Path|Field)$/.test(r.cells[0] ?? ''))?.cells ?? [];
    // §13.3 is written as two Field/Default pairs per row.
    const pairs: [number, number][] = headers.length === 4 && headers[2] === 'Field' ? [[0, 1], [2, 3]] : [[0, headers.indexOf('Default')]];
    for (const [nameIdx, defIdx] of pairs) {
      const spans = codeSpans(row.cells[nameIdx] ?? '');
      if (spans.length === 0) continue;
      let base = spans[0] ?? '';
      for (const [k, v] of Object.entries(ELLIPSIS)) if (base.startsWith(k)) base = v + base.slice(k.length);
      if (prefix && /^[A-Za-z][\w.]*$/.test(base) && !base.startsWith(prefix.replace(/[.[].*$/, '') + '.')) base = prefix + base;
      if (!looksLikePath(base) || NOT_SETTINGS.has(base)) continue;
      const typeIdx = headers.indexOf('Type') >= 0 ? headers.indexOf('Type') : headers.indexOf('Values');
      // `a` / `b` rows: the second name is a sibling of the first; defaults "x / y" split the same way.
      const more = spans.slice(1).filter((s) => /^[A-Za-z][\w.]*$/.test(s));
      const names = [base, ...more.map((s) => (prefix && s.includes('.') ? prefix + s : looksLikePath(s) && !prefix ? s : base.replace(/[^.]+$/, s)))];
      const defs = defIdx >= 0 ? (row.cells[defIdx] ?? '').split(/\s+\/\s+/) : [];
      names.forEach((name, i) => {
        const entry: { path: string; def: string; type?: string } = { path: concretise(name), def: defs.length === names.length ? (defs[i] ?? '') : names.length > 1 ? '' : (defs[0] ?? '') };
        if (typeIdx >= 0) entry.type = row.cells[typeIdx] ?? '';
        if (!/[*]/.test(entry.path)) checked.push(entry);
      });
    }
  }

  it('finds the path tables', () => {
    expect(checked.length).toBeGreaterThan(300);
  });

  it('table defaults equal the effective defaults', () => {
    const wrong: string[] = [];
    let compared = 0;
    for (const { path, def } of checked) {
      const d = parseDefault(def);
      if (!d) continue;
      const eff = effectiveAt({}, path);
      compared++;
      if (d.kind === 'main') {
        if (!(eff && typeof eff === 'object' && !Array.isArray(eff) && eff.paletteId === 'main-color')) wrong.push(`${path}: expected main colour, got ${JSON.stringify(eff)}`);
      } else if (d.kind === 'dim') {
        const ok = eff && typeof eff === 'object' && !Array.isArray(eff) && eff.value === d.value && (eff.unit === d.unit || d.value === 0);
        if (!ok) wrong.push(`${path}: expected ${d.value} ${d.unit}, got ${JSON.stringify(eff)}`);
      } else if (typeof d.v === 'string' && d.v.startsWith('#')) {
        const hex = eff && typeof eff === 'object' && !Array.isArray(eff) ? String(eff.hex).toLowerCase() : '';
        if (hex !== d.v.toLowerCase()) wrong.push(`${path}: expected ${d.v}, got ${JSON.stringify(eff)}`);
      } else if (typeof d.v === 'number' && eff && typeof eff === 'object' && !Array.isArray(eff) && 'value' in eff) {
        // A bare 0 for a length.
        if (eff.value !== d.v) wrong.push(`${path}: expected ${String(d.v)}, got ${JSON.stringify(eff)}`);
      } else if (JSON.stringify(eff) !== JSON.stringify(d.v)) {
        wrong.push(`${path}: expected ${JSON.stringify(d.v)}, got ${JSON.stringify(eff)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(300);
  });

  it('every enum value a path lists is accepted there', () => {
    const refused: string[] = [];
    let tried = 0;
    for (const { path, type } of checked) {
      const values = type ? enumValues(type) : undefined;
      if (!values) continue;
      for (const v of values) {
        tried++;
        const r = setConfig({}, { changes: [{ path, value: v }] });
        if (!r.ok) refused.push(`${path} = ${v}: ${r.error}`);
      }
    }
    expect(refused).toEqual([]);
    expect(tried).toBeGreaterThan(60);
  });
});
