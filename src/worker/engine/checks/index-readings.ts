/**
 * `indexReadingMissing` (document-format §16, §21): in a Japanese index, an entry whose own level
 * holds kanji but whose mark gives no reading (`yomi`, `reading`) nor `sort` key. A Japanese index
 * sorts by reading in gojūon order and heads its groups with the reading's row; a kanji term
 * without one sorts by code point after every kana and stays in the group before it
 * (page/index-entries.ts). Only where the book prints an index (`:::index`) and that index is
 * Japanese: `index.locale` (else the document's) is `ja`, or `index.groupBy` is `gojuon`/`kana`.
 */
import type { Block } from '../parse/model';
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

const KANJI = /\p{Script=Han}/u;

export function indexReadingWarnings(ctx: CheckContext): Warning[] {
  const entries = ctx.settings.index?.entries;
  if (!entries) return [];
  const by = entries.groups?.by;
  const japanese = /^ja\b/i.test(entries.locale) || by === 'gojuon' || by === 'kana';
  if (!japanese || !ctx.parsed.some((p) => p.blocks.some(printsIndex))) return [];
  const out: Warning[] = [];
  for (const chapter of ctx.parsed) {
    for (const mark of chapter.collected.indexMarks) {
      if (!mark.term || mark.attrs['yomi'] !== undefined || mark.attrs['reading'] !== undefined || mark.attrs['sort'] !== undefined) continue;
      // The level the mark makes an entry of: `sub`, else the term's last `!` level.
      const level = mark.attrs['sub'] ?? mark.term.split('!').pop() ?? '';
      if (!KANJI.test(level)) continue;
      out.push(warning('indexReadingMissing', `Index entry "${level}" has kanji and no reading: it sorts after every kana and takes no gojūon group of its own. Give the mark a reading, e.g. :index[${level}]{yomi="…"}.`, { chapterId: chapter.chapterId, offset: mark.range.from, toOffset: mark.range.to }));
    }
  }
  return out;
}

function printsIndex(block: Block): boolean {
  return block.kind === 'directive' && block.name === 'index';
}
