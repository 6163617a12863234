/**
 * The lead-in of a paragraph opened by a drop cap (configuration.md §6.7 `leadIn`): the words
 * right after the initial set in small capitals and/or capitals, the classic book opening
 * ("O NCE UPON a time"). The paragraph's inlines after the initial are marked before they are set:
 * small capitals with the `smallcaps` mark (paragraph/collect.ts, lower case as capitals at 70 %),
 * capitals by changing the text to capitals of the same length (source offsets still map), and with
 * both the text first in lower case and marked, so every letter is a capital at 70 % (all small
 * capitals). `words: n` marks the first n words (the rest of the initial's word, when the initial
 * took only part of it, is the first); `'line'` the words the first line holds.
 */
import type { Inline, TextInline } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LeadIn } from '../settings-dropcap';

/** Each character's case changed where that keeps its length (ß, ŉ stay as written), so offsets still map. */
function recase(text: string, to: 'upper' | 'lower'): string {
  let out = '';
  for (const ch of text) {
    const changed = to === 'upper' ? ch.toUpperCase() : ch.toLowerCase();
    out += changed.length === ch.length ? changed : ch;
  }
  return out;
}

/** A text inline's units `from` … `to`, its marks kept (offsets listed when the piece does not start the inline). */
function piece(text: TextInline, from: number, to: number): TextInline {
  if (from === 0 && to === text.text.length) return text;
  const offsets = text.offsets ?? Array.from({ length: text.text.length }, (_, i) => text.range.from + i);
  const kept = offsets.slice(from, to);
  return { ...text, text: text.text.slice(from, to), range: { ...text.range, from: kept[0]!, to: kept[kept.length - 1]! + 1 }, offsets: kept };
}

/** A piece of text set in the lead-in's look. */
function lookOf(text: TextInline, look: LeadIn): TextInline {
  const marks = look.smallCaps && !text.marks.includes('smallcaps') ? [...text.marks, 'smallcaps' as const] : text.marks;
  const cased = look.uppercase ? recase(text.text, look.smallCaps ? 'lower' : 'upper') : text.text;
  return { ...text, text: cased, marks };
}

/** Where the lead-in ends: counting words while walking the inlines in reading order. */
interface Count {
  /** Words begun so far. */
  begun: number;
  inWord: boolean;
  /** The lead-in has ended (everything after stays as written). */
  done: boolean;
}

/**
 * `inlines` with the lead-in's text in its look: the first `words` words (a word is a run of
 * characters between spaces or forced breaks; punctuation belongs to its word), or, with `until`,
 * every word that begins before source offset `until`.
 */
function marked(inlines: readonly Inline[], look: LeadIn, words: number, until: number | undefined, count: Count): Inline[] {
  const out: Inline[] = [];
  for (const inline of inlines) {
    if (count.done) {
      out.push(inline);
      continue;
    }
    if (inline.kind === 'text') {
      const text = inline.text;
      let cut = text.length;
      for (let i = 0; i < text.length; i++) {
        const space = /\s/u.test(text[i]!);
        if (!space && !count.inWord) {
          const at = inline.offsets ? inline.offsets[i]! : inline.range.from + i;
          // A word beyond the lead-in: it ends before this word's first character.
          if (until !== undefined ? at >= until : count.begun >= words) {
            cut = i;
            count.done = true;
            break;
          }
          count.begun++;
        }
        count.inWord = !space;
      }
      if (cut > 0) out.push(lookOf(piece(inline, 0, cut), look));
      if (cut < text.length) out.push(piece(inline, cut, text.length));
    } else if (inline.kind === 'hardBreak') {
      count.inWord = false;
      out.push(inline);
    } else if ('children' in inline && Array.isArray(inline.children)) {
      out.push({ ...inline, children: marked(inline.children as Inline[], look, words, until, count) } as Inline);
    } else out.push(inline);
  }
  return out;
}

/** The same marked inlines for the same tail and lead-in (stable identity for the paragraph memo). */
const memo = new WeakMap<readonly Inline[], Map<string, Inline[]>>();
function remembered(inlines: readonly Inline[], key: string, make: () => Inline[]): Inline[] {
  let byKey = memo.get(inlines);
  if (!byKey) memo.set(inlines, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) byKey.set(key, (out = make()));
  return out;
}

/** The paragraph's text after the initial with its first `words` words in the lead-in's look. */
export function leadInWords(rest: readonly Inline[], look: LeadIn, words: number): Inline[] {
  return remembered(rest, `w${words}|${look.smallCaps}|${look.uppercase}`, () => marked(rest, look, words, undefined, { begun: 0, inWord: false, done: false }));
}

/** The text after the initial with every word that begins before source offset `until` in the lead-in's look. */
function leadInUntil(rest: readonly Inline[], look: LeadIn, until: number): Inline[] {
  return remembered(rest, `u${until}|${look.smallCaps}|${look.uppercase}`, () => marked(rest, look, 0, until, { begun: 0, inWord: false, done: false }));
}

/**
 * `leadIn: 'line'`: the text after the initial set with the words of its first line in the
 * lead-in's look. The first line is found by setting the text (`set`), marking the words that begin
 * on it and setting again; the new look changes their width (small capitals are narrower, capitals
 * wider), so this repeats while the first line ends elsewhere (a few tries). Where it does not settle
 * (a word at the line's end fits as written but not in the look), the last setting whose first line
 * is wholly in the look is kept: that word goes on in the look at the start of the second line, so
 * the first line never ends in a word as written.
 */
export function leadInLine(rest: readonly Inline[], look: LeadIn, set: (inlines: readonly Inline[]) => SetLine[]): { inlines: readonly Inline[]; lines: SetLine[] } {
  // The first line holds the words that begin before the second line does (every word in a one-line paragraph).
  const secondAt = (lines: readonly SetLine[]): number => lines[1]?.srcFrom ?? Number.POSITIVE_INFINITY;
  let lines = set(rest);
  let inlines: readonly Inline[] = rest;
  let until = Number.NaN;
  let whole: { inlines: readonly Inline[]; lines: SetLine[] } | undefined;
  for (let tries = 0; tries < 4 && lines.length > 0 && secondAt(lines) !== until; tries++) {
    until = secondAt(lines);
    inlines = leadInUntil(rest, look, until);
    lines = set(inlines);
    if (secondAt(lines) <= until) whole = { inlines, lines };
  }
  return secondAt(lines) > until && whole ? whole : { inlines, lines };
}
