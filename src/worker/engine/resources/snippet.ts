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

/**
 * `hardLineBreaks`: the book's `bodyText.hardLineBreaks` (configuration.md §6.1). True (the default):
 * a line ending in `\` (or `\\`) and a mid-line `\\ ` force a line break (§12.5 "`\\` or a trailing
 * `\` forces a line break (caption/note)"; a `\` ending the snippet prints, §5.3). False (books
 * before 1.23): the backslashes print and the lines join with a space, as in the running text
 * (parse/blocks.ts joinLines, parse/inlines.ts).
 */
export function parseSnippet(text: string, hardLineBreaks = true): Inline[] {
  const key = `${hardLineBreaks ? 'b' : 't'}${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const src = new SourceText(text);
  const joined = new JoinedText();
  const lines = text.split('\n');
  let from = 0;
  lines.forEach((line, k) => {
    const to = from + line.length;
    const last = k === lines.length - 1;
    // The line's end before trailing spaces: a `\` there (`\\` too) breaks the line, as in a paragraph.
    let end = to;
    while (end > from && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    let breakAt = -1;
    if (!last && hardLineBreaks && end > from && text[end - 1] === '\\') breakAt = end - 2 >= from && text[end - 2] === '\\' ? end - 2 : end - 1;
    if (breakAt >= 0) {
      joined.appendSource(text, from, breakAt);
      joined.appendBreak(breakAt);
    } else {
      joined.appendSource(text, from, to);
      // A newline in a snippet is a space (§12.5).
      if (!last) joined.appendUnit(' ', to);
    }
    from = to + 1;
  });
  const inlines = generated(parseInlines(joined, { diags: new Diagnostics(src, 'snippet'), src, context: 'footnote', ...(hardLineBreaks ? {} : { hardLineBreaks: false }) }));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, inlines);
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
