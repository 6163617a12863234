/**
 * Syntax colouring for enriched Markdown in the Text panel: a small line-based stream tokenizer
 * (not a parser: the worker's parser is the truth; this only has to look right while typing).
 * Block state carried from line to line: YAML front matter at the top, code fences (one
 * uncoloured region), display maths `$$ … $$`.
 */
import { HighlightStyle, StreamLanguage, syntaxHighlighting, type StringStream } from '@codemirror/language';
import { tags, Tag } from '@lezer/highlight';
import type { Extension } from '@codemirror/state';

interface State {
  /** Lines seen so far (front matter may only open on line 0). */
  line: number;
  frontMatter: 'maybe' | 'in' | 'done';
  /** The fence that opened the code block we are in, or null. */
  fence: string | null;
  math: boolean;
}

const mathTag = Tag.define(tags.string);
const directiveTag = Tag.define(tags.keyword);
const attributeTag = Tag.define(tags.attributeName);

function inline(stream: StringStream): string | null {
  if (stream.match(/^\\./)) return null; // an escaped character is just text
  if (stream.match(/^\{[^}\n]*\}/)) return 'attribute';
  if (stream.match(/^::?[A-Za-z][\w-]*(?=[[{])/)) return 'directive';
  if (stream.match(/^\$\$[^$\n]+\$\$/) || stream.match(/^\$[^\s$][^$\n]*\$/)) return 'math';
  if (stream.match(/^\*\*[^*\n]+\*\*/) || stream.match(/^__[^_\n]+__/)) return 'strong';
  if (stream.match(/^\*[^*\s][^*\n]*\*/) || stream.match(/^_[^_\s][^_\n]*_/)) return 'emphasis';
  if (stream.match(/^`[^`\n]+`/)) return 'monospace';
  if (stream.match(/^!?\[[^\]\n]*\]\([^)\n]*\)/)) return 'link';
  if (stream.match(/^\[\^[^\]\n]+\]/)) return 'link';
  stream.next();
  stream.eatWhile(/[^*_`$:{[\\!]/);
  return null;
}

const markdown = StreamLanguage.define<State>({
  name: 'postext-markdown',
  startState: () => ({ line: 0, frontMatter: 'maybe', fence: null, math: false }),
  copyState: (s) => ({ ...s }),
  blankLine: (s) => {
    s.line++;
    if (s.frontMatter === 'maybe') s.frontMatter = 'done';
  },
  token(stream, state) {
    if (stream.sol()) {
      const first = state.line === 0;
      state.line++;
      if (state.frontMatter === 'in') {
        if (stream.match(/^(---|\.\.\.)\s*$/)) state.frontMatter = 'done';
        else stream.skipToEnd();
        return 'meta';
      }
      if (first && state.frontMatter === 'maybe' && stream.match(/^---\s*$/)) {
        state.frontMatter = 'in';
        return 'meta';
      }
      if (state.frontMatter === 'maybe') state.frontMatter = 'done';
      if (state.fence) {
        if (stream.match(new RegExp(`^\\s*${state.fence.replace(/[`~]/g, (c) => `\\${c}`)}`))) state.fence = null;
        stream.skipToEnd();
        return 'monospace';
      }
      const open = stream.match(/^\s*(`{3,}|~{3,})/);
      if (open && Array.isArray(open)) {
        state.fence = open[1]!;
        stream.skipToEnd();
        return 'monospace';
      }
      if (state.math) {
        if (stream.match(/^.*\$\$\s*$/)) state.math = false;
        else stream.skipToEnd();
        return 'math';
      }
      if (stream.match(/^\s*\$\$\s*$/)) {
        state.math = true;
        return 'math';
      }
      if (stream.match(/^#{1,6}(?=\s|$)/)) {
        stream.skipToEnd();
        return 'heading';
      }
      if (stream.match(/^\s*:{2,}[A-Za-z][\w-]*/) || stream.match(/^\s*:{3,}\s*$/)) return 'directive';
      if (stream.match(/^\s*>+/)) return 'quote';
      if (stream.match(/^\s*([-*+]|\d+[.)])(?=\s)/)) return 'list';
    }
    if (state.fence) {
      stream.skipToEnd();
      return 'monospace';
    }
    if (state.math) {
      stream.skipToEnd();
      return 'math';
    }
    return inline(stream);
  },
  tokenTable: {
    heading: tags.heading,
    strong: tags.strong,
    emphasis: tags.emphasis,
    link: tags.link,
    monospace: tags.monospace,
    quote: tags.quote,
    meta: tags.meta,
    list: tags.list,
    math: mathTag,
    directive: directiveTag,
    attribute: attributeTag,
  },
});

// Colours come from CSS variables (styles.css) so the editor follows the light and dark themes.
const style = HighlightStyle.define([
  { tag: tags.heading, color: 'var(--hl-heading)', fontWeight: '700' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.link, color: 'var(--accent-blue)', textDecoration: 'underline' },
  { tag: tags.monospace, color: 'var(--hl-code)' },
  { tag: tags.quote, color: 'var(--slate)' },
  { tag: tags.meta, color: 'var(--hl-meta)' },
  { tag: tags.list, color: 'var(--hl-directive)' },
  { tag: mathTag, color: 'var(--hl-math)' },
  { tag: directiveTag, color: 'var(--hl-directive)', fontWeight: '600' },
  { tag: attributeTag, color: 'var(--hl-attribute)' },
]);

export function enrichedMarkdown(): Extension {
  return [markdown, syntaxHighlighting(style)];
}
