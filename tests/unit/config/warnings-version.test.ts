import { describe, expect, it } from 'vitest';
import {
  CONFIG_VERSION, NotAppliedTracker, collectConfigWarnings, declareAppliedSettings, defaultResourceTypes, effectiveAt, isApplied, loadConfig,
  localeStrings, migrateConfig, rulesAfter, settingsNotApplied,
} from '../../../src/worker/config';

describe('configuration warnings (§17.1)', () => {
  it('unknown key with a suggestion, kept', () => {
    const w = collectConfigWarnings({ headings: { fontFamly: 'Inter', balancing: { maxLinesPerHeadng: 2 } } });
    expect(w).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'unknownConfigKey', path: 'headings.fontFamly', suggestion: 'fontFamily' }),
        expect.objectContaining({ kind: 'unknownConfigKey', path: 'headings.balancing.maxLinesPerHeadng', suggestion: 'maxLinesPerHeading' }),
      ]),
    );
    expect(loadConfig({ headings: { fontFamly: 'Inter' } }, { configVersion: 11 }).config).toEqual({ headings: { fontFamly: 'Inter' } });
  });

  it('clamped column count and side column, unknown enum value, font stacks, number formats, numerals', () => {
    const stored = {
      layout: { layoutType: 'multiple', columnCount: 12.4, sideColumnPercent: 'wide' },
      direction: 'right',
      bodyText: { fontFamily: '"Inter", Arial, sans-serif' },
      orderedLists: { numberFormat: 'klingon' },
      numerals: 'roman',
    } as const;
    const w = collectConfigWarnings(JSON.parse(JSON.stringify(stored)));
    const byPath = Object.fromEntries(w.map((x) => [x.path, x]));
    expect(byPath['layout.columnCount']).toMatchObject({ kind: 'columnCountClamped', value: 12.4, used: 8 });
    expect(byPath['layout.sideColumnPercent']).toMatchObject({ kind: 'sideColumnPercentClamped', used: 33 });
    expect(byPath.direction).toMatchObject({ kind: 'unknownConfigValue', value: 'right' });
    expect(byPath['bodyText.fontFamily']).toMatchObject({ kind: 'fontFamilyStack', used: 'Inter' });
    expect(byPath['orderedLists.numberFormat']).toMatchObject({ kind: 'unknownNumberFormat', used: 'arabic' });
    expect(byPath.numerals).toMatchObject({ kind: 'unknownNumerals' });
    // The engine substitutes; the book keeps what it had.
    const s = JSON.parse(JSON.stringify(stored));
    expect(effectiveAt(s, 'layout.columnCount')).toBe(8);
    expect(effectiveAt(s, 'direction')).toBe('auto');
    expect(effectiveAt(s, 'bodyText.fontFamily')).toBe('Inter');
    expect(effectiveAt(s, 'unorderedLists.fontFamily')).toBe('Inter');
  });

  it('a CJK grid larger than the type area is clamped', () => {
    // One column: 17 cm − 3 cm margins = 14 cm ≈ 396.85 pt; body 8 pt → 49 characters; 20 cm ≈ 566.9 pt over 12 pt lines → 47 lines.
    const w = collectConfigWarnings({ layout: { layoutType: 'single' }, cjk: { grid: { enabled: true, charsPerLine: 60, linesPerPage: 40 } } });
    expect(w).toEqual([expect.objectContaining({ kind: 'cjkGridClamped', path: 'cjk.grid.charsPerLine', value: 60, used: 49 })]);
    // Two columns (the default), a 0.75 cm ≈ 21.26 pt gutter: (396.85 − 21.26) / 2 / 8 pt → 23 characters a column line.
    const two = collectConfigWarnings({ cjk: { grid: { enabled: true, charsPerLine: 30, linesPerPage: 48 } } });
    expect(two).toEqual([
      expect.objectContaining({ kind: 'cjkGridClamped', path: 'cjk.grid.charsPerLine', value: 30, used: 23 }),
      expect.objectContaining({ kind: 'cjkGridClamped', path: 'cjk.grid.linesPerPage', value: 48, used: 47 }),
    ]);
  });

  it('checks the HTML viewer overrides too', () => {
    const w = collectConfigWarnings({ htmlViewer: { overrides: { bodyText: { textAlign: 'centre', fontSiz: 9 } } } });
    expect(w).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'unknownConfigValue', path: 'htmlViewer.overrides.bodyText.textAlign' }),
        expect.objectContaining({ kind: 'unknownConfigKey', path: 'htmlViewer.overrides.bodyText.fontSiz', suggestion: 'fontSize' }),
      ]),
    );
  });

  it('line numbers and wrap in vertical text', () => {
    const w = collectConfigWarnings({ layout: { writingMode: 'vertical-rl' }, lineNumbers: { enabled: true }, resourceTypes: [{ id: 'figure', defaultPlacement: { wrap: 'left' } }] });
    expect(w.map((x) => x.kind)).toEqual(expect.arrayContaining(['lineNumbersUnsupported', 'wrapUnsupported']));
  });
});

describe('settingNotApplied', () => {
  it('reports stored settings outside the applied set, once per book', () => {
    const stored = { page: { margins: { top: { value: 3, unit: 'cm' } } }, bodyText: { fontSize: { value: 9, unit: 'pt' }, avoidRunts: false }, headings: { levels: [{ level: 2, fontSize: { value: 14, unit: 'pt' }, italic: true }] } };
    // The engine declares what it applies (src/worker/engine/settings-from-config.ts); here, a few.
    declareAppliedSettings(['page.margins.top', 'bodyText.fontSize', 'headings.levels[level=*].fontSize']);
    expect(settingsNotApplied(stored).map((w) => w.path)).toEqual(['bodyText.avoidRunts', 'headings.levels[level=2].italic']);
    const t = new NotAppliedTracker();
    expect(t.report('book-1', stored)).toHaveLength(2);
    expect(t.report('book-1', stored)).toHaveLength(0);
    expect(t.report('book-2', stored)).toHaveLength(2);
    expect(isApplied('page.cutLines.bleed')).toBe(false);
    declareAppliedSettings(['bodyText.avoidRunts']);
    expect(settingsNotApplied(stored).map((w) => w.path)).toEqual(['headings.levels[level=2].italic']);
  });
});

describe('locale-dependent defaults', () => {
  it('resource types, continuation strings, cross-reference words, number formats', () => {
    expect(defaultResourceTypes('de-AT').map((t) => t.name)).toEqual(['Abbildung', 'Tabelle', 'Video']);
    expect(defaultResourceTypes('zh-CN')[0]).toMatchObject({ name: '图', numberingTemplate: '{h1}-{n}' });
    expect(localeStrings('fr').continuedSuffix).toBe('(suite)');
    expect(localeStrings('xx').figure.shortLabel).toBe('Fig.');
    expect(effectiveAt({ locale: 'fr' }, 'tableStyle.continuesMarker')).toBe('À suivre');
    expect(effectiveAt({ locale: 'es' }, 'resourceTypes[id=table].name')).toBe('Tabla');
    expect(effectiveAt({ locale: 'de' }, 'crossRefs.page')).toBe('S. {n}');
    expect(effectiveAt({ locale: 'de' }, 'bodyText.tabStops')).toEqual([]);
    expect(effectiveAt({ locale: 'de', bodyText: { tabStops: [{ position: '5cm', align: 'decimal' }] } }, 'bodyText.tabStops[0].decimalChar')).toBe(',');
    expect(effectiveAt({ locale: 'ja' }, 'captionStyle.labelSeparator')).toBe('\u3000');
    expect(effectiveAt({ locale: 'ar' }, 'bodyText.blockquote.italic')).toBe(false);
    expect(effectiveAt({ locale: 'pt-BR' }, 'bodyText.hyphenation.locale')).toBe('pt-BR');
  });
});

describe('configVersion (§19)', () => {
  it('pins per stamp', () => {
    expect(CONFIG_VERSION).toBe(11);
    expect(rulesAfter(undefined)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(rulesAfter(2)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(rulesAfter(5)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(rulesAfter(8)).toEqual([9, 10, 11]);
    expect(rulesAfter(10)).toEqual([11]);
    expect(rulesAfter(11)).toEqual([]);
  });

  it('a stamp-11 config is read as is; an unversioned one gets its pins once', () => {
    expect(loadConfig({ headings: { fontFamily: 'Inter' } }, { configVersion: 11 }).config).toEqual({ headings: { fontFamily: 'Inter' } });
    const old = loadConfig({ headings: { fontFamily: 'Inter' } }, { content: '# Title\n\nText with $x$ and a well-known word.\n' });
    expect(old.configVersion).toBe(11);
    expect(old.config).toMatchObject({
      headings: { fontFamily: 'Inter', levels: [{ level: 1, breakBefore: { enabled: false } }], keepWithNextSplit: 'fill' },
      math: { fontSizeScale: 1.131222, marginTop: { value: 0.7072, unit: 'em' } },
      bodyText: { breakAfterHyphens: false },
    });
    // Constructs absent from the content get no pin.
    expect(old.pins.join()).not.toMatch(/codeStyle\.blocks|inlineResourceGap/);
    // Migrating again under the new stamp changes nothing (the maths pin would multiply).
    expect(loadConfig(old.config, { configVersion: old.configVersion }).config).toEqual(old.config);
  });

  it('without content pins conservatively; a set key is never overwritten', () => {
    const m = migrateConfig({ bodyText: { hardLineBreaks: true } }, 8);
    expect(m.config).toMatchObject({ bodyText: { hardLineBreaks: true, verse: { layout: 'bayt', tighten: false } }, codeStyle: { blocks: false } });
    const m9 = migrateConfig({ paragraphStyles: [{ id: 'bib', hangingIndent: { value: 2, unit: 'em' }, firstLineIndent: { value: 1, unit: 'em' } }] }, 8);
    expect(m9.config.paragraphStyles).toEqual([{ id: 'bib', hangingIndent: { value: 2, unit: 'em' } }]);
    const m10 = migrateConfig({ parts: { design: { elements: [{ kind: 'text', id: 't', content: '{titleText}' }] } } }, 9);
    expect(m10.config).toMatchObject({ parts: { design: { elements: [{ overflow: 'ellipsis-end' }] } } });
    const m11 = migrateConfig({ cjk: { grid: { enabled: true } } }, 10, { content: '第一章《书》①' });
    expect(m11.config).toMatchObject({ headings: { balancing: { enabled: true } }, cjk: { titleMinChars: 1, circledNumbers: 'western', composeDesignText: false } });
    expect(migrateConfig({ bodyText: { fontSize: { value: 9, unit: 'pt' } } }, 11).pins).toEqual([]);
  });
});
