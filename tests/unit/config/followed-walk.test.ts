/**
 * `followed` (tools.md §2.10) walks the effective configurations before and after a change
 * together and names leaves only where they differ. Checked here against the plain reading of the
 * rule — flatten both trees, compare every path not touched by the change — over the sample books'
 * configurations and changes that move followers in objects, in keyed lists and in whole values.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { followedDiff, resolveConfig, setConfig } from '../../../src/worker/config';
import { flatten, type FollowedEntry } from '../../../src/worker/config/model';
import type { JsonObject, JsonValue, StoredConfig } from '../../../src/worker/config';
import { jsonEqual } from '../../../src/worker/config/values';

/** The rule as written: every flattened path, minus touched ones, minus appearing/disappearing ones; split lengths and colours merged. */
function followedByFlattening(before: JsonObject, after: JsonObject, changed: readonly string[]): FollowedEntry[] {
  const a = flatten(before, '');
  const b = flatten(after, '');
  const touched = (p: string): boolean => changed.some((c) => p === c || p.startsWith(c + '.') || p.startsWith(c + '[') || c.startsWith(p + '.') || c.startsWith(p + '['));
  const out: FollowedEntry[] = [];
  for (const p of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(p);
    const y = b.get(p);
    if (touched(p) || jsonEqual(x, y) || x === undefined || y === undefined) continue;
    out.push({ path: p, from: x, to: y });
  }
  return out;
}

/** The leaf entries of a `followed` list (merged lengths/colours split back), sorted. */
function leaves(entries: readonly FollowedEntry[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    const parts = flatten(e.to as JsonValue, e.path);
    const from = flatten(e.from as JsonValue, e.path);
    for (const [p, v] of parts) if (!jsonEqual(from.get(p), v)) out.push(`${p}: ${JSON.stringify(from.get(p))} → ${JSON.stringify(v)}`);
  }
  return out.sort();
}

const presetConfig = (id: string): StoredConfig => (JSON.parse(readFileSync(`public/presets/${id}/preset.json`, 'utf8')) as { config: StoredConfig }).config;

const CHANGES: { path: string; value: JsonValue }[] = [
  { path: 'bodyText.fontSize', value: { value: 11.5, unit: 'pt' } },
  { path: 'bodyText.lineHeight', value: { value: 16, unit: 'pt' } },
  { path: 'page.sizePreset', value: 'tabloid' },
  { path: 'layout.layoutType', value: 'single' },
  { path: 'layout.writingMode', value: 'vertical-rl' },
  { path: 'bodyText.fontFamily', value: 'Literata' },
  { path: 'headings.fontFamily', value: 'Inter' },
  { path: 'headings.levels[level=2].fontSize', value: { value: 20, unit: 'pt' } },
  { path: 'locale', value: 'ja' },
  { path: 'locale', value: 'ar' },
  { path: 'cjk.grid.enabled', value: true },
];

describe('followed values', () => {
  for (const id of ['postext-guide', 'chinese-book', 'arabic-book', 'magazine-piece']) {
    it(`${id}: the walked diff names exactly the leaves the flattened comparison names, for every change`, () => {
      const stored = presetConfig(id);
      const before = resolveConfig(stored);
      let followers = 0;
      for (const change of CHANGES) {
        const result = setConfig(stored, { changes: [change] });
        if (!result.ok) continue;
        const after = resolveConfig(result.config);
        const paths = result.changed.map((c) => c.path);
        const walked = followedDiff(before, after, paths);
        expect(leaves(walked), `${id} ${change.path}`).toEqual(leaves(followedByFlattening(before, after, paths)));
        // The transaction's report is the same list.
        expect(result.followed).toEqual(walked);
        followers += walked.length;
      }
      // The changes do move followers (body size moves em-based lengths, the page preset the page size…).
      expect(followers).toBeGreaterThan(0);
    });
  }

  it('a list item that appears is not a follower; a changed item field inside a keyed list is', () => {
    const before: JsonObject = { a: { levels: [{ level: 1, size: 10 }, { level: 2, size: 8 }] }, b: { x: 1 } };
    const after: JsonObject = { a: { levels: [{ level: 1, size: 12 }, { level: 2, size: 8 }, { level: 3, size: 6 }] }, b: { x: 2 } };
    expect(followedDiff(before, after, ['b.x'])).toEqual([{ path: 'a.levels[level=1].size', from: 10, to: 12 }]);
    // The changed path itself and everything under it is never a follower; the rest still is.
    expect(followedDiff(before, after, ['a.levels'])).toEqual([{ path: 'b.x', from: 1, to: 2 }]);
  });
});
