/**
 * The engine reads only the effective configuration: this maps it (configuration.md) onto the
 * engine's resolved settings in pt. Settings the engine does not apply yet stay in the config
 * and are reported by the configuration module as `settingNotApplied`.
 */
import { runningSlotElements } from './settings-furniture';
import { declareAppliedSettings, effectiveAt, lengthAtPt, resolveConfig, type StoredConfig } from '../config';
import { defaultNumerals, isArabicScript, isRtlLocale } from '../config/locale';
import { CM, defaultCalloutStyle, defaultSettings, type HeadingLength, type HeadingLook, type HeadingStyleSettings, type LayoutSettings } from './settings';
import { headingDesignFields, headingStyleSection, storedListItem, structureSettings } from './settings-structure';
import { resolveLocaleNumberFormats } from './settings-number-formats';
import { listShapes } from './settings-lists';
import { tocLook } from './settings-toc';
import { indexLook } from './settings-index';
import { dropCapSettings } from './settings-dropcap';
import { noteChapterEndAlign, noteMarks } from './settings-notes';
import { calloutTabSettings, textSettings } from './settings-text';
import { breakRules } from './settings-breaks';
import { addCalloutText } from './settings-callouts';
import { lineNumberSettings } from './settings-line-numbers';
import { applyCjkGrid } from './settings-cjk-grid';
import { resolveCjkMarks } from './settings-cjk-marks';
import { cjkRulesFrom } from './settings-cjk-rules';
import { chipSettings } from './settings-chips';
import { rubySettings } from './settings-ruby';
import { kuntenSettings } from './settings-kunten';
import { warichuSettings } from './settings-warichu';
import { codeListingSettings } from './settings-code';

/** Trim sizes of the page presets, cm (configuration.md §2.1). */
const PAGE_PRESETS: Record<string, [number, number]> = {
  '11x17': [11, 17],
  '12x19': [12, 19],
  '17x24': [17, 24],
  '21x28': [21, 28],
  broadsheet: [37.5, 59.7],
  berliner: [31.5, 47],
  tabloid: [28, 43],
  compact: [29.7, 42],
};

/**
 * Every setting this mapping reads: the configuration module reports the others once per book
 * as `settingNotApplied` until the engine applies them too. Keep in step with the code below.
 */
export const APPLIED_SETTINGS = [
  'locale',
  'direction',
  'numerals',
  'page.binding',
  'bodyText.kashida',
  'bodyText.kashidaPerWord',
  'bodyText.kashidaMaxLength',
  'bodyText.kashidaPatterns',
  'cjk.latinSpacing',
  'cjk.wordBreak',
  'layout.writingMode',
  'cjk.uprightDigits',
  'page.sizePreset',
  'page.width',
  'page.height',
  'page.margins.top',
  'page.margins.bottom',
  'page.margins.left',
  'page.margins.right',
  'page.margins.mirror',
  'layout.layoutType',
  'layout.columnCount',
  'layout.gutterWidth',
  'layout.sideColumnPercent',
  'layout.sideColumnRole',
  'layout.sideColumnSide',
  'bodyText.fontFamily',
  'bodyText.fontWeight',
  'bodyText.boldFontWeight',
  'bodyText.fontSize',
  'bodyText.color',
  'bodyText.boldColor',
  'bodyText.italicColor',
  'bodyText.referenceColor',
  'bodyText.referenceBold',
  'bodyText.referenceItalic',
  'bodyText.lineHeight',
  'bodyText.firstLineIndent',
  'bodyText.indentAfterHeading',
  'bodyText.paragraphSpacing',
  'bodyText.textAlign',
  'bodyText.maxWordSpacing',
  'bodyText.minWordSpacing',
  'bodyText.avoidWidows',
  'bodyText.widowMinLines',
  'bodyText.avoidOrphans',
  'bodyText.orphanMinLines',
  'bodyText.optimalLineBreaking',
  'bodyText.avoidRunts',
  'bodyText.runtMinCharacters',
  'bodyText.runtPenalty',
  'bodyText.hyphenation.enabled',
  'bodyText.hyphenation.ragged',
  'bodyText.hyphenation.compounds',
  'bodyText.hyphenation.locale',
  'bodyText.breakAfterHyphens',
  'bodyText.breakAfterDashes',
  'bodyText.blockquote.color',
  'bodyText.blockquote.italic',
  'bodyText.blockquote.indent',
  'codeStyle.fontFamily',
  'codeStyle.fontSize',
  'codeStyle.background',
  'unorderedLists.bulletChar',
  'unorderedLists.color',
  'unorderedLists.gap',
  'unorderedLists.marginTop',
  'unorderedLists.marginBottom',
  'footnotes.placement',
  'footnotes.numberFormat',
  'footnotes.numbering',
  'layout.floatsAtCitingPage',
  'layout.fitFiguresToPage',
  'layout.floatsUnderOpener',
  'layout.floatShrink.mode',
  'layout.floatShrink.minScale',
  'layout.wrap.gap',
  'layout.wrap.minTextWidth',
  'layout.wrap.minLinesBeside',
  'layout.wrap.defaultWidth',
  'layout.maxTopFraction',
  'layout.hugClosingFloats',
  'headings.balancing.enabled',
  'headings.balancing.trailing',
  'headings.balancing.beforeSpan',
  'headings.balancing.maxLinesPerHeading',
  'headings.balancing.stretchAfterLists',
  'headings.balancing.maxLinesAfterList',
  'headings.balancing.stretchAfterFloats',
  'headings.balancing.maxLinesAfterFloat',
  'headings.balancing.closingBox',
  'footnotes.symbols',
  'footnotes.markerTemplate',
  'footnotes.numberGap',
  'footnotes.fontSize',
  'footnotes.lineHeight',
  'footnotes.color',
  'footnotes.textAlign',
  'footnotes.hangingIndent',
  'footnotes.spaceBetween',
  'footnotes.spaceAbove',
  'footnotes.spaceBelowRule',
  'footnotes.separator.enabled',
  'footnotes.separator.width',
  'footnotes.separator.lineWidth',
  'footnotes.separator.color',
  'headings.fontFamily',
  'headings.fontWeight',
  'headings.color',
  // General fields every level follows (§8.1, §0.5): read through the level's effective value.
  'headings.lineHeight',
  'headings.marginTop',
  'headings.marginBottom',
  'headings.levels[level=*].fontSize',
  // A level's own type (§8.2; page/heading-look.ts), and a heading style's (§13.6).
  'headings.levels[level=*].fontFamily',
  'headings.levels[level=*].fontWeight',
  'headings.levels[level=*].italic',
  'headings.levels[level=*].color',
  'headingStyles[id=*].fontFamily',
  'headingStyles[id=*].fontWeight',
  'headingStyles[id=*].italic',
  'headingStyles[id=*].lineHeight',
  'headingStyles[id=*].marginTop',
  'headingStyles[id=*].marginBottom',
  'headings.textAlign',
  'headings.keepWithNext',
  'headings.keepWithNextSpread',
  'headings.inlineMarks',
  'headings.levels[level=*].lineSpan',
  'headingStyles[id=*].lineSpan',
  'headings.levels[level=*].jidori',
  'headingStyles[id=*].jidori',
  'headings.levels[level=*].letterSpacing',
  'headingStyles[id=*].letterSpacing',
  'headings.levels[level=*].textTransform',
  'headingStyles[id=*].textTransform',
  'headings.levels[level=*].indent',
  'headings.levels[level=*].firstLineIndent',
  'headings.levels[level=*].hidden',
  'headingStyles[id=*].indent',
  'headingStyles[id=*].firstLineIndent',
  'headingStyles[id=*].hidden',
  'headingStyles[id=*].numberingTemplate',
  'headingStyles[id=*].numberSeparator',
  'headingStyles[id=*].numberPosition',
  'headings.levels[level=*].lineHeight',
  'headings.levels[level=*].marginTop',
  'headings.levels[level=*].marginBottom',
  'headings.levels[level=*].breakBefore.enabled',
  'headings.levels[level=*].breakBefore.parity',
  'headings.levels[level=*].numberingTemplate',
  'headings.levels[level=*].numberSeparator',
  'headings.levels[level=*].numberPosition',
  'headingStyles[id=*].numbered',
  'headingStyles[id=*].toc',
  'headingStyles[id=*].fontSize',
  'headingStyles[id=*].color',
  'headingStyles[id=*].span',
  'headingStyles[id=*].spanBreak',
  'headingStyles[id=*].breakBefore.*',
  'headingStyles[id=*].margins.*',
  'headingStyles[id=*].layout.*',
  'headingStyles[id=*].palette.*',
  'headings.levels[level=*].span',
  'headings.levels[level=*].spanBreak',
  'parts.page',
  'parts.breakBefore.parity',
  'parts.breakAfter.enabled',
  'parts.breakAfter.parity',
  'parts.margins.*',
  'paragraphStyles[id=*].fontFamily',
  'paragraphStyles[id=*].fontSize',
  'paragraphStyles[id=*].lineHeight',
  'paragraphStyles[id=*].color',
  'paragraphStyles[id=*].textAlign',
  'paragraphStyles[id=*].fontWeight',
  'paragraphStyles[id=*].italic',
  'paragraphStyles[id=*].indent',
  'paragraphStyles[id=*].endIndent',
  'paragraphStyles[id=*].firstLineIndent',
  'paragraphStyles[id=*].spaceBetween',
  'paragraphStyles[id=*].marginTop',
  'paragraphStyles[id=*].marginBottom',
  'layout.columnRule.enabled',
  'layout.columnRule.color',
  'layout.columnRule.lineWidth',
  'layout.flowColumns',
  'colorPalette[id=*].value',
  'calloutStyles[id=*].title',
  'calloutStyles[id=*].backgroundEnabled',
  'calloutStyles[id=*].background',
  'calloutStyles[id=*].border.enabled',
  'calloutStyles[id=*].border.color',
  'calloutStyles[id=*].border.width',
  'calloutStyles[id=*].padding.top',
  'calloutStyles[id=*].padding.right',
  'calloutStyles[id=*].padding.bottom',
  'calloutStyles[id=*].padding.left',
  'calloutStyles[id=*].stripe.enabled',
  'calloutStyles[id=*].stripe.side',
  'calloutStyles[id=*].stripe.width',
  'calloutStyles[id=*].stripe.color',
  'calloutStyles[id=*].titleStyle.fontFamily',
  'calloutStyles[id=*].titleStyle.fontSize',
  'calloutStyles[id=*].titleStyle.fontWeight',
  'calloutStyles[id=*].titleStyle.italic',
  'calloutStyles[id=*].titleStyle.color',
  'calloutStyles[id=*].titleStyle.gap',
  'calloutStyles[id=*].titleStyle.lineHeight',
  'calloutStyles[id=*].marginTop',
  'calloutStyles[id=*].marginBottom',
  'calloutStyles[id=*].keepTogether',
  'calloutStyles[id=*].floatBarrier',
  'toc.levels',
  'toc.leader.enabled',
  'toc.leader.char',
  'toc.leader.gap',
  'page.pageNumbering.format',
  'page.pageNumbering.startAt',
  'crossRefs.chapter',
  'crossRefs.section',
  'crossRefs.page',
  'crossRefs.defaultStyle',
  'math.enabled',
  'math.fontSizeScale',
  'math.color',
  'math.marginTop',
  'math.marginBottom',
  'math.indentAfterDisplay',
  'math.keepWithLeadIn',
  'math.equationNumbering.enabled',
  'math.equationNumbering.numberingTemplate',
  'math.equationNumbering.resetOn',
  'math.equationNumbering.counterFormat',
  'math.equationNumbering.format',
];
declareAppliedSettings(APPLIED_SETTINGS);

export function settingsFromConfig(stored: StoredConfig): LayoutSettings {
  const s = defaultSettings();
  const effective = resolveConfig(stored);
  const at = (path: string): unknown => effectiveAt(stored, path);
  const pt = (path: string, fallback: number, emPt?: number): number => {
    const v = lengthAtPt(effective, stored, path, emPt);
    return v !== undefined && Number.isFinite(v) ? v : fallback;
  };
  const num = (path: string, fallback: number): number => {
    const v = at(path);
    return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  };
  const bool = (path: string, fallback: boolean): boolean => {
    const v = at(path);
    return typeof v === 'boolean' ? v : fallback;
  };
  const str = (path: string, fallback: string): string => {
    const v = at(path);
    return typeof v === 'string' && v ? v : fallback;
  };
  const colour = (path: string, fallback: string): string => {
    const v = at(path);
    if (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
    if (v && typeof v === 'object' && 'hex' in v && typeof (v as { hex: unknown }).hex === 'string') return (v as { hex: string }).hex.toLowerCase();
    return fallback;
  };

  s.language = str('bodyText.hyphenation.locale', str('locale', 'en'));
  // Text direction and CJK composition (document-format §18, configuration.md §7 and §14.1).
  const locale = str('locale', 'en');
  s.locale = locale;
  const direction = str('direction', 'auto');
  s.direction = direction === 'rtl' || direction === 'ltr' ? direction : isRtlLocale(locale) ? 'rtl' : 'ltr';
  // numerals: auto = the locale's digits (arab for Arabic except the Maghreb, arabext for fa/ps/ur-IN).
  const numerals = str('numerals', 'auto');
  s.numerals = numerals === 'latn' || numerals === 'arab' || numerals === 'arabext' ? numerals : defaultNumerals(locale);
  // bodyText.kashida: auto = on in Arabic-script documents (the catalogue resolves it), none = spaces only.
  const kashida = str('bodyText.kashida', isArabicScript(locale) ? 'auto' : 'none');
  s.kashida = { enabled: kashida === 'auto', perWord: num('bodyText.kashidaPerWord', 1), maxLength: num('bodyText.kashidaMaxLength', 0.6) };
  // bodyText.kashidaPatterns (§6.3): kept only when it names a pattern; auto reads it from each face (paragraph/kashida.ts).
  const patterns = str('bodyText.kashidaPatterns', 'auto');
  if (patterns === 'naskh' || patterns === 'simple' || patterns === 'nastaliq') s.kashida.patterns = patterns;
  const binding = str('page.binding', 'auto');
  // layout.writingMode (§4): vertical-rl sets the flow turned (page/vertical.ts); cjk.uprightDigits (§14.1, 0|2|3|4, default 2).
  if (str('layout.writingMode', 'horizontal-tb') === 'vertical-rl') {
    const digits = num('cjk.uprightDigits', 2);
    // Japanese auto tate-chū-yoko of !! !? ?! ?? (document-format §18.5).
    s.vertical = { uprightDigits: [0, 2, 3, 4].includes(digits) ? digits : 2, uprightMarks: /^ja\b/i.test(locale) };
  }
  // auto = right when vertical-rl or the direction is rtl (configuration.md §2 page.binding).
  s.binding = binding === 'left' || binding === 'right' ? binding : s.direction === 'rtl' || s.vertical ? 'right' : 'left';
  // The rest of §14.1 (region, kinsoku level, punctuation widths, …; compressAdjacent auto: on except in Taiwan) in settings-cjk-rules.ts.
  s.cjk = cjkRulesFrom(at, locale, {
    // Kept in em of the text it separates: pt at the body size, divided back by it.
    latinSpacing: pt('cjk.latinSpacing', 0.25 * pt('bodyText.fontSize', 8), pt('bodyText.fontSize', 8)) / pt('bodyText.fontSize', 8),
    keepAll: str('cjk.wordBreak', 'normal') === 'keep-all',
  });
  const preset = PAGE_PRESETS[str('page.sizePreset', '17x24')] ?? PAGE_PRESETS['17x24']!;
  s.pageWidth = pt('page.width', preset[0] * CM);
  s.pageHeight = pt('page.height', preset[1] * CM);
  s.margins = {
    top: pt('page.margins.top', s.margins.top),
    bottom: pt('page.margins.bottom', s.margins.bottom),
    left: pt('page.margins.left', s.margins.left),
    right: pt('page.margins.right', s.margins.right),
    mirror: bool('page.margins.mirror', false),
  };
  const layoutType = str('layout.layoutType', 'double');
  s.columns = layoutType === 'single' ? 1 : layoutType === 'multiple' ? Math.min(8, Math.max(3, Math.round(num('layout.columnCount', 3)))) : 2;
  if (layoutType === 'oneAndHalf') {
    // Side column = p % of the content width; either column kept ≥ 1 % (sideColumnPercentClamped).
    const percent = Math.min(98, Math.max(1, num('layout.sideColumnPercent', 33)));
    const role = str('layout.sideColumnRole', 'text') === 'floats' ? 'floats' : 'text';
    const sideName = str('layout.sideColumnSide', 'right');
    const side = sideName === 'left' || sideName === 'outer' || sideName === 'inner' ? sideName : 'right';
    s.sideColumn = { percent, role, side };
    s.columns = role === 'text' ? 2 : 1;
  }
  s.gutter = pt('layout.gutterWidth', s.gutter);
  // Float placement and closing-page balancing (engine/page/floats-page.ts, passes.ts, balance.ts).
  s.floats = { citingPage: bool('layout.floatsAtCitingPage', false), maxTopFraction: Math.min(1, Math.max(0, num('layout.maxTopFraction', 0.7))), hugClosing: bool('layout.hugClosingFloats', true) };
  const shrinkMode = str('layout.floatShrink.mode', 'never');
  s.floats.fitToPage = bool('layout.fitFiguresToPage', false);
  s.floats.underOpener = bool('layout.floatsUnderOpener', true);
  s.floats.shrink = { mode: shrinkMode === 'page' || shrinkMode === 'slot' ? shrinkMode : 'never', minScale: Math.min(1, Math.max(0, num('layout.floatShrink.minScale', 0.7))) };
  s.balancing = { enabled: bool('headings.balancing.enabled', true), trailing: bool('headings.balancing.trailing', true), beforeSpan: bool('headings.balancing.beforeSpan', true),
    // The levers of a column that flows on (engine/page/levers.ts): whole grid lines, 0–20 (our bound).
    maxLinesPerHeading: Math.min(20, Math.max(0, Math.round(num('headings.balancing.maxLinesPerHeading', 4)))),
    stretchAfterLists: bool('headings.balancing.stretchAfterLists', true),
    maxLinesAfterList: Math.min(20, Math.max(0, Math.round(num('headings.balancing.maxLinesAfterList', 1)))),
    stretchAfterFloats: bool('headings.balancing.stretchAfterFloats', true),
    maxLinesAfterFloat: Math.min(20, Math.max(0, Math.round(num('headings.balancing.maxLinesAfterFloat', 1)))),
    closingBox: str('headings.balancing.closingBox', 'first') === 'off' ? 'off' : str('headings.balancing.closingBox', 'first') === 'last' ? 'last' : 'first',
    // Lever (7) (engine/page/lever-paragraphs.ts): paragraphs per column, 0–20 (our bound).
    looseParagraphs: bool('headings.balancing.looseParagraphs', true),
    maxLooseParagraphs: Math.min(20, Math.max(0, Math.round(num('headings.balancing.maxLooseParagraphs', 2)))),
    // Its tracking, thousandths of an em, 0–50 (our bound).
    trackParagraphs: bool('headings.balancing.trackParagraphs', true),
    maxTracking: Math.min(50, Math.max(0, num('headings.balancing.maxTracking', 10))),
  };

  const bodySize = pt('bodyText.fontSize', 8);
  const body = s.body;
  body.style = {
    family: str('bodyText.fontFamily', 'EB Garamond'),
    weight: num('bodyText.fontWeight', 400),
    italic: false,
    size: bodySize,
    colour: colour('bodyText.color', '#000000'),
  };
  body.boldWeight = num('bodyText.boldFontWeight', 700);
  body.boldColour = colour('bodyText.boldColor', body.boldColour);
  body.italicColour = colour('bodyText.italicColor', body.italicColour);
  // §6.1: references bold by default, in the bold colour unless given their own.
  body.reference = { bold: bool('bodyText.referenceBold', true), italic: bool('bodyText.referenceItalic', false), colour: colour('bodyText.referenceColor', body.boldColour) };
  body.lineHeight = pt('bodyText.lineHeight', 1.5 * bodySize, bodySize);
  body.firstLineIndent = pt('bodyText.firstLineIndent', 1.5 * bodySize, bodySize);
  // layout.wrap (configuration.md §4; page/floats-wrap.ts): gap one body line, 12 em of the body,
  // 2 lines, 0.45 of the column. minTextWidth: a length, or a bare number = a fraction of the column.
  if (s.floats) {
    const minText = at('layout.wrap.minTextWidth');
    s.floats.wrap = {
      gap: Math.max(0, pt('layout.wrap.gap', body.lineHeight, bodySize)),
      minTextWidth: typeof minText === 'number' && Number.isFinite(minText) ? { fraction: Math.min(1, Math.max(0, minText)) } : { pt: Math.max(0, pt('layout.wrap.minTextWidth', 12 * bodySize, bodySize)) },
      minLinesBeside: Math.max(1, Math.round(num('layout.wrap.minLinesBeside', 2))),
      defaultWidth: Math.min(0.95, Math.max(0.05, num('layout.wrap.defaultWidth', 0.45))),
      // No wrap in vertical text (configuration.md §17.1 wrapUnsupported; document-format §12.8 verticalText).
      ...(s.vertical ? { vertical: true } : {}),
    };
  }
  body.indentAfterHeading = bool('bodyText.indentAfterHeading', true);
  if (bool('bodyText.paragraphSpacing', false)) body.paragraphSpacing = true;
  body.align = str('bodyText.textAlign', 'justify') === 'justify' ? 'justify' : 'left';
  body.maxWordSpacing = num('bodyText.maxWordSpacing', 2);
  body.minWordSpacing = num('bodyText.minWordSpacing', 0.6);
  body.widowMinLines = bool('bodyText.avoidWidows', true) ? num('bodyText.widowMinLines', 2) : 1;
  body.orphanMinLines = bool('bodyText.avoidOrphans', true) ? num('bodyText.orphanMinLines', 2) : 1;
  body.optimalLineBreaking = bool('bodyText.optimalLineBreaking', true);
  body.avoidRunts = bool('bodyText.avoidRunts', true);
  body.runtMinCharacters = num('bodyText.runtMinCharacters', 20);
  body.runtPenalty = num('bodyText.runtPenalty', 1000);
  // Column-break rules beyond the widow/orphan minimums (§6.4; settings-breaks.ts, page/break-rules.ts).
  s.breaks = breakRules({ at, pt, bool, str, num, colour });
  s.hyphenation = {
    enabled: bool('bodyText.hyphenation.enabled', true),
    ragged: bool('bodyText.hyphenation.ragged', false),
    compounds: bool('bodyText.hyphenation.compounds', true),
    breakAfterHyphens: bool('bodyText.breakAfterHyphens', true),
    breakAfterDashes: bool('bodyText.breakAfterDashes', true),
  };
  s.blockquote = {
    colour: colour('bodyText.blockquote.color', '#666666'),
    italic: bool('bodyText.blockquote.italic', true),
    indent: pt('bodyText.blockquote.indent', 0, bodySize),
  };
  s.code = { ...s.code, family: str('codeStyle.fontFamily', 'Source Code Pro'), size: pt('codeStyle.fontSize', 0.85 * bodySize, bodySize), background: colour('codeStyle.background', '#f4f4f4') };
  s.code.padding = 0.6 * s.code.size;
  // Listings (§13.3; settings-code.ts, page/code-block.ts): box, rows, gutter, overflow, splits, title.
  s.listing = codeListingSettings({ at, pt, bool, str, num, colour }, bodySize, body.style.colour, body.lineHeight, s.code.family, s.code.size);
  s.lists = { ...s.lists, bullet: str('unorderedLists.bulletChar', '•'), markerColour: colour('unorderedLists.color', s.lists.markerColour), gap: pt('unorderedLists.gap', 0.5 * bodySize, bodySize), marginTop: pt('unorderedLists.marginTop', 1.5 * bodySize, bodySize), marginBottom: pt('unorderedLists.marginBottom', 1.5 * bodySize, bodySize) };
  // Each kind's indent, gap, item spacing, turnovers and per-level markers (settings-lists.ts, §9).
  Object.assign(s.lists, listShapes({ at, pt, bool, str, num, colour }, bodySize, s.lists.markerColour));
  const noteSize = pt('footnotes.fontSize', 0.8 * bodySize);
  const noteColour = colour('footnotes.color', body.style.colour);
  const symbols = at('footnotes.symbols');
  s.notes = {
    // 'spread' is for vertical text only (the configuration warns); horizontal books set column notes.
    placement: str('footnotes.placement', 'column') === 'chapterEnd' ? 'chapterEnd' : 'column',
    numbering: ((m) => (m === 'document' || m === 'page' || m === 'column' || m === 'spread' ? m : 'chapter'))(str('footnotes.numbering', 'chapter')),
    format: str('footnotes.numberFormat', 'decimal'),
    symbols: Array.isArray(symbols) && symbols.every((x) => typeof x === 'string') && symbols.length > 0 ? (symbols as string[]) : s.notes.symbols,
    markerTemplate: str('footnotes.markerTemplate', '{n}'),
    size: noteSize,
    lineHeight: pt('footnotes.lineHeight', 1.25 * noteSize, noteSize),
    colour: noteColour,
    align: str('footnotes.textAlign', str('bodyText.textAlign', 'justify')) === 'justify' ? 'justify' : 'left',
    hangingIndent: pt('footnotes.hangingIndent', 0, noteSize),
    numberGap: (str('footnotes.numberGap', 'en') === 'em' ? 1 : 0.5) * noteSize,
    spaceBetween: pt('footnotes.spaceBetween', 0, noteSize),
    spaceAbove: pt('footnotes.spaceAbove', 0.5 * bodySize, bodySize),
    spaceBelowRule: pt('footnotes.spaceBelowRule', 0.4 * noteSize, noteSize),
    separator: {
      enabled: bool('footnotes.separator.enabled', true),
      width: Math.min(1, Math.max(0, num('footnotes.separator.width', 0.3))),
      lineWidth: pt('footnotes.separator.lineWidth', 0.5),
      colour: colour('footnotes.separator.color', noteColour),
    },
  };
  // Where the mark in the text and the note's own number sit, and the mark's size (§11.1, settings-notes.ts).
  const marks = noteMarks({ at, pt, bool, str, num, colour });
  if (marks) s.notes.marks = marks;
  if (noteChapterEndAlign({ at, pt, bool, str, num, colour }) === 'text') s.notes.chapterEndAlign = 'text';

  s.headings.family = str('headings.fontFamily', 'Open Sans');
  s.headings.weight = num('headings.fontWeight', 700);
  s.headings.colour = colour('headings.color', s.headings.colour);
  // headings.textAlign (§8.1): start/end read as left/right (as bodyStyle does); left, the default, is left absent.
  const headingAlign = str('headings.textAlign', 'left');
  // keepWithNext / keepWithNextSpread (§8.1): stored only when not the default.
  if (!bool('headings.keepWithNext', true)) s.headings.keepWithNext = false;
  if (bool('headings.keepWithNextSpread', false)) s.headings.keepWithNextSpread = true;
  if (!bool('headings.inlineMarks', true)) s.headings.inlineMarks = false;
  if (headingAlign === 'right' || headingAlign === 'end') s.headings.align = 'right';
  else if (headingAlign === 'center' || headingAlign === 'justify') s.headings.align = headingAlign;
  s.headings.levels = s.headings.levels.map((level, i) => {
    const p = `headings.levels[level=${i + 1}]`;
    const size = pt(`${p}.fontSize`, level.size);
    const breakBefore = at(`${p}.breakBefore`) as { enabled?: unknown; parity?: unknown } | undefined;
    const enabled = breakBefore?.enabled === true;
    const parity = typeof breakBefore?.parity === 'string' ? breakBefore.parity : 'any';
    // The level's face and colour (§8.2), kept only where they differ from the general ones they follow.
    const look: HeadingLook = {};
    const family = str(`${p}.fontFamily`, s.headings.family);
    if (family !== s.headings.family) look.family = family;
    const weight = num(`${p}.fontWeight`, s.headings.weight);
    if (weight !== s.headings.weight) look.weight = weight;
    if (bool(`${p}.italic`, false)) look.italic = true;
    const levelColour = colour(`${p}.color`, s.headings.colour);
    if (levelColour !== s.headings.colour) look.colour = levelColour;
    if (at(`${p}.textTransform`) === 'uppercase') look.transform = 'uppercase';
    // indent / firstLineIndent in body ems (§8.2); hidden: structural only.
    const levelIndent = pt(`${p}.indent`, 0, bodySize);
    if (levelIndent !== 0) look.indent = levelIndent;
    const levelFirst = pt(`${p}.firstLineIndent`, 0, bodySize);
    if (levelFirst !== 0) look.firstLineIndent = levelFirst;
    if (bool(`${p}.hidden`, false)) look.hidden = true;
    // lineSpan (行取り): whole body lines, at least one.
    const levelSpan = num(`${p}.lineSpan`, NaN);
    if (Number.isFinite(levelSpan) && levelSpan > 0) look.lineSpan = Math.max(1, Math.round(levelSpan));
    // jidori (字取り): own ems, positive.
    const levelJidori = num(`${p}.jidori`, NaN);
    if (Number.isFinite(levelJidori) && levelJidori > 0) look.jidori = levelJidori;
    // letterSpacing in the level's own em (pt at its size, divided back by it).
    const tracking = pt(`${p}.letterSpacing`, 0, size) / size;
    if (tracking !== 0 && Number.isFinite(tracking)) look.letterSpacingEm = tracking;
    // A level's lineHeight and margins follow the general headings.* fields (in the level's em) when unset.
    return {
      ...look,
      size,
      lineHeightEm: pt(`${p}.lineHeight`, pt('headings.lineHeight', level.lineHeightEm * size, size), size) / size,
      marginTopEm: pt(`${p}.marginTop`, pt('headings.marginTop', level.marginTopEm * size, size), size) / size,
      marginBottomEm: pt(`${p}.marginBottom`, pt('headings.marginBottom', level.marginBottomEm * size, size), size) / size,
      breakBefore: enabled ? (parity as LayoutSettings['headings']['levels'][number]['breakBefore']) : 'none',
      numbering: {
        template: typeof at(`${p}.numberingTemplate`) === 'string' ? (at(`${p}.numberingTemplate`) as string) : '',
        separator: typeof at(`${p}.numberSeparator`) === 'string' ? (at(`${p}.numberSeparator`) as string) : ' ',
        position: at(`${p}.numberPosition`) === 'replace' ? ('replace' as const) : ('before' as const),
      },
    };
  });
  // headingStyles (§13.6): numbering, contents and the heading's own size and colour when the style sets them.
  const headingStyleList = at('headingStyles');
  s.headingStyles = {};
  for (const item of Array.isArray(headingStyleList) ? headingStyleList : []) {
    const id = item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : undefined;
    if (typeof id !== 'string') continue;
    const p = `headingStyles[id=${id}]`;
    const size = pt(`${p}.fontSize`, NaN);
    const colourSet = at(`${p}.color`) !== undefined;
    // Lengths in the heading's own em, whatever its level's size: pt + em × size (lengthAtPt is linear in the em).
    const ownLength = (field: string): HeadingLength | undefined => {
      if (at(`${p}.${field}`) === undefined) return undefined;
      const [zero, one] = [pt(`${p}.${field}`, NaN, 0), pt(`${p}.${field}`, NaN, 1)];
      return Number.isFinite(zero) && Number.isFinite(one) ? { pt: zero, em: one - zero } : undefined;
    };
    const lengths = { lineHeight: ownLength('lineHeight'), marginTop: ownLength('marginTop'), marginBottom: ownLength('marginBottom'), letterSpacing: ownLength('letterSpacing') };
    const styleFamily = at(`${p}.fontFamily`);
    const styleWeight = at(`${p}.fontWeight`);
    const styleItalic = at(`${p}.italic`);
    // Its numbering fields (§13.6): each over the level's; the counter stays the level's.
    const numberingFields: NonNullable<HeadingStyleSettings['numbering']> = {};
    if (typeof at(`${p}.numberingTemplate`) === 'string') numberingFields.template = at(`${p}.numberingTemplate`) as string;
    if (typeof at(`${p}.numberSeparator`) === 'string') numberingFields.separator = at(`${p}.numberSeparator`) as string;
    if (at(`${p}.numberPosition`) === 'replace' || at(`${p}.numberPosition`) === 'before') numberingFields.position = at(`${p}.numberPosition`) as 'before' | 'replace';
    const styleNumbering = Object.keys(numberingFields).length > 0 ? numberingFields : undefined;
    s.headingStyles[id] = {
      numbered: bool(`${p}.numbered`, true),
      toc: bool(`${p}.toc`, true),
      ...(Number.isFinite(size) ? { size } : {}),
      ...(colourSet ? { colour: colour(`${p}.color`, s.headings.colour) } : {}),
      ...(typeof styleFamily === 'string' && styleFamily ? { family: styleFamily } : {}),
      ...(typeof styleWeight === 'number' && Number.isFinite(styleWeight) ? { weight: styleWeight } : {}),
      ...(typeof styleItalic === 'boolean' ? { italic: styleItalic } : {}),
      ...(at(`${p}.textTransform`) === 'uppercase' || at(`${p}.textTransform`) === 'none' ? { transform: at(`${p}.textTransform`) as 'none' | 'uppercase' } : {}),
      ...(at(`${p}.indent`) !== undefined ? { indent: pt(`${p}.indent`, 0, bodySize) } : {}),
      ...(at(`${p}.firstLineIndent`) !== undefined ? { firstLineIndent: pt(`${p}.firstLineIndent`, 0, bodySize) } : {}),
      ...(typeof at(`${p}.hidden`) === 'boolean' ? { hidden: at(`${p}.hidden`) as boolean } : {}),
      ...(styleNumbering ? { numbering: styleNumbering } : {}),
      ...(Number.isFinite(num(`${p}.lineSpan`, NaN)) && num(`${p}.lineSpan`, NaN) > 0 ? { lineSpan: Math.max(1, Math.round(num(`${p}.lineSpan`, NaN))) } : {}),
      ...(Number.isFinite(num(`${p}.jidori`, NaN)) && num(`${p}.jidori`, NaN) > 0 ? { jidori: num(`${p}.jidori`, NaN) } : {}),
      ...Object.fromEntries(Object.entries(lengths).filter(([, v]) => v !== undefined)),
      ...headingStyleSection(storedListItem(stored, 'headingStyles', id) ?? {}, s, (path, fallback, emPt) => pt(path, fallback, emPt)),
    };
  }
  // Heading span per level (§8.2), parts (§13.5), paragraph styles (§13.1), column rule (§4), palette (§15.1).
  s.headings.levels.forEach((level, i) => {
    const p = `headings.levels[level=${i + 1}]`;
    if (at(`${p}.span`) === 'page') level.span = 'page';
    if (at(`${p}.spanBreak`) === false) level.spanBreak = false;
    // advancedDesign (§8.2): kept when anything is set, so a heading style may enable the level's slot.
    const design = headingDesignFields(at(`${p}.advancedDesign`), s.body.style.size, (field, fallback) => pt(`${p}.advancedDesign.${field}`, fallback));
    if (design && (design.enabled === true || (design.elements?.length ?? 0) > 0 || design.minHeight !== undefined)) {
      level.design = { enabled: design.enabled === true, elements: design.elements ?? [], ...(design.minHeight !== undefined ? { minHeight: design.minHeight } : {}) };
    }
  });
  Object.assign(s, structureSettings(s, { at, pt, bool, str, num, colour }));
  // Drop caps of heading levels, heading styles and paragraph styles (§6.7; settings-dropcap.ts).
  Object.assign(s, dropCapSettings({ at, pt, bool, str, num, colour }));
  // Verse and the quotation's first-line indent (§6.5; settings-text.ts).
  Object.assign(s, textSettings(s, { at, pt, bool, str, num, colour }, stored));
  // calloutStyles (§13.4): every listed style, its fields read at their paths (defaults and followers resolved).
  const calloutList = at('calloutStyles');
  const calloutIds = Array.isArray(calloutList) ? calloutList.flatMap((c) => (c && typeof c === 'object' && 'id' in c && typeof (c as { id: unknown }).id === 'string' ? [(c as { id: string }).id] : [])) : [];
  s.callouts = { order: calloutIds.length > 0 ? calloutIds : ['note'], styles: {} };
  for (const id of s.callouts.order) {
    const p = `calloutStyles[id=${id}]`;
    const base = defaultCalloutStyle(bodySize);
    const stripeSide = str(`${p}.stripe.side`, 'left');
    const titleSize = pt(`${p}.titleStyle.fontSize`, bodySize);
    s.callouts.styles[id] = {
      title: typeof at(`${p}.title`) === 'string' ? (at(`${p}.title`) as string) : '',
      fill: bool(`${p}.backgroundEnabled`, true) ? colour(`${p}.background`, '#f4f4f4') : null,
      border: { enabled: bool(`${p}.border.enabled`, false), colour: colour(`${p}.border.color`, '#cccccc'), width: pt(`${p}.border.width`, 0.5) },
      padding: { top: pt(`${p}.padding.top`, base.padding.top), right: pt(`${p}.padding.right`, base.padding.right), bottom: pt(`${p}.padding.bottom`, base.padding.bottom), left: pt(`${p}.padding.left`, base.padding.left) },
      stripe: { enabled: bool(`${p}.stripe.enabled`, false), side: stripeSide === 'right' || stripeSide === 'end' ? 'right' : stripeSide === 'top' ? 'top' : 'left', width: pt(`${p}.stripe.width`, base.stripe.width), colour: colour(`${p}.stripe.color`, base.stripe.colour) },
      titleStyle: { family: str(`${p}.titleStyle.fontFamily`, s.headings.family), weight: num(`${p}.titleStyle.fontWeight`, 700), italic: bool(`${p}.titleStyle.italic`, false), size: titleSize, colour: colour(`${p}.titleStyle.color`, base.titleStyle.colour) },
      titleGap: pt(`${p}.titleStyle.gap`, base.titleGap),
      titleLineHeight: pt(`${p}.titleStyle.lineHeight`, 1.2 * titleSize, titleSize),
      marginTop: pt(`${p}.marginTop`, base.marginTop),
      marginBottom: pt(`${p}.marginBottom`, base.marginBottom),
      keepTogether: bool(`${p}.keepTogether`, true),
      ...(bool(`${p}.floatBarrier`, false) ? { floatBarrier: true } : {}),
    };
  }
  // The text inside the boxes: body.* and lists.* (settings-callouts.ts).
  addCalloutText(s, { at, pt, bool, str, num, colour }, stored);
  // Their tab stops, else the body's (§13.4 body.tabStops; settings-text.ts).
  calloutTabSettings(s, { at, pt, bool, str, num, colour }, stored);
  // Chips and inline code set when codeStyle.inline is (§13.2, §13.3; settings-chips.ts).
  Object.assign(s, chipSettings({ at, pt, bool, str, num, colour }));
  // Ruby readings (§14.1 cjk.ruby; settings-ruby.ts).
  s.ruby = rubySettings({ at, pt, bool, str, num, colour }, locale);
  // Kanbun marks (§14.1 cjk.kunten; settings-kunten.ts).
  s.kunten = kuntenSettings({ at, pt, bool, str, num, colour });
  // Warichu notes (§14.1 cjk.warichu; settings-warichu.ts): default brackets by the resolved region.
  s.warichu = warichuSettings({ at, pt, bool, str, num, colour }, locale, s.cjk.region);
  const tocLevels = at('toc.levels');
  s.toc = {
    levels: Array.isArray(tocLevels) ? tocLevels.map((l) => (l && typeof l === 'object' && 'level' in l ? Number((l as { level: unknown }).level) : NaN)).filter((n) => n >= 1 && n <= 6) : [1],
    leader: { enabled: bool('toc.leader.enabled', true), char: str('toc.leader.char', '.'), gap: pt('toc.leader.gap', 0.5 * bodySize, bodySize) },
  };
  // The entries' own type, indents and margins, and the page number's (settings-toc.ts).
  const toc = tocLook({ at, pt, bool, str, num, colour }, s.body.style, bodySize);
  if (toc) s.toc.look = toc;
  // What :::index prints (§11.6; settings-index.ts).
  s.index = indexLook({ at, pt, bool, str, num, colour }, s.body.style, s.body.lineHeight, s.locale ?? s.language);
  // Margin line numbers (§11.2; settings-line-numbers.ts): none in vertical text (the configuration warns).
  const lineNumbers = lineNumberSettings({ at, pt, bool, str, num, colour }, s.body.style, s.vertical !== undefined, s.locale ?? s.language);
  if (lineNumbers) s.lineNumbers = lineNumbers;
  s.pageNumbering = { format: str('page.pageNumbering.format', 'decimal'), startAt: Math.round(num('page.pageNumbering.startAt', 1)) };
  const refStyle = str('crossRefs.defaultStyle', 'default');
  s.crossRefs = {
    chapter: str('crossRefs.chapter', 'chapter {n}'),
    section: str('crossRefs.section', 'section {n}'),
    page: str('crossRefs.page', 'p. {n}'),
    defaultStyle: refStyle === 'number' || refStyle === 'title' || refStyle === 'page' ? refStyle : 'default',
  };
  s.furniture = { ...s.furniture, style: { ...s.furniture.style, colour: colour('headings.color', s.furniture.style.colour) }, ruleColour: colour('headings.color', s.furniture.ruleColour) };
  // Designed header/footer slots (§5.3) as stored: an unset slot keeps the built-in one.
  {
    const base = { bodyPt: s.body.style.size, dpi: num('page.dpi', 300) };
    const header = runningSlotElements('header', stored['header'], base);
    const footer = runningSlotElements('footer', stored['footer'], base);
    if (header) s.furniture.header = header;
    if (footer) s.furniture.footer = footer;
    if (header || footer) s.furniture.bleed = pt('page.bleed', 0);
  }
  // math (configuration.md §10): margins are in the formula's own em (display size = body × scale).
  const mathScale = num('math.fontSizeScale', 1) > 0 ? num('math.fontSizeScale', 1) : 1;
  const formulaEm = bodySize * mathScale;
  const resetOn = /^h([1-6])$/.exec(str('math.equationNumbering.resetOn', 'never'));
  s.math = {
    ...s.math,
    enabled: bool('math.enabled', true),
    fontSizeScale: mathScale,
    colour: colour('math.color', body.style.colour),
    marginTopEm: pt('math.marginTop', 0.8 * formulaEm, formulaEm) / formulaEm,
    marginBottomEm: pt('math.marginBottom', 0.8 * formulaEm, formulaEm) / formulaEm,
    indentAfterDisplay: bool('math.indentAfterDisplay', true),
    keepWithLeadIn: bool('math.keepWithLeadIn', false),
    numbering: {
      enabled: bool('math.equationNumbering.enabled', true),
      template: str('math.equationNumbering.numberingTemplate', '{n}'),
      resetOn: resetOn ? Number(resetOn[1]) : 0,
      counterFormat: str('math.equationNumbering.counterFormat', 'decimal'),
      format: str('math.equationNumbering.format', '({n})'),
    },
  };
  // `一` in the book's language (configuration.md §3), in every format read above.
  resolveLocaleNumberFormats(s);
  // The CJK character grid sizes the type area last, from the body and columns read above (§14.1).
  applyCjkGrid(s, at);
  // CJK marks: cjk.emphasis, emphasisMark, bookTitleMark/Brackets, annotationColor (§14.1; settings-cjk-marks.ts).
  s.cjkMarks = resolveCjkMarks(at, locale, s.cjk.region, s.body.style.colour);
  return s;
}
