import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { Op, type GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();

function layout(source: string, cache = new EngineCache()) {
  const input: BookInput = { title: 'Links', settings: defaultSettings(), chapters: [{ id: 'c', title: '', source }] };
  const gen = layoutBook(input, fonts, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

/** The source offset the display list gives the first glyph of `word`. */
function offsetOf(pages: ReturnType<typeof layout>['pages'], word: string): number | undefined {
  for (const page of pages) {
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun) continue;
      const run = item as GlyphRunItem;
      const at = run.text.indexOf(word);
      if (at < 0) continue;
      return run.srcMap ? run.srcMap[at] : run.srcFrom + at;
    }
  }
  return undefined;
}

describe('source offsets of text inside links', () => {
  const before = '# Links\n\nA first paragraph that moves the next one away from the start of the chapter.\n\n';
  const source = `${before}See [the lantern room](https://example.org/lantern) for details.\n`;

  it('point at the link text in the source, wherever the paragraph starts', () => {
    expect(offsetOf(layout(source).pages, 'lantern')).toBe(source.indexOf('lantern room'));
  });

  it('stay right when the paragraph comes from the memo after an edit above it', () => {
    const cache = new EngineCache();
    layout(source, cache);
    const edited = source.replace('A first paragraph', 'A much longer first paragraph');
    expect(offsetOf(layout(edited, cache).pages, 'lantern')).toBe(edited.indexOf('lantern room'));
  });
});
