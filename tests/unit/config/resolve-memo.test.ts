/**
 * The resolver memoises each leaf by the innermost list item holding it and by its catalogue node
 * (resolve.ts `Resolver.memo`), not by its path. That names the same leaves only while no leaf
 * node sits at two paths within one item (or twice outside lists): checked here on the catalogue,
 * with the nodes the catalogue does share (tab stops, contents-row looks) resolving each to its
 * own value, and every leaf read by path agreeing with the full resolution after a series of
 * sets, patches and a replace.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveConfig, setConfig } from '../../../src/worker/config';
import type { JsonObject, JsonValue, StoredConfig } from '../../../src/worker/config';
import { ROOT } from '../../../src/worker/config/catalogue';
import { enumerateLeaves } from '../../../src/worker/config/model';
import type { AnyNode } from '../../../src/worker/config/nodes';
import { Resolver } from '../../../src/worker/config/resolve';

/** Catalogue paths of every leaf node, `[]` standing for a list item. */
function leafPlaces(node: AnyNode, path: string, out: Map<AnyNode, string[]>): Map<AnyNode, string[]> {
  if (node.node === 'leaf') out.set(node, [...(out.get(node) ?? []), path]);
  else if (node.node === 'list') leafPlaces(node.item, `${path}[]`, out);
  else for (const [k, f] of Object.entries(node.fields)) leafPlaces(f, path ? `${path}.${k}` : k, out);
  return out;
}

const presetConfig = (id: string): StoredConfig => (JSON.parse(readFileSync(`public/presets/${id}/preset.json`, 'utf8')) as { config: StoredConfig }).config;

describe('the resolver memo keyed by list item and catalogue node', () => {
  it('no leaf node sits at two paths within one list item or outside lists', () => {
    const places = leafPlaces(ROOT, '', new Map());
    let shared = 0;
    for (const paths of places.values()) {
      if (paths.length > 1) shared++;
      // The scope a path is memoised in: everything up to its innermost list item.
      const scopes = paths.map((p) => p.slice(0, p.lastIndexOf('[]') + 1));
      expect(new Set(scopes).size, `one node at ${paths.join(', ')}`).toBe(paths.length);
    }
    // The catalogue does share nodes between scopes, so the check above is not empty.
    expect(shared).toBeGreaterThan(0);
  });

  it('a node the catalogue shares resolves at each of its paths to the value set there', () => {
    const stored: JsonObject = {
      bodyText: { tabStops: [{ position: { value: 30, unit: 'pt' }, align: 'end' }] },
      paragraphStyles: [{ id: 'tabbed', tabStops: [{ position: { value: 50, unit: 'pt' }, align: 'center' }] }],
      toc: { levels: [{ level: 1, fontSize: { value: 13, unit: 'pt' } }], unnumbered: { fontSize: { value: 9, unit: 'pt' } } },
    };
    const effective = resolveConfig(stored);
    const at = (path: string): JsonValue | undefined => new Resolver(stored).get(path);
    expect(at('bodyText.tabStops[0].position')).toEqual({ value: 30, unit: 'pt' });
    expect(at('paragraphStyles[id=tabbed].tabStops[0].position')).toEqual({ value: 50, unit: 'pt' });
    expect(at('toc.levels[level=1].fontSize')).toEqual({ value: 13, unit: 'pt' });
    expect(at('toc.unnumbered.fontSize')).toEqual({ value: 9, unit: 'pt' });
    const body = effective['bodyText'] as JsonObject;
    expect((body['tabStops'] as JsonObject[])[0]!['align']).toBe('end');
    const style = (effective['paragraphStyles'] as JsonObject[]).find((s) => s['id'] === 'tabbed')!;
    expect((style['tabStops'] as JsonObject[])[0]!['align']).toBe('center');
    const toc = effective['toc'] as JsonObject;
    expect((toc['unnumbered'] as JsonObject)['fontSize']).toEqual({ value: 9, unit: 'pt' });
    expect(((toc['levels'] as JsonObject[])[0] as JsonObject)['fontSize']).toEqual({ value: 13, unit: 'pt' });
  });

  it('every leaf read by path (last first) equals the full resolution, after sets, patches and a replace', () => {
    let stored = presetConfig('magazine-piece');
    const steps: Parameters<typeof setConfig>[1][] = [
      { changes: [{ path: 'bodyText.fontSize', value: '11pt' }] },
      { changes: [{ path: 'headings.levels[level=2].fontSize', value: '15pt' }, { path: 'bodyText.tabStops', value: [{ position: '2cm', align: 'decimal' }] }] },
      { patch: { layout: { layoutType: 'single' }, toc: { unnumbered: { fontSize: '8pt' } } } },
      { changes: [{ path: 'colorPalette[id=accent].value', value: '#aa3300' }, { path: 'headings.color', value: 'accent' }] },
      { replace: { locale: 'ar', bodyText: { fontFamily: 'Amiri', fontSize: '12pt' }, header: { elements: [{ id: 't', kind: 'text', content: '{pageNumber}' }, { id: 'r', kind: 'rule' }] } } },
      { changes: [{ path: 'locale', value: 'ja' }, { path: 'layout.writingMode', value: 'vertical-rl' }] },
    ];
    for (const step of steps) {
      const result = setConfig(stored, step);
      expect(result.ok, JSON.stringify(step)).toBe(true);
      if (!result.ok) return;
      stored = result.config;
      const effective = resolveConfig(stored);
      const leaves = enumerateLeaves(ROOT, '', effective).reverse();
      expect(leaves.length).toBeGreaterThan(1000);
      // One resolver read leaf by leaf from the end: its memo fills in another order than the walk's.
      const byPath = new Resolver(stored);
      // (A leaf of a group the book does not set, absent from the full resolution, is passed over.)
      for (const leaf of leaves) if (leaf.effective !== undefined) expect(byPath.get(leaf.path), leaf.path).toEqual(leaf.effective);
    }
  });

  it('a stored configuration changed in place is resolved again, not served from the cache', () => {
    const stored: JsonObject = { bodyText: { fontSize: { value: 10, unit: 'pt' } } };
    expect((resolveConfig(stored)['bodyText'] as JsonObject)['fontSize']).toEqual({ value: 10, unit: 'pt' });
    (stored['bodyText'] as JsonObject)['fontSize'] = { value: 12, unit: 'pt' };
    expect((resolveConfig(stored)['bodyText'] as JsonObject)['fontSize']).toEqual({ value: 12, unit: 'pt' });
  });
});
