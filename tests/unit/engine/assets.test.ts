import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FACES } from '../../../src/worker/engine/fonts/bundled';

describe('bundled assets', () => {
  it('gives every bundled face an asset URL in the worker (host/assets.ts)', () => {
    const assets = readFileSync('src/worker/host/assets.ts', 'utf8');
    for (const face of BUNDLED_FACES) {
      expect(assets).toContain(`from '${face.file}?url'`);
      expect(assets).toContain(`'${face.file}':`);
    }
  });
});
