import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { EngineCache } from '../../../src/worker/engine';
import { dump } from './helpers';
import { entryRuns, tocLayout, tocRun, tocSource } from './toc-helpers';

/** A line under each contents entry from a heading attribute (configuration.md §11.5 `toc.subtitle`; document-format §17.1). */
const SOURCE = tocSource('Section Beta {author="Bo Li"}', 'Chapter One {author="Ann Smith" lead="A short lead"}', 'After the contents.');

const layoutOf = (toc: Record<string, unknown> = {}, source = SOURCE, cache = new EngineCache()) => tocLayout(source, toc, { headings: { levels: [{ level: 2, numberingTemplate: '{1}.{2}' }] } }, cache);
const runOf = tocRun;

describe('toc subtitles (§11.5 toc.subtitle)', () => {
  it('declares the subtitle fields as applied', () => {
    for (const f of ['enabled', 'attr', 'italic', 'fontFamily', 'fontSize', 'fontWeight', 'color', 'indent']) expect(isApplied(`toc.subtitle.${f}`), f).toBe(true);
  });

  it('off by default: no subtitle, the layout unchanged', () => {
    const plain = layoutOf();
    expect(runOf(plain.entries, 'Ann Smith')).toBeUndefined();
    expect(dump(layoutOf({ subtitle: { enabled: false } }).layout)).toBe(dump(plain.layout));
  });

  it("enabled: the author under the title, italic, one line down, leading to the same heading; the page label stays on the title's line", () => {
    const plain = layoutOf();
    const on = layoutOf({ subtitle: { enabled: true } });
    const title = runOf(on.entries, 'Chapter One')!;
    const author = runOf(on.entries, 'Ann Smith')!;
    expect(author).toBeDefined();
    expect(author.line?.target).toBe(title.line?.target);
    expect(author.font).not.toBe(title.font); // italic
    expect(author.size).toBe(title.size);
    expect(author.xs[0]).toBeCloseTo(title.xs[0]!, 2);
    // One grid line below the title (the pitch: the next entry's distance without subtitles).
    const pitch = runOf(plain.entries, 'Section Alpha')!.y - runOf(plain.entries, 'Chapter One')!.y;
    expect(author.y - title.y).toBeCloseTo(pitch, 3);
    // The label and leader are on the title's baseline; the next entry one line lower than without the subtitle.
    const onTitleLine = entryRuns(on.entries, 'Chapter One').filter((r) => r.y === title.y);
    expect(onTitleLine.some((r) => /^\.+$/.test(r.text))).toBe(true);
    expect(entryRuns(on.entries, 'Chapter One').filter((r) => r.y === author.y).map((r) => r.text).join('')).toBe(author.text);
    expect(runOf(on.entries, 'Section Alpha')!.y - title.y).toBeCloseTo(2 * pitch, 3);
    // A heading without the attribute has none; a level-2 heading with it has its own.
    expect(entryRuns(on.entries, 'Section Alpha').every((r) => r.y === runOf(on.entries, 'Section Alpha')!.y)).toBe(true);
    expect(runOf(on.entries, 'Bo Li')!.y).toBeGreaterThan(runOf(on.entries, 'Section Beta')!.y);
  });

  it("another attribute, upright, in its own size and colour, at its own indent", () => {
    const on = layoutOf({ subtitle: { enabled: true, attr: 'lead', italic: false, fontSize: { value: 7, unit: 'pt' }, color: '#556677', indent: { value: 5, unit: 'em' } } });
    expect(runOf(on.entries, 'Ann Smith')).toBeUndefined();
    const lead = runOf(on.entries, 'A short lead')!;
    const title = runOf(on.entries, 'Chapter One')!;
    expect(lead.size).toBe(7);
    expect(lead.fill).toBe('#556677');
    expect(lead.font).toBe(title.font); // upright, the entry's face
    expect(lead.xs[0]! - on.left).toBeCloseTo(40, 1); // 5 em of the 8 pt body
  });

  it('an edit relaid out incrementally gives the full layout, the subtitle once', () => {
    const cache = new EngineCache();
    const on = { subtitle: { enabled: true } };
    layoutOf(on, SOURCE, cache);
    const edited = SOURCE.replace('Opening words.', 'Opening words, and more of them.');
    const incremental = layoutOf(on, edited, cache);
    expect(dump(incremental.layout)).toBe(dump(layoutOf(on, edited).layout));
    expect(incremental.entries.filter((r) => r.text.includes('Ann Smith')).length).toBe(1);
  });
});
