/**
 * `indexReadingMissing` (checks/index-readings.ts): only a Japanese index printed by the book
 * (`:::index`) asks its kanji entries for a reading; a reading, a sort key or `sub`'s own level
 * with kana only answer it.
 */
import { describe, expect, it } from 'vitest';
import type { StoredConfig } from '../../../src/worker/config';
import { runChecks } from './run-checks';

const source = (marks: string, index = true): string => ['# 茶', '', `山の上で${marks}を見た。`, '', ...(index ? ['# 索引', '', ':::index'] : [])].join('\n');
const missing = (src: string, config: StoredConfig = { locale: 'ja' }) => runChecks({ chapters: [{ id: 'c1', source: src }], config }).warnings.filter((w) => w.kind === 'indexReadingMissing');

describe('indexReadingMissing', () => {
  it('names each kanji entry of a Japanese index that has no reading', () => {
    const found = missing(source(':index[茶畑] :index[霧]{yomi="きり"} :index{term="茶!緑茶"} :index{term="茶" sub="ほうじ"} :index[かすみ]'));
    expect(found.map((w) => /"([^"]+)"/.exec(w.detail)?.[1])).toEqual(['茶畑', '緑茶']);
  });

  it('is silent without an index printed, in a book not in Japanese, and with a sort key', () => {
    expect(missing(source(':index[茶畑]', false))).toEqual([]);
    expect(missing(source(':index[茶畑]'), { locale: 'zh-Hans' })).toEqual([]);
    expect(missing(source(':index[茶畑]{sort="ちゃばたけ"}'))).toEqual([]);
  });

  it('asks for readings when the groups are gojūon rows whatever the book’s language', () => {
    expect(missing(source(':index[茶畑]'), { locale: 'en', index: { groupBy: 'gojuon' } })).toHaveLength(1);
  });
});
