import { EngineCache } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { oneChapterBook, run, runs } from './helpers';

/**
 * A one-column book holding `:::toc` (configuration.md §11.5), levels 1 and 2 listed and `toc`
 * over them, laid out: the contents' entries are the first page's runs that lead to a heading
 * (LineInfo.target); `left` is the content area's left edge (pt).
 */
export function tocLayout(source: string, toc: Record<string, unknown> = {}, config: Record<string, unknown> = {}, cache = new EngineCache()) {
  const settings = settingsFromConfig({ layout: { layoutType: 'single' }, ...config, toc: { levels: [{ level: 1 }, { level: 2 }], ...toc } } as never);
  const layout = run(oneChapterBook(source, settings), cache);
  const page = layout.pages[0]!;
  const entries = runs(page).filter((r) => r.line?.target !== undefined);
  return { layout, page, entries, left: pageFrame(settings, 0).contentLeft };
}

/** The entry run that shows `text`, if any. */
export const tocRun = (entries: readonly GlyphRunItem[], text: string): GlyphRunItem | undefined => entries.find((r) => r.text.includes(text));

/** An entry's runs: those leading to the same heading as the run that shows `text`. */
export function entryRuns(entries: readonly GlyphRunItem[], text: string): GlyphRunItem[] {
  const first = tocRun(entries, text)!;
  return entries.filter((r) => r.line?.target === first.line?.target);
}

/**
 * A chapter opening with `:::toc` (and `afterToc`, a paragraph under it), then "# Chapter One"
 * (heading line `chapter`), "## Section Alpha" and a second section headed `beta`, each with a line of text.
 */
export function tocSource(beta: string, chapter = 'Chapter One', afterToc?: string): string {
  const blocks = [':::toc', ...(afterToc ? [afterToc] : []), `# ${chapter}`, 'Opening words.', '## Section Alpha', 'Words of the first section.', `## ${beta}`, 'Words of the second section.'];
  return blocks.join('\n\n');
}
