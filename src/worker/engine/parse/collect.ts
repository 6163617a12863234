/**
 * Collect phase: what one chapter contributes to the book-wide tables (§13 anchors, §14 notes, §12.4
 * resource mentions, §16 index marks, §15 citation keys). Runs once per parsed chapter so the book pass
 * only concatenates (re-parsing one chapter never needs another chapter's tree).
 */
import type { Block, ChapterCollect, Inline } from './model';

export function collectChapter(blocks: Block[]): ChapterCollect {
  const c: ChapterCollect = { anchors: [], footnoteRefs: [], footnoteDefs: [], refs: [], resourceEmbeds: [], indexMarks: [], citationKeys: [], headings: [] };
  const walk = (inlines: Inline[], blockId: string): void => {
    for (const inl of inlines) {
      switch (inl.kind) {
        case 'footnoteRef':
          c.footnoteRefs.push({ noteId: inl.noteId, blockId, range: inl.range });
          break;
        case 'ref':
          c.refs.push({ target: inl.target, form: inl.form, blockId, range: inl.range });
          break;
        case 'anchor':
          c.anchors.push({ anchorId: inl.anchorId, kind: 'anchor', blockId, range: inl.range });
          if (inl.children) walk(inl.children, blockId);
          break;
        case 'indexMark':
          c.indexMarks.push({ term: inl.term, attrs: inl.attrs, blockId, range: inl.range });
          if (inl.children) walk(inl.children, blockId);
          break;
        case 'citation':
          for (const item of inl.items) c.citationKeys.push({ key: item.key, blockId, range: inl.range });
          break;
        case 'link':
        case 'chip':
        case 'directive':
          walk(inl.children, blockId);
          break;
        default:
          break;
      }
    }
  };
  for (const b of blocks) {
    switch (b.kind) {
      case 'heading':
        if (b.attrs.id) c.anchors.push({ anchorId: b.attrs.id, kind: 'heading', blockId: b.id, range: b.range });
        c.headings.push({ blockId: b.id, level: b.level, plainText: b.plainText, attrs: b.attrs });
        walk(b.inlines, b.id);
        break;
      case 'paragraph':
      case 'blockquote':
      case 'listItem':
        walk(b.inlines, b.id);
        break;
      case 'footnoteDefinition':
        c.footnoteDefs.push({ noteId: b.noteId, blockId: b.id, range: b.range });
        walk(b.inlines, b.id);
        break;
      case 'containerStart':
        if (b.attrs.id) c.anchors.push({ anchorId: b.attrs.id, kind: 'container', blockId: b.id, range: b.range });
        break;
      case 'mathDisplay':
        for (const label of b.labels) c.anchors.push({ anchorId: label, kind: 'equation', blockId: b.id, range: b.range });
        break;
      case 'resourceBlock':
        c.resourceEmbeds.push({ resourceId: b.resourceId, blockId: b.id, range: b.range });
        break;
      case 'verse':
        for (const stanza of b.stanzas) for (const line of stanza) walk(line.inlines, b.id);
        break;
      default:
        break;
    }
  }
  return c;
}
