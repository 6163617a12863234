/**
 * The CJK annotation settings read their `fontSize` alike (engine/settings-annotation.ts): a bare
 * number or an em length is relative to the annotated text, another unit an absolute size in pt,
 * zero or nonsense the default 0.5 em.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';

describe('cjk.ruby / cjk.warichu / cjk.kunten fontSize', () => {
  it('em lengths and bare numbers in em, other units in pt, the default otherwise', () => {
    const read = (fontSize: unknown) => {
      const s = settingsFromConfig({ locale: 'ja', cjk: { ruby: { fontSize }, warichu: { fontSize }, kunten: { fontSize } } } as never);
      return [s.ruby, s.warichu, s.kunten].map((a) => ({ em: a!.sizeEm, pt: a!.sizePt }));
    };
    for (const one of read({ value: 0.4, unit: 'em' })) expect(one).toEqual({ em: 0.4, pt: undefined });
    for (const one of read(0.3)) expect(one).toEqual({ em: 0.3, pt: undefined });
    for (const one of read({ value: 6, unit: 'pt' })) expect(one).toEqual({ em: 0.5, pt: 6 });
    for (const one of read({ value: 0, unit: 'em' })) expect(one).toEqual({ em: 0.5, pt: undefined });
    for (const one of read('large')) expect(one).toEqual({ em: 0.5, pt: undefined });
  });
});
