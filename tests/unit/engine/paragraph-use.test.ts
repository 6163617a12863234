/**
 * What a chapter layout keeps alive in the paragraph memo (engine/paragraph-use.ts). After an edit
 * the first pass goes on from a block start of the previous layout and stops once in step with it
 * again, so most of the chapter's paragraphs are not asked for; their memo keys must stay live all
 * the same, or the next prune drops them and a later edit sets them again.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { paragraphUse } from '../../../src/worker/engine/paragraph-use';
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
