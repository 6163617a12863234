import { describe, expect, it } from 'vitest';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const garamond = fonts.match('EB Garamond', 400, 'normal');

describe('shaping with HarfBuzz', () => {
  it('uses the ffi ligature for "office" in EB Garamond', () => {
    const shaped = garamond.shape('office');
    // o + ffi + c + e: the three letters f, f, i become one glyph whose cluster starts at index 1.
    expect(shaped.glyphList().length).toBe(4);
    expect(shaped.clusterList()).toEqual([0, 1, 4, 5]);
    const separate = ['f', 'f', 'i'].map((c) => garamond.shape(c).glyphList()[0]);
    expect(separate).not.toContain(shaped.glyphList()[1]);
  });

  it('kerns a pair narrower than the sum of its advances', () => {
    const pair = garamond.shape('AV').width;
    const apart = garamond.shape('A').width + garamond.shape('V').width;
    expect(pair).toBeLessThan(apart);
  });

  it('maps clusters to UTF-16 offsets for text beyond ASCII', () => {
    const shaped = garamond.shape('café ok');
    // "é" is one UTF-16 unit, so the space that follows sits at index 4.
    expect(shaped.clusterList()).toContain(4);
    expect(shaped.clusterList()).toContain(5);
  });

  it('matches faces by family, style and nearest weight', () => {
    expect(fonts.match('Open Sans', 600, 'normal').weight).toBe(600);
    expect(fonts.match('Open Sans', 500, 'normal').weight).toBe(600); // ≥ 400 prefers heavier
    expect(fonts.match('EB Garamond', 700, 'italic').style).toBe('italic');
    expect(fonts.match('No Such Family', 400, 'normal', 'EB Garamond').family).toBe('EB Garamond');
  });
});
