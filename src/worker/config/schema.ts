/**
 * The zod 4 schema of a stored `PostextConfig`, generated from the catalogue (so it lists every section and key with
 * its type, range and enum values). Objects are loose: keys we do not know are kept, never dropped (README "read and
 * kept"). Leaves take the stored forms (Dimension, ColorValue…) plus the short forms the tools accept.
 */
import { z } from 'zod';
import type { AnyNode, LeafNode } from './nodes';
import { ROOT } from './catalogue';
import { UNITS } from './types';
import { NUMBER_FORMAT_SPELLINGS, canonicalNumberFormat, parseColorText, parseLength } from './values';

const unitSchema = z.enum(UNITS);
export const dimensionSchema = z.object({ value: z.number().finite(), unit: unitSchema });
const cmykSchema = z.object({ c: z.number().min(0).max(100), m: z.number().min(0).max(100), y: z.number().min(0).max(100), k: z.number().min(0).max(100) });
export const colorValueSchema = z.looseObject({
  hex: z.string().refine((s) => parseColorText(s) !== undefined, { message: 'not a colour (#rgb, #rrggbb, #rrggbbaa, rgb(), transparent)' }),
  model: z.enum(['hex', 'rgb', 'cmyk', 'hsl']),
  paletteId: z.string().optional(),
  cmyk: cmykSchema.optional(),
});

function leafSchema(n: LeafNode): z.ZodType {
  switch (n.kind) {
    case 'length': {
      const parts: z.ZodType[] = [dimensionSchema, z.string().refine((s) => parseLength(s, n.unit ?? 'pt') !== undefined || (n.keywords ?? []).includes(s) || ((n.keywords ?? []).includes('%') && /^\d+(\.\d+)?%$/.test(s)), { message: 'not a length' })];
      if (n.numberAlso) parts.push(z.number().finite());
      return z.union(parts as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    }
    case 'color':
      return z.union([colorValueSchema, z.string().min(1)]);
    case 'enum': {
      const opts = (n.options ?? []) as (string | number | boolean)[];
      return z.literal(opts);
    }
    case 'toggle':
      return z.boolean();
    case 'number': {
      // Clamped keys (columnCount, sideColumnPercent) accept any number: the engine clamps with a warning (§4).
      let s = z.number().finite();
      if (!n.clamp) {
        if (n.min !== undefined) s = s.min(n.min);
        if (n.max !== undefined) s = s.max(n.max);
        if (n.int) s = s.int();
      }
      return n.keywords?.length ? z.union([s, z.literal([...n.keywords])]) : s;
    }
    case 'text':
    case 'font':
      return z.string();
    case 'format':
      return z.string().refine((s) => canonicalNumberFormat(s) !== undefined || (n.extraWords ?? []).includes(s), {
        message: `not a number style (${NUMBER_FORMAT_SPELLINGS.slice(0, 8).join(', ')}, …)`,
      });
    case 'json':
      return z.json();
  }
}

function nodeSchema(node: AnyNode): z.ZodType {
  if (node.node === 'leaf') return leafSchema(node);
  if (node.node === 'list') return z.array(nodeSchema(node.item));
  const shape: Record<string, z.ZodType> = {};
  for (const [k, f] of Object.entries(node.fields)) shape[k] = nodeSchema(f).optional();
  let s: z.ZodType = z.looseObject(shape);
  if (node.allowFalse) s = z.union([s, z.literal(false)]);
  if (node.booleanMeansEnabled) s = z.union([s, z.boolean()]);
  return s;
}

/** Schema of a whole stored configuration. */
export const configSchema: z.ZodType = nodeSchema(ROOT);

/** Checks the shape of a stored configuration; answers sentences naming each bad path. */
export function checkConfigShape(v: unknown): { ok: true } | { ok: false; errors: string[] } {
  const r = configSchema.safeParse(v);
  if (r.success) return { ok: true };
  return { ok: false, errors: r.error.issues.map((i) => `${formatIssuePath(i.path)}: ${i.message}`) };
}

function formatIssuePath(p: readonly PropertyKey[]): string {
  let s = '';
  for (const k of p) s += typeof k === 'number' ? `[${k}]` : s ? `.${String(k)}` : String(k);
  return s || '(config)';
}
