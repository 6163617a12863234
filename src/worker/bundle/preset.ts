import type { BundleReadResult } from './book';
import { BundleError } from './errors';
import { describeIssues, indexEntrySchema, indexFileSchema, parseJsonFile, parseManifest, type IndexEntry } from './manifest';
import { joinPath, normalizeBundlePath } from './paths';
import { readBundle, type ReadBundleOptions } from './read';

/**
 * Preset sources (bundle-format.md §1–§2): a directory served over HTTP with `index.json` and one
 * directory per preset. File access is injected so that the same code runs in the worker
 * (`fetch('/presets/…')`) and in Node tests (`fs`).
 */

/** Reads a text file relative to the presets root; null when it does not exist. */
export type ReadText = (path: string) => Promise<string | null>;
/** Reads a binary file relative to the presets root; null when it does not exist. */
export type ReadBytes = (path: string) => Promise<Uint8Array | null>;

export interface PresetIndexEntry extends IndexEntry {
  /** `dir`, normalised (no `./`, no trailing slash). */
  dir: string;
}

export interface PresetIndex {
  presets: PresetIndexEntry[];
  /** Entries left out and why; shown in the console, never as an error. */
  warnings: string[];
}

/**
 * Reads `index.json`. A missing or malformed index yields no presets, never an error (§2); a bad
 * entry is left out and the others are kept.
 */
export async function readPresetIndex(readText: ReadText, path = 'index.json'): Promise<PresetIndex> {
  let text: string | null;
  try {
    text = await readText(path);
  } catch (error) {
    return { presets: [], warnings: [`${path} could not be read: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (text === null) return { presets: [], warnings: [] };
  let raw: unknown;
  try {
    raw = parseJsonFile(text, path);
  } catch (error) {
    return { presets: [], warnings: [(error as Error).message] };
  }
  const file = indexFileSchema.safeParse(raw);
  if (!file.success) return { presets: [], warnings: [describeIssues(file.error, path)] };

  const presets: PresetIndexEntry[] = [];
  const warnings: string[] = [];
  const ids = new Set<string>();
  let sawDefault = false;
  for (const [index, rawEntry] of file.data.presets.entries()) {
    const entry = indexEntrySchema.safeParse(rawEntry);
    if (!entry.success) {
      warnings.push(`Preset ${index + 1} left out: ${describeIssues(entry.error, path)}`);
      continue;
    }
    const dir = normalizeBundlePath(entry.data.dir);
    if ('error' in dir) {
      warnings.push(`Preset "${entry.data.id}" left out: its dir "${entry.data.dir}" ${dir.error}`);
      continue;
    }
    if (ids.has(entry.data.id)) {
      warnings.push(`Preset "${entry.data.id}" left out: the id is listed twice`);
      continue;
    }
    ids.add(entry.data.id);
    const value: PresetIndexEntry = { ...entry.data, dir: dir.path };
    if (value.default === true) {
      // "true on at most one entry": the first one wins.
      if (sawDefault) {
        warnings.push(`Preset "${value.id}" is marked default, but an earlier one already is; ignored`);
        delete value.default;
      }
      sawDefault = true;
    }
    presets.push(value);
  }
  return { presets, warnings };
}

/** The picker's preview picture of an index entry, relative to the presets root; null when none or unsafe. */
export function presetThumbnailPath(entry: PresetIndexEntry): string | null {
  if (entry.thumbnail === undefined) return null;
  const path = normalizeBundlePath(entry.thumbnail);
  return 'error' in path ? null : joinPath(entry.dir, path.path);
}

export interface LoadPresetOptions extends ReadBundleOptions {
  /** The preset directory, relative to the presets root (an index entry's `dir`). */
  dir: string;
  /** The id the index lists for it; a different manifest id is reported as a warning. */
  expectedId?: string;
  readText: ReadText;
  readBytes: ReadBytes;
}

/** Reads one edition of a preset directory: manifest, that edition's chapters, resources, fonts, cover. */
export async function loadPresetBook(options: LoadPresetOptions): Promise<BundleReadResult> {
  const dir = normalizeBundlePath(options.dir);
  if ('error' in dir) throw new BundleError('unsafe-path', `The preset directory "${options.dir}" ${dir.error}`);
  const manifestText = await options.readText(joinPath(dir.path, 'preset.json'));
  if (manifestText === null) {
    throw new BundleError('invalid-manifest', `${joinPath(dir.path, 'preset.json')} is missing; every preset directory needs a manifest`);
  }
  const manifest = parseManifest(manifestText, `${dir.path}/preset.json`);
  const { book, warnings } = await readBundle(
    manifest,
    {
      readText: (path) => options.readText(joinPath(dir.path, path)),
      readBytes: (path) => options.readBytes(joinPath(dir.path, path)),
    },
    options,
  );
  if (options.expectedId !== undefined && options.expectedId !== manifest.id) {
    warnings.unshift(`The index lists this preset as "${options.expectedId}" but its manifest says "${manifest.id}"`);
  }
  return { book, warnings, layouts: null };
}
