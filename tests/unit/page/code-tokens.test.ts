/**
 * The listing lexer (page/code-tokens.ts, configuration.md §13.3 `highlight: 'builtin'`): token
 * kinds read back as `kind:text` per line, checked by hand.
 */
import { describe, expect, it } from 'vitest';
import { knownLanguage, tokenizeListing } from '../../../src/worker/engine/page/code-tokens';

const kinds = (lang: string, lines: readonly string[]): string[][] => tokenizeListing(lang, lines).map((tokens, i) => tokens.map((t) => `${t.kind}:${lines[i]!.slice(t.from, t.to)}`));

describe('code tokens', () => {
  it('reads JavaScript/TypeScript: keywords, types, called names, numbers, strings, comments carried over lines', () => {
    expect(kinds('ts', ['const n: number = 0x1F; /* a', 'b */ greet(`hi ${n}`); // c'])).toEqual([
      ['keyword:const', 'operator::', 'type:number', 'operator:=', 'number:0x1F', 'punctuation:;', 'comment:/* a'],
      ['comment:b */', 'function:greet', 'punctuation:(', 'string:`hi ${n}`', 'punctuation:)', 'punctuation:;', 'comment:// c'],
    ]);
    expect(kinds('js', ['new Map()'])[0]).toEqual(['keyword:new', 'function:Map', 'punctuation:(', 'punctuation:)']);
  });

  it('reads Python: decorators, prefixed strings, triple-quoted strings over lines, capitalised names as types', () => {
    expect(kinds('python', ['@cache', 'def f(x: int) -> Path:', '    s = f"v{x}" """doc', 'more""" # note'])).toEqual([
      ['meta:@cache'],
      ['keyword:def', 'function:f', 'punctuation:(', 'operator::', 'type:int', 'punctuation:)', 'operator:->', 'type:Path', 'operator::'],
      ['operator:=', 'string:f"v{x}"', 'string:"""doc'],
      ['string:more"""', 'comment:# note'],
    ]);
  });

  it('reads shell and console sessions: commands, variables in and out of strings, options plain, prompt and output', () => {
    expect(kinds('bash', ['rsync -a "$HOME/x" $DEST # copy'])[0]).toEqual(['function:rsync', 'string:"', 'variable:$HOME', 'string:/x"', 'variable:$DEST', 'comment:# copy']);
    expect(kinds('console', ['$ ls -a', 'file.txt', 'me@host:~$ echo hi'])).toEqual([['prompt:$', 'function:ls'], ['output:file.txt'], ['prompt:me@host:~$', 'function:echo']]);
  });

  it('reads JSON, CSS and HTML', () => {
    expect(kinds('json', ['{"a": [1.5, true, null]}'])[0]).toEqual(['punctuation:{', 'string:"a"', 'operator::', 'punctuation:[', 'number:1.5', 'punctuation:,', 'keyword:true', 'punctuation:,', 'keyword:null', 'punctuation:]', 'punctuation:}']);
    expect(kinds('css', ['a { margin: 0 auto; } /* x */'])[0]).toEqual(['punctuation:{', 'operator::', 'number:0', 'keyword:auto', 'punctuation:;', 'punctuation:}', 'comment:/* x */']);
    expect(kinds('html', ['<a href="/x">go &amp; see</a> <!-- c'])[0]).toEqual(['punctuation:<', 'keyword:a', 'variable:href', 'string:"/x"', 'punctuation:>', 'meta:&amp;', 'punctuation:</', 'keyword:a', 'punctuation:>', 'comment:<!-- c']);
  });

  it('leaves unknown languages untokenized', () => {
    expect(knownLanguage('markdown')).toBe(false);
    expect(kinds('markdown', ['# Title', '*x*'])).toEqual([[], []]);
  });
});
