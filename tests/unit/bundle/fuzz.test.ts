import fc from 'fast-check';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { BundleError, importPostext } from '../../../src/worker/bundle';

/** Whatever the bytes, import either succeeds or refuses with a BundleError — never another exception. */
async function outcome(bytes: Uint8Array): Promise<'ok' | 'refused'> {
  try {
    await importPostext(bytes, { limits: { maxEntries: 100, maxEntryBytes: 1_000_000, maxTotalBytes: 2_000_000 } });
    return 'ok';
  } catch (error) {
    if (error instanceof BundleError) return 'refused';
    throw error;
  }
}

describe('import never fails with anything but a BundleError', () => {
  it('random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), async (bytes) => {
        expect(await outcome(bytes)).toBe('refused');
      }),
      { seed: 20261202, numRuns: 200 },
    );
  });

  it('a valid archive with random bytes overwritten', async () => {
    const zip = new JSZip();
    const date = new Date(1980, 0, 1);
    zip.file('preset.json', JSON.stringify({ version: 2, id: 'f', name: 'F', chapters: [{ title: 'A', file: 'a.md' }] }), { date });
    zip.file('a.md', '# A\n\nSome text that compresses a little, a little, a little.\n', { date });
    const valid = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }), async (edits) => {
        const bytes = valid.slice();
        for (const [at, value] of edits) bytes[at] = value;
        expect(['ok', 'refused']).toContain(await outcome(bytes));
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
