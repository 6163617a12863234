/**
 * Line-start traps (document-format.md §2.3), what ends a paragraph (§2.1, §22.2) and escapes (§2.5).
 * Every expected tree is written by hand from the spec.
 */
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import type { TextInline } from '../../../src/worker/engine/parse/index';
import { kinds, shapes } from './shape';

const parse = (source: string) => parseChapter(source, { chapterId: 'c', isFirstChapter: true });
const WJ = '\u2060';

describe('line-start traps (§2.3)', () => {
  it('a year followed by a full stop is an ordered item', () => {
    expect(shapes(parse('1998. A good year.').blocks)).toEqual([
      { kind: 'listItem', listKind: 'ordered', depth: 1, number: 1998, inlines: ['A good year.'] },
    ]);
  });

  it('U+2060 before the year keeps a paragraph (backslash does not escape)', () => {
    expect(shapes(parse(`${WJ}1998. A good year.`).blocks)).toEqual([{ kind: 'paragraph', inlines: [`${WJ}1998. A good year.`] }]);
    expect(shapes(parse('1998\\. A good year.').blocks)).toEqual([{ kind: 'paragraph', inlines: ['1998\\. A good year.'] }]);
  });

  it('`3) text` is an ordered item', () => {
    expect(shapes(parse('3) text').blocks)).toEqual([{ kind: 'listItem', listKind: 'ordered', depth: 1, number: 3, inlines: ['text'] }]);
  });

  it('a dialogue dash is an unordered item; an em dash is text', () => {
    expect(shapes(parse('- Who goes there?').blocks)).toEqual([
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['Who goes there?'] },
    ]);
    expect(shapes(parse('— Who goes there?').blocks)).toEqual([{ kind: 'paragraph', inlines: ['— Who goes there?'] }]);
  });

  it('`* ` and `+ ` are unordered items unless U+2060 comes first', () => {
    expect(shapes(parse('* star\n\n+ plus').blocks)).toEqual([
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['star'] },
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['plus'] },
    ]);
    expect(shapes(parse(`${WJ}* star`).blocks)).toEqual([{ kind: 'paragraph', inlines: [`${WJ}* star`] }]);
  });

  it('`> ` is a blockquote unless U+2060 comes first', () => {
    expect(shapes(parse('> quoted').blocks)).toEqual([{ kind: 'blockquote', inlines: ['quoted'] }]);
    expect(shapes(parse(`${WJ}> not quoted`).blocks)).toEqual([{ kind: 'paragraph', inlines: [`${WJ}> not quoted`] }]);
  });

  it('`# ` is a heading; shebangs, `#Title`, 7 hashes and U+2060 stay text', () => {
    expect(shapes(parse('# Title').blocks)).toEqual([{ kind: 'heading', level: 1, attrs: {}, inlines: ['Title'] }]);
    expect(shapes(parse('#!/bin/sh').blocks)).toEqual([{ kind: 'paragraph', inlines: ['#!/bin/sh'] }]);
    expect(shapes(parse('#Title').blocks)).toEqual([{ kind: 'paragraph', inlines: ['#Title'] }]);
    expect(shapes(parse('####### Seven').blocks)).toEqual([{ kind: 'paragraph', inlines: ['####### Seven'] }]);
    expect(shapes(parse(`${WJ}# Not a heading`).blocks)).toEqual([{ kind: 'paragraph', inlines: [`${WJ}# Not a heading`] }]);
  });

  it('closing hashes are not stripped', () => {
    expect(shapes(parse('## Title ##').blocks)).toEqual([{ kind: 'heading', level: 2, attrs: {}, inlines: ['Title ##'] }]);
  });

  it('an unknown `:::word` is text plus unknownDirective; its content parses normally', () => {
    const r = parse(':::note\nSome *text*.\n:::');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'paragraph', inlines: [':::note'] },
      { kind: 'paragraph', inlines: ['Some ', { t: 'text', m: ['emphasis'] }, '.'] },
      { kind: 'paragraph', inlines: [':::'] },
    ]);
    expect(kinds(r.diagnostics)).toEqual(['unknownDirective']);
    expect(r.diagnostics[0]).toMatchObject({ chapterId: 'c', line: 1, column: 1, from: 0, to: 7 });
  });

  it('something after the attributes makes a fence text', () => {
    const r = parse(':::pagebreak now');
    expect(shapes(r.blocks)).toEqual([{ kind: 'paragraph', inlines: [':::pagebreak now'] }]);
    expect(kinds(r.diagnostics)).toEqual(['unknownDirective']);
  });

  it('a `}` inside a fence value closes the block and the fence becomes text', () => {
    const r = parse(':::callout{title="a}b"}');
    expect(shapes(r.blocks)).toEqual([{ kind: 'paragraph', inlines: [':::callout{title="a}b"}'] }]);
    expect(kinds(r.diagnostics)).toEqual(['unknownDirective']);
  });

  it('full-width markup is text plus fullwidthMarkup with the ASCII form', () => {
    const r = parse('＃ 見出し\n\n：：：pagebreak');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'paragraph', inlines: ['＃ 見出し'] },
      { kind: 'paragraph', inlines: ['：：：pagebreak'] },
    ]);
    expect(kinds(r.diagnostics)).toEqual(['fullwidthMarkup', 'fullwidthMarkup']);
    expect(r.diagnostics.map((d) => d.ascii)).toEqual(['# ', ':::']);
  });
});

describe('what ends a paragraph (§2.1, §22.2)', () => {
  it('an ordered-list line glued under a paragraph is swallowed as text', () => {
    expect(shapes(parse('The years were\n1998. and more').blocks)).toEqual([{ kind: 'paragraph', inlines: ['The years were 1998. and more'] }]);
  });

  it('a glued `::resource` line is swallowed and raises malformedEmbed', () => {
    const r = parse('See here:\n::resource{id="x"}');
    expect(shapes(r.blocks)).toEqual([{ kind: 'paragraph', inlines: ['See here: ::resource{id="x"}'] }]);
    expect(kinds(r.diagnostics)).toEqual(['malformedEmbed']);
  });

  it('headings, quotes, bullets, fences, code fences and displays end a paragraph', () => {
    const r = parse('a\n# H\nb\n> q\nc\n- i\nd\n:::pagebreak\ne\n```\ncode\n```\nf\n$$x$$');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'paragraph', inlines: ['a'] },
      { kind: 'heading', level: 1, attrs: {}, inlines: ['H'] },
      { kind: 'paragraph', inlines: ['b'] },
      { kind: 'blockquote', inlines: ['q'] },
      { kind: 'paragraph', inlines: ['c'] },
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['i'] },
      { kind: 'paragraph', inlines: ['d'] },
      { kind: 'directive', name: 'pagebreak', attrs: {} },
      { kind: 'paragraph', inlines: ['e'] },
      { kind: 'code', lang: '', attrs: {}, title: null, text: 'code', closed: true },
      { kind: 'paragraph', inlines: ['f'] },
      { kind: 'mathDisplay', tex: 'x', labels: [] },
    ]);
  });

  it('a glued line under a list item or quote is a new paragraph', () => {
    expect(shapes(parse('- item\nmore\n\n> q\nplain').blocks)).toEqual([
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['item'] },
      { kind: 'paragraph', inlines: ['more'] },
      { kind: 'blockquote', inlines: ['q'] },
      { kind: 'paragraph', inlines: ['plain'] },
    ]);
  });

  it('lines are trimmed and joined with one space; two trailing spaces are not a break', () => {
    expect(shapes(parse('  one  \n   two  ').blocks)).toEqual([{ kind: 'paragraph', inlines: ['one two'] }]);
  });

  it('CJK lines join without a space; Korean keeps it', () => {
    expect(shapes(parse('日本語の\n文章です。').blocks)).toEqual([{ kind: 'paragraph', inlines: ['日本語の文章です。'] }]);
    expect(shapes(parse('中文“\n”中文').blocks)).toEqual([{ kind: 'paragraph', inlines: ['中文“”中文'] }]);
    expect(shapes(parse('한국어\n문장').blocks)).toEqual([{ kind: 'paragraph', inlines: ['한국어 문장'] }]);
    expect(shapes(parse('Latin\n中文').blocks)).toEqual([{ kind: 'paragraph', inlines: ['Latin 中文'] }]);
  });
});

describe('escapes (§2.5)', () => {
  it('\\* \\_ \\^ \\~ \\` \\$ print the character and open nothing', () => {
    const r = parse('\\*a\\* \\_b\\_ \\^c\\^ \\~d\\~ \\`e\\` \\$5 and \\$6');
    expect(shapes(r.blocks)).toEqual([{ kind: 'paragraph', inlines: ['*a* _b_ ^c^ ~d~ `e` $5 and $6'] }]);
    expect(r.diagnostics).toEqual([]);
    const text = (r.blocks[0] as { inlines: TextInline[] }).inlines[0]!;
    expect(text.offsets?.slice(0, 3)).toEqual([1, 2, 4]);
  });

  it('\\] inside a bracketed inline directive', () => {
    expect(shapes(parse(':smallcaps[a\\]b]').blocks)).toEqual([{ kind: 'paragraph', inlines: [{ t: 'a]b', m: ['smallcaps'] }] }]);
  });

  it('\\@ is a literal at-sign and \\:index a literal mark', () => {
    expect(shapes(parse('\\@key and \\:index[x]').blocks)).toEqual([{ kind: 'paragraph', inlines: ['@key and :index[x]'] }]);
  });

  it('no escapes inside attribute values', () => {
    expect(shapes(parse('# T {title="a\\b"}').blocks)).toEqual([{ kind: 'heading', level: 1, attrs: { title: 'a\\b' }, inlines: ['T'] }]);
  });

  it('trailing \\ and \\\\ + space are hard breaks; \\\\ glued is two backslashes; other backslashes print', () => {
    expect(shapes(parse('one\\\ntwo \\\\ three').blocks)).toEqual([
      { kind: 'paragraph', inlines: ['one', { br: true }, 'two', { br: true }, 'three'] },
    ]);
    expect(shapes(parse('a\\\\b C:\\dir').blocks)).toEqual([{ kind: 'paragraph', inlines: ['a\\\\b C:\\dir'] }]);
  });

  it('a trailing \\ ending a paragraph prints; two breaks collapse to one', () => {
    expect(shapes(parse('end\\').blocks)).toEqual([{ kind: 'paragraph', inlines: ['end\\'] }]);
    expect(shapes(parse('a \\\\ \\\\ b').blocks)).toEqual([{ kind: 'paragraph', inlines: ['a', { br: true }, 'b'] }]);
  });

  it('a `__` that fails to make bold never degrades to italic; snake_case keeps underscores', () => {
    expect(shapes(parse('__a_ snake_case_name').blocks)).toEqual([{ kind: 'paragraph', inlines: ['__a_ snake_case_name'] }]);
  });
});
