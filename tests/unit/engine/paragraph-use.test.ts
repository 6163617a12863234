/**
 * What a chapter layout keeps alive in the paragraph memo (engine/paragraph-use.ts). After an edit
 * the first pass goes on from a block start of the previous layout and stops once in step with it
 * again, so most of the chapter's paragraphs are not asked for; their memo keys must stay live all
 * the same, or the next prune drops them and a later edit sets them again.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { paragraphUse, ParagraphUses } from '../../../src/worker/engine/paragraph-use';
import { dump, fonts, run } from '../page/helpers';

const WORDS = 'harbour lantern quay tide keeper morning fog boats ledger rope anchor gull shingle pier net salt storm mast sail harbourmaster evening beacon channel current drift'.split(' ');

/** Distinct paragraphs (a seeded walk over the words): no two alike, so no key is shared by chance. */
function paragraphs(count: number, seed: number): string[] {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  return Array.from({ length: count }, (_, p) => {
    const words = Array.from({ length: 40 + (next() % 30) }, () => WORDS[next() % WORDS.length]!);
    return `Paragraph ${p + 1}: ${words.join(' ')}.`;
  });
}

const BODY = paragraphs(48, 7);

function book(body: readonly string[]): BookInput {
  return { title: 'Use', settings: defaultSettings(), chapters: [{ id: 'a', title: '', source: `# One\n\n${body.join('\n\n')}\n` }, { id: 'b', title: '', source: `# Two\n\n${paragraphs(6, 11).join('\n\n')}\n` }] };
}

/** A one-word edit at the end of paragraph `index`. */
function edited(index: number, word: string): string[] {
  return BODY.map((text, p) => (p === index ? `${text.slice(0, -1)} ${word}.` : text));
}

describe('paragraph memo keys kept alive by an edited chapter', () => {
  it('after an edit in the middle, the chapter keeps the keys a fresh layout of the new text asks for', () => {
    const cache = new EngineCache();
    run(book(BODY), cache);
    const cold = new Set(cache.paragraphUse.get('a')!.bases.keys());
    for (const [index, word] of [[24, 'gull'], [10, 'rope'], [36, 'mast']] as const) {
      const input = book(edited(index, word));
      const layout = run(input, cache);
      const fresh = new EngineCache();
      expect(dump(layout)).toBe(dump(run(input, fresh)));
      const kept = new Set(cache.paragraphUse.get('a')!.bases.keys());
      const wanted = new Set(fresh.paragraphUse.get('a')!.bases.keys());
      // Every key the new text needs, and nothing the old text of the edited paragraph needed.
      expect([...wanted].filter((k) => !kept.has(k))).toEqual([]);
      expect([...kept].filter((k) => !wanted.has(k))).toEqual([]);
      // Most of the chapter's paragraphs were not asked for again, yet stay live.
      expect([...cold].filter((k) => kept.has(k)).length).toBeGreaterThan(cold.size - 8);
    }
  });

  it('moves carried keys with the text and lets go of those the change touches', () => {
    const before = { chapterKey: 'k', source: 'aaaa\n\nbbbb\n\ncccc', bases: new Map([['A', 0], ['B', 6], ['B2', 6], ['C', 12]]) };
    // "bbbb" → "bbbbXY": A before the change stays, B asked for again at its start, C moves by 2.
    const now = paragraphUse(new Map([['Bnew', 6]]), 'k', 'aaaa\n\nbbbbXY\n\ncccc', before);
    expect([...now]).toEqual([['Bnew', 6], ['A', 0], ['C', 14]]);
    // Text typed at a block start belongs to that block: its old keys go, asked for or not.
    expect([...paragraphUse(new Map(), 'k', 'aaaa\n\nXbbbb\n\ncccc', before)]).toEqual([['A', 0], ['C', 13]]);
    // Another memo key (a global change, another start): only what was asked.
    expect([...paragraphUse(new Map([['X', 0]]), 'other', before.source, before)]).toEqual([['X', 0]]);
  });
});

describe('paragraphs set under settings no longer in force', () => {
  it('are let go chapter by chapter during a global change, not held with the new ones until the book is done', () => {
    const cache = new EngineCache();
    run(book(BODY), cache);
    const oldKeys = (id: string) => [...cache.paragraphUse.get(id)!.bases.keys()];
    const oldA = oldKeys('a');
    const oldB = oldKeys('b');
    const settings = defaultSettings();
    settings.body.style = { ...settings.body.style, size: settings.body.style.size * 1.04 };
    const input = { ...book(BODY), settings };
    const held = (keys: readonly string[]) => keys.filter((k) => cache.paragraphs.has(k)).length;
    const steps = layoutBook(input, fonts, cache);
    let step = steps.next();
    let checked = false;
    while (!step.done) {
      if (step.value?.chapter?.id === 'a') {
        // Chapter a is laid out at the new size: its old paragraphs are gone, b's not yet relaid are still there.
        expect(held(oldA)).toBe(0);
        expect(held(oldB)).toBe(oldB.length);
        checked = true;
      }
      step = steps.next();
    }
    expect(checked).toBe(true);
    expect(held(oldB)).toBe(0);
    // A cache, not an answer: the book is as a fresh layout sets it, and an edit after it too.
    expect(dump(step.value)).toBe(dump(run(input, new EngineCache())));
    const editedInput = { ...input, chapters: [{ ...input.chapters[0]!, source: `# One\n\n${edited(20, 'tide').join('\n\n')}\n` }, input.chapters[1]!] };
    expect(dump(run(editedInput, cache))).toBe(dump(run(editedInput, new EngineCache())));
  });

  it('are kept while another chapter still uses them', () => {
    // Both chapters hold the same paragraph: a's new layout must not take b's entry from it.
    const shared = BODY[3]!;
    const twoAlike = (settings = defaultSettings()): BookInput => ({ title: 'Use', settings, chapters: [{ id: 'a', title: '', source: `# One\n\n${shared}\n` }, { id: 'b', title: '', source: `# Two\n\n${shared}\n` }] });
    const cache = new EngineCache();
    run(twoAlike(), cache);
    const sharedKeys = [...cache.paragraphUse.get('a')!.bases.keys()].filter((k) => cache.paragraphUse.get('b')!.bases.has(k));
    expect(sharedKeys.length).toBeGreaterThan(0);
    const settings = defaultSettings();
    settings.body.style = { ...settings.body.style, size: settings.body.style.size * 1.04 };
    const steps = layoutBook(twoAlike(settings), fonts, cache);
    for (let step = steps.next(); !step.done; step = steps.next()) {
      if (step.value?.chapter?.id === 'a') expect(sharedKeys.every((k) => cache.paragraphs.has(k))).toBe(true);
    }
  });
});

describe('the count of chapters using each key', () => {
  /** The count `users` must give: how many recorded chapter uses hold the key, asked of each. */
  const counted = (cache: EngineCache, key: string): number => [...cache.paragraphUse.values()].filter((use) => use.bases.has(key)).length;

  it('follows every layout, edit, global change and chapter removal', () => {
    const shared = BODY[5]!;
    const withShared = (settings = defaultSettings(), body = BODY): BookInput => ({ ...book(body), settings, chapters: [...book(body).chapters, { id: 'c', title: '', source: `# Three\n\n${shared}\n` }] });
    const cache = new EngineCache();
    const seen = new Set<string>();
    const check = (): void => {
      for (const use of cache.paragraphUse.values()) for (const key of use.bases.keys()) seen.add(key);
      for (const key of seen) expect(cache.paragraphUse.users(key)).toBe(counted(cache, key));
      expect(cache.paragraphUse.users('no such key')).toBe(0);
    };
    run(withShared(), cache);
    check();
    // The paragraph a and c share is counted twice.
    const sharedKeys = [...cache.paragraphUse.get('a')!.bases.keys()].filter((k) => cache.paragraphUse.get('c')!.bases.has(k));
    expect(sharedKeys.length).toBeGreaterThan(0);
    expect(cache.paragraphUse.users(sharedKeys[0]!)).toBe(2);
    run(withShared(defaultSettings(), edited(10, 'gull')), cache);
    check();
    const bigger = defaultSettings();
    bigger.body.style = { ...bigger.body.style, size: bigger.body.style.size * 1.04 };
    run(withShared(bigger, edited(10, 'gull')), cache);
    check();
    // Chapter c removed: the prune forgets its use, and its keys' counts with it.
    run({ ...withShared(bigger, edited(10, 'gull')), chapters: book(edited(10, 'gull')).chapters }, cache);
    expect(cache.paragraphUse.has('c')).toBe(false);
    check();
    cache.paragraphUse.clear();
    for (const key of seen) expect(cache.paragraphUse.users(key)).toBe(0);
  });

  it('counts a key added to a recorded use, and not one added to a use it does not hold', () => {
    const uses = new ParagraphUses();
    const a = new Map([['K', 0], ['L', 9]]);
    uses.set('a', { chapterKey: 'ka', source: 'x', bases: a });
    uses.set('b', { chapterKey: 'kb', source: 'y', bases: new Map([['K', 0]]) });
    expect([uses.users('K'), uses.users('L'), uses.users('M')]).toEqual([2, 1, 0]);
    // A later composition of a's layout asks for M too.
    uses.extend('a', a, 'M', 20);
    uses.extend('a', a, 'M', 20);
    expect(uses.users('M')).toBe(1);
    // A layout with no chapter key records no use: what it asks for counts for nobody.
    const unrecorded = new Map<string, number>();
    uses.extend('c', unrecorded, 'N', 0);
    uses.extend('a', unrecorded, 'N', 0);
    expect([unrecorded.has('N'), uses.users('N')]).toEqual([true, 0]);
    // a's next layout replaces its use: its old keys are no longer counted for it.
    uses.set('a', { chapterKey: 'ka2', source: 'x', bases: new Map([['P', 0]]) });
    expect([uses.users('K'), uses.users('L'), uses.users('M'), uses.users('P')]).toEqual([1, 0, 0, 1]);
    uses.delete('b');
    expect(uses.users('K')).toBe(0);
  });
});
