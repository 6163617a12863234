/**
 * Reading and changing a book's configuration (tools.md §3.2 `sandbox_get_config` / `sandbox_set_config`,
 * §2.8–§2.10): paths with list selectors, value forms, set vs effective, atomic change lists, `patch` and `replace`,
 * change reports with `followed` settings and notes.
 */
import type { AnyNode, LeafNode, ListNode } from './nodes';
import { ROOT } from './catalogue';
import type { ConfigError, ConfigWarning, JsonObject, JsonValue, StoredConfig } from './types';
import { Resolver, stripConfigDefaults } from './resolve';
import type { BuildRecord } from './resolve';
import { formatPath, join, locate, parsePath, unknownPathMessage } from './paths';
import type { Segment } from './paths';
import { coerceValue } from './validate';
import type { CoerceEnv } from './validate';
import { clone, isColorValue, isDimension, isPlainObject, jsonEqual } from './values';

// ---------------------------------------------------------------------------------------------
// Effective configuration (memoised per stored object, re-checked by JSON comparison — §0.4 last rule)

interface Resolved {
  json: string;
  effective: JsonObject;
  warnings: ConfigWarning[];
  /** What its build can lend to the resolution of a changed config (none after warnings or a cycle). */
  record: BuildRecord | undefined;
}
const cache = new WeakMap<object, Resolved>();

/**
 * The complete effective configuration and the resolution warnings for a stored one. `base`, a
 * config this one was changed from (setConfig's before), lends the sections of its resolution that
 * the change cannot reach (`Resolver.build`); the answer is the same with or without it. Warnings
 * are listed in the order a full resolution meets them, so a resolution with any is done in full.
 * The effective trees of two configs may share objects: nobody may change one in place.
 */
export function resolveWithWarnings(stored: StoredConfig, base?: StoredConfig): { effective: JsonObject; warnings: ConfigWarning[] } {
  const json = JSON.stringify(stored);
  const hit = cache.get(stored);
  if (hit && hit.json === json) return hit;
  const lent = base === undefined ? undefined : cache.get(base);
  // The base's entry is lent only while it still describes it (its JSON re-checked, as above).
  const prev = lent?.record && lent.warnings.length === 0 && lent.json === JSON.stringify(base) ? lent.record : undefined;
  let r = new Resolver(stored);
  let effective = r.build(prev);
  // Warnings or a cycle (no record): resolved from scratch, in the order and with the readings a full resolution has.
  if (prev && (r.warnings.length > 0 || !r.record)) {
    r = new Resolver(stored);
    effective = r.build();
  }
  const warnings = dedupe(r.warnings);
  const entry: Resolved = { json, effective, warnings, record: warnings.length === 0 ? r.record : undefined };
  cache.set(stored, entry);
  return entry;
}

export function resolveConfig(stored: StoredConfig): JsonObject {
  return resolveWithWarnings(stored).effective;
}

function dedupe(ws: ConfigWarning[]): ConfigWarning[] {
  const seen = new Set<string>();
  return ws.filter((w) => {
    const k = `${w.kind}|${w.path}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Stored values by path

/** The stored (set) value at a path, or undefined when the book does not set it. */
export function getStoredAt(stored: JsonValue | undefined, segs: readonly Segment[]): JsonValue | undefined {
  let cur: JsonValue | undefined = stored;
  for (const seg of segs) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[seg.name];
    if (seg.sel) {
      if (!Array.isArray(cur)) return undefined;
      const sel = seg.sel;
      cur = 'index' in sel ? cur[sel.index] : cur.find((it) => isPlainObject(it) && String(it[sel.key]) === sel.value);
    }
  }
  return cur;
}

/**
 * Writes (or with `value === undefined` deletes) a stored value. Writing into a list with built-ins the book has not
 * set first materialises them (§0.3), so built-ins never silently disappear. Returns an error sentence or undefined.
 */
export function writeStoredAt(root: JsonObject, segs: readonly Segment[], value: JsonValue | undefined, r: Resolver): string | undefined {
  let node: AnyNode = ROOT;
  let container: JsonObject = root;
  let path = '';
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i] as Segment;
    const last = i === segs.length - 1;
    if (node.node !== 'object') return `${formatPath(segs)} cannot be written.`;
    const child: AnyNode | undefined = node.fields[seg.name];
    const childPath = join(path, seg.name);
    if (child && child.node === 'list' && seg.sel) {
      let arr = container[seg.name];
      if (!Array.isArray(arr)) {
        const builtins = child.mode === 'replace' && child.builtins ? clone(child.builtins(r.ctx())) : [];
        // Deleting a built-in item also materialises the others (so only that one disappears).
        if (value === undefined && builtins.length === 0) return undefined;
        arr = builtins;
        container[seg.name] = arr;
      }
      const sel = seg.sel;
      let idx = 'index' in sel ? (sel.index < arr.length ? sel.index : -1) : arr.findIndex((it) => isPlainObject(it) && String(it[sel.key]) === sel.value);
      if (idx < 0) {
        if (value === undefined) return undefined;
        if ('index' in sel) return `${childPath} has no item [${sel.index}]; it has ${arr.length} item(s).`;
        if (child.keyValues && !child.keyValues.includes(Number(sel.value))) {
          return `${childPath} has no item [${sel.key}=${sel.value}]; ${sel.key} is one of ${child.keyValues.join(', ')}.`;
        }
        arr.push({ [sel.key]: child.keyValues ? Number(sel.value) : sel.value });
        idx = arr.length - 1;
      }
      if (last) {
        if (value === undefined) arr.splice(idx, 1);
        else arr[idx] = keyed(child, sel, value);
        return undefined;
      }
      const item = arr[idx];
      if (!isPlainObject(item)) return `${childPath}${'index' in sel ? `[${sel.index}]` : `[${sel.key}=${sel.value}]`} is not a group of settings.`;
      container = item;
      node = child.item;
      path = childPath;
      continue;
    }
    if (last) {
      if (value === undefined) delete container[seg.name];
      else container[seg.name] = value;
      return undefined;
    }
    let next = container[seg.name];
    if (child && child.node === 'object' && child.booleanMeansEnabled && typeof next === 'boolean') next = { enabled: next };
    if (!isPlainObject(next)) {
      // Deleting below an unset optional group changes nothing; elsewhere empty groups are stripped afterwards.
      if (value === undefined && (!child || (child.node === 'object' && child.presence === 'whenSet'))) return undefined;
      next = {};
    }
    container[seg.name] = next;
    container = next;
    node = child ?? { node: 'object', fields: {}, presence: 'always', open: true, meta: { help: '' } };
    path = childPath;
  }
  return undefined;
}

/** A whole list item written by selector keeps its key. */
function keyed(list: ListNode, sel: Segment['sel'], value: JsonValue): JsonValue {
  if (!sel || 'index' in sel || !isPlainObject(value) || !list.key) return value;
  return { ...value, [list.key]: list.keyValues ? Number(sel.value) : sel.value };
}

// ---------------------------------------------------------------------------------------------
// Flattening and diffs

/** Flattens a value to `path → primitive` with list selectors; lengths and colours split into parts. */
export function flatten(v: JsonValue | undefined, path: string, out: Map<string, JsonValue> = new Map()): Map<string, JsonValue> {
  if (v === undefined) return out;
  if (Array.isArray(v)) {
    v.forEach((item, i) => flatten(item, path + itemSelector(item, i), out));
    if (v.length === 0) out.set(path, []);
    return out;
  }
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) out.set(path, {});
    for (const k of keys) flatten(v[k], join(path, k), out);
    return out;
  }
  out.set(path, v);
  return out;
}

/** The selector `flatten` names a list item by: its level, id or name, else its index. */
function itemSelector(item: JsonValue, i: number): string {
  if (!isPlainObject(item)) return `[${i}]`;
  const key = (['level', 'id', 'name'] as const).find((k) => typeof item[k] === 'string' || typeof item[k] === 'number');
  return key ? `[${key}=${String(item[key])}]` : `[${i}]`;
}

export interface FollowedEntry {
  path: string;
  from: JsonValue | null;
  to: JsonValue | null;
}

/** Effective values that moved although their own path was not changed (§0.5, tools.md §2.10 `followed`). */
export function followedDiff(before: JsonObject, after: JsonObject, changedPaths: readonly string[]): FollowedEntry[] {
  const touched = (p: string): boolean =>
    changedPaths.some((c) => p === c || p.startsWith(c + '.') || p.startsWith(c + '[') || c.startsWith(p + '.') || c.startsWith(p + '['));
  /** The path lies at or under a changed path: every path below it is touched too. */
  const under = (p: string): boolean => changedPaths.some((c) => p === c || p.startsWith(c + '.') || p.startsWith(c + '['));
  const out: FollowedEntry[] = [];
  /** Compares the flattened leaves of two subtrees at the same path, as `flatten` names them. */
  const compareLeaves = (x: JsonValue, y: JsonValue, path: string): void => {
    const a = flatten(x, path);
    const b = flatten(y, path);
    for (const p of new Set([...a.keys(), ...b.keys()])) {
      if (touched(p)) continue;
      const from = a.get(p);
      const to = b.get(p);
      if (jsonEqual(from, to)) continue;
      // Items that appear or disappear with a change are not followers.
      if (from === undefined || to === undefined) continue;
      out.push({ path: p, from: from ?? null, to: to ?? null });
    }
  };
  // Both trees walked together: a whole equal subtree is passed over without naming its leaves
  // (a config change moves a handful of the thousands of effective values, and naming them all
  // was most of a transaction's reply time). Unequal non-empty objects are descended into; any
  // other unequal pair (arrays, leaves, a kind that changed) is compared leaf by leaf.
  const walk = (x: JsonValue, y: JsonValue, path: string): void => {
    if (jsonEqual(x, y) || under(path)) return;
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
      // Lists whose items name the same distinct selectors on both sides (as `flatten` names them) are
      // walked item by item: an item the resolution reused (the same object) is passed over whole.
      const sx = x.map(itemSelector);
      const sy = y.map(itemSelector);
      if (sx.every((sel, i) => sel === sy[i]) && new Set(sx).size === sx.length) {
        x.forEach((item, i) => walk(item, y[i] as JsonValue, path + (sx[i] as string)));
        return;
      }
    }
    if (isPlainObject(x) && isPlainObject(y) && !Array.isArray(x) && !Array.isArray(y) && Object.keys(x).length > 0 && Object.keys(y).length > 0) {
      // A key on one side only names leaves the other side lacks: not followers. So the keys of
      // one side are enough; a value the resolution reused (the same object) is passed over.
      for (const k of Object.keys(x)) {
        const cx = x[k];
        const cy = y[k];
        if (cx === undefined || cy === undefined || cx === cy) continue;
        walk(cx, cy, join(path, k));
      }
      return;
    }
    compareLeaves(x, y, path);
  };
  walk(before, after, '');
  // A length or colour whose parts all moved is reported whole.
  const byParent = new Map<string, FollowedEntry[]>();
  for (const e of out) {
    const m = /^(.*)\.(value|unit|hex|model|paletteId)$/.exec(e.path);
    if (m?.[1]) byParent.set(m[1], [...(byParent.get(m[1]) ?? []), e]);
  }
  const merged: FollowedEntry[] = [];
  const skip = new Set<string>();
  for (const [parent, es] of byParent) {
    if (es.length > 1) {
      es.forEach((e) => skip.add(e.path));
      const va = valueAtFlat(before, parent);
      const vb = valueAtFlat(after, parent);
      merged.push({ path: parent, from: va ?? null, to: vb ?? null });
    }
  }
  return [...out.filter((e) => !skip.has(e.path)), ...merged].sort((x, y) => x.path.localeCompare(y.path));
}

function valueAtFlat(root: JsonObject, path: string): JsonValue | undefined {
  const segs = parsePath(path);
  if ('error' in segs) return undefined;
  return getStoredAt(root, segs);
}

// ---------------------------------------------------------------------------------------------
// sandbox_get_config

export type SettingKind = 'length' | 'color' | 'number' | 'boolean' | 'enum' | 'string' | 'font' | 'json';

export interface SettingEntry {
  path: string;
  set: JsonValue | null;
  effective: JsonValue | null;
  kind: SettingKind;
  unit?: string;
  options?: (string | number | boolean)[];
  min?: number;
  max?: number;
}

export interface GetConfigResult {
  ok: true;
  path: string;
  set: JsonValue | null;
  effective: JsonValue | null;
  settings: SettingEntry[];
}

export function kindOf(n: LeafNode): SettingKind {
  switch (n.kind) {
    case 'toggle':
      return 'boolean';
    case 'text':
      return 'string';
    case 'format':
      return 'enum';
    case 'length':
    case 'color':
    case 'enum':
    case 'number':
    case 'font':
    case 'json':
      return n.kind;
  }
}

/** Every leaf setting under a node, at concrete paths (list items as they exist in the effective config). */
export function enumerateLeaves(node: AnyNode, path: string, effective: JsonValue | undefined, out: { path: string; node: LeafNode; effective: JsonValue | undefined }[] = [], r?: Resolver): typeof out {
  if (node.node === 'leaf') {
    out.push({ path, node, effective });
    return out;
  }
  if (node.node === 'list') {
    if (!Array.isArray(effective)) return out;
    effective.forEach((item, i) => {
      const k = node.key && isPlainObject(item) ? item[node.key] : undefined;
      const sel = k !== undefined && k !== null ? `[${node.key}=${String(k)}]` : `[${i}]`;
      enumerateLeaves(node.item, path + sel, item, out, r);
    });
    return out;
  }
  const obj = isPlainObject(effective) ? effective : undefined;
  for (const [k, f] of Object.entries(node.fields)) enumerateLeaves(f, join(path, k), obj?.[k], out, r);
  return out;
}

function settingEntry(stored: StoredConfig, leaf: { path: string; node: LeafNode; effective: JsonValue | undefined }): SettingEntry {
  const segs = parsePath(leaf.path);
  const set = 'error' in segs ? undefined : getStoredAt(stored, segs);
  const e: SettingEntry = { path: leaf.path, set: set ?? null, effective: leaf.effective ?? null, kind: kindOf(leaf.node) };
  if (leaf.node.kind === 'length' && leaf.node.unit) e.unit = leaf.node.unit;
  if (leaf.node.kind === 'number' && leaf.node.numberUnit) e.unit = leaf.node.numberUnit;
  if (leaf.node.options) e.options = [...leaf.node.options];
  if (leaf.node.kind === 'format') e.options = ['decimal', 'lower-roman', 'upper-roman', 'lower-alpha', 'upper-alpha', ...(leaf.node.extraWords ?? [])];
  if (leaf.node.min !== undefined) e.min = leaf.node.min;
  if (leaf.node.max !== undefined) e.max = leaf.node.max;
  return e;
}

/** Reads one setting, a section or a list item (`sandbox_get_config`). Omitted path → the top-level keys the book sets. */
export function getConfig(stored: StoredConfig, path?: string): GetConfigResult | ConfigError {
  const effective = resolveConfig(stored);
  if (path === undefined || path.trim() === '') {
    const eff: JsonObject = {};
    for (const k of Object.keys(stored)) {
      const v = effective[k];
      if (v !== undefined) eff[k] = v;
    }
    return { ok: true, path: '', set: clone(stored), effective: eff, settings: [] };
  }
  const segs = parsePath(path);
  if ('error' in segs) return { ok: false, error: segs.error };
  const loc = locate(segs);
  if ('error' in loc) return { ok: false, error: loc.error, suggestions: loc.suggestions };
  // A selector matching nothing fails with the existing keys.
  const r = new Resolver(stored);
  for (const l of loc.lists) {
    const listSegs: Segment[] = [...segs.slice(0, l.at), { name: (segs[l.at] as Segment).name }];
    const listPath = formatPath(listSegs);
    const arr = r.getSegs(listSegs);
    const items = Array.isArray(arr) ? arr : [];
    const key = l.list.key;
    const sels = items.map((it, i) => (key && isPlainObject(it) && (typeof it[key] === 'string' || typeof it[key] === 'number') ? `[${key}=${String(it[key])}]` : `[${i}]`));
    const want = 'index' in l.sel ? `[${l.sel.index}]` : `[${l.sel.key}=${l.sel.value}]`;
    if (!sels.includes(want)) {
      const existing = sels.map((x) => listPath + x);
      return { ok: false, error: existing.length ? `${listPath} has no item ${want}. Existing: ${existing.join(', ')}.` : `${listPath} has no item ${want}; the list is empty.`, suggestions: existing };
    }
  }
  const eff = r.getSegs(segs);
  const set = getStoredAt(stored, segs);
  const settings = loc.depth === segs.length && !loc.free ? enumerateLeaves(loc.node, formatPath(segs), eff).map((l) => settingEntry(stored, l)) : [];
  return { ok: true, path: formatPath(segs), set: set ?? null, effective: eff ?? null, settings };
}

// ---------------------------------------------------------------------------------------------
// sandbox_set_config

export interface ChangeEntry {
  path: string;
  /** Stored value before (`null` = the book did not set it). */
  from: JsonValue | null;
  /** Stored value after (`null` = not stored: deleted, or equal to the default). */
  to: JsonValue | null;
  effective: { from: JsonValue | null; to: JsonValue | null };
  note?: string;
}

export interface SetConfigResult {
  ok: true;
  /** The new stored configuration (defaults stripped). */
  config: StoredConfig;
  changed: ChangeEntry[];
  followed: FollowedEntry[];
  /** Configuration warnings of the new configuration (§17.1). */
  warnings: ConfigWarning[];
  note?: string;
}

export interface PathChange {
  path: string;
  value: JsonValue;
}

export type SetConfigRequest = { changes: PathChange[] } | { patch: JsonObject } | { replace: JsonObject };

function envFor(work: JsonObject): CoerceEnv {
  const r = new Resolver(work);
  const pal = r.get('colorPalette');
  const entries = Array.isArray(pal) ? pal.filter(isPlainObject) : [];
  return {
    palette: (id) => {
      const e = entries.find((x) => x.id === id);
      return e && isColorValue(e.value) ? e.value.hex : undefined;
    },
    paletteIds: () => entries.map((x) => String(x.id)),
  };
}

/** Turns a deep-merge patch into path changes: objects merge, lists and values replace, null deletes. */
export function patchToChanges(patch: JsonValue, node: AnyNode = ROOT, path = ''): PathChange[] | ConfigError {
  if (!isPlainObject(patch)) return { ok: false, error: 'patch must be an object shaped like the configuration, e.g. { "bodyText": { "fontSize": "10pt" } }.' };
  if (node.node !== 'object') return [{ path, value: patch }];
  const out: PathChange[] = [];
  for (const [k, v] of Object.entries(patch)) {
    const p = join(path, k);
    const f = node.fields[k];
    if (!f) {
      if (node.open) {
        out.push({ path: p, value: v });
        continue;
      }
      const segs = parsePath(p);
      const loc = 'error' in segs ? undefined : locate(segs);
      const suggestions = loc && 'error' in loc ? loc.suggestions : [];
      return { ok: false, error: unknownPathMessage(p, suggestions), suggestions };
    }
    if (f.node === 'object' && isPlainObject(v) && !(f.booleanMeansEnabled && typeof v === 'boolean')) {
      const sub = patchToChanges(v, f, p);
      if (!Array.isArray(sub)) return sub;
      out.push(...sub);
    } else out.push({ path: p, value: v });
  }
  return out;
}

/** Applies a change list atomically: any failure leaves the configuration untouched. */
export function applyChanges(stored: StoredConfig, changes: readonly PathChange[]): SetConfigResult | ConfigError {
  if (!Array.isArray(changes) || changes.length === 0) return { ok: false, error: 'changes must be a non-empty list of { "path": "…", "value": … } (value null deletes a setting).' };
  const work = clone(stored);
  const notes = new Map<string, string[]>();
  const paths: string[] = [];
  const deleted = new Set<string>();
  for (const ch of changes) {
    if (!isPlainObject(ch as unknown as JsonValue) || typeof ch.path !== 'string' || !('value' in ch)) {
      return { ok: false, error: 'Each change is { "path": "…", "value": … }; use null as the value to delete a setting.' };
    }
    const segs = parsePath(ch.path);
    if ('error' in segs) return { ok: false, error: segs.error };
    const loc = locate(segs);
    if ('error' in loc) return { ok: false, error: loc.error, suggestions: loc.suggestions };
    const path = formatPath(segs);
    paths.push(path);
    const r = new Resolver(work);
    let value: JsonValue | undefined;
    if (ch.value === null) {
      value = undefined;
      deleted.add(path);
    }
    else if (loc.depth < segs.length && !loc.free && loc.node.node === 'leaf') {
      // Writing a part of a value (`captionStyle.fontSize.value`): rebuild the whole value, then check it.
      const leafSegs = segs.slice(0, loc.depth);
      const base = clone(getStoredAt(work, leafSegs) ?? r.getSegs(leafSegs));
      if (!isPlainObject(base)) return { ok: false, error: `${formatPath(leafSegs)} has no part "${formatPath(segs.slice(loc.depth))}".` };
      let cur: JsonObject = base;
      for (const s of segs.slice(loc.depth, -1)) {
        const n = cur[s.name];
        if (!isPlainObject(n)) return { ok: false, error: `${formatPath(leafSegs)} has no part "${formatPath(segs.slice(loc.depth))}".` };
        cur = n;
      }
      cur[(segs[segs.length - 1] as Segment).name] = ch.value;
      const c = coerceValue(loc.node, base, formatPath(leafSegs), envFor(work));
      if (!c.ok) return { ok: false, error: c.error, ...(c.valid ? { valid: c.valid } : {}) };
      const err = writeStoredAt(work, leafSegs, c.value, r);
      if (err) return { ok: false, error: err };
      if (c.notes.length) notes.set(path, c.notes);
      continue;
    } else if (loc.free || loc.depth < segs.length) value = clone(ch.value);
    else {
      const c = coerceValue(loc.node, ch.value, path, envFor(work));
      if (!c.ok) return { ok: false, error: c.error, ...(c.valid ? { valid: c.valid } : {}) };
      value = c.value;
      if (c.notes.length) notes.set(path, c.notes);
    }
    const err = writeStoredAt(work, segs, value, r);
    if (err) return { ok: false, error: err };
  }
  const flattened = flattenRemovedSwatches(stored, work);
  if (flattened.length) notes.set(paths[paths.length - 1] ?? '', [...(notes.get(paths[paths.length - 1] ?? '') ?? []), `Colours linked to a removed swatch keep their colour: ${flattened.join(', ')}.`]);
  const next = stripConfigDefaults(work);
  return report(stored, next, [...new Set(paths)], notes, deleted);
}

/**
 * §15.1: deleting a palette entry first flattens every colour linked to it — its current hex is written into each
 * linked colour (stored or default) so nothing changes on the page. Returns the paths written.
 */
function flattenRemovedSwatches(before: StoredConfig, work: JsonObject): string[] {
  const ids = (c: StoredConfig): Set<string> => {
    const pal = new Resolver(c).get('colorPalette');
    return new Set((Array.isArray(pal) ? pal : []).filter(isPlainObject).map((e) => String(e.id)));
  };
  const was = ids(before);
  const now = ids(work);
  const removed = [...was].filter((id) => !now.has(id));
  if (removed.length === 0) return [];
  // Linked colours as the book stood before the deletion (current swatch hex filled in by the resolver).
  const r = new Resolver(before);
  const eff = r.build();
  const written: string[] = [];
  for (const leaf of enumerateLeaves(ROOT, '', eff)) {
    const v = leaf.effective;
    if (leaf.node.kind !== 'color' || !isColorValue(v) || !v.paletteId || !removed.includes(v.paletteId) || leaf.path.startsWith('colorPalette')) continue;
    const segs = parsePath(leaf.path);
    if ('error' in segs) continue;
    const flat: JsonObject = { hex: v.hex, model: v.model };
    if (v.cmyk) flat.cmyk = { ...v.cmyk };
    if (!writeStoredAt(work, segs, flat, new Resolver(work))) written.push(leaf.path);
  }
  return written;
}

function report(before: StoredConfig, after: StoredConfig, paths: readonly string[], notes: Map<string, string[]>, deleted: ReadonlySet<string> = new Set()): SetConfigResult {
  const rb = new Resolver(before);
  const ra = new Resolver(after);
  const changed: ChangeEntry[] = paths.map((p) => {
    const segs = parsePath(p) as Segment[];
    const from = getStoredAt(before, segs);
    const to = getStoredAt(after, segs);
    const e: ChangeEntry = { path: p, from: clone(from) ?? null, to: clone(to) ?? null, effective: { from: rb.getSegs(segs) ?? null, to: ra.getSegs(segs) ?? null } };
    const n = [...(notes.get(p) ?? [])];
    if (!deleted.has(p) && to === undefined && e.effective.to !== null && !notes.has(p) && from === undefined && e.effective.from !== null && jsonEqual(e.effective.from, e.effective.to)) {
      n.push(`${p} already had this value as its default, so nothing is stored.`);
    }
    if (n.length) e.note = n.join(' ');
    return e;
  });
  const { effective: effBefore } = resolveWithWarnings(before);
  const { effective: effAfter, warnings } = resolveWithWarnings(after, before);
  const followed = followedDiff(effBefore, effAfter, paths);
  return { ok: true, config: after, changed, followed, warnings };
}

/** Strips the `{type:"postext-config", version:1, config}` wrapper of an exported file (tools.md §3.2). */
export function unwrapExport(v: JsonValue): JsonObject | undefined {
  if (!isPlainObject(v)) return undefined;
  if (v.type === 'postext-config' && isPlainObject(v.config)) return v.config;
  return v;
}

/** `sandbox_set_config` with exactly one of `changes`, `patch`, `replace`. Atomic. */
export function setConfig(stored: StoredConfig, req: SetConfigRequest): SetConfigResult | ConfigError {
  const keys = Object.keys(req).filter((k) => ['changes', 'patch', 'replace'].includes(k));
  if (keys.length !== 1) return { ok: false, error: 'Give exactly one of changes, patch or replace.', valid: ['changes', 'patch', 'replace'] };
  if ('changes' in req) return applyChanges(stored, req.changes);
  if ('patch' in req) {
    const ch = patchToChanges(req.patch);
    if (!Array.isArray(ch)) return ch;
    if (ch.length === 0) return report(stored, stored, [], new Map());
    return applyChanges(stored, ch);
  }
  const cfg = unwrapExport(req.replace);
  if (!cfg) return { ok: false, error: 'replace must be a whole configuration object (or an exported { "type": "postext-config", "version": 1, "config": {…} }).' };
  const c = coerceValue(ROOT, cfg, '', envFor(cfg), true);
  if (!c.ok) return { ok: false, error: c.error, ...(c.valid ? { valid: c.valid } : {}) };
  const next = stripConfigDefaults(c.value as JsonObject);
  const paths = changedStoredPaths(stored, next);
  const res = report(stored, next, paths, new Map());
  if (c.notes.length) res.note = c.notes.join(' ');
  return res;
}

/** Stored paths that differ between two stored configs (lengths and colours compared whole). */
export function changedStoredPaths(a: JsonObject, b: JsonObject): string[] {
  const fa = flattenStored(a, '');
  const fb = flattenStored(b, '');
  const out: string[] = [];
  for (const p of new Set([...fa.keys(), ...fb.keys()])) if (!jsonEqual(fa.get(p), fb.get(p))) out.push(p);
  return out.sort();
}

function flattenStored(v: JsonValue | undefined, path: string, out: Map<string, JsonValue> = new Map()): Map<string, JsonValue> {
  if (v === undefined) return out;
  if (isDimension(v) || isColorValue(v) || !isPlainObject(v)) {
    if (Array.isArray(v) && v.every((x) => isPlainObject(x) && (['level', 'id', 'name'] as const).some((k) => x[k] !== undefined))) {
      for (const item of v as JsonObject[]) {
        const k = (['level', 'id', 'name'] as const).find((kk) => item[kk] !== undefined) as string;
        flattenStored(item, `${path}[${k}=${String(item[k])}]`, out);
      }
      if (v.length === 0) out.set(path, []);
      return out;
    }
    out.set(path, v);
    return out;
  }
  for (const [k, x] of Object.entries(v)) flattenStored(x, join(path, k), out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Export

/** The exported file shape (`postext-config.json`). */
export function exportConfig(stored: StoredConfig): { type: 'postext-config'; version: 1; config: StoredConfig } {
  return { type: 'postext-config', version: 1, config: clone(stored) };
}
