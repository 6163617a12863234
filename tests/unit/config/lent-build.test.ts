/**
 * setConfig resolves the changed configuration with the resolution of the one it was changed from
 * lent (`Resolver.build(prev)`): what the change cannot reach is taken from it, the same objects.
 * Checked here: the lent parts are shared, and a resolution with a lent build equals a resolution
 * from scratch (effective values and warnings) along chains of changes that move followed values,
 * palette links, list items, the locale and the writing mode.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveConfig, setConfig } from '../../../src/worker/config';
import { resolveWithWarnings, type SetConfigRequest } from '../../../src/worker/config/model';
import type { JsonObject, StoredConfig } from '../../../src/worker/config';

const presetConfig = (id: string): StoredConfig => (JSON.parse(readFileSync(`public/presets/${id}/preset.json`, 'utf8')) as { config: StoredConfig }).config;

const REQUESTS: SetConfigRequest[] = [
  { changes: [{ path: 'bodyText.fontSize', value: { value: 11.5, unit: 'pt' } }] },
  { changes: [{ path: 'colorPalette[id=main-color].value', value: '#aa0000' }] },
  { changes: [{ path: 'headings.color', value: 'main-color' }] },
  { changes: [{ path: 'colorPalette[id=accent]', value: { id: 'accent', name: 'Accent', value: '#00aa00' } }] },
  { changes: [{ path: 'headings.levels[level=2].color', value: 'accent' }] },
  { changes: [{ path: 'colorPalette[id=accent]', value: null }] },
  { changes: [{ path: 'page.sizePreset', value: 'tabloid' }] },
  { changes: [{ path: 'layout.writingMode', value: 'vertical-rl' }] },
  { changes: [{ path: 'header.elements[id=rule].thickness', value: { value: 2, unit: 'pt' } }] },
  { patch: { bodyText: { fontSize: '9pt', color: '#222222' }, page: { margins: { top: '25mm' } } } },
  { changes: [{ path: 'locale', value: 'ja' }] },
  { changes: [{ path: 'bodyText.fontSize', value: { value: 12, unit: 'pt' } }] },
  { changes: [{ path: 'bodyText.fontSize', value: null }] },
  // Stored values that warn: the resolution is then made from scratch.
  { replace: { bodyText: { fontSize: '10pt' }, headings: { fontFamily: 'A, B' } } },
  { changes: [{ path: 'bodyText.fontSize', value: { value: 10.5, unit: 'pt' } }] },
  { replace: {} },
  { changes: [{ path: 'unorderedLists.color', value: '#123456' }] },
  { changes: [{ path: 'bodyText.fontSize', value: { value: 11, unit: 'pt' } }] },
];

/** The resolution of a copy: an object the cache has never seen, so nothing is lent to it. */
const fromScratch = (stored: StoredConfig): { effective: JsonObject; warnings: unknown[] } => resolveWithWarnings(structuredClone(stored));

describe('a resolution with a lent build', () => {
  it('shares what a body size change cannot reach and resolves what it can', () => {
    const base: StoredConfig = {};
    const before = resolveConfig(base);
    const res = setConfig(base, { changes: [{ path: 'bodyText.fontSize', value: { value: 10.5, unit: 'pt' } }] });
    if (!res.ok) throw new Error(res.error);
    const after = resolveConfig(res.config);
    // Page geometry and headings (sizes in points) do not follow the body size: the same objects.
    expect(after.page).toBe(before.page);
    expect(after.headings).toBe(before.headings);
    // Body text and the em lengths that follow it are resolved again.
    expect(after.bodyText).not.toBe(before.bodyText);
    expect(after).toEqual(fromScratch(res.config).effective);
    expect(res.followed.map((f) => f.path)).toContain('captionStyle.fontSize.value');
  });

  for (const id of ['default', 'postext-guide', 'chinese-book', 'arabic-book', 'magazine-piece']) {
    it(`${id}: every step of a chain of changes resolves as from scratch`, () => {
      let stored: StoredConfig = id === 'default' ? {} : presetConfig(id);
      resolveConfig(stored);
      for (const req of REQUESTS) {
        const res = setConfig(stored, req);
        if (!res.ok) throw new Error(`${JSON.stringify(req)}: ${res.error}`);
        const scratch = fromScratch(res.config);
        expect(resolveConfig(res.config), JSON.stringify(req)).toEqual(scratch.effective);
        expect(res.warnings, JSON.stringify(req)).toEqual(scratch.warnings);
        stored = res.config;
      }
    });
  }
});
