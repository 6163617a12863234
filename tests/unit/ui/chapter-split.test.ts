/**
 * "Split at level-1 headings" (tools.md §7.4): each level-1 heading after the first starts a new
 * chapter; what comes before the first heading (a `:::numbering` directive, a note) stays with it.
 */
import { describe, expect, it } from 'vitest';
import { level1Headings, splitOps } from '../../../src/ui/state/chapter-ops';

describe('splitting a chapter at its level-1 headings', () => {
  it('keeps a directive before the first heading with it, and splits at the later headings only', () => {
    const source = ':::numbering{format="decimal"}\n\n# One\n\nText.\n\n```markdown\n# Not a heading\n```\n\n# Two\n\nMore.\n';
    expect(level1Headings(source).map((h) => h.title)).toEqual(['One', 'Two']);
    const ops = splitOps('c1', 0, source)!;
    expect(ops).toHaveLength(2);
    const two = source.indexOf('# Two');
    expect(ops[0]).toEqual({ type: 'text', chapterId: 'c1', from: two, to: source.length, insert: '' });
    expect(ops[1]).toEqual({ type: 'chapter.add', title: 'Two', text: source.slice(two), index: 1 });
  });

  it('has nothing to split in a chapter with one heading, whatever precedes it', () => {
    expect(splitOps('c1', 0, 'A preface line.\n\n# Only\n\nText.\n')).toBeNull();
    expect(splitOps('c1', 0, '# Only\n\nText.\n')).toBeNull();
  });
});
