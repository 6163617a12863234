/**
 * Font ops (`font.put`, `font.delete`, `font.rename`) on the book: `config.customFonts` lists the
 * families and their variants (configuration.md §15.2), `BookState.fontFiles` holds the bytes by
 * file id. Every op leaves only files some family uses (unused files are pruned here; storage
 * collects their rows). Pure: the bytes were checked by the host before the transaction
 * (engine/fonts/inspect.ts); here only the container is recognised.
 */
import { customFamiliesOf, findFamily, sortVariants, uploadedFontFileId, type CustomFontFamily } from '../engine/fonts/custom';
import { fontFormatOf } from '../engine/fonts/sfnt';
import type { FontOp } from '../protocol/messages';
import { OpError, type BookState } from './book';

export function applyFontOp(book: BookState, op: FontOp): BookState {
  const families = customFamiliesOf(book.config);
  const files = new Map(book.fontFiles ?? []);
  const names = (): string => families.map((f) => `"${f.name}"`).join(', ') || 'none';
  switch (op.type) {
    case 'font.put': {
      const format = fontFormatOf(op.bytes);
      if (!format) throw new OpError(`“${op.fileName}” is not a font file: send a WOFF2, WOFF, TTF or OTF file.`);
      const fileId = uploadedFontFileId(op.bytes);
      files.set(fileId, op.bytes);
      let family = findFamily(families, op.family);
      if (!family) {
        family = { name: op.family.trim(), variants: [] };
        families.push(family);
      }
      const variant = { weight: op.weight, style: op.style, fileId, format, fileName: baseName(op.fileName) };
      family.variants = sortVariants([...family.variants.filter((v) => v.weight !== op.weight || v.style !== op.style), variant]);
      return withFamilies(book, families, files);
    }
    case 'font.delete': {
      const family = findFamily(families, op.family);
      if (!family) throw new OpError(`The book has no font family "${op.family}"; its families are: ${names()}.`);
      const keep = family.variants.filter((v) => (op.weight !== undefined && v.weight !== op.weight) || (op.style !== undefined && v.style !== op.style));
      if (op.weight !== undefined || op.style !== undefined) {
        if (keep.length === family.variants.length) {
          const faces = family.variants.map((v) => `${v.weight} ${v.style}`).join(', ');
          throw new OpError(`"${family.name}" has no ${[op.weight, op.style].filter((x) => x !== undefined).join(' ')} face; its faces are: ${faces || 'none'}.`);
        }
      }
      const rest = op.weight === undefined && op.style === undefined ? [] : keep;
      const next = rest.length > 0 ? families.map((f) => (f === family ? { ...f, variants: rest } : f)) : families.filter((f) => f !== family);
      return withFamilies(book, next, files);
    }
    case 'font.rename': {
      const family = findFamily(families, op.family);
      if (!family) throw new OpError(`The book has no font family "${op.family}"; its families are: ${names()}.`);
      const newName = op.newFamily.trim();
      const clash = findFamily(families, newName);
      if (clash && clash !== family) throw new OpError(`The book already has a font family "${clash.name}"; choose another name or delete that family first.`);
      const oldName = family.name;
      family.name = newName;
      const renamed = withFamilies(book, families, files);
      if (!op.updateSettings) return renamed;
      return { ...renamed, config: renameFamilyInSettings(renamed.config, oldName, newName) };
    }
  }
}

/** The config with `customFonts` set to `families` (removed when empty) and the unused files pruned. */
function withFamilies(book: BookState, families: readonly CustomFontFamily[], files: Map<string, Uint8Array>): BookState {
  const used = new Set(families.flatMap((f) => f.variants.map((v) => v.fileId)));
  for (const id of [...files.keys()]) if (!used.has(id)) files.delete(id);
  const { customFonts: _old, ...rest } = book.config as Record<string, unknown>;
  const list = families.filter((f) => f.variants.length > 0).map((f) => ({ ...f, variants: f.variants.map((v) => ({ ...v })) }));
  const config = list.length > 0 ? { ...rest, customFonts: list } : rest;
  return { ...book, config, fontFiles: files };
}

/**
 * Every typeface setting (a key ending in `fontFamily` / `FontFamily`, at any depth) naming
 * `from` names `to` instead, so a renamed family keeps setting the text it set.
 */
export function renameFamilyInSettings(config: Readonly<Record<string, unknown>>, from: string, to: string): Record<string, unknown> {
  const key = from.toLowerCase();
  const walk = (value: unknown, name: string): unknown => {
    if (typeof value === 'string') return /fontfamily$/i.test(name) && value.trim().toLowerCase() === key ? to : value;
    if (Array.isArray(value)) return value.map((item) => walk(item, name));
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = k === 'customFonts' ? v : walk(v, k);
      return out;
    }
    return value;
  };
  return walk(config, '') as Record<string, unknown>;
}

function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}
