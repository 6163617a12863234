/**
 * The small language the settings catalogue is written in. Every node carries what the resolver, the validator,
 * the zod schema, the setting search and the (future) Design panel need: type, unit, range, enum values, default
 * (static, followed or context-dependent — configuration.md §0.4/§0.5/§18), the em reference (§0.6) and metadata.
 */
import type { ColorValue, Dimension, JsonObject, JsonValue, Unit } from './types';
import type { FormatFamily } from './values';
import { parseLength, parseColorText } from './values';

/** What "1 em" means for a length key (configuration.md §0.6). */
export type EmRef =
  | 'body' // body font size
  | 'own' // the size of the thing itself (its own fontSize)
  | 'heading' // the heading level's own size
  | 'note' // the footnote's own size
  | 'code' // the code listing's size
  | 'surrounding' // the surrounding text
  | 'element' // a design element's own fontSize
  | 'formula' // the formula's own size
  | 'poem' // the poem's size
  | 'paragraph' // the paragraph's own size
  | 'header' // a table header cell's size
  | 'bodyCell' // a table body cell's size
  | 'callout' // a callout's body size
  | 'chip' // a chip's own size
  | 'item'; // list item text size

/** Control the Design panel renders for a setting. */
export type ControlKind = 'length' | 'color' | 'enum' | 'toggle' | 'number' | 'text' | 'font' | 'format' | 'json' | 'list' | 'group';

/** Where a setting is shown in the Design panel. */
export type SectionId =
  | 'page' | 'layout' | 'grid' | 'cutLines' | 'language' | 'cjk' | 'colors' | 'fonts' | 'bodyText' | 'hyphenation'
  | 'justification' | 'breaks' | 'quotes' | 'headings' | 'headingLevels' | 'balancing' | 'headingStyles' | 'toc' | 'index'
  | 'unorderedLists' | 'orderedLists' | 'resourceTypes' | 'captions' | 'tables' | 'diagrams' | 'video' | 'math'
  | 'callouts' | 'chips' | 'code' | 'paragraphStyles' | 'header' | 'footer' | 'parts' | 'footnotes' | 'lineNumbers'
  | 'crossRefs' | 'citations' | 'htmlViewer' | 'pdf' | 'print' | 'folio' | 'debug' | 'comics' | 'legacy';

/**
 * Shown only when the setting at `path` has one of `equals` (or none of `not`). A path starting with `~.` is relative
 * to the list item holding the setting (e.g. `~.kind` for a header element).
 */
export interface Visibility {
  path: string;
  equals?: readonly JsonValue[];
  not?: readonly JsonValue[];
}

/** Context for computed defaults. */
export interface DefaultContext {
  /** Effective value at an absolute path (resolved on demand). */
  get(path: string): JsonValue | undefined;
  /** Path of the list item whose field is being resolved (e.g. `headings.levels[level=2]`), if any. */
  item?: string;
  /** Path of the object that owns the list the item is in (e.g. `unorderedLists`). */
  owner?: string;
  /** Key value of the list item (level number or id). */
  key?: string | number;
  /** Effective `locale`. */
  locale: string;
}

export type DefaultSpec =
  | { k: 'static'; v: JsonValue | undefined }
  /** Followed: recomputed from its sources while unset; kept whenever explicitly set (§0.4 rule 1). */
  | { k: 'follow'; from: readonly string[]; fn: (c: DefaultContext) => JsonValue | undefined; text: string }
  /** Context default: stripped when equal to the default for that config (§0.4 rule 2). */
  | { k: 'context'; fn: (c: DefaultContext) => JsonValue | undefined; text: string };

export interface Meta {
  /** Design-panel label; derived from the key when absent. */
  label?: string;
  /** Help text (our own words). */
  help: string;
  /** Design-panel section; inherited from the parent when absent. */
  section?: SectionId;
  visible?: Visibility;
  /** Priority (configuration.md §0.1). */
  p?: 'C' | 'M' | 'A';
}

interface NodeBase {
  meta: Meta;
}

/** A single setting. `V` is the effective TypeScript type (phantom, for the typed accessor). */
export interface LeafNode<V = unknown, Opt extends boolean = boolean> extends NodeBase {
  node: 'leaf';
  kind: Exclude<ControlKind, 'group' | 'list'>;
  def: DefaultSpec;
  /** length: the unit a bare number means. */
  unit?: Unit;
  /** length: what em means for this key (§0.6). */
  em?: EmRef;
  /** enum options (strings, numbers or booleans). */
  options?: readonly (string | number | boolean)[];
  /** Extra words accepted beside a length or a number (`'fill'`, `'auto'`, `'end'`, `'document'`…). */
  keywords?: readonly string[];
  /** length: also a bare fraction/multiple is meaningful (`wrap.minTextWidth`, design `lineHeight`). */
  numberAlso?: string;
  min?: number;
  max?: number;
  int?: boolean;
  /** Clamp instead of rejecting (with a note and a warning) — columnCount, sideColumnPercent. */
  clamp?: 'columnCountClamped' | 'sideColumnPercentClamped';
  /** number: unit shown in the panel (`%`, `× space`, `ppi`…). */
  numberUnit?: string;
  /** format: whose spelling family the setting writes (§3). */
  family?: FormatFamily;
  /** format: extra words besides §3 spellings (`symbols`). */
  extraWords?: readonly string[];
  /** Phantom: the effective value type and whether it may be unset. */
  readonly __t?: { v: V; o: Opt };
}

export interface ObjectNode<F extends Record<string, AnyNode> = Record<string, AnyNode>, Opt extends boolean = boolean>
  extends NodeBase {
  node: 'object';
  fields: F;
  /** `'whenSet'`: absent from the effective config until the book sets it (e.g. `codeStyle.inline`). */
  presence: 'always' | 'whenSet';
  /** Accepts `false` as a whole value (`dropCap: false`). */
  allowFalse?: boolean;
  /** Legacy: a bare boolean means `{ enabled: <bool> }` (`page.cutLines`, §19). */
  booleanMeansEnabled?: boolean;
  /** Accepts any extra key (design placement fragments, palette maps, overrides). */
  open?: boolean;
  readonly __t?: { o: Opt };
}

export interface ListNode<I extends AnyNode = AnyNode> extends NodeBase {
  node: 'list';
  item: I;
  /** Match key (§0.3); absent → addressed by index. */
  key?: 'level' | 'id' | 'name';
  /** Valid key values (levels 1–6 / 1–5). */
  keyValues?: readonly number[];
  /** `merge`: entries override built-in items by key; `replace`: a set list replaces the built-ins. */
  mode: 'merge' | 'replace';
  /** Built-in items in stored form (locale-dependent for resource types). */
  builtins?: (c: DefaultContext) => JsonValue[];
}

export type AnyNode = LeafNode | ObjectNode | ListNode;

// ---------------------------------------------------------------------------------------------
// Effective type inference (typed accessor for the layout engine)

export type Effective<N> = N extends { node: 'leaf'; __t?: { v: infer V; o: infer O } }
  ? [O] extends [true]
    ? V | undefined
    : V
  : N extends { node: 'object'; fields: infer F; __t?: { o: infer O } }
    ? [O] extends [true]
      ? { [K in keyof F]: Effective<F[K]> } | undefined
      : { [K in keyof F]: Effective<F[K]> }
    : N extends ListNode<infer I>
      ? Effective<I>[]
      : never;

// ---------------------------------------------------------------------------------------------
// Builders

export interface Opts {
  l?: string;
  sec?: SectionId;
  vis?: Visibility;
  p?: 'C' | 'M' | 'A';
}
export interface LenOpts extends Opts {
  em?: EmRef;
  unit?: Unit;
  kw?: readonly string[];
  min?: number;
  numberAlso?: string;
}
export interface NumOpts extends Opts {
  min?: number;
  max?: number;
  int?: boolean;
  unit?: string;
  clamp?: 'columnCountClamped' | 'sideColumnPercentClamped';
  kw?: readonly string[];
}

type DefIn = DefaultSpec | JsonValue | undefined;

function toDef(d: DefIn): DefaultSpec {
  if (d !== null && typeof d === 'object' && !Array.isArray(d) && (d.k === 'follow' || d.k === 'context' || d.k === 'static') && !('hex' in d)) {
    return d as unknown as DefaultSpec;
  }
  return { k: 'static', v: d as JsonValue | undefined };
}

function meta(help: string, o?: Opts): Meta {
  const m: Meta = { help };
  if (o?.l !== undefined) m.label = o.l;
  if (o?.sec !== undefined) m.section = o.sec;
  if (o?.vis !== undefined) m.visible = o.vis;
  if (o?.p !== undefined) m.p = o.p;
  return m;
}

/** Follow another setting (or compute from several) while unset (§0.5). */
export function follow(from: string | readonly string[], fn: (c: DefaultContext) => JsonValue | undefined, text?: string): DefaultSpec {
  const list = typeof from === 'string' ? [from] : from;
  return { k: 'follow', from: list, fn, text: text ?? `follows ${list.join(', ')}` };
}
/** Follow one absolute path by value. */
export function same(path: string): DefaultSpec {
  return follow(path, (c) => c.get(path));
}
/** Context-dependent default (locale, writing mode…). */
export function ctxDef(fn: (c: DefaultContext) => JsonValue | undefined, text: string): DefaultSpec {
  return { k: 'context', fn, text };
}

/** A length. `def` is a text such as `'2cm'`, a default spec or undefined (unset). */
export function len<O extends boolean = false>(def: string | DefaultSpec | undefined, help: string, o?: LenOpts): LeafNode<Dimension, O> {
  let unit: Unit = o?.unit ?? 'pt';
  let d: DefaultSpec;
  if (typeof def === 'string') {
    const parsed = parseLength(def, unit);
    if (!parsed) throw new Error(`catalogue: bad length default ${def}`);
    if (!o?.unit) unit = parsed.unit;
    d = { k: 'static', v: { value: parsed.value, unit: parsed.unit } };
  } else d = def ?? { k: 'static', v: undefined };
  const n: LeafNode<Dimension, O> = { node: 'leaf', kind: 'length', def: d, meta: meta(help, o), unit, em: o?.em ?? 'body' };
  if (o?.kw) n.keywords = o.kw;
  if (o?.min !== undefined) n.min = o.min;
  if (o?.numberAlso) n.numberAlso = o.numberAlso;
  return n;
}

/** The accent colour linked to palette entry `main-color` (§15.1). */
export const MAIN: ColorValue = { hex: '#295AA3', model: 'hex', paletteId: 'main-color' };
/** The same, as a stored JSON object (for built-in items). */
export const mainJson = (): JsonObject => ({ hex: '#295AA3', model: 'hex', paletteId: 'main-color' });

/** A colour. `def`: `'#rrggbb'`, `'main'` (palette-linked accent), a ColorValue, a spec or undefined. */
export function col(def: string | ColorValue | DefaultSpec | undefined, help: string, o?: Opts): LeafNode<ColorValue, false> {
  let d: DefaultSpec;
  if (def === 'main') d = { k: 'static', v: mainJson() };
  else if (typeof def === 'string') {
    const c = parseColorText(def);
    if (!c) throw new Error(`catalogue: bad colour ${def}`);
    d = { k: 'static', v: { hex: c.hex, model: 'hex' } };
  } else if (def && 'hex' in def) d = { k: 'static', v: { ...def } as unknown as JsonObject };
  else d = def ?? { k: 'static', v: undefined };
  return { node: 'leaf', kind: 'color', def: d, meta: meta(help, o) };
}

export function en<const T extends readonly (string | number | boolean)[], O extends boolean = false>(
  options: T,
  def: T[number] | DefaultSpec | undefined,
  help: string,
  o?: Opts,
): LeafNode<T[number], O> {
  return { node: 'leaf', kind: 'enum', options, def: toDef(def as DefIn), meta: meta(help, o) };
}

export function bool(def: boolean | DefaultSpec | undefined, help: string, o?: Opts): LeafNode<boolean, false> {
  return { node: 'leaf', kind: 'toggle', def: toDef(def), meta: meta(help, o) };
}

export function num<O extends boolean = false>(def: number | string | DefaultSpec | undefined, help: string, o?: NumOpts): LeafNode<number, O> {
  const n: LeafNode<number, O> = { node: 'leaf', kind: 'number', def: toDef(def), meta: meta(help, o) };
  if (o?.min !== undefined) n.min = o.min;
  if (o?.max !== undefined) n.max = o.max;
  if (o?.int) n.int = true;
  if (o?.unit) n.numberUnit = o.unit;
  if (o?.clamp) n.clamp = o.clamp;
  if (o?.kw) n.keywords = o.kw;
  return n;
}

export function txt<O extends boolean = false>(def: string | DefaultSpec | undefined, help: string, o?: Opts): LeafNode<string, O> {
  return { node: 'leaf', kind: 'text', def: toDef(def), meta: meta(help, o) };
}

export function font(def: string | DefaultSpec | undefined, help: string, o?: Opts): LeafNode<string, false> {
  return { node: 'leaf', kind: 'font', def: toDef(def), meta: meta(help, o) };
}

export function fmt(family: FormatFamily, def: string | DefaultSpec, help: string, o?: Opts & { extra?: readonly string[] }): LeafNode<string, false> {
  const n: LeafNode<string, false> = { node: 'leaf', kind: 'format', family, def: toDef(def), meta: meta(help, o) };
  if (o?.extra) n.extraWords = o.extra;
  return n;
}

/** Free-form JSON kept as given (complex fragments we do not model field by field yet). */
export function json<O extends boolean = true>(def: JsonValue | DefaultSpec | undefined, help: string, o?: Opts): LeafNode<JsonValue, O> {
  return { node: 'leaf', kind: 'json', def: toDef(def), meta: meta(help, o) };
}

export function obj<const F extends Record<string, AnyNode>>(
  fields: F,
  help: string,
  o?: Opts & { whenSet?: boolean; allowFalse?: boolean; booleanMeansEnabled?: boolean; open?: boolean },
): ObjectNode<F, false> {
  const n: ObjectNode<F, false> = { node: 'object', fields, presence: o?.whenSet ? 'whenSet' : 'always', meta: meta(help, o) };
  if (o?.allowFalse) n.allowFalse = true;
  if (o?.booleanMeansEnabled) n.booleanMeansEnabled = true;
  if (o?.open) n.open = true;
  return n;
}

/** An object present only when set (effective type may be undefined). */
export function optObj<const F extends Record<string, AnyNode>>(
  fields: F,
  help: string,
  o?: Opts & { allowFalse?: boolean; open?: boolean },
): ObjectNode<F, true> {
  return { ...obj(fields, help, { ...o, whenSet: true }) } as unknown as ObjectNode<F, true>;
}

export function list<I extends AnyNode>(
  item: I,
  help: string,
  o: Opts & { key?: 'level' | 'id' | 'name'; keyValues?: readonly number[]; mode?: 'merge' | 'replace'; builtins?: (c: DefaultContext) => JsonValue[] },
): ListNode<I> {
  const n: ListNode<I> = { node: 'list', item, meta: meta(help, o), mode: o.mode ?? 'replace' };
  if (o.key) n.key = o.key;
  if (o.keyValues) n.keyValues = o.keyValues;
  if (o.builtins) n.builtins = o.builtins;
  return n;
}

/** Same fields, every default replaced by "follows `<prefix>.<key>`" (named table styles, style bodies). */
export function followingFields<F extends Record<string, AnyNode>>(fields: F, prefix: string): F {
  const out: Record<string, AnyNode> = {};
  for (const [k, n] of Object.entries(fields)) {
    if (n.node === 'leaf') out[k] = { ...n, def: same(`${prefix}.${k}`) };
    else if (n.node === 'object') out[k] = { ...n, fields: followingFields(n.fields, `${prefix}.${k}`) };
    else out[k] = n;
  }
  return out as F;
}
