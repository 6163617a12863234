/**
 * A code listing is set once per input (page/code-block.ts `prepareListing`): every pass of every
 * build used to set each listing again — its highlighting, rows and memo keys. Counted here by the
 * highlighter's calls (one per listing set); the pages still equal a fresh layout's.
 */
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, EngineCache, type BookInput } from '../../../src/worker/engine';
import { mulberry32, paragraph } from '../../support/prose';
import { dump, run } from './helpers';

const { tokenized } = vi.hoisted(() => ({ tokenized: [] as string[] }));
vi.mock('../../../src/worker/engine/page/code-tokens', async (original) => {
  const actual = await original<typeof import('../../../src/worker/engine/page/code-tokens')>();
  return {
    ...actual,
    tokenizeListing: (...args: Parameters<typeof actual.tokenizeListing>) => {
      tokenized.push(args[1].join('\n'));
      return actual.tokenizeListing(...args);
    },
  };
});

function source(random: () => number): string {
  const parts = ['# Listings'];
  for (let i = 0; i < 12; i++) {
    parts.push(paragraph(random));
    if (i % 3 === 1) parts.push('```js\n' + `const value${i} = compute(${i}, "text");\nfor (let k = 0; k < ${i}; k++) log(k);` + '\n```');
  }
  return parts.join('\n\n') + '\n';
}

describe('code listings set once per input', () => {
  it('a second build sets none; an edit sets only the listings it moved or changed', () => {
    const settings = defaultSettings();
    expect(settings.listing?.highlight ?? 'builtin').toBe('builtin');
    let input: BookInput = { title: 'Listings', settings, chapters: [{ id: 'c', title: '', source: source(mulberry32(3)) }] };
    const cache = new EngineCache();
    tokenized.length = 0;
    run(input, cache);
    const listings = (input.chapters[0]!.source.match(/```js/g) ?? []).length;
    expect(listings).toBe(4);
    // Each listing set once, though the chapter may take more than one pass.
    expect(new Set(tokenized).size).toBe(listings);
    expect(tokenized.length).toBe(listings);

    // The same book again, a new cache (the chapter memo misses): no listing is set again.
    tokenized.length = 0;
    run(input, new EngineCache());
    expect(tokenized).toEqual([]);

    // An edit in the last listing: only it is set again (the others keep their offsets).
    tokenized.length = 0;
    input = { ...input, chapters: [{ ...input.chapters[0]!, source: input.chapters[0]!.source.replace('const value10 = compute(10', 'const renamed = compute(10') }] };
    const edited = run(input, cache);
    expect(tokenized).toEqual([expect.stringContaining('const renamed')]);
    expect(dump(edited)).toBe(dump(run(input, new EngineCache(false))));
  });
});
