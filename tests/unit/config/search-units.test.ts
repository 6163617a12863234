import { describe, expect, it } from 'vitest';
import { settingVisible, emBasePt, emReferenceOf, findSetting, lengthAtPt, resolveConfig, settingInfo, settingsCatalogue, checkConfigShape } from '../../../src/worker/config';

describe('findSetting', () => {
  it('finds by words in labels and help, ignoring accents and matching word starts', () => {
    const r = findSetting({}, 'orphans');
    expect(r.paths.map((p) => p.path)).toEqual(expect.arrayContaining(['bodyText.avoidOrphans', 'bodyText.avoidOrphansInLists']));
    expect(r.paths.find((p) => p.path === 'bodyText.avoidOrphans')?.effective).toBe(true);
    expect(r.sections[0]).toEqual({ section: 'Page breaks & paragraph splits', group: 'Typography', settingsGroup: 'text', configKeys: ['bodyText'] });
    expect(findSetting({}, 'marg top').paths[0]?.path).toBe('page.margins.top');
    expect(findSetting({}, 'Tópica marg').paths).toEqual([]);
    expect(findSetting({}, 'leading').paths.map((p) => p.path)).toContain('bodyText.lineHeight');
    // Help text, not just keys: "spine" only appears in the help of the left margin.
    expect(findSetting({}, 'spine').paths.map((p) => p.path)).toContain('page.margins.left');
    expect(findSetting({}, 'crop marks').paths[0]?.path).toBe('page.cutLines.enabled');
    // Option names.
    expect(findSetting({}, 'booktabs').paths.map((p) => p.path)).toContain('tableStyle.rules');
  });

  it('h3 opens Headings › H3', () => {
    const r = findSetting({}, 'h3 size');
    expect(r.paths[0]).toMatchObject({ path: 'headings.levels[level=3].fontSize', effective: { value: 12, unit: 'pt' } });
  });
});

describe('setting metadata for the Design panel', () => {
  it('every setting has a label, help, a section and a control', () => {
    const all = settingsCatalogue();
    expect(all.length).toBeGreaterThan(500);
    for (const s of all) {
      expect(s.label.length, s.path).toBeGreaterThan(0);
      expect(s.help.length, s.path).toBeGreaterThan(3);
      expect(s.section.group, s.path).toBeTruthy();
    }
    expect(settingInfo('layout.gutterWidth')).toMatchObject({ control: 'length', unit: 'cm', label: 'Gutter', visible: { path: 'layout.layoutType', not: ['single'] } });
    expect(settingInfo('layout.columnCount')).toMatchObject({ control: 'number', min: 3, max: 8, visible: { path: 'layout.layoutType', equals: ['multiple'] } });
    expect(settingInfo('headings.levels[level=4].color')).toMatchObject({ control: 'color', section: { section: 'Heading levels' } });
    expect(settingInfo('bodyText.textAlign')?.options).toEqual(['left', 'justify', 'start', 'end']);
    expect(settingInfo('captionStyle.fontSize')?.defaultText).toBe('follows bodyText.fontSize');
  });

  it('visibility conditions (gutter only for multi-column layouts, kind-specific element fields)', () => {
    expect(settingVisible({}, 'layout.gutterWidth')).toBe(true);
    expect(settingVisible({ layout: { layoutType: 'single' } }, 'layout.gutterWidth')).toBe(false);
    expect(settingVisible({}, 'layout.columnCount')).toBe(false);
    expect(settingVisible({ layout: { layoutType: 'multiple' } }, 'layout.columnCount')).toBe(true);
    expect(settingVisible({}, 'bodyText.maxWordSpacing')).toBe(true);
    expect(settingVisible({ bodyText: { textAlign: 'left' } }, 'bodyText.maxWordSpacing')).toBe(false);
    expect(settingVisible({}, 'header.elements[id=rule].thickness')).toBe(true);
    expect(settingVisible({}, 'header.elements[id=titleOdd].thickness')).toBe(false);
  });
});

describe('lengths for the layout engine', () => {
  it('what em means per key (§0.6)', () => {
    expect(emReferenceOf('bodyText.firstLineIndent')).toBe('body');
    expect(emReferenceOf('headings.levels[level=2].marginTop')).toBe('heading');
    expect(emReferenceOf('headings.levels[level=2].indent')).toBe('body');
    expect(emReferenceOf('footnotes.lineHeight')).toBe('note');
    expect(emReferenceOf('tableStyle.heavyRuleWidth')).toBe('bodyCell');
    expect(emReferenceOf('calloutStyles[id=note].padding.top')).toBe('callout');
    expect(emReferenceOf('math.marginTop')).toBe('formula');
  });

  it('converts resolved lengths to points', () => {
    const stored = { bodyText: { fontSize: { value: 10, unit: 'pt' } }, headings: { levels: [{ level: 2, fontSize: { value: 16, unit: 'pt' } }] } };
    const eff = resolveConfig(stored);
    expect(lengthAtPt(eff, stored, 'bodyText.firstLineIndent')).toBe(15); // 1.5 em × 10 pt
    expect(lengthAtPt(eff, stored, 'headings.levels[level=2].marginTop')).toBe(24); // 1.5 em × 16 pt
    expect(lengthAtPt(eff, stored, 'headings.levels[level=2].indent')).toBe(0);
    expect(lengthAtPt(eff, stored, 'page.margins.top')).toBeCloseTo((2 * 72) / 2.54, 10);
    expect(emBasePt(eff, stored, 'footnotes.lineHeight')).toBe(8); // note size = 0.8 em of 10 pt
    expect(lengthAtPt(eff, stored, 'footnotes.lineHeight')).toBe(10); // 1.25 em × 8 pt
  });
});

describe('zod schema', () => {
  it('the effective config of an empty and of a busy book fits the schema', () => {
    expect(checkConfigShape(resolveConfig({}))).toEqual({ ok: true });
    expect(checkConfigShape(resolveConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl' }, calloutStyles: [{ id: 'a', label: { position: 'top-left' } }] }))).toEqual({ ok: true });
  });

  it('accepts valid configs, keeps unknown keys, refuses wrong types', () => {
    expect(checkConfigShape({ bodyText: { fontSize: { value: 9, unit: 'pt' } }, somethingNew: 1 })).toEqual({ ok: true });
    const bad = checkConfigShape({ bodyText: { fontSize: { value: 9, unit: 'furlong' } }, layout: { layoutType: 'triple' } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.join('\n')).toMatch(/layout\.layoutType/);
  });
});
