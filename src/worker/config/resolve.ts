/**
 * Set → effective resolution (configuration.md §0.4, §0.5, §18) and default stripping (§0.4, §20.17).
 * Every field resolves as: explicit value → followed source → static default → context default.
 * Colours linked to a palette swatch take the swatch's current hex (palette passes 1 and 2 of §0.4).
 */
import type { AnyNode, DefaultContext, LeafNode, ListNode, ObjectNode } from './nodes';
import { ROOT } from './catalogue';
import type { ColorValue, ConfigWarning, JsonObject, JsonValue } from './types';
import {
  canonicalNumberFormat, clone, firstFontFamily, isColorValue, isPlainObject, jsonEqual, normalizeNumberFormat, parseColorText,
  parseLength, sameColor, sameDimension, isDimension,
} from './values';
import { join, nearestKeys, parsePathShared } from './paths';
import type { Segment } from './paths';

/** A list item with its selector text and the stored value it resolves from (built-in merged with the book's). */
export interface ListItem {
  sel: string;
  base: JsonValue;
  key?: string | number;
}

/** Deep merge for key-matched list entries: objects merge, everything else replaces. */
export function deepMerge(a: JsonValue | undefined, b: JsonValue | undefined): JsonValue | undefined {
  if (b === undefined) return clone(a);
  if (isPlainObject(a) && isPlainObject(b)) {
    const out: JsonObject = { ...(clone(a) as JsonObject) };
    for (const [k, v] of Object.entries(b)) out[k] = deepMerge(out[k], v) as JsonValue;
    return out;
  }
  return clone(b);
}

/**
 * Legacy running-head elements (§5.1, §19): flat `align` + `marginFromBody` (6 pt) + `marginFromEdge` (0 pt) + rule
 * `width: 'full'` read as a placement — header: anchor `bottom-{align}`, y = −marginFromBody; footer: `top-{align}`, +y.
 * Only the effective config changes; the stored element keeps its shape.
 */
export function upgradeLegacyElement(slot: 'header' | 'footer', el: JsonValue): JsonValue {
  if (!isPlainObject(el) || el.placement !== undefined) return el;
  const legacy = el.marginFromBody !== undefined || el.marginFromEdge !== undefined || el.width === 'full';
  if (!legacy) return el;
  const align = el.align === 'left' || el.align === 'right' ? el.align : 'center';
  const side = slot === 'header' ? 'bottom' : 'top';
  const body = parseLength(el.marginFromBody ?? { value: 6, unit: 'pt' }, 'pt') ?? { value: 6, unit: 'pt' as const };
  const edge = parseLength(el.marginFromEdge ?? { value: 0, unit: 'pt' }, 'pt') ?? { value: 0, unit: 'pt' as const };
  const placement: JsonObject = {
    anchor: { to: 'container', edge: align === 'center' ? side : `${side}-${align}` },
    offset: {
      y: { value: slot === 'header' ? -body.value : body.value, unit: body.unit },
      ...(align === 'center' || edge.value === 0 ? {} : { x: { value: align === 'left' ? edge.value : -edge.value, unit: edge.unit } }),
    },
  };
  if (el.width === 'full') placement.size = { width: 'fill' };
  const out: JsonObject = { ...el, placement };
  return out;
}

export function listItems(list: ListNode, stored: JsonValue | undefined, ctx: DefaultContext, path?: string): ListItem[] {
  const slot = path ? /(?:^|\.)(header|footer)\.elements$/.exec(path)?.[1] : undefined;
  if (slot === 'header' || slot === 'footer') {
    return listItemsRaw(list, stored, ctx).map((it) => ({ ...it, base: upgradeLegacyElement(slot, it.base) }));
  }
  return listItemsRaw(list, stored, ctx);
}

function listItemsRaw(list: ListNode, stored: JsonValue | undefined, ctx: DefaultContext): ListItem[] {
  const builtins = list.builtins ? list.builtins(ctx) : [];
  const key = list.key;
  const storedArr = Array.isArray(stored) ? stored : undefined;
  if (!key) {
    const arr = storedArr ?? builtins;
    return arr.map((base, i) => ({ sel: `[${i}]`, base }));
  }
  const keyOf = (v: JsonValue): string | number | undefined => {
    if (!isPlainObject(v)) return undefined;
    const k = v[key];
    return typeof k === 'string' || typeof k === 'number' ? k : undefined;
  };
  let items: JsonValue[];
  if (list.mode === 'merge') {
    items = builtins.map((b) => clone(b));
    for (const s of storedArr ?? []) {
      const k = keyOf(s);
      const at = items.findIndex((b) => k !== undefined && String(keyOf(b)) === String(k));
      if (at >= 0) items[at] = deepMerge(items[at], s) as JsonValue;
      else items.push(clone(s));
    }
  } else items = storedArr ?? builtins;
  return items.map((base, i) => {
    const k = keyOf(base);
    return k === undefined ? { sel: `[${i}]`, base } : { sel: `[${key}=${k}]`, base, key: k };
  });
}

/** The effective locale of a stored config. */
export function storedLocale(stored: JsonObject): string {
  return typeof stored.locale === 'string' && stored.locale.trim() ? stored.locale : 'en-us';
}

type Norm = { ok: true; value: JsonValue; warning?: Omit<ConfigWarning, 'path' | 'value'> } | { ok: false; warning?: Omit<ConfigWarning, 'path' | 'value'> };

/** Lenient reading of a stored leaf value (imported data never fails; warnings of §17.1 instead). */
export function normalizeStored(node: LeafNode, v: JsonValue, palette: (id: string) => ColorValue | undefined): Norm {
  switch (node.kind) {
    case 'length': {
      if (typeof v === 'string' && node.keywords?.includes(v)) return { ok: true, value: v };
      if (typeof v === 'string' && node.keywords?.includes('%') && /^\d+(\.\d+)?%$/.test(v.trim())) return { ok: true, value: v.trim() };
      if (typeof v === 'number' && node.numberAlso) return { ok: true, value: v };
      const d = parseLength(v, node.unit ?? 'pt');
      return d ? { ok: true, value: { value: d.value, unit: d.unit } } : { ok: false };
    }
    case 'color': {
      if (isColorValue(v)) return { ok: true, value: clone(v) };
      if (typeof v === 'string') {
        const c = parseColorText(v);
        if (c) return { ok: true, value: { hex: c.hex, model: c.model } };
        const p = palette(v);
        if (p) return { ok: true, value: { hex: p.hex, model: 'hex', paletteId: v } };
      }
      if (isPlainObject(v) && typeof v.paletteId === 'string') {
        const p = palette(v.paletteId);
        return { ok: true, value: { hex: p?.hex ?? '#000000', model: 'hex', paletteId: v.paletteId } };
      }
      return { ok: false };
    }
    case 'enum': {
      if (node.options?.includes(v as string | number | boolean)) return { ok: true, value: v };
      const near = typeof v === 'string' ? nearestKeys(v, (node.options ?? []).map(String), 1)[0] : undefined;
      return {
        ok: false,
        warning: {
          kind: 'unknownConfigValue',
          message: `${JSON.stringify(v)} is not a known value (${(node.options ?? []).map((o) => JSON.stringify(o)).join(', ')}); the default is used.`,
          ...(near ? { suggestion: near } : {}),
        },
      };
    }
    case 'toggle':
      return typeof v === 'boolean' ? { ok: true, value: v } : { ok: false };
    case 'number': {
      if (typeof v === 'string' && node.keywords?.includes(v)) return { ok: true, value: v };
      if (node.clamp) return clampNumber(node, v);
      if (typeof v !== 'number' || !Number.isFinite(v)) return { ok: false };
      let n = v;
      if (node.min !== undefined && n < node.min) n = node.min;
      if (node.max !== undefined && n > node.max) n = node.max;
      return { ok: true, value: n };
    }
    case 'text':
      return typeof v === 'string' ? { ok: true, value: v } : { ok: false };
    case 'font': {
      if (typeof v !== 'string') return { ok: false };
      if (v.includes(',')) {
        const first = firstFontFamily(v);
        return { ok: true, value: first, warning: { kind: 'fontFamilyStack', used: first, message: `A font stack was given; only the first family, ${first}, is used.` } };
      }
      return { ok: true, value: v.trim().replace(/^['"]|['"]$/g, '') };
    }
    case 'format': {
      if (typeof v === 'string' && node.extraWords?.includes(v)) return { ok: true, value: v };
      const f = typeof v === 'string' ? normalizeNumberFormat(v, node.family ?? 'counter') : undefined;
      if (f) return { ok: true, value: f };
      const used = normalizeNumberFormat('decimal', node.family ?? 'counter') ?? 'decimal';
      return { ok: true, value: used, warning: { kind: 'unknownNumberFormat', used, message: `${JSON.stringify(v)} is not a number style; decimal numbers are used.` } };
    }
    case 'json':
      return { ok: true, value: clone(v) };
  }
}

/** `columnCount` (§4: rounded, clamped to 3–8, non-number → 3) and `sideColumnPercent` (< 1 % clamped, NaN → 33). */
export function clampNumber(node: LeafNode, v: JsonValue): Norm {
  const fallback = node.clamp === 'columnCountClamped' ? 3 : 33;
  const min = node.min ?? -Infinity;
  const max = node.max ?? Infinity;
  let n = typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN;
  if (Number.isNaN(n)) {
    return { ok: true, value: fallback, warning: { kind: node.clamp ?? 'columnCountClamped', used: fallback, message: `Not a number; ${fallback} is used.` } };
  }
  if (node.int) n = Math.round(n);
  n = Math.min(max, Math.max(min, n));
  if (n !== v) {
    return { ok: true, value: n, warning: { kind: node.clamp ?? 'columnCountClamped', used: n, message: `${String(v)} is outside ${min}–${max}${node.int ? ' or not whole' : ''}; ${n} is used.` } };
  }
  return { ok: true, value: n };
}

/** Node-aware equality used by stripping. */
export function sameValue(node: LeafNode, a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (node.kind === 'length' && isDimension(a) && isDimension(b)) return sameDimension(a, b);
  if (node.kind === 'color' && isColorValue(a) && isColorValue(b)) return sameColor(a, b);
  if (node.kind === 'format' && typeof a === 'string' && typeof b === 'string') {
    const ca = canonicalNumberFormat(a);
    return ca !== undefined && ca === canonicalNumberFormat(b);
  }
  return jsonEqual(a, b);
}

/**
 * The fields of a catalogue object in declaration order, listed once per node: a full resolution
 * visits every object of the catalogue (listing its fields anew each time cost about 4 % of a
 * `config.set` reply). The catalogue is built once and never changed, so the list stays true.
 */
const fieldLists = new WeakMap<ObjectNode, readonly (readonly [string, AnyNode])[]>();
function fieldsOf(node: ObjectNode): readonly (readonly [string, AnyNode])[] {
  let list = fieldLists.get(node);
  if (!list) {
    list = Object.entries(node.fields);
    fieldLists.set(node, list);
  }
  return list;
}

/** A section, group or list of a build: the stored value it resolved, its value and the reads it made (path, value, …). */
interface BuiltNode {
  readonly stored: JsonValue | undefined;
  readonly value: JsonValue | undefined;
  readonly reads: readonly (string | JsonValue | undefined)[];
  /** The reads of the leaves resolved with it, by scope and catalogue node (the `leafReads` of the resolver that built it). */
  readonly leafReads: ReadonlyMap<string, ReadonlyMap<LeafNode, readonly (string | JsonValue | undefined)[]>>;
}

/** What a build lends to the build of a changed config (`Resolver.build(prev)`), by path. */
export interface BuildRecord {
  readonly locale: string;
  readonly nodes: ReadonlyMap<string, BuiltNode>;
}

const NO_READS: readonly (string | JsonValue | undefined)[] = [];

const BUSY: unique symbol = Symbol('resolving');
const UNSET: unique symbol = Symbol('unset');

/** Resolves a stored configuration into the complete effective one. Memoised per path; cycles guarded. */
export class Resolver {
  readonly warnings: ConfigWarning[] = [];
  /**
   * Resolved leaves; `BUSY` while a leaf's default is being computed (a cycle reads it as unset),
   * `UNSET` for a leaf that resolved to nothing. Keyed by the innermost list item holding the leaf
   * (`ctx.item`, '' outside lists), then by its catalogue node: within one item (or outside lists)
   * a leaf node sits at one path only (`tests/unit/config/resolve-memo.test.ts` checks the
   * catalogue), so this names the same leaves the path does. Keyed by the path itself, every leaf
   * of a full resolution hashed a freshly joined string: a quarter of a `config.set` reply.
   */
  private readonly memo = new Map<string, Map<LeafNode, JsonValue | typeof BUSY | typeof UNSET>>();
  /** `~.kind` of each list item, by item path (`visibleDefault`). */
  private readonly itemKinds = new Map<string, JsonValue>();
  /**
   * While `build` runs: every effective value read by path (`get`: followed defaults, palette
   * swatches, item kinds, built-in lists), as path, value, path, value… A leaf keeps the reads its
   * resolution made (`leafReads`, nested reads included) and repeats them here when it is taken
   * from the memo, so the reads logged while a section resolves are all it depends on besides its
   * own stored value.
   */
  private log: (string | JsonValue | undefined)[] | undefined;
  private readonly leafReads = new Map<string, Map<LeafNode, readonly (string | JsonValue | undefined)[]>>();
  /** A leaf was read while being resolved (a cycle): its readers saw it unset, so reads are not a safe key. */
  private cycled = false;
  /** What the last `build` can lend to the next one (undefined after a cycle). */
  record: BuildRecord | undefined;
  /** While `build` runs: the record being made, the one lent, and the lent reads checked so far. */
  private built: Map<string, BuiltNode> | undefined;
  private lend: BuildRecord | undefined;
  private readonly held = new Map<string, boolean>();
  readonly locale: string;

  constructor(readonly stored: JsonObject) {
    this.locale = storedLocale(stored);
  }

  ctx(extra?: Partial<DefaultContext>): DefaultContext {
    return { get: (p) => this.get(p), locale: this.locale, ...extra };
  }

  /**
   * The complete effective configuration. With `prev` (the record of a build of another stored
   * config with the same locale, without warnings or cycles), a section, group or list at a path
   * whose stored value is equal to the one `prev` resolved there and whose every logged read gives
   * an equal value now is taken from `prev` as it is (the same object: diffs pass it over by
   * identity, `followedDiff`); the rest is resolved. The result equals a build without `prev`: a
   * node's value is a function of its path, its stored value, the locale and the values it read.
   */
  build(prev?: BuildRecord): JsonObject {
    // Leaves resolved before the build logged no reads: only a build from an empty memo keeps a record.
    const fresh = this.memo.size === 0;
    this.log = [];
    this.built = new Map();
    this.lend = prev !== undefined && prev.locale === this.locale ? prev : undefined;
    const out = this.resolveNode(ROOT, this.stored, '', this.ctx()) as JsonObject;
    this.record = this.cycled || !fresh ? undefined : { locale: this.locale, nodes: this.built };
    this.log = undefined;
    this.built = undefined;
    this.lend = undefined;
    this.held.clear();
    return out;
  }

  /** Every read logged by a node of `lend` still gives the value it gave then. */
  private readsHold(reads: readonly (string | JsonValue | undefined)[]): boolean {
    const log = this.log;
    const mark = log?.length ?? 0;
    let ok = true;
    for (let i = 0; i < reads.length && ok; i += 2) {
      const path = reads[i] as string;
      let same = this.held.get(path);
      if (same === undefined) {
        // One answer per path and build: a path read anywhere in `lend` gave one value (no cycles).
        same = jsonEqual(this.get(path), reads[i + 1]);
        this.held.set(path, same);
      }
      ok = same;
    }
    // The checking reads are not the node's own (leaves resolved meanwhile keep theirs: leafReads).
    if (log) log.length = mark;
    return ok;
  }

  /** Effective value at an absolute path (sections, list items, leaves or parts of leaves). */
  get(path: string): JsonValue | undefined {
    const segs = parsePathShared(path);
    if ('error' in segs) return undefined;
    const v = this.getSegs(segs);
    this.log?.push(path, v);
    return v;
  }

  getSegs(segs: readonly Segment[]): JsonValue | undefined {
    let node: AnyNode = ROOT;
    let stored: JsonValue | undefined = this.stored;
    let path = '';
    let ctx = this.ctx();
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i] as Segment;
      if (node.node === 'leaf') {
        // Part of a value (e.g. `.value` of a length).
        let v: JsonValue | undefined = this.resolveNode(node, stored, path, ctx);
        for (const s of segs.slice(i)) v = isPlainObject(v) ? v[s.name] : undefined;
        return v;
      }
      if (node.node === 'list') return undefined;
      const child: AnyNode | undefined = node.fields[seg.name];
      const storedObj = this.objectView(node, stored);
      if (!child) {
        if (!node.open) return undefined;
        let v: JsonValue | undefined = storedObj?.[seg.name];
        for (const s of segs.slice(i + 1)) v = isPlainObject(v) ? v[s.name] : undefined;
        return v;
      }
      const childStored = storedObj?.[seg.name];
      const childPath = join(path, seg.name);
      if (child.node === 'list' && seg.sel) {
        const items = listItems(child, childStored, ctx, childPath);
        const want = 'index' in seg.sel ? `[${seg.sel.index}]` : `[${seg.sel.key}=${seg.sel.value}]`;
        const item = items.find((it) => it.sel === want);
        if (!item) return undefined;
        path = childPath + item.sel;
        ctx = this.itemCtx(childPath, path, item);
        node = child.item;
        stored = item.base;
        continue;
      }
      node = child;
      stored = childStored;
      path = childPath;
    }
    return this.resolveNode(node, stored, path, ctx);
  }

  private itemCtx(listPath: string, itemPath: string, item: ListItem): DefaultContext {
    const dot = listPath.lastIndexOf('.');
    const extra: Partial<DefaultContext> = { item: itemPath, owner: dot >= 0 ? listPath.slice(0, dot) : '' };
    if (item.key !== undefined) extra.key = item.key;
    return this.ctx(extra);
  }

  private objectView(node: ObjectNode, stored: JsonValue | undefined): JsonObject | undefined {
    if (node.booleanMeansEnabled && typeof stored === 'boolean') return { enabled: stored };
    return isPlainObject(stored) ? stored : undefined;
  }

  resolveNode(node: AnyNode, stored: JsonValue | undefined, path: string, ctx: DefaultContext): JsonValue | undefined {
    if (node.node === 'leaf') return this.resolveLeaf(node, stored, path, ctx);
    const log = this.log;
    const built = this.built;
    if (!log || !built) return this.resolveBranch(node, stored, path, ctx);
    const lent = this.lend?.nodes.get(path);
    if (lent && jsonEqual(lent.stored, stored) && this.readsHold(lent.reads)) {
      for (const x of lent.reads) log.push(x);
      built.set(path, lent);
      return lent.value;
    }
    const start = log.length;
    const value = this.resolveBranch(node, stored, path, ctx);
    built.set(path, { stored, value, reads: log.slice(start), leafReads: this.leafReads });
    return value;
  }

  private resolveBranch(node: ObjectNode | ListNode, stored: JsonValue | undefined, path: string, ctx: DefaultContext): JsonValue | undefined {
    if (node.node === 'list') {
      const items = listItems(node, stored, ctx, path);
      return items.map((it) => this.resolveNode(node.item, it.base, path + it.sel, this.itemCtx(path, path + it.sel, it)) ?? null);
    }
    if (stored === false && node.allowFalse) return false;
    const obj = this.objectView(node, stored);
    if (node.presence === 'whenSet' && obj === undefined) return undefined;
    // The same group resolved by the lent build: its leaves may be taken from it one by one.
    const lent = this.lend?.nodes.get(path);
    const lentValue = lent && isPlainObject(lent.value) ? lent.value : undefined;
    const lentStored = lentValue && lent ? this.objectView(node, lent.stored) : undefined;
    const out: JsonObject = {};
    for (const [k, field] of fieldsOf(node)) {
      const sv = obj?.[k];
      if (sv === undefined && !this.visibleDefault(field, ctx)) continue;
      const v = lent && lentValue && field.node === 'leaf' ? this.lentLeaf(field, sv, lent, lentStored?.[k], lentValue[k], join(path, k), ctx) : this.resolveNode(field, sv, join(path, k), ctx);
      if (v !== undefined) out[k] = v;
    }
    // Keys we do not know are kept as they are (never dropped).
    if (obj) for (const k of Object.keys(obj)) if (!(k in node.fields)) out[k] = clone(obj[k]);
    return out;
  }

  /**
   * A leaf of a group the lent build resolved: its lent value (the same object) when its stored
   * value is equal to the lent one and every read its lent resolution made gives an equal value
   * now; it goes into the memo as if resolved here. Else (or already in the memo) it is resolved.
   */
  private lentLeaf(node: LeafNode, stored: JsonValue | undefined, group: BuiltNode, lentStored: JsonValue | undefined, lentValue: JsonValue | undefined, path: string, ctx: DefaultContext): JsonValue | undefined {
    const scope = ctx.item ?? '';
    const memo = this.memo.get(scope);
    if ((memo && memo.has(node)) || !jsonEqual(stored, lentStored)) return this.resolveLeaf(node, stored, path, ctx);
    // The group's own build resolved the leaf (or lent it on with its reads): its reads are there.
    const reads = group.leafReads.get(scope)?.get(node) ?? NO_READS;
    if (!this.readsHold(reads)) return this.resolveLeaf(node, stored, path, ctx);
    let m = this.memo.get(scope);
    if (!m) {
      m = new Map();
      this.memo.set(scope, m);
    }
    m.set(node, lentValue === undefined ? UNSET : lentValue);
    if (reads.length > 0) {
      let byNode = this.leafReads.get(scope);
      if (!byNode) {
        byNode = new Map();
        this.leafReads.set(scope, byNode);
      }
      byNode.set(node, reads);
      if (this.log) for (const x of reads) this.log.push(x);
    }
    return lentValue;
  }

  /** Item-relative conditions (`~.kind`) decide whether a default applies at all (fields of other element kinds). */
  private visibleDefault(field: AnyNode, ctx: DefaultContext): boolean {
    const vis = field.meta.visible;
    if (!vis || vis.path !== '~.kind' || !ctx.item) return true;
    // Every field of an element asks for its item's kind: read once per item (an item without a
    // kind, or one read while its kind is being resolved, is asked again).
    let v = this.itemKinds.get(ctx.item);
    if (v === undefined) {
      v = this.get(ctx.item + vis.path.slice(1));
      if (v !== undefined) this.itemKinds.set(ctx.item, v);
    } else this.log?.push(ctx.item + vis.path.slice(1), v);
    if (vis.equals) return vis.equals.some((e) => jsonEqual(e, v));
    if (vis.not) return !vis.not.some((e) => jsonEqual(e, v));
    return true;
  }

  private palette(id: string): ColorValue | undefined {
    const v = this.get(`colorPalette[id=${id}].value`);
    return isColorValue(v) ? v : undefined;
  }

  resolveLeaf(node: LeafNode, stored: JsonValue | undefined, path: string, ctx: DefaultContext): JsonValue | undefined {
    const scope = ctx.item ?? '';
    let memo = this.memo.get(scope);
    if (!memo) {
      memo = new Map();
      this.memo.set(scope, memo);
    }
    const known = memo.get(node);
    if (known !== undefined) {
      if (known === BUSY) this.cycled = true;
      else if (this.log) {
        const reads = this.leafReads.get(scope)?.get(node);
        if (reads) for (const x of reads) this.log.push(x);
      }
      return known === BUSY || known === UNSET ? undefined : known;
    }
    memo.set(node, BUSY);
    const start = this.log?.length ?? 0;
    let value: JsonValue | undefined;
    if (stored !== undefined && stored !== null) {
      const n = normalizeStored(node, stored, (id) => this.palette(id));
      if (n.warning) this.warnings.push({ ...n.warning, path, value: clone(stored) });
      else if (!n.ok) {
        this.warnings.push({ kind: 'unknownConfigValue', path, value: clone(stored), message: `${path} holds a value of the wrong type; the default is used.` });
      }
      if (n.ok) value = n.value;
    }
    if (value === undefined) value = this.defaultOf(node, ctx);
    if (node.kind === 'color' && isPlainObject(value) && typeof value.paletteId === 'string' && !path.startsWith('colorPalette')) {
      const p = this.palette(value.paletteId);
      if (p) value = { ...value, hex: p.hex };
    }
    memo.set(node, value === undefined ? UNSET : value);
    if (this.log && this.log.length > start) {
      let byNode = this.leafReads.get(scope);
      if (!byNode) {
        byNode = new Map();
        this.leafReads.set(scope, byNode);
      }
      byNode.set(node, this.log.slice(start));
    }
    return value;
  }

  defaultOf(node: LeafNode, ctx: DefaultContext): JsonValue | undefined {
    const d = node.def;
    if (d.k === 'static') return clone(d.v);
    const v = d.fn(ctx);
    return v === undefined ? undefined : clone(v);
  }
}

// ---------------------------------------------------------------------------------------------
// Stripping (§0.4)

/**
 * Removes values equal to their default so the stored config is a minimal diff. Followed fields are kept whenever set;
 * context defaults are compared with the default for this config; merge-list entries are compared with the built-in
 * entry (the effective inherited value), not with static field defaults.
 */
export function stripConfigDefaults(stored: JsonObject): JsonObject {
  const r = new Resolver(stored);
  return (stripNode(ROOT, stored, undefined, '', r, r.ctx()) as JsonObject | undefined) ?? {};
}

function stripNode(node: AnyNode, v: JsonValue | undefined, builtin: JsonValue | undefined, path: string, r: Resolver, ctx: DefaultContext): JsonValue | undefined {
  if (v === undefined) return undefined;
  if (node.node === 'leaf') {
    if (v === null) return undefined;
    if (builtin !== undefined) return sameValue(node, normalizeForCompare(node, v), normalizeForCompare(node, builtin)) ? undefined : v;
    const d = node.def;
    if (d.k === 'follow') return v;
    const def = d.k === 'static' ? d.v : d.fn(ctx);
    return def !== undefined && sameValue(node, normalizeForCompare(node, v), def) ? undefined : v;
  }
  if (node.node === 'list') {
    if (!Array.isArray(v)) return v;
    const builtins = node.builtins ? node.builtins(ctx) : [];
    if (node.mode === 'merge' && node.key) {
      const key = node.key;
      const out: JsonValue[] = [];
      for (const item of v) {
        if (!isPlainObject(item)) {
          out.push(item);
          continue;
        }
        const b = builtins.find((x) => isPlainObject(x) && String(x[key]) === String(item[key]));
        const s = stripNode(node.item, item, b, `${path}[${key}=${String(item[key])}]`, r, { ...ctx, item: `${path}[${key}=${String(item[key])}]` });
        if (isPlainObject(s) && Object.keys(s).some((k) => k !== key)) out.push(s);
      }
      return out.length ? out : undefined;
    }
    const out = v.map((item, i) => {
      const sel = node.key && isPlainObject(item) ? `[${node.key}=${String(item[node.key])}]` : `[${i}]`;
      const s = stripNode(node.item, item, undefined, path + sel, r, { ...ctx, item: path + sel });
      return s === undefined ? (node.item.node === 'object' ? {} : item) : s;
    });
    // A replace list equal to its built-ins is the default.
    if (builtins.length && out.length === builtins.length) {
      const sb = builtins.map((b, i) => stripNode(node.item, b, undefined, `${path}[${i}]`, r, ctx) ?? {});
      if (jsonEqual(out, sb)) return undefined;
    }
    return out;
  }
  if (v === false && node.allowFalse) return false;
  // The legacy boolean form is kept as written unless it only restates the default.
  if (node.booleanMeansEnabled && typeof v === 'boolean') return stripNode(node, { enabled: v }, builtin, path, r, ctx) === undefined ? undefined : v;
  if (!isPlainObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, sv] of Object.entries(v)) {
    const field = node.fields[k];
    if (!field) {
      out[k] = sv;
      continue;
    }
    const b = isPlainObject(builtin) ? builtin[k] : undefined;
    // The key of a list entry is never stripped.
    const s = ctx.item && (k === 'id' || k === 'level' || k === 'name') && path === ctx.item ? sv : stripNode(field, sv, b, join(path, k), r, ctx);
    if (s !== undefined) out[k] = s;
  }
  if (Object.keys(out).length === 0 && node.presence !== 'whenSet' && path !== '') return undefined;
  return out;
}

function normalizeForCompare(node: LeafNode, v: JsonValue): JsonValue {
  if (node.kind === 'length') {
    const d = parseLength(v, node.unit ?? 'pt');
    return d ? { value: d.value, unit: d.unit } : v;
  }
  if (node.kind === 'color' && typeof v === 'string') {
    const c = parseColorText(v);
    return c ? { hex: c.hex, model: c.model } : v;
  }
  return v;
}
