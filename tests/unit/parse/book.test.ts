/**
 * Book-wide pass (document-format.md §1 Books, §13, §14.1, §12.4, §16).
 */
import { describe, expect, it } from 'vitest';
import { combineBook, parseBook, parseChapter } from '../../../src/worker/engine/parse/index';
import { kinds } from './shape';

const ch1 = `---
title: Book
---

# One {#ch-one}

See :ref{id="fig-a"} and :ref{id="sec-two"} and :ref{id="nowhere"}.[^n]

[^n]: A note.

[^unused]: Never cited.

Heart:index{term="Heart" range="start"} :index{term="Pulse" see="Heart"} :index{term="X" see="Missing"}
`;
const ch2 = `---
title: Ignored
---

# Two {#sec-two}

::resource{id="fig-b"}

Again :ref{id="fig-a"}, :anchor{#ch-one} and a missing note[^zz] and ch1's[^n].

$$x \\label{eq:x}$$
`;

describe('parseBook', () => {
  const book = parseBook(
    [
      { id: 'c1', source: ch1 },
      { id: 'c2', source: ch2 },
    ],
    { resourceIds: ['fig-a', 'fig-b'] },
  );

  it('takes only the first chapter’s front matter', () => {
    expect(book.frontmatter?.title).toBe('Book');
    expect(book.chapters[1]!.frontmatter).toBeUndefined();
    expect(kinds(book.chapters[1]!.diagnostics)).toContain('chapterFrontmatterIgnored');
  });

  it('indexes anchors book-wide (first wins) and reports duplicates', () => {
    expect(Object.keys(book.index.anchors).sort()).toEqual(['ch-one', 'eq:x', 'sec-two']);
    expect(book.index.anchors['ch-one']).toMatchObject({ chapterId: 'c1', kind: 'heading' });
    expect(book.index.anchors['eq:x']).toMatchObject({ chapterId: 'c2', kind: 'equation' });
    const dup = book.diagnostics.filter((d) => d.kind === 'duplicateAnchor');
    expect(dup.map((d) => d.chapterId)).toEqual(['c2']);
  });

  it('lists resource mentions in reading order, skipping anchors; unknown ids warn', () => {
    expect(book.index.resourceMentions.map((m) => [m.resourceId, m.chapterId, m.usage])).toEqual([
      ['fig-a', 'c1', 'ref'],
      ['fig-b', 'c2', 'embed'],
    ]);
    const unknown = book.diagnostics.filter((d) => d.kind === 'unknownResourceId');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ chapterId: 'c1', line: 7 });
  });

  it('resolves footnotes per chapter, then book-wide; reports undefined and unused notes', () => {
    expect(Object.keys(book.index.footnotes.c1!)).toEqual(['n', 'unused']);
    expect(book.diagnostics.filter((d) => d.kind === 'undefinedFootnote').map((d) => d.chapterId)).toEqual(['c2']);
    expect(book.diagnostics.filter((d) => d.kind === 'unusedFootnote').map((d) => d.message)).toEqual(['Footnote "unused" is never cited.']);
  });

  it('checks index ranges and see-targets book-wide', () => {
    expect(book.index.indexMarks.map((m) => m.term)).toEqual(['Heart', 'Pulse', 'X']);
    expect(kinds(book.diagnostics.filter((d) => d.kind.startsWith('index')))).toEqual(['indexSeeUnknown', 'indexRangeUnclosed']);
  });

  it('builds the outline', () => {
    expect(book.index.outline.map((h) => [h.chapterId, h.level, h.plainText])).toEqual([
      ['c1', 1, 'One'],
      ['c2', 1, 'Two'],
    ]);
  });

  it('re-parsing one chapter and combining equals parsing the whole book (incremental = full)', () => {
    const edited = ch2.replace('# Two', '# Two, edited');
    const full = parseBook([{ id: 'c1', source: ch1 }, { id: 'c2', source: edited }], { resourceIds: ['fig-a', 'fig-b'] });
    const incremental = combineBook([book.chapters[0]!, parseChapter(edited, { chapterId: 'c2', isFirstChapter: false })], { resourceIds: ['fig-a', 'fig-b'] });
    expect(JSON.stringify(incremental)).toBe(JSON.stringify(full));
  });
});
