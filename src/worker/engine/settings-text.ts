/**
 * Running-text settings of settings-from-config.ts, kept apart from it: verse (configuration.md
 * §6.5 `bodyText.verse`) and the quotation's first-line indent (§6.5 `bodyText.blockquote`).
 * Lengths in pt.
 */
import { declareAppliedSettings } from '../config';
import type { LayoutSettings, VerseSettings } from './settings';
import type { ConfigReaders } from './settings-structure';

declareAppliedSettings([
  // page/verse.ts: lines, indent steps, turnovers, stanza space and keeps (not the bayt layout).
  'bodyText.verse.indentStep',
  'bodyText.verse.turnover',
  'bodyText.verse.hang',
  'bodyText.verse.turnoverMark',
  'bodyText.verse.stanzaSpace',
  'bodyText.verse.keepStanzas',
  'bodyText.verse.tighten',
  // page/paginate.ts quotes.
  'bodyText.blockquote.firstLineIndent',
]);

/** The verse settings the spec gives by default (§6.5) at a body size of `em` pt. */
export function defaultVerseSettings(em: number): VerseSettings {
  return { layout: 'auto', indentStep: 0.5 * em, turnover: 'hang', hang: 2 * em, turnoverMark: '[', stanzaSpace: 1, keepStanzas: 0, tighten: true };
}

/** `bodyText.verse` and `bodyText.blockquote.firstLineIndent`, read over the settings built so far (`s.body` set). */
export function textSettings(s: LayoutSettings, r: ConfigReaders): Pick<LayoutSettings, 'verse' | 'blockquote'> {
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
  // The quotation's first-line indent follows the body's unless set (§6.5); kept only when it differs.
  const quoteFirst = r.pt('bodyText.blockquote.firstLineIndent', s.body.firstLineIndent, em);
  const blockquote = { ...s.blockquote };
  delete blockquote.firstLineIndent;
  if (Number.isFinite(quoteFirst) && Math.abs(quoteFirst - s.body.firstLineIndent) > 1e-9) blockquote.firstLineIndent = quoteFirst;
  return { verse, blockquote };
}
