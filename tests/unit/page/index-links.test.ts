/**
 * The back-of-book index's locators as PDF links (document-format §16; page/index-layout.ts,
 * export/pdf/links.ts `locatorAreas`): each locator is a glyph run of its own carrying the page it
 * names (`GlyphRunItem.linkPage`, the book page index), and the PDF gets one link area per such run
 * to the top of that page. Entry words, separators and cross-references lead nowhere.
 */
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { linkAreas } from '../../../src/worker/export/pdf/links';
import type { BookInput } from '../../../src/worker/engine';
import { run, runs } from './helpers';

const SENTENCE = 'The keeper wrote a long account of the storm and of the ships that passed the point that night. ';
const para = (tail: string): string => SENTENCE.repeat(8) + tail;

function book(): BookInput {
  const settings = settingsFromConfig({ layout: { layoutType: 'single' } } as never);
  const body = Array.from({ length: 14 }, (_, i) => para(i % 4 === 0 ? `Lantern ${i}.:index{term="lantern"}` : `Tide ${i}.`)).join('\n\n');
  return {
    title: 'Book',
    settings,
    chapters: [
      { id: 'one', title: '', source: `# Light\n\nThe :index[anchor]{main} holds.\n\n${body}\n\nAt last the :index[anchor] again.\n` },
      { id: 'back', title: '', source: '# Index {toc="false"}\n\n:index{term="Mooring" see="anchor"}\n\n:::index\n' },
    ],
  };
}

describe('index locators as links', () => {
  const input = book();
  const layout = run(input);
  const indexRuns = layout.pages.filter((p) => p.chapter === 'back').flatMap((p) => runs(p).filter((r) => r.line?.role === 'body'));
  const linked = indexRuns.filter((r) => r.linkPage !== undefined);

  it('gives each locator a run of its own naming the page whose label it prints', () => {
    // anchor: its two pages; lantern: four marks on consecutive pages, merged into one range.
    expect(linked.length).toBeGreaterThanOrEqual(3);
    expect(linked.some((r) => r.text.includes('–'))).toBe(true);
    for (const r of linked) {
      const target = layout.pages.find((p) => p.index === r.linkPage);
      expect(target, `page ${r.linkPage}`).toBeDefined();
      // A single page prints its label; a range starts with it.
      expect(r.text === target!.label || r.text.startsWith(`${target!.label}–`), `${r.text} → ${target!.label}`).toBe(true);
      expect(target!.chapter).toBe('one');
    }
    // The runs around them (terms, separators, the see label) lead nowhere.
    const unlinked = indexRuns.filter((r) => r.linkPage === undefined).map((r) => r.text).join('|');
    expect(unlinked).toContain('anchor');
    expect(unlinked).toContain('Mooring');
    expect(linked.some((r) => /[A-Za-z]/.test(r.text))).toBe(false);
  });

  it('links the anchor’s locators to the pages its marks stand on', () => {
    const pageOf = (words: string) => layout.pages.find((p) => p.chapter === 'one' && runs(p).some((r) => r.line?.role === 'body' && r.text.includes(words)))!.index;
    const targets = new Set(linked.map((r) => r.linkPage));
    expect(targets.has(pageOf('holds'))).toBe(true);
    expect(targets.has(pageOf('again'))).toBe(true);
  });

  it('turns each locator run into one PDF link area to the top of its page', () => {
    const chapters = input.chapters.map((c, i) => parseChapter(c.source, { chapterId: c.id, isFirstChapter: i === 0 }));
    const areas = linkAreas(chapters, layout.pages, new Map());
    const toPages = areas.filter((a) => a.target.kind === 'page' && a.target.top === 0);
    expect(toPages.length).toBe(linked.length);
    expect(toPages.length).toBeGreaterThanOrEqual(3);
    for (const area of toPages) {
      const target = area.target.kind === 'page' ? layout.pages[area.target.page]! : undefined;
      expect(target?.chapter).toBe('one');
      expect(area.width).toBeGreaterThan(0);
      expect(layout.pages[area.page]!.chapter).toBe('back');
    }
  });
});
