/**
 * Strict reading of values sent by tools and the Design panel (tools.md §2.9): every accepted form is normalised to
 * the stored form; anything else is refused with one sentence naming the path and the accepted forms.
 */
import type { AnyNode, LeafNode } from './nodes';
import type { JsonObject, JsonValue } from './types';
import { UNITS } from './types';
import {
  clampNumber, normalizeStored,
} from './resolve';
import {
  NUMBER_FORMAT_SPELLINGS, firstFontFamily, isColorValue, isPlainObject, normalizeNumberFormat, parseColorText, parseLength,
} from './values';
import { join, nearestKeys } from './paths';

export type Coerced = { ok: true; value: JsonValue; notes: string[] } | { ok: false; error: string; valid?: string[] };

export interface CoerceEnv {
  /** Current hex of a palette swatch, or undefined when no such swatch exists. */
  palette(id: string): string | undefined;
  paletteIds(): string[];
}

const fmtNum = (n: number): string => String(Math.round(n * 1e6) / 1e6);

/** The sentence telling what a length setting accepts. */
export function lengthHelp(path: string, node: LeafNode): string {
  const unit = node.unit ?? 'pt';
  const d = node.def.k === 'static' && isPlainObject(node.def.v) && typeof node.def.v.value === 'number' ? node.def.v.value : 1;
  const ex = d === 0 ? 1 : d;
  let s = `${path} is a length: give { "value": ${fmtNum(ex)}, "unit": "${unit}" }, a number (in ${unit}) or a text such as "${fmtNum(ex)}${unit}".`;
  const kw = (node.keywords ?? []).filter((k) => k !== '%');
  if (kw.length) s += ` It also takes ${kw.map((k) => `"${k}"`).join(' or ')}.`;
  if (node.keywords?.includes('%')) s += ' A percentage such as "50%" is accepted too.';
  if (node.numberAlso) s = s.replace('a number (in', `a plain number (${node.numberAlso}) — or a length in`);
  return `${s} The units: ${UNITS.join(', ')}.`;
}

function colorHelp(path: string, env: CoerceEnv): string {
  const ids = env.paletteIds();
  return `${path} is a colour: give a hex text such as "#1f3a5f" (with alpha: "#1f3a5f80"), "rgb(31, 58, 95)", "transparent"${
    ids.length ? `, a palette swatch id (${ids.join(', ')})` : ''
  } or { "hex": "#1f3a5f", "model": "hex" }.`;
}

function numberHelp(path: string, node: LeafNode): string {
  const whole = node.int ? 'a whole number' : 'a number';
  const range = node.min !== undefined && node.max !== undefined ? ` from ${node.min} to ${node.max}` : node.min !== undefined ? ` of at least ${node.min}` : node.max !== undefined ? ` of at most ${node.max}` : '';
  const unit = node.numberUnit ? ` (${node.numberUnit})` : '';
  const kw = node.keywords?.length ? `, or ${node.keywords.map((k) => `"${k}"`).join(' or ')}` : '';
  return `${path} is ${whole}${range}${unit}${kw}.`;
}

/** Coerces one input value for a leaf. */
export function coerceLeaf(node: LeafNode, input: JsonValue, path: string, env: CoerceEnv): Coerced {
  const notes: string[] = [];
  switch (node.kind) {
    case 'length': {
      if (typeof input === 'string' && node.keywords?.includes(input)) return { ok: true, value: input, notes };
      if (typeof input === 'string' && node.keywords?.includes('%') && /^\s*\d+(\.\d+)?%\s*$/.test(input)) return { ok: true, value: input.trim(), notes };
      if (typeof input === 'number' && node.numberAlso && Number.isFinite(input)) return { ok: true, value: input, notes };
      const d = parseLength(input, node.unit ?? 'pt');
      if (!d) return { ok: false, error: lengthHelp(path, node), valid: [...UNITS] };
      if (node.min !== undefined && d.value < node.min) return { ok: false, error: `${path} cannot be below ${node.min}. ${lengthHelp(path, node)}` };
      return { ok: true, value: { value: d.value, unit: d.unit }, notes };
    }
    case 'color': {
      if (typeof input === 'string') {
        const c = parseColorText(input);
        if (c) return { ok: true, value: { hex: c.hex, model: c.model }, notes };
        const id = input.startsWith('palette:') ? input.slice(8) : input;
        const hex = env.palette(id);
        if (hex !== undefined) {
          notes.push(`${path} is linked to the palette swatch ${id} (now ${hex}); it changes when the swatch does.`);
          return { ok: true, value: { hex, model: 'hex', paletteId: id }, notes };
        }
        return { ok: false, error: colorHelp(path, env) };
      }
      if (isPlainObject(input)) {
        if (typeof input.paletteId === 'string' && input.hex === undefined) {
          const hex = env.palette(input.paletteId);
          if (hex === undefined) return { ok: false, error: `${path}: there is no palette swatch "${input.paletteId}". ${colorHelp(path, env)}` };
          return { ok: true, value: { hex, model: 'hex', paletteId: input.paletteId }, notes };
        }
        if (typeof input.hex === 'string') {
          const c = parseColorText(input.hex);
          const model = input.model ?? 'hex';
          if (!c || !['hex', 'rgb', 'cmyk', 'hsl'].includes(String(model))) return { ok: false, error: colorHelp(path, env) };
          const out: JsonObject = { ...input, hex: c.model === 'rgb' ? c.hex : input.hex, model };
          if (!isColorValue(out)) return { ok: false, error: colorHelp(path, env) };
          const cmyk = input.cmyk;
          if (cmyk !== undefined && !(isPlainObject(cmyk) && ['c', 'm', 'y', 'k'].every((k) => typeof cmyk[k] === 'number' && (cmyk[k] as number) >= 0 && (cmyk[k] as number) <= 100))) {
            return { ok: false, error: `${path}: cmyk must be { "c": 0–100, "m": 0–100, "y": 0–100, "k": 0–100 } (percent).` };
          }
          if (typeof out.paletteId === 'string' && env.palette(out.paletteId) === undefined) {
            return { ok: false, error: `${path}: there is no palette swatch "${out.paletteId}". ${colorHelp(path, env)}` };
          }
          return { ok: true, value: out, notes };
        }
      }
      return { ok: false, error: colorHelp(path, env) };
    }
    case 'enum': {
      const opts = node.options ?? [];
      if (opts.includes(input as string | number | boolean)) return { ok: true, value: input, notes };
      // Numbers given as text for numeric enums (`uprightDigits: "3"`).
      if (typeof input === 'string' && opts.some((o) => typeof o === 'number' && String(o) === input)) return { ok: true, value: Number(input), notes };
      const near = typeof input === 'string' ? nearestKeys(input, opts.map(String), 1)[0] : undefined;
      return {
        ok: false,
        error: `${path} takes one of ${opts.map((o) => JSON.stringify(o)).join(', ')}; ${JSON.stringify(input)} is not one of them.${near ? ` Did you mean ${JSON.stringify(near)}?` : ''}`,
        valid: opts.map(String),
      };
    }
    case 'toggle':
      return typeof input === 'boolean' ? { ok: true, value: input, notes } : { ok: false, error: `${path} is a switch: give true or false.`, valid: ['true', 'false'] };
    case 'number': {
      if (typeof input === 'string' && node.keywords?.includes(input)) return { ok: true, value: input, notes };
      const n = typeof input === 'string' && input.trim() !== '' && Number.isFinite(Number(input)) ? Number(input) : input;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { ok: false, error: numberHelp(path, node) };
      if (node.clamp) {
        const c = clampNumber(node, n);
        if (c.ok && c.value !== n) notes.push(`${path} takes ${node.int ? 'whole numbers' : 'values'} from ${node.min} to ${node.max}; ${fmtNum(n)} was set as ${String(c.value)}.`);
        return c.ok ? { ok: true, value: c.value, notes } : { ok: false, error: numberHelp(path, node) };
      }
      if (node.int && !Number.isInteger(n)) return { ok: false, error: numberHelp(path, node) };
      if ((node.min !== undefined && n < node.min) || (node.max !== undefined && n > node.max)) return { ok: false, error: numberHelp(path, node) };
      return { ok: true, value: n, notes };
    }
    case 'text':
      return typeof input === 'string' ? { ok: true, value: input, notes } : { ok: false, error: `${path} is a text: give a string, e.g. "${node.def.k === 'static' && typeof node.def.v === 'string' && node.def.v ? node.def.v : 'text'}".` };
    case 'font': {
      if (typeof input !== 'string' || input.trim() === '') return { ok: false, error: `${path} is a font family: give one family name such as "EB Garamond".` };
      if (input.includes(',')) {
        const first = firstFontFamily(input);
        notes.push(`${path} takes one family, not a stack; "${first}" was used.`);
        return { ok: true, value: first, notes };
      }
      return { ok: true, value: input.trim().replace(/^['"]|['"]$/g, ''), notes };
    }
    case 'format': {
      if (typeof input === 'string' && node.extraWords?.includes(input)) return { ok: true, value: input, notes };
      if (typeof input === 'string' && normalizeNumberFormat(input, node.family ?? 'counter')) return { ok: true, value: input, notes };
      const words = ['decimal', 'lower-roman', 'upper-roman', 'lower-alpha', 'upper-alpha', ...(node.extraWords ?? [])];
      return {
        ok: false,
        error: `${path} is a number style: give one of ${words.join(', ')} or another accepted spelling (arabic, roman-lower, i, I, a, A, cjk-decimal, circled-decimal, arabic-indic, …).`,
        valid: [...NUMBER_FORMAT_SPELLINGS, ...(node.extraWords ?? [])],
      };
    }
    case 'json':
      return { ok: true, value: input, notes };
  }
}

/** Coerces a value for any node: sections and list items recursively (unknown keys refused with the nearest key). */
export function coerceValue(node: AnyNode, input: JsonValue, path: string, env: CoerceEnv, keepUnknown = false): Coerced {
  if (node.node === 'leaf') return coerceLeaf(node, input, path, env);
  if (node.node === 'list') {
    if (!Array.isArray(input)) return { ok: false, error: `${path} is a list: give an array of items${node.key ? `, each with its ${node.key}` : ''}.` };
    const out: JsonValue[] = [];
    const notes: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < input.length; i++) {
      const item = input[i] as JsonValue;
      let sel = `[${i}]`;
      if (node.key) {
        const k = isPlainObject(item) ? item[node.key] : undefined;
        if (typeof k !== 'string' && typeof k !== 'number') return { ok: false, error: `Each item of ${path} needs its ${node.key}.` };
        if (node.keyValues && !node.keyValues.includes(Number(k))) return { ok: false, error: `${path}: ${node.key} must be one of ${node.keyValues.join(', ')}.` };
        if (seen.has(String(k))) return { ok: false, error: `${path}: ${node.key} ${String(k)} appears twice.` };
        seen.add(String(k));
        sel = `[${node.key}=${String(k)}]`;
      }
      const c = coerceValue(node.item, item, path + sel, env, keepUnknown);
      if (!c.ok) return c;
      out.push(c.value);
      notes.push(...c.notes);
    }
    return { ok: true, value: out, notes };
  }
  if (input === false && node.allowFalse) return { ok: true, value: false, notes: [] };
  if (typeof input === 'boolean' && node.booleanMeansEnabled) return { ok: true, value: { enabled: input }, notes: [] };
  if (!isPlainObject(input)) {
    return { ok: false, error: `${path} is a group of settings: give an object with some of ${Object.keys(node.fields).slice(0, 12).join(', ')}${Object.keys(node.fields).length > 12 ? ', …' : ''}.` };
  }
  const out: JsonObject = {};
  const notes: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    const field = node.fields[k];
    const p = join(path, k);
    if (!field) {
      if (node.open) {
        out[k] = v;
        continue;
      }
      if (keepUnknown) {
        out[k] = v;
        notes.push(`${p} is not a setting we know; it is kept as it is but has no effect.`);
        continue;
      }
      const near = nearestKeys(k, Object.keys(node.fields));
      return { ok: false, error: `There is no setting "${p}".${near.length ? ` Closest: ${near.map((n) => join(path, n)).join(', ')}.` : ''}` };
    }
    if (v === null) continue;
    const c = coerceValue(field, v, p, env, keepUnknown);
    if (!c.ok) return c;
    out[k] = c.value;
    notes.push(...c.notes);
  }
  return { ok: true, value: out, notes };
}

/** Checks a whole stored configuration in replace mode; unknown top-level keys are kept and reported. */
export function lenientLeafOk(node: LeafNode, v: JsonValue): boolean {
  return normalizeStored(node, v, () => undefined).ok;
}
