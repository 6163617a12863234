/**
 * The one warning model the Checks panel shows and `sandbox_get_warnings` answers with
 * (tools.md §3.1 "sandbox_get_warnings", §7.9). Every kind the checks can emit is listed in
 * `WARNING_KINDS` with its category, title, default severity and the `debug.warnings.*` toggle
 * that governs it (configuration.md §16.5); a kind missing there cannot be emitted (the
 * `warning()` constructor takes only listed kinds), and the fixture test holds one fixture per
 * listed kind.
 */

/** Checks-panel groups in triage order (tools.md §8 "Settled defaults"). */
export const WARNING_CATEGORIES = ['fonts', 'resources', 'markup', 'design', 'typesetting', 'preflight', 'browser', 'comics'] as const;
export type WarningCategory = (typeof WARNING_CATEGORIES)[number];

export type WarningSeverity = 'critical' | 'warning' | 'info';

/** The `debug.warnings.*` switches (configuration.md §16.5). */
export type WarningToggle = 'missingFont' | 'looseLines' | 'headingHierarchy' | 'consecutiveHeadings' | 'listAfterHeading' | 'designIssues';

interface KindInfo {
  category: WarningCategory;
  title: string;
  severity: WarningSeverity;
  /** The switch that turns the check off (absent: always on, as §17 "not toggleable"). */
  toggle?: WarningToggle;
}

const markup = (title: string, severity: WarningSeverity = 'warning'): KindInfo => ({ category: 'markup', title, severity });
const typesetting = (title: string, toggle?: WarningToggle): KindInfo => ({ category: 'typesetting', title, severity: 'warning', ...(toggle ? { toggle } : {}) });
const design = (title: string, toggle?: WarningToggle, severity: WarningSeverity = 'warning'): KindInfo => ({ category: 'design', title, severity, ...(toggle ? { toggle } : {}) });
const preflight = (title: string, severity: WarningSeverity): KindInfo => ({ category: 'preflight', title, severity });

/**
 * Every kind the checks emit. Names are the spec's where it names one (document-format.md §21,
 * configuration.md §17, tools.md §3.1); the others are ours and marked so.
 */
export const WARNING_KINDS = {
  // --- markup: the parser's diagnostics (document-format.md §21), book-wide ones included ---
  unknownDirective: markup('Unknown directive'),
  malformedEmbed: markup('Embed set as text'),
  unclosedContainer: markup('Unclosed container'),
  unclosedMath: markup('Unclosed formula'),
  unclosedMathBlock: markup('Unclosed display formula'),
  unclosedCodeBlock: markup('Unclosed code block'),
  invalidFrontmatter: markup('Invalid front matter'),
  fullwidthMarkup: markup('Full-width markup'),
  attributeKeyInvalid: markup('Unreadable attribute'),
  chapterFrontmatterIgnored: markup('Front matter ignored'),
  columnsFlowUnknown: markup('Unknown column flow'),
  pagebreakInvalidParity: markup('Invalid page-break parity'),
  numberingInvalidStartAt: markup('Invalid numbering'),
  spaceInvalidLines: markup('Invalid space size'),
  indexMarkInvalid: markup('Index mark without a term'),
  duplicateAnchor: markup('Duplicate anchor'),
  undefinedFootnote: markup('Footnote without definition'),
  unusedFootnote: markup('Footnote never cited'),
  indexRangeUnclosed: markup('Unclosed index range'),
  indexSeeUnknown: markup('Unknown index cross-reference'),
  /** A kanji entry of a Japanese index without a reading (checks/index-readings.ts). */
  indexReadingMissing: markup('Index entry without a reading'),
  /** Raised by the maths typesetter (engine/math), passed in by the host. */
  invalidMath: markup('Invalid formula'),
  /** Ours: a construct the parser keeps but layout does not set yet. */
  unsupportedConstruct: markup('Not typeset yet', 'info'),
  /** Ours: `![alt](src)` inline images are removed (document-format.md §10). */
  inlineImageRemoved: markup('Inline image removed', 'info'),
  /** Ours: the parser itself failed on a chapter and kept it as plain text. */
  parserError: markup('Chapter could not be read', 'critical'),
  /** Spec names (document-format.md §21 "Style ids"): a style id the design does not define. */
  unknownHeadingStyle: markup('Unknown heading style'),
  unknownParagraphStyle: markup('Unknown paragraph style'),
  unknownCalloutType: markup('Unknown callout type'),
  unknownChipStyle: markup('Unknown chip style'),
  /** Spec names (document-format.md §15): a cited key no reference defines; a `:::references` body that cannot be read. */
  unknownCitationKey: markup('Unknown citation key'),
  referencesUnreadable: markup('References unreadable'),
  /** Spec name (document-format.md §8.5): a `:::paper` attribute outside its values. */
  paperAttributeInvalid: markup('Invalid paper attribute'),
  /** Spec name: `:::numbering{format}` that is not a §3 number format (the format stays unchanged). */
  numberingInvalidFormat: markup('Invalid numbering format'),

  // --- resources ---
  unknownResourceId: { category: 'resources', title: 'Unknown resource', severity: 'warning' },
  /** Spec name; (our reading) a resource placed with `::resource` more than once. */
  duplicateResourceId: { category: 'resources', title: 'Resource placed twice', severity: 'warning' },
  /** Ours: a resource of the book that no chapter places or cites. */
  unusedResource: { category: 'resources', title: 'Unused resource', severity: 'info' },
  /** Spec name (render-time, configuration.md §17.2): a placed or cited picture whose bytes are missing or unreadable. */
  missingImage: { category: 'resources', title: 'Picture missing', severity: 'critical' },
  /** Ours (tools.md §7.9 "unknown type"): a resource's `typeId` not among `resourceTypes` (it gets no label or number). */
  unknownResourceType: { category: 'resources', title: 'Unknown resource type', severity: 'warning' },
  /** Spec name: a table resource's `styleId` not among `tableStyles` (the default table style is used). */
  unknownTableStyle: { category: 'resources', title: 'Unknown table style', severity: 'warning' },
  /** Spec name (document-format §12.6, tools.md §7.9 "picture shrunk to fit"): a float scaled into its slot (`placement.shrink`). */
  floatShrunk: { category: 'resources', title: 'Picture shrunk to fit', severity: 'info' },
  /** Spec name (document-format §12.8): a resource with `placement.wrap` set as a full band instead (`tooNarrow`, `fewLines`, `moved`). */
  textWrap: { category: 'resources', title: 'Text wrap refused', severity: 'warning' },
  /** Spec name (configuration.md §17.2): a resource with `placement.rotate` in a vertical (`vertical-rl`) book, where it is not turned. */
  rotateIgnoredVertical: { category: 'resources', title: 'Rotation ignored in vertical text', severity: 'warning' },

  // --- fonts (configuration.md §15.2 "Missing-font warnings") ---
  /** Ours: a family named by an applied setting that the book's fonts lack. */
  unknownFontFamily: { category: 'fonts', title: 'Font family missing', severity: 'warning', toggle: 'missingFont' },
  /**
   * Spec name ("missing or synthesised face"): text asks for a weight or style its family lacks
   * and another face stands in; or, where the registry falls back per character, characters the
   * face lacks are set in another family.
   */
  fontFallback: { category: 'fonts', title: 'Font fallback', severity: 'warning', toggle: 'missingFont' },
  /**
   * Spec name ("missing variant (400/700 × normal/italic)", configuration.md §15.2): one of the
   * book's own families the design uses lacks a regular, bold, italic or bold-italic face.
   */
  missingFontVariant: { category: 'fonts', title: 'Font face missing', severity: 'info', toggle: 'missingFont' },
  /** Ours: a character the face has no glyph for (drawn as the font's .notdef box). */
  missingGlyph: { category: 'fonts', title: 'Missing glyph', severity: 'warning', toggle: 'missingFont' },

  // --- typesetting (from the display lists) ---
  /** Spec name (tools.md "looseLine(s)"): word spaces past `debug.looseLineHighlight.threshold` × normal. */
  looseLine: typesetting('Loose line', 'looseLines'),
  /** Spec name (configuration.md §14.1): a justified CJK line whose gaps would pass 0.5 em, set ragged (checks/cjk-lines.ts). */
  cjkLooseLine: typesetting('Loose CJK line', 'looseLines'),
  /** Ours: a line sticking out of its column. */
  overfullLine: typesetting('Overfull line'),
  /** Ours: no acceptable set of breaks existed; the line breaker fell back to an emergency pass. */
  emergencyBreak: typesetting('Emergency line break'),
  /** Ours (spec naming, configuration.md §6.4): too few lines of a paragraph left at a column's foot. */
  widow: typesetting('Widow'),
  /** Ours (spec naming): too few lines of a paragraph carried to the next column. */
  orphan: typesetting('Orphan'),
  /** Ours: a paragraph's last line shorter than `bodyText.runtMinCharacters` space widths. */
  runt: { category: 'typesetting', title: 'Runt', severity: 'info' },
  /** Ours: more than two hyphenated lines in a row. */
  hyphenLadder: typesetting('Hyphen ladder'),
  /** Ours: text set below the foot of its column. */
  columnOverflow: typesetting('Column overflows'),
  /** Spec name: a code line wider than its box. */
  codeOverflow: typesetting('Code line too wide'),
  /** Spec name (document-format §8.4, tools.md §7.9 "columns too narrow"): a `:::columns` group set in sub-columns under 6 em of the body type (checks/columns-narrow.ts). */
  columnsTooNarrow: typesetting('Columns too narrow'),
  /** Spec name (configuration.md §17.2): a margin line number (§11.2) meeting other ink or running off the page (checks/line-numbers.ts). */
  lineNumberOverlap: typesetting('Line number overlaps'),
  /** A `:tab` in vertical text, set as a word space (checks/tabs-vertical.ts, document-format §10.8). */
  tabInVerticalText: typesetting('Tab set as a space in vertical text'),
  /** Spec name (document-format §18.4): CJK emphasis dots or side lines reaching past the room between lines (checks/cjk-marks.ts). */
  cjkMarksExceedLeading: typesetting('CJK marks exceed the leading'),
  /** Spec name (document-format §10.5, §21 sandbox-only hint "Chips touch the next line"): a chip's box reaching into a neighbouring line (checks/chips.ts). */
  chipOverlap: typesetting('Chips touch the next line'),
  /** Spec name (document-format §18.4): ruby readings taller than the room between lines (checks/ruby.ts). */
  rubyExceedsLeading: typesetting('Ruby exceeds the leading'),
  /** Spec name (document-format §18.4): interlinear kanbun marks taller than the room between lines (checks/kunten.ts). */
  kuntenExceedsLeading: typesetting('Kanbun marks exceed the leading'),
  /** Spec name (document-format.md §12.7): floats flushed at a chapter's end onto pages after its last text. */
  afterText: typesetting('Floats after the text'),
  /** Ours: a float set more than one page after the page that first cites it (document-format.md §12.7). */
  distantFloat: typesetting('Float far from its reference'),
  /** Ours (tools.md §7.9 "no hyphenation patterns"): hyphenation is on, but no patterns exist for the book's language. */
  noHyphenationPatterns: typesetting('No hyphenation patterns'),

  // --- design ---
  headingHierarchy: design('Heading level skipped', 'headingHierarchy'),
  consecutiveHeadings: design('Consecutive headings', 'consecutiveHeadings', 'info'),
  listAfterHeading: design('List right after a heading', 'listAfterHeading', 'info'),
  headerFooterMetadataMissing: design('Placeholder metadata missing', 'designIssues'),
  /** Ours: text whose contrast with what is behind it is below 3:1 (WCAG large-text minimum). */
  lowContrast: design('Low contrast', 'designIssues'),
  settingNotApplied: design('Setting not applied yet', undefined, 'info'),
  /** Ours: a stored setting that cannot apply to this design (e.g. a gutter on one-column pages). */
  settingWithoutEffect: design('Setting has no effect here', undefined, 'info'),
  /** Ours (tools.md §7.9 "placeholder outside the allow-list"): a `{name}` in a running head that is no placeholder. */
  unknownPlaceholder: design('Unknown placeholder', 'designIssues'),
  /** Ours (configuration.md §17.1 designIssues "design lacking {titleText}"): a heading design enabled with no text element printing the title. */
  headingDesignWithoutTitle: design('Heading design without its title', 'designIssues'),
  unknownNumberFormat: design('Unknown number format'),
  fontFamilyStack: design('Font stack'),
  sideColumnPercentClamped: design('Side column clamped'),
  columnCountClamped: design('Column count out of range'),
  cjkGridClamped: design('Character grid clamped'),
  unknownConfigKey: design('Unknown setting'),
  unknownConfigValue: design('Unknown setting value'),
  lineNumbersUnsupported: design('No line numbers in vertical text'),
  wrapUnsupported: design('No wrap in vertical text'),
  unknownNumerals: design('Unknown numerals'),
  /** Spec name (configuration.md §5.3, §17.2): a design text line cut to its box (`overflow` ellipsis or clip). */
  designTextTruncated: design('Design text cut'),
  /** Spec name (configuration.md §17.2 post-hoc `headingDesignCut`; tools.md §7.9 "heading design cut off"): a designed heading's element past the trim. */
  headingDesignCut: design('Heading design cut off'),

  // --- preflight (print.preflight, only for books set up for print) ---
  lowImageResolution: preflight('Picture resolution too low', 'warning'),
  thinRule: preflight('Rule too thin to print', 'warning'),
  smallProcessText: preflight('Small text in several inks', 'warning'),
  safeZone: preflight('Text near the trim', 'warning'),
  nearTrim: preflight('Object stops short of the trim', 'warning'),
  /** Ours (`print.preflight.checkFonts`): a face the PDF cannot embed (a WOFF file, or a licence that forbids embedding). */
  fontNotEmbeddable: preflight('Font cannot be embedded', 'critical'),
} as const satisfies Record<string, KindInfo>;

export type WarningKind = keyof typeof WARNING_KINDS;

export function kindInfo(kind: WarningKind): KindInfo {
  return WARNING_KINDS[kind];
}

export function isWarningKind(kind: string): kind is WarningKind {
  return Object.prototype.hasOwnProperty.call(WARNING_KINDS, kind);
}

/**
 * One warning and where it is. Field names follow tools.md §3.1 (our choice there): `chapter`,
 * `line`, `offset`, `toOffset`, `page`, `path`, `resource`, `severity`.
 */
export interface Warning {
  kind: WarningKind;
  category: WarningCategory;
  severity: WarningSeverity;
  title: string;
  /** One sentence that says what is wrong and, where it helps, what to do. Quotes the text. */
  detail: string;
  /** Chapter id. */
  chapterId?: string;
  /** 1-based position of the chapter in the book. */
  chapter?: number;
  /** 1-based source line of `offset`. */
  line?: number;
  /** Source range in the chapter file, UTF-16 units. */
  offset?: number;
  toOffset?: number;
  /** 0-based page index in the book and its printed label. */
  pageIndex?: number;
  page?: string;
  /** The setting path the warning names. */
  path?: string;
  /** The resource id the warning names. */
  resource?: string;
}

/** Where a new warning is; the checks fill `chapter`, `line` and `page` from it. */
export type WarningPlace = Omit<Warning, 'kind' | 'category' | 'severity' | 'title' | 'detail'>;

/** Builds a warning of a listed kind (title, category and severity from the catalogue). */
export function warning(kind: WarningKind, detail: string, place: WarningPlace = {}, severity?: WarningSeverity): Warning {
  const info = kindInfo(kind);
  return { kind, category: info.category, severity: severity ?? info.severity, title: info.title, detail, ...place };
}
