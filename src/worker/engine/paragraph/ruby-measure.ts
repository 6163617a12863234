/**
 * Ruby, phase 1b (between collect and items): each ruby group's reading is shaped (its face,
 * size and colour from `cjk.ruby`, configuration.md §14.1, falling back face by face as text does)
 * and its base given the room a longer reading needs, as the padding of the base characters' boxes
 * (paragraph/ruby.ts; items.ts sets it as advance):
 *
 * - A reading no wider than its base needs nothing (ruby-lines.ts centres it, or spreads kana 1:2:1).
 * - A longer one may first overhang the characters beside the group by up to one ruby em a side
 *   (`overhang`: `kana` — kana and CJK punctuation, the JIS X 4051 rule —, `any` — any character
 *   that is not itself a ruby base —, `none`); what is left spaces the base out: `center` half
 *   before, half after; `jis` as JIS X 4051 distributes it, 1:2:1 (a quarter of a character's share
 *   at each end, a half between characters); `start` all after.
 * - A reading at the `right` (zhuyin) takes a column as wide as its widest character after its base.
 * - Jukugo ruby (document-format §18.4: a Japanese compound with per-character readings) stays per
 *   character while every reading fits its character; else the word takes one group reading over
 *   all its characters (and is no longer broken inside), as JIS X 4051 lets a jukugo reading reach
 *   over its neighbours in the word.
 */
import type { FontFace, FontRegistry } from '../fonts/registry';
import type { LayoutSettings } from '../settings';
import { defaultRubySettings, type RubySettings } from '../settings-ruby';
import type { StyledText } from './collect';
import type { MeasuredReading, ReadingSegment, RubyGroup } from './ruby';

/** Tolerance, pt, under which a reading counts as no wider than its base. */
const FIT_EPSILON = 1e-6;
/** The most a reading overhangs a neighbour, in ems of the reading (§14.1: "by up to one ruby em"). */
const MAX_OVERHANG_EM = 1;

/** The ruby settings a paragraph is set with (absent: the defaults for its language). */
export function rubyOf(settings: LayoutSettings): RubySettings {
  return settings.ruby ?? defaultRubySettings(settings.locale ?? settings.language);
}

/** Shapes the readings of the ruby groups in `texts` and sets their bases' padding. No-op without ruby. */
export function measureRuby(texts: readonly StyledText[], fonts: FontRegistry, settings: LayoutSettings): void {
  if (!texts.some((t) => t.box?.ruby)) return;
  const ruby = rubyOf(settings);
  const language = settings.language;
  /** Width, pt, of each base character, by its styled text. */
  const widths = new Map<StyledText, number>();
  const widthOf = (t: StyledText): number => {
    let w = widths.get(t);
    if (w === undefined) {
      const style = t.style;
      const face = fonts.faceForCluster(fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal'), t.text);
      w = (face.shape(t.text, 'ltr', '', '', language).width * style.size) / face.upem;
      widths.set(t, w);
    }
    return w;
  };
  // The groups in order, with the index of their first and last base character in `texts`.
  const spans = new Map<RubyGroup, { first: number; last: number }>();
  const order: RubyGroup[] = [];
  texts.forEach((t, i) => {
    const group = t.box?.ruby?.group;
    if (!group) return;
    const span = spans.get(group);
    if (span) span.last = i;
    else {
      spans.set(group, { first: i, last: i });
      order.push(group);
    }
  });
  const baseWidth = (g: RubyGroup): number => {
    const span = spans.get(g)!;
    let w = 0;
    for (let i = span.first; i <= span.last; i++) w += widthOf(texts[i]!);
    return w;
  };
  const seen = new Set<RubyGroup>();
  for (const group of order) {
    if (seen.has(group)) continue;
    let groups: RubyGroup[] = [group];
    if (group.word) {
      // Jukugo: per character while every reading fits its character, else one group over the word.
      const word = group.word;
      for (const g of word) g.measured = shapeReading(g, ruby, fonts, language);
      const overflows = word.some((g) => g.measured!.width > baseWidth(g) + FIT_EPSILON);
      if (overflows) {
        const merged: RubyGroup = { ...group, reading: word.map((g) => g.reading).join(''), looks: word.flatMap((g) => g.looks) };
        delete merged.word;
        for (const look of merged.looks) look.ruby = { group: merged };
        spans.set(merged, { first: spans.get(word[0]!)!.first, last: spans.get(word[word.length - 1]!)!.last });
        merged.measured = shapeReading(merged, ruby, fonts, language);
        groups = [merged];
      } else groups = word;
      for (const g of word) seen.add(g);
    } else group.measured = shapeReading(group, ruby, fonts, language);
    for (const g of groups) pad(g, baseWidth(g), spans.get(g)!, texts, ruby);
  }
}

/** Sets the padding of a group's base boxes for its reading (see the file's comment). */
function pad(group: RubyGroup, base: number, span: { first: number; last: number }, texts: readonly StyledText[], ruby: RubySettings): void {
  const reading = group.measured!;
  const looks = group.looks;
  const first = looks[0]!;
  const last = looks[looks.length - 1]!;
  let before = 0;
  let after = 0;
  if (group.position === 'right') {
    // A column beside the base as wide as the reading's widest character (zhuyin stacked top to bottom).
    after = Math.max(0, ...reading.clusters.map((c) => c.width));
  } else {
    const excess = reading.width - base;
    if (excess > FIT_EPSILON) {
      const reach = MAX_OVERHANG_EM * reading.size;
      const mayBefore = group.align !== 'start' && overhangs(texts[span.first - 1], 'before', ruby);
      const mayAfter = overhangs(texts[span.last + 1], 'after', ruby);
      if (group.align === 'start') after = Math.max(0, excess - (mayAfter ? reach : 0));
      else {
        const half = excess / 2;
        const hangBefore = mayBefore ? Math.min(reach, half) : 0;
        const hangAfter = mayAfter ? Math.min(reach, half) : 0;
        if (group.align === 'jis' && hangBefore === 0 && hangAfter === 0 && looks.length > 1) {
          // JIS X 4051 1:2:1: each character's share split around it, so ends get half a gap.
          const share = excess / (2 * looks.length);
          for (const look of looks) look.side = share;
          group.padBefore = share;
          group.padAfter = share;
          return;
        }
        before = half - hangBefore;
        after = half - hangAfter;
      }
    }
  }
  for (const look of looks) {
    look.side = 0;
    look.after = 0;
  }
  first.side = before;
  last.after = after;
  group.padBefore = before;
  group.padAfter = after;
}

/** Kana, the iteration marks and the CJK punctuation a reading may overhang under `kana` (JIS X 4051). */
const KANA_OR_PUNCTUATION = /^[\u3000-\u303f\u3040-\u30ff\uff01-\uff0f\uff1a-\uff20\uff5b-\uff65]/u;

/** Whether a reading may overhang `neighbour`, the styled text beside its base (undefined: none). */
function overhangs(neighbour: StyledText | undefined, side: 'before' | 'after', ruby: RubySettings): boolean {
  if (!neighbour || ruby.overhang === 'none' || neighbour.box !== undefined || neighbour.formula !== undefined) return false;
  const text = neighbour.text;
  const ch = side === 'before' ? lastChar(text) : text.slice(0, 2);
  if (!ch || /^\s/u.test(ch) || (side === 'before' && neighbour.breakAfter)) return false;
  return ruby.overhang === 'any' || KANA_OR_PUNCTUATION.test(ch);
}

function lastChar(text: string): string {
  const chars = Array.from(text);
  return chars[chars.length - 1] ?? '';
}

/** Shapes a group's reading in the ruby face at the ruby size. */
function shapeReading(group: RubyGroup, ruby: RubySettings, fonts: FontRegistry, language: string): MeasuredReading {
  const base = group.baseStyle;
  const requested = fonts.match(ruby.family ?? base.family, base.weight, 'normal');
  return shapeAnnotation(group.reading, requested, fonts, ruby.sizePt ?? base.size * ruby.sizeEm, ruby.colour ?? base.colour, language);
}

/**
 * An annotation's text (a ruby reading, a kanbun mark: paragraph/kunten-measure.ts) shaped in
 * `requested` at `size` pt, face by face (fallback per character), with its clusters' widths.
 */
export function shapeAnnotation(text: string, requested: FontFace, fonts: FontRegistry, size: number, colour: string, language: string): MeasuredReading {
  const segments: ReadingSegment[] = [];
  const clusters: { start: number; width: number }[] = [];
  let face: FontFace | null = null;
  let start = 0;
  let at = 0;
  const flush = (end: number): void => {
    if (!face || end <= start) return;
    const part = text.slice(start, end);
    const shaped = face.shape(part, 'ltr', '', '', language);
    const scale = size / face.upem;
    const segment: ReadingSegment = { fontId: face.id, text: part, start, glyphs: [], clusters: [], advances: [], xOffsets: [], yOffsets: [] };
    for (let g = 0; g < shaped.length; g++) {
      segment.glyphs.push(shaped.glyph(g));
      segment.clusters.push(shaped.cluster(g));
      segment.advances.push(shaped.advance(g) * scale);
      segment.xOffsets.push(shaped.xOffset(g) * scale);
      segment.yOffsets.push(shaped.yOffset(g) * scale);
    }
    segments.push(segment);
    const advances = segment.advances;
    // Cluster widths (a cluster's glyphs summed), for spreading kana and stacking zhuyin.
    for (let g = 0; g < shaped.length; g++) {
      const c = start + shaped.cluster(g);
      const known = clusters[clusters.length - 1];
      if (known && known.start === c) known.width += advances[g]!;
      else clusters.push({ start: c, width: advances[g]! });
    }
  };
  for (const ch of text) {
    const chFace = fonts.faceForCluster(requested, ch);
    if (chFace !== face) {
      flush(at);
      face = chFace;
      start = at;
    }
    at += ch.length;
  }
  flush(at);
  const width = clusters.reduce((w, c) => w + c.width, 0);
  return { segments, width, size, colour, clusters };
}
