/**
 * The resolver gives each design element the defaults of its own kind (configuration.md §5.3:
 * text fields for text elements, thickness for rules, a box style for boxes), read once per item,
 * and a default that reads another setting sees that setting's resolved value.
 */
import { describe, expect, it } from 'vitest';
import { effectiveAt, resolveConfig } from '../../../src/worker/config';
import type { JsonObject } from '../../../src/worker/config';

describe('resolving list items by kind', () => {
  it('each header element gets the defaults of its kind, whatever the order of the elements', () => {
    const elements: JsonObject[] = [
      { id: 'r', kind: 'rule' },
      { id: 't', kind: 'text', content: '{pageNumber}' },
      { id: 'b', kind: 'box' },
      { id: 'plain', content: 'no kind given' },
      { id: 'i', kind: 'image', resourceId: 'logo' },
    ];
    for (const order of [elements, [...elements].reverse()]) {
      const effective = resolveConfig({ header: { elements: order } });
      const byId = new Map(((effective['header'] as JsonObject)['elements'] as JsonObject[]).map((e) => [e['id'], e]));
      const rule = byId.get('r')!;
      expect(rule['thickness']).toEqual({ value: 0.5, unit: 'pt' });
      expect(rule['direction']).toBe('horizontal');
      expect(rule['fontSize']).toBeUndefined();
      expect(rule['overflow']).toBeUndefined();
      const text = byId.get('t')!;
      expect(text['fontSize']).toEqual({ value: 8, unit: 'pt' });
      expect(text['align']).toBe('center');
      expect(text['overflow']).toBe('ellipsis-end');
      expect(text['thickness']).toBeUndefined();
      expect(text['style']).toBeUndefined();
      // No kind stored: a text element (the kind's own default), with the text defaults.
      const plain = byId.get('plain')!;
      expect(plain['kind']).toBe('text');
      expect(plain['fontFamily']).toBe('EB Garamond');
      expect(byId.get('b')!['style']).toMatchObject({ borderWidth: { value: 0, unit: 'pt' } });
      expect(byId.get('b')!['fontSize']).toBeUndefined();
      expect(byId.get('i')!['decorative']).toBe(false);
      expect(byId.get('i')!['content']).toBeUndefined();
    }
  });

  it('a path read twice in one resolution gives the same value, and the by-path reader agrees with the whole resolution', () => {
    const stored = { bodyText: { fontSize: { value: 11, unit: 'pt' } }, header: { elements: [{ id: 'a', kind: 'rule' }, { id: 'b', kind: 'text' }] } };
    const effective = resolveConfig(stored);
    const header = (effective['header'] as JsonObject)['elements'] as JsonObject[];
    expect(effectiveAt(stored, 'header.elements[id=a].thickness')).toEqual(header[0]!['thickness']);
    expect(effectiveAt(stored, 'header.elements[id=b].overflow')).toBe(header[1]!['overflow']);
    expect(effectiveAt(stored, 'bodyText.fontSize')).toEqual({ value: 11, unit: 'pt' });
    expect(resolveConfig(stored)).toEqual(effective);
  });
});
