import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const PRESETS_ROOT = fileURLToPath(new URL('../../fixtures/bundles/presets/', import.meta.url));

/** Node stand-ins for the worker's fetch readers: null for a missing file, like a 404. */
export function fsReaders(root: string = PRESETS_ROOT): {
  readText: (path: string) => Promise<string | null>;
  readBytes: (path: string) => Promise<Uint8Array | null>;
  requested: string[];
} {
  const requested: string[] = [];
  const readBytes = async (path: string): Promise<Uint8Array | null> => {
    requested.push(path);
    const full = resolve(root, path);
    if (!full.startsWith(resolve(root))) throw new Error(`test reader: ${path} escapes the root`);
    try {
      return new Uint8Array(await readFile(full));
    } catch {
      return null;
    }
  };
  return {
    readBytes,
    readText: async (path) => {
      const bytes = await readBytes(path);
      return bytes === null ? null : new TextDecoder().decode(bytes);
    },
    requested,
  };
}
