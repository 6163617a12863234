/**
 * Drop caps of body paragraphs (configuration.md §6.7 `ParagraphDropCap`; §8.2, §13.6 for a
 * heading level's or heading style's initial on the first paragraph after the heading, §13.1 for a
 * paragraph style's on the first — or every — paragraph of a `:::paragraphs{style}` group).
 *
 * The opening grapheme clusters of the paragraph (with the punctuation before them) become the
 * initial, set as a line of its own in its face and size; the paragraph is set without them, its
 * first `lines` lines narrower by the initial's width and the gap and moved past it at the start
 * side (the paragraph engine's `initialRoom`, paragraph/lines.ts). The initial stands at the start
 * edge with its baseline on the baseline of line `sink`. All lengths pt, y down.
 */
import type { FontRegistry } from '../fonts/registry';
import type { HeadingBlock, Inline, TextInline } from '../parse/model';
import type { SetLine } from '../paragraph';
import type { LayoutSettings, TextStyle } from '../settings';
import type { DropCap } from '../settings-dropcap';
import { capHeightRatio } from './furniture-letters';
import { inlinesFrom } from './slice';

/** What the paragraph setter needs (paginate.ts's `setText`, reduced to what the initial asks of it). */
type SetInitialText = (request: { base: number; inlines: readonly Inline[]; style: TextStyle; measure: number; indent: number; justify: boolean }) => SetLine[];

/** A line drawn beside the paragraph's first lines: x from the start edge of the measure (pt), on the baseline of line `onLine` (1-based). */
export interface InitialPiece {
  line: SetLine;
  x: number;
  onLine: number;
}

/** A paragraph's initial, ready to place. */
export interface InitialPlan {
  /** Lines beside the initial (narrower by `room`). */
  lines: number;
  /** Room taken at the start side of those lines: the initial (with text-size punctuation before it) and the gap, pt. */
  room: number;
  /** The initial and any punctuation set apart from it. */
  pieces: InitialPiece[];
  /** The paragraph's text after the initial, and the source offset it starts at (its memo base). */
  rest: readonly Inline[];
  restBase: number;
}

/** The drop cap of a heading's level, or its style's over it (§8.2, §13.6: `false` removes the level's). */
export function headingDropCap(heading: HeadingBlock, settings: LayoutSettings): DropCap | undefined {
  const caps = settings.dropCaps;
  if (!caps) return undefined;
  const own = caps.headingStyles[heading.attrs['style'] ?? ''];
  if (own !== undefined) return own || undefined;
  return caps.levels[heading.level - 1];
}

/** One grapheme cluster, near enough for an initial: a character with the combining marks after it. */
const CLUSTER = /^\P{M}\p{M}*/u;
/** Punctuation that opens text (quotes, brackets, ¿ ¡, dashes): it goes before the initial. */
const OPENING = /^[\p{Ps}\p{Pi}\p{Pf}\p{Po}\p{Pd}]+/u;

/** The tail of `inlines` from source offset `from`, the same array for the same paragraph and offset (stable memo identity). */
const tails = new WeakMap<readonly Inline[], Map<number, Inline[]>>();
function tailFrom(inlines: readonly Inline[], from: number): Inline[] {
  let byOffset = tails.get(inlines);
  if (!byOffset) tails.set(inlines, (byOffset = new Map()));
  let tail = byOffset.get(from);
  if (!tail) byOffset.set(from, (tail = inlinesFrom(inlines, from)));
  return tail;
}

/** A piece of a text inline (units `from` … `to`), unmarked: the initial is set in its own type. */
function slice(text: TextInline, from: number, to: number): TextInline {
  const offsets = text.offsets ?? Array.from({ length: text.text.length }, (_, i) => text.range.from + i);
  const kept = offsets.slice(from, to);
  return { kind: 'text', text: text.text.slice(from, to), marks: [], range: { ...text.range, from: kept[0]!, to: kept[kept.length - 1]! + 1 }, offsets: kept };
}

/**
 * The initial of a paragraph whose text starts `inlines`, in the paragraph's `style` at `leading`
 * pt between baselines; undefined when the paragraph opens with no letter to raise (a formula, a
 * note mark, space).
 */
export function planInitial(cap: DropCap, inlines: readonly Inline[], style: TextStyle, leading: number, fonts: FontRegistry, setText: SetInitialText): InitialPlan | undefined {
  const first = inlines[0];
  if (!first || first.kind !== 'text') return undefined;
  const text = first.text;
  const punctuation = OPENING.exec(text)?.[0] ?? '';
  let end = punctuation.length;
  for (let n = 0; n < cap.characters; n++) {
    const cluster = CLUSTER.exec(text.slice(end))?.[0];
    if (!cluster || /^[\s\p{P}]/u.test(cluster)) break;
    end += cluster.length;
  }
  if (end === punctuation.length) return undefined;
  const family = cap.family ?? style.family;
  const weight = cap.weight ?? style.weight;
  // §6.7: unless given, the size that puts the initial's cap top level with the first line's cap
  // height while its baseline sits on line `sink`: (sink − 1) leadings + the text's cap height,
  // divided by the initial face's cap height per em (0.72 when the face has no H).
  const size = cap.size ? cap.size.pt + cap.size.em * style.size : ((cap.sink - 1) * leading + capHeightRatio(fonts, style.family, style.weight) * style.size) / capHeightRatio(fonts, family, weight);
  const capStyle: TextStyle = { ...style, family, weight, italic: cap.italic, size, colour: cap.colour ?? style.colour };
  // Set as one unbounded line: the runs keep their source offsets (click-to-source, PDF text).
  const line = (from: number, to: number, look: TextStyle): SetLine => setText({ base: first.range.from, inlines: [slice(first, from, to)], style: look, measure: 1e5, indent: 0, justify: false })[0]!;
  const pieces: InitialPiece[] = [];
  let x = 0;
  if (punctuation && cap.punctuation !== 'with-cap') {
    if (cap.punctuation === 'hang') {
      // Hung: the mark in the initial's type, out past the start edge; the letter stands at the edge.
      const mark = line(0, punctuation.length, capStyle);
      pieces.push({ line: mark, x: -mark.width, onLine: cap.sink });
    } else {
      // In the text's type, on the first line's baseline, the initial after it.
      const mark = line(0, punctuation.length, style);
      pieces.push({ line: mark, x: 0, onLine: 1 });
      x = mark.width;
    }
  }
  const letter = line(cap.punctuation === 'with-cap' ? 0 : punctuation.length, end, capStyle);
  pieces.push({ line: letter, x, onLine: cap.sink });
  // The text goes on after the initial, the spaces after it left out (the gap is the space).
  let restAt = end;
  while (restAt < text.length && /\s/u.test(text[restAt]!)) restAt++;
  const offsets = first.offsets;
  const restBase = restAt < text.length ? (offsets ? offsets[restAt]! : first.range.from + restAt) : first.range.to;
  const gap = cap.gap.pt + cap.gap.em * style.size;
  return { lines: cap.lines, room: x + letter.width + gap, pieces, rest: tailFrom(inlines, restBase), restBase };
}

/**
 * Where each piece of an initial is drawn: x of the line's origin (its runs carry their inset) in a
 * measure starting at `left` and `width` wide, mirrored in right-to-left text (the initial on the
 * right), and its baseline from the first line's `baseline` at `leading` pt a line.
 */
export function initialPlacements(plan: InitialPlan, left: number, width: number, baseline: number, leading: number, rtl: boolean): { line: SetLine; x: number; baseline: number }[] {
  return plan.pieces.map((piece) => ({
    line: piece.line,
    x: (rtl ? left + width - piece.x - piece.line.width : left + piece.x) - (piece.line.inset ?? 0),
    baseline: baseline + (piece.onLine - 1) * leading,
  }));
}
