/**
 * `clone` copies a configuration value as a JSON round trip would, without going through text;
 * `jsonEqual` compares as the key-list reading of structural equality does, without the lists.
 */
import { describe, expect, it } from 'vitest';
import { clone, jsonEqual } from '../../../src/worker/config/values';
import type { JsonValue } from '../../../src/worker/config';
import { mulberry32 } from '../../support/prose';

/** A random JSON-ish value, with the odd values a round trip changes (-0, NaN, Infinity, undefined). */
function randomValue(random: () => number, depth: number): JsonValue {
  const pick = Math.floor(random() * (depth > 3 ? 6 : 8));
  switch (pick) {
    case 0: return null;
    case 1: return random() < 0.5;
    case 2: return [0, -0, 1.5, -12, NaN, Infinity, -Infinity, 1e-7][Math.floor(random() * 8)]!;
    case 3: return ['', 'pt', 'Literata', '{n}', '__proto__'][Math.floor(random() * 5)]!;
    case 4:
    case 5: return Math.round(random() * 1000) / 10;
    case 6: return Array.from({ length: Math.floor(random() * 4) }, () => (random() < 0.1 ? (undefined as unknown as JsonValue) : randomValue(random, depth + 1)));
    default: {
      const out: Record<string, JsonValue> = {};
      for (const k of ['value', 'unit', 'levels', 'hex', '__proto__', 'x'].slice(0, 1 + Math.floor(random() * 6))) {
        const v = random() < 0.1 ? (undefined as unknown as JsonValue) : randomValue(random, depth + 1);
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return out as JsonValue;
    }
  }
}

describe('clone', () => {
  it('equals a JSON round trip on 2,000 random values, shares no object with its input, and never sets a prototype', () => {
    const random = mulberry32(5);
    for (let i = 0; i < 2000; i++) {
      const v = randomValue(random, 0);
      const copy = clone(v);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(v));
      expect(copy).toStrictEqual(JSON.parse(JSON.stringify(v)));
      if (v !== null && typeof v === 'object') {
        expect(copy).not.toBe(v);
        if (!Array.isArray(copy)) expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      }
    }
    expect(clone(undefined)).toBeUndefined();
    expect(Object.is(clone(-0), 0)).toBe(true);
  });
});

/** Structural equality read plainly: the defined keys of each side listed, then compared. */
function equalByKeyLists(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equalByKeyLists(x, b[i]));
  if (typeof a !== 'object' || typeof b !== 'object' || Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => equalByKeyLists(a[k], b[k]));
}

describe('jsonEqual', () => {
  it('agrees with the key-list reading on 3,000 random pairs, a third of them copies with one change', () => {
    const random = mulberry32(9);
    let equal = 0;
    for (let i = 0; i < 3000; i++) {
      const a = randomValue(random, 0);
      const b = i % 3 === 0 ? clone(a) : i % 3 === 1 ? randomValue(random, 0) : tweak(clone(a), random);
      const expected = equalByKeyLists(a, b);
      expect(jsonEqual(a, b), JSON.stringify([a, b])).toBe(expected);
      expect(jsonEqual(b, a)).toBe(expected);
      if (expected) equal++;
    }
    // Both answers occur often (the pairs are not all equal or all different).
    expect(equal).toBeGreaterThan(500);
    expect(equal).toBeLessThan(2500);
    // Undefined values count as absent keys.
    expect(jsonEqual({ a: 1, b: undefined as unknown as JsonValue }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, c: 2 })).toBe(false);
  });
});

/** The value with one leaf replaced or one key added somewhere (or as it is, when there is no place to change). */
function tweak(v: JsonValue, random: () => number): JsonValue {
  if (v === null || typeof v !== 'object') return typeof v === 'number' ? v + 1 : 'changed';
  const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v);
  if (keys.length === 0 || random() < 0.2) {
    if (Array.isArray(v)) return [...v, 1];
    return { ...v, added: 1 };
  }
  const k = keys[Math.floor(random() * keys.length)]!;
  const target = v as Record<string, JsonValue>;
  target[k] = tweak(target[k] ?? null, random);
  return v;
}
