import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BUNDLED_FACES, STARTUP_FACES } from '../../src/worker/engine/fonts/bundled';
import { FontRegistry } from '../../src/worker/engine/fonts/registry';

const require = createRequire(import.meta.url);

/**
 * The startup faces read from node_modules, as the worker gets them over HTTP, plus every
 * on-demand face of the families named in `families` (e.g. 'Amiri', 'Noto Serif SC').
 */
export function nodeFontRegistry(families: readonly string[] = []): FontRegistry {
  const registry = new FontRegistry();
  const wanted = new Set(families.map((f) => f.toLowerCase()));
  for (const face of [...STARTUP_FACES, ...BUNDLED_FACES.filter((f) => f.onDemand && wanted.has(f.family.toLowerCase()))]) {
    registry.add({ family: face.family, weight: face.weight, style: face.style, genre: face.genre, bytes: new Uint8Array(readFileSync(require.resolve(face.file))) });
  }
  return registry;
}
