import { describe, expect, it } from 'vitest';
import { chicagoEnd, consecutive, groupLabel, indexRows, type IndexEntryOptions, type IndexRow, type PlacedIndexMark } from '../../../src/worker/engine/page/index-entries';

/** The back-of-book index's entries on their own (document-format §16, configuration.md §11.6). */
const options: IndexEntryOptions = {
  locale: 'en',
  mergeRanges: true,
  rangeFormat: 'full',
  separator: ', ',
  locatorSeparator: ', ',
  rangeSeparator: '–',
  main: 'bold',
  see: { label: 'see', alsoLabel: 'see also', italic: true },
  groups: { enabled: true, symbolsLabel: 'Symbols', numbersLabel: '0–9' },
  ignoreArticle: false,
};

const mark = (term: string, page: number, attrs: Record<string, string> = {}, label = String(page)): PlacedIndexMark => ({ term, attrs, page, label });
/** Rows as text: group heads in brackets, entries indented two spaces per level, bold as **x**, italic as _x_. */
const text = (rows: readonly IndexRow[]): string[] =>
  rows.map((r) => (r.kind === 'group' ? `[${r.label}]` : '  '.repeat(r.level) + r.segments.map((s) => (s.bold ? `**${s.text}**` : s.italic ? `_${s.text}_` : s.text)).join('')));

describe('index entries', () => {
  it('sorts by collation with accents folded, symbols then digits then letters, under letter heads', () => {
    const rows = indexRows([mark('zebra', 3), mark('Émigré', 4), mark('apple', 5), mark('émeute', 6), mark('42nd Street', 7), mark('#hashtag', 8), mark('Apple pie', 9)], options);
    expect(text(rows)).toEqual(['[Symbols]', '#hashtag, 8', '[0–9]', '42nd Street, 7', '[A]', 'apple, 5', 'Apple pie, 9', '[E]', 'émeute, 6', 'Émigré, 4', '[Z]', 'zebra, 3']);
  });

  it('deduplicates pages, merges consecutive ones, keeps main pages bold and unmerged', () => {
    const rows = indexRows([mark('pulse', 12), mark('pulse', 13), mark('pulse', 13), mark('pulse', 14), mark('pulse', 15, { main: '' }), mark('pulse', 16), mark('pulse', 20)], { ...options, groups: null });
    expect(text(rows)).toEqual(['pulse, 12–14, **15**, 16, 20']);
    // Without mergeRanges every page stands alone.
    expect(text(indexRows([mark('pulse', 12), mark('pulse', 13)], { ...options, groups: null, mergeRanges: false }))).toEqual(['pulse, 12, 13']);
  });

  it('sub-entries by ! and sub, sort keys, range pairs, see and see also', () => {
    const rows = indexRows(
      [
        mark('Heart!failure', 34, { range: 'start' }),
        mark('Heart!failure', 35),
        mark('Heart!failure', 37, { range: 'end' }),
        mark('Heart', 30, { sub: 'valves' }),
        mark('Heart!valves', 31),
        mark('Heart', 2, { seealso: 'Pulse' }),
        mark('Pulse', 40),
        mark('Cardiac insufficiency', 50, { see: 'Heart!failure' }),
        mark('Saint Kilda', 60, { sort: 'Kilda' }),
      ].map((m) => (m.attrs['sub'] ? { ...m, term: `${m.term}!${m.attrs['sub']}` } : m)),
      { ...options, groups: null },
    );
    expect(text(rows)).toEqual([
      '_See_ Heart: failure'.replace(/^/, 'Cardiac insufficiency. '),
      'Heart, 2. _See also_ Pulse',
      '  failure, 34–37',
      '  valves, 30–31',
      'Saint Kilda, 60',
      'Pulse, 40',
    ]);
  });

  it('reads labels as printed: roman pages merge among themselves, never into arabic ones; chicago elides', () => {
    const rows = indexRows([mark('preface', 2, {}, 'iii'), mark('preface', 3, {}, 'iv'), mark('preface', 4, {}, '1'), mark('preface', 5, {}, '2')], { ...options, groups: null });
    expect(text(rows)).toEqual(['preface, iii–iv, 1–2']);
    const chicago = indexRows([mark('x', 320, {}, '321'), mark('x', 327, {}, '328')].flatMap((m, i) => (i === 0 ? [{ ...m, attrs: { range: 'start' } }] : [{ ...m, attrs: { range: 'end' } }])), { ...options, groups: null, rangeFormat: 'chicago' });
    expect(text(chicago)).toEqual(['x, 321–28']);
    expect([chicagoEnd('3', '10'), chicagoEnd('100', '104'), chicagoEnd('101', '108'), chicagoEnd('808', '833'), chicagoEnd('1087', '1089'), chicagoEnd('498', '532'), chicagoEnd('11564', '11615'), chicagoEnd('xii', 'xv')]).toEqual(['10', '104', '8', '33', '89', '532', '615', 'xv']);
    expect(consecutive('9', '10')).toBe(true);
    expect(consecutive('ix', 'x')).toBe(true);
    expect(consecutive('iv', '5')).toBe(false);
  });

  it('groups Spanish ñ on its own and folds accents into their letter', () => {
    const es = { ...options, locale: 'es' };
    expect(groupLabel('ñandú', es)).toBe('Ñ');
    expect(groupLabel('Ávila', es)).toBe('A');
    const rows = indexRows([mark('ñandú', 1), mark('nube', 2), mark('oso', 3)], es);
    expect(text(rows)).toEqual(['[N]', 'nube, 2', '[Ñ]', 'ñandú, 1', '[O]', 'oso, 3']);
  });

  it('sets inline marks of a level and sorts it without them', () => {
    const rows = indexRows([mark('*Titanic* (ship)', 5), mark('Thames', 3), mark('**Ulysses**!*ship*', 9), mark('snake_case_name', 4)], { ...options, groups: null });
    expect(text(rows)).toEqual(['snake_case_name, 4', 'Thames, 3', '_Titanic_ (ship), 5', '**Ulysses**', '  _ship_, 9']);
  });

  it('groups Japanese entries by gojūon row of their reading (yomi), or by kana', () => {
    const ja = { ...options, locale: 'ja', groups: { ...options.groups!, by: 'gojuon' as const } };
    const rows = indexRows([mark('漢字', 1, { yomi: 'かんじ' }), mark('ガス', 2), mark('愛', 3, { yomi: 'あい' }), mark('印刷', 4, { yomi: 'いんさつ' }), mark('組版', 5, { yomi: 'くみはん' }), mark('ルビ', 6)], ja);
    expect(text(rows)).toEqual(['[あ]', '愛, 3', '印刷, 4', '[か]', 'ガス, 2', '漢字, 1', '組版, 5', '[ら]', 'ルビ, 6']);
    const byKana = indexRows([mark('漢字', 1, { yomi: 'かんじ' }), mark('ガス', 2), mark('組版', 5, { yomi: 'くみはん' })], { ...ja, groups: { ...ja.groups, by: 'kana' as const } });
    expect(text(byKana)).toEqual(['[か]', 'ガス, 2', '漢字, 1', '[く]', '組版, 5']);
  });

  it('ignores the Arabic article when asked, and skips marks without a term', () => {
    const ar = { ...options, locale: 'ar', ignoreArticle: true, groups: null };
    const rows = indexRows([mark('الكتاب', 1), mark('باب', 2), mark('', 3)], ar);
    // ب before ك: the article ال does not sort الكتاب under ا.
    expect(text(rows)).toEqual(['باب, 2', 'الكتاب, 1']);
  });
});
