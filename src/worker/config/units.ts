/**
 * Lengths for the layout engine: what em means for a key (configuration.md §0.6) and conversion of resolved lengths
 * to points (1 in = 72 pt, 1 cm = 72/2.54 pt, px through `page.dpi`).
 */
import type { EmRef, LeafNode } from './nodes';
import type { Dimension, JsonObject, JsonValue } from './types';
import { locate, parsePath } from './paths';
import { Resolver } from './resolve';
import { isDimension, isPlainObject, lengthToPt } from './values';
import type { LengthContext } from './values';

/** The em reference of a setting path, or undefined when the path is not a length. */
export function emReferenceOf(path: string): EmRef | undefined {
  const segs = parsePath(path);
  if ('error' in segs) return undefined;
  const loc = locate(segs);
  if ('error' in loc || loc.node.node !== 'leaf' || loc.node.kind !== 'length') return undefined;
  return (loc.node as LeafNode).em;
}

/** Body size in pt (the rem reference): `bodyText.fontSize` of an effective config. */
export function bodySizePt(effective: JsonObject): number {
  const body = effective.bodyText;
  const fs = isPlainObject(body) ? body.fontSize : undefined;
  const dpi = dpiOf(effective);
  // A body size in em/rem would be circular; read it as pt (8 pt default).
  return isDimension(fs) ? lengthToPt(fs, { emPt: 8, remPt: 8, dpi }) : 8;
}

export function dpiOf(effective: JsonObject): number {
  const page = effective.page;
  return isPlainObject(page) && typeof page.dpi === 'number' && page.dpi > 0 ? page.dpi : 300; // px per inch
}

function atPt(effective: JsonObject, r: Resolver, path: string, emPt: number): number | undefined {
  const v = r.get(path);
  if (!isDimension(v)) return undefined;
  return lengthToPt(v, { emPt, remPt: bodySizePt(effective), dpi: dpiOf(effective) });
}

/**
 * Size in pt that 1 em means for a path (§0.6), found from the effective config where the config alone decides it.
 * Context references (surrounding text, a chip's text) fall back to the sibling `fontSize` or the body size.
 */
export function emBasePt(effective: JsonObject, stored: JsonObject, path: string): number {
  const body = bodySizePt(effective);
  const ref = emReferenceOf(path);
  const r = new Resolver(stored);
  const parent = path.slice(0, Math.max(0, path.lastIndexOf('.')));
  const sibling = (): number | undefined => (parent ? atPt(effective, r, `${parent}.fontSize`, body) : undefined);
  switch (ref) {
    case 'heading': {
      const lvl = /headings\.levels\[level=(\d)\]/.exec(path)?.[1];
      return (lvl ? atPt(effective, r, `headings.levels[level=${lvl}].fontSize`, body) : undefined) ?? body;
    }
    case 'note':
      return atPt(effective, r, 'footnotes.fontSize', body) ?? body;
    case 'code':
      return atPt(effective, r, 'codeStyle.fontSize', body) ?? body;
    case 'formula': {
      const m = effective.math;
      const scale = isPlainObject(m) && typeof m.fontSizeScale === 'number' ? m.fontSizeScale : 1;
      return body * scale;
    }
    case 'callout': {
      const id = /calloutStyles\[id=([^\]]*)\]/.exec(path)?.[1];
      return (id ? atPt(effective, r, `calloutStyles[id=${id}].body.fontSize`, body) : undefined) ?? body;
    }
    case 'bodyCell':
      return atPt(effective, r, `${parent}.bodyFontSize`, body) ?? atPt(effective, r, 'tableStyle.bodyFontSize', body) ?? body;
    case 'header':
      return atPt(effective, r, `${parent}.headerFontSize`, body) ?? atPt(effective, r, 'tableStyle.headerFontSize', body) ?? body;
    case 'own':
    case 'element':
    case 'chip':
    case 'paragraph':
    case 'poem':
    case 'surrounding':
    case 'item':
      return sibling() ?? body;
    case 'body':
    case undefined:
      return body;
  }
}

/** A resolved length at a path in points; `emPt` overrides the em reference when the engine knows it better. */
export function lengthAtPt(effective: JsonObject, stored: JsonObject, path: string, emPt?: number): number | undefined {
  const v: JsonValue | undefined = new Resolver(stored).get(path);
  if (!isDimension(v)) return undefined;
  return toPt(v, { emPt: emPt ?? emBasePt(effective, stored, path), remPt: bodySizePt(effective), dpi: dpiOf(effective) });
}

/** Converts a length to points (re-export with the name the engine uses). */
export function toPt(d: Dimension, ctx: LengthContext): number {
  return lengthToPt(d, ctx);
}
