/**
 * One test per [Core]/[Common] construct of document-format.md, using the spec's own examples.
 * Expected shapes are written by hand.
 */
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/index';
import type { Block } from '../../../src/worker/engine/parse/index';
import { kinds, shapes } from './shape';

const parse = (source: string, first = true) => parseChapter(source, { chapterId: 'c', isFirstChapter: first });
const one = (source: string) => shapes(parse(source).blocks);

describe('front matter (§4)', () => {
  it('reads the four fields as text and keeps references/nocite/other keys', () => {
    const src = '---\ntitle: The Typesetter\'s Craft\nsubtitle: Notes\nauthor: [Ana Gil, Luis Paz]\npublishDate: 2026-04-15\nnocite: "@lopez2019"\nreferences: [{id: a}]\nedition: 2\n---\n\nBody';
    const r = parse(src);
    expect(r.frontmatter).toMatchObject({
      title: "The Typesetter's Craft",
      subtitle: 'Notes',
      author: 'Ana Gil, Luis Paz',
      publishDate: '2026-04-15',
      publishDay: { year: 2026, month: 4, day: 15 },
      nocite: '@lopez2019',
      references: [{ id: 'a' }],
    });
    expect(r.frontmatter?.metadata.edition).toBe(2);
    expect(one(src)).toEqual([{ kind: 'paragraph', inlines: ['Body'] }]);
  });

  it('prints numbers in plain decimal (YAML 1.1: octal, sexagesimal), booleans, datetimes as UTC day', () => {
    const fm = parse('---\ntitle: 1.50\nsubtitle: 017\nauthor: 1:30\npublishDate: 2026-04-15T23:30:00-05:00\n---\n').frontmatter;
    expect(fm).toMatchObject({ title: '1.5', subtitle: '15', author: '90', publishDate: '2026-04-16' });
    expect(parse('---\ntitle: true\nsubtitle: No\nauthor: "017"\n---\n').frontmatter).toMatchObject({ title: 'true', subtitle: 'No', author: '017' });
  });

  it('omits fields without a text form (map, empty)', () => {
    const fm = parse('---\ntitle: {a: 1}\nauthor:\n---\n').frontmatter;
    expect(fm?.title).toBeUndefined();
    expect(fm?.author).toBeUndefined();
  });

  it('invalid YAML → invalidFrontmatter, body still parsed', () => {
    const r = parse('---\ntitle: [unclosed\n---\nBody');
    expect(r.frontmatter).toBeUndefined();
    expect(kinds(r.diagnostics)).toEqual(['invalidFrontmatter']);
    expect(shapes(r.blocks)).toEqual([{ kind: 'paragraph', inlines: ['Body'] }]);
  });

  it('a later chapter’s front matter is ignored with chapterFrontmatterIgnored', () => {
    const r = parse('---\ntitle: X\n---\nBody', false);
    expect(r.frontmatter).toBeUndefined();
    expect(kinds(r.diagnostics)).toEqual(['chapterFrontmatterIgnored']);
    expect(shapes(r.blocks)).toEqual([{ kind: 'paragraph', inlines: ['Body'] }]);
  });
});

describe('headings (§5.1)', () => {
  it('spec examples of attribute blocks', () => {
    expect(one('# Preface {style="front-matter"}\n# Contents {style="front-matter" toc="false"}\n# The Long Road {author="I. Zango Martín" year=1998}\n## Method {#sec-method}\n# Survey instrument {style="appendix" startAt=1}')).toEqual([
      { kind: 'heading', level: 1, attrs: { style: 'front-matter' }, inlines: ['Preface'] },
      { kind: 'heading', level: 1, attrs: { style: 'front-matter', toc: 'false' }, inlines: ['Contents'] },
      { kind: 'heading', level: 1, attrs: { author: 'I. Zango Martín', year: '1998' }, inlines: ['The Long Road'] },
      { kind: 'heading', level: 2, attrs: { id: 'sec-method' }, inlines: ['Method'] },
      { kind: 'heading', level: 1, attrs: { style: 'appendix', startAt: '1' }, inlines: ['Survey instrument'] },
    ]);
  });

  it('blocks the grammar cannot fully read stay in the title', () => {
    for (const tail of ['{x, y}', '{.class}', '{a="1", b="2"}', '{}', '{1}']) {
      expect(one(`# T ${tail}`)).toEqual([{ kind: 'heading', level: 1, attrs: {}, inlines: [`T ${tail}`] }]);
    }
  });

  it('glued to a CJK character is taken, a flag alone glued stays', () => {
    expect(one('# 回目{style="x"}')).toEqual([{ kind: 'heading', level: 1, attrs: { style: 'x' }, inlines: ['回目'] }]);
    expect(one('# 回目{flag}')).toEqual([{ kind: 'heading', level: 1, attrs: {}, inlines: ['回目{flag}'] }]);
    expect(one('# Title{style="x"}')).toEqual([{ kind: 'heading', level: 1, attrs: {}, inlines: ['Title{style="x"}'] }]);
  });

  it('attribute grammar: quotes, full-width =, bare values run to the next space, last value wins', () => {
    expect(one('# T {title=Hello world a=1 a=2 b = “x y” c＝「z」 d=\'say "hi"\'}')).toEqual([
      { kind: 'heading', level: 1, attrs: { title: 'Hello', world: '', a: '2', b: 'x y', c: 'z', d: 'say "hi"' }, inlines: ['T'] },
    ]);
  });

  it('a non-ASCII key is ignored with attributeKeyInvalid, the others apply', () => {
    const r = parse('# T {标题="x" style="y"}');
    expect(shapes(r.blocks)).toEqual([{ kind: 'heading', level: 1, attrs: { style: 'y' }, inlines: ['T'] }]);
    expect(kinds(r.diagnostics)).toEqual(['attributeKeyInvalid']);
  });

  it('inline marks, maths and refs work; footnote markers and chips stay literal; \\\\ is a title break', () => {
    expect(one('# The *long* road $x$ :ref{id="a"} [^1] :chip[c] \\\\ part two')).toEqual([
      {
        kind: 'heading',
        level: 1,
        attrs: {},
        inlines: ['The ', { t: 'long', m: ['emphasis'] }, ' road ', { math: 'x' }, ' ', { ref: 'a', form: 'directive', attrs: { id: 'a' } }, ' [^1] :chip[c]', { br: true }, 'part two'],
      },
    ]);
  });
});

describe('paragraphs, breaks and special characters (§2, §5.2, §5.3)', () => {
  it('blank lines separate blocks and never add anything', () => {
    expect(one('one\n\n\n\ntwo')).toEqual([
      { kind: 'paragraph', inlines: ['one'] },
      { kind: 'paragraph', inlines: ['two'] },
    ]);
  });

  it('no-break characters, soft hyphens and ideographic spaces are kept as typed; leading U+3000 dropped', () => {
    expect(one('\u3000\u3000a\u00a0b\u202fc\u2007d\u2060e\u00adf\u3000g')).toEqual([{ kind: 'paragraph', inlines: ['a\u00a0b\u202fc\u2007d\u2060e\u00adf\u3000g'] }]);
  });

  it('raw HTML and entities print literally', () => {
    expect(one('<b>bold</b> &nbsp;')).toEqual([{ kind: 'paragraph', inlines: ['<b>bold</b> &nbsp;'] }]);
  });

  it('thematic breaks and pipe tables are literal paragraphs', () => {
    expect(one('***\n\n| a | b |\n|---|---|')).toEqual([
      { kind: 'paragraph', inlines: ['***'] },
      { kind: 'paragraph', inlines: ['| a | b | |---|---|'] },
    ]);
  });
});

describe('inline marks (§10)', () => {
  it('bold, italic, bold italic with both characters', () => {
    expect(one('**b** __B__ *i* _I_ ***bi*** ___BI___')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { t: 'b', m: ['strong'] }, ' ', { t: 'B', m: ['strong'] }, ' ', { t: 'i', m: ['emphasis'] }, ' ', { t: 'I', m: ['emphasis'] }, ' ',
          { t: 'bi', m: ['emphasis', 'strong'] }, ' ', { t: 'BI', m: ['emphasis', 'strong'] },
        ],
      },
    ]);
  });

  it('italic inside bold and bold inside italic both nest', () => {
    expect(one('**a *b* c** *a **b** c*')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { t: 'a ', m: ['strong'] }, { t: 'b', m: ['emphasis', 'strong'] }, { t: ' c', m: ['strong'] }, ' ',
          { t: 'a ', m: ['emphasis'] }, { t: 'b', m: ['emphasis', 'strong'] }, { t: ' c', m: ['emphasis'] },
        ],
      },
    ]);
  });

  it('lone asterisks pair across a paragraph; underscores only at word boundaries; CJK is not a word', () => {
    expect(one('x * y * z')).toEqual([{ kind: 'paragraph', inlines: ['x ', { t: ' y ', m: ['emphasis'] }, ' z'] }]);
    expect(one('snake_case_name')).toEqual([{ kind: 'paragraph', inlines: ['snake_case_name'] }]);
    expect(one('中文_斜体_中文')).toEqual([{ kind: 'paragraph', inlines: ['中文', { t: '斜体', m: ['emphasis'] }, '中文'] }]);
  });

  it('emphasis pairs across joined lines but never across blocks', () => {
    expect(one('*a\nb*\n\n*c\n\nd*')).toEqual([
      { kind: 'paragraph', inlines: [{ t: 'a b', m: ['emphasis'] }] },
      { kind: 'paragraph', inlines: ['*c'] },
      { kind: 'paragraph', inlines: ['d*'] },
    ]);
  });

  it('superscript and subscript rules (§10.3)', () => {
    expect(one('10^-8^ H~2~O x^a b^')).toEqual([
      { kind: 'paragraph', inlines: ['10', { t: '-8', m: ['sup'] }, ' H', { t: '2', m: ['sub'] }, 'O x', { t: 'a b', m: ['sup'] }] },
    ]);
    expect(one('^_^ ^o^ 1^o^')).toEqual([{ kind: 'paragraph', inlines: ['^_^ ^o^ 1', { t: 'o', m: ['sup'] }] }]);
    expect(one('3~5 days 周一~周五 F~合~')).toEqual([{ kind: 'paragraph', inlines: ['3~5 days 周一~周五 F', { t: '合', m: ['sub'] }] }]);
    expect(one('a ^ b ^ c')).toEqual([{ kind: 'paragraph', inlines: ['a ^ b ^ c'] }]);
    expect(one('~~x~~')).toEqual([{ kind: 'paragraph', inlines: ['~', { t: 'x', m: ['sub'] }, '~'] }]);
  });

  it('small caps nest marks both ways; empty/unclosed are literal', () => {
    expect(one('*:smallcaps[unesco]* :smallcaps[a **b**] :smallcaps[] :smallcaps[x')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { t: 'unesco', m: ['emphasis', 'smallcaps'] }, ' ', { t: 'a ', m: ['smallcaps'] }, { t: 'b', m: ['smallcaps', 'strong'] },
          ' :smallcaps[] :smallcaps[x',
        ],
      },
    ]);
  });

  it('inline code is literal and shields markup', () => {
    expect(one('use `a*b*c $x$ :ref{id="q"}` and ``x ` y``')).toEqual([
      { kind: 'paragraph', inlines: ['use ', { t: 'a*b*c $x$ :ref{id="q"}', m: ['code'] }, ' and ', { t: 'x ` y', m: ['code'] }] },
    ]);
  });

  it('links: kept schemes, angle destinations, titles ignored, unbalanced → no link, images removed', () => {
    expect(one('[a](https://x.org/(b)) [b *c*](<a b> "t") [c](javascript:x) [d](e(f) ![alt](i.png)x')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { link: 'https://x.org/(b)', children: ['a'] }, ' ',
          { link: 'a b', children: ['b ', { t: 'c', m: ['emphasis'] }] }, ' ',
          'c', ' [d](e(f) ', 'x',
        ],
      },
    ]);
  });
});

describe('maths (§11)', () => {
  it('inline formulas, two adjacent formulas, escaped dollars, unclosed → unclosedMath', () => {
    const r = parse('$a$$b$ costs \\$5 and $x * y$ $oops');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'paragraph', inlines: [{ math: 'a' }, { math: 'b' }, ' costs $5 and ', { math: 'x * y' }, ' $oops'] },
    ]);
    expect(kinds(r.diagnostics)).toEqual(['unclosedMath']);
  });

  it('display line, fence with labels, `$$a$$ and $$b$$` is text, unclosed fence warns', () => {
    const r = parse('$$E=mc^2$$\n\n$$\n\\begin{align}\na \\label{eq:a}\\\\\n\\begin{aligned} b \\label{no} \\end{aligned}\n\\end{align}\n$$\n\n$$a$$ and $$b$$\n\n$$\nopen');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'mathDisplay', tex: 'E=mc^2', labels: [] },
      { kind: 'mathDisplay', tex: '\\begin{align}\na \\label{eq:a}\\\\\n\\begin{aligned} b \\label{no} \\end{aligned}\n\\end{align}', labels: ['eq:a'] },
      { kind: 'paragraph', inlines: ['$$a$$ and $$b$$'] },
      { kind: 'mathDisplay', tex: 'open', labels: [] },
    ]);
    expect(kinds(r.diagnostics)).toEqual(['unclosedMathBlock']);
  });

  it('text glued under a display continues the paragraph only when the display was glued above', () => {
    const glued = parse('lead\n$$x$$\nwhere').blocks;
    expect(glued.map((b) => [b.kind, b.kind === 'paragraph' ? !!b.continuesParagraph : b.kind === 'mathDisplay' ? b.inParagraph : null])).toEqual([
      ['paragraph', false],
      ['mathDisplay', true],
      ['paragraph', true],
    ]);
    const apart = parse('lead\n\n$$x$$\nnext').blocks;
    expect(apart.map((b) => (b.kind === 'paragraph' ? !!b.continuesParagraph : b.kind === 'mathDisplay' ? b.inParagraph : null))).toEqual([false, false, false]);
  });
});

describe('lists (§5.5)', () => {
  it('three kinds with their markers', () => {
    expect(one('- a\n* b\n+ c\n1. d\n2) e\n- [ ] todo\n- [x] done\n- [X] DONE\na. text')).toEqual([
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['a'] },
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['b'] },
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['c'] },
      { kind: 'listItem', listKind: 'ordered', depth: 1, number: 1, inlines: ['d'] },
      { kind: 'listItem', listKind: 'ordered', depth: 1, number: 2, inlines: ['e'] },
      { kind: 'listItem', listKind: 'task', depth: 1, checked: false, inlines: ['todo'] },
      { kind: 'listItem', listKind: 'task', depth: 1, checked: true, inlines: ['done'] },
      { kind: 'listItem', listKind: 'task', depth: 1, checked: true, inlines: ['DONE'] },
      { kind: 'paragraph', inlines: ['a. text'] },
    ]);
  });

  it('numbering: the first typed number starts, later items count up (§22.1)', () => {
    const nums = (s: string) => parse(s).blocks.map((b) => (b.kind === 'listItem' ? b.number : null));
    expect(nums('1. a\n1. b\n1. c')).toEqual([1, 2, 3]);
    expect(nums('5. a\n9. b')).toEqual([5, 6]);
    expect(nums('0. a\n0. b')).toEqual([0, 1]);
    // A kind change at a depth restarts numbering there.
    expect(nums('3. a\n- b\n7. c\n1. d')).toEqual([3, undefined, 7, 8]);
  });

  it('nesting: ≥ 2 columns to the right of the parent marker, one space nests nothing, never skip, max 5', () => {
    const depths = (s: string) => parse(s).blocks.map((b) => (b.kind === 'listItem' ? b.depth : 0));
    // `- d` (column 1) has no open item ≥ 2 columns to its left: level 1.
    expect(depths('- a\n  - b\n    - c\n - d')).toEqual([1, 2, 3, 1]);
    expect(depths('- a\n  - b\n    - c\n   - d')).toEqual([1, 2, 3, 2]);
    expect(depths('1. a\n   1. b\n10. c\n    1. d')).toEqual([1, 2, 1, 2]);
    expect(depths('- a\n        - b')).toEqual([1, 2]);
    expect(depths('    - first item is level 1')).toEqual([1]);
    expect(depths('- 1\n  - 2\n    - 3\n      - 4\n        - 5\n          - 6')).toEqual([1, 2, 3, 4, 5, 5]);
    expect(depths('- a\n\t- tab')).toEqual([1, 2]);
    expect(depths('- a\n - b')).toEqual([1, 1]);
  });

  it('nested numbering restarts under a new parent; one blank line keeps the list, two split it', () => {
    const items = parse('1. a\n   1. x\n2. b\n   1. y\n\n3. c\n\n\n7. d').blocks.filter((b): b is Extract<Block, { kind: 'listItem' }> => b.kind === 'listItem');
    expect(items.map((b) => [b.depth, b.number])).toEqual([[1, 1], [2, 1], [1, 2], [2, 1], [1, 3], [1, 7]]);
    expect(new Set(items.slice(0, 5).map((b) => b.listId)).size).toBe(1);
    expect(items[5]!.listId).not.toBe(items[0]!.listId);
  });

  it('items are one line; `\\\\` breaks inside an item', () => {
    expect(one('- one \\\\ two\n  glued')).toEqual([
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['one', { br: true }, 'two'] },
      { kind: 'paragraph', inlines: ['glued'] },
    ]);
  });
});

describe('blockquotes (§5.4)', () => {
  it('consecutive `>` lines are one block; a `>`-only line does not split; `>>` leaves a `>`', () => {
    expect(one('> one\n>two\n>\n> three\n\n>> nested')).toEqual([
      { kind: 'blockquote', inlines: ['one two three'] },
      { kind: 'blockquote', inlines: ['> nested'] },
    ]);
  });
});

describe('code blocks (§5.7)', () => {
  it('spec example: language, braced attributes, verbatim content', () => {
    const r = parse('```bash {title="backup.sh" lineNumbers start=12 highlight="3,5-7"}\n# Back up the photo library\nrsync -a --delete ~/Photos/ /Volumes/Backup/Photos/\n```');
    expect(shapes(r.blocks)).toEqual([
      {
        kind: 'code',
        lang: 'bash',
        attrs: { title: 'backup.sh', lineNumbers: '', start: '12', highlight: '3,5-7' },
        title: 'backup.sh',
        text: '# Back up the photo library\nrsync -a --delete ~/Photos/ /Volumes/Backup/Photos/',
        closed: true,
      },
    ]);
  });

  it('leftover info words are the title; tildes; longer closers; unclosed runs to the end', () => {
    expect(one('```python normalize.py\nx = 1\n```')).toEqual([{ kind: 'code', lang: 'python', attrs: {}, title: 'normalize.py', text: 'x = 1', closed: true }]);
    expect(one('~~~~\n:::\n$$\n~~~\n~~~~~\nafter')).toEqual([
      { kind: 'code', lang: '', attrs: {}, title: null, text: ':::\n$$\n~~~', closed: true },
      { kind: 'paragraph', inlines: ['after'] },
    ]);
    const r = parse('```\nnever closed\n\n# not a heading');
    expect(shapes(r.blocks)).toEqual([{ kind: 'code', lang: '', attrs: {}, title: null, text: 'never closed\n\n# not a heading', closed: false }]);
    expect(kinds(r.diagnostics)).toEqual(['unclosedCodeBlock']);
  });
});

describe('single-line directives (§7)', () => {
  it('pagebreak, numbering, columnbreak, space, toc, index, bibliography', () => {
    const r = parse(':::pagebreak{parity="odd"}\n:::pagebreak{center}\n:::numbering{format="lower-roman" startAt=1}\n:::numbering{lines=0}\n:::columnbreak\n:::space\n:::space{lines=1.5}\n:::toc\n:::index{index="names"}\n::: bibliography{title="Works cited" scope=book}');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'directive', name: 'pagebreak', attrs: { parity: 'odd' } },
      { kind: 'directive', name: 'pagebreak', attrs: { center: '' } },
      { kind: 'directive', name: 'numbering', attrs: { format: 'lower-roman', startAt: '1' } },
      { kind: 'directive', name: 'numbering', attrs: { lines: '0' } },
      { kind: 'directive', name: 'columnbreak', attrs: {} },
      { kind: 'directive', name: 'space', attrs: {} },
      { kind: 'directive', name: 'space', attrs: { lines: '1.5' } },
      { kind: 'directive', name: 'toc', attrs: {} },
      { kind: 'directive', name: 'index', attrs: { index: 'names' } },
      { kind: 'directive', name: 'bibliography', attrs: { title: 'Works cited', scope: 'book' } },
    ]);
    expect(kinds(r.diagnostics)).toEqual(['unsupportedConstruct']);
  });

  it('invalid values warn with the spec’s kinds', () => {
    const r = parse(':::pagebreak{parity="left"}\n:::numbering{startAt=0}\n:::space{lines=25}\n:::space{lines=0}');
    expect(kinds(r.diagnostics)).toEqual(['pagebreakInvalidParity', 'numberingInvalidStartAt', 'spaceInvalidLines', 'spaceInvalidLines']);
    expect(parse(':::numbering{startAt=٥}').diagnostics).toEqual([]);
  });

  it('inside a callout only :::space works; the others are marked ignored', () => {
    expect(one(':::callout\n:::pagebreak\n:::space{lines=4}\n:::')).toEqual([
      { kind: 'containerStart', name: 'callout', attrs: {} },
      { kind: 'directive', name: 'pagebreak', attrs: {}, ignored: true },
      { kind: 'directive', name: 'space', attrs: { lines: '4' } },
      { kind: 'containerEnd', name: 'callout' },
    ]);
  });
});

describe('containers (§8)', () => {
  it('callout spec example, nesting, each `:::` closes the innermost', () => {
    const r = parse(':::callout{type="objectives" title="What you will learn" span="page" placement="top"}\n- Name the parts of the lantern.\n:::callout{#box-safety title="Safety"}\nInner\n:::\nOuter again\n:::');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'containerStart', name: 'callout', attrs: { type: 'objectives', title: 'What you will learn', span: 'page', placement: 'top' } },
      { kind: 'listItem', listKind: 'unordered', depth: 1, inlines: ['Name the parts of the lantern.'] },
      { kind: 'containerStart', name: 'callout', attrs: { id: 'box-safety', title: 'Safety' } },
      { kind: 'paragraph', inlines: ['Inner'] },
      { kind: 'containerEnd', name: 'callout' },
      { kind: 'paragraph', inlines: ['Outer again'] },
      { kind: 'containerEnd', name: 'callout' },
    ]);
    const starts = r.blocks.filter((b) => b.kind === 'containerStart');
    expect(starts.map((s) => s.kind === 'containerStart' && [s.depth, r.blocks.find((b) => b.id === s.endId)?.kind])).toEqual([[1, 'containerEnd'], [2, 'containerEnd']]);
    expect(r.diagnostics).toEqual([]);
  });

  it('paragraphs, part and columns spec examples', () => {
    expect(one(':::paragraphs{style="epigraph"}\nThe sea has neither meaning nor pity.\n:::\n:::paragraphs{align=end endIndent=1}\n大正三年四月\n:::')).toEqual([
      { kind: 'containerStart', name: 'paragraphs', attrs: { style: 'epigraph' } },
      { kind: 'paragraph', inlines: ['The sea has neither meaning nor pity.'] },
      { kind: 'containerEnd', name: 'paragraphs' },
      { kind: 'containerStart', name: 'paragraphs', attrs: { align: 'end', endIndent: '1' } },
      { kind: 'paragraph', inlines: ['大正三年四月'] },
      { kind: 'containerEnd', name: 'paragraphs' },
    ]);
    expect(one(':::part{number="I" title="Foundations" palette="band=#9bcdbf, band-grey:#fadec7"}\n1. The lantern and its parts\n2. Trimming the wick\n:::\n# The lantern and its parts')).toEqual([
      { kind: 'containerStart', name: 'part', attrs: { number: 'I', title: 'Foundations', palette: 'band=#9bcdbf, band-grey:#fadec7' } },
      { kind: 'listItem', listKind: 'ordered', depth: 1, number: 1, inlines: ['The lantern and its parts'] },
      { kind: 'listItem', listKind: 'ordered', depth: 1, number: 2, inlines: ['Trimming the wick'] },
      { kind: 'containerEnd', name: 'part' },
      { kind: 'heading', level: 1, attrs: {}, inlines: ['The lantern and its parts'] },
    ]);
    const cols = parse(':::columns{count=3 span="page" rule flow=zigzag}\n**Harbour.** The new pier opens on Monday…\n:::');
    expect(shapes(cols.blocks)).toEqual([
      { kind: 'containerStart', name: 'columns', attrs: { count: '3', span: 'page', rule: '', flow: 'zigzag' } },
      { kind: 'paragraph', inlines: [{ t: 'Harbour.', m: ['strong'] }, ' The new pier opens on Monday…'] },
      { kind: 'containerEnd', name: 'columns' },
    ]);
    expect(kinds(cols.diagnostics)).toEqual(['columnsFlowUnknown']);
  });

  it('a fence ends a glued paragraph; an unclosed container closes at the end with unclosedContainer', () => {
    const r = parse('text\n:::callout{title="Box"}\nbody');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'paragraph', inlines: ['text'] },
      { kind: 'containerStart', name: 'callout', attrs: { title: 'Box' } },
      { kind: 'paragraph', inlines: ['body'] },
      { kind: 'containerEnd', name: 'callout', implicit: true },
    ]);
    expect(kinds(r.diagnostics)).toEqual(['unclosedContainer']);
    expect(r.diagnostics[0]).toMatchObject({ line: 2, column: 1 });
  });

  it('junk inside a fence attribute block warns attributeKeyInvalid, the rest applies', () => {
    const r = parse(':::callout{type="note", title="T"}\nx\n:::');
    expect(shapes(r.blocks)[0]).toEqual({ kind: 'containerStart', name: 'callout', attrs: { title: 'T' } });
    expect(kinds(r.diagnostics)).toEqual(['attributeKeyInvalid']);
  });
});

describe(':::verse (§9.1)', () => {
  it('lines, indents, stanzas, stepped lines, literal plus, inline markdown', () => {
    expect(one(':::verse{lineStart=37}\nWhose woods these are I think I know.\nHis house is in the *village* though;\n\n\n  He will not see me stopping here\n+ a shared (stepped) half-line\n\\+ literal plus\n:::')).toEqual([
      {
        kind: 'verse',
        attrs: { lineStart: '37' },
        stanzas: [
          [
            { indent: 0, stepped: false, inlines: ['Whose woods these are I think I know.'] },
            { indent: 0, stepped: false, inlines: ['His house is in the ', { t: 'village', m: ['emphasis'] }, ' though;'] },
          ],
          [
            { indent: 2, stepped: false, inlines: ['He will not see me stopping here'] },
            { indent: 0, stepped: true, inlines: ['a shared (stepped) half-line'] },
            { indent: 0, stepped: false, inlines: ['+ literal plus'] },
          ],
        ],
      },
    ]);
  });
});

describe('resources and references (§12.2, §12.3, §13)', () => {
  it('::resource strict form; single quotes, extra attributes → malformedEmbed', () => {
    const r = parse('::resource{id="lighthouse-diagram"}\n\n::resource{id=\'x\'}\n\n::resource{id="x" a=1}');
    expect(shapes(r.blocks)).toEqual([
      { kind: 'resourceBlock', resourceId: 'lighthouse-diagram' },
      { kind: 'paragraph', inlines: ["::resource{id='x'}"] },
      { kind: 'paragraph', inlines: ['::resource{id="x" a=1}'] },
    ]);
    expect(kinds(r.diagnostics)).toEqual(['malformedEmbed', 'malformedEmbed']);
  });

  it(':ref forms; `:ref{}` is literal', () => {
    expect(one('As shown in :ref{id="lighthouse-diagram"}, :ref{id="a" style="full" case=lower text="the plan"} :ref{}')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          'As shown in ', { ref: 'lighthouse-diagram', form: 'directive', attrs: { id: 'lighthouse-diagram' } }, ', ',
          { ref: 'a', form: 'directive', attrs: { id: 'a', style: 'full', case: 'lower', text: 'the plan' } }, ' :ref{}',
        ],
      },
    ]);
  });

  it('anchors: invisible point and kept words; LaTeX and pandoc-crossref refs', () => {
    expect(one('See :anchor{#key-idea}[the key idea]{#kw} Theorem~\\ref{thm:main}, @sec:method, @Sec:intro and [-@tbl:data].')).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          'See ', { anchor: 'key-idea' }, { anchor: 'kw', children: ['the key idea'] }, ' Theorem\u00a0', { ref: 'thm:main', form: 'latex', attrs: {} }, ', ',
          { ref: 'sec:method', form: 'pandoc', attrs: { id: 'sec:method' } }, ', ', { ref: 'Sec:intro', form: 'pandoc', attrs: { id: 'Sec:intro', case: 'capitalize' } },
          ' and ', { ref: 'tbl:data', form: 'pandoc', attrs: { id: 'tbl:data', style: 'number' } }, '.',
        ],
      },
    ]);
  });
});

describe('footnotes (§14.1)', () => {
  it('spec example: marker and definition', () => {
    expect(one('The keeper climbed the tower every evening.[^steps] The wind put out his candle.\n\n[^steps]: The cast-iron staircase has 112 steps; the tower was built in 1861.')).toEqual([
      { kind: 'paragraph', inlines: ['The keeper climbed the tower every evening.', { fn: 'steps' }, ' The wind put out his candle.'] },
      { kind: 'footnoteDefinition', noteId: 'steps', inlines: ['The cast-iron staircase has 112 steps; the tower was built in 1861.'] },
    ]);
  });

  it('a glued definition starts its own block and runs to the blank line', () => {
    expect(one('Text[^a].\n[^a]: Note *one*\ncontinued.\n\nAfter')).toEqual([
      { kind: 'paragraph', inlines: ['Text', { fn: 'a' }, '.'] },
      { kind: 'footnoteDefinition', noteId: 'a', inlines: ['Note ', { t: 'one', m: ['emphasis'] }, ' continued.'] },
      { kind: 'paragraph', inlines: ['After'] },
    ]);
  });
});

describe('index marks (§16)', () => {
  it('spec examples; a line of marks only adds no space; no term → indexMarkInvalid', () => {
    const r = parse('Iron-deficiency :index[anaemia] is the most common kind.\nThe pulse is taken at the wrist.:index{term="Pulse!radial" main}\n:index{term="Cardiac insufficiency" see="Heart!failure"}\nEnd :index{see="x"}');
    expect(shapes(r.blocks)).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          'Iron-deficiency ', { index: 'anaemia', attrs: {}, children: ['anaemia'] }, ' is the most common kind. The pulse is taken at the wrist.',
          { index: 'Pulse!radial', attrs: { term: 'Pulse!radial', main: '' } }, ' ',
          { index: 'Cardiac insufficiency', attrs: { term: 'Cardiac insufficiency', see: 'Heart!failure' } }, 'End',
          { index: '', attrs: { see: 'x' } },
        ],
      },
    ]);
    expect(kinds(r.diagnostics)).toEqual(['indexMarkInvalid']);
  });

  it('not read after a colon', () => {
    expect(one('word::index{term="x"}')).toEqual([{ kind: 'paragraph', inlines: ['word::index{term="x"}'] }]);
  });
});

describe('Advanced/Rare constructs are kept as typed nodes with a warning', () => {
  it('chips, swatches, tabs, citations, CJK marks, ruby, comics', () => {
    const r = parse(':chip[ A ]{style="key"} :chip[ ] :swatch{color="#fadec7"} a :tab b [see @doe, p. 3; @roe] :dots[重要] {紅樓|hóng|lóu}\n\n:::page{split="*"}\n::panel{art=a}\nmaya: Hi!\n:::');
    expect(shapes(r.blocks)).toEqual([
      {
        kind: 'paragraph',
        inlines: [
          { chip: { style: 'key' }, children: ['A'] }, ' ', { chip: {}, children: [] }, ' ', { swatch: { color: '#fadec7' } }, ' a', { tab: {} }, 'b ',
          { cite: 'parenthetical', keys: ['doe', 'roe'] }, ' ', { directive: 'dots', attrs: {}, children: ['重要'] }, ' ',
          { directive: 'ruby', attrs: { rt: 'hóng|lóu' }, children: ['紅樓'] },
        ],
      },
      { kind: 'rawBlock', name: 'page', attrs: { split: '*' }, body: '::panel{art=a}\nmaya: Hi!' },
    ]);
    expect(kinds(r.diagnostics).every((k) => k === 'unsupportedConstruct')).toBe(true);
    // Four: the tab (page/tabs.ts), the two chips (paragraph/run-box.ts) and ruby (paragraph/ruby.ts) are typeset, so they are no longer reported.
    expect(r.diagnostics.length).toBe(4);
  });
});
