import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BUNDLED_FACES, STARTUP_FACES } from '../../src/worker/engine/fonts/bundled';
import { FontRegistry } from '../../src/worker/engine/fonts/registry';
import { Shaper } from '../../src/worker/engine/fonts/shaper';

const require = createRequire(import.meta.url);

/**
 * The startup faces read from node_modules, as the worker gets them over HTTP, plus every
 * on-demand face of the families named in `families` (e.g. 'Amiri', 'Noto Serif SC').
 */
export function nodeFontRegistry(families: readonly string[] = []): FontRegistry {
  const registry = new FontRegistry(nodeShaper());
  const wanted = new Set(families.map((f) => f.toLowerCase()));
  for (const face of [...STARTUP_FACES, ...BUNDLED_FACES.filter((f) => f.onDemand && wanted.has(f.family.toLowerCase()))]) {
    registry.add({ family: face.family, weight: face.weight, style: face.style, genre: face.genre, bytes: new Uint8Array(readFileSync(require.resolve(face.file))) });
  }
  return registry;
}

let shaper: Shaper | null = null;

/** HarfBuzz's shaper (engine/fonts/shaper.ts) over harfbuzzjs's wasm from node_modules, one per process as in the worker. */
export function nodeShaper(): Shaper {
  shaper ??= Shaper.loadSync(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz.wasm')));
  return shaper;
}
