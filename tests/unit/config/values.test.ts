import { describe, expect, it } from 'vitest';
import { UNITS, convertLength, lengthToPt, lengthToPx, parseColorText, parseLength, setConfig, normalizeNumberFormat } from '../../../src/worker/config';
import type { ConfigError, JsonValue, SetConfigResult } from '../../../src/worker/config';

function set(path: string, value: JsonValue, stored = {}): SetConfigResult {
  const r = setConfig(stored, { changes: [{ path, value }] });
  if (!r.ok) throw new Error(r.error);
  return r;
}
function refuse(path: string, value: JsonValue, stored = {}): ConfigError {
  const r = setConfig(stored, { changes: [{ path, value }] });
  if (r.ok) throw new Error(`accepted ${JSON.stringify(value)} at ${path}`);
  return r;
}

describe('length forms (tools.md §2.9)', () => {
  it.each(UNITS)('accepts "2.5%s", {value, unit} and converts through the dpi', (unit) => {
    expect(set('page.margins.top', `2.5${unit}`).config).toEqual({ page: { margins: { top: { value: 2.5, unit } } } });
    expect(set('page.margins.top', { value: 2.5, unit }).config).toEqual({ page: { margins: { top: { value: 2.5, unit } } } });
  });

  it('a bare number means the unit of the key', () => {
    expect(set('page.margins.top', 2.5).config).toEqual({ page: { margins: { top: { value: 2.5, unit: 'cm' } } } });
    expect(set('bodyText.fontSize', 10.5).config).toEqual({ bodyText: { fontSize: { value: 10.5, unit: 'pt' } } });
    expect(set('bodyText.lineHeight', 1.4).config).toEqual({ bodyText: { lineHeight: { value: 1.4, unit: 'em' } } });
    expect(set('page.cutLines.bleed', 5).config).toEqual({ page: { cutLines: { bleed: { value: 5, unit: 'mm' } } } });
  });

  it('accepts spaces, upper-case units and negative letter spacing', () => {
    expect(parseLength(' 11 PT ', 'cm')).toEqual({ value: 11, unit: 'pt' });
    expect(parseLength('-0.02em', 'pt')).toEqual({ value: -0.02, unit: 'em' });
    expect(parseLength('.5in', 'pt')).toEqual({ value: 0.5, unit: 'in' });
    expect(parseLength('11 furlongs', 'pt')).toBeUndefined();
  });

  it('keywords beside lengths', () => {
    expect(set('bodyText.tabStops', [{ position: 'end' }, { position: '50%', align: 'decimal' }, { position: '3cm' }]).config).toEqual({
      bodyText: { tabStops: [{ position: 'end' }, { position: '50%', align: 'decimal' }, { position: { value: 3, unit: 'cm' } }] },
    });
  });

  it('converts to points: 1 in = 72 pt, 1 cm = 72/2.54 pt, px through dpi, em and rem by reference', () => {
    const ctx = { emPt: 12, remPt: 8, dpi: 300 };
    expect(lengthToPt({ value: 1, unit: 'in' }, ctx)).toBe(72);
    expect(lengthToPt({ value: 2.54, unit: 'cm' }, ctx)).toBeCloseTo(72, 10);
    expect(lengthToPt({ value: 25.4, unit: 'mm' }, ctx)).toBeCloseTo(72, 10);
    expect(lengthToPt({ value: 300, unit: 'px' }, ctx)).toBe(72);
    expect(lengthToPt({ value: 150, unit: 'px' }, { ...ctx, dpi: 150 })).toBe(72);
    expect(lengthToPt({ value: 1.5, unit: 'em' }, ctx)).toBe(18);
    expect(lengthToPt({ value: 2, unit: 'rem' }, ctx)).toBe(16);
    expect(lengthToPx({ value: 1, unit: 'cm' }, ctx)).toBeCloseTo(118.11, 2);
    expect(convertLength({ value: 1, unit: 'in' }, 'cm', ctx)).toEqual({ value: 2.54, unit: 'cm' });
  });
});

describe('colour forms', () => {
  it('hex, alpha, rgb(), rgba() with commas, spaces and percentages, transparent', () => {
    expect(parseColorText('#1f3a5f')).toEqual({ hex: '#1f3a5f', model: 'hex' });
    expect(parseColorText('#abc')).toEqual({ hex: '#abc', model: 'hex' });
    expect(parseColorText('#1f3a5f80')).toEqual({ hex: '#1f3a5f80', model: 'hex' });
    expect(parseColorText('rgb(31, 58, 95)')).toEqual({ hex: '#1f3a5f', model: 'rgb' });
    expect(parseColorText('rgba(31, 58, 95, 0.5)')).toEqual({ hex: '#1f3a5f80', model: 'rgb' });
    expect(parseColorText('rgb(31 58 95 / 50%)')).toEqual({ hex: '#1f3a5f80', model: 'rgb' });
    expect(parseColorText('transparent')).toEqual({ hex: 'transparent', model: 'hex' });
    expect(parseColorText('bluish')).toBeUndefined();
  });

  it('stores ColorValue; the full object form is accepted with cmyk', () => {
    expect(set('headings.color', '#1f3a5f').config).toEqual({ headings: { color: { hex: '#1f3a5f', model: 'hex' } } });
    const cmyk = { hex: '#000000', model: 'cmyk', cmyk: { c: 0, m: 0, y: 0, k: 100 } };
    expect(set('tableStyle.borderColor', cmyk).config).toEqual({ tableStyle: { borderColor: cmyk } });
  });

  it('palette references link to the swatch and follow it', () => {
    const r = set('tableStyle.headerBackground', 'main-color');
    expect(r.config).toEqual({ tableStyle: { headerBackground: { hex: '#295AA3', model: 'hex', paletteId: 'main-color' } } });
    expect(r.changed[0]?.note).toMatch(/palette swatch main-color/);
    const r2 = set('colorPalette[id=main-color].value', '#aa0000', r.config);
    const paths = r2.followed.map((f) => f.path);
    expect(paths).toContain('tableStyle.headerBackground.hex');
    expect(paths).toContain('headings.color.hex');
    expect(r2.followed.find((f) => f.path === 'headings.color.hex')).toEqual({ path: 'headings.color.hex', from: '#295AA3', to: '#aa0000' });
    expect(set('bodyText.boldColor', { paletteId: 'main-color' }).config).toEqual({});
  });
});

describe('rejections name the path and the accepted forms, and change nothing', () => {
  it('length', () => {
    const e = refuse('bodyText.fontSize', 'big');
    expect(e.error).toBe(
      'bodyText.fontSize is a length: give { "value": 8, "unit": "pt" }, a number (in pt) or a text such as "8pt". The units: cm, mm, in, pt, px, em, rem.',
    );
    expect(refuse('page.margins.top', { value: 2, unit: 'furlong' }).error).toMatch(/^page\.margins\.top is a length: .*"2cm".*The units: cm, mm, in, pt, px, em, rem\.$/);
    expect(refuse('layout.gutterWidth', true).error).toMatch(/^layout\.gutterWidth is a length/);
  });
  it('colour', () => {
    const e = refuse('headings.color', 'bluish');
    expect(e.error).toMatch(/^headings\.color is a colour: give a hex text such as "#1f3a5f".*rgb\(.*transparent.*main-color.*\{ "hex"/);
    expect(refuse('headings.color', { paletteId: 'nope' }).error).toMatch(/no palette swatch "nope"/);
  });
  it('enum with the allowed values and a suggestion', () => {
    const e = refuse('layout.layoutType', 'dubble');
    expect(e.error).toBe('layout.layoutType takes one of "single", "double", "oneAndHalf", "multiple"; "dubble" is not one of them. Did you mean "double"?');
    expect(e.valid).toEqual(['single', 'double', 'oneAndHalf', 'multiple']);
  });
  it('switch, number, range, text, font, number style', () => {
    expect(refuse('bodyText.avoidOrphans', 'yes').error).toBe('bodyText.avoidOrphans is a switch: give true or false.');
    expect(refuse('bodyText.fontWeight', 950).error).toBe('bodyText.fontWeight is a whole number from 100 to 900.');
    expect(refuse('bodyText.orphanMinLines', 1.5).error).toMatch(/^bodyText\.orphanMinLines is a whole number of at least 1 \(lines\)\.$/);
    expect(refuse('unorderedLists.bulletChar', 7).error).toMatch(/^unorderedLists\.bulletChar is a text: give a string/);
    expect(refuse('bodyText.fontFamily', 12).error).toMatch(/^bodyText\.fontFamily is a font family/);
    expect(refuse('orderedLists.numberFormat', 'klingon').error).toMatch(/^orderedLists\.numberFormat is a number style: give one of decimal, lower-roman/);
  });
  it('unknown paths answer with the closest existing paths', () => {
    const e = refuse('bodyText.fontSise', '9pt');
    expect(e.error).toBe('There is no setting "bodyText.fontSise". Closest: bodyText.fontSize.');
    expect(e.suggestions).toEqual(['bodyText.fontSize']);
    expect(refuse('headings.levels[level=2].fontsize', '9pt').suggestions).toContain('headings.levels[level=2].fontSize');
    expect(refuse('headings.levels[level=7].fontSize', '9pt').error).toMatch(/level is one of 1, 2, 3, 4, 5, 6/);
    expect(refuse('headings.levels[2].fontSize', '9pt').error).toMatch(/chosen by their level/);
  });
});

describe('number-format words (§3)', () => {
  it('every spelling is accepted and normalised to the setting\'s own spelling', () => {
    expect(normalizeNumberFormat('I', 'page')).toBe('upper-roman');
    expect(normalizeNumberFormat('roman-upper', 'page')).toBe('upper-roman');
    expect(normalizeNumberFormat('1', 'list')).toBe('arabic');
    expect(normalizeNumberFormat('lower-roman', 'counter')).toBe('roman-lower');
    expect(normalizeNumberFormat('i', 'counter')).toBe('roman-lower');
    expect(normalizeNumberFormat('DECIMAL', 'page')).toBe('decimal');
    expect(normalizeNumberFormat('①', 'list')).toBe('circled-decimal');
    expect(normalizeNumberFormat('x', 'list')).toBeUndefined();
    // Any spelling of the default is the default (stripped).
    expect(set('page.pageNumbering.format', 'arabic').config).toEqual({});
    expect(set('orderedLists.numberFormat', 'decimal').config).toEqual({});
  });
});
