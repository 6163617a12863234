/**
 * The back-of-book index's entries (document-format §16, configuration.md §11.6): from every index
 * mark of the book with the page it landed on, the rows `:::index` prints — letter group heads and
 * entries with their locators and cross-references — as styled text segments. Pure: no layout, no
 * fonts; page/index-layout.ts sets the rows.
 *
 * Readings where the spec is silent (each marked "our reading" below):
 * - Cross-references follow the pages after a full stop, the label capitalised as a sentence start
 *   (Chicago style: "Cardiac insufficiency. *See* Heart: failure"; "Heart, 34–37. *See also* Pulse");
 *   target levels are joined by ": " (the spec's example "See Heart: valves"), several targets by "; ".
 * - Two page labels are consecutive when both are decimal or both roman numerals and the second is
 *   the first plus one: a roman front-matter page never runs into an arabic one.
 * - A page inside an explicit `range` pair is not listed again on its own (unless it is a main page).
 */

/** One index mark with the page it landed on (engine/index.ts reads these from the laid-out pages). */
export interface PlacedIndexMark {
  /** Entry path, levels split by `!` (the parser appended `sub`); empty = invalid (skipped). */
  term: string;
  attrs: Readonly<Record<string, string>>;
  /** 0-based page index in the book (orders and merges locators); −1 when not known yet. */
  page: number;
  /** The page label as printed ('?' when not known yet: the first pass). */
  label: string;
}

/** configuration.md §11.6, resolved (settings-index.ts). */
export interface IndexEntryOptions {
  /** BCP 47 tag of the collation (`index.locale`, else the document's). */
  locale: string;
  mergeRanges: boolean;
  rangeFormat: 'full' | 'chicago';
  /** Between an entry and its first locator / between locators / inside a range. */
  separator: string;
  locatorSeparator: string;
  rangeSeparator: string;
  /** How a main locator is set. */
  main: 'bold' | 'italic' | 'none';
  see: { label: string; alsoLabel: string; italic: boolean };
  /** Letter group heads above the top-level entries (groupBy resolved: 'letter' or none). */
  groups: {
    enabled: boolean;
    symbolsLabel: string;
    numbersLabel: string;
    /** Heads by letter; by gojūon row (あ か さ …, JIS X 4061) or by kana for Japanese readings; absent = letter. */
    by?: 'letter' | 'gojuon' | 'kana';
  } | null;
  /** A leading Arabic article ال is ignored when sorting (index.ignoreArticle). */
  ignoreArticle: boolean;
}

/** A piece of an entry's text in one face: bold (a main locator) or italic (a see label). */
export interface IndexSegment {
  text: string;
  /** A locator's page: the 0-based book page index it names (a range: its first page), a link in the PDF; absent for other text. */
  page?: number;
  bold?: true;
  italic?: true;
}

export type IndexRow =
  /** A group head: a letter, the symbols' or the numbers' label. */
  | { kind: 'group'; label: string }
  /** An entry at sub-level `level` (0 = main heading): its text, locators and cross-references. */
  | { kind: 'entry'; level: number; segments: IndexSegment[] };

/** A page locator: one page, or a range between two. */
interface Locator {
  from: PageRef;
  to?: PageRef;
  main: boolean;
}

interface PageRef {
  page: number;
  label: string;
}

interface EntryNode {
  /** The level's text without inline marks (its key among its siblings). */
  text: string;
  /** The level as first written, inline marks included (what the entry prints). */
  written: string;
  /** Its sort key (the mark's `sort`/`yomi`/`reading` for its last level, else the text). */
  sortKey: string;
  children: Map<string, EntryNode>;
  pages: { ref: PageRef; main: boolean }[];
  ranges: Locator[];
  see: string[];
  seeAlso: string[];
}

const newNode = (text: string, sortKey: string, written = text): EntryNode => ({ text, written, sortKey, children: new Map(), pages: [], ranges: [], see: [], seeAlso: [] });

/** A term's levels (`Heart!valves!mitral`) without inline marks, trimmed, empty levels dropped. */
export function termLevels(term: string): string[] {
  return writtenLevels(term).map(plainLevel);
}

/** A term's levels as written (inline marks kept), trimmed, levels empty without their marks dropped. */
function writtenLevels(term: string): string[] {
  return term.split('!').map((level) => level.trim()).filter((level) => plainLevel(level).length > 0);
}

/**
 * A level's text without inline emphasis markers (document-format §16: "levels may carry inline
 * marks (sorted without)"): `*…*` and `**…**` keep their words.
 */
function plainLevel(level: string): string {
  return level.replace(/(\*\*|\*)(\S(?:.*?\S)?)\1/g, '$2').trim();
}

/**
 * The index's rows for `marks` (all marks of one named index, in book order). Entries sorted by
 * the locale's collation with accents folded (Intl.Collator, sensitivity 'base'), symbols first,
 * then digits, then letters; a letter head above each group of top-level entries.
 */
export function indexRows(marks: readonly PlacedIndexMark[], options: IndexEntryOptions): IndexRow[] {
  const root = newNode('', '');
  const openRanges = new Map<string, PageRef[]>();
  for (const mark of marks) {
    const written = writtenLevels(mark.term);
    const levels = written.map(plainLevel);
    if (levels.length === 0) continue; // indexMarkInvalid (reported by the parser)
    let node = root;
    levels.forEach((level, i) => {
      let child = node.children.get(level);
      if (!child) {
        const last = i === levels.length - 1;
        const key = last ? (mark.attrs['yomi'] ?? mark.attrs['reading'] ?? mark.attrs['sort'] ?? level) : level;
        child = newNode(level, key, written[i]);
        node.children.set(level, child);
      }
      node = child;
    });
    const ref: PageRef = { page: mark.page, label: mark.label };
    const see = mark.attrs['see'];
    if (see !== undefined && see.trim()) {
      // A cross-reference instead of a page (§16 `see`).
      if (!node.see.includes(see)) node.see.push(see);
      continue;
    }
    const seeAlso = mark.attrs['seealso'];
    if (seeAlso !== undefined && seeAlso.trim() && !node.seeAlso.includes(seeAlso)) node.seeAlso.push(seeAlso);
    const main = mark.attrs['main'] !== undefined && mark.attrs['main'] !== 'false';
    const range = mark.attrs['range'];
    const rangeKey = levels.join('!');
    if (range === 'start') {
      openRanges.set(rangeKey, [...(openRanges.get(rangeKey) ?? []), ref]);
      continue;
    }
    if (range === 'end') {
      const open = openRanges.get(rangeKey);
      const start = open?.pop();
      // An end without a start counts as its page (indexRangeUnclosed, reported by the parser).
      if (start) node.ranges.push({ from: start, to: ref, main });
      else node.pages.push({ ref, main });
      continue;
    }
    node.pages.push({ ref, main });
  }
  // A start never closed counts as its page (indexRangeUnclosed, reported by the parser).
  for (const [key, refs] of openRanges) {
    let node: EntryNode | undefined = root;
    for (const level of termLevels(key)) node = node?.children.get(level);
    if (node) for (const ref of refs) node.pages.push({ ref, main: false });
  }

  const compare = entryComparator(options);
  const rows: IndexRow[] = [];
  let group: string | undefined;
  const walk = (node: EntryNode, level: number): void => {
    for (const child of [...node.children.values()].sort(compare)) {
      if (level === 0 && options.groups?.enabled) {
        const head = groupLabel(sortKeyOf(child, options), options);
        // (null: a head cannot be told — a kanji without a reading — so the entry stays in the group before it.)
        if (head !== null && head !== group) {
          group = head;
          rows.push({ kind: 'group', label: head });
        }
      }
      rows.push({ kind: 'entry', level, segments: entrySegments(child, options) });
      walk(child, level + 1);
    }
  };
  walk(root, 0);
  return rows;
}

/** The key an entry sorts by: its sort key, a leading ال dropped with ignoreArticle (§11.6). */
function sortKeyOf(node: EntryNode, options: IndexEntryOptions): string {
  const key = node.sortKey.trim();
  return options.ignoreArticle && key.startsWith('ال') && key.length > 2 ? key.slice(2) : key;
}

/** Symbols (0), then digits (1), then letters (2) (document-format §16). */
function characterClass(key: string): number {
  const first = String.fromCodePoint(key.codePointAt(0) ?? 0x20);
  if (/\p{L}/u.test(first)) return 2;
  if (/\p{N}/u.test(first)) return 1;
  return 0;
}

/**
 * Orders sibling entries: by character class, then by the locale's collation at base strength
 * (accents and case folded: "émigré" files with "emigre"), then — only to make ties deterministic —
 * at full strength and by code units.
 */
export function entryComparator(options: Pick<IndexEntryOptions, 'locale' | 'ignoreArticle'>): (a: { sortKey: string; text: string }, b: { sortKey: string; text: string }) => number {
  const locale = supportedLocale(options.locale);
  const base = new Intl.Collator(locale, { sensitivity: 'base', numeric: true, ignorePunctuation: false });
  const full = new Intl.Collator(locale, { sensitivity: 'variant', numeric: true });
  const key = (n: { sortKey: string }): string => {
    const k = n.sortKey.trim();
    return options.ignoreArticle && k.startsWith('ال') && k.length > 2 ? k.slice(2) : k;
  };
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    return characterClass(ka) - characterClass(kb) || base.compare(ka, kb) || full.compare(ka, kb) || (ka < kb ? -1 : ka > kb ? 1 : 0) || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
  };
}

/** The tag Intl knows (an unknown or malformed tag collates as the root locale). */
function supportedLocale(tag: string): string | undefined {
  try {
    return Intl.Collator.supportedLocalesOf([tag]).length > 0 ? tag : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The group head an entry files under: the symbols' label, the numbers' label, or its first letter
 * with accents folded and in capitals ("É" under "E"); Spanish ñ keeps its own group (§16).
 */
export function groupLabel(sortKey: string, options: Pick<IndexEntryOptions, 'locale' | 'groups'>): string | null {
  const cls = characterClass(sortKey);
  if (cls === 0) return options.groups?.symbolsLabel ?? '';
  if (cls === 1) return options.groups?.numbersLabel ?? '';
  const first = String.fromCodePoint(sortKey.codePointAt(0)!);
  const by = options.groups?.by ?? 'letter';
  if (by !== 'letter') {
    const kana = plainHiragana(first);
    if (kana !== null) return by === 'kana' ? kana : (GOJUON_ROWS.find((row) => row.includes(kana))?.[0] ?? kana);
    if (/\p{Script=Han}/u.test(first)) return null;
  }
  if (/^es\b/i.test(options.locale) && (first === 'ñ' || first === 'Ñ')) return 'Ñ';
  const folded = first.normalize('NFD').replace(/\p{M}+/gu, '');
  return (folded || first).toLocaleUpperCase(options.locale);
}

/** The gojūon rows (JIS X 4061 groups Japanese index entries by them), each headed by its first kana; ん goes with わ. */
const GOJUON_ROWS = ['あいうえお', 'かきくけこ', 'さしすせそ', 'たちつてと', 'なにぬねの', 'はひふへほ', 'まみむめも', 'やゆよ', 'らりるれろ', 'わゐゑをん'];
/** Small kana and their full-size forms. */
const SMALL_KANA: Record<string, string> = { ぁ: 'あ', ぃ: 'い', ぅ: 'う', ぇ: 'え', ぉ: 'お', っ: 'つ', ゃ: 'や', ゅ: 'ゆ', ょ: 'よ', ゎ: 'わ', ゕ: 'か', ゖ: 'け' };

/** A kana as plain hiragana (katakana turned, voicing marks dropped, small forms full-size); null for other characters. */
function plainHiragana(ch: string): string | null {
  let code = ch.codePointAt(0)!;
  if (code >= 0x30a1 && code <= 0x30f6) code -= 0x60; // katakana → hiragana
  if (code < 0x3041 || code > 0x3096) return null;
  const base = String.fromCodePoint(code).normalize('NFD').replace(/[\u3099\u309a]/g, '');
  return SMALL_KANA[base] ?? base;
}

/** An entry's text: its level's words, its locators after the separator, then its cross-references. */
function entrySegments(node: EntryNode, options: IndexEntryOptions): IndexSegment[] {
  const segments: IndexSegment[] = levelSegments(node.written);
  const locators = mergedLocators(node, options);
  locators.forEach((locator, i) => {
    const text = locatorText(locator, options);
    segments.push({ text: i === 0 ? options.separator : options.locatorSeparator });
    const face: IndexSegment = locator.main && options.main === 'bold' ? { text, bold: true } : locator.main && options.main === 'italic' ? { text, italic: true } : { text };
    // The page it leads to (page/index-layout.ts links the locator's runs), once the mark's page is known.
    if (locator.from.page >= 0) face.page = locator.from.page;
    segments.push(face);
  });
  // Our reading (see the head comment): ". See target; target" and ". See also target".
  const crossReference = (label: string, targets: readonly string[]): void => {
    if (targets.length === 0) return;
    segments.push({ text: '. ' });
    const sentence = label.length > 0 ? label[0]!.toLocaleUpperCase(options.locale) + label.slice(1) : label;
    segments.push(options.see.italic ? { text: sentence, italic: true } : { text: sentence });
    segments.push({ text: ` ${targets.map((t) => termLevels(t).join(': ')).join('; ')}` });
  };
  crossReference(options.see.label, node.see);
  crossReference(options.see.alsoLabel, node.seeAlso);
  return joinPlain(segments);
}

/**
 * A level as written, its inline marks set (document-format §16 "levels may carry inline marks"):
 * `**bold**` and `*italic*` (underscores stay literal: `snake_case` terms are common); other text as it stands.
 */
function levelSegments(written: string): IndexSegment[] {
  const out: IndexSegment[] = [];
  const pattern = /(\*\*)(\S(?:.*?\S)?)\1|(\*)(\S(?:.*?\S)?)\3/g;
  let at = 0;
  for (const m of written.matchAll(pattern)) {
    if (m.index > at) out.push({ text: written.slice(at, m.index) });
    out.push(m[1] ? { text: m[2]!, bold: true } : { text: m[4]!, italic: true });
    at = m.index + m[0].length;
  }
  if (at < written.length || out.length === 0) out.push({ text: written.slice(at) });
  return out;
}

/** Adjacent plain segments as one (fewer runs to set). */
function joinPlain(segments: IndexSegment[]): IndexSegment[] {
  const out: IndexSegment[] = [];
  for (const s of segments) {
    const last = out[out.length - 1];
    // A locator stays a segment of its own: its runs lead to its page.
    if (last && !last.bold && !last.italic && last.page === undefined && !s.bold && !s.italic && s.page === undefined) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}

/**
 * The entry's locators in page order (§11.6): pages deduplicated (main if any mark there is main),
 * explicit ranges kept, runs of consecutive plain pages merged into ranges with `mergeRanges`;
 * main pages are never merged.
 */
function mergedLocators(node: EntryNode, options: IndexEntryOptions): Locator[] {
  const byPage = new Map<string, { ref: PageRef; main: boolean }>();
  for (const p of node.pages) {
    const key = `${p.ref.page}\u0000${p.ref.label}`;
    const seen = byPage.get(key);
    if (seen) seen.main ||= p.main;
    else byPage.set(key, { ...p });
  }
  const ranges = node.ranges.map((r) => (r.to && r.to.page === r.from.page && r.to.label === r.from.label ? { from: r.from, main: r.main } : r));
  const inRange = (ref: PageRef): boolean => ranges.some((r) => r.to !== undefined && ref.page >= r.from.page && ref.page <= r.to.page && ref.page >= 0);
  const singles = [...byPage.values()].filter((p) => p.main || !inRange(p.ref)).sort((a, b) => a.ref.page - b.ref.page);
  const out: Locator[] = [...ranges];
  for (let i = 0; i < singles.length; i++) {
    const first = singles[i]!;
    if (first.main || !options.mergeRanges) {
      out.push({ from: first.ref, main: first.main });
      continue;
    }
    let j = i;
    while (j + 1 < singles.length && !singles[j + 1]!.main && consecutive(singles[j]!.ref.label, singles[j + 1]!.ref.label)) j++;
    out.push(j > i ? { from: first.ref, to: singles[j]!.ref, main: false } : { from: first.ref, main: false });
    i = j;
  }
  // Page order; a range before a single page starting on the same page.
  return out.sort((a, b) => a.from.page - b.from.page || (b.to ? 1 : 0) - (a.to ? 1 : 0));
}

/** The value of a decimal or roman page label, with its system; null for other labels. */
function labelValue(label: string): { system: 'decimal' | 'roman'; value: number } | null {
  if (/^\d+$/.test(label)) return { system: 'decimal', value: Number(label) };
  if (/^[ivxlcdm]+$/i.test(label)) {
    const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
    const digits = [...label.toLowerCase()].map((c) => values[c]!);
    let value = 0;
    digits.forEach((d, i) => (value += d < (digits[i + 1] ?? 0) ? -d : d));
    return { system: 'roman', value };
  }
  return null;
}

/** Whether label `b` is the page after label `a` (our reading: same numbering system, value + 1). */
export function consecutive(a: string, b: string): boolean {
  const va = labelValue(a);
  const vb = labelValue(b);
  return va !== null && vb !== null && va.system === vb.system && vb.value === va.value + 1;
}

function locatorText(locator: Locator, options: IndexEntryOptions): string {
  if (!locator.to) return locator.from.label;
  const to = options.rangeFormat === 'chicago' ? chicagoEnd(locator.from.label, locator.to.label) : locator.to.label;
  return `${locator.from.label}${options.rangeSeparator}${to}`;
}

/**
 * The end of a range in Chicago style (The Chicago Manual of Style's inclusive numbers): all digits
 * below 100 and from a multiple of 100; else only the changed part, at least two digits from x10 to
 * x99 of a hundred (321–28, 1087–89, 498–532) and one from x01 to x09 (101–8, 808–33). Roman numerals
 * and other labels are given in full.
 */
export function chicagoEnd(fromLabel: string, toLabel: string): string {
  if (!/^\d+$/.test(fromLabel) || !/^\d+$/.test(toLabel)) return toLabel;
  const from = Number(fromLabel);
  const to = Number(toLabel);
  if (from < 100 || from % 100 === 0 || fromLabel.length !== toLabel.length || to <= from) return toLabel;
  const least = from % 100 < 10 ? 1 : 2;
  let shared = 0;
  while (shared < fromLabel.length && fromLabel[shared] === toLabel[shared]) shared++;
  return toLabel.slice(toLabel.length - Math.max(toLabel.length - shared, least));
}
