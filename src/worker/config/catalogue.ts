/**
 * The settings catalogue: every section and key of `PostextConfig` (configuration.md §1–§16) with its type, unit,
 * range, enum values, default and metadata. The zod schema, the resolver, validation, search and the Design panel
 * are all generated from this one tree.
 *
 * Units: every length default is written with its unit (`'2cm'`, `'1.5em'`); a bare number given for a length means
 * the unit of its default. Plain numbers carry their unit in `unit` (`%`, `× space`, `‰ em` = thousandths of em).
 */
import type { JsonValue } from './types';
import {
  mainJson, bool, col, ctxDef, en, fmt, follow, followingFields, font, json, len, list, num, obj, optObj, same, txt,
} from './nodes';
import type { AnyNode, DefaultContext } from './nodes';
import { cjkRegion, defaultNumerals, defaultResourceTypes, isArabicScript, languageOf, localeStrings, hyphenationId } from './locale';

// ---------------------------------------------------------------------------------------------
// Shared enums (§0.2)

export const TEXT_ALIGN = ['left', 'right', 'center', 'justify', 'start', 'end'] as const;
export const BODY_ALIGN = ['left', 'justify', 'start', 'end'] as const;
export const PARITY = ['any', 'odd', 'even', 'always-odd', 'always-even'] as const;
export const RESET_ON = ['never', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export const PAGE_PRESETS = ['11x17', '12x19', '17x24', '21x28', 'broadsheet', 'berliner', 'tabloid', 'compact', 'custom'] as const;
export const WEIGHT = { min: 100, max: 900, int: true } as const;

/** Trim sizes of the presets (§2.1), in the unit they are defined in. */
export const PAGE_PRESET_SIZES: Record<Exclude<(typeof PAGE_PRESETS)[number], 'custom'>, { width: { value: number; unit: 'cm' | 'mm' }; height: { value: number; unit: 'cm' | 'mm' } }> = {
  '11x17': { width: { value: 11, unit: 'cm' }, height: { value: 17, unit: 'cm' } },
  '12x19': { width: { value: 12, unit: 'cm' }, height: { value: 19, unit: 'cm' } },
  '17x24': { width: { value: 17, unit: 'cm' }, height: { value: 24, unit: 'cm' } },
  '21x28': { width: { value: 21, unit: 'cm' }, height: { value: 28, unit: 'cm' } },
  broadsheet: { width: { value: 375, unit: 'mm' }, height: { value: 597, unit: 'mm' } },
  berliner: { width: { value: 315, unit: 'mm' }, height: { value: 470, unit: 'mm' } },
  tabloid: { width: { value: 280, unit: 'mm' }, height: { value: 430, unit: 'mm' } },
  compact: { width: { value: 297, unit: 'mm' }, height: { value: 420, unit: 'mm' } },
};

const NEWSPAPER = ['broadsheet', 'berliner', 'tabloid', 'compact'];
const isVertical = (c: DefaultContext): boolean => c.get('layout.writingMode') === 'vertical-rl';
const lang = (c: DefaultContext): string => languageOf(c.locale);
const pt = (value: number): JsonValue => ({ value, unit: 'pt' });
const em = (value: number): JsonValue => ({ value, unit: 'em' });
/** A Dimension times a factor, same unit (0.85 × caption size, §12.4). */
const times = (d: JsonValue | undefined, f: number): JsonValue | undefined =>
  d && typeof d === 'object' && !Array.isArray(d) && typeof d.value === 'number' ? { value: Math.round(d.value * f * 1e6) / 1e6, unit: d.unit ?? 'pt' } : undefined;

// ---------------------------------------------------------------------------------------------
// Reusable shapes

/** Design element (§5.3): fields of every kind; item-relative visibility (`~.kind`) gates kind-specific ones. */
function designElement(slot: 'running' | 'heading') {
  const isText = { path: '~.kind', equals: ['text'] } as const;
  const isRule = { path: '~.kind', equals: ['rule'] } as const;
  return obj(
    {
      kind: en(['text', 'rule', 'box', 'image'], follow([], () => 'text', 'text when not given; kept whenever set'), 'What the element draws: text, a rule, a box or an image.'),
      id: txt(undefined, 'Name of the element, unique in its slot; other elements anchor to it as #id.'),
      parity: en(['all', 'odd', 'even'], 'all', 'Pages the element appears on by parity (page 1 is odd).'),
      pages: en(['all', 'body', 'opener', 'part', 'blank'], 'all', 'Page roles the element appears on.'),
      placement: json(undefined, 'Anchor (container, page, bleed, outer or #id and an edge), offset and size of the element.'),
      reserve: bool(true, 'Heading designs only: whether the element counts toward the height the heading reserves.'),
      content: txt('', 'Text template with placeholders such as {pageNumber}, {title}, {chapterTitle}.', { vis: isText }),
      align: en(TEXT_ALIGN, 'center', 'Alignment of the lines inside the element box.', { vis: isText }),
      direction: en(['ltr', 'rtl', 'auto', 'horizontal', 'vertical'], ctxDef((c) => (c.get(`${c.item}.kind`) === 'rule' ? 'horizontal' : undefined), 'text: the document direction; rule: horizontal'),
        'Text: base direction (ltr, rtl, auto). Rule: horizontal or vertical.'),
      fontFamily: font('EB Garamond', 'Typeface of the element text (one family).', { vis: isText }),
      fontSize: len('8pt', 'Size of the element text.', { em: 'element', vis: isText }),
      fontWeight: num(400, 'Weight of the element text (100–900).', { ...WEIGHT, vis: isText }),
      italic: bool(false, 'Sets the element text in italics.', { vis: isText }),
      color: col('#000000', 'Colour of the text or the rule.'),
      overflow: en(['wrap', 'ellipsis-start', 'ellipsis-middle', 'ellipsis-end', 'clip'],
        ctxDef((c) => (c.get(`${c.item}.kind`) !== 'text' ? undefined : slot === 'heading' ? 'wrap' : 'ellipsis-end'), 'wrap in heading and part designs, ellipsis-end elsewhere'),
        'What happens to text longer than its box: wrap, cut with an ellipsis, or clip.', { vis: isText }),
      verticalAlign: en(['top', 'middle', 'bottom'], 'middle', 'Vertical position of the lines in a box taller than them.', { vis: isText }),
      lineHeight: len('1.2em', 'Line spacing of the element text: a plain multiple of its size (1.2) or a length.', { em: 'element', numberAlso: '× font size', vis: isText }),
      letterSpacing: len('0pt', 'Extra space between letters (negative tightens).', { em: 'element', vis: isText }),
      textTransform: en(['none', 'uppercase'], 'none', 'Sets the element text in capitals.', { vis: isText }),
      box: json(undefined, 'Background, border, radius and padding behind the text.', { vis: isText }),
      dropCap: json(undefined, 'Initial letter of the element text (lines, face, size, colour, gap).', { vis: isText }),
      paragraphIndent: len('0pt', 'First-line indent of paragraphs after the first.', { em: 'element', vis: isText }),
      hyphenate: bool(false, 'Allows syllable breaks in wrapped or justified design text.', { vis: isText }),
      inlineMarks: bool(false, 'Reads **bold**, *italic*, ^sup^ and ~sub~ in the resolved text.', { vis: isText }),
      stroke: json(undefined, 'Outlined letters: stroke width, colour and whether the letters are hollow.', { vis: isText }),
      writingMode: en(['horizontal-tb', 'vertical-rl'], 'horizontal-tb', 'Sets the element text vertically (e.g. on the fore-edge).', { vis: isText }),
      thickness: len('0.5pt', 'Thickness of the rule.', { vis: isRule }),
      width: json(undefined, "Legacy rule length ('full' or a length).", { vis: isRule }),
      marginFromBody: len(undefined, 'Legacy: distance of the rule from the body (6 pt when used).', { vis: isRule }),
      marginFromEdge: len(undefined, 'Legacy: distance of the rule from the page edge (0 pt when used).', { vis: isRule }),
      style: obj(
        {
          backgroundColor: col('transparent', 'Fill of the box.'),
          borderColor: col('transparent', 'Colour of the box border.'),
          borderWidth: len('0pt', 'Width of the box border, stroked inside the box.'),
          borderRadius: len('0pt', 'Corner radius, clamped to half the short side.'),
        },
        'Look of a box element.',
        { vis: { path: '~.kind', equals: ['box'] } },
      ),
      resourceId: txt(undefined, 'Resource shown by an image element (may contain placeholders).', { vis: { path: '~.kind', equals: ['image'] } }),
      decorative: bool(false, 'Marks the image as decoration for accessibility.', { vis: { path: '~.kind', equals: ['image'] } }),
    },
    'One element of a design slot.',
    { open: true },
  );
}

function slot(kind: 'running' | 'heading', help: string, builtins?: (c: DefaultContext) => JsonValue[]) {
  return obj(
    {
      elements: list(designElement(kind), 'Elements of the slot in paint order. An empty list draws nothing.', {
        key: 'id', mode: 'replace', ...(builtins ? { builtins } : {}),
      }),
    },
    help,
  );
}

const placementAt = (edge: string, y: number, width?: string): JsonValue => {
  const p: Record<string, JsonValue> = { anchor: { to: 'container', edge }, offset: { y: pt(y) } };
  if (width) p.size = { width };
  return p;
};
/** Built-in running heads (§5.2). */
const BUILTIN_HEADER = (): JsonValue[] => [
  { kind: 'text', id: 'titleOdd', parity: 'odd', content: '{title}', placement: placementAt('bottom-right', -16, 'auto'), fontFamily: 'Open Sans', fontSize: pt(8), fontWeight: 600, color: mainJson(), align: 'right', overflow: 'ellipsis-end' },
  { kind: 'text', id: 'chapterEven', parity: 'even', content: '{chapterTitle}', placement: placementAt('bottom-left', -16, 'auto'), fontFamily: 'Open Sans', fontSize: pt(8), fontWeight: 600, color: mainJson(), align: 'left', overflow: 'ellipsis-end' },
  { kind: 'rule', id: 'rule', placement: placementAt('bottom', -13, 'fill'), thickness: pt(1), color: mainJson() },
];
const BUILTIN_FOOTER = (): JsonValue[] => [
  { kind: 'text', id: 'pageNumber', content: '{pageNumber}', placement: placementAt('top', 16), fontFamily: 'Open Sans', fontSize: pt(8), fontWeight: 600, color: mainJson(), align: 'center' },
];

/** Drop cap (§6.7); `false` removes an inherited one. */
function dropCap(help: string) {
  return optObj(
    {
      lines: num(3, 'Number of lines the initial spans.', { min: 1, int: true, unit: 'lines' }),
      sink: num(undefined, 'Line on whose baseline the initial sits (defaults to lines).', { min: 1, int: true, unit: 'lines' }),
      characters: num(1, 'How many letters (grapheme clusters) form the initial.', { min: 1, int: true }),
      fontFamily: font(undefined, "Typeface of the initial (the paragraph's when unset)."),
      fontWeight: num(undefined, "Weight of the initial (the paragraph's when unset).", WEIGHT),
      italic: bool(false, 'Sets the initial in italics.'),
      fontSize: len(undefined, 'Size of the initial; computed so cap tops align when unset.'),
      color: col(undefined, "Colour of the initial (the paragraph's when unset)."),
      gap: len('0.15em', 'Space between the initial and the text.', { em: 'surrounding' }),
      punctuation: en(['with-cap', 'hang', 'text'], 'with-cap', 'Where opening punctuation before the initial goes.'),
      leadIn: json(undefined, 'Lead-in after the initial: words or the rest of the line, small caps or capitals.'),
      shortParagraph: en(['reserve', 'shrink', 'skip'], 'reserve', 'What to do when the paragraph is shorter than the initial.'),
      each: bool(false, 'Paragraph styles: an initial on every paragraph.'),
    },
    help,
    { allowFalse: true },
  );
}

/** Tab stop (§6.6). */
const tabStop = obj(
  {
    position: len(undefined, "Position from the start edge: a length, 'end' or a percentage such as '50%'.", { em: 'paragraph', kw: ['end', '%'] }),
    align: en(['start', 'end', 'center', 'decimal'], 'start', 'How text aligns on the stop.'),
    leader: txt(undefined, "Characters filling the gap before the stop ('.', '. ', '·', '_', '-', 'rule')."),
    leaderGap: len('0.5em', 'Space kept free around the leader.', { em: 'paragraph' }),
    decimalChar: txt(ctxDef((c) => localeStrings(c.locale).decimalChar, "the language's decimal mark"), 'Character decimal stops align on.'),
  },
  'One tab stop.',
);

// ---------------------------------------------------------------------------------------------
// §2 page

const page = obj(
  {
    sizePreset: en(PAGE_PRESETS, '17x24', 'Trim size preset; supplies width and height when they are not set.', { l: 'Page size', p: 'C' }),
    width: len(follow('page.sizePreset', (c) => presetSize(c, 'width'), 'the size preset'), 'Trim width of the page; an explicit value wins over the preset.', { unit: 'cm', l: 'Page width', p: 'C' }),
    height: len(follow('page.sizePreset', (c) => presetSize(c, 'height'), 'the size preset'), 'Trim height of the page; an explicit value wins over the preset.', { unit: 'cm', l: 'Page height', p: 'C' }),
    margins: obj(
      {
        top: len('2cm', 'Distance from the top trim to the type area.', { l: 'Top margin', p: 'C' }),
        bottom: len('2cm', 'Distance from the bottom trim to the type area.', { l: 'Bottom margin', p: 'C' }),
        left: len('1.5cm', 'Left margin; the inner (spine) margin when margins are mirrored.', { l: 'Left / inner margin', p: 'C' }),
        right: len('1.5cm', 'Right margin; the outer (fore-edge) margin when margins are mirrored.', { l: 'Right / outer margin', p: 'C' }),
        mirror: bool(false, 'Facing pages: even pages swap left and right margins (inner and outer).', { l: 'Mirror margins', p: 'M' }),
      },
      'Page margins around the type area.',
    ),
    backgroundColor: col('transparent', 'Fill colour of the whole page.', { l: 'Page colour' }),
    dpi: num(300, 'Device pixels per inch for every absolute unit; natural print size of bitmaps without their own resolution.', { min: 1, unit: 'ppi', l: 'Resolution (dpi)' }),
    cutLines: obj(
      {
        enabled: bool(false, 'Adds bleed and eight corner crop marks around the trim; the PDF gets TrimBox and BleedBox.', { l: 'Crop marks' }),
        bleed: len('3mm', 'Bleed area painted beyond the trim.', { vis: { path: 'page.cutLines.enabled', equals: [true] } }),
        markLength: len('5mm', 'Length of each crop mark.', { vis: { path: 'page.cutLines.enabled', equals: [true] } }),
        markOffset: len('3mm', 'Gap between the trim and a crop mark (never inside the bleed).', { vis: { path: 'page.cutLines.enabled', equals: [true] } }),
        markWidth: len('0.25pt', 'Line width of the crop marks.', { vis: { path: 'page.cutLines.enabled', equals: [true] } }),
        color: col('#000000', 'Colour of the crop marks on screen (the PDF uses registration colour).', { vis: { path: 'page.cutLines.enabled', equals: [true] } }),
      },
      'Crop marks and bleed for print.',
      { booleanMeansEnabled: true, sec: 'cutLines' },
    ),
    baselineGrid: obj(
      {
        enabled: bool(false, 'Draws the baseline grid (layout always snaps to it).', { l: 'Show baseline grid' }),
        color: col('#cccccc', 'Colour of the drawn grid lines.', { vis: { path: 'page.baselineGrid.enabled', equals: [true] } }),
        lineWidth: len('0.5pt', 'Line width of the drawn grid.', { vis: { path: 'page.baselineGrid.enabled', equals: [true] } }),
      },
      'Drawing of the baseline grid.',
      { sec: 'grid' },
    ),
    pageNumbering: obj(
      {
        format: fmt('page', 'decimal', 'Number style of page labels ({pageNumber}, PDF page labels).', { l: 'Page number style' }),
        startAt: num(1, 'Number of the first page.', { int: true, l: 'First page number' }),
      },
      'Page numbers.',
    ),
    binding: en(['auto', 'left', 'right'], 'auto', 'Spine side: auto binds on the right for vertical, right-to-left or right-to-left comic books.'),
  },
  'Trim size, margins, resolution, crop marks and page numbers.',
  { sec: 'page' },
);

function presetSize(c: DefaultContext, side: 'width' | 'height'): JsonValue | undefined {
  const p = c.get('page.sizePreset');
  const key = typeof p === 'string' && p in PAGE_PRESET_SIZES ? (p as keyof typeof PAGE_PRESET_SIZES) : '17x24';
  return { ...PAGE_PRESET_SIZES[key][side] };
}

// ---------------------------------------------------------------------------------------------
// §4 layout

const multiColumn = { path: 'layout.layoutType', not: ['single'] } as const;
const layout = obj(
  {
    layoutType: en(['single', 'double', 'oneAndHalf', 'multiple'], 'double', 'Column model: one column, two equal columns, a main plus a side column, or 3–8 columns.', { l: 'Columns', p: 'C' }),
    columnCount: num(3, 'Number of columns of the multiple-column model (3–8).', { min: 3, max: 8, int: true, clamp: 'columnCountClamped', vis: { path: 'layout.layoutType', equals: ['multiple'] } }),
    gutterWidth: len('0.75cm', 'Space between columns (between tiers in vertical text).', { l: 'Gutter', vis: multiColumn, p: 'C' }),
    sideColumnPercent: num(33, 'Width of the side column as a percentage of the content width.', { min: 1, max: 99, unit: '%', clamp: 'sideColumnPercentClamped', vis: { path: 'layout.layoutType', equals: ['oneAndHalf'] } }),
    sideColumnRole: en(['text', 'floats'], 'text', 'Whether running text continues into the side column or it only holds side figures, tables and boxes.', { vis: { path: 'layout.layoutType', equals: ['oneAndHalf'] } }),
    sideColumnSide: en(['right', 'left', 'outer', 'inner'], 'right', 'Side of the page the side column sits on.', { vis: { path: 'layout.layoutType', equals: ['oneAndHalf'] } }),
    columnRule: obj(
      {
        enabled: bool(false, 'Draws a vertical rule in every gutter.', { l: 'Column rule' }),
        color: col('#cccccc', 'Colour of the column rule.', { vis: { path: 'layout.columnRule.enabled', equals: [true] } }),
        lineWidth: len('0.5pt', 'Width of the column rule.', { vis: { path: 'layout.columnRule.enabled', equals: [true] } }),
      },
      'Rules between columns.',
      { vis: multiColumn },
    ),
    fitFiguresToPage: bool(false, 'Shrinks figures taller than the content area.'),
    bitmapResolution: num('document', "Natural size of bitmaps without their own resolution: 'document' (page dpi), 'file' (the file's ppi) or a fixed ppi.", { kw: ['document', 'file'], unit: 'ppi' }),
    floatShrink: obj(
      {
        mode: en(['never', 'page', 'slot'], 'never', 'Scales a float into its slot instead of deferring it.'),
        minScale: num(0.7, 'Smallest scale a shrunk float may take.', { min: 0, max: 1 }),
      },
      'Shrinking floats to fit.',
    ),
    wrap: obj(
      {
        gap: len(follow(['bodyText.fontSize', 'bodyText.lineHeight'], (c) => bodyLine(c), 'one body line'), 'Gap between wrapped items and the text around them.'),
        minTextWidth: len('12em', 'Narrowest text beside a wrapped item (a length or a fraction of the column).', { numberAlso: 'fraction of the column' }),
        minLinesBeside: num(2, 'Fewest lines beside a wrapped item.', { min: 1, int: true, unit: 'lines' }),
        defaultWidth: num(0.45, 'Share of the column a wrapped item takes when it has no width.', { min: 0, max: 1 }),
      },
      'Text wrapping around figures.',
    ),
    floatsAtCitingPage: bool(false, 'Lets a top float head the page or column of its citing line.'),
    maxTopFraction: num(0.7, 'Largest share of the column height such a float may take.', { min: 0, max: 1 }),
    hugClosingFloats: bool(true, "Moves page-wide floats on a chapter's closing page up under the last text."),
    inlineResourceGap: en(['around', 'above'], 'around', 'One-line gap around inline resources, or only above (before 1.5).'),
    inlineResourceGapInBoxes: bool(true, 'Same gap around inline resources inside callouts.'),
    boxChildSplitMinLines: num(2, 'Fewest lines of a paragraph or item on each side of a cut inside a split box.', { min: 1, int: true, unit: 'lines' }),
    flowColumns: bool(true, ':::columns fences set sub-columns and may split between them.'),
    floatsUnderOpener: bool(true, "The head of the opener's own column under a page-wide band takes floats."),
    writingMode: en(['horizontal-tb', 'vertical-rl'], 'horizontal-tb', 'Horizontal text or vertical CJK text (columns become tiers).', { sec: 'cjk' }),
  },
  'Columns, gutters, column rules and float behaviour.',
  { sec: 'layout' },
);

function bodyLine(c: DefaultContext): JsonValue | undefined {
  const size = c.get('bodyText.fontSize');
  const lh = c.get('bodyText.lineHeight');
  if (!isDim(size) || !isDim(lh)) return undefined;
  if (lh.unit === 'em') return size.unit === 'pt' ? pt(round(size.value * lh.value)) : { value: round(size.value * lh.value), unit: size.unit };
  return { ...lh };
}
const round = (n: number): number => Math.round(n * 1e6) / 1e6;
function isDim(v: JsonValue | undefined): v is { value: number; unit: string } {
  return !!v && typeof v === 'object' && !Array.isArray(v) && typeof v.value === 'number' && typeof v.unit === 'string';
}

// ---------------------------------------------------------------------------------------------
// §6 bodyText

const justified = { path: 'bodyText.textAlign', equals: ['justify'] } as const;
const bodyText = obj(
  {
    fontFamily: font('EB Garamond', 'Typeface of running text (one family).', { l: 'Body typeface', p: 'C' }),
    fontSize: len('8pt', 'Size of running text; also what rem means and a factor of the baseline grid.', { l: 'Body size', p: 'C' }),
    lineHeight: len('1.5em', 'Leading of running text; equals the baseline grid pitch.', { l: 'Line height (leading)', p: 'C' }),
    paragraphSpacing: bool(false, 'Leaves a blank line between paragraphs.'),
    color: col({ hex: '#000000', model: 'cmyk' }, 'Colour of running text.', { l: 'Text colour' }),
    boldColor: col('main', 'Colour of **bold** runs (linked to the main colour).'),
    italicColor: col('main', 'Colour of *italic* runs (linked to the main colour).'),
    referenceColor: col(same('bodyText.boldColor'), 'Colour of cross-reference labels; follows the bold colour.'),
    referenceBold: bool(true, 'Sets cross-reference labels in bold.'),
    referenceItalic: bool(false, 'Sets cross-reference labels in italics.'),
    textAlign: en(BODY_ALIGN, 'justify', 'Alignment of running text.', { l: 'Alignment', p: 'C' }),
    fontWeight: num(400, 'Weight of running text.', WEIGHT),
    boldFontWeight: num(700, 'Weight of bold runs.', WEIGHT),
    firstLineIndent: len('1.5em', 'Indent of the first line of a paragraph (of all but the first with a hanging indent).', { l: 'Paragraph indent', p: 'C' }),
    hangingIndent: bool(false, 'French (hanging) indent: all lines but the first are indented.'),
    indentAfterHeading: bool(true, 'Indents the first paragraph after a heading; off sets it flush.'),
    emphasis: en(['auto', 'italic', 'bold', 'color', 'overline'], 'auto', 'How *emphasis* is shown; auto is bold in Arabic-script books, else italic.'),
    tashkil: en(['keep', 'strip', 'strip-vowels'], 'keep', 'Arabic vowel marks: keep, remove all or remove short vowels only.', { sec: 'language' }),
    hardLineBreaks: bool(true, 'A trailing backslash forces a line break.'),
    tabStops: list(tabStop, 'Tab stops of running text, by position.', { mode: 'replace' }),
    tabInterval: len(undefined, 'Spacing of default tab stops after the last set stop.', { em: 'paragraph' }),
    blockquote: obj(
      {
        color: col('#666666', 'Colour of quotations.'),
        italic: bool(ctxDef((c) => !isArabicScript(c.locale), 'italic, upright in Arabic documents'), 'Sets quotations in italics.'),
        indent: len('0em', 'Indent of the whole quotation.', { em: 'body' }),
        firstLineIndent: len(same('bodyText.firstLineIndent'), 'First-line indent inside quotations; follows the body indent.'),
      },
      'Look of > quotations.',
      { sec: 'quotes' },
    ),
    verse: obj(
      {
        layout: en(['auto', 'bayt'], 'auto', 'Line layout of poems; bayt sets two hemistichs per line.'),
        indentStep: len('0.5em', 'Indent per leading space of a verse line.', { em: 'poem' }),
        turnover: en(['hang', 'right'], 'hang', 'Where a verse line too long for the measure continues.'),
        hang: len('2em', 'Indent of a turned-over verse line.', { em: 'poem' }),
        turnoverMark: txt('[', 'Mark before a turnover set flush right.'),
        stanzaSpace: num(1, 'Space between stanzas, in lines.', { min: 0, unit: 'lines' }),
        keepStanzas: num(0, 'Keeps stanzas of up to this many lines together (0 = off).', { min: 0, int: true, unit: 'lines' }),
        tighten: bool(true, 'Tightens a verse line slightly to avoid a turnover.'),
      },
      'Look of :::verse poems.',
      { sec: 'quotes' },
    ),
    hyphenation: obj(
      {
        enabled: bool(true, 'Breaks words at syllables.', { l: 'Hyphenation' }),
        locale: txt(follow('locale', (c) => c.get('locale') ?? 'en-us', 'the document language'), 'Language whose hyphenation patterns are used.', { l: 'Hyphenation language' }),
        ragged: bool(false, 'Hyphenates left-, right- and centre-aligned text too.'),
        zone: len('3em', 'Ragged text only: split a word only if moving it whole leaves a gap wider than this.', { vis: { path: 'bodyText.hyphenation.ragged', equals: [true] } }),
        compounds: bool(true, 'Allows breaks inside hyphenated compounds (off: only at their own hyphen).'),
      },
      'Hyphenation of running text.',
      { sec: 'hyphenation' },
    ),
    optimalLineBreaking: bool(true, 'Chooses line breaks for the whole paragraph (Knuth–Plass) instead of line by line.', { sec: 'justification' }),
    optimalRagged: bool(true, 'Uses whole-paragraph breaking for ragged text too.', { sec: 'justification' }),
    maxWordSpacing: num(2, 'Widest word space in justified lines, as a multiple of the normal space.', { min: 0, unit: '× space', sec: 'justification', vis: justified }),
    minWordSpacing: num(0.6, 'Narrowest word space in justified lines, as a multiple of the normal space.', { min: 0, unit: '× space', sec: 'justification', vis: justified }),
    maxJustifyTracking: num(0, 'Letter spacing allowed for lines whose spaces would pass the bounds, in thousandths of an em.', { min: 0, unit: '‰ em', sec: 'justification', vis: justified }),
    breakAfterDashes: bool(true, 'Allows a break after a closed em or en dash between words.', { sec: 'justification' }),
    breakAfterHyphens: bool(true, 'Allows a break after the hyphen of a compound.', { sec: 'justification' }),
    repeatHyphen: bool(false, 'Repeats the hyphen at the start of the next line (Portuguese and Spanish practice).', { sec: 'justification' }),
    kashida: en(['auto', 'none'], ctxDef((c) => (isArabicScript(c.locale) ? 'auto' : 'none'), 'auto in Arabic-script documents, else none'), 'Justifies Arabic text by elongating letters.', { sec: 'justification' }),
    kashidaPatterns: en(['auto', 'naskh', 'simple', 'nastaliq'], 'auto', 'Where elongations go; auto reads it from the font.', { sec: 'justification' }),
    kashidaPerWord: num(1, 'Most elongations per word.', { min: 0, int: true, sec: 'justification' }),
    kashidaMaxLength: num(0.6, 'Longest elongation, in ems.', { min: 0, unit: 'em', sec: 'justification' }),
    avoidOrphans: bool(true, 'Avoids carrying too few lines of a paragraph to the top of the next column.', { sec: 'breaks', p: 'C' }),
    orphanMinLines: num(2, 'Fewest lines at the head of the next column.', { min: 1, int: true, unit: 'lines', sec: 'breaks', vis: { path: 'bodyText.avoidOrphans', equals: [true] } }),
    orphanPenalty: num(1000, 'Cost of breaking that rule (0 disables, 10000 forbids).', { min: 0, max: 10000, sec: 'breaks', vis: { path: 'bodyText.avoidOrphans', equals: [true] } }),
    avoidOrphansInLists: bool(true, 'Applies the same rule to list items.', { sec: 'breaks' }),
    avoidWidows: bool(true, 'Avoids leaving too few lines of a paragraph at the foot of a column.', { sec: 'breaks', p: 'C' }),
    widowMinLines: num(2, 'Fewest lines at the foot of a column; also the room a heading keeps after it.', { min: 1, int: true, unit: 'lines', sec: 'breaks', vis: { path: 'bodyText.avoidWidows', equals: [true] } }),
    widowPenalty: num(1000, 'Cost of breaking that rule.', { min: 0, max: 10000, sec: 'breaks', vis: { path: 'bodyText.avoidWidows', equals: [true] } }),
    avoidWidowsInLists: bool(true, 'Applies the same rule to list items.', { sec: 'breaks' }),
    avoidRunts: bool(true, 'Discourages very short last lines of paragraphs.', { sec: 'breaks' }),
    runtMinCharacters: num(20, 'A last line shorter than this many space widths is a runt (20 ≈ 8–12 letters).', { min: 0, unit: 'space widths', sec: 'breaks', vis: { path: 'bodyText.avoidRunts', equals: [true] } }),
    runtPenalty: num(1000, 'Cost of a runt.', { min: 0, max: 10000, sec: 'breaks', vis: { path: 'bodyText.avoidRunts', equals: [true] } }),
    gradedRuntPenalty: bool(false, 'Makes the runt cost grow the shorter the line.', { sec: 'breaks' }),
    avoidRuntsInLists: bool(true, 'Applies the runt rule to list items.', { sec: 'breaks' }),
    tightenRunts: bool(true, 'Tries one line fewer by tightening when a runt survives.', { sec: 'breaks' }),
    maxRuntTracking: num(10, 'Negative letter spacing allowed for that, in thousandths of an em.', { min: 0, unit: '‰ em', sec: 'breaks' }),
    slackWeight: num(10, 'Weight of unused column space when choosing breaks.', { min: 0, sec: 'breaks' }),
    keepColonWithList: bool(true, 'Keeps a paragraph ending in a colon with the list it introduces.', { sec: 'breaks' }),
    colonListRoom: en(['item', 'line'], 'item', 'Room required under the colon line: a whole item or one line.', { sec: 'breaks' }),
    hyphenateAcrossColumns: bool(true, 'Allows a hyphen at the end of a column or page.', { sec: 'breaks' }),
    paragraphContainerSpacing: en(['collapse', 'add'], 'collapse', 'Space under :::paragraphs containers: collapse with the next or add.', { sec: 'breaks' }),
  },
  'Running text: typeface, size, leading, alignment, hyphenation and break rules.',
  { sec: 'bodyText' },
);

// ---------------------------------------------------------------------------------------------
// §8 headings

const H_SIZES = [18, 15, 12, 10, 9, 8] as const; // pt, levels 1–6 (§8.2)

/** Level fields (§8.2); `inherit` false gives the field set of heading styles (no own defaults). */
function levelFields(inherit: boolean) {
  const f = <T>(d: T): T | undefined => (inherit ? d : undefined);
  const up = (k: string) => (inherit ? same(`headings.${k}`) : undefined);
  return {
    fontFamily: font(up('fontFamily'), 'Typeface of this heading (the general heading face when unset).'),
    fontSize: len(undefined, 'Size of this heading.', { em: 'body' }),
    lineHeight: len(up('lineHeight'), 'Leading of this heading.', { em: 'heading' }),
    fontWeight: num(up('fontWeight'), 'Weight of this heading.', WEIGHT),
    italic: bool(f(false), 'Sets this heading in italics.'),
    color: col(up('color'), 'Colour of this heading.'),
    marginTop: len(up('marginTop'), 'Space above this heading.', { em: 'heading' }),
    marginBottom: len(up('marginBottom'), 'Space below this heading.', { em: 'heading' }),
    snapToGrid: bool(up('snapToGrid'), 'Rounds the space after this heading to whole grid lines.'),
    textTransform: en(['none', 'uppercase'], f('none'), 'Sets this heading in capitals (bookmarks keep the original case).'),
    letterSpacing: len(f('0em'), 'Extra space between letters.', { em: 'heading' }),
    lineSpan: num(undefined, 'Centres the heading in a band of this many body lines instead of margins.', { min: 0, unit: 'lines' }),
    indent: len(f('0em'), 'Indent of the whole heading (in body ems).', { em: 'body' }),
    firstLineIndent: len(f('0em'), 'Indent of the first line of the heading (in body ems).', { em: 'body' }),
    jidori: num(undefined, 'Spreads a short one-line title evenly over this many of its own ems.', { min: 0, unit: 'em' }),
    dropCap: dropCap('Initial letter on the first body paragraph after this heading (false removes it).'),
    numberingTemplate: txt(f(''), "Number printed before the title, e.g. 'Chapter {1}. ' or '{1}.{2}'; empty = no number."),
    numberSeparator: txt(f(' '), 'Text between number and title.'),
    numberPosition: en(['before', 'replace'], f('before'), 'Number before the title, or the number replaces the title.'),
    breakBefore: obj(
      {
        enabled: bool(f(false), 'Starts this heading on a new page.'),
        parity: en(PARITY, f('any'), 'Which page the heading starts on: any, odd, even, or after a blank separator page.', { vis: { path: '~.breakBefore.enabled', equals: [true] } }),
      },
      'Page break before this heading.',
    ),
    hidden: bool(f(false), 'Structural heading: no ink and no space, but still numbered and listed.'),
    span: en(['column', 'page'], f('column'), "Width of the heading: its column, or a band across all columns (chapter opener)."),
    spanBreak: bool(f(true), 'Off (with no page break): a page-wide heading may sit mid-page.'),
    advancedDesign: obj(
      {
        enabled: bool(f(false), 'Composes the heading from a design slot.'),
        minHeight: len(undefined, 'Least height the designed heading reserves in the flow.'),
        slot: slot('heading', 'Elements of the heading design ({titleText}, {number}…).'),
      },
      'Designed headings.',
    ),
  };
}

const headingLevel = obj({ level: num(undefined, 'Heading level (1–6).', { min: 1, max: 6, int: true }), ...levelFields(true) }, 'One heading level.');

const balancing = obj(
  {
    enabled: bool(ctxDef((c) => !(isVertical(c) || c.get('cjk.grid.enabled') === true), 'off in vertical text and on a CJK grid, else on'), 'Levels the columns of a page by small adjustments.', { l: 'Column balancing' }),
    maxLinesPerHeading: num(4, 'Most grid lines added above one heading.', { min: 0, int: true, unit: 'lines' }),
    stretchAfterLists: bool(true, 'May add space after list ends.'),
    maxLinesAfterList: num(1, 'Most lines added after a list.', { min: 0, int: true, unit: 'lines' }),
    stretchAfterFloats: bool(true, 'May add space after displays and boxes.'),
    maxLinesAfterFloat: num(1, 'Most lines added after a float.', { min: 0, int: true, unit: 'lines' }),
    looseParagraphs: bool(true, 'May set the longest paragraph one line looser.'),
    maxLooseParagraphs: num(2, 'Most paragraphs loosened per column.', { min: 0, int: true }),
    trackParagraphs: bool(true, 'May add tiny letter spacing to loosen a paragraph.'),
    maxTracking: num(10, 'Most letter spacing for that, in thousandths of an em.', { min: 0, unit: '‰ em' }),
    trailing: bool(true, "Cuts a chapter's closing band level."),
    beforeSpan: bool(true, 'Levels the band above a page-wide box that must move or split.'),
    closingBox: en(['first', 'last', 'off'], 'first', 'Which box closing a short column drops to the last grid slot.'),
    gridLines: en(['allow', 'off'], 'allow', 'CJK character grid only: whether whole grid lines may be added.'),
  },
  'Column balancing levers.',
  { sec: 'balancing' },
);

const headings = obj(
  {
    fontFamily: font('Open Sans', 'Typeface of all headings.', { l: 'Heading typeface', p: 'C' }),
    lineHeight: len('1.2em', 'Leading of headings (in the level size).', { em: 'heading' }),
    color: col('main', 'Colour of headings (linked to the main colour).'),
    textAlign: en(TEXT_ALIGN, 'left', 'Alignment of all headings.'),
    fontWeight: num(700, 'Weight of headings.', WEIGHT),
    marginTop: len('1.5em', 'Space above a heading (in the level size); never added at a column top.', { em: 'heading' }),
    marginBottom: len('0.5em', 'Space below a heading (in the level size).', { em: 'heading' }),
    keepWithNext: bool(true, 'Keeps a heading with the lines that follow it.'),
    keepWithNextSpread: bool(false, 'Allows a heading at the foot of an even page when text continues on the facing page.'),
    keepWithNextSplit: en(['rules', 'fill'], 'rules', 'How the paragraph under a foot-of-column heading splits.'),
    snapToGrid: bool(true, 'Rounds the space after headings to whole grid lines.'),
    inlineMarks: bool(true, 'Reads italic, bold, superscript, subscript, small caps and links in headings.'),
    balancing,
    levels: list(headingLevel, 'Per-level settings; unlisted levels keep their defaults.', {
      key: 'level', keyValues: [1, 2, 3, 4, 5, 6], mode: 'merge', sec: 'headingLevels',
      builtins: (): JsonValue[] => H_SIZES.map((s, i): JsonValue => (i === 0 ? { level: 1, fontSize: pt(s), breakBefore: { enabled: true, parity: 'always-odd' } } : { level: i + 1, fontSize: pt(s) })),
    }),
  },
  'Heading typography, per-level sizes, breaks and balancing.',
  { sec: 'headings' },
);

// ---------------------------------------------------------------------------------------------
// §9 lists

function listLevel(kind: 'unordered' | 'ordered') {
  const owner = (k: string) => follow(`${kind}Lists.${k}`, (c) => c.get(`${c.owner}.${k}`), `the list-wide ${k}`);
  const common = {
    level: num(undefined, 'Nesting level (1–5).', { min: 1, max: 5, int: true }),
    fontFamily: font(owner('fontFamily'), 'Typeface at this level.'),
    color: col(owner('color'), 'Colour at this level.'),
    fontWeight: num(owner('fontWeight'), 'Weight at this level.', WEIGHT),
    italic: bool(owner('italic'), 'Italics at this level.'),
    indent: len(undefined, "Marker indent at this level; unset places it at the parent's text start.", { em: 'item' }),
    verticalOffset: len(owner(kind === 'unordered' ? 'bulletVerticalOffset' : 'numberVerticalOffset'), 'Moves the marker up or down.', { em: 'item' }),
  };
  if (kind === 'unordered') {
    return obj({ ...common, bulletChar: txt(owner('bulletChar'), 'Bullet at this level.'), fontSize: len(owner('bulletFontSize'), 'Bullet size at this level.', { em: 'item' }) }, 'One list level.');
  }
  return obj(
    {
      ...common,
      numberFormat: fmt('list', owner('numberFormat'), 'Number style at this level.'),
      prefix: txt(owner('prefix'), 'Text before the number.'),
      separator: txt(owner('separator'), 'Text after the number.'),
      fontSize: len(owner('numberFontSize'), 'Number size at this level.', { em: 'item' }),
      separatorFontFamily: font(owner('separatorFontFamily'), 'Typeface of the separator.'),
      separatorFontWeight: num(owner('separatorFontWeight'), 'Weight of the separator.', WEIGHT),
      separatorItalic: bool(owner('separatorItalic'), 'Italic separator.'),
      separatorColor: col(owner('separatorColor'), 'Colour of the separator.'),
    },
    'One list level.',
  );
}

const levelsBuiltin = (): JsonValue[] => [1, 2, 3, 4, 5].map((level) => ({ level }));

const unorderedLists = obj(
  {
    fontFamily: font(same('bodyText.fontFamily'), 'Typeface of bulleted lists; follows the body face.'),
    color: col('main', 'Colour of list text and bullets (linked to the main colour).'),
    fontWeight: num(700, 'Weight of list text.', WEIGHT),
    italic: bool(false, 'Sets list text in italics.'),
    bulletChar: txt('•', 'Bullet character.', { l: 'Bullet' }),
    bulletFontSize: len('1em', 'Size of the bullet.', { em: 'item' }),
    gap: len('0.5em', 'Space between bullet and text.', { em: 'item' }),
    indent: len('0em', 'Indent of level-1 bullets from the column edge.', { em: 'item' }),
    bulletVerticalOffset: len('0em', 'Moves bullets up or down.', { em: 'item' }),
    marginTop: len('1.5em', 'Space above a list.', { em: 'item' }),
    marginBottom: len('1.5em', 'Space below a list.', { em: 'item' }),
    itemSpacing: len('0em', 'Space between items.', { em: 'item' }),
    snapTopToGrid: bool(false, 'Snaps the top of a list to the grid.'),
    hangingIndent: bool(true, 'Aligns turnover lines with the item text.'),
    taskCheckboxChar: txt('☐', 'Marker of an open task.'),
    taskCheckedChar: txt('☑', 'Marker of a done task.'),
    taskCompletedStrikethrough: bool(true, 'Strikes through done tasks.'),
    taskCompletedColor: col(follow('unorderedLists.color', (c) => c.get('unorderedLists.color'), 'the item colour'), 'Colour of done tasks; follows the item colour.'),
    levels: list(listLevel('unordered'), 'Per-level bullets and indents.', { key: 'level', keyValues: [1, 2, 3, 4, 5], mode: 'merge', builtins: levelsBuiltin }),
  },
  'Bulleted and task lists.',
  { sec: 'unorderedLists' },
);

const orderedLists = obj(
  {
    fontFamily: font(same('bodyText.fontFamily'), 'Typeface of numbered lists; follows the body face.'),
    color: col('main', 'Colour of list text and numbers (linked to the main colour).'),
    fontWeight: num(700, 'Weight of list text.', WEIGHT),
    italic: bool(false, 'Sets list text in italics.'),
    numberFormat: fmt('list', 'arabic', 'Number style of items.'),
    prefix: txt('', 'Text before each number.'),
    separator: txt('.', 'Text after each number.'),
    separatorFontFamily: font(undefined, 'Typeface of the separator (the number style when unset).'),
    separatorFontWeight: num(undefined, 'Weight of the separator (the number style when unset).', WEIGHT),
    separatorItalic: bool(undefined, 'Italic separator (the number style when unset).'),
    separatorColor: col(undefined, 'Colour of the separator (the number style when unset).'),
    separatorGap: len('0em', 'Space between number and separator.', { em: 'item' }),
    numberFontSize: len('1em', 'Size of the numbers.', { em: 'item' }),
    gap: len('0.5em', 'Space between number and text.', { em: 'item' }),
    indent: len('0em', 'Indent of level-1 numbers from the column edge.', { em: 'item' }),
    numberVerticalOffset: len('0em', 'Moves numbers up or down.', { em: 'item' }),
    marginTop: len('1.5em', 'Space above a list.', { em: 'item' }),
    marginBottom: len('1.5em', 'Space below a list.', { em: 'item' }),
    itemSpacing: len('0em', 'Space between items.', { em: 'item' }),
    snapTopToGrid: bool(false, 'Snaps the top of a list to the grid.'),
    numberWidth: en(['run', 'level'], 'run', 'Width of the number column: widest in the list, or widest at that depth in the book.'),
    hangingIndent: bool(true, 'Aligns turnover lines with the item text.'),
    levels: list(listLevel('ordered'), 'Per-level number styles and indents.', { key: 'level', keyValues: [1, 2, 3, 4, 5], mode: 'merge', builtins: levelsBuiltin }),
  },
  'Numbered lists.',
  { sec: 'orderedLists' },
);

// ---------------------------------------------------------------------------------------------
// §10 math

const math = obj(
  {
    enabled: bool(true, 'Typesets $…$ formulas; off prints them literally.'),
    fontSizeScale: num(1, 'Formula size relative to the surrounding text.', { min: 0, unit: '×' }),
    color: col(same('bodyText.color'), 'Colour of formulas; follows the body colour.'),
    marginTop: len('0.8em', 'Space above display formulas.', { em: 'formula' }),
    marginBottom: len('0.8em', 'Space below display formulas (a minimum).', { em: 'formula' }),
    indentAfterDisplay: bool(true, 'Indents the paragraph after a display.'),
    keepWithLeadIn: bool(false, 'Keeps a display with the line introducing it.'),
    equationNumbering: obj(
      {
        enabled: bool(true, 'Numbers labelled displays.'),
        numberingTemplate: txt('{n}', "Number template; '{h1}.{n}' numbers per chapter."),
        resetOn: en(RESET_ON, 'never', 'Heading level that restarts the count.'),
        counterFormat: fmt('counter', 'decimal', 'Number style of the counter.'),
        format: txt('({n})', 'Number as printed and as cited by \\eqref.'),
      },
      'Equation numbers.',
    ),
  },
  'LaTeX formulas.',
  { sec: 'math' },
);

// ---------------------------------------------------------------------------------------------
// §11 notes and references

const footnotes = obj(
  {
    placement: en(['column', 'chapterEnd', 'spread'], ctxDef((c) => (lang(c) === 'ja' && isVertical(c) ? 'chapterEnd' : 'column'), 'column; chapterEnd in vertical Japanese'), 'Where notes print: foot of the column, end of the chapter or across the spread.'),
    numbering: en(['chapter', 'document', 'page', 'column', 'spread'], ctxDef((c) => (lang(c) === 'ja' && !isVertical(c) ? 'page' : c.get('footnotes.numberFormat') === 'symbols' ? 'page' : 'chapter'), 'chapter; page in horizontal Japanese or with symbols'), 'Where note numbers restart.'),
    numberFormat: fmt('counter', 'decimal', "Number style of notes, or 'symbols' (*, †, ‡…).", { extra: ['symbols'] }),
    symbols: list(txt(undefined, 'One symbol.'), 'Symbols used in order, then doubled and tripled.', {
      mode: 'replace', builtins: () => ['*', '†', '‡', '§', '‖', '¶'], vis: { path: 'footnotes.numberFormat', equals: ['symbols'] },
    }),
    markerPosition: en(['auto', 'superscript', 'inline', 'side', 'right'], 'auto', 'How the reference mark sits in the text.'),
    // §11.1: 1 em, but 0.6 em for a mark beside the word ('side') and 0.7 em at the right ('right').
    markerSize: len(
      ctxDef((c) => em(({ side: 0.6, right: 0.7 } as Record<string, number>)[String(c.get('footnotes.markerPosition'))] ?? 1), '1 em; 0.6 em for side marks, 0.7 em for right ones'),
      'Size of the reference mark.',
      { em: 'surrounding', unit: 'em' },
    ),
    numberGap: en(['en', 'em'], 'en', 'Space after the number in the note.'),
    markerTemplate: txt(ctxDef((c) => (lang(c) === 'ja' && isVertical(c) ? '（{n}）' : '{n}'), '{n}; （{n}） in vertical Japanese'), 'Template of the mark, with {n} for the number.'),
    noteNumberPosition: en(['auto', 'superscript', 'inline'], 'auto', 'How the number sits in the note itself.'),
    chapterEndAlign: en(['foot', 'text'], 'foot', 'Chapter-end notes: at the foot of the last page or right after the text.'),
    fontSize: len(follow('bodyText.fontSize', () => em(0.8), '0.8 × body size'), 'Size of note text (in body ems).', { em: 'body' }),
    lineHeight: len('1.25em', 'Leading of notes (in note ems).', { em: 'note' }),
    color: col(same('bodyText.color'), 'Colour of notes; follows the body colour.'),
    textAlign: en(TEXT_ALIGN, same('bodyText.textAlign'), 'Alignment of notes; follows the body.'),
    hangingIndent: len('0pt', 'Hanging indent of notes.', { em: 'note' }),
    spaceBetween: len('0pt', 'Space between notes.', { em: 'note' }),
    spaceAbove: len('0.5em', 'Space between text and the notes (in body ems).', { em: 'body' }),
    spaceBelowRule: len('0.4em', 'Space between the rule and the first note.', { em: 'note' }),
    separator: obj(
      {
        enabled: bool(true, 'Draws a rule above the notes.'),
        width: num(ctxDef((c) => (lang(c) === 'ja' ? 1 / 3 : 0.3), '0.3; 1/3 in Japanese'), 'Length of the rule as a fraction of the column.', { min: 0, max: 1 }),
        lineWidth: len('0.5pt', 'Thickness of the rule.'),
        color: col(same('footnotes.color'), 'Colour of the rule; follows the note colour.'),
      },
      'Rule above the notes.',
    ),
  },
  'Footnotes.',
  { sec: 'footnotes' },
);

const lineNumbers = obj(
  {
    enabled: bool(false, 'Prints line numbers in the margin.', { l: 'Line numbers' }),
    count: en(['verse', 'all'], 'verse', 'Numbers poem lines only, or every line.'),
    interval: num(5, 'Prints only multiples of this number.', { min: 1, int: true }),
    numberFirst: bool(false, 'Also numbers the first line.'),
    restart: en(['document', 'chapter', 'section', 'page', 'poem'], ctxDef((c) => (c.get('lineNumbers.count') === 'all' ? 'page' : 'poem'), 'poem when counting verse, page when counting all'), 'Where the count restarts.'),
    startAt: num(1, 'First number.', { int: true }),
    position: en(['outer', 'inner', 'left', 'right', 'start', 'end', 'side'], 'outer', 'Margin the numbers sit in.'),
    multiColumn: en(['each', 'gutter', 'outer-edges'], 'outer-edges', 'Placement with several columns.'),
    gap: len('1em', 'Space between number and text (in number ems).', { em: 'own' }),
    align: en(['auto', 'left', 'right'], 'auto', 'Alignment of the numbers.'),
    fontFamily: font(same('bodyText.fontFamily'), 'Typeface of the numbers; follows the body.'),
    fontWeight: num(same('bodyText.fontWeight'), 'Weight of the numbers; follows the body.', WEIGHT),
    color: col(same('bodyText.color'), 'Colour of the numbers; follows the body.'),
    fontSize: len(follow('bodyText.fontSize', () => em(0.8), '0.8 × body size'), 'Size of the numbers (in body ems).', { em: 'body' }),
    italic: bool(false, 'Italic numbers.'),
    format: fmt('counter', 'decimal', 'Number style.'),
  },
  'Margin line numbers.',
  { sec: 'lineNumbers' },
);

const crossRefs = obj(
  {
    chapter: txt(ctxDef((c) => localeStrings(c.locale).chapter, 'by language'), 'Words around a chapter number in references ({n} = number).'),
    section: txt(ctxDef((c) => localeStrings(c.locale).section, 'by language'), 'Words around a section number in references.'),
    page: txt(ctxDef((c) => localeStrings(c.locale).page, 'by language'), 'Words around a page number in page references.'),
    defaultStyle: en(['default', 'number', 'title', 'page'], 'default', 'What a plain :ref prints.'),
  },
  'Cross-reference words.',
  { sec: 'crossRefs' },
);

const citations = obj(
  {
    style: txt('apa', "Citation style id, or 'custom' with customStyle."),
    customStyle: txt(undefined, 'CSL XML of a custom style.'),
    locale: txt(follow('locale', (c) => c.get('locale'), 'the document language'), 'Language of citations.'),
    link: bool(true, 'Links citations to the bibliography.'),
    marker: en(['style', 'brackets', 'parentheses', 'superscript', 'corner'], 'style', 'Look of citation marks.'),
    collapseRanges: bool(true, 'Collapses runs of numbers into ranges.'),
    notes: en(['footnote', 'warichu'], 'footnote', 'Where note-style citations go.'),
    numbering: en(['book', 'chapter'], 'book', 'Scope of citation numbers.'),
    bibliography: obj(
      {
        title: txt(ctxDef((c) => localeStrings(c.locale).bibliographyTitle, 'by language'), 'Title of the bibliography (blank = none).'),
        scope: en(['book', 'chapter'], 'book', 'One bibliography per book or per chapter.'),
        auto: bool(true, 'Adds the bibliography automatically.'),
        fontSize: len('0.9em', 'Size of entries.', { em: 'body' }),
        lineHeight: len(follow(['bodyText.fontSize', 'bodyText.lineHeight'], (c) => bodyLine(c), 'the body leading'), 'Leading of entries.'),
        hangingIndent: len('2em', 'Hanging indent of entries.', { em: 'own' }),
        entrySpacing: len('0.3em', 'Space between entries.', { em: 'own' }),
        labelWidth: len(undefined, 'Width of the label column (the longest label when unset).', { em: 'own' }),
        labelAlign: en(['left', 'right'], 'left', 'Alignment of labels.'),
        doi: en(['link', 'text', 'hide'], 'link', 'How DOIs print.'),
        includeUncited: bool(false, 'Lists uncited entries too.'),
        groupByLanguage: bool(false, 'Groups entries by language.'),
      },
      'Bibliography.',
    ),
  },
  'Citations and bibliography.',
  { sec: 'citations' },
);

const tocEntryFields = {
  fontFamily: font(undefined, 'Typeface of entries (body when unset).'),
  fontSize: len(undefined, 'Size of entries (body when unset).'),
  lineHeight: len(undefined, 'Leading of entries (body leading keeps them on the grid).'),
  fontWeight: num(undefined, 'Weight of entries.', WEIGHT),
  italic: bool(undefined, 'Italic entries.'),
  color: col(undefined, 'Colour of entries.'),
  indent: len(undefined, 'Indent of entries.'),
  numberWidth: len(undefined, 'Width reserved for heading numbers.'),
  numberGap: len(undefined, 'Space after heading numbers.'),
  numberFontFamily: font(undefined, 'Typeface of heading numbers.'),
  numberFontSize: len(undefined, 'Size of heading numbers.'),
  numberFontWeight: num(undefined, 'Weight of heading numbers.', WEIGHT),
  numberColor: col(undefined, 'Colour of heading numbers.'),
  marginTop: len(undefined, 'Space above entries.'),
  marginBottom: len(undefined, 'Space below entries.'),
};

const toc = obj(
  {
    levels: list(obj({ level: num(undefined, 'Heading level listed.', { min: 1, max: 6, int: true }), ...tocEntryFields }, 'Look of one listed level.'),
      'Heading levels the contents list, with their look.', { key: 'level', keyValues: [1, 2, 3, 4, 5, 6], mode: 'replace', builtins: () => [{ level: 1 }] }),
    unnumbered: optObj(tocEntryFields, 'Overrides for headings that are not numbered.'),
    pageNumber: obj(
      {
        fontFamily: font(undefined, 'Typeface of page numbers (the level-1 entry face when unset).'),
        fontSize: len(undefined, 'Size of page numbers.'),
        fontWeight: num(undefined, 'Weight of page numbers (body when unset).', WEIGHT),
        italic: bool(undefined, 'Italic page numbers.'),
        color: col(undefined, 'Colour of page numbers.'),
        width: len('2em', 'Width of the page-number column.', { em: 'body' }),
      },
      'Page numbers in the contents.',
    ),
    leader: obj(
      {
        enabled: bool(true, 'Draws a leader between entry and page number.'),
        char: txt('.', 'Leader character.'),
        gap: len('0.5em', 'Space between leader characters.', { em: 'body' }),
      },
      'Dot leaders.',
    ),
    subtitle: obj(
      {
        enabled: bool(false, 'Prints a line under the entry from a heading attribute.'),
        attr: txt('author', 'Heading attribute printed.'),
        italic: bool(true, 'Italic subtitle.'),
        fontFamily: font(undefined, 'Typeface of the subtitle.'),
        fontSize: len(undefined, 'Size of the subtitle.'),
        fontWeight: num(undefined, 'Weight of the subtitle.', WEIGHT),
        color: col(undefined, 'Colour of the subtitle.'),
        indent: len(undefined, 'Indent of the subtitle.'),
      },
      'Entry subtitles.',
    ),
    parts: obj(
      {
        enabled: bool(true, 'Lists parts in the contents.'),
        breakBefore: bool(false, 'Starts each part row on a new page.'),
        design: slot('heading', 'Design of a part row (empty: number, title and page number in level-1 type).'),
        height: len('2em', 'Height of a part row (in body ems).', { em: 'body' }),
        marginTop: len('0pt', 'Space above a part row.'),
        marginBottom: len('0pt', 'Space below a part row.'),
      },
      'Part rows in the contents.',
    ),
  },
  'What :::toc prints.',
  { sec: 'toc' },
);

const index = obj(
  {
    fontFamily: font(same('bodyText.fontFamily'), 'Typeface of the index; follows the body.'),
    fontSize: len(same('bodyText.fontSize'), 'Size of the index; follows the body.'),
    lineHeight: len(same('bodyText.lineHeight'), 'Leading of the index (its own rhythm, off the grid).'),
    fontWeight: num(same('bodyText.fontWeight'), 'Weight of the index.', WEIGHT),
    color: col(same('bodyText.color'), 'Colour of the index.'),
    indent: len('1em', 'Indent per sub-level.', { em: 'own' }),
    turnoverIndent: len('2em', 'Indent of turnover lines.', { em: 'own' }),
    entrySpacing: len('0pt', 'Space between entries.'),
    separator: txt(ctxDef((c) => localeStrings(c.locale).listSeparator, "', ' ('، ' in Arabic)"), 'Between an entry and its locators.'),
    locatorSeparator: txt(ctxDef((c) => localeStrings(c.locale).listSeparator, "', ' ('، ' in Arabic)"), 'Between locators.'),
    rangeSeparator: txt('–', 'Inside page ranges.'),
    mergeRanges: bool(true, 'Merges consecutive pages into ranges.'),
    rangeFormat: en(['full', 'chicago'], 'full', 'Full ranges, or Chicago style eliding shared digits.'),
    main: en(['bold', 'italic', 'none'], 'bold', 'Look of main locators.'),
    see: obj(
      {
        label: txt(ctxDef((c) => localeStrings(c.locale).see, 'by language'), "Word for 'see'."),
        alsoLabel: txt(ctxDef((c) => localeStrings(c.locale).seeAlso, 'by language'), "Words for 'see also'."),
        italic: bool(true, 'Italic see labels.'),
      },
      'Cross-references in the index.',
    ),
    locale: txt(follow('locale', (c) => c.get('locale'), 'the document language'), 'Language used to sort entries.'),
    groupBy: en(['auto', 'letter', 'pinyin', 'stroke', 'gojuon', 'kana', 'none'], 'auto', 'How entries are grouped.'),
    ignoreArticle: bool(ctxDef((c) => lang(c) === 'ar', 'true in Arabic'), 'Ignores a leading article when sorting.'),
    groups: obj(
      {
        enabled: bool(true, 'Prints group headings (letters).'),
        fontFamily: font(same('index.fontFamily'), 'Typeface of group headings.'),
        fontSize: len(same('index.fontSize'), 'Size of group headings.'),
        fontWeight: num(700, 'Weight of group headings.', WEIGHT),
        color: col(same('index.color'), 'Colour of group headings.'),
        marginTop: len(same('index.lineHeight'), 'Space above a group (one index line).'),
        symbolsLabel: txt(ctxDef((c) => localeStrings(c.locale).symbolsLabel, 'by language'), 'Heading of the symbols group.'),
        numbersLabel: txt('0–9', 'Heading of the numbers group.'),
      },
      'Group headings.',
    ),
  },
  'What :::index prints.',
  { sec: 'index' },
);

// ---------------------------------------------------------------------------------------------
// §12 resources

const captionFields = {
  fontFamily: font(same('bodyText.fontFamily'), 'Typeface of captions; follows the body.'),
  fontSize: len(same('bodyText.fontSize'), 'Size of captions; follows the body size.'),
  color: col(same('bodyText.color'), 'Colour of captions; follows the body colour.'),
  align: en(TEXT_ALIGN, 'left', 'Alignment of captions.'),
  gap: len('0.75em', 'Space between the resource and its caption.', { em: 'own' }),
  labelBold: bool(true, "Bold label ('Figure 1.2')."),
  labelItalic: bool(false, 'Italic label.'),
  labelColor: col(same('captionStyle.color'), 'Colour of the label; follows the caption colour.'),
  descriptionItalic: bool(false, 'Italic caption text.'),
  position: en(['above', 'below'], 'below', 'Caption above or below the resource.'),
  backgroundEnabled: bool(false, 'Puts the caption on a coloured bar.'),
  background: col('main', 'Colour of the caption bar (linked to the main colour).', { vis: { path: 'captionStyle.backgroundEnabled', equals: [true] } }),
  padding: len('0.35em', 'Padding inside the caption bar.', { em: 'own' }),
  labelNumberGap: txt(ctxDef((c) => (lang(c) === 'ja' ? '' : '\u00a0'), 'no-break space; empty in Japanese'), 'Between label and number.'),
  labelSeparator: txt(ctxDef((c) => (lang(c) === 'ja' ? '\u3000' : '. '), "'. '; ideographic space in Japanese"), 'Between number and caption text.'),
  note: obj(
    {
      fontSize: len(follow('captionStyle.fontSize', (c) => times(c.get('captionStyle.fontSize'), 0.85), '0.85 × caption size'), 'Size of caption notes; follows 0.85 × caption size.'),
      color: col(same('captionStyle.color'), 'Colour of caption notes; follows the caption colour.'),
      italic: bool(false, 'Italic caption notes.'),
      gap: len('0.35em', 'Space above a caption note.', { em: 'own' }),
      align: en(TEXT_ALIGN, 'left', 'Alignment of caption notes.'),
    },
    'Caption notes (source lines).',
  ),
};
const captionStyle = obj(captionFields, 'Figure and table captions.', { sec: 'captions' });

const placementObj = optObj(
  {
    position: en(['auto', 'top', 'bottom', 'here'], 'auto', 'Where the float goes: first free slot, top, bottom, or here in the text.'),
    span: en(['column', 'page', 'side'], 'column', 'Width: its column, the page, or the side column.'),
    rotate: en(['ccw', 'cw'], undefined, 'Rotates the float onto its own page.'),
    width: num(undefined, 'Share of the width (0–1).', { min: 0, max: 1 }),
    align: en(['left', 'center', 'right', 'start', 'end'], 'left', 'Horizontal alignment.'),
    columns: num(1, 'Adjacent columns spanned.', { min: 1, int: true }),
    captionSide: bool(false, 'Caption in the side column.'),
    shrink: en(['never', 'page', 'slot'], same('layout.floatShrink.mode'), 'Scales the float into its slot.'),
    minScale: num(same('layout.floatShrink.minScale'), 'Smallest scale.', { min: 0, max: 1 }),
    captionMeasure: en(['slot', 'body'], 'slot', 'Width the caption is set to.'),
    wrap: en(['none', 'left', 'right', 'start', 'end'], 'none', 'Text wraps around the float.'),
    wrapGap: len(same('layout.wrap.gap'), 'Gap around a wrapped float.'),
    citingPage: bool(same('layout.floatsAtCitingPage'), 'May head the page of its citing line.'),
  },
  'Default placement of resources of this type.',
);

const resourceType = obj(
  {
    id: txt(undefined, 'Type id referenced by resources.'),
    name: txt(undefined, "Full name ('Figure')."),
    namePlural: txt(undefined, "Plural name ('Figures')."),
    shortLabel: txt(undefined, "Short label used by inline references ('Fig.')."),
    numberingTemplate: txt('{h1}.{n}', "Number template: {n} = counter, {h1}…{h6} = heading numbers; '' = unnumbered."),
    resetOn: en(RESET_ON, 'h1', 'Heading level that restarts the count.'),
    counterFormat: fmt('counter', 'decimal', 'Number style of the counter.'),
    captionPrefix: txt(undefined, "Text before the number in captions ('Figure')."),
    defaultPlacement: placementObj,
    captionStyle: optObj(followingFields(captionFields, 'captionStyle'), 'Caption overrides for this type (merged over the global caption style).'),
  },
  'One resource type.',
);

const tableStyleFields = {
  bodyFontFamily: font(same('bodyText.fontFamily'), 'Typeface of body cells; follows the body face.'),
  bodyFontSize: len(same('bodyText.fontSize'), 'Size of body cells; follows the body size.'),
  bodyColor: col(same('bodyText.color'), 'Colour of body cells; follows the body colour.'),
  headerFontFamily: font(same('bodyText.fontFamily'), 'Typeface of header cells; follows the body face.'),
  headerFontSize: len(same('bodyText.fontSize'), 'Size of header cells; follows the body size.'),
  headerColor: col(same('bodyText.color'), 'Colour of header cells; follows the body colour.'),
  headerBold: bool(true, 'Bold header cells.'),
  headerItalic: bool(false, 'Italic header cells.'),
  headerLetterSpacing: len('0pt', 'Letter spacing of header cells.', { em: 'header' }),
  headerTextTransform: en(['none', 'uppercase'], 'none', 'Capitals in header cells.'),
  headerBackgroundEnabled: bool(true, 'Fills header rows.'),
  headerBackground: col('#f0f0f0', 'Fill of header rows.', { vis: { path: 'tableStyle.headerBackgroundEnabled', equals: [true] } }),
  bodyBackgroundEnabled: bool(false, 'Fills body rows.'),
  bodyBackground: col('#ffffff', 'Fill of body rows.', { vis: { path: 'tableStyle.bodyBackgroundEnabled', equals: [true] } }),
  bodyAlternateBackgroundEnabled: bool(false, 'Zebra stripes: fills every other body row.'),
  bodyAlternateBackground: col('#f2f2f2', 'Fill of alternate rows.', { vis: { path: 'tableStyle.bodyAlternateBackgroundEnabled', equals: [true] } }),
  borders: bool(true, 'Draws cell borders.'),
  borderColor: col(same('bodyText.color'), 'Colour of borders; follows the body colour.'),
  borderWidth: len('0.75pt', 'Width of borders (not used by booktabs).'),
  cellPadding: len('0.375em', 'Padding inside cells.', { em: 'bodyCell' }),
  rules: en(['grid', 'horizontal', 'outer', 'none', 'booktabs'], 'grid', 'Which rules are drawn.'),
  borderRadius: len('0pt', 'Corner radius of the table.'),
  heavyRuleWidth: len('0.08em', 'Booktabs top and bottom rules.', { em: 'bodyCell' }),
  lightRuleWidth: len('0.05em', 'Booktabs rule under the header.', { em: 'bodyCell' }),
  spanRuleWidth: len('0.03em', 'Booktabs rules under spanning headers.', { em: 'bodyCell' }),
  spanRules: en(['trimmed', 'full', 'none'], 'trimmed', 'Rules under spanning header cells.'),
  spanRuleTrim: len('0.5em', 'How far spanning rules are trimmed.', { em: 'bodyCell' }),
  groupRules: bool(false, 'Rules between row groups.'),
  continuedFootRule: en(['bottom', 'light', 'none'], 'light', 'Rule at the foot of a continued part.'),
  overflow: en(['split', 'clip', 'hide'], 'split', 'Tables taller than the page: continue, keep what fits, or drop.'),
  splitInline: bool(true, 'Inline tables split too.'),
  continuedSuffix: txt(ctxDef((c) => localeStrings(c.locale).continuedSuffix, 'by language'), "Caption suffix on continued parts ('(cont.)')."),
  continuesMarkerEnabled: bool(true, 'Prints a marker where a table continues.'),
  continuesMarker: txt(ctxDef((c) => localeStrings(c.locale).continuesMarker, 'by language'), "Marker where a table continues ('Continued')."),
};
const tableStyle = obj(tableStyleFields, 'Table typography, rules, fills and splitting.', { sec: 'tables' });
const namedTableStyle = obj(
  { id: txt(undefined, 'Style id used by tables.'), name: txt(undefined, 'Label in the editor.'), ...followingFields(tableStyleFields, 'tableStyle') },
  'One named table style.',
);

const diagramStyle = obj(
  {
    singleInk: bool(false, 'Recolours SVG pictures in tints of one ink.'),
    inkColor: col('main', 'The ink (linked to the main colour).', { vis: { path: 'diagramStyle.singleInk', equals: [true] } }),
    inlineFonts: bool(true, 'Embeds the fonts used by SVG pictures.'),
  },
  'SVG diagrams.',
  { sec: 'diagrams' },
);

const videoStyle = obj(
  {
    playMark: obj(
      {
        enabled: bool(true, 'Prints a play mark on video posters.'),
        shape: en(['circle', 'rounded', 'triangle'], 'circle', 'Shape of the play mark.'),
        position: en(['center', 'top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right'], 'center', 'Position of the play mark.'),
        size: len('12mm', 'Size of the play mark (at most 40 % of the poster).'),
        inset: len('4mm', 'Distance from the poster edge.'),
        color: col('#ffffff', 'Colour of the triangle.'),
        background: col('main', 'Colour behind the triangle (linked to the main colour).'),
        backgroundOpacity: num(0.9, 'Opacity of that background.', { min: 0, max: 1 }),
      },
      'Play mark.',
    ),
    qr: obj(
      {
        enabled: bool(true, 'Prints a QR code linking to the video.'),
        position: en(['center', 'top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right'], 'bottom-right', 'Position of the QR code.'),
        size: len('18mm', 'Size of the QR code (at most 45 % of the poster).'),
        inset: len('3mm', 'Distance from the poster edge.'),
        errorCorrection: en(['L', 'M', 'Q', 'H'], 'M', 'Error correction level.'),
        quietZone: num(2, 'Quiet zone, in modules.', { min: 0, int: true, unit: 'modules' }),
        color: col('#000000', 'Colour of the modules.'),
        background: col('#ffffff', 'Background of the code.'),
        radius: len('1mm', 'Corner radius.'),
      },
      'QR code.',
    ),
    linkPoster: bool(true, 'Links the printed poster to the video.'),
    html: en(['player', 'poster'], 'player', 'HTML output shows a player or the poster.'),
    player: obj(
      {
        controls: bool(true, 'Shows player controls.'), download: bool(true, 'Allows download.'), fullscreen: bool(true, 'Allows full screen.'),
        playbackRate: bool(true, 'Allows speed changes.'), pictureInPicture: bool(true, 'Allows picture in picture.'),
        remotePlayback: bool(true, 'Allows remote playback.'), exclusive: bool(true, 'Pauses other videos when one plays.'),
        privacy: bool(true, 'Uses privacy-enhanced embeds.'), autoplay: bool(false, 'Starts playing by itself.'),
        muted: bool(false, 'Starts muted.'), loop: bool(false, 'Loops.'),
        preload: en(['none', 'metadata', 'auto'], 'metadata', 'What the player loads in advance.'),
      },
      'Interactive player options.',
    ),
  },
  'Printed video posters and players.',
  { sec: 'video' },
);

// ---------------------------------------------------------------------------------------------
// §13 named styles and structural pages

const paragraphStyle = obj(
  {
    id: txt(undefined, 'Style id used by :::paragraphs{style}.'),
    name: txt(undefined, 'Label in the editor (the id when unset).'),
    fontFamily: font(same('bodyText.fontFamily'), 'Typeface; follows the body.'),
    fontSize: len(same('bodyText.fontSize'), 'Size; follows the body.'),
    lineHeight: len(same('bodyText.lineHeight'), "Leading (ems of the style's own size).", { em: 'own' }),
    color: col(same('bodyText.color'), 'Colour; follows the body.'),
    textAlign: en(TEXT_ALIGN, same('bodyText.textAlign'), 'Alignment; follows the body.'),
    boldColor: col(same('bodyText.boldColor'), 'Colour of bold runs.'),
    italicColor: col(same('bodyText.italicColor'), 'Colour of italic runs.'),
    fontWeight: num(same('bodyText.fontWeight'), 'Weight.', WEIGHT),
    boldFontWeight: num(same('bodyText.boldFontWeight'), 'Weight of bold runs.', WEIGHT),
    italic: bool(false, 'Italic paragraphs (italic runs turn upright).'),
    smallCaps: bool(false, 'Small capitals.'),
    hyphenation: bool(same('bodyText.hyphenation.enabled'), 'Hyphenation.'),
    indent: len('0pt', 'Indent of all lines from the start edge.', { em: 'own' }),
    endIndent: len('0pt', 'Indent from the end edge.', { em: 'own' }),
    firstLineIndent: len(same('bodyText.firstLineIndent'), 'First-line indent; follows the body.', { em: 'own' }),
    hangingIndent: len('0pt', 'Hanging indent (a length here).', { em: 'own' }),
    spaceBetween: len('0pt', 'Space between paragraphs.', { em: 'own' }),
    marginTop: len('0pt', 'Space above the group.', { em: 'own' }),
    marginBottom: len('0pt', 'Space below the group (a minimum).', { em: 'own' }),
    snapToGrid: bool(true, 'Snaps the group back to the grid.'),
    textTransform: en(['none', 'uppercase'], 'none', 'Capitals.'),
    wordBreak: en(['normal', 'keep-all'], same('cjk.wordBreak'), 'CJK word breaking.'),
    lineNumbers: bool(undefined, 'Opts in or out of line numbering.'),
    tabStops: list(tabStop, 'Tab stops.', { mode: 'replace' }),
    tabInterval: len(undefined, 'Default tab interval.', { em: 'own' }),
    dropCap: dropCap('Initial on the first paragraph of each group.'),
  },
  'One paragraph style.',
);

const chipStyle = obj(
  {
    id: txt(undefined, 'Style id used by :chip.'),
    name: txt(undefined, 'Label in the editor.'),
    backgroundEnabled: bool(true, 'Fills the chip.'),
    background: col('#e8eef7', 'Fill of the chip.'),
    borderColor: col('main', 'Border colour (linked to the main colour).'),
    borderWidth: len('0.5pt', 'Border width.', { em: 'chip' }),
    borderRadius: len('0.3em', 'Corner radius (at most half the height).', { em: 'chip' }),
    paddingX: len('0.3em', 'Horizontal padding.', { em: 'chip' }),
    paddingY: len('0.1em', 'Vertical padding (paints outside the line).', { em: 'chip' }),
    paddingTop: len(undefined, 'Top padding (paddingY when unset).', { em: 'chip' }),
    paddingBottom: len(undefined, 'Bottom padding (paddingY when unset).', { em: 'chip' }),
    fontFamily: font(undefined, 'Typeface (surrounding text when unset).'),
    fontSize: len(undefined, 'Size (surrounding text when unset).', { em: 'surrounding' }),
    color: col(undefined, 'Text colour (surrounding text when unset).'),
    bold: bool(false, 'Bold chip text.'),
    italic: bool(false, 'Italic chip text.'),
    gap: len('0.25em', 'Least room to neighbours.', { em: 'chip' }),
  },
  'One chip style.',
);

const codeStyle = obj(
  {
    blocks: bool(true, 'Sets fenced code as listings (off: read as Markdown).'),
    indentedCode: bool(false, 'Reads indented blocks as code.'),
    fontFamily: font('Source Code Pro', 'Typeface of code.'),
    fontSize: len('0.85em', 'Size of code (in body ems).', { em: 'body' }),
    fontWeight: num(400, 'Weight of code.', WEIGHT),
    boldFontWeight: num(700, 'Weight of bold code.', WEIGHT),
    lineHeight: len(follow(['bodyText.fontSize', 'bodyText.lineHeight'], (c) => bodyLine(c), 'one body grid line'), 'Leading of code.', { em: 'code' }),
    snapToGrid: bool(true, 'Snaps listings to the grid.'),
    color: col(same('bodyText.color'), 'Colour of code; follows the body.'),
    backgroundEnabled: bool(true, 'Fills listings.'),
    background: col('#f4f4f4', 'Fill of listings.'),
    border: obj({ enabled: bool(false, 'Draws a border.'), color: col('#cccccc', 'Border colour.'), width: len('0.5pt', 'Border width.') }, 'Listing border.'),
    borderRadius: len('0pt', 'Corner radius.'),
    padding: len('0.6em', 'Padding on each side (in code ems).', { em: 'code' }),
    marginTop: len('0.75em', 'Space above listings.', { em: 'code' }),
    marginBottom: len('0.75em', 'Space below listings.', { em: 'code' }),
    span: en(['column', 'page'], 'column', 'Width of listings.'),
    tabSize: num(4, 'Tab width in character cells.', { min: 1, int: true, unit: 'cells' }),
    overflow: en(['wrap', 'shrink', 'clip'], 'wrap', 'Lines too long for the measure.'),
    wrapIndent: num(2, 'Indent of wrapped lines, in cells.', { min: 0, int: true, unit: 'cells' }),
    wrapMarker: txt('»', 'Mark at wrapped lines.'),
    minFontScale: num(0.8, 'Smallest scale when shrinking.', { min: 0, max: 1 }),
    lineNumbers: bool(false, 'Numbers listing lines.'),
    lineNumberColor: col('#8a8a8a', 'Colour of listing line numbers.'),
    lineNumberGap: len('1em', 'Gap after listing line numbers.', { em: 'code' }),
    highlightBackground: col('#fff4c2', 'Fill of highlighted lines.'),
    keepTogether: bool(false, 'Never splits a listing.'),
    splitMinLines: num(2, 'Fewest lines on each side of a split.', { min: 1, int: true, unit: 'lines' }),
    repeatTitle: bool(false, 'Repeats the title on continued parts.'),
    continuesMarkerEnabled: bool(false, 'Marks where a listing continues.'),
    continuesMarker: txt('Continued', 'Continuation marker.'),
    titleStyle: json(undefined, 'Look of listing titles (code face, bold, 0.9× by default).'),
    label: json(undefined, 'Language label on listings.'),
    highlight: en(['builtin', 'none'], 'builtin', 'Syntax highlighting.'),
    tokens: json(undefined, 'Colours of token kinds (keyword, string, number, comment…).'),
    inline: optObj(
      {
        fontFamily: font(same('codeStyle.fontFamily'), 'Typeface of inline code.'),
        fontSize: len('0.9em', 'Size of inline code.', { em: 'surrounding' }),
        color: col(undefined, 'Colour of inline code.'),
        background: col(undefined, 'Fill of inline code.'),
        borderRadius: len('0.2em', 'Corner radius.', { em: 'own' }),
        borderWidth: len('0.5pt', 'Border width.'),
        padding: len('0.2em', 'Padding.', { em: 'own' }),
      },
      'Inline code (text face when unset).',
    ),
  },
  'Code listings and inline code.',
  { sec: 'code' },
);

const calloutStyle = obj(
  {
    id: txt(undefined, 'Style id used by :::callout{type}.'),
    name: txt(undefined, 'Label in the editor.'),
    title: txt('', 'Title printed at the top of the box.'),
    span: en(['column', 'page', 'side'], 'column', 'Width of the box.'),
    columns: num(1, 'Adjacent columns spanned.', { min: 1, int: true }),
    placement: en(['here', 'auto', 'top', 'bottom', 'fixed'], 'here', 'Where the box goes.'),
    sideAtColumnEnd: en(['before', 'after'], 'before', 'Side boxes: early or late placement.'),
    fixed: json(undefined, 'Anchor and offset of a fixed box.'),
    floatBarrier: bool(false, 'Floats may not pass the box.'),
    width: en(['fill', 'auto'], 'fill', 'Full width or shrink-wrapped.'),
    backgroundEnabled: bool(true, 'Fills the box.'),
    background: col('#f4f4f4', 'Fill of the box.'),
    border: obj({ enabled: bool(false, 'Draws a border.'), color: col('#cccccc', 'Border colour.'), width: len('0.5pt', 'Border width (stroked inside).') }, 'Box border.'),
    borderRadius: len('0pt', 'Corner radius.'),
    padding: obj(
      { top: len('0.75em', 'Top padding.', { em: 'callout' }), right: len('0.75em', 'Right padding.', { em: 'callout' }), bottom: len('0.75em', 'Bottom padding.', { em: 'callout' }), left: len('0.75em', 'Left padding.', { em: 'callout' }) },
      'Padding inside the box.',
    ),
    stripe: obj(
      {
        enabled: bool(false, 'Draws a stripe along one side.'),
        side: en(['left', 'right', 'top', 'start', 'end'], 'left', 'Side of the stripe.'),
        width: len('1.5em', 'Width of the stripe.', { em: 'callout' }),
        color: col('main', 'Colour of the stripe (linked to the main colour).'),
      },
      'Side stripe.',
    ),
    icon: json(undefined, 'Icon in the box (none, glyph or resource).'),
    marker: json(undefined, 'Icon outside the box with an optional rule.'),
    titleStyle: obj(
      {
        fontFamily: font(same('headings.fontFamily'), 'Typeface of the title; follows the heading face.'),
        fontSize: len(same('bodyText.fontSize'), 'Size of the title; follows the body size.'),
        fontWeight: num(700, 'Weight of the title.', WEIGHT),
        italic: bool(false, 'Italic title.'),
        color: col('main', 'Colour of the title (linked to the main colour).'),
        textTransform: en(['none', 'uppercase'], 'none', 'Capitals.'),
        gap: len('0.5em', 'Space under the title.', { em: 'callout' }),
        letterSpacing: len('0em', 'Letter spacing.', { em: 'own' }),
        indent: len('0em', 'Indent of the title.', { em: 'callout' }),
        lineHeight: len('1.2em', 'Leading of the title.', { em: 'own' }),
      },
      'Look of the title.',
    ),
    body: obj(
      {
        ...followingFields(
          {
            fontFamily: font(undefined, 'Typeface of box text.'), fontSize: len(undefined, 'Size of box text.'), lineHeight: len(undefined, 'Leading of box text.'),
            color: col(undefined, 'Colour of box text.'), boldColor: col(undefined, 'Colour of bold runs.'), italicColor: col(undefined, 'Colour of italic runs.'),
            fontWeight: num(undefined, 'Weight.', WEIGHT), boldFontWeight: num(undefined, 'Bold weight.', WEIGHT),
            textAlign: en(BODY_ALIGN, undefined, 'Alignment.'), paragraphSpacing: bool(undefined, 'Blank line between paragraphs.'),
            firstLineIndent: len(undefined, 'Paragraph indent.'), tabInterval: len(undefined, 'Tab interval.'),
          },
          'bodyText',
        ),
        italic: bool(false, 'Italic box text.'),
        smallCaps: bool(false, 'Small capitals.'),
        hyphenation: bool(same('bodyText.hyphenation.enabled'), 'Hyphenation.'),
        tabStops: list(tabStop, 'Tab stops.', { mode: 'replace' }),
      },
      'Box text; follows the body text.',
    ),
    lists: obj(
      {
        bulletChar: txt(same('unorderedLists.bulletChar'), 'Bullet.'), color: col(same('unorderedLists.color'), 'List colour.'),
        indent: len(same('unorderedLists.indent'), 'Indent.', { em: 'callout' }), gap: len(same('unorderedLists.gap'), 'Gap.', { em: 'callout' }),
        itemSpacing: len(same('unorderedLists.itemSpacing'), 'Item spacing.', { em: 'callout' }),
        bulletFontSize: len(same('unorderedLists.bulletFontSize'), 'Bullet size.', { em: 'callout' }),
        bulletFontWeight: num(same('unorderedLists.fontWeight'), 'Bullet weight.', WEIGHT),
      },
      'Lists inside the box; follow the bulleted lists.',
    ),
    label: json(undefined, 'Tab on the top edge (face, size, colours, position, height, padding…).'),
    columnGap: len('1.5em', 'Gap of :::columns inside the box.', { em: 'callout' }),
    marginTop: len('0.75em', 'Space above the box.', { em: 'callout' }),
    marginBottom: len('0.75em', 'Space below the box.', { em: 'callout' }),
    snapToGrid: bool(true, 'Re-snaps the flow after the box.'),
    keepTogether: bool(true, 'Keeps the box in one piece when it fits.'),
    splitMinLines: num(2, 'Fewest lines on each side of a split.', { min: 1, int: true, unit: 'lines' }),
    repeatTitle: bool(false, 'Repeats the title on continued parts.'),
    continuedSuffix: txt(ctxDef((c) => localeStrings(c.locale).continuedSuffix, 'by language'), 'Title suffix on continued parts.'),
    continuesMarkerEnabled: bool(false, 'Marks where the box continues.'),
    continuesMarker: txt(ctxDef((c) => localeStrings(c.locale).continuesMarker, 'by language'), 'Continuation marker.'),
    continuesMarkerAlign: en(['left', 'right', 'center'], 'right', 'Alignment of the marker.'),
    continuesMarkerItalic: bool(true, 'Italic marker.'),
    numbering: json(undefined, 'Numbered boxes (label, counter, template, reset, format, placement…).'),
    endMark: txt('', "Mark at the end of the box text ('∎', '□')."),
  },
  'One callout style.',
);

const bodyStyle = obj(
  {
    fontFamily: font(same('bodyText.fontFamily'), 'Typeface.'),
    fontSize: len(same('bodyText.fontSize'), 'Size.'),
    lineHeight: len(same('bodyText.lineHeight'), 'Leading.'),
    color: col(same('bodyText.color'), 'Colour.'),
    textAlign: en(BODY_ALIGN, same('bodyText.textAlign'), 'Alignment.'),
    bulletColor: col(same('unorderedLists.color'), 'Bullet colour; follows the bulleted lists.'),
    numberColor: col(same('orderedLists.color'), 'Number colour; follows the numbered lists.'),
    unorderedLists: json(undefined, 'Partial bulleted-list overrides.'),
    orderedLists: json(undefined, 'Partial numbered-list overrides.'),
  },
  'Text style of these pages; follows the body text.',
);

const parts = obj(
  {
    page: bool(true, 'Prints a divider page for each part.'),
    breakBefore: obj({ parity: en(PARITY, 'odd', 'Page a part divider starts on.') }, 'Break before a part page.'),
    breakAfter: obj({ enabled: bool(true, 'Breaks the page after a part page.'), parity: en(PARITY, 'any', 'Page the text after a part starts on.') }, 'Break after a part page.'),
    margins: obj(
      {
        top: len(same('page.margins.top'), 'Top margin of part pages.'), bottom: len(same('page.margins.bottom'), 'Bottom margin.'),
        left: len(same('page.margins.left'), 'Left margin.'), right: len(same('page.margins.right'), 'Right margin.'),
        mirror: bool(same('page.margins.mirror'), 'Mirror margins.'),
      },
      'Margins of part pages; follow the page margins.',
    ),
    design: slot('heading', 'Design of a part page (empty: number and title in H1 type).'),
    versoDesign: slot('heading', 'Design of the blank page after a part page.'),
    bodyStyle,
  },
  'Part divider pages.',
  { sec: 'parts' },
);

const headingStyle = obj(
  {
    id: txt(undefined, 'Style id used by {style="…"} on a heading.'),
    name: txt(undefined, 'Label in the editor.'),
    numbered: bool(true, 'Numbers headings of this style.'),
    toc: bool(true, 'Lists them in the contents.'),
    runningChapter: bool(true, 'Running heads show this section (off for plates and maps).'),
    ...levelFields(false),
    header: optObj({ elements: slot('running', '').fields.elements }, 'Running heads of the section (empty list: none).'),
    footer: optObj({ elements: slot('running', '').fields.elements }, 'Folios of the section (empty list: none).'),
    margins: optObj(
      { top: len(undefined, 'Top margin.'), bottom: len(undefined, 'Bottom margin.'), left: len(undefined, 'Left margin.'), right: len(undefined, 'Right margin.'), mirror: bool(undefined, 'Mirror margins.') },
      'Page margins of the section.',
    ),
    layout: json(undefined, 'Column layout of the section (unset fields take the document layout).'),
    bodyStyle: optObj(bodyStyle.fields, 'Body text of the section.'),
    palette: json(undefined, 'Section palette overrides (palette id → hex).'),
  },
  'One heading style.',
);

// ---------------------------------------------------------------------------------------------
// §14 CJK and comics

const autoBool = ['auto', true, false] as const;
const cjk = obj(
  {
    region: en(['auto', 'mainland', 'taiwan', 'hongkong', 'japan'], 'auto', 'Typographic conventions followed; auto reads the language tag.'),
    lineBreak: en(['auto', 'none', 'basic', 'gb', 'strict', 'ja-very-strict', 'ja-strict', 'ja-loose'], 'auto', 'Line-breaking rules (kinsoku).'),
    punctuationWidth: en(['auto', 'fullwidth', 'kaiming', 'lineEndHalf', 'halfwidth'], 'auto', 'Width of punctuation.'),
    compressAdjacent: en(autoBool, 'auto', 'Compresses adjacent punctuation.'),
    trimLineStart: en(autoBool, 'auto', 'Trims punctuation at line starts.'),
    hangingPunctuation: en(['auto', 'none', 'allow', 'force'], 'auto', 'Lets punctuation hang past the line end.'),
    spaceAfterQuestion: en(autoBool, 'auto', 'Space after ? and !.'),
    paragraphStartBracket: en(['auto', 'indent', 'half', 'flush'], 'auto', 'Indent of a paragraph opening with a bracket.'),
    wordBreak: en(['normal', 'keep-all'], 'normal', 'Breaks between any characters, or keeps words together.'),
    titleMinChars: num(2, 'Fewest characters of a book title on a line.', { min: 1, int: true }),
    circledNumbers: en(['cjk', 'western'], 'cjk', 'Face for circled numbers.'),
    composeDesignText: bool(true, 'Applies CJK composition to design text.'),
    latinSpacing: len('0.25em', 'Space between CJK and Latin text.', { em: 'surrounding' }),
    uprightDigits: en([0, 2, 3, 4], 2, 'Vertical text: digit runs up to this length set upright (tate-chu-yoko).'),
    grid: obj(
      {
        enabled: bool(false, 'Character grid.'),
        charsPerLine: num(undefined, 'Characters per line.', { min: 1, int: true }),
        linesPerPage: num(undefined, 'Lines per page.', { min: 1, int: true }),
        show: bool(false, 'Draws the grid.'),
      },
      'Character grid.',
    ),
    emphasis: en(['auto', 'italic', 'dots'], 'auto', 'Emphasis in CJK text.'),
    emphasisMark: obj(
      {
        style: en(['auto', 'dot', 'circle', 'sesame'], 'auto', 'Shape of emphasis marks.'),
        fill: en(['auto', 'filled', 'open'], 'auto', 'Filled or open marks.'),
        position: en(['auto', 'over', 'under'], 'auto', 'Side of the marks.'),
      },
      'Emphasis marks.',
    ),
    bookTitleMark: en(['auto', 'brackets', 'wavy', 'none'], 'auto', 'How book titles are marked.'),
    bookTitleBrackets: json('auto', "Bracket pairs for book titles ('auto' or a list of {open, close})."),
    annotationColor: col(same('bodyText.color'), 'Colour of ruby and annotations; follows the text colour.'),
    ruby: json(undefined, 'Ruby: face, size 0.5em, colour, position, overhang, alignment, small kana.'),
    warichu: json(undefined, 'Inline split notes: size 0.5em, colour, brackets.'),
    kunten: json(undefined, 'Kanbun reading marks: size 0.5em, colour, placement.'),
  },
  'Chinese, Japanese and Korean composition.',
  { sec: 'cjk' },
);

const comics = obj(
  {
    readingDirection: en(['auto', 'ltr', 'rtl'], 'auto', 'Reading direction of panels.'),
    artDirection: en(['ltr', 'rtl'], 'ltr', 'Direction the art was drawn for.'),
    mirrorArt: bool(false, 'Mirrors the art.'),
    frame: json(undefined, 'Frame margins (page margins when unset).'),
    gutter: obj({ horizontal: len('4mm', 'Gap between tiers.'), vertical: len('2mm', 'Gap between panels.') }, 'Panel gutters.'),
    panel: obj(
      {
        borderWidth: len('1pt', 'Panel border width.'), borderColor: col('#000000', 'Panel border colour.'), borderRadius: len('0pt', 'Panel corner radius.'),
        borderStyle: en(['solid', 'rough', 'none'], 'solid', 'Panel border style.'), background: col('#ffffff', 'Panel background.'),
        fit: en(['cover', 'contain'], 'cover', 'How art fills a panel.'), bleed: bool(false, 'Panels bleed off the page.'),
      },
      'Panels.',
    ),
    panelStyles: list(obj({ id: txt(undefined, 'Style id.') }, 'Panel style.', { open: true }), 'Named panel styles.', { key: 'id', mode: 'replace' }),
    lettering: json(undefined, 'Lettering face (by language), size 7.5pt, leading, colour and rules.'),
    balloonStyles: list(obj({ id: txt(undefined, 'Style id.') }, 'Balloon style.', { open: true }), 'Balloon styles, merged over the nine built-ins.', {
      key: 'id', mode: 'merge',
      builtins: () => ['speech', 'thought', 'whisper', 'shout', 'radio', 'caption', 'inner', 'note', 'sfx'].map((id) => ({ id })),
    }),
    cast: list(obj({ id: txt(undefined, 'Character id.') }, 'Character.', { open: true }), 'Characters and their balloon look.', { key: 'id', mode: 'replace' }),
    runningHeads: bool(false, 'Prints running heads on comic pages.'),
  },
  'Comic pages.',
  { sec: 'comics' },
);

// ---------------------------------------------------------------------------------------------
// §15, §16

const colorPalette = list(
  obj({ id: txt(undefined, 'Swatch id used by colour links.'), name: txt(undefined, 'Swatch label.'), value: col(undefined, 'Swatch colour.') }, 'One swatch.'),
  'Named colours; linked colours follow their swatch.',
  { key: 'id', mode: 'replace', sec: 'colors', builtins: () => [{ id: 'main-color', name: 'Main Color', value: { hex: '#295AA3', model: 'hex' } }] },
);

const customFonts = list(
  obj(
    {
      name: txt(undefined, 'Family name usable in any typeface setting.'),
      variants: json(undefined, 'Files per weight and style: {weight, style, fileId, format, fileName}.'),
      redistributable: bool(undefined, 'Whether the files may be copied into exported HTML and EPUB.'),
    },
    'One font family.',
  ),
  'Your own font families.',
  { key: 'name', mode: 'replace', sec: 'fonts' },
);

const htmlViewer = obj(
  {
    maxCharsPerLine: num(70, 'Target measure on screen, in body characters.', { min: 1, unit: 'characters' }),
    columnGap: num(50, 'Column gap on screen, in CSS px.', { min: 0, unit: 'px' }),
    optimalLineBreaking: bool(false, 'Knuth–Plass in the HTML viewer.'),
    overrides: json(undefined, 'A partial configuration used for the screen only.'),
  },
  'Screen (HTML) rendering.',
  { sec: 'htmlViewer' },
);

const pdfGeneration = obj(
  {
    outlines: bool(true, 'Writes PDF bookmarks from headings.'),
    forceColorSpace: bool(false, 'Converts every colour to one colour space.'),
    colorSpace: en(['cmyk', 'rgb', 'grayscale'], 'cmyk', 'Target colour space when forcing.', { vis: { path: 'pdfGeneration.forceColorSpace', equals: [true] } }),
    accessible: bool(true, 'Tagged, accessible PDF (structure, alt text, language).'),
  },
  'PDF output.',
  { sec: 'pdf' },
);

const PROFILE_INK: Record<string, number> = { ifra26: 230, fogra30: 340, fogra40: 340, snap2007: 320 };
const print = obj(
  {
    standard: en(['none', 'pdfx1a', 'pdfx4'], 'none', 'PDF/X standard.'),
    outputProfile: en(['fogra39', 'fogra51', 'fogra52', 'fogra47', 'fogra29', 'fogra30', 'fogra27', 'fogra28', 'fogra45', 'fogra40', 'gracol2006', 'swop3', 'swop5', 'ifra26', 'snap2007', 'custom'], 'fogra39', 'Printing condition (ICC output profile).'),
    customProfile: json(undefined, 'Your own profile: name, file, registry name, ink limit.'),
    renderingIntent: en(['relative', 'perceptual'], 'relative', 'Rendering intent of colour conversion.'),
    blackPointCompensation: bool(true, 'Black point compensation.'),
    convertImages: bool(true, 'Converts images to the output profile.'),
    inkLimit: num(follow('print.outputProfile', (c) => PROFILE_INK[String(c.get('print.outputProfile'))] ?? 300, "the profile's limit"), 'Total ink limit checked by preflight.', { min: 0, max: 400, unit: '%' }),
    black: obj(
      {
        kOnlyNeutrals: bool(true, 'Greys in black ink only.'),
        overprint: bool(true, '100 % black overprints.'),
        richBlack: bool(true, 'Large black fills in rich black.'),
        richBlackColor: json({ c: 60, m: 40, y: 40, k: 100 }, 'Rich black mix in percent.'),
        richBlackMinSize: len('6mm', 'Smallest fill set in rich black.'),
      },
      'Black handling.',
    ),
    preflight: obj(
      {
        enabled: bool(true, 'Checks the print file.'),
        minImageResolution: num(300, 'Warn below this image resolution.', { min: 0, unit: 'ppi' }),
        criticalImageResolution: num(150, 'Critical below this image resolution.', { min: 0, unit: 'ppi' }),
        minRuleWidth: len('0.25pt', 'Thinnest rule allowed.'),
        smallTextSize: len('9pt', 'Text smaller than this in several inks is flagged.'),
        safeZone: len('5mm', 'Text closer than this to the trim is flagged.'),
        bleedSnap: len('3mm', 'Objects stopping this close to the trim are flagged.'),
        checkFonts: bool(true, 'Checks fonts.'),
      },
      'Preflight checks.',
    ),
  },
  'Print production (PDF/X, colour management, preflight).',
  { sec: 'print' },
);

const newspaperTrim = (c: DefaultContext): boolean => NEWSPAPER.includes(String(c.get('page.sizePreset')));
const folio = obj(
  {
    tilt: num(22, 'Tilt of the 3D book, in degrees.', { min: 0, max: 70, unit: '°' }),
    yaw: num(0, 'Turn of the 3D book, in degrees.', { min: -180, max: 180, unit: '°' }),
    paper: obj(
      {
        type: en(['uncoated', 'bookWove', 'coatedMatte', 'coatedSilk', 'coatedGloss', 'bible', 'newsprint', 'cardStock', 'board'], ctxDef((c) => (newspaperTrim(c) ? 'newsprint' : 'uncoated'), 'newsprint on newspaper trims, else uncoated'), 'Paper stock.'),
        textureStrength: num(1, 'Strength of the paper texture.', { min: 0 }),
        showThrough: bool(true, 'Shows the other side through thin paper.'),
      },
      'Paper.',
    ),
    binding: obj(
      {
        type: en(['hardcover', 'paperback', 'sewn', 'layflat', 'saddleStitch', 'folded'], ctxDef((c) => (newspaperTrim(c) ? 'folded' : 'hardcover'), 'folded on newspaper trims, else hardcover'), 'Binding.'),
        cover: en(['case', 'pages'], 'case', 'Cover made of a case or of pages.'),
        coverMaterial: txt('auto', 'Cover material.'),
        coverColor: col('#2c3e57', 'Cover colour.'),
        spineImage: txt(undefined, 'Resource shown on the spine.'),
      },
      'Binding.',
    ),
    surface: obj({ type: txt('oak', 'Surface the book lies on.') }, 'Surface.'),
    lighting: obj(
      {
        environment: txt('studio', 'Lighting environment.'),
        intensity: num(1, 'Light intensity.', { min: 0 }),
        shadows: bool(true, 'Casts shadows.'),
      },
      'Lighting.',
    ),
  },
  '3D book viewer (no effect on pages).',
  { sec: 'folio' },
);

const toggleColor = (enabled: boolean, color: string, help: string, extra?: Record<string, AnyNode>) =>
  obj({ enabled: bool(enabled, help), color: col(color, 'Colour of the overlay.'), ...(extra ?? {}) }, help);
const debug = obj(
  {
    cursorSync: toggleColor(true, '#2563eb', 'Shows the text cursor on the pages.'),
    selectionSync: toggleColor(true, '#fde04780', 'Shows the text selection on the pages.'),
    looseLineHighlight: toggleColor(false, '#ff000040', 'Highlights loose lines.', { threshold: num(3, 'Spacing ratio from which a line counts as loose.', { min: 0, unit: '× space' }) }),
    pageNegative: obj({ enabled: bool(false, 'Shows pages in negative.') }, 'Negative pages.'),
    warnings: obj(
      {
        missingFont: bool(true, 'Warns about missing fonts.'),
        looseLines: bool(true, 'Warns about loose lines.'),
        headingHierarchy: bool(true, 'Warns about skipped heading levels.'),
        consecutiveHeadings: bool(false, 'Warns about headings with no text between them.'),
        listAfterHeading: bool(false, 'Warns about lists right after headings.'),
        designIssues: bool(true, 'Warns about design problems (anchor cycles, missing ids…).'),
      },
      'Authoring warnings.',
    ),
  },
  'Editor aids (never exported).',
  { sec: 'debug' },
);

// ---------------------------------------------------------------------------------------------
// §1 the root

const legacy = (help: string) => json(undefined, help, { sec: 'legacy' });

export const ROOT = obj(
  {
    page,
    layout,
    header: slot('running', 'Running heads (unset: built-in title and chapter heads with a rule).', BUILTIN_HEADER),
    footer: slot('running', 'Folios (unset: a centred page number).', BUILTIN_FOOTER),
    bodyText,
    headings,
    unorderedLists,
    orderedLists,
    locale: txt('en-us', 'Language of the book (hyphenation, built-in words, digits, direction).', { sec: 'language', l: 'Language', p: 'C' }),
    resourceTypes: list(resourceType, 'Kinds of resources (figure, table, video): names, numbering, placement.', {
      key: 'id', mode: 'replace', sec: 'resourceTypes', builtins: (c) => defaultResourceTypes(c.locale),
    }),
    captionStyle,
    tableStyle,
    tableStyles: list(namedTableStyle, 'Named table styles.', { key: 'id', mode: 'replace', sec: 'tables' }),
    colorPalette,
    customFonts,
    math,
    footnotes,
    toc,
    index,
    paragraphStyles: list(paragraphStyle, 'Named paragraph styles for :::paragraphs.', { key: 'id', mode: 'replace', sec: 'paragraphStyles' }),
    calloutStyles: list(calloutStyle, 'Boxed notes; declaring the list replaces the built-in note style.', { key: 'id', mode: 'replace', sec: 'callouts', builtins: () => [{ id: 'note' }] }),
    parts,
    headingStyles: list(headingStyle, 'Named heading styles and the sections they open.', { key: 'id', mode: 'replace', sec: 'headingStyles' }),
    chipStyles: list(chipStyle, 'Inline chip styles; declaring the list replaces the built-in chip.', { key: 'id', mode: 'replace', sec: 'chips', builtins: () => [{ id: 'chip' }] }),
    codeStyle,
    diagramStyle,
    videoStyle,
    crossRefs,
    citations,
    lineNumbers,
    direction: en(['auto', 'ltr', 'rtl'], 'auto', 'Base text direction; auto reads the language.', { sec: 'language' }),
    numerals: en(['auto', 'latn', 'arab', 'arabext'], 'auto', 'Digits of generated numbers; auto reads the language.', { sec: 'language' }),
    cjk,
    comics,
    htmlViewer,
    pdfGeneration,
    print,
    folio,
    debug,
    columns: legacy('Legacy prototype key (ignored).'),
    gutter: legacy('Legacy prototype key (ignored).'),
    columnConfig: legacy('Legacy prototype key (ignored).'),
    resourcePlacement: legacy('Legacy prototype key (ignored).'),
    typography: legacy('Legacy prototype key (ignored).'),
    references: legacy('Legacy prototype key (ignored).'),
    sectionOverrides: legacy('Legacy prototype key (ignored).'),
    renderer: legacy('Legacy prototype key (ignored).'),
  },
  'The book configuration.',
);

export type RootNode = typeof ROOT;

/** Top-level keys kept only for reading very old data (§1). */
export const LEGACY_KEYS = ['columns', 'gutter', 'columnConfig', 'resourcePlacement', 'typography', 'references', 'sectionOverrides', 'renderer'] as const;

/** Resolved automatic values (auto → concrete) derived from the locale (§7, §14.1); used by the engine. */
export function autoValues(locale: string): { numerals: 'latn' | 'arab' | 'arabext'; cjkRegion: string; hyphenation: string | null } {
  return { numerals: defaultNumerals(locale), cjkRegion: cjkRegion(locale), hyphenation: hyphenationId(locale) };
}
