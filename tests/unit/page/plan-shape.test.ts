/**
 * Every pass of a chapter gives paginateChapter its plan in one shape (page/passes.ts `oneShape`):
 * the same fields in the same order, those not in force undefined — the plain pass's, the closing
 * page's balance pass's (with and without a block start to go on from), a levelled band's, after an
 * edit too. Plans spread together had a shape per mix of fields, and the first of a new shape threw
 * the optimised paginateChapter back to the interpreter (V8: "wrong map"), to be compiled again: a
 * few hundred ms of a cold layout's CPU (issue #6). Counted here as the shapes seen, not timed; the
 * pages are those of passes from the first block, byte for byte.
 */
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run } from './helpers';

// The field order of each plan paginateChapter was given, and which kinds of pass were seen.
const { shapes, kinds } = vi.hoisted(() => ({ shapes: new Set<string>(), kinds: new Set<string>() }));
vi.mock('../../../src/worker/engine/page/paginate', async (original) =>
  (await import('./observe-passes')).observePlans(await original(), (plan) => {
    shapes.add(Object.keys(plan ?? {}).join(','));
    kinds.add(plan?.balance ? `balance${plan.resume ? ' resumed' : ''}` : plan?.spans ? 'band' : plan?.resume ? 'plain resumed' : 'plain');
  }),
);

function book(): BookInput {
  const random = mulberry32(23);
  const settings = defaultSettings();
  // Subheadings across both columns, met mid-page: the band above each is levelled (a planned pass).
  settings.headings.levels[1] = { ...settings.headings.levels[1]!, breakBefore: 'none', span: 'page', spanBreak: false };
  settings.balancing = { ...settings.balancing, enabled: true, beforeSpan: true, trailing: true };
  const chapter = (c: number, count: number): string => {
    const parts = [`# Chapter ${c + 1}`];
    for (let i = 0; i < count; i++) {
      if (i > 20 && i % 11 === 0) parts.push(`## Section ${c + 1}.${i} across the page`);
      parts.push(paragraph(random));
    }
    return parts.join('\n\n') + '\n';
  };
  return { title: 'Plan shapes', settings, chapters: [0, 1, 2].map((c) => ({ id: `c${c}`, title: '', source: chapter(c, 30 + 17 * c) })) };
}

describe('pagination passes', () => {
  it('give paginateChapter their plans in one shape, whatever the pass', () => {
    shapes.clear();
    kinds.clear();
    let input = book();
    const cache = new EngineCache();
    expect(dump(run(input, cache))).toBe(dump(run(input, new EngineCache(false))));
    // An edit: its first pass goes on from a block start of the previous layout.
    const source = input.chapters[1]!.source;
    const at = source.indexOf('.\n\n', Math.floor(source.length / 2));
    input = { ...input, chapters: input.chapters.map((ch, i) => (i === 1 ? { ...ch, source: source.slice(0, at) + ' and a lantern on the wall' + source.slice(at) } : ch)) };
    expect(dump(run(input, cache))).toBe(dump(run(input, new EngineCache(false))));
    // The passes asked for differ in what their plans hold…
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['balance resumed', 'band', 'plain', 'plain resumed']));
    // …but not in their shape.
    expect([...shapes]).toEqual(['headFloats,spans,balance,quietBefore,snapshots,resume,converge']);
  });
});
