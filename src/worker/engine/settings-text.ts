/**
 * Running-text settings of settings-from-config.ts, kept apart from it: verse (configuration.md
 * §6.5 `bodyText.verse`), the quotation's first-line indent (§6.5 `bodyText.blockquote`) and
 * hanging indents (§6.1 `bodyText.hangingIndent`, §13.1 `paragraphStyles[id=*].hangingIndent`),
 * tab stops (§6.6 `bodyText.tabStops` / `tabInterval`, a paragraph style's over them), the runt
 * refinements (§6.4 `gradedRuntPenalty`, `avoidRuntsInLists`, `tightenRunts`, `maxRuntTracking`), first-fit
 * ragged text (§6.3 `optimalRagged`), the repeated hyphen (§6.3 `repeatHyphen`), letter spacing of
 * justified lines (§6.3 `maxJustifyTracking`), the look of emphasis (§6.1 `emphasis`) and Arabic vowel
 * marks (§6.1 `tashkil`). Lengths in pt.
 */
import { declareAppliedSettings, type StoredConfig } from '../config';
import { DEFAULT_RUNT_RULES, type LayoutSettings, type RuntRules, type VerseSettings } from './settings';
import { storedListItem, type ConfigReaders } from './settings-structure';
import type { TabSettings, TabStopSetting } from './page/tabs';

const TAB_FIELDS = ['position', 'align', 'leader', 'leaderGap', 'decimalChar'];

// Forced line breaks (document-format §5.3): read by the parser (engine/index.ts parseCached).
declareAppliedSettings(['bodyText.hardLineBreaks']);

declareAppliedSettings([
  // page/verse.ts: lines, indent steps, turnovers, stanza space and keeps, and the bayt layout.
  'bodyText.verse.indentStep',
  'bodyText.verse.turnover',
  'bodyText.verse.hang',
  'bodyText.verse.turnoverMark',
  'bodyText.verse.stanzaSpace',
  'bodyText.verse.keepStanzas',
  'bodyText.verse.tighten',
  // The bayt layout (page/verse.ts setBaytPoem): hemistichs justified by kashida first (paragraph/fill.ts), then word spaces.
  'bodyText.verse.layout',
  // page/paginate.ts quotes.
  'bodyText.blockquote.firstLineIndent',
  // Hanging indents (page/paginate.ts body and styled paragraphs, page/columns-group.ts).
  'bodyText.hangingIndent',
  'paragraphStyles[id=*].hangingIndent',
  // Tab stops (page/tabs.ts), body text, paragraph styles and the text of callout boxes.
  ...['bodyText', 'paragraphStyles[id=*]', 'calloutStyles[id=*].body'].flatMap((owner) => [...TAB_FIELDS.map((f) => `${owner}.tabStops[*].${f}`), `${owner}.tabInterval`]),
  // Runts (text/linebreak-cost.ts runtBadness; paragraph/index.ts tightening and list items; page/paginate.ts).
  'bodyText.gradedRuntPenalty',
  'bodyText.avoidRuntsInLists',
  'bodyText.tightenRunts',
  'bodyText.maxRuntTracking',
  // Ragged hyphenation zone (text/linebreak.ts, text/greedy.ts through paragraph/index.ts).
  'bodyText.hyphenation.zone',
  // Total fit or first fit for ragged running text (paragraph/index.ts).
  'bodyText.optimalRagged',
  // How `*…*` is set (paragraph/collect.ts styleFor).
  'bodyText.emphasis',
  // Arabic vowel marks dropped before shaping (paragraph/collect.ts, paragraph/tashkil.ts).
  'bodyText.tashkil',
  // A compound's hyphen repeated at the start of the next line (paragraph/items.ts, lines.ts).
  'bodyText.repeatHyphen',
  // Letter spacing of justified lines past the word-space bound (text/linebreak.ts, paragraph/tracking.ts).
  'bodyText.maxJustifyTracking',
]);

/**
 * The tab stops listed at `owner` (`bodyText` or `paragraphStyles[id=X]`) and its `tabInterval`,
 * lengths in ems of `em`; undefined when it lists no stop and sets no interval.
 */
function tabSettings(owner: string, r: ConfigReaders, em: number): TabSettings | undefined {
  const list = r.at(`${owner}.tabStops`);
  const stops: TabStopSetting[] = [];
  (Array.isArray(list) ? list : []).forEach((item, i) => {
    const p = `${owner}.tabStops[${i}]`;
    const raw = item && typeof item === 'object' ? (item as { position?: unknown }).position : undefined;
    // position: a length, 'end' or 'NN%' (from the start edge of the measure).
    const percent = typeof raw === 'string' ? /^\s*(\d*\.?\d+)\s*%\s*$/.exec(raw) : null;
    const length = r.pt(`${p}.position`, NaN, em);
    const position = raw === 'end' ? ('end' as const) : percent ? { percent: Number(percent[1]) } : Number.isFinite(length) ? { pt: length } : undefined;
    if (!position) return;
    const align = r.str(`${p}.align`, 'start');
    const leader = r.at(`${p}.leader`);
    stops.push({
      position,
      align: align === 'end' || align === 'center' || align === 'decimal' ? align : 'start',
      ...(typeof leader === 'string' && leader !== '' ? { leader } : {}),
      leaderGap: Math.max(0, r.pt(`${p}.leaderGap`, 0.5 * em, em)),
      decimalChar: r.str(`${p}.decimalChar`, '.'),
    });
  });
  const interval = r.pt(`${owner}.tabInterval`, NaN, em);
  if (stops.length === 0 && !(interval > 0)) return undefined;
  return { stops, ...(interval > 0 ? { interval } : {}) };
}

/**
 * `calloutStyles[id].body.tabStops` / `body.tabInterval` (configuration.md §13.4, document-format
 * §10.8): a box style's own stops (lengths in the box text's em) over the body's, which it follows
 * otherwise (set on `s.callouts.styles`, read after them).
 */
export function calloutTabSettings(s: LayoutSettings, r: ConfigReaders, stored: StoredConfig): void {
  for (const [id, style] of Object.entries(s.callouts?.styles ?? {})) {
    const own = storedListItem(stored, 'calloutStyles', id)?.['body'];
    const sets = !!own && typeof own === 'object' && ('tabStops' in own || 'tabInterval' in own);
    const tabs = sets ? tabSettings(`calloutStyles[id=${id}].body`, r, style.body?.style.size ?? s.body.style.size) : s.body.tabs;
    if (tabs) style.tabs = tabs;
    else delete style.tabs;
  }
}

/** The verse settings the spec gives by default (§6.5) at a body size of `em` pt. */
export function defaultVerseSettings(em: number): VerseSettings {
  return { layout: 'auto', indentStep: 0.5 * em, turnover: 'hang', hang: 2 * em, turnoverMark: '[', stanzaSpace: 1, keepStanzas: 0, tighten: true };
}

/**
 * `bodyText.verse`, `bodyText.blockquote.firstLineIndent` and the hanging indents, read over the
 * settings built so far (`s.body` and `s.paragraphStyles` set; the hanging indents are set on them).
 */
export function textSettings(s: LayoutSettings, r: ConfigReaders, stored: StoredConfig): Pick<LayoutSettings, 'verse' | 'blockquote'> {
  // A poem's em is the body size (verse is set in the body type).
  const em = s.body.style.size;
  const base = defaultVerseSettings(em);
  const verse: VerseSettings = {
    layout: r.str('bodyText.verse.layout', 'auto') === 'bayt' ? 'bayt' : 'auto',
    indentStep: Math.max(0, r.pt('bodyText.verse.indentStep', base.indentStep, em)),
    turnover: r.str('bodyText.verse.turnover', 'hang') === 'right' ? 'right' : 'hang',
    hang: Math.max(0, r.pt('bodyText.verse.hang', base.hang, em)),
    turnoverMark: typeof r.at('bodyText.verse.turnoverMark') === 'string' ? (r.at('bodyText.verse.turnoverMark') as string) : base.turnoverMark,
    stanzaSpace: Math.max(0, r.num('bodyText.verse.stanzaSpace', 1)),
    keepStanzas: Math.max(0, Math.round(r.num('bodyText.verse.keepStanzas', 0))),
    tighten: r.bool('bodyText.verse.tighten', true),
  };
  // bodyText.hardLineBreaks (§6.1, document-format §5.3): kept only when false (a trailing `\` prints).
  if (r.bool('bodyText.hardLineBreaks', true)) delete s.body.hardLineBreaks;
  else s.body.hardLineBreaks = false;
  // The quotation's first-line indent follows the body's unless set (§6.5); kept only when it differs.
  const quoteFirst = r.pt('bodyText.blockquote.firstLineIndent', s.body.firstLineIndent, em);
  const blockquote = { ...s.blockquote };
  delete blockquote.firstLineIndent;
  if (Number.isFinite(quoteFirst) && Math.abs(quoteFirst - s.body.firstLineIndent) > 1e-9) blockquote.firstLineIndent = quoteFirst;
  // bodyText.hangingIndent (§6.1): the first line flush, the others in by firstLineIndent (page/paginate.ts).
  if (r.bool('bodyText.hangingIndent', false)) s.body.hangingIndent = true;
  else delete s.body.hangingIndent;
  // paragraphStyles[id=*].hangingIndent (§13.1, a length in the style's em): the lines after the first
  // that much further in; the style's first line then takes a firstLineIndent only set on the style itself.
  for (const [id, style] of Object.entries(s.paragraphStyles ?? {})) {
    const p = `paragraphStyles[id=${id}]`;
    const hang = r.pt(`${p}.hangingIndent`, 0, style.style.size);
    if (!(Number.isFinite(hang) && hang > 0)) continue;
    style.hangingIndent = hang;
    const own = storedListItem(stored, 'paragraphStyles', id);
    if (!own || !('firstLineIndent' in own)) style.firstLineIndent = 0;
  }
  // bodyText.hyphenation.zone (§6.2): a length in the body's em (§0.6), 3 em by default.
  s.hyphenation = { ...s.hyphenation, zone: Math.max(0, r.pt('bodyText.hyphenation.zone', 3 * em, em)) };
  // bodyText.repeatHyphen (§6.3): kept only when on.
  if (r.bool('bodyText.repeatHyphen', false)) s.hyphenation.repeatHyphen = true;
  else delete s.hyphenation.repeatHyphen;
  // bodyText.optimalRagged (§6.3): kept only when false (ragged running text set first fit).
  if (r.bool('bodyText.optimalRagged', true)) delete s.body.optimalRagged;
  else s.body.optimalRagged = false;
  // bodyText.maxJustifyTracking (§6.3): thousandths of an em, 0 (off) to 100 (our bound: a tenth of
  // an em between letters is already display spacing); kept only when on.
  const justifyTracking = Math.min(100, Math.max(0, r.num('bodyText.maxJustifyTracking', 0)));
  if (justifyTracking > 0) s.body.maxJustifyTracking = justifyTracking;
  else delete s.body.maxJustifyTracking;
  // bodyText.emphasis (§6.1): 'auto' leaves it absent — bold in Arabic-script documents, else italic
  // (paragraph/collect.ts); 'overline' draws a line over the run (page/overline.ts).
  const emphasis = r.str('bodyText.emphasis', 'auto');
  if (emphasis === 'italic' || emphasis === 'bold' || emphasis === 'color' || emphasis === 'overline') s.body.emphasis = emphasis;
  else delete s.body.emphasis;
  // bodyText.tashkil (§6.1): kept only when marks are dropped (paragraph/collect.ts, paragraph/tashkil.ts).
  const tashkil = r.str('bodyText.tashkil', 'keep');
  if (tashkil === 'strip' || tashkil === 'strip-vowels') s.body.tashkil = tashkil;
  else delete s.body.tashkil;
  // Runt refinements (§6.4); kept only when they differ from the defaults. maxRuntTracking: thousandths
  // of an em, 0–50 (our bound, as headings.balancing.maxTracking: past 5 % of an em letters touch).
  const runts: RuntRules = {
    graded: r.bool('bodyText.gradedRuntPenalty', DEFAULT_RUNT_RULES.graded),
    inLists: r.bool('bodyText.avoidRuntsInLists', DEFAULT_RUNT_RULES.inLists),
    tighten: r.bool('bodyText.tightenRunts', DEFAULT_RUNT_RULES.tighten),
    maxTracking: Math.min(50, Math.max(0, r.num('bodyText.maxRuntTracking', DEFAULT_RUNT_RULES.maxTracking))),
  };
  if ((Object.keys(runts) as (keyof RuntRules)[]).some((k) => runts[k] !== DEFAULT_RUNT_RULES[k])) s.body.runts = runts;
  else delete s.body.runts;
  // Tab stops (§6.6): the body's; a paragraph style's own list and interval over the body's (§13.1 "body's").
  const bodyTabs = tabSettings('bodyText', r, em);
  if (bodyTabs) s.body.tabs = bodyTabs;
  else delete s.body.tabs;
  for (const [id, style] of Object.entries(s.paragraphStyles ?? {})) {
    const own = storedListItem(stored, 'paragraphStyles', id);
    const sets = own !== undefined && ('tabStops' in own || 'tabInterval' in own);
    const tabs = sets ? tabSettings(`paragraphStyles[id=${id}]`, r, style.style.size) : bodyTabs;
    if (tabs) style.tabs = tabs;
  }
  return { verse, blockquote };
}
