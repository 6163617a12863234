import { describe, expect, it } from 'vitest';
import { isApplied } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { GlyphRunItem } from '../../../src/worker/protocol/displaylist';
import { EngineCache, type BookInput } from '../../../src/worker/engine';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { chapterWithOpenings, dump, oneChapterBook, run, runs } from './helpers';

/** The lead-in after a drop cap (configuration.md §6.7 `leadIn`): the words after the initial in small capitals or capitals. */

const LONG = 'Once upon a time there was a typesetter who set every line of a long book by hand, letter by letter, and who loved the large initials that opened each chapter of the books on the shelf above the case of type.';
const SOURCE = ['# The Chapter', '', LONG, '', 'A second paragraph that follows the first and has no initial of its own.'].join('\n');

/** One column, a 10 pt body on a 12 pt grid: small capitals are 7 pt, the initial far larger. */
const BASE = { layout: { layoutType: 'single' }, bodyText: { fontSize: { value: 10, unit: 'pt' }, lineHeight: { value: 12, unit: 'pt' } } };
const layoutOf = (config: Record<string, unknown>, source = SOURCE) => run(oneChapterBook(source, settingsFromConfig({ ...BASE, ...config } as never)));
const levelCap = (dropCap: unknown) => ({ headings: { levels: [{ level: 1, dropCap }] } });

/** The body's text runs in reading order (the initial left out), as size and text. */
function textRuns(layout: ReturnType<typeof layoutOf>): GlyphRunItem[] {
  const body = layout.pages.flatMap((p) => runs(p)).filter((r) => r.line?.role === 'body' && r.size <= 10.5);
  return body.sort((a, b) => a.y - b.y || a.xs[0]! - b.xs[0]!);
}
/** The text set at small capitals' size (7 pt) and the rest at 10 pt, spaces dropped, from `from` (source offset) on. */
function split(layout: ReturnType<typeof layoutOf>, from = 0): { small: string; full: string; smallEnd: number } {
  const all = textRuns(layout).filter((r) => r.srcFrom >= from);
  const small = all.filter((r) => Math.abs(r.size - 7) < 1e-6);
  return {
    small: small.map((r) => r.text).join('').replace(/\s/gu, ''),
    full: all.filter((r) => Math.abs(r.size - 10) < 1e-6).map((r) => r.text).join('').replace(/\s/gu, ''),
    // (One past the source offset of the last small capital.)
    smallEnd: Math.max(-1, ...small.map((r) => (r.srcMap ? r.srcMap[r.srcMap.length - 1]! : r.srcFrom + r.text.length - 1) + 1)),
  };
}
const squeeze = (s: string): string => s.replace(/\s/gu, '');

describe('leadIn (§6.7)', () => {
  it('is declared applied for the three owners; each stays a paragraph-style field', () => {
    for (const owner of ['headings.levels[level=1]', 'headingStyles[id=x]', 'paragraphStyles[id=x]']) {
      for (const f of ['', '.words', '.smallCaps', '.uppercase']) expect(isApplied(`${owner}.dropCap.leadIn${f}`), owner + f).toBe(true);
    }
    // §6.7 gives `each` a meaning for paragraph styles only (a heading's initial opens one paragraph).
    expect(isApplied('headings.levels[level=1].dropCap.each')).toBe(false);
    expect(isApplied('headingStyles[id=x].dropCap.each')).toBe(false);
  });

  it('none by default: the text after the initial as written', () => {
    const { small, full } = split(layoutOf(levelCap({})));
    expect(small).toBe('');
    expect(full.startsWith('nceuponatime')).toBe(true);
  });

  it('words: 2 in small capitals (the default look): the rest of the initial\'s word and the next at 7 pt in capitals, then as written', () => {
    const layout = layoutOf(levelCap({ leadIn: { words: 2 } }));
    const { small, full, smallEnd } = split(layout);
    expect(small).toBe('NCEUPON');
    // The lead-in ends where "upon" does; "a time" follows at the text's size in lower case.
    expect(smallEnd).toBe(SOURCE.indexOf('upon') + 4);
    expect(full.startsWith('atimetherewas')).toBe(true);
    // The small capitals map to their source letters.
    const first = textRuns(layout)[0]!;
    expect(first.srcFrom).toBe(SOURCE.indexOf('nce upon'));
    // The second paragraph is untouched.
    expect(full.endsWith(squeeze('A second paragraph that follows the first and has no initial of its own.'))).toBe(true);
  });

  it('uppercase: capitals at the text\'s size; both: every letter a capital at 7 pt (capitals in the words too)', () => {
    const source = ['# The Chapter', '', 'In the Beginning there was a word, and the word was set in type by a patient hand.'].join('\n');
    const upper = split(layoutOf(levelCap({ leadIn: { words: 3, uppercase: true } }), source));
    expect(upper.small).toBe('');
    expect(upper.full.startsWith('NTHEBEGINNINGtherewas')).toBe(true);
    // Small capitals alone keep a capital full size; with uppercase too it is a small capital like the rest.
    const smallOnly = layoutOf(levelCap({ leadIn: { words: 3, smallCaps: true } }), source);
    const capitalB = textRuns(smallOnly).find((r) => r.text.startsWith('B'))!;
    expect(capitalB.size).toBe(10);
    const both = split(layoutOf(levelCap({ leadIn: { words: 3, smallCaps: true, uppercase: true } }), source));
    expect(both.small).toBe('NTHEBEGINNING');
    expect(both.full.startsWith('therewas')).toBe(true);
  });

  it('a heading style\'s and a paragraph style\'s own lead-in', () => {
    const styled = ['# The Chapter {style=plain}', '', LONG].join('\n');
    expect(split(layoutOf({ headingStyles: [{ id: 'plain', dropCap: { leadIn: { words: 1, uppercase: true } } }] }, styled)).full.startsWith('NCEupon')).toBe(true);
    const group = ['# The Chapter', '', 'Body text before the group.', '', ':::paragraphs{style=opening}', '', LONG, '', ':::'].join('\n');
    const styledGroup = layoutOf({ paragraphStyles: [{ id: 'opening', dropCap: { leadIn: { words: 4 } } }] }, group);
    expect(split(styledGroup, group.indexOf('Once')).small).toBe('NCEUPONATIME');
  });

  it("'line': the words of the first line, and only those, in small capitals", () => {
    const layout = layoutOf(levelCap({ leadIn: { words: 'line' } }));
    const body = textRuns(layout);
    const firstY = body[0]!.y;
    const line1 = body.filter((r) => r.y === firstY);
    const line2 = body.filter((r) => r.y > firstY && r.y < firstY + 13);
    // Every letter on line 1 is a small capital (7 pt); line 2 is at 10 pt and in lower case.
    expect(line1.every((r) => r.size === 7 || !/\p{L}/u.test(r.text))).toBe(true);
    expect(squeeze(line1.map((r) => r.text).join('')).startsWith('NCEUPONATIME')).toBe(true);
    expect(line2.length).toBeGreaterThan(0);
    expect(line2.every((r) => r.size === 10)).toBe(true);
    expect(/\p{Ll}/u.test(line2.map((r) => r.text).join(''))).toBe(true);
    // More words fit on the line than two (the measure beside a 3-line initial is some 300 pt).
    expect(squeeze(line1.map((r) => r.text).join('')).length).toBeGreaterThan(20);
  });

  it('incremental relayout equals a full one with lead-ins (ARCHITECTURE invariant 6)', () => {
    const random = mulberry32(41);
    const chapter = (c: number): string => chapterWithOpenings(random, c, 8);
    const settings = settingsFromConfig({
      headings: { levels: [{ level: 1, dropCap: { leadIn: { words: 'line' } } }, { level: 2, dropCap: { lines: 2, leadIn: { words: 3, uppercase: true } } }] },
      paragraphStyles: [{ id: 'opening', dropCap: { each: true, leadIn: { words: 2, smallCaps: true, uppercase: true } } }],
    } as never);
    let input: BookInput = { title: 'Lead-ins', settings, chapters: Array.from({ length: 3 }, (_, c) => ({ id: `c${c}`, title: '', source: chapter(c) })) };
    const cache = new EngineCache();
    const first = run(input, cache);
    // (There are lead-ins to keep equal: small capitals in the body.)
    const bodySize = settings.body.style.size;
    expect(first.pages.flatMap((p) => runs(p)).filter((r) => r.line?.role === 'body' && Math.abs(r.size - 0.7 * bodySize) < 1e-6).length).toBeGreaterThan(5);
    for (let edit = 0; edit < 6; edit++) {
      const c = Math.floor(random() * 3);
      const source = input.chapters[c]!.source;
      let next: string;
      if (edit % 2 === 0) {
        // The opening words of a paragraph under a heading change (its lead-in too).
        const at = source.indexOf('\n\n', source.indexOf('\n## ') + 1) + 2;
        next = `${source.slice(0, at)}${sentence(random)} ${source.slice(at)}`;
      } else {
        const at = source.indexOf(' ', Math.floor(random() * source.length));
        next = at < 0 ? source : `${source.slice(0, at)} ${paragraph(random, 2)}${source.slice(at)}`;
      }
      input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source: next } : ch)) };
      expect(dump(run(input, cache))).toBe(dump(run(input, new EngineCache(false))));
    }
  });
});
