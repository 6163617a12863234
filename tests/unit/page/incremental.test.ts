/**
 * ARCHITECTURE invariant 6 over the page engine's features together: a seeded book with
 * footnotes, callouts, numbered headings, page numbering changes, a table of contents and page
 * references, index marks and a back-of-book index, laid out incrementally after random edits,
 * equals a from-scratch layout.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { dump, run } from './helpers';

function richChapter(random: () => number, c: number): string {
  const parts = [`# ${sentence(random).slice(0, 30).replace(/[.;]$/, '')} {#ch${c}}`];
  for (let i = 0; i < 14; i++) {
    if (i % 5 === 2) parts.push(`## ${sentence(random).slice(0, 24).replace(/[.;]$/, '')} {#s${c}-${i}}`);
    if (i % 4 === 1) {
      parts.push(`${paragraph(random)}[^c${c}n${i}] See :ref{id="ch${(c + 1) % 3}" style="page"}.`);
      parts.push(`[^c${c}n${i}]: ${paragraph(random, 2)}`);
    } else if (i % 6 === 3) parts.push(`:::callout{title="Aside ${i}"}\n${paragraph(random)}\n:::`);
    // Index marks (document-format §16): a topic per paragraph, every fourth one its main page.
    else parts.push(`${paragraph(random)}:index{term="Topic ${i % 4}!part ${c}"${i % 4 === 0 ? ' main' : ''}}`);
  }
  return parts.join('\n\n') + '\n';
}

function richBook(seed: number, settings: LayoutSettings): BookInput {
  const random = mulberry32(seed);
  return {
    title: 'Everything at once',
    settings,
    chapters: [
      { id: 'front', title: '', source: `:::numbering{format="lower-roman"}\n\n# Contents {toc="false"}\n\n:::toc\n\n:::pagebreak\n\n:::numbering{format="decimal" startAt=1}\n` },
      ...Array.from({ length: 3 }, (_, c) => ({ id: `c${c}`, title: '', source: richChapter(random, c) })),
      { id: 'back', title: '', source: `# Index {toc="false"}\n\n:index{term="Subjects" see="Topic 1"}\n\n:::index\n` },
    ],
  };
}

function numberedSettings(): LayoutSettings {
  const s = defaultSettings();
  s.headings.levels[0]!.numbering = { template: '{1}.', separator: ' ', position: 'before' };
  s.headings.levels[1]!.numbering = { template: '{1}.{2}', separator: ' ', position: 'before' };
  s.toc = { ...s.toc, levels: [1, 2] };
  return s;
}

describe('incremental relayout equals a full relayout with every page-engine feature', () => {
  for (const [name, settings] of [
    ['double columns', numberedSettings()],
    ['oneAndHalf with a text side column', { ...numberedSettings(), columns: 2, sideColumn: { percent: 33, role: 'text' as const, side: 'outer' as const }, margins: { ...numberedSettings().margins, mirror: true } }],
  ] as const) {
    it(`after random edits (${name})`, () => {
      const random = mulberry32(77);
      let input = richBook(5, settings);
      const cache = new EngineCache();
      run(input, cache);
      for (let edit = 0; edit < 5; edit++) {
        const c = 1 + Math.floor(random() * 3);
        const source = input.chapters[c]!.source;
        const at = source.indexOf('\n\n', Math.floor(random() * source.length));
        const insert = random() < 0.5 ? `\n\n${paragraph(random)}` : `\n\n## Inserted ${edit}\n\n${paragraph(random)}[^new${edit}]\n\n[^new${edit}]: ${sentence(random)}`;
        const next = at < 0 ? source + insert : source.slice(0, at) + insert + source.slice(at);
        input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source: next } : ch)) };
        const incremental = run(input, cache);
        expect(dump(incremental)).toBe(dump(run(input)));
        expect(incremental.labelsUnsettled).toBeUndefined();
      }
    });
  }

  it('after design changes with the same cache: new margins (kept paragraph items re-broken), then a new body size', () => {
    const settings = numberedSettings();
    let input = richBook(9, settings);
    const cache = new EngineCache();
    run(input, cache);
    const changes: ((s: LayoutSettings) => LayoutSettings)[] = [
      (s) => ({ ...s, margins: { ...s.margins, left: s.margins.left + 18, right: s.margins.right + 9 } }),
      (s) => ({ ...s, columns: 1 }),
      (s) => ({ ...s, body: { ...s.body, style: { ...s.body.style, size: s.body.style.size + 0.5 } } }),
    ];
    for (const change of changes) {
      input = { ...input, settings: change(input.settings) };
      expect(dump(run(input, cache))).toBe(dump(run(input)));
    }
  });
});
