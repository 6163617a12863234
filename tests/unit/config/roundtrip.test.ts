import { describe, expect, it } from 'vitest';
import { checkConfigShape, exportConfig, getConfig, loadConfig, resolveConfig, setConfig, stripConfigDefaults } from '../../../src/worker/config';
import type { StoredConfig } from '../../../src/worker/config';

/** A book design touching many sections, none of its values equal to a default. */
const DESIGN: StoredConfig = {
  page: {
    sizePreset: '12x19',
    margins: { top: { value: 2.2, unit: 'cm' }, bottom: { value: 2.6, unit: 'cm' }, left: { value: 1.8, unit: 'cm' }, right: { value: 1.2, unit: 'cm' }, mirror: true },
    cutLines: { enabled: true, bleed: { value: 5, unit: 'mm' } },
    pageNumbering: { format: 'lower-roman', startAt: 5 },
  },
  layout: { layoutType: 'oneAndHalf', sideColumnPercent: 28, sideColumnRole: 'floats', sideColumnSide: 'outer', columnRule: { enabled: true } },
  header: {
    elements: [
      { kind: 'text', id: 'running', content: '{chapterTitle}', align: 'left', italic: true, fontSize: { value: 7.5, unit: 'pt' } },
      { kind: 'rule', id: 'line', color: { hex: '#999999', model: 'hex' } },
    ],
  },
  footer: { elements: [] },
  bodyText: {
    fontFamily: 'Literata',
    fontSize: { value: 9.5, unit: 'pt' },
    lineHeight: { value: 1.42, unit: 'em' },
    textAlign: 'left',
    color: { hex: '#1a1a1a', model: 'hex' },
    hyphenation: { locale: 'es', ragged: true },
    maxWordSpacing: 1.8,
    tabStops: [{ position: { value: 4, unit: 'cm' }, align: 'decimal', leader: '.' }],
    verse: { layout: 'bayt' },
  },
  headings: {
    fontFamily: 'Inter',
    levels: [
      { level: 1, fontSize: { value: 24, unit: 'pt' }, numberingTemplate: 'Chapter {1}. ', breakBefore: { parity: 'odd' } },
      { level: 3, italic: true },
    ],
    balancing: { maxLinesPerHeading: 2 },
  },
  unorderedLists: { bulletChar: '–', fontWeight: 400, levels: [{ level: 2, bulletChar: '·' }] },
  orderedLists: { numberFormat: 'roman-lower', separator: ')' },
  locale: 'es',
  resourceTypes: [{ id: 'figure', name: 'Figura', shortLabel: 'Fig.', captionPrefix: 'Figura', numberingTemplate: '{n}', resetOn: 'never' }, { id: 'map', name: 'Mapa' }],
  captionStyle: { fontSize: { value: 8, unit: 'pt' }, labelColor: { hex: '#7a1f1f', model: 'hex' }, position: 'above' },
  tableStyle: { rules: 'booktabs', headerBackgroundEnabled: false },
  tableStyles: [{ id: 'plain', rules: 'none' }],
  colorPalette: [{ id: 'main-color', name: 'Main Color', value: { hex: '#7a1f1f', model: 'hex' } }, { id: 'ink', name: 'Ink', value: { hex: '#222222', model: 'cmyk', cmyk: { c: 0, m: 0, y: 0, k: 90 } } }],
  customFonts: [{ name: 'Literata', variants: [{ weight: 400, style: 'normal', fileId: 'f1', format: 'woff2' }] }],
  math: { fontSizeScale: 0.95, equationNumbering: { numberingTemplate: '{h1}.{n}', resetOn: 'h1' } },
  footnotes: { placement: 'chapterEnd', numberFormat: 'symbols', fontSize: { value: 0.75, unit: 'em' } },
  toc: { levels: [{ level: 1 }, { level: 2, indent: { value: 1, unit: 'em' } }], leader: { char: '·' } },
  index: { rangeFormat: 'chicago' },
  paragraphStyles: [{ id: 'dedication', textAlign: 'right', italic: true, marginTop: { value: 3, unit: 'cm' } }],
  calloutStyles: [{ id: 'note' }, { id: 'warning', title: 'Cuidado', stripe: { enabled: true, color: { hex: '#cc8800', model: 'hex' } }, label: { position: 'top-left' } }],
  parts: { breakAfter: { parity: 'odd' }, design: { elements: [{ kind: 'text', id: 't', content: '{titleText}', fontSize: { value: 30, unit: 'pt' } }] } },
  headingStyles: [{ id: 'plate', numbered: false, runningChapter: false, breakBefore: { enabled: true, parity: 'any' }, palette: { 'main-color': '#004400' } }],
  chipStyles: [{ id: 'tag', bold: true }],
  codeStyle: { fontFamily: 'JetBrains Mono', lineNumbers: true, inline: { padding: { value: 0.1, unit: 'em' } } },
  diagramStyle: { singleInk: true },
  videoStyle: { qr: { enabled: false } },
  crossRefs: { defaultStyle: 'title' },
  citations: { style: 'chicago-author-date', bibliography: { scope: 'chapter' } },
  lineNumbers: { enabled: true, interval: 10 },
  direction: 'ltr',
  cjk: { wordBreak: 'keep-all' },
  comics: { readingDirection: 'rtl', balloonStyles: [{ id: 'speech', fill: '#fffbe6' }] },
  htmlViewer: { maxCharsPerLine: 64, overrides: { bodyText: { fontSize: { value: 12, unit: 'pt' } } } },
  pdfGeneration: { forceColorSpace: true, colorSpace: 'grayscale' },
  print: { standard: 'pdfx4', black: { richBlackMinSize: { value: 8, unit: 'mm' } } },
  folio: { tilt: 30, binding: { type: 'paperback' } },
  debug: { warnings: { consecutiveHeadings: true } },
};

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
