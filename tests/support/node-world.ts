import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BUNDLED_FACES } from '../../src/worker/engine/fonts/bundled';
import { FontRegistry } from '../../src/worker/engine/fonts/registry';

const require = createRequire(import.meta.url);

/** The bundled faces read from node_modules, as the worker gets them over HTTP. */
export function nodeFontRegistry(): FontRegistry {
  const registry = new FontRegistry();
  for (const face of BUNDLED_FACES) {
    registry.add({ family: face.family, weight: face.weight, style: face.style, bytes: new Uint8Array(readFileSync(require.resolve(face.file))) });
  }
  return registry;
}
