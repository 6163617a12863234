/**
 * The blocks of a parsed chapter that the book's structure is counted from — headings, container
 * starts (parts, callout boxes; not a part inside a box) and directives (`:::toc`, `:::index`) — in
 * reading order, listed once per parse.
 *
 * Every build walks every chapter for heading numbers, box numbers, styled sections, part
 * palettes and values, the running H1, the contents rows and the indexes printed (page/book.ts
 * `bookStructure`). Those walks look at these three kinds only, and a book is mostly paragraphs:
 * walking this list instead of the chapter's blocks makes the walks cost the chapter's headings.
 * The parse memo hands back the same object while a chapter's text is unchanged (parsed chapters
 * are never changed once built), so after an edit only the edited chapter is listed again.
 */
import type { Block, ParsedChapter } from '../parse/model';

export type StructuralBlock = Extract<Block, { kind: 'heading' | 'containerStart' | 'directive' }>;

const listed = new WeakMap<ParsedChapter, readonly StructuralBlock[]>();

export function structuralBlocks(chapter: ParsedChapter): readonly StructuralBlock[] {
  let blocks = listed.get(chapter);
  if (blocks === undefined) {
    const found: StructuralBlock[] = [];
    // The ends of the callout boxes open around a block: a `:::part` inside a box is ignored there
    // (our reading: a divider page cannot live in a box; page/callout-blocks.ts), so it is no part
    // of the book's structure — no contents row, part values, palette or section change.
    const boxEnds: string[] = [];
    for (const block of chapter.blocks) {
      if (block.kind === 'containerEnd' && block.id === boxEnds[boxEnds.length - 1]) boxEnds.pop();
      if (block.kind !== 'heading' && block.kind !== 'containerStart' && block.kind !== 'directive') continue;
      if (block.kind === 'containerStart' && block.name === 'part' && boxEnds.length > 0) continue;
      if (block.kind === 'containerStart' && block.name === 'callout') boxEnds.push(block.endId);
      found.push(block);
    }
    blocks = found;
    listed.set(chapter, blocks);
  }
  return blocks;
}
