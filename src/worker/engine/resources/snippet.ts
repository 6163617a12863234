/**
 * Inline-Markdown snippets outside the chapter text (captions, notes, table cells; document-format
 * §12.5): parsed with the chapter parser's inline pass, then every offset marked as generated
 * (negative), since the text does not live in any chapter file.
 */
import { JoinedText, parseInlines } from '../parse/inlines';
import { Diagnostics, SourceText } from '../parse/lex';
import type { Inline } from '../parse/model';

const cache = new Map<string, Inline[]>();
/** Snippets are few and small; the cache is bounded so an editing session cannot grow it forever. */
const CACHE_LIMIT = 2000;

export function parseSnippet(text: string): Inline[] {
  const hit = cache.get(text);
  if (hit) return hit;
  const src = new SourceText(text);
  const joined = new JoinedText();
  for (let i = 0; i < text.length; i++) {
    // A newline in a snippet is a space (§12.5).
    if (text[i] === '\n') joined.appendUnit(' ', i);
    else joined.appendSource(text, i, i + 1);
  }
  const inlines = generated(parseInlines(joined, { diags: new Diagnostics(src, 'snippet'), src, context: 'footnote' }));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(text, inlines);
  return inlines;
}

/** The same inlines with every text unit mapped to no source. */
function generated(inlines: Inline[]): Inline[] {
  return inlines.map((inline): Inline => {
    if (inline.kind === 'text') return { ...inline, offsets: inline.text.split('').map(() => -1) };
    if ('children' in inline && Array.isArray(inline.children)) return { ...inline, children: generated(inline.children) } as Inline;
    return inline;
  });
}
