/**
 * `parts.versoDesign` (configuration.md §13.5) when the part page is the last page of its chapter
 * file: the page its `parts.breakAfter` opened stays empty (the next chapter starts with its own
 * break), so it is the blank page after the part page and takes the verso design.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { Op, type PageDisplayList, type RectItem } from '../../../src/worker/protocol/displaylist';
import { run, runs } from './helpers';

const para = (n: number): string => Array.from({ length: n }, (_, i) => `Paragraph ${i} of the lantern keeper, who wrote down every ship that passed the light.`.repeat(3)).join('\n\n');
const verso = { elements: [{ kind: 'box', id: 'band', style: { backgroundColor: '#123456' }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: 'fill', height: { value: 30, unit: 'pt' } } } }] };
const band = (page: PageDisplayList): boolean => page.items.some((i) => i.op === Op.Rect && (i as RectItem).fill === '#123456');

describe('parts.versoDesign when a part page ends a chapter file', () => {
  const settings = settingsFromConfig({ parts: { versoDesign: verso } });
  const intro = { id: 'intro', title: '', source: `# Opening\n\n${para(1)}\n\n:::part{number="II" title="Lights"}\n:::` };
  const lamp = { id: 'lamp', title: '', source: `# The lantern\n\n${para(2)}` };

  it('leaves the page after the part page blank, with the verso design and no running heads or folio', () => {
    const layout = run({ title: 'B', settings, chapters: [intro, lamp] });
    const pages = layout.chapters[0]!.pages;
    const part = pages.find((p) => p.role === 'part')!;
    const after = layout.pages[part.index + 1]!;
    expect(pages.at(-1), 'the page after the part page is the first chapter file’s last').toBe(after);
    expect(after.role).toBe('blank');
    expect(band(after)).toBe(true);
    expect(runs(after)).toHaveLength(0);
    expect(layout.pages.filter(band)).toHaveLength(1);
    // The next chapter opens on a recto after its own separator, as before.
    const opener = layout.chapters[1]!.pages.find((p) => p.role === 'opener')!;
    expect(opener.index % 2).toBe(0);
  });

  it('without a verso design the page is still left blank (no running heads over nothing)', () => {
    const layout = run({ title: 'B', settings: settingsFromConfig({}), chapters: [intro, lamp] });
    const last = layout.chapters[0]!.pages.at(-1)!;
    expect(last.role).toBe('blank');
    expect(last.items).toHaveLength(0);
  });

  it('paints nothing when the chapter file goes on after the part page', () => {
    const more = { id: 'intro', title: '', source: `${intro.source}\n\n${para(6)}` };
    const layout = run({ title: 'B', settings, chapters: [more, lamp] });
    const part = layout.pages.find((p) => p.role === 'part')!;
    expect(layout.pages[part.index + 1]!.role).not.toBe('blank');
    expect(layout.pages.some(band)).toBe(false);
  });

  it('an incremental relayout after an edit gives what a full one does', () => {
    const cache = new EngineCache();
    run({ title: 'B', settings, chapters: [intro, lamp] }, cache);
    const edited = [{ ...intro, source: intro.source.replace('Opening', 'Overture') }, lamp];
    const again = run({ title: 'B', settings, chapters: edited }, cache);
    const full = run({ title: 'B', settings, chapters: edited });
    expect(JSON.stringify(again.pages)).toBe(JSON.stringify(full.pages));
    expect(again.pages.filter(band)).toHaveLength(1);
  });
});
