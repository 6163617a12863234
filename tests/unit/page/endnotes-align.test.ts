/**
 * `footnotes.chapterEndAlign` (configuration.md §11.1, default 'foot'; document-format §14.1
 * "chapterEnd (endnotes after the chapter's last block; chapterEndAlign: foot|text)"): chapter-end
 * notes that fit in the column where the chapter's text ends sit at its foot, the last note's line
 * box on it; 'text' sets them right under the text. page/paginate.ts placeNotes / endNotesDrop.
 */
import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { defaultSettings, EngineCache, type LayoutSettings } from '../../../src/worker/engine';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, oneChapterBook, run, runs } from './helpers';

/** One text column, chapter-end notes, aligned as asked ('foot' when absent). */
function endnotes(align?: 'text'): LayoutSettings {
  const s = defaultSettings();
  return { ...s, columns: 1, notes: { ...s.notes, placement: 'chapterEnd', ...(align ? { chapterEndAlign: align } : {}) } };
}

/** A chapter of `count` paragraphs, each citing a note of `sentences` sentences defined under it. */
function chapter(seed: number, count: number, sentences = 1): string {
  const random = mulberry32(seed);
  const parts = ['# End notes'];
  for (let i = 0; i < count; i++) parts.push(`${paragraph(random, 2)}[^n${i}]`, `[^n${i}]: ${paragraph(random, sentences)}`);
  return parts.join('\n\n') + '\n';
}

const noteRule = (page: PageDisplayList): RuleItem | undefined => page.items.find((i): i is RuleItem => i.op === Op.Rule);
const noteLines = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'note');
const bodyLines = (page: PageDisplayList) => runs(page).filter((r) => r.line?.role === 'body');

describe('footnotes.chapterEndAlign', () => {
  it("is read from the configuration ('text' kept, 'foot' the default) and declared applied", () => {
    expect(settingsFromConfig({ footnotes: { chapterEndAlign: 'text' } }).notes.chapterEndAlign).toBe('text');
    expect(settingsFromConfig({ footnotes: { chapterEndAlign: 'foot' } }).notes.chapterEndAlign).toBeUndefined();
    expect(settingsFromConfig({}).notes.chapterEndAlign).toBeUndefined();
    expect(isApplied('footnotes.chapterEndAlign')).toBe(true);
  });

  it("'foot' drops notes that fit under a short last page's text to the column foot; 'text' keeps them under it", () => {
    const source = chapter(5, 3);
    const foot = run(oneChapterBook(source, endnotes()));
    const text = run(oneChapterBook(source, endnotes('text')));
    expect(foot.pages.length).toBe(1);
    expect(text.pages.length).toBe(1);
    const [f, t] = [foot.pages[0]!, text.pages[0]!];
    const frame = pageFrame(endnotes(), 0);
    const n = endnotes().notes;
    // 'text': the rule spaceAbove under the last body line's box (within a grid line of the baseline).
    const lastBody = Math.max(...bodyLines(t).map((r) => r.y));
    expect(noteRule(t)!.y1 - lastBody).toBeLessThan(endnotes().body.lineHeight + n.spaceAbove);
    // Same body text in both; every note item moved down by one amount in 'foot'.
    expect(bodyLines(f).map((r) => [r.text, r.y])).toEqual(bodyLines(t).map((r) => [r.text, r.y]));
    const drop = noteRule(f)!.y1 - noteRule(t)!.y1;
    expect(drop).toBeGreaterThan(100);
    const [fn, tn] = [noteLines(f), noteLines(t)];
    expect(fn.map((r) => r.text)).toEqual(tn.map((r) => r.text));
    fn.forEach((r, i) => expect(r.y - tn[i]!.y).toBeCloseTo(drop, 2));
    // The last note's line box ends on the content foot: its baseline sits where the first note's
    // does under the rule (spaceBelowRule + the note baseline), k − 1 note leadings further down.
    const firstBaseline = Math.min(...fn.map((r) => r.y));
    const lastBaseline = Math.max(...fn.map((r) => r.y));
    const baselineInBox = firstBaseline - noteRule(f)!.y1 - n.spaceBelowRule;
    expect(lastBaseline - baselineInBox + n.lineHeight).toBeCloseTo(frame.contentTop + frame.contentHeight, 2);
  });

  it('leaves notes that run on into the next column where they are (they fill the column they start in)', () => {
    const source = chapter(9, 14, 6);
    const foot = run(oneChapterBook(source, endnotes()));
    const text = run(oneChapterBook(source, endnotes('text')));
    expect(dump(foot)).toBe(dump(text));
    const noted = foot.pages.filter((p) => noteLines(p).length > 0);
    expect(noted.length).toBeGreaterThan(1);
  });

  it('lays out incrementally as a full layout does, notes at the foot', () => {
    let source = chapter(5, 3);
    const cache = new EngineCache();
    run(oneChapterBook(source, endnotes()), cache);
    source = source.replace('# End notes', '# End notes\n\nAn added paragraph with a few words.');
    expect(dump(run(oneChapterBook(source, endnotes()), cache))).toBe(dump(run(oneChapterBook(source, endnotes()))));
  });
});
