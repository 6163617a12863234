/**
 * The sample books (public/presets) through the worker's `getWarnings`: none gives a warning of a
 * kind that should be clean for a finished book. Not on the list, on purpose (they report real
 * findings in the samples, see src/worker/engine/checks/README.md): runt, looseLine, hyphenLadder,
 * codeOverflow (guide code lines wider than the column), missingGlyph and fontFallback (scripts
 * the bundled faces lack), settingNotApplied (stored settings the layout does not apply yet),
 * unsupportedConstruct and inlineImageRemoved (informational).
 */
import { describe, expect, it } from 'vitest';
import { WARNING_KINDS, type WarningKind } from '../../../src/worker/engine/checks';
import { BookHost } from '../../../src/worker/host/book-host';
import { nodeEnvironment, presetFiles } from '../../support/node-host';

const NOT_CLEAN: readonly WarningKind[] = ['runt', 'looseLine', 'hyphenLadder', 'codeOverflow', 'missingGlyph', 'fontFallback', 'settingNotApplied', 'unsupportedConstruct', 'inlineImageRemoved'];
export const CLEAN_FOR_SAMPLES = (Object.keys(WARNING_KINDS) as WarningKind[]).filter((k) => !NOT_CLEAN.includes(k));

const SAMPLES: [string, string | undefined][] = [
  ['postext-guide', 'en'],
  ['postext-guide', 'es'],
  ['postext-guide', 'ar'],
  ['magazine-piece', undefined],
  ['arabic-book', undefined],
  ['chinese-book', undefined],
];

describe('sample books', () => {
  it('the clean list names most kinds: every markup, resource, design-configuration and preflight kind, and the layout faults', () => {
    for (const kind of ['unknownDirective', 'unknownResourceId', 'headingHierarchy', 'overfullLine', 'widow', 'orphan', 'columnOverflow', 'emergencyBreak', 'unknownConfigKey', 'thinRule'] as const) expect(CLEAN_FOR_SAMPLES).toContain(kind);
  });

  for (const [id, locale] of SAMPLES) {
    it(`${id}${locale ? ` (${locale})` : ''} gives no warning of a clean kind`, async () => {
      const host = new BookHost(nodeEnvironment());
      await host.openPreset({ presetId: id, ...(locale ? { locale } : {}) });
      const result = await host.getWarnings();
      const unexpected = result.warnings.filter((w) => CLEAN_FOR_SAMPLES.includes(w.kind)).map((w) => `${w.kind} ch${w.chapter ?? '-'} l${w.line ?? '-'}: ${w.detail}`);
      expect(unexpected).toEqual([]);
      expect(result.total).toBe(result.warnings.length);
    }, 120_000);
  }
});

describe('the worker query', () => {
  it('answers for the book, one chapter or one category, after convergence, and refuses bad requests with what to send', async () => {
    const host = new BookHost(nodeEnvironment(presetFiles(['# One\n\n### Skipped\n\nSee :ref{#nowhere}.\n', '# Two\n\nText with a snowman ☃.\n'])));
    const opened = await host.openPreset({ presetId: 'test-book' });
    const [first, second] = opened.chapters;
    const book = await host.getWarnings();
    expect(book.revision).toBe(opened.revision);
    // (New books store a setting or two the layout does not apply yet: settingNotApplied, left aside here.)
    const kinds = (r: { warnings: { kind: string }[] }) => r.warnings.map((w) => w.kind).filter((k) => k !== 'settingNotApplied').sort();
    const notApplied = book.warnings.filter((w) => w.kind === 'settingNotApplied').length;
    expect(kinds(book)).toEqual(['headingHierarchy', 'missingGlyph', 'unknownResourceId']);
    expect(book.byCategory).toEqual({ fonts: 1, resources: 1, design: 1 + notApplied });
    const one = await host.getWarnings({ chapterId: second!.id });
    expect(one.warnings.map((w) => [w.kind, w.chapter, w.line, w.page])).toEqual([['missingGlyph', 2, 3, book.warnings.find((w) => w.kind === 'missingGlyph')!.page]]);
    expect((await host.getWarnings({ category: 'design' })).warnings.filter((w) => w.kind !== 'settingNotApplied').map((w) => w.chapterId)).toEqual([first!.id]);
    await expect(host.getWarnings({ category: 'spelling' })).rejects.toThrow(/category is one of fonts, resources/);
    await expect(host.getWarnings({ chapterId: 'nope' })).rejects.toThrow(/No chapter has the id "nope"/);
    // An edit: the next answer waits for the new layout and describes it.
    const edit = await host.apply({ origin: 'agent', baseRevision: opened.revision, ops: [{ type: 'text', chapterId: first!.id, from: 8, to: 11, insert: '##' }] });
    expect(edit.ok).toBe(true);
    const after = await host.getWarnings();
    expect(after.revision).toBe(opened.revision + 1);
    expect(kinds(after)).toEqual(['missingGlyph', 'unknownResourceId']);
  }, 60_000);

  it('includes invalidMath from the maths typesetter, located in its chapter', async () => {
    const host = new BookHost(nodeEnvironment(presetFiles(['# One\n\nFine $x^2$ and broken $\\frac{1}{$ here.\n'])));
    await host.openPreset({ presetId: 'test-book' });
    const result = await host.getWarnings({ category: 'markup' });
    expect(result.warnings.map((w) => [w.kind, w.chapter, w.line])).toEqual([['invalidMath', 1, 3]]);
  }, 60_000);

  it('reuses the checks of unchanged chapters: after an edit the answer equals that of a fresh host', async () => {
    const texts = ['# One\n\n### Skip\n\nWinter ☃.\n', '# Two\n\nPlain text here.\n', '# Three\n\nA long paragraph of words. '.repeat(3) + '\n'];
    const host = new BookHost(nodeEnvironment(presetFiles(texts)));
    const opened = await host.openPreset({ presetId: 'test-book' });
    await host.getWarnings();
    const chapter = opened.chapters[1]!;
    const edit = await host.apply({ origin: 'agent', baseRevision: opened.revision, ops: [{ type: 'text', chapterId: chapter.id, from: chapter.text.length, to: chapter.text.length, insert: '\n#### Deep ☂︎ heading\n\nMore.\n' }] });
    expect(edit.ok).toBe(true);
    const incremental = await host.getWarnings();
    const fresh = new BookHost(nodeEnvironment(presetFiles([texts[0]!, chapter.text + '\n#### Deep ☂︎ heading\n\nMore.\n', texts[2]!])));
    await fresh.openPreset({ presetId: 'test-book' });
    const full = await fresh.getWarnings();
    expect(incremental.warnings).toEqual(full.warnings);
    expect(incremental.warnings.some((w) => w.kind === 'headingHierarchy' && w.chapter === 2)).toBe(true);
  }, 60_000);
});
