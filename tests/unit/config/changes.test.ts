import { describe, expect, it } from 'vitest';
import { effectiveAt, effectiveConfig, getConfig, resolveConfig, setConfig, stripConfigDefaults } from '../../../src/worker/config';
import type { JsonObject, SetConfigResult, StoredConfig } from '../../../src/worker/config';

function ok(r: ReturnType<typeof setConfig>): SetConfigResult {
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe('set vs effective', () => {
  it('the stored config holds only what the book set; effective fills every default', () => {
    expect(stripConfigDefaults({ bodyText: { fontSize: { value: 8, unit: 'pt' }, textAlign: 'justify' } })).toEqual({});
    const eff = resolveConfig({});
    expect(eff.page).toMatchObject({ sizePreset: '17x24', width: { value: 17, unit: 'cm' }, height: { value: 24, unit: 'cm' }, dpi: 300 });
    expect(effectiveAt({}, 'page.margins.left')).toEqual({ value: 1.5, unit: 'cm' });
    expect(effectiveAt({}, 'headings.levels[level=3].fontSize')).toEqual({ value: 12, unit: 'pt' });
    expect(effectiveAt({}, 'headings.levels[level=1].breakBefore')).toEqual({ enabled: true, parity: 'always-odd' });
    expect(effectiveAt({}, 'calloutStyles[id=note].padding.top')).toEqual({ value: 0.75, unit: 'em' });
  });

  it('the typed accessor reads the effective config', () => {
    const e = effectiveConfig({ bodyText: { fontSize: { value: 9, unit: 'pt' } } });
    const size: number = e.bodyText.fontSize.value;
    // @ts-expect-error a length is a Dimension, not a text
    const wrong: string = e.bodyText.fontSize;
    void wrong;
    const align: 'left' | 'justify' | 'start' | 'end' = e.bodyText.textAlign;
    expect(align).toBe('justify');
    // Unset-by-default values are typed as possibly undefined.
    const interval = e.bodyText.tabInterval;
    expect(interval).toBeUndefined();
    expect(size).toBe(9);
    expect(e.headings.levels.find((l) => l.level === 2)?.fontSize).toEqual({ value: 15, unit: 'pt' });
    expect(e.layout.layoutType).toBe('double');
  });

  it('page size follows the preset unless width/height are set', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'page.sizePreset', value: 'tabloid' }] }));
    expect(r.followed).toEqual(
      expect.arrayContaining([
        { path: 'page.width', from: { value: 17, unit: 'cm' }, to: { value: 280, unit: 'mm' } },
        { path: 'page.height', from: { value: 24, unit: 'cm' }, to: { value: 430, unit: 'mm' } },
      ]),
    );
    expect(effectiveAt({ page: { sizePreset: 'tabloid', width: { value: 30, unit: 'cm' } } }, 'page.width')).toEqual({ value: 30, unit: 'cm' });
  });
});

describe('followers (§0.5, §18)', () => {
  it('changing bodyText.fontSize reports the caption and table sizes that followed', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'bodyText.fontSize', value: '10.5pt' }] }));
    expect(r.changed).toEqual([
      { path: 'bodyText.fontSize', from: null, to: { value: 10.5, unit: 'pt' }, effective: { from: { value: 8, unit: 'pt' }, to: { value: 10.5, unit: 'pt' } } },
    ]);
    expect(r.followed).toEqual(
      expect.arrayContaining([
        { path: 'captionStyle.fontSize.value', from: 8, to: 10.5 },
        { path: 'tableStyle.bodyFontSize.value', from: 8, to: 10.5 },
        { path: 'tableStyle.headerFontSize.value', from: 8, to: 10.5 },
        { path: 'captionStyle.note.fontSize.value', from: 6.8, to: 8.925 },
      ]),
    );
    expect(r.followed.some((f) => f.path.startsWith('bodyText.fontSize'))).toBe(false);
  });

  it('a set follower is kept even when equal to its source and no longer follows', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'captionStyle.fontSize', value: '8pt' }] }));
    expect(r.config).toEqual({ captionStyle: { fontSize: { value: 8, unit: 'pt' } } });
    const r2 = ok(setConfig(r.config, { changes: [{ path: 'bodyText.fontSize', value: '10pt' }] }));
    expect(r2.followed.find((f) => f.path.startsWith('captionStyle.fontSize'))).toBeUndefined();
    // Deleting restores the link.
    const r3 = ok(setConfig(r2.config, { changes: [{ path: 'captionStyle.fontSize', value: null }] }));
    expect(r3.changed[0]).toMatchObject({ from: { value: 8, unit: 'pt' }, to: null, effective: { to: { value: 10, unit: 'pt' } } });
  });

  it('reference colour follows bold colour; heading levels follow the general heading values', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'bodyText.boldColor', value: '#aa0000' }, { path: 'headings.fontFamily', value: 'Inter' }] }));
    const paths = r.followed.map((f) => f.path);
    expect(paths).toContain('bodyText.referenceColor.hex');
    expect(paths).toContain('headings.levels[level=4].fontFamily');
    expect(paths).toContain('calloutStyles[id=note].titleStyle.fontFamily');
  });

  it('stripping compares merge-list entries with the inherited value, not static defaults', () => {
    expect(stripConfigDefaults({ headings: { levels: [{ level: 2, fontSize: { value: 15, unit: 'pt' } }, { level: 1, breakBefore: { enabled: true } }] } })).toEqual({});
    expect(stripConfigDefaults({ headings: { levels: [{ level: 1, breakBefore: { enabled: false } }] } })).toEqual({
      headings: { levels: [{ level: 1, breakBefore: { enabled: false } }] },
    });
  });

  it('context defaults are compared per config (balancing off in vertical books)', () => {
    expect(stripConfigDefaults({ layout: { writingMode: 'vertical-rl' }, headings: { balancing: { enabled: false } } })).toEqual({ layout: { writingMode: 'vertical-rl' } });
    expect(stripConfigDefaults({ headings: { balancing: { enabled: false } } })).toEqual({ headings: { balancing: { enabled: false } } });
  });
});

describe('paths and selectors', () => {
  it('reads sections, list items and leaves', () => {
    const r = getConfig({ headings: { levels: [{ level: 2, italic: true }] } }, 'headings.levels[level=2]');
    if (!r.ok) throw new Error(r.error);
    expect(r.set).toEqual({ level: 2, italic: true });
    expect(r.effective).toMatchObject({ level: 2, italic: true, fontSize: { value: 15, unit: 'pt' }, fontFamily: 'Open Sans' });
    expect(r.settings.find((s) => s.path === 'headings.levels[level=2].fontSize')).toMatchObject({ kind: 'length', unit: 'pt', set: null });
    expect(getConfig({}, 'headings.levels[level=02].fontSize')).toMatchObject({ ok: true, path: 'headings.levels[level=2].fontSize' });
    expect(getConfig({}, 'calloutStyles[id="note"].title')).toMatchObject({ ok: true, effective: '' });
    const leaf = getConfig({}, 'header.elements[id=titleOdd].italic');
    expect(leaf).toMatchObject({ ok: true, set: null, effective: false });
    const part = getConfig({}, 'captionStyle.fontSize.value');
    expect(part).toMatchObject({ ok: true, effective: 8 });
    const missing = getConfig({}, 'calloutStyles[id=warning].title');
    expect(missing).toMatchObject({ ok: false });
    if (!missing.ok) expect(missing.error).toMatch(/Existing: calloutStyles\[id=note\]/);
    const top = getConfig({ bodyText: { fontSize: { value: 9, unit: 'pt' } } });
    expect(top).toMatchObject({ ok: true, set: { bodyText: { fontSize: { value: 9, unit: 'pt' } } } });
  });

  it('writing into a list with built-ins materialises them first', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'calloutStyles[id=warning].title', value: 'Warning' }] }));
    expect(r.config).toEqual({ calloutStyles: [{ id: 'note' }, { id: 'warning', title: 'Warning' }] });
    const h = ok(setConfig({}, { changes: [{ path: 'header.elements[id=titleOdd].italic', value: true }] }));
    const els = (h.config.header as JsonObject).elements as JsonObject[];
    expect(els.map((e) => e.id)).toEqual(['titleOdd', 'chapterEven', 'rule']);
    expect(els[0]).toMatchObject({ italic: true, fontFamily: 'Open Sans', fontWeight: 600 });
    const t = ok(setConfig({}, { changes: [{ path: 'resourceTypes[id=figure].captionPrefix', value: 'Fig.' }] }));
    expect((t.config.resourceTypes as JsonObject[]).map((x) => x.id)).toEqual(['figure', 'table', 'video']);
  });

  it('an empty slot means no running heads; null on an item removes it', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'header.elements', value: [] }] }));
    expect(r.config).toEqual({ header: { elements: [] } });
    expect(effectiveAt(r.config, 'header.elements')).toEqual([]);
    const d = ok(setConfig({}, { changes: [{ path: 'footer.elements[id=pageNumber]', value: null }] }));
    expect(d.config).toEqual({ footer: { elements: [] } });
  });

  it('indexed lists accept [i] only where there is no natural key', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'footnotes.symbols[1]', value: '**' }] }));
    expect(r.config).toEqual({ footnotes: { symbols: ['*', '**', '‡', '§', '‖', '¶'] } });
  });

  it('writes a part of a value', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'bodyText.fontSize.value', value: 9 }] }));
    expect(r.config).toEqual({ bodyText: { fontSize: { value: 9, unit: 'pt' } } });
  });
});

describe('batches, patch and replace', () => {
  const base: StoredConfig = { bodyText: { fontSize: { value: 9, unit: 'pt' } } };

  it('an invalid change inside a batch leaves the config untouched', () => {
    const before = JSON.stringify(base);
    const r = setConfig(base, {
      changes: [
        { path: 'page.margins.top', value: '3cm' },
        { path: 'bodyText.avoidOrphans', value: 'sometimes' },
      ],
    });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(base)).toBe(before);
    const r2 = setConfig(base, { changes: [{ path: 'page.margins.top', value: '3cm' }, { path: 'nope.x', value: 1 }] });
    expect(r2.ok).toBe(false);
  });

  it('null deletes so the default applies again; re-issuing from values undoes', () => {
    const r = ok(setConfig(base, { changes: [{ path: 'bodyText.fontSize', value: null }, { path: 'page.margins.top', value: { value: 2.5, unit: 'cm' } }] }));
    expect(r.config).toEqual({ page: { margins: { top: { value: 2.5, unit: 'cm' } } } });
    const undo = ok(setConfig(r.config, { changes: r.changed.map((c) => ({ path: c.path, value: c.from })) }));
    expect(undo.config).toEqual(base);
  });

  it('patch: objects merge, lists replace, null deletes', () => {
    const start: StoredConfig = { bodyText: { fontSize: { value: 9, unit: 'pt' }, textAlign: 'left' }, calloutStyles: [{ id: 'a' }, { id: 'b' }] };
    const r = ok(setConfig(start, { patch: { bodyText: { textAlign: null, lineHeight: '1.4em' }, calloutStyles: [{ id: 'c', title: 'C' }], page: { margins: { mirror: true } } } }));
    expect(r.config).toEqual({
      bodyText: { fontSize: { value: 9, unit: 'pt' }, lineHeight: { value: 1.4, unit: 'em' } },
      calloutStyles: [{ id: 'c', title: 'C' }],
      page: { margins: { mirror: true } },
    });
    const bad = setConfig(start, { patch: { bodyText: { fontSise: '9pt' } } });
    expect(bad).toMatchObject({ ok: false, suggestions: ['bodyText.fontSize'] });
  });

  it('replace: a whole exported config, wrapper accepted, defaults stripped, unknown keys kept', () => {
    const r = ok(setConfig(base, { replace: { type: 'postext-config', version: 1, config: { layout: { layoutType: 'single' }, bodyText: { fontSize: '8pt' }, myPlugin: { x: 1 } } } }));
    expect(r.config).toEqual({ layout: { layoutType: 'single' }, myPlugin: { x: 1 } });
    expect(r.changed.map((c) => c.path)).toEqual(['bodyText.fontSize', 'layout.layoutType', 'myPlugin.x']);
    expect(r.note).toMatch(/myPlugin is not a setting/);
    expect(setConfig(base, { replace: { layout: { layoutType: 'triple' } } })).toMatchObject({ ok: false });
  });

  it('exactly one of changes, patch, replace', () => {
    expect(setConfig({}, { changes: [], patch: {} } as never)).toMatchObject({ ok: false });
  });

  it('clamps with a note (column count) and takes the first family of a stack with a note', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'layout.columnCount', value: 10 }, { path: 'bodyText.fontFamily', value: '"Inter", sans-serif' }] }));
    expect(r.config).toEqual({ layout: { columnCount: 8 }, bodyText: { fontFamily: 'Inter' } });
    expect(r.changed[0]?.note).toMatch(/from 3 to 8; 10 was set as 8/);
    expect(r.changed[1]?.note).toMatch(/one family, not a stack; "Inter"/);
  });

  it('setting a value equal to the default stores nothing and says so', () => {
    const r = ok(setConfig({}, { changes: [{ path: 'page.margins.top', value: '2cm' }] }));
    expect(r.config).toEqual({});
    expect(r.changed[0]).toMatchObject({ from: null, to: null });
    expect(r.changed[0]?.note).toMatch(/default/);
  });
});

describe('palette entries (§15.1)', () => {
  it('deleting a swatch first flattens the colours linked to it', () => {
    const start = ok(setConfig({}, { changes: [{ path: 'colorPalette[id=ink]', value: { name: 'Ink', value: '#112233' } }, { path: 'tableStyle.headerBackground', value: 'ink' }] })).config;
    expect(start.tableStyle).toEqual({ headerBackground: { hex: '#112233', model: 'hex', paletteId: 'ink' } });
    const r = ok(setConfig(start, { changes: [{ path: 'colorPalette[id=ink]', value: null }] }));
    expect(r.config).toEqual({ tableStyle: { headerBackground: { hex: '#112233', model: 'hex' } } });
    expect(r.followed).toEqual([]);
    expect(r.changed[0]?.note).toMatch(/keep their colour: tableStyle\.headerBackground/);
  });
});
