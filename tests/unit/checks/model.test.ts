/**
 * The warning model's promises beyond the fixtures: every kind the parser and the configuration
 * can raise is catalogued (read from their sources, so a new kind there fails here), the
 * debug.warnings toggles switch their kinds off, and the chapter and category filters hold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isWarningKind, summarise, WARNING_CATEGORIES, WARNING_KINDS } from '../../../src/worker/engine/checks';
import { contrastRatio } from '../../../src/worker/engine/checks/design';
import { inks } from '../../../src/worker/engine/checks/preflight';
import { runChecks, type CheckBook } from './run-checks';

function fixture(kind: string): CheckBook {
  const raw = JSON.parse(readFileSync(`tests/fixtures/checks/${kind}.json`, 'utf8')) as CheckBook & { chapters: { id: string; source: string | string[] }[] };
  return { ...raw, chapters: raw.chapters.map((c) => ({ id: c.id, source: Array.isArray(c.source) ? c.source.join('\n') : c.source })) };
}

describe('the kind catalogue', () => {
  it('lists every diagnostic kind the parser can raise', () => {
    const dir = 'src/worker/engine/parse';
    const kinds = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(`${dir}/${file}`, 'utf8');
      for (const m of text.matchAll(/\b(?:add|warn|diag)\(\s*'([A-Za-z]+)'/g)) kinds.add(m[1]!);
    }
    expect(kinds.size).toBeGreaterThan(15);
    expect([...kinds].filter((k) => !isWarningKind(k))).toEqual([]);
  });

  it('lists every configuration warning kind', () => {
    const types = readFileSync('src/worker/config/types.ts', 'utf8');
    const union = /kind:\s*((?:\s*\|\s*'[A-Za-z]+')+)/.exec(types)![1]!;
    const kinds = [...union.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]!);
    expect(kinds).toContain('settingNotApplied');
    expect(kinds.filter((k) => !isWarningKind(k))).toEqual([]);
  });

  it('gives every kind a category of the Checks panel and a title', () => {
    for (const info of Object.values(WARNING_KINDS)) {
      expect(WARNING_CATEGORIES).toContain(info.category);
      expect(info.title.length).toBeGreaterThan(3);
    }
  });
});

describe('debug.warnings toggles', () => {
  const off = (kind: string, config: Record<string, boolean>) => {
    const book = fixture(kind);
    const merged = { ...(book.config ?? {}), debug: { warnings: config } };
    return runChecks({ ...book, config: merged }).warnings.filter((w) => w.kind === kind);
  };
  it('missingFont: false silences the font checks', () => {
    expect(off('missingGlyph', { missingFont: false })).toEqual([]);
    expect(off('fontFallback', { missingFont: false })).toEqual([]);
    expect(off('unknownFontFamily', { missingFont: false })).toEqual([]);
  });
  it('headingHierarchy: false silences skipped levels; designIssues: false the placeholder and contrast checks', () => {
    expect(off('headingHierarchy', { headingHierarchy: false })).toEqual([]);
    expect(off('headerFooterMetadataMissing', { designIssues: false })).toEqual([]);
    expect(off('lowContrast', { designIssues: false })).toEqual([]);
  });
  it('consecutiveHeadings and listAfterHeading are off by default', () => {
    for (const kind of ['consecutiveHeadings', 'listAfterHeading']) {
      const book = fixture(kind);
      expect(runChecks({ ...book, config: {} }).warnings.filter((w) => w.kind === kind)).toEqual([]);
    }
  });
  it('looseLines: false silences loose lines; the threshold decides which lines are loose', () => {
    const book = fixture('looseLine');
    expect(runChecks({ ...book, config: { debug: { looseLineHighlight: { threshold: 1.65 }, warnings: { looseLines: false } } } }).warnings.filter((w) => w.kind === 'looseLine')).toEqual([]);
    const lower = runChecks({ ...book, config: { debug: { looseLineHighlight: { threshold: 1.2 } } } }).warnings.filter((w) => w.kind === 'looseLine');
    expect(lower.length).toBeGreaterThan(1);
    expect(runChecks({ ...book, config: {} }).warnings.filter((w) => w.kind === 'looseLine')).toEqual([]);
  });
  it('a picture under the critical resolution is critical; between the two limits, a warning', () => {
    const book = fixture('lowImageResolution') as CheckBook & { resources: { resolution?: number }[] };
    const at = (resolution: number) => runChecks({ ...book, resources: book.resources.map((r) => ({ ...r, resolution })) } as CheckBook).warnings.filter((w) => w.kind === 'lowImageResolution');
    expect(at(100).map((w) => w.severity)).toEqual(['critical']);
    expect(at(200).map((w) => [w.severity, w.detail.includes('200 ppi')])).toEqual([['warning', true]]);
    expect(at(300)).toEqual([]);
  });
  it('preflight runs only for books set up for print', () => {
    const book = fixture('smallProcessText');
    const config = { ...(book.config ?? {}), print: { standard: 'none' } };
    expect(runChecks({ ...book, config }).warnings.filter((w) => w.category === 'preflight')).toEqual([]);
  });
});

describe('scope and summary', () => {
  const book: CheckBook = {
    chapters: [
      { id: 'one', source: '# One\n\n### Skipped\n\nText with :ref{#nowhere}.\n' },
      { id: 'two', source: '# Two\n\n### Skipped too\n\nMore text.\n' },
    ],
  };
  it('narrows to one chapter or one category, and counts by category', () => {
    const all = runChecks(book).warnings;
    const second = runChecks(book, { chapterId: 'two' }).warnings;
    expect(second.length).toBeGreaterThan(0);
    expect(second.every((w) => w.chapterId === 'two' && w.chapter === 2)).toBe(true);
    expect(all.filter((w) => w.chapterId === 'two')).toEqual(second);
    const design = runChecks(book, { category: 'design' }).warnings;
    expect(design.map((w) => w.kind)).toEqual(['headingHierarchy', 'headingHierarchy']);
    const summary = summarise(all);
    expect(summary.total).toBe(all.length);
    expect(summary.byCategory.design).toBe(2);
    expect(summary.byCategory.resources).toBe(1);
  });
  it('orders warnings by category (triage order), then chapter, then offset', () => {
    const all = runChecks(book).warnings;
    const order = all.map((w) => [WARNING_CATEGORIES.indexOf(w.category), w.chapter ?? 0, w.offset ?? -1] as const);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    expect(order).toEqual(sorted);
  });
});

describe('colour arithmetic', () => {
  it('contrast: black on white is 21:1, equal colours 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });
  it('inks: greys need black alone, a blue three inks', () => {
    expect(inks('#000000')).toBe(1);
    expect(inks('#666666')).toBe(1);
    expect(inks('#295aa3')).toBe(3);
  });
});
