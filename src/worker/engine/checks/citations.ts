/**
 * Citations (document-format.md §15): a cited key that no reference of the book defines
 * (`unknownCitationKey`), and a `:::references` body that cannot be read (`referencesUnreadable`).
 * References come from the first chapter's front matter (`references:`, CSL-YAML) and from every
 * `:::references{format=bibtex|csl-json|csl-yaml}` block of the book (any chapter's serve the whole
 * book). Only the keys are read here: formatting citations needs the CSL processor (not yet).
 */
import { parse as parseYaml } from 'yaml';
import type { RawBlock } from '../parse/model';
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { warning, type Warning } from './model';

type ReferenceFormat = 'bibtex' | 'csl-json' | 'csl-yaml';

/** The ids of CSL items (a list, one item, or `{ references: [...] }`). */
function cslIds(data: unknown): string[] | null {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { references?: unknown }).references) ? (data as { references: unknown[] }).references : data && typeof data === 'object' ? [data] : null;
  if (!list) return null;
  const ids = list.flatMap((item) => (item && typeof item === 'object' && (typeof (item as { id?: unknown }).id === 'string' || typeof (item as { id?: unknown }).id === 'number') ? [String((item as { id: string | number }).id)] : []));
  return ids.length > 0 || list.length === 0 ? ids : null;
}

/** The format a block declares, else the one its body looks like. */
function formatOf(block: RawBlock): ReferenceFormat | null {
  const declared = block.attrs['format'];
  if (declared !== undefined) return declared === 'bibtex' || declared === 'csl-json' || declared === 'csl-yaml' ? declared : null;
  const start = block.body.trimStart();
  return start.startsWith('@') ? 'bibtex' : start.startsWith('[') || start.startsWith('{') ? 'csl-json' : 'csl-yaml';
}

/** The keys a references block defines, or why it cannot be read. */
export function referenceKeys(block: RawBlock): { keys: string[] } | { problem: string } {
  const format = formatOf(block);
  if (format === null) return { problem: `format="${block.attrs['format']}" is not bibtex, csl-json or csl-yaml` };
  if (block.body.trim() === '') return { keys: [] };
  if (format === 'bibtex') {
    const keys = [...block.body.matchAll(/@([A-Za-z]+)\s*[{(]\s*([^,\s{}()]+)\s*,/g)].filter((m) => !['comment', 'string', 'preamble'].includes(m[1]!.toLowerCase())).map((m) => m[2]!);
    return keys.length > 0 ? { keys } : { problem: 'no BibTeX entry (@type{key, …}) was found in it' };
  }
  let data: unknown;
  try {
    data = format === 'csl-json' ? JSON.parse(block.body) : parseYaml(block.body);
  } catch (e) {
    return { problem: `it is not valid ${format === 'csl-json' ? 'JSON' : 'YAML'} (${e instanceof Error ? e.message.split('\n')[0] : 'unreadable'})` };
  }
  const ids = cslIds(data);
  return ids ? { keys: ids } : { problem: 'it holds no CSL items with an id' };
}

export function citationWarnings(ctx: CheckContext): Warning[] {
  if (!ctx.parsed.some((c) => c.collected.citationKeys.length > 0 || c.blocks.some((b) => b.kind === 'rawBlock' && b.name === 'references'))) return [];
  const out: Warning[] = [];
  const known = new Set(cslIds(ctx.parsed[0]?.frontmatter?.references) ?? []);
  ctx.parsed.forEach((chapter, index) => {
    const source = ctx.chapters[index]?.source ?? '';
    // Per parse: the blocks' keys and problems are reused while the chapter is unchanged.
    const read = memoPerObject('references', chapter, '', () =>
      chapter.blocks.flatMap((b) => (b.kind === 'rawBlock' && b.name === 'references' ? [{ block: b, result: referenceKeys(b) }] : [])),
    );
    for (const { block, result } of read) {
      if ('keys' in result) for (const key of result.keys) known.add(key);
      else {
        // The opening fence line.
        const lineEnd = source.indexOf('\n', block.range.from);
        const toOffset = lineEnd < 0 || lineEnd > block.range.to ? block.range.to : lineEnd;
        out.push(warning('referencesUnreadable', `These references cannot be read: ${result.problem}. Their works are unknown to the citations.`, { chapterId: chapter.chapterId, offset: block.range.from, toOffset }));
      }
    }
  });
  for (const chapter of ctx.parsed) {
    for (const cite of chapter.collected.citationKeys) {
      if (known.has(cite.key)) continue;
      out.push(warning('unknownCitationKey', `No reference has the key “${cite.key}”: add it to the front matter's references or a :::references block, or correct the key.`, { chapterId: chapter.chapterId, offset: cite.range.from, toOffset: cite.range.to }));
    }
  }
  return out;
}
