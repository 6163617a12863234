/**
 * Settings only composition reads — margin line numbers (configuration.md §11.2; §18 lists
 * `lineNumbers` among the keys that never move a line), the running heads and folios, the page's
 * fill (`page.backgroundColor`) — are not
 * in a chapter's memo key: a change to them composes each chapter again from its pagination
 * (engine/index.ts `paginatedSettings`) instead of paginating the book again, and gives what a
 * layout from scratch gives.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { EngineCache, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { Op, type GlyphRunItem, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run } from './helpers';

function book(lineNumbers?: Record<string, unknown>): BookInput {
  const random = mulberry32(11);
  const chapter = (title: string) => [`# ${title}`, ...Array.from({ length: 8 }, () => paragraph(random))].join('\n\n') + '\n';
  return {
    title: 'Numbered',
    settings: settingsFromConfig((lineNumbers ? { lineNumbers } : {}) as never),
    chapters: [
      { id: 'one', title: '', source: chapter('One') },
      { id: 'two', title: '', source: chapter('Two') },
    ],
  };
}

const lineRuns = (page: PageDisplayList, role: string): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && (i as GlyphRunItem).line?.role === role);

describe('a change to the margin line numbers', () => {
  it('composes the chapters again without paginating them, as a layout from scratch does', () => {
    const cache = new EngineCache();
    const plain = run(book(), cache);
    const steps: Record<string, unknown>[] = [{ enabled: true, count: 'all' }, { enabled: true, count: 'all', interval: 1, restart: 'document' }, { enabled: true, count: 'all', interval: 2, position: 'inner' }];
    for (const numbers of steps) {
      const numbered = run(book(numbers), cache);
      expect(dump(numbered)).toBe(dump(run(book(numbers))));
      // Numbers printed, and the body text is the very same placed runs: not paginated again.
      expect(numbered.pages.some((page) => lineRuns(page, 'lineNumber').length > 0)).toBe(true);
      numbered.pages.forEach((page, p) => lineRuns(page, 'body').forEach((r, i) => expect(r).toBe(lineRuns(plain.pages[p]!, 'body')[i])));
    }
    // Off again: the book as it was.
    expect(dump(run(book(), cache))).toBe(dump(plain));
  });

  it('(running heads and folios, the page fill) composes the chapters again without paginating them, as a layout from scratch does', () => {
    const cache = new EngineCache();
    const plain = run(book(), cache);
    const restyled = (change: (furniture: LayoutSettings['furniture']) => LayoutSettings['furniture']): BookInput => {
      const input = book();
      return { ...input, settings: { ...input.settings, furniture: change(input.settings.furniture) } };
    };
    const furniture = (page: PageDisplayList) => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && (i as GlyphRunItem).line === undefined);
    const filled = { ...book(), settings: { ...book().settings, pageBackground: '#fdf6e3' } };
    for (const input of [restyled((f) => ({ ...f, style: { ...f.style, colour: '#aa0000', size: f.style.size + 1 } })), restyled((f) => ({ ...f, style: { ...f.style, size: f.style.size - 1.5 }, ruleWidth: 1.5, ruleColour: '#0000aa' })), filled]) {
      const changed = run(input, cache);
      expect(dump(changed)).toBe(dump(run(input)));
      expect(dump(changed)).not.toBe(dump(plain));
      changed.pages.forEach((page, p) => lineRuns(page, 'body').forEach((r, i) => expect(r).toBe(lineRuns(plain.pages[p]!, 'body')[i])));
    }
    // The folios took the new colour.
    expect(run(restyled((f) => ({ ...f, style: { ...f.style, colour: '#aa0000' } })), cache).pages.flatMap(furniture).every((r) => r.fill === '#aa0000')).toBe(true);
  });
});
