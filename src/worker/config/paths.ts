/**
 * Setting paths (tools.md §2.8, configuration.md §0.3):
 *   path := segment ('.' segment)*   segment := name ('[' key '=' value ']' | '[' index ']')?
 * and their location in the catalogue.
 */
import type { AnyNode, ListNode } from './nodes';
import { ROOT } from './catalogue';
import { editDistance } from './values';

export type Selector = { key: string; value: string } | { index: number };
export interface Segment {
  name: string;
  sel?: Selector;
}

const SEGMENT = /^([A-Za-z_$][\w$-]*)(?:\[\s*(?:([A-Za-z_]\w*)\s*=\s*(['"]?)([^\]]*?)\3|(\d+))\s*\])?$/;

/** Parses a path; returns an error sentence when it does not follow the grammar. */
const parsed = new Map<string, Segment[] | { error: string }>();

export function parsePath(path: string): Segment[] | { error: string } {
  const r = parsePathShared(path);
  return 'error' in r ? r : r.map((s) => ({ ...s }));
}

/**
 * The same parse, shared rather than copied: for readers that only walk the segments (the
 * resolver's `get`, asked for a followed default's source thousands of times a resolution).
 */
export function parsePathShared(path: string): readonly Readonly<Segment>[] | { error: string } {
  const hit = parsed.get(path);
  if (hit) return hit;
  const r = parsePathUncached(path);
  if (parsed.size > 5000) parsed.clear();
  parsed.set(path, r);
  return r;
}

function parsePathUncached(path: string): Segment[] | { error: string } {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of path.trim()) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === '.' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  const out: Segment[] = [];
  for (const p of parts) {
    const m = SEGMENT.exec(p.trim());
    if (!m || !m[1]) {
      return { error: `"${path}" is not a setting path: write dotted names with list items chosen by their key, such as headings.levels[level=2].fontSize or calloutStyles[id=note].title.` };
    }
    const seg: Segment = { name: m[1] };
    if (m[2] !== undefined) {
      // Selector values compare as strings or numbers: `[level=02]` is `[level=2]`.
      const v = (m[4] ?? '').trim();
      seg.sel = { key: m[2], value: /^-?\d+(\.\d+)?$/.test(v) && m[3] === '' ? String(Number(v)) : v };
    }
    else if (m[5] !== undefined) seg.sel = { index: Number(m[5]) };
    out.push(seg);
  }
  return out;
}

export function formatSelector(sel: Selector): string {
  return 'index' in sel ? `[${sel.index}]` : `[${sel.key}=${sel.value}]`;
}

export function formatPath(segs: readonly Segment[]): string {
  return segs.map((s) => s.name + (s.sel ? formatSelector(s.sel) : '')).join('.');
}

/** Joins a parent path and a child name. */
export const join = (parent: string, name: string): string => (parent ? `${parent}.${name}` : name);

export interface Located {
  node: AnyNode;
  /** Segments consumed by the catalogue (the rest address parts of a value, e.g. `.value` of a length). */
  depth: number;
  /** Lists passed on the way, with the selector used. */
  lists: { list: ListNode; sel: Selector; at: number }[];
  /** True when the path went into an open object or a JSON value (not checked further). */
  free: boolean;
}

/** Finds the catalogue node of a path. Errors carry the closest existing paths. */
export function locate(segs: readonly Segment[]): Located | { error: string; suggestions: string[] } {
  let node: AnyNode = ROOT;
  const lists: Located['lists'] = [];
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i] as Segment;
    if (node.node === 'leaf') {
      // Parts of a value: `captionStyle.fontSize.value`, `…color.hex`, or anything inside a JSON fragment.
      return { node, depth: i, lists, free: node.kind === 'json' };
    }
    if (node.node === 'list') {
      return { error: `${formatPath(segs.slice(0, i))} is a list: choose an item with a selector.`, suggestions: [] };
    }
    const child: AnyNode | undefined = node.fields[seg.name];
    if (!child) {
      if (node.open) return { node, depth: i, lists, free: true };
      const prefix = formatPath(segs.slice(0, i));
      const suggestions = nearestKeys(seg.name, Object.keys(node.fields)).map((k) => join(prefix, k));
      return { error: unknownPathMessage(formatPath(segs), suggestions), suggestions };
    }
    if (child.node === 'list') {
      if (!seg.sel) {
        node = child;
        if (i === segs.length - 1) return { node, depth: i + 1, lists, free: false };
        return { error: `${formatPath(segs.slice(0, i + 1))} is a list: choose an item with ${selectorHint(child, formatPath(segs.slice(0, i + 1)))}.`, suggestions: [] };
      }
      const sel = seg.sel;
      if ('index' in sel && child.key) {
        return { error: `${formatPath(segs.slice(0, i + 1))} items are chosen by their ${child.key}, not by position: write ${selectorHint(child, formatPath(segs.slice(0, i + 1)))}.`, suggestions: [] };
      }
      if ('key' in sel && sel.key !== child.key) {
        return { error: `${formatPath(segs.slice(0, i + 1))} items are chosen by ${child.key ? `their ${child.key}` : 'position'}: write ${selectorHint(child, formatPath(segs.slice(0, i + 1)))}.`, suggestions: [] };
      }
      lists.push({ list: child, sel, at: i });
      node = child.item;
      continue;
    }
    if (seg.sel && child.node === 'leaf' && child.kind === 'json') return { node: child, depth: i + 1, lists, free: true };
    if (seg.sel) return { error: `${formatPath(segs.slice(0, i + 1))} is not a list; remove the brackets.`, suggestions: [] };
    node = child;
  }
  return { node, depth: segs.length, lists, free: false };
}

function selectorHint(list: ListNode, path: string): string {
  if (!list.key) return `${path}[0]`;
  if (list.key === 'level') return `${path}[level=${list.keyValues?.[0] ?? 1}]`;
  return `${path}[${list.key}=…]`;
}

export function unknownPathMessage(path: string, suggestions: readonly string[]): string {
  return suggestions.length
    ? `There is no setting "${path}". Closest: ${suggestions.slice(0, 5).join(', ')}.`
    : `There is no setting "${path}". Use sandbox_find_setting with a few words to find the path.`;
}

/** Keys 1–2 edits away (or equal ignoring case), best first; then keys sharing a prefix (§17.1 `unknownConfigKey`). */
export function nearestKeys(name: string, keys: readonly string[], max = 5): string[] {
  const lower = name.toLowerCase();
  const scored = keys
    .map((k) => {
      const kl = k.toLowerCase();
      let d = kl === lower ? 0 : editDistance(lower, kl);
      if (d > 2 && (kl.startsWith(lower) || lower.startsWith(kl) || kl.includes(lower))) d = 2.5;
      return { k, d };
    })
    .filter((x) => x.d <= Math.max(2.5, Math.floor(name.length / 3)))
    .sort((a, b) => a.d - b.d || a.k.localeCompare(b.k));
  return scored.slice(0, max).map((x) => x.k);
}
