/** `clone` copies a configuration value as a JSON round trip would, without going through text. */
import { describe, expect, it } from 'vitest';
import { clone } from '../../../src/worker/config/values';
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
