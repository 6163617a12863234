import { describe, expect, it } from 'vitest';
import { checkConfigShape, exportConfig, getConfig, loadConfig, resolveConfig, setConfig, stripConfigDefaults } from '../../../src/worker/config';
import type { StoredConfig } from '../../../src/worker/config';
import { DESIGN } from '../../fixtures/config/design';


describe('a design using many sections', () => {
  it('has a valid shape', () => {
    expect(checkConfigShape(DESIGN)).toEqual({ ok: true });
  });

  it('loads with no warnings and re-exports identically', () => {
    const loaded = loadConfig(exportConfig(DESIGN), { configVersion: 11 });
    expect(loaded.pins).toEqual([]);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.config).toEqual(DESIGN);
    expect(JSON.stringify(exportConfig(loaded.config).config)).toBe(JSON.stringify(DESIGN));
  });

  it('is its own stripped form and survives replace', () => {
    expect(stripConfigDefaults(DESIGN)).toEqual(DESIGN);
    const r = setConfig({}, { replace: DESIGN });
    if (!r.ok) throw new Error(r.error);
    expect(r.config).toEqual(DESIGN);
  });

  it('resolves into a complete effective config', () => {
    const eff = resolveConfig(DESIGN);
    expect(eff.page).toMatchObject({ width: { value: 12, unit: 'cm' }, height: { value: 19, unit: 'cm' } });
    // Palette pass: linked colours take the swatch's current hex.
    expect(eff.headings).toMatchObject({ color: { hex: '#7a1f1f', paletteId: 'main-color' } });
    // Locale-dependent defaults.
    expect(eff.tableStyle).toMatchObject({ continuedSuffix: '(cont.)', continuesMarker: 'Continúa' });
    expect(eff.crossRefs).toMatchObject({ chapter: 'capítulo {n}' });
    const heading1 = getConfig(DESIGN, 'headings.levels[level=1].breakBefore');
    expect(heading1).toMatchObject({ ok: true, effective: { enabled: true, parity: 'odd' } });
    expect(getConfig(DESIGN, 'headings.levels[level=2].fontFamily')).toMatchObject({ effective: 'Inter' });
    expect(getConfig(DESIGN, 'unorderedLists.levels[level=3].bulletChar')).toMatchObject({ effective: '–' });
    expect(getConfig(DESIGN, 'orderedLists.numberFormat')).toMatchObject({ effective: 'roman-lower' });
  });
});

describe('legacy shapes (§5.1, §19)', () => {
  it('boolean cutLines and flat running-head elements are read, and kept as written', () => {
    const legacy: StoredConfig = {
      page: { cutLines: true },
      header: { elements: [{ kind: 'rule', id: 'r', width: 'full', marginFromBody: { value: 4, unit: 'pt' } }] },
      footer: { elements: [{ kind: 'text', id: 'n', content: '{pageNumber}', align: 'right', marginFromBody: { value: 10, unit: 'pt' }, marginFromEdge: { value: 2, unit: 'mm' } }] },
    };
    const eff = resolveConfig(legacy);
    expect(eff.page).toMatchObject({ cutLines: { enabled: true, bleed: { value: 3, unit: 'mm' } } });
    expect(getConfig(legacy, 'header.elements[id=r].placement')).toMatchObject({
      effective: { anchor: { to: 'container', edge: 'bottom' }, offset: { y: { value: -4, unit: 'pt' } }, size: { width: 'fill' } },
    });
    expect(getConfig(legacy, 'footer.elements[id=n].placement')).toMatchObject({
      effective: { anchor: { to: 'container', edge: 'top-right' }, offset: { y: { value: 10, unit: 'pt' }, x: { value: -2, unit: 'mm' } } },
    });
    expect(loadConfig(legacy, { configVersion: 11 }).config).toEqual(legacy);
  });
});
