/**
 * Resource numbers (document-format §12.4): by first mention in reading order — `:ref` or
 * `::resource` in body blocks, in source order within a block, never in a footnote — per type,
 * with the type's template and reset level. Checked on a small two-chapter book, and again after
 * one chapter is parsed anew (numbering keeps what it read of each parse: resources/numbering.ts).
 * A book's numbering is taken again while no chapter changed what it reads (`numberBook`), and is
 * counted anew — equal to a fresh set's — when one did.
 */
import { describe, expect, it } from 'vitest';
import { parseChapter } from '../../../src/worker/engine/parse/chapter';
import { numberResources } from '../../../src/worker/engine/resources/numbering';
import { numberBook, prepareResources } from '../../../src/worker/engine/resources';
import type { ResourceType } from '../../../src/worker/engine/resources/settings';

const figure: ResourceType = { id: 'figure', name: 'Figure', shortLabel: 'Fig.', numberingTemplate: '{h1}.{n}', resetOn: 1, counterFormat: 'decimal', captionPrefix: 'Figure' };
const table: ResourceType = { id: 'table', name: 'Table', shortLabel: 'Tab.', numberingTemplate: '{n}', resetOn: 'never', counterFormat: 'decimal', captionPrefix: 'Table' };
const known = new Map([
  ['map', 'figure'],
  ['chart', 'figure'],
  ['plan', 'figure'],
  ['prices', 'table'],
  ['noted', 'figure'],
]);

const first = (text: string) => parseChapter(text, { chapterId: 'one', isFirstChapter: true });
const ONE = '# One\n\nSee :ref{id="chart"} before :ref{id="map"}.[^n]\n\n[^n]: A note cites :ref{id="noted"} first.\n\n::resource{id="prices"}\n';
const TWO = '# Two\n\n::resource{id="plan"}\n\nThen :ref{id="noted"} and :ref{id="map"} again.\n';

const numbered = (chapters: Parameters<typeof numberResources>[0]) => Object.fromEntries([...numberResources(chapters, known, [figure, table], new Set()).values()].map((n) => [n.resourceId, n.number]));

describe('resource numbering', () => {
  it('counts first mentions in reading order, not in notes, per type, restarting figures at each H1', () => {
    const two = parseChapter(TWO, { chapterId: 'two', isFirstChapter: false });
    expect(numbered([first(ONE), two])).toEqual({ chart: '1.1', map: '1.2', prices: '1', plan: '2.1', noted: '2.2' });
  });

  it('follows a chapter parsed anew, the other parse kept', () => {
    const two = parseChapter(TWO, { chapterId: 'two', isFirstChapter: false });
    const before = numbered([first(ONE), two]);
    // Chapter one now mentions the map first and the plan too: the plan is numbered there.
    const edited = first('# One\n\n:ref{id="map"}, :ref{id="plan"} and :ref{id="chart"}.\n');
    expect(numbered([edited, two])).toEqual({ map: '1.1', plan: '1.2', chart: '1.3', noted: '2.1' });
    expect(numbered([first(ONE), two])).toEqual(before);
  });

  it('a book’s numbering is taken again while no chapter changed what it reads, and counted anew when one did', () => {
    const records = [...known].map(([id, typeId]) => ({ record: { id, typeId, kind: 'svg' as const, caption: id }, payload: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') }));
    const set = prepareResources(records, {});
    const two = parseChapter(TWO, { chapterId: 'two', isFirstChapter: false });
    const base = numberBook(set, [first(ONE), two]);
    // Words typed in a paragraph (a new parse of chapter one): the same numbering.
    expect(numberBook(set, [first(ONE.replace('See ', 'Do see ')), two])).toBe(base);
    const printed = (n: ReturnType<typeof numberBook>) => JSON.stringify([...n.numbers.values()]);
    const changes: [string, string][] = [
      ['mentions swapped', ONE.replace(':ref{id="chart"} before :ref{id="map"}', ':ref{id="map"} before :ref{id="chart"}')],
      ['a heading added above', `# Zero\n\n${ONE}`],
      ['an anchor of a resource id', `${ONE}\n[kept]{#plan}\n`],
      ['a mention added', ONE.replace('before :ref{id="map"}', 'before :ref{id="map"} and :ref{id="plan"}')],
    ];
    for (const [name, text] of changes) {
      const now = numberBook(set, [first(text), two]);
      expect(now, name).not.toBe(base);
      // Equal to the numbering of a fresh set (nothing remembered).
      expect(printed(now), name).toBe(printed(numberBook(prepareResources(records, {}), [first(text), two])));
      expect(printed(now), name).not.toBe(printed(base));
      numberBook(set, [first(ONE), two]);
    }
  });
});
