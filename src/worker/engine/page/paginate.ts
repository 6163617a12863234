import type { DisplayItem, GlyphRunItem, LineInfo } from '../../protocol/displaylist';
import { Op, roundPt } from '../../protocol/displaylist';
import { strikeThroughItem } from './task-strike';
import { overlineRule } from './overline';
import { cjkMarkItems } from './cjk-marks';
import { lineBoxItems } from './run-boxes';
import { canonicalNumberFormat } from '../../config/values';
import type { FontRegistry } from '../fonts/registry';
import type { Attributes, Block, HeadingBlock, Inline, ListItemBlock, ParsedChapter, ResourceBlock, SourceRange } from '../parse/model';
import type { FurnitureElement } from '../settings-furniture';
import type { InitialRoom, LineShape, SetLine } from '../paragraph';
import { listItemRunts } from '../paragraph';
import { runOffsets, runSize } from '../paragraph/lines';
import type { LayoutSettings, TextStyle } from '../settings';
import { baselineInLineBox, flowPageSize, pageFrame, sheetFrame, type PageFrame } from './geometry';
import { sheetFromFlow } from './vertical';
import { isRecto } from './continuation';
import { inlinesFrom } from './slice';
import type { NumberingChange } from './structure';
import { footnoteNumbers, noteAreaHeight, noteAreaHeightOf, noteLabel, notesCitedBy, type FootnoteDefinition, type NotePiece } from './notes';
import { noteNumberLine } from './note-number';
import { PlacedGlyphRun, placedRun } from './run-items';
import { placeInFlow, type ResourceBlockFactory } from '../resources/place';
import type { FlowBlock } from '../resources/block';
import type { BookMath } from '../math/book';
import { displayNeed, layoutDisplay, type DisplayLayout } from '../math/display';
import { lineFormulaItems } from '../math/place';
import type { Direction } from '../text/bidi';
import { DirectionScope, fromStart, ruleFromStart } from './rtl';
import { formatNumber, localeNumberFormat, localiseDigits } from './number-format';
import { PageBands, spanBox, spannedColumns, spansPage } from './floats-page';
import { shrinkInto, shrinkRule, type ShrinkRule } from './floats-shrink';
import { alignOffset, calloutWrapOf, measureAt, measureAtBox, physicalSide, planFootWrap, planWrap, wrapSlotMeasure, defaultWrapSettings, type WrapBand, type WrapRefusal, type WrapRequest } from './floats-wrap';
import type { ColumnUse } from './balance';
import { slotRank, type FloatLog, type PassPlan } from './passes';
import { headingLayout, listSettingsOf, orderedLevelOf, SectionTracker, textColumns, type OpenSection, type PageFurniture } from './sections';
import { headingAlignShift, headingHidden, headingIndents, headingSnaps, headingJidori, headingLineSpan, headingNumbering, headingSpacing, headingTextStyle, headingTracking, headingUppercase, plainInlines, spreadLine, trackedLines, upperInlines } from './heading-look';
import { calloutWhere, type CalloutWhere } from './callout-where';
import { boxHeading, boxInitial, boxSetsContainer, boxSpace, boxStyledParagraph, boxVerse, inBoxLines, nestedBoxesCite, onlyDirectives, type BoxDrawHost, type BoxInitialOf } from './callout-blocks';
import { boxShape, cutBox, flowPiece, listingPiece, nestedPiece, type BoxPiece } from './callout-split';
import { floatsCitedInBox } from './callout-cites';
import { boxWrapMeasure, linesBeside, planBoxWrap, type BoxWrapBand } from './callout-wrap';
import { DEFAULT_FIXED, FixedAreas, fixedArea, fixedOrigin, type CalloutFixed } from './callout-fixed';
import { numberedBoxTitle, runInBlocks, type BoxNumber } from './callout-numbers';
import type { CalloutIcon, CalloutLabel, CalloutMarker } from '../settings-callouts';
import { defaultPartRows } from '../settings-toc';
import { linkLocatorRuns, placeIndex } from './index-layout';
import type { IndexRow } from './index-entries';
import { boxFrameItems } from './box-shape';
import { equationNumberSetter, flowLineSetter, inRoom, leaderShift, markerByLine } from './vertical-generated';
import { boxListItem, joinMarkerLines, levelMarkerStyle, listGap, listItemGeometry, listLevelOf, listShapeOf, listSpacing, separatorTextStyle } from './list-shape';
import { parsePartPalette, partGeometry, partSettings, partTitleLines, partValues, type PartValues } from './part';
import { partDesignItems, partDesignValues, type HeadingDesignDraw, type PartDesignDraw, type PartDesignExtras } from './part-design';
import { composeSlot } from './furniture-elements';
import type { SlotImages } from './furniture-images';
import { calloutInk } from './callout-icons';
import type { SetDesignText } from './furniture-text';
import { h1Before, headingDesignOf, headingDesignValues, layoutHeadingDesign, pageStandIns, titleTextOf, type DesignedHeading } from './heading-design';
import type { RunningChapter } from './guide-words';
import { drawColumnRules } from './column-rules';
import { alignShift, ParagraphStyleScope } from './paragraph-styles';
import { headingDropCap, initialPlacements, planInitial, type InitialPlan } from './drop-cap';
import { leadInLine, leadInWords } from './lead-in';
import type { DropCap } from '../settings-dropcap';
import { baytLook, isBaytPoem, setBaytPoem, setPoem, setVerseLine, verseAlign, verseLook, type FillHemistich, type SetPoem } from './verse';
import { composeTabbed, splitAtTabs, type TabbedText, type TabSettings } from './tabs';
import { normalSpace } from '../paragraph/items';
import { groupRows, groupSettable, groupShape, placeGroup, tallestUnit } from './columns-group';
import { parallelSlots, placeParallel } from './columns-parallel';
import { boxGroupRows, boxGroupRules, boxGroupShape, type BoxGroupLine, type GroupRow, type QueuedFloat } from './columns-group';
import { narrowColumns, type NarrowColumns } from './columns-narrow';
import { boxRows, type GroupBox } from './columns-group-box';
import { planGroupWrap } from './columns-group-wrap';
import { HeldFeet, type SpanRequest } from './span-band';
import { copyDraft, copyHolder, type BlockStart, type ResumableState } from './resume';
import { movableDesignItems, shiftWithDesigns } from './levers-designs';
import { boxBottom, closingRun, distributeLevers, droppedBoxes, leverLimits, shiftItems, type ClosingBox, type LeverPoint, type LeverRecord } from './levers';
import { placeTurned, turnedMeasure, type Turn } from './floats-rotate';
import { sideCaptions } from './caption-side';
import { growFlexPoints, grownBy } from './levers-flex';
import { colonListLines, DEFAULT_BREAK_RULES, endsWithColon, linesToTake, splitRule, type SplitRule } from './break-rules';
import { looseParagraphLimit, loosenParagraphs, movedCopies, trackingLimit, type InitialLoose, type LooseLook, type LooseParagraph } from './lever-paragraphs';
import { fenceOptions, listingSettings, placeListing, prepareListing } from './code-block';
import type { CalloutStyle, HeadingDesign, ParagraphStyleSettings, PartSettings, SectionBodyStyle } from '../settings';

export { footnoteNumbers } from './notes';

/** A page under construction: its items and what the running heads need to know. */
export interface PageDraft {
  index: number;
  items: DisplayItem[];
  /** The page opens a chapter or section (its first block is a breaking heading). */
  opener: boolean;
  /** Parity padding: nothing is set on it. */
  blank: boolean;
  /** A `:::numbering` change that takes effect on this page (document-format §7.2). */
  numbering?: NumberingChange;
  /** Float citations and placements on this page (page/passes.ts). */
  floatLog?: FloatLog;
  /** Floats scaled into their slot on this page, with their picture's scale (page/floats-shrink.ts; the `floatShrunk` check). */
  floatsShrunk?: { id: string; scale: number }[];
  /** Wrapped resources set as full bands instead, and why (page/floats-wrap.ts; the `textWrap` check). */
  wrapsRefused?: { id: string; reason: WrapRefusal; at?: number }[];
  /** Text extent per column (page/balance.ts). */
  columnUse?: ColumnUse;
  /** Footnotes first cited on this page, with their column (page/note-numbering.ts). */
  notesCited?: { id: string; column: number }[];
  /** Page geometry of its section or part page when it differs from the document's (page/sections.ts). */
  geometry?: LayoutSettings;
  /** A `:::part` divider page: page role `part` (page/part.ts). */
  part?: boolean;
  /** Running heads / folios an empty section slot removes (page/sections.ts). */
  furniture?: PageFurniture;
  /** The part palette in force, ids → hex (page/part.ts). */
  palette?: Record<string, string>;
  /** The part in force (`{partTitle}` / `{partNumber}`, configuration.md §5.5; page/part.ts). */
  partValues?: PartValues;
  /** Top of the columns under a page-span heading band, pt from the content top (the column rule starts there). */
  columnTop?: number;
  /** Page-span boxes met under text on this page, and those whose band above this pass cut level (page/span-band.ts). */
  spanRequests?: SpanRequest[];
  spanClosed?: string[];
  /** Column-rule pieces beside levelled bands above span boxes, pt from the content top (page/column-rules.ts). */
  ruleBands?: { top: number; bottom: number }[];
  /** Balancing levers that fired on this page, per block (`block.balancing.levers`, configuration.md §8.5; page/levers.ts). */
  levers?: LeverRecord[];
  /** Part designs drawn on this page, redrawn with the page's label and title by engine/index.ts (page/part-design.ts). */
  designs?: (PartDesignDraw | HeadingDesignDraw)[];
  /** Designed headings on this page with an element past the trim (bleed box), the element and by how much, pt (page/heading-design.ts; the `headingDesignCut` check). */
  headingDesignsCut?: { block: string; element: string; by: number }[];
  /** `:::columns` groups whose content flowed as plain text from this page (their fence ids; page/line-numbers.ts numbers them as plain flow). */
  groupsPlain?: string[];
  /** `:::columns` groups set on this page in sub-columns under 6 em (page/columns-narrow.ts; the `columnsTooNarrow` check). */
  columnsTooNarrow?: NarrowColumns[];
}

/** Book-wide facts a chapter's pagination needs (engine/page/structure.ts). */
export interface ChapterStructure {
  /** Printed heading numbers by block id (configuration.md §8.3). */
  headingNumbers?: ReadonlyMap<string, string>;
  /** The counter of its own level each numbered heading took, by block id (heading designs' `{numberDecimal}`…). */
  headingCounters?: ReadonlyMap<string, number>;
  /**
   * What designed headings print besides the heading's own values (page/heading-design.ts): front-matter values, the running H1 carried into the file (or the chapter's title),
   * the page-number format in force where the chapter starts (`pageFormat`: its band holds what that format prints), and the paragraph engine for justified, hyphenated or marked design text.
   */
  headingDesign?: { metadata: Readonly<Record<string, string>>; setText?: SetDesignText; running?: RunningChapter; pageFormat?: string };
  /** What each `:::index` prints, by index name ('' = the main index), with the previous pass's pages (page/index-entries.ts). */
  index?: ReadonlyMap<string, readonly IndexRow[]>;
  /** What `:::toc` lists, with page labels from the previous pass ('?' before the first). */
  toc?: readonly { level: number; text: string; label: string; key?: string; number?: string; title?: string; unnumbered?: true; subtitle?: string; part?: true; partAttrs?: Attributes }[];
  /**
   * Resources that float (placement position auto/top/bottom) and are first mentioned in this
   * chapter, by id: the first `:ref` or `::resource` queues them (document-format §12.7).
   */
  floats?: ReadonlyMap<string, FloatSpec>;
  /** What an extra pass does differently (page/passes.ts): citing-page heads, the balancing cap. */
  plan?: PassPlan;
  /** Footnote numbers by id when not the chapter's own order (page/note-numbering.ts). */
  noteNumbers?: ReadonlyMap<string, number>;
  /** Notes numbered in earlier chapters (footnotes.numbering 'document'; page/note-numbering.ts). */
  noteOffset?: number;
  /** Styled sections open where the chapter starts (page/sections.ts). */
  sections?: readonly OpenSection[];
  /** Numbered boxes' labels by `containerStart` block id (page/callout-numbers.ts). */
  boxNumbers?: ReadonlyMap<string, BoxNumber>;
  /** Part palette in force where the chapter starts (page/part.ts). */
  palette?: Readonly<Record<string, string>>;
  /** The part in force where the chapter starts (page/part.ts). */
  part?: PartValues;
  /** The part whose page is the previous chapter file's last (`parts.breakAfter: none`): this file's first page, left blank, takes its verso design (§13.5). */
  partBefore?: Extract<Block, { kind: 'containerStart' }>;
  /** Pictures for image elements of part designs (page/furniture-images.ts). */
  images?: SlotImages;
  /** A resource's text-wrap request (`placement.wrap`; page/floats-wrap.ts); absent = nothing wraps. */
  wrapOf?: (resourceId: string) => WrapRequest | undefined;
}

export interface FloatSpec {
  position: 'auto' | 'top' | 'bottom';
  /**
   * `span: 'side'`: the float-only side column of a `oneAndHalf` layout (else set as a column
   * float); `'page'`: a page-wide band cutting the columns (page/floats-page.ts).
   */
  span?: 'side' | 'page';
  /** `placement.columns` (≥ the page's columns = page-wide). */
  columns?: number;
  /** `placement.citingPage` (absent = `layout.floatsAtCitingPage`). */
  citingPage?: boolean;
  /** `placement.shrink` / `minScale` (absent = `layout.floatShrink`; page/floats-shrink.ts). */
  shrink?: 'never' | 'page' | 'slot';
  minScale?: number;
  /** `placement.rotate`: turned a quarter, alone on its own page (page/floats-rotate.ts). */
  rotate?: Turn;
}

/** A queued float: its block at the column measure and where it may go. */
interface PendingFloat {
  id: string;
  flow: FlowBlock;
  position: FloatSpec['position'];
  /** A page-wide band (page/floats-page.ts), and the page index of its citing line. */
  page?: { cited: number };
  /** Columns spanned by a column float across some of the page's columns (2 … N − 1; page/floats-page.ts). */
  columns?: number;
  /** Whether and how far it may shrink into a slot (page/floats-shrink.ts). */
  rule: ShrinkRule;
  /** The float rebuilt to fit `maxHeight` pt whole (for shrinking). */
  remake: (maxHeight: number) => FlowBlock | null;
  /** `placement.wrap` (page/floats-wrap.ts): the request and the float made at its wrap slot's measure (pt). */
  wrap?: { request: WrapRequest; flow: FlowBlock; measure: number };
  /** A turned float and the measure it was set at, pt (page/floats-rotate.ts). */
  turn?: { turn: Turn; measure: number };
}

/** What a piece of text to set is: its inlines, where its source starts, and how to set it. */
export interface TextRequest {
  /** Memo identity: offsets in `inlines` are taken relative to `base`. */
  base: number;
  inlines: readonly Inline[];
  style: TextStyle;
  /** Line measure, pt. */
  measure: number;
  /** First-line indent, pt. */
  indent: number;
  justify: boolean;
  /** Verbatim text (code): spaces kept, wrapping only after them. */
  verbatim?: boolean;
  /** Base direction; absent = the block's in force (page/rtl.ts), else the document's. */
  direction?: Direction;
  /** Lines more than the best break (TeX `\looseness`, balancing lever 7: page/lever-paragraphs.ts); absent = 0. */
  looseness?: number;
  /** Set only if this takes the lines' shapes (from the breaks), else no lines: a setting tried and mostly thrown away (lever 7). */
  accept?: (shapes: readonly LineShape[]) => boolean;
  /** Lines after the first this much further in from the start edge and as much narrower, pt (hanging indent, verse turnovers); absent = 0. */
  hang?: number;
  /** The first line hangs too (the rest of a hung paragraph set again from a source offset). */
  hangFirst?: boolean;
  /** Break first fit (verse lines, tabbed text) whatever `bodyText.optimalLineBreaking` says. */
  firstFit?: boolean;
  /** Ragged spaces may shrink to `minWordSpacing` before a word is turned over (verse `tighten`). */
  tighten?: boolean;
  /** A drop cap's room (page/drop-cap.ts): the first `lines` lines start `width` pt further in and are as much narrower. */
  initialRoom?: InitialRoom;
  /** false: no runt cost or tightening (a list item's text under `avoidRuntsInLists` false, paragraph/index.ts listItemRunts). */
  avoidRunts?: boolean;
  /** One line spread toward the measure by kashida, each site up to this many em (a bayt's hemistich, paragraph/fill.ts). */
  kashidaFill?: number;
}

/** Sets text into lines (memoised by the caller). */
export type SetText = (request: TextRequest) => SetLine[];
/** Sets one line of generated text (markers, running heads) in a style. */
/**
 * One line of generated text (markers, numbers, running heads). `direction`: a base direction
 * other than the document's (a list inside a `{dir}` container), so `١.` keeps its full stop on
 * the reading side.
 */
export type SetGenerated = (text: string, style: TextStyle, direction?: Direction) => SetLine;

interface Cursor {
  page: PageDraft;
  column: number;
  /** Top of the next line box from the top of the content area, pt. */
  y: number;
  /** Nothing has been set in this column yet (space above blocks is dropped there). */
  columnEmpty: boolean;
}

interface PlaceOptions {
  role: LineInfo['role'];
  /** Left offset of the lines inside the column, pt. */
  x: number;
  /** Extra horizontal shift per line (centring), pt; `measure`: the column's width at the line, less a wrapped resource beside it (pt). */
  shift?: (line: SetLine, measure: number) => number;
  /** Whether the block may split across columns (with the widow/orphan minimums). */
  splittable: boolean;
  /** A list item: its split follows `avoidWidowsInLists` / `avoidOrphansInLists` (page/break-rules.ts). */
  inList?: boolean;
  /**
   * Re-sets the block's text for a column of another width (a `oneAndHalf` side column): from
   * its start (`from` null) or, for the rest of a split block, from that source offset on.
   */
  reflow?: (from: number | null, width: number) => SetLine[];
  /** Called for each placed segment with its first line index, count, and column top/bottom y (pt, page coords). */
  onSegment?: (first: number, count: number, top: number, bottom: number, columnX: number) => void;
  /** Height that must fit under the block's last line in its column, pt, given that line's bottom (pt from the content top; math.keepWithLeadIn: the display glued under it). */
  keepWithNext?: (bottom: number) => number;
  /**
   * A drop cap (page/drop-cap.ts): the first `keep` lines stay in one column (§6.7), and `draw`
   * sets the initial once the first line is placed — given the left edge and width of the
   * column's measure at its row (pt, beside a wrapped resource its part) and its baseline.
   */
  initial?: { keep: number; draw: (left: number, width: number, baseline: number) => void };
}

/**
 * Flows one chapter's blocks into columns and pages, starting at page `startIndex` (0-based,
 * book-wide). Body lines sit on the baseline grid; headings keep with the lines after them;
 * paragraphs split only with enough lines on each side (the spec's widow/orphan rules); an H1
 * that breaks to an odd page inserts a blank page first. A generator, so the host can yield and
 * cancel between blocks.
 */
export function* paginateChapter(
  chapter: ParsedChapter,
  startIndex: number,
  settings: LayoutSettings,
  fonts: FontRegistry,
  setTextIn: SetText,
  setGenerated: SetGenerated,
  /** Figures and tables for `::resource` lines (engine/resources); absent = resources are not set. */
  resourceBlock?: ResourceBlockFactory,
  /** Formulas and equation numbers (engine/math); absent = displays show their source. */
  math?: BookMath,
  structure: ChapterStructure = {},
): Generator<undefined, PageDraft[]> {
  const pages: PageDraft[] = [];
  const pitch = settings.body.lineHeight;
  const body = settings.body.style;
  const bodyBaseline = baselineFor(pitch, body, fonts);
  const justify = settings.body.align === 'justify';
  // Block direction (document-format §18.1): `{dir}` on container fences and headings, else the
  // document's; text is set in it and RTL blocks mirror indents, markers and numbers (page/rtl.ts).
  const directions = new DirectionScope(settings.direction);
  let dir: Direction = settings.direction;
  const rtl = (): boolean => dir === 'rtl';
  const setText: SetText = (request) => setTextIn(request.direction || dir === settings.direction ? request : { ...request, direction: dir });
  // List markers, note numbers, contents page numbers: in vertical text set as the flow's text (page/vertical-generated.ts).
  const setFlowLine = flowLineSetter(setText, setGenerated, settings, fonts);
  // Equation numbers: in vertical text one upright cell, their brackets in vertical forms (the same file).
  const setEquationNumber = equationNumberSetter(setFlowLine, settings);

  // Styled sections and parts (page/sections.ts, page/part.ts): the geometry in force, the part palette.
  const sections = new SectionTracker(settings, structure.sections);
  let geo: LayoutSettings = sections.geometry();
  let palette: Readonly<Record<string, string>> = structure.palette ?? {};
  let part: PartValues | undefined = structure.part;
  /** The open `:::part` while its page is being set (its body takes `parts.bodyStyle`), and its page index. */
  let openPartBlock: Extract<Block, { kind: 'containerStart' }> | undefined;
  /** The last part page's block (its verso design, §13.5), once the page is set. */
  let partBlock: Extract<Block, { kind: 'containerStart' }> | undefined = structure.partBefore;
  let partPageIndex = structure.partBefore ? startIndex - 1 : -1;
  /** The body text style in force (§13.5 `parts.bodyStyle` on a part page, else §13.6 the section's); undefined = bodyText. */
  const sectionBody = (): SectionBodyStyle | undefined => (openPartBlock ? partSettings(settings).bodyStyle : sections.bodyStyle());
  /** Open `:::paragraphs` containers (page/paragraph-styles.ts). */
  const paragraphStyles = new ParagraphStyleScope();
  const newPage = (): PageDraft => {
    const previous = pages[pages.length - 1];
    if (previous) {
      releaseHeld();
      closeBands(previous);
    }
    const page: PageDraft = { index: startIndex + pages.length, items: [], opener: false, blank: false };
    decoratePage(page);
    if (pendingNumbering) page.numbering = pendingNumbering;
    pendingNumbering = undefined;
    pages.push(page);
    return page;
  };
  /** A `:::numbering` met on a page that already has content: it applies from the next page. */
  let pendingNumbering: NumberingChange | undefined;
  // Page-wide float bands of the page under construction (page/floats-page.ts).
  const bands = new PageBands(pitch);
  // Fixed callout boxes (configuration.md §13.4 `placement: 'fixed'`, page/callout-fixed.ts): the
  // areas they take from their pages' columns, their items (added when the page is closed), and
  // those waiting for the head of the next page.
  const fixedAreas = new FixedAreas(pitch);
  const fixedItems = new Map<number, DisplayItem[]>();
  const fixedPending: { flow: FlowBlock; fixed: CalloutFixed; span: boolean }[] = [];
  /** Lines of a segment are being placed (page bands wait for its end: floats-page.ts). */
  let midSegment = false;
  /**
   * Offset of the body lines from the baseline grid in this column, pt (0 ≤ it < the leading):
   * text after a heading with `snapToGrid: false`, or a list whose top does not snap
   * (`snapTopToGrid: false`), sits at its natural place until the next snap point — a new column,
   * a list's end, any block but a paragraph, quote or list item (configuration.md §2.2, §8.1, §9).
   */
  let gridPhase = 0;
  const phaseAt = (y: number): number => {
    const off = y - Math.floor(y / pitch + 1e-9) * pitch;
    return off < 1e-6 || off > pitch - 1e-6 ? 0 : off;
  };
  const plan: PassPlan = structure.plan ?? {};
  /** Balancing cap of the closing page's columns but the last (page/balance.ts), pt from the content top. */
  /** Span boxes whose band above this pass has closed, and the last page a column set notes or foot floats at its foot on, not kept for later (page/span-band.ts). */
  const spanClosed = new Set<string>();
  let feetSetPage = -1;
  /** Notes and foot floats of the columns of a band being cut level, for the same columns' feet (page/span-band.ts). */
  const heldFeet = new HeldFeet<NotePiece, PendingFloat>();
  /** Where the current column may take balancing lines (page/levers.ts); a `:::columnbreak` is leaving the column. */
  let leverPoints: LeverPoint[] = [];
  let breakingColumn = false;
  /** The callout boxes set whole and last so far in a column, one after the other (lever 1, `closingBox`; page/levers.ts). */
  let closingBoxes: ClosingBox[] = [];
  const leverLimit = leverLimits(settings);
  const looseMost = looseParagraphLimit(settings);
  const looseTracking = trackingLimit(settings);
  /** The cut of the band above the next planned span box on this page (page/span-band.ts), pt from the content top. */
  const spanCap = (): number => {
    if (plan.spans) for (const cut of plan.spans) if (cut.page === cursor.page.index && !spanClosed.has(cut.block)) return cut.bottom;
    return Number.POSITIVE_INFINITY;
  };
  const balanceCap = (): number => Math.min(spanCap(), plan.balance && cursor.page.index === plan.balance.page && cursor.column < geo.columns - 1 ? plan.balance.bottom : Number.POSITIVE_INFINITY);
  const cursor: Cursor = { page: newPage(), column: 0, y: 0, columnEmpty: true };
  // `pageFrame` depends on the page index only through its parity (mirrored margins, side
  // column): one frame per parity for this chapter instead of a fresh object (and arrays) on each
  // of the many `frame()`/`colW()` calls per line. Callers only read it.
  const frames: [PageFrame | undefined, PageFrame | undefined] = [undefined, undefined];
  const frame = (): PageFrame => (frames[cursor.page.index % 2] ??= pageFrame(geo, cursor.page.index));
  /** Width of the current column, pt (columns differ in a `oneAndHalf` layout). */
  const colW = (): number => frame().columnWidths[cursor.column]!;

  // Column footnotes (configuration.md §11.1): the notes first cited by lines of the current
  // column, stacked from its foot; pieces of a note too tall for one column wait in `carried`.
  const footnotes = structure.noteNumbers ?? footnoteNumbers(chapter);
  const columnNotesMode = settings.notes.placement === 'column';
  const citationAt = new Map<number, string>();
  /** Lines a nested callout box just drew (page/callout-split.ts nestedPiece), for the box drawing it to take as its own (drawCalloutSegment). */
  const nestedCited: SetLine[] = [];
  for (const ref of chapter.collected.footnoteRefs) if (footnotes.has(ref.noteId)) citationAt.set(ref.range.from, ref.noteId);
  const definitions = new Map<string, FootnoteDefinition>();
  for (const b of chapter.blocks) if (b.kind === 'footnoteDefinition' && !definitions.has(b.noteId)) definitions.set(b.noteId, b); // first definition wins
  const notesSet = new Set<string>();
  const preparedNotes = new Map<string, NotePiece>();
  let columnNotes: NotePiece[] = [];
  let carried: NotePiece[] = [];
  const noteStyle: TextStyle = { ...body, size: settings.notes.size, colour: settings.notes.colour };
  const noteBaseline = baselineFor(settings.notes.lineHeight, noteStyle, fonts);
  /** Room left for body text in the current column above its notes, pt from the content top. */
  const limit = (): number => Math.min(balanceCap(), footTextCap(), colBottom() - noteAreaHeight(columnNotes, settings.notes) - bottomFloatsHeight());
  /** A float wrapped at the current column's foot (page/floats-wrap.ts): the grid line its bottom sits on, pt from the content top; else Infinity. */
  const footWrapAt = (): number => (wrapBand?.foot && wrapBand.page === cursor.page.index && wrapBand.column === cursor.column ? wrapBand.bottom : Number.POSITIVE_INFINITY);
  /** Where the column's text ends above such a float: its bottom, or its band's top once something other than text came (`closed`). */
  const footTextCap = (): number => (wrapBand?.closed && footWrapAt() < Number.POSITIVE_INFINITY ? wrapBand.top : footWrapAt());
  /** Foot of the current column above the page's foot band, pt from the content top. */
  function colBottom(): number {
    const f = frame();
    // A fixed box at this column's foot (page/callout-fixed.ts) ends its text, notes and foot floats one line above it.
    return f.contentHeight - bands.footOf(cursor.column) - fixedAreas.footOf(cursor.page.index, cursor.column, f.contentHeight);
  }
  /** Sets the page's foot band (on leaving the page, whose frame is still `frame()`; hugging the text on the chapter's closing page). */
  function closeBands(page: PageDraft, hug = false): void {
    // The page's fixed boxes, drawn last so no lever moves them with the text (page/callout-fixed.ts).
    const fixedOnPage = fixedItems.get(page.index);
    if (fixedOnPage) page.items.push(...fixedOnPage);
    fixedItems.delete(page.index);
    if (!bands.hasFoot()) return bands.reset();
    const f = frame();
    page.items.push(...bands.emitFoot(f.contentLeft, f.contentTop, f.contentHeight, hug ? bands.deepest(cursor.y) : undefined));
    bands.reset();
  }

  // Floats (document-format §12.7): queued at their first mention, placed in order (never
  // overtaking) in the first free slot after it — the foot of the citing column, then the head
  // (auto/top) or foot (auto/bottom) of a later column. A float band is followed (head) or
  // preceded (foot) by one body line and ends on the grid.
  const queuedFloats = new Set<string>();
  // Float citations and placements per page, for the extra passes (page/passes.ts).
  const citedFloats = new Set<string>();
  const floatLog = (): FloatLog => (cursor.page.floatLog ??= { cited: [], placed: [] });
  const logPlaced = (id: string, rank: number): void => {
    floatLog().placed.push({ id, rank });
    wrapRefusedOnPlace(id);
  };
  const logCited = (id: string, block: { id: string }): void => {
    const spec = structure.floats?.get(id);
    if (!spec || citedFloats.has(id)) return;
    citedFloats.add(id);
    const citingPage = (spec.citingPage ?? settings.floats?.citingPage ?? false) && spec.position !== 'bottom' && spec.span !== 'side';
    // A float across k of N columns would head the k columns holding this one: from here, or from N − k (page/passes.ts).
    const k = spannedColumns(spec, geo.columns);
    floatLog().cited.push({ id, column: cursor.column, block: block.id, citingPage, ...(k > 1 ? { span: k, head: Math.min(cursor.column, geo.columns - k) } : {}) });
  };
  const pendingFloats: PendingFloat[] = [];
  let bottomFloats: PendingFloat[] = [];
  const floatCitations = new Map<number, string>();
  for (const ref of chapter.collected.refs) if (structure.floats?.has(ref.target) && !floatCitations.has(ref.range.from)) floatCitations.set(ref.range.from, ref.target);
  /** Height of a column's foot float band, pt: each float and the line above it, ending on the grid. */
  function footHeight(floats: readonly { flow: FlowBlock }[], more: readonly { flow: FlowBlock }[] = NO_FLOWS): number {
    if (floats.length + more.length === 0) return 0;
    // The two lists as one, summed in the same order and association as a reduce over their
    // concatenation (pt): without building it for every line tried (page/notes.ts noteAreaHeightOf).
    let content = 0;
    for (const f of floats) content = content + f.flow.height + pitch;
    for (const f of more) content = content + f.flow.height + pitch;
    return Math.ceil(content / pitch - 1e-9) * pitch;
  }
  function bottomFloatsHeight(): number {
    return footHeight(bottomFloats);
  }
  const floatFlows = new Map<string, FlowBlock | null>();
  /**
   * The float's block at the current column's measure, or another (memoised per id, measure and
   * height). By default its height is capped by the content area less the float gap — the whole
   * figure with `layout.fitFiguresToPage`, else the picture alone (page/floats-shrink.ts);
   * `maxHeight` (pt): rebuilt to fit that height whole (shrinking into a slot).
   */
  const floatFlow = (id: string, block: ResourceBlock | { id: string }, measure = colW(), maxHeight?: number): FlowBlock | null => {
    const key = `${id}|${measure}|${maxHeight ?? ''}|${dir}`;
    if (floatFlows.has(key)) return floatFlows.get(key)!;
    // A float cited by `:ref` is set as if embedded by the citing block (its runs carry that block).
    const embed: ResourceBlock = 'kind' in block && block.kind === 'resourceBlock' ? block : { kind: 'resourceBlock', id: block.id, resourceId: id, range: chapter.blocks.find((b) => b.id === block.id)?.range ?? { from: 0, to: 0, line: 0, column: 0 } };
    const flow = (maxHeight === undefined ? resourceBlock?.(embed, measure, frame().contentHeight - pitch, settings.floats?.fitToPage ? 'figure' : 'picture', dir) : resourceBlock?.(embed, measure, maxHeight, 'figure', dir)) ?? null;
    floatFlows.set(key, flow);
    return flow;
  };
  const queueFloat = (id: string, block: ResourceBlock | { id: string }): void => {
    const spec = structure.floats?.get(id);
    if (!spec || queuedFloats.has(id)) return;
    queuedFloats.add(id);
    const side = frame().side;
    if (spec.span === 'side' && side) {
      const flow = floatFlow(id, block, side.width);
      if (flow) sidePending.push({ flow });
      placeSide();
      return;
    }
    const rule = shrinkRule(spec, settings.floats);
    if (spec.rotate) {
      // Turned, alone on a page of its own (page/floats-rotate.ts): set at the turned measure, its height capped by the content width.
      const f = frame();
      const measure = turnedMeasure(f.contentHeight, pitch);
      const flow = floatFlow(id, block, measure, f.contentWidth);
      if (flow) pendingFloats.push({ id, flow, position: spec.position, page: { cited: cursor.page.index }, rule: { ...rule, mode: 'never' }, remake: () => null, turn: { turn: spec.rotate, measure } });
      return;
    }
    if (spansPage(spec, geo.columns)) {
      const measure = frame().contentWidth;
      const flow = floatFlow(id, block, measure);
      if (flow) pendingFloats.push({ id, flow, position: spec.position, page: { cited: cursor.page.index }, rule, remake: (h) => floatFlow(id, block, measure, h) });
      return;
    }
    // Across k adjacent columns (placement.columns, 1 < k < N): the columns and the gutters between them.
    const columns = spannedColumns(spec, geo.columns);
    const f = frame();
    const measure = columns > 1 ? spanBox(f.columnX, f.columnWidths, 0, columns).width : colW();
    const flow = floatFlow(id, block, measure);
    // placement.wrap (§12.8): a one-column float is also made at its wrap slot's measure.
    const wrapRequest = columns > 1 ? undefined : structure.wrapOf?.(id);
    const wrapMeasure = wrapRequest ? wrapSlotMeasure(wrapRequest, measure, wrapSettings) : 0;
    const wrapFlow = wrapRequest ? floatFlow(id, block, wrapMeasure) : null;
    const wrap = wrapRequest && wrapFlow ? { wrap: { request: wrapRequest, flow: wrapFlow, measure: wrapMeasure } } : {};
    if (flow) pendingFloats.push({ id, flow, position: spec.position, rule, remake: (h) => floatFlow(id, block, measure, h), ...(columns > 1 ? { columns } : {}), ...wrap });
  };
  /**
   * Foot floats a line would queue that can take the foot of this column (nothing waits before
   * them, position auto/bottom): reserved before the line is placed, like its notes.
   */
  const footFloatsFor = (line: SetLine, block: { id: string }, planned: { id: string; flow: FlowBlock }[]): readonly { id: string; flow: FlowBlock }[] =>
    floatCitations.size === 0 || !footFree() ? NO_FOOT_FLOATS : footFloatsOf(notesCitedBy(line, floatCitations), block, planned);
  /**
   * Reserves at the column's foot (adds to `planned`) the floats `line` cites there, if the lines so
   * far — ending `bottom` pt from the content top — still fit above them: `room(floats)`, pt, is how
   * far text may run with those floats at the foot (on the grid and off it).
   */
  const reserveFootFloats = (line: SetLine, block: { id: string }, planned: { id: string; flow: FlowBlock }[], bottom: number, room: (floats: readonly { flow: FlowBlock }[]) => number): void => {
    const floats = footFloatsFor(line, block, planned);
    if (floats.length > 0 && bottom <= room([...planned, ...floats]) + 1e-6) planned.push(...floats);
  };
  /** Whether a float queued now may take this column's foot: nothing waits before it, and no float wraps at the foot (nothing else takes it then). */
  const footFree = (): boolean => pendingFloats.length === 0 && footWrapAt() === Number.POSITIVE_INFINITY;
  /** `footFloatsFor` for floats `ids` mentioned at `block` (a line's `:ref`s, an embed in a `:::columns` group). */
  const footFloatsOf = (ids: readonly string[], block: { id: string }, planned: { id: string; flow: FlowBlock }[], boxes?: ReadonlyMap<string, FlowBlock>): { id: string; flow: FlowBlock }[] => {
    if (!footFree()) return [];
    const out: { id: string; flow: FlowBlock }[] = [];
    for (const id of ids) {
      if (queuedFloats.has(id) || planned.some((p) => p.id === id)) continue;
      // A callout box floated out of a `:::columns` group (`boxes`, by block id): its flow as set.
      const box = boxes?.get(id);
      if (box) {
        out.push({ id, flow: box });
        continue;
      }
      const spec = structure.floats?.get(id);
      if (spec?.span === 'side' && frame().side) continue; // set in the side channel, not at the foot
      if (spansPage(spec, geo.columns) || spannedColumns(spec, geo.columns) > 1) break; // a page-wide band or a span over columns: placed after the line (floats-page.ts)
      // A float that wraps waits for a column head (placeColumnFloat): no foot room is kept for it.
      const flow = spec && spec.position !== 'top' && !(spec.position === 'auto' && structure.wrapOf?.(id)) ? floatFlow(id, block) : null;
      if (!flow) break; // a float that cannot take the foot keeps later ones waiting behind it
      out.push({ id, flow });
    }
    return out;
  };
  /** Queues the floats a callout box cites once the box is placed, at its position (page/callout-cites.ts), and places what may go now. */
  const queueBoxCites = (start: { id: string }, inner: readonly Block[]): void => {
    const ids = floatsCitedInBox(inner, floatCitations, structure.floats);
    for (const id of ids) {
      logCited(id, start);
      queueFloat(id, start);
    }
    if (ids.length > 0) placeFloats(false);
  };
  /** Places waiting floats where they may go now; `fresh` = at the head of a column nothing is set in yet. */
  const placeFloats = (fresh: boolean): void => {
    // A float wrapped at this column's foot is its last slot: later floats wait for the next column.
    if (footWrapAt() < Number.POSITIVE_INFINITY) return;
    while (pendingFloats.length > 0) {
      const float = pendingFloats[0]!;
      const placed = float.turn ? placeTurnedFloat(float, float.turn, fresh) : float.page ? placePageFloat(float, fresh) : float.columns ? placeSpanFloat(float, float.columns, fresh) : placeColumnFloat(float, fresh);
      // 'split': a table's first part is set, its rest waits at the queue's head for the next column.
      if (placed !== true) return;
      pendingFloats.shift();
    }
  };
  /** The grid line at or above `y` pt (within 1e-6 pt), pt from the content top. */
  const gridFloor = (y: number): number => Math.floor((y + 1e-6) / pitch) * pitch;
  /** Records `:::columns` groups set in sub-columns under 6 em on this page (the `columnsTooNarrow` check, page/columns-narrow.ts). */
  const logNarrow = (narrow: readonly NarrowColumns[]): void => {
    for (const n of narrow) (cursor.page.columnsTooNarrow ??= []).push(n);
  };
  /** Records a float scaled into its slot (the `floatShrunk` check). */
  const logShrunk = (id: string, scale: number): void => void (cursor.page.floatsShrunk ??= []).push({ id, scale: Math.round(scale * 1000) / 1000 });
  /**
   * The float rebuilt to fit `room` pt when its shrink rule lets it (page/floats-shrink.ts):
   * `slot` into any slot, `page` only into a column or page nothing is set on yet (`empty`).
   * Never between the lines of a segment being placed: its later lines already count this column.
   */
  const shrunkFor = (float: PendingFloat, room: number, empty: boolean) => {
    if (midSegment || float.rule.mode === 'never' || (float.rule.mode === 'page' && !empty)) return null;
    return shrinkInto(float.flow, room, float.rule.minScale, float.remake);
  };
  /**
   * A one-column float: the head of a fresh column (auto/top), the foot of the current column
   * (auto/bottom), shrunk into that slot (floats-shrink.ts), or — taller than any slot — the head
   * of an empty column anyway (a table splits between rows there instead).
   */
  function placeColumnFloat(float: PendingFloat, fresh: boolean): boolean | 'split' {
    // The page's foot band is its last slot: a later float waits for the next page (no overtaking).
    if (bands.hasFoot()) return false;
    const canHead = fresh && cursor.columnEmpty && float.position !== 'bottom';
    const canFoot = float.position !== 'top';
    // Tallest float each slot takes, pt: the head band ends a line above the column's limit; the
    // foot band (each float and the line above it, on the grid) stays under the text and above the notes.
    const headRoom = (): number => limit() - cursor.y - pitch;
    const footRoom = (): number => gridFloor(colBottom() - noteAreaHeight(columnNotes, settings.notes) - cursor.y) - bottomFloats.reduce((h, f) => h + f.flow.height + pitch, 0) - pitch;
    const setHead = (flow: FlowBlock): void => {
      const f = frame();
      cursor.page.items.push(...flow.emit(f.columnX[cursor.column]!, f.contentTop + cursor.y));
      logPlaced(float.id, slotRank.columnHead(cursor.column));
      cursor.y = Math.ceil((cursor.y + flow.height + pitch) / pitch - 1e-9) * pitch;
      // Lever (6): a line under a top float may balance a short column (page/levers.ts).
      leverPoints.push({ kind: 'afterFloat', item: cursor.page.items.length, block: float.id, rank: 0 });
    };
    const setFoot = (flow: FlowBlock): void => {
      bottomFloats = [...bottomFloats, flow === float.flow ? float : { ...float, flow }];
      logPlaced(float.id, slotRank.columnFoot(cursor.column));
    };
    // placement.wrap (§12.8): at the head of a fresh column, at its side with the text beside it.
    // Elsewhere an auto/top float that could wrap in a column waits for the next column head (the
    // foot does not wrap); set in any other slot (a `bottom` float's foot, or a head too narrow or
    // short to wrap in) it is a band, and the refusal is recorded when it is placed (page/floats-wrap.ts).
    // An auto/bottom float may also wrap at this column's foot, the text above it running beside it (wrapFoot).
    if (float.wrap) {
      let wrapped: true | WrapRefusal = canHead ? wrapHead(float.id, float.wrap) : canFoot ? wrapFoot(float.id, float.wrap) : 'moved';
      if (wrapped === true) return true;
      if (!canHead && float.position !== 'bottom') {
        const could = wrapsInColumn(float.wrap);
        if (could === true) return false;
        wrapped = could;
      }
      pendingWrapRefusals.set(float.id, wrapped);
    }
    if (canHead && float.flow.height <= headRoom() + 1e-6) {
      setHead(float.flow);
      return true;
    }
    if (canFoot && float.flow.height <= footRoom() + 1e-6) {
      setFoot(float.flow);
      return true;
    }
    const emptyColumn = fresh && cursor.columnEmpty && cursor.y === 0 && bands.head === 0 && bottomFloats.length === 0;
    // Shrink into the first slot it may take here: the head when the column is fresh, else the foot.
    if (canHead || canFoot) {
      const shrunk = shrunkFor(float, canHead ? headRoom() : footRoom(), emptyColumn);
      if (shrunk) {
        if (canHead) setHead(shrunk.flow);
        else setFoot(shrunk.flow);
        logShrunk(float.id, shrunk.scale);
        return true;
      }
    }
    if (emptyColumn) {
      // Taller than any slot: a table splits between rows and continues at the next column's
      // head (§12.7 "a waiting table is split instead"); anything else takes this head anyway.
      const cut = float.flow.split?.(limit() - pitch) ?? null;
      const part = cut ? cut.first : float.flow;
      const f = frame();
      cursor.page.items.push(...part.emit(f.columnX[cursor.column]!, f.contentTop));
      logPlaced(float.id, slotRank.columnHead(cursor.column));
      cursor.y = Math.ceil((part.height + pitch) / pitch - 1e-9) * pitch;
      cursor.columnEmpty = false;
      if (cut) {
        pendingFloats[0] = { ...float, flow: cut.rest };
        return 'split';
      }
      return true;
    }
    return false;
  }
  /**
   * A column float across `k` adjacent columns (placement.columns, 1 < k < N; floats-page.ts): the
   * head of a fresh column c with c + k ≤ N, over c…c+k−1 (text in each starts under it), or the
   * foot of the current column and the next k − 1 (their notes and foot floats sit above it);
   * shrunk into that slot; taller than any slot, the head of an empty column anyway.
   */
  function placeSpanFloat(float: PendingFloat, k: number, fresh: boolean): boolean | 'split' {
    if (bands.hasFoot()) return false;
    const c = cursor.column;
    // It waits for a column with k − 1 more after it on the page (the next page's first, at worst).
    if (c + k > geo.columns) return false;
    const f = frame();
    const box = spanBox(f.columnX, f.columnWidths, c, k);
    const span = { from: c, count: k, x: box.x };
    const top = bands.spanTop(c, k);
    const canHead = fresh && cursor.columnEmpty && float.position !== 'bottom';
    // Not between a segment's lines: its later lines were counted against this column's old foot.
    const canFoot = float.position !== 'top' && !midSegment;
    const headRoom = (): number => {
      let bottom = limit();
      for (let o = c + 1; o < c + k; o++) bottom = Math.min(bottom, f.contentHeight - bands.footOf(o));
      return bottom - top - pitch;
    };
    const currentBottom = (): number => cursor.y + noteAreaHeight(columnNotes, settings.notes) + bottomFloatsHeight();
    const footRoom = (): number => bands.footRoom(f.contentHeight, currentBottom(), c, span);
    const setHead = (flow: FlowBlock): void => {
      cursor.page.items.push(...flow.emit(box.x, f.contentTop + top));
      const bottom = Math.ceil((top + flow.height + pitch) / pitch - 1e-9) * pitch;
      bands.setSpanHead(c, k, bottom);
      cursor.y = bottom;
      logPlaced(float.id, slotRank.columnHead(c));
    };
    const setFoot = (flow: FlowBlock): boolean => {
      if (fixedFootUnder(c, k) || !bands.tryFoot(flow, f.contentHeight, currentBottom(), c, span)) return false;
      logPlaced(float.id, slotRank.columnFoot(c));
      return true;
    };
    if (canHead && float.flow.height <= headRoom() + 1e-6) {
      setHead(float.flow);
      return true;
    }
    if (canFoot && setFoot(float.flow)) return true;
    const emptyColumn = fresh && cursor.columnEmpty && cursor.y === 0 && top === 0 && bottomFloats.length === 0;
    if (canHead || canFoot) {
      const shrunk = shrunkFor(float, canHead ? headRoom() : footRoom(), emptyColumn);
      if (shrunk && canHead) setHead(shrunk.flow);
      if (shrunk && (canHead || setFoot(shrunk.flow))) {
        logShrunk(float.id, shrunk.scale);
        return true;
      }
    }
    if (emptyColumn) {
      const cut = float.flow.split?.(headRoom()) ?? null;
      const part = cut ? cut.first : float.flow;
      setHead(part);
      cursor.columnEmpty = false;
      if (cut) {
        pendingFloats[0] = { ...float, flow: cut.rest };
        return 'split';
      }
      return true;
    }
    return false;
  }
  /**
   * A page-wide float (document-format §12.7): the head band of a page nothing is set on yet
   * (never the citing page's), or the foot band when every column still has room above it;
   * shrunk into that band (floats-shrink.ts); taller than any band, an empty page's head anyway.
   */
  function placePageFloat(float: PendingFloat, fresh: boolean): boolean {
    const f = frame();
    const pageStart = fresh && cursor.column === 0 && cursor.columnEmpty && cursor.y === bands.head && bottomFloats.length === 0;
    // Not between the lines of a segment being placed: its remaining lines are not counted yet.
    if (midSegment) return false;
    const notes = noteAreaHeight(columnNotes, settings.notes);
    const canHead = pageStart && !bands.hasFoot() && float.position !== 'bottom' && cursor.page.index > float.page!.cited;
    const setHead = (flow: FlowBlock): boolean => {
      const top = bands.head;
      const head = bands.tryHead(flow, f.contentHeight, notes);
      if (head === null) return false;
      cursor.page.items.push(...flow.emit(f.contentLeft, f.contentTop + top));
      cursor.y = head;
      logPlaced(float.id, slotRank.pageHead);
      return true;
    };
    // The current column keeps its text, notes and foot floats above the band (its notes are set on leaving it).
    const currentBottom = cursor.y + notes + bottomFloatsHeight();
    const setFoot = (flow: FlowBlock): boolean => {
      // (A fixed box at the page's foot keeps it: the band would stand on it.)
      if (fixedFootUnder(0, geo.columns) || !bands.tryFoot(flow, f.contentHeight, currentBottom)) return false;
      logPlaced(float.id, slotRank.pageFoot);
      return true;
    };
    if (canHead && setHead(float.flow)) return true;
    if (float.position !== 'top' && setFoot(float.flow)) return true;
    const emptyPage = pageStart && bands.head === 0 && !bands.hasFoot();
    if (canHead || float.position !== 'top') {
      const shrunk = shrunkFor(float, canHead ? bands.headRoom(f.contentHeight, notes) : bands.footRoom(f.contentHeight, currentBottom), emptyPage);
      if (shrunk && (canHead ? setHead(shrunk.flow) : setFoot(shrunk.flow))) {
        logShrunk(float.id, shrunk.scale);
        return true;
      }
    }
    if (float.position === 'top' && !canHead && !emptyPage) return false;
    // Taller than any band of an empty page: it takes the page alone (text goes on below or on the next page).
    if (emptyPage) {
      cursor.page.items.push(...float.flow.emit(f.contentLeft, f.contentTop));
      bands.head = Math.ceil((float.flow.height + pitch) / pitch - 1e-9) * pitch;
      cursor.y = bands.head;
      logPlaced(float.id, slotRank.pageHead);
      return true;
    }
    return false;
  }
  /**
   * A turned float (page/floats-rotate.ts): only at the start of a page after its citing page
   * with nothing on it (no head band, notes carried over, foot floats); the page is then its alone.
   */
  function placeTurnedFloat(float: PendingFloat, turn: { turn: Turn; measure: number }, fresh: boolean): boolean | 'split' {
    const alone = fresh && !midSegment && cursor.column === 0 && cursor.columnEmpty && cursor.y === 0 && bands.head === 0 && !bands.hasFoot() && bottomFloats.length === 0 && columnNotes.length === 0 && cursor.page.index > float.page!.cited;
    if (!alone) return false;
    const placed = placeTurned(float.flow, turn.measure, turn.turn, frame(), float.id);
    cursor.page.items.push(...placed.items);
    logPlaced(float.id, slotRank.pageHead);
    // Nothing else on this page: its last column is full, so whatever comes next starts a new page.
    cursor.column = geo.columns - 1;
    cursor.y = bands.head = frame().contentHeight;
    cursor.columnEmpty = false;
    sideTop.set(cursor.page.index, Number.POSITIVE_INFINITY);
    if (placed.rest) {
      pendingFloats[0] = { ...float, flow: placed.rest };
      return 'split';
    }
    return true;
  }
  /**
   * Citing-page floats a later pass sets at the head of this page (page-wide) or column before
   * its text (page/passes.ts; `placement.citingPage`, within `layout.maxTopFraction`). Never
   * while an earlier float waits: it would be overtaken.
   */
  function placePlanned(): void {
    const planned = plan.headFloats?.get(`${cursor.page.index}:${cursor.column}`);
    if (!planned || pendingFloats.length > 0 || bands.hasFoot() || bottomFloats.length > 0) return;
    const f = frame();
    const maxTop = (settings.floats?.maxTopFraction ?? 0.7) * f.contentHeight;
    for (const p of planned) {
      const spec = structure.floats?.get(p.id);
      if (!spec || queuedFloats.has(p.id)) continue;
      const wide = spansPage(spec, geo.columns);
      // Across k of N columns (placement.columns): the columns from this one on and the gutters between them (floats-page.ts).
      const k = wide ? 1 : spannedColumns(spec, geo.columns);
      const span = k > 1 ? spanBox(f.columnX, f.columnWidths, cursor.column, k) : null;
      const flow = floatFlow(p.id, { id: p.block }, wide ? f.contentWidth : span ? span.width : colW());
      if (!flow || flow.height > maxTop + 1e-6) return;
      if (wide) {
        if (cursor.column !== 0 || !cursor.columnEmpty) return;
        const top = bands.head;
        const head = bands.tryHead(flow, f.contentHeight, noteAreaHeight(columnNotes, settings.notes));
        if (head === null) return;
        cursor.page.items.push(...flow.emit(f.contentLeft, f.contentTop + top));
        cursor.y = head;
        logPlaced(p.id, slotRank.pageHead);
      } else if (span) {
        // The head of columns c…c+k−1: under what any of them holds, above each one's foot band; the text of each starts under it.
        const c = cursor.column;
        if (c + k > geo.columns) return;
        const top = Math.max(cursor.y, bands.spanTop(c, k));
        let bottom = limit();
        for (let o = c + 1; o < c + k; o++) bottom = Math.min(bottom, f.contentHeight - bands.footOf(o));
        if (top + flow.height + pitch > bottom + 1e-6) return;
        cursor.page.items.push(...flow.emit(span.x, f.contentTop + top));
        cursor.y = Math.ceil((top + flow.height + pitch) / pitch - 1e-9) * pitch;
        bands.setSpanHead(c, k, cursor.y);
        logPlaced(p.id, slotRank.columnHead(c));
      } else {
        if (cursor.y + flow.height + pitch > limit() + 1e-6) return;
        cursor.page.items.push(...flow.emit(f.columnX[cursor.column]!, f.contentTop + cursor.y));
        cursor.y = Math.ceil((cursor.y + flow.height + pitch) / pitch - 1e-9) * pitch;
        logPlaced(p.id, slotRank.columnHead(cursor.column));
      }
      queuedFloats.add(p.id);
    }
  }
  /** Records how far down the current column's text reaches (page/balance.ts). */
  function recordColumnUse(): void {
    const use = (cursor.page.columnUse ??= { top: bands.head, bottoms: [], blocked: false, columns: textColumns(geo) });
    use.bottoms[cursor.column] = cursor.y;
    if (bottomFloats.length > 0 || bands.hasFoot() || bands.hasSpans()) use.blocked = true;
  }
  /** Emits the current column's foot floats above its notes (called when leaving the column). */
  const emitBottomFloats = (): void => {
    if (bottomFloats.length === 0) return;
    const f = frame();
    let y = f.contentTop + colBottom() - noteAreaHeight(columnNotes, settings.notes) - bottomFloatsHeight() + pitch;
    for (const float of bottomFloats) {
      cursor.page.items.push(...float.flow.emit(f.columnX[cursor.column]!, y));
      y += float.flow.height + pitch;
    }
    bottomFloats = [];
  };
  // Side floats (layout.sideColumnRole 'floats', configuration.md §4.1): they stack in the side
  // channel from the head of the citing page, one body line apart; what does not fit waits for
  // the head of the next page's channel. Side boxes (`span: 'side'` callouts) stand beside their
  // text instead (`beside`: level with the text after their fence, under what the channel holds);
  // one that does not fit there at the column's end goes early or late by its style's
  // `sideAtColumnEnd` (§13.4): 'before' (the default) ends at the column's foot on this page,
  // rising above its text, 'after' waits for the head of the next page's channel.
  const sidePending: { flow: FlowBlock; beside?: { page: number; y: number; late: boolean } }[] = [];
  const sideTop = new Map<number, number>();
  // captionSide (page/caption-side.ts): figures in the main column set their caption in the side channel, which it takes like a side float.
  resourceBlock = sideCaptions(resourceBlock, {
    frame,
    page: () => cursor.page.index,
    freeTop: () => sideTop.get(cursor.page.index) ?? 0,
    take: (bottom) => void sideTop.set(cursor.page.index, Math.max(bottom, sideTop.get(cursor.page.index) ?? 0)),
    gap: pitch,
  });
  function placeSide(): void {
    const side = frame().side;
    const height = frame().contentHeight;
    while (side && sidePending.length > 0) {
      const { flow, beside } = sidePending[0]!;
      const free = sideTop.get(cursor.page.index) ?? 0;
      let y = free;
      if (beside && beside.page === cursor.page.index) {
        y = Math.max(free, beside.y);
        if (y + flow.height > height + 1e-6) {
          // Not room beside its text at the column's end: late ('after'), or early where the channel has room ('before').
          if (beside.late || free + flow.height > height + 1e-6) return;
          y = height - flow.height;
        }
      }
      if (y > 0 && y + flow.height > height + 1e-6) return;
      cursor.page.items.push(...flow.emit(side.x, frame().contentTop + y));
      sideTop.set(cursor.page.index, y + flow.height + pitch);
      sidePending.shift();
    }
  }
  /** Barrier (chapter end, chapter openers): every waiting float is set before going on. */
  const flushFloats = (): void => {
    while (floatsWaiting()) nextColumn();
  };
  const floatsWaiting = (): boolean => pendingFloats.length > 0 || sidePending.length > 0 || fixedPending.length > 0;

  const enterColumn = (): void => {
    leverPoints = [];
    gridPhase = 0; // a column starts on the grid
    // Under the head band, and under a float across this and earlier columns (floats-page.ts).
    cursor.y = bands.top(cursor.column);
    cursor.columnEmpty = true;
    // Fixed boxes that waited for a new page stand on it first; the text starts under one at the head.
    if (cursor.column === 0) placeFixedPending();
    cursor.y = Math.max(cursor.y, fixedAreas.headOf(cursor.page.index, cursor.column));
    columnNotes = carried;
    carried = [];
    takeHeld();
    trimNotes(colBottom() - cursor.y);
    placeFloats(true);
    if (plan.headFloats) placePlanned();
    if (sidePending.length > 0) placeSide();
  };
  const nextColumn = (): void => {
    if (!breakingColumn) stretchColumn();
    leaveColumn();
    if (cursor.column + 1 < geo.columns) cursor.column++;
    else {
      cursor.page = newPage();
      cursor.column = 0;
    }
    enterColumn();
  };
  /**
   * A page break with parity (configuration.md §8.4): `odd`/`even` pad with one blank page when
   * needed; `always-*` first leave at least one blank separator page. Page index 0, 2, … are odd
   * (recto), counted from where the book begins in a longer one (`settings.start`,
   * page/continuation.ts). A break on the very first block of the book's empty first page applies
   * no parity, so a book that continues on a verso opens on it.
   */
  const nextPage = (parity: 'any' | 'odd' | 'even' | 'always-odd' | 'always-even'): void => {
    if (!pageIsEmpty()) {
      leaveColumn();
      cursor.page = newPage();
      cursor.column = 0;
      enterColumn();
    } else if (cursor.page.index === 0) {
      return;
    }
    if (parity === 'always-odd' || parity === 'always-even') leaveBlank();
    const wantOdd = parity === 'odd' || parity === 'always-odd';
    const wantEven = parity === 'even' || parity === 'always-even';
    const isOdd = isRecto(settings, cursor.page.index);
    if ((wantOdd && !isOdd) || (wantEven && isOdd)) leaveBlank();
  };
  /**
   * Leaves the (empty) current page as a blank separator. A `:::numbering` change recorded on it
   * moves to the next page: it was meant for the first page with content (document-format §7.2
   * "or current page if it has no numbered content yet"), e.g. `startAt=1` at a chapter's top.
   */
  const leaveBlank = (): void => {
    cursor.page.blank = true;
    // parts.versoDesign (§13.5): only on the page after a part page, and only when it is left blank.
    const verso = partSettings(settings).versoDesign;
    if (verso && partBlock && cursor.page.index === partPageIndex + 1) cursor.page.items.push(...designOn(verso, partBlock, 'blank'));
    const carried = cursor.page.numbering;
    delete cursor.page.numbering;
    cursor.page = newPage();
    if (carried) cursor.page.numbering = { ...carried, ...cursor.page.numbering };
  };
  const pageIsEmpty = (): boolean => cursor.page.items.length === 0 && cursor.column === 0 && cursor.columnEmpty && columnNotes.length === 0;
  /** Nested list items' parent items, by block id (listParentTextStart; built on first use, from the chapter's blocks). */
  let listParents: Map<string, ListItemBlock> | null = null;
  /** List items' first-line text starts, pt from the column's start edge, by block id (what their nested items indent to). */
  const listTextStarts = new Map<string, number>();
  /** Ordered lists' number column widths, pt, by `listId|depth` (orderedRunWidth). */
  const orderedRunWidths = new Map<string, number>();
  /**
   * The bottom margin, pt, of a `:::paragraphs` container closed just before the block being set,
   * when it collapses with that block's top space (bodyText.paragraphContainerSpacing 'collapse',
   * configuration.md §6.4, §13.1: margins collapse with neighbours, the larger wins); else 0.
   */
  let collapseAbove = 0;
  /** The block's top space `pt` less what the container above already gave (taken once). */
  const collapsedTop = (pt: number): number => {
    const given = collapseAbove;
    collapseAbove = 0;
    return given > 0 ? Math.max(0, pt - given) : pt;
  };
  /** Vertical space before a block; dropped at the top of a column. */
  const space = (pt: number): void => {
    const gap = collapsedTop(pt);
    if (!cursor.columnEmpty) cursor.y += gap;
  };

  const emit = (block: { id: string; target?: string }, line: SetLine, x0: number, baseline: number, role: LineInfo['role']): void => {
    if (plan.quietBefore !== undefined && cursor.page.index < plan.quietBefore) return; // an earlier pass drew this page (page/passes.ts)
    if (line.runs.length > 0) {
      // One line record shared by the line's runs (display lists are read-only), its optional
      // fields assigned rather than spread from `cond ? {…} : {}` (a generic copy per run).
      const info: LineInfo = { block: block.id, role, ratio: roundPt(line.ratio) };
      if (line.hyphenated) info.hyphenated = true;
      if (line.ragged) info.ragged = true;
      if (line.emergency) info.emergency = true;
      if (block.target) info.target = block.target;
      // Chips and boxed inline code: their boxes behind the glyphs (page/run-boxes.ts).
      if (line.boxes) cursor.page.items.push(...lineBoxItems(line, x0, baseline));
      // The item drawn last time for the same run at the same place when nothing changed (page/run-items.ts).
      for (const run of line.runs) {
        cursor.page.items.push(placedRun(run, x0, baseline, chapter.chapterId, info, glyphRun));
        // bodyText.emphasis 'overline' (§6.1): the rule over the run (page/overline.ts).
        const over = run.overline ? overlineRule(run, x0, baseline, fonts) : null;
        if (over) cursor.page.items.push(over);
        // CJK marks (document-format §18.4): dots and lines in the leading (page/cjk-marks.ts).
        if (run.cjkMarks) cursor.page.items.push(...cjkMarkItems(run, x0, baseline, fonts));
      }
    }
    // Inline formulas sit on the line's baseline (engine/math).
    if (line.formulas) for (const formula of line.formulas) cursor.page.items.push(...lineFormulaItems(formula, x0, baseline, chapter.chapterId));
  };

  /** Places lines on the baseline grid, splitting across columns by the widow/orphan rules. */
  const placeOnGrid = (block: { id: string; target?: string }, setLines: readonly SetLine[], options: PlaceOptions): void => {
    let index = 0;
    let lines = setLines;
    let setAt = colW();
    while (index < lines.length) {
      // The measure at the next grid row: the column's, or less beside a wrapped resource (page/floats-wrap.ts).
      const beside = wrapHere();
      if (options.reflow && Math.abs(beside.width - setAt) > 1e-6) {
        // The column changed width, or a wrap begins or ends: re-break what is left at the new measure.
        const cut = index === 0 ? null : lines[index]!.srcFrom >= 0 ? lines[index]!.srcFrom : lines[index - 1]!.srcTo;
        lines = [...lines.slice(0, index), ...options.reflow(cut, beside.width)];
        setAt = beside.width;
        if (index >= lines.length) break;
      }
      // Off the grid after a heading or list top that does not snap (gridPhase; never beside a wrapped resource, whose rows are the grid's).
      const phase = wrapBand ? 0 : gridPhase;
      const row = Math.ceil((cursor.y - phase) / pitch - 1e-9);
      const height = colBottom();
      // Lines that fit here together with the notes they cite first: a citing line and its note
      // always share a column (document-format §14.1), so the notes' room is reserved first.
      const pending: NotePiece[] = [];
      const plannedFloats: { id: string; flow: FlowBlock }[] = [];
      let fit = 0;
      let lifted = false;
      // The notes the line being tried cites first, and the room left above them and the foot floats
      // given: one closure per segment, reading the line's notes (none for most lines: no array per line).
      let fresh: readonly NotePiece[] = NO_PIECES;
      const room = (floats: readonly { flow: FlowBlock }[]): number => height - footHeight(bottomFloats, floats) - noteAreaHeightOf(settings.notes, columnNotes, pending, fresh);
      while (index + fit < lines.length && fit < beside.rows) {
        const line = lines[index + fit]!;
        fresh = columnNotesMode ? newNotePieces(line, pending) : NO_PIECES;
        // Beside a float wrapped at the foot: down to its band's end, and the notes must still fit
        // under it — else it moves up with its band, while no line is set beside it yet.
        const left = room(plannedFloats);
        const floor = footWrapAt();
        if (floor < Number.POSITIVE_INFINITY && left < floor - 1e-6) {
          lifted = liftFootWrap(left);
          break;
        }
        if ((row + fit + 1) * pitch + phase > Math.min(balanceCap(), footTextCap(), left) + 1e-6) break;
        reserveFootFloats(line, block, plannedFloats, (row + fit + 1) * pitch + phase, room);
        if (fresh.length > 0) pending.push(...fresh);
        fit++;
      }
      if (lifted) continue; // a float wrapped at the foot moved up: the rows are counted again
      // math.keepWithLeadIn: the last line goes on with what must stay under it (never in a fresh column: nothing better).
      if (options.keepWithNext && !cursor.columnEmpty && fit > 0 && index + fit === lines.length && (row + fit) * pitch + phase + options.keepWithNext((row + fit) * pitch + phase) > height - footHeight([...bottomFloats, ...plannedFloats]) - noteAreaHeight([...columnNotes, ...pending], settings.notes) + 1e-6) fit--;
      // The segment stops where a wrap ends, not at the column's foot: no split rules there.
      const wrapEnds = fit === beside.rows && index + fit < lines.length;
      let forced = false;
      if (fit === 0) {
        if (cursor.y > 0 || !cursor.columnEmpty) {
          nextColumn();
          continue;
        }
        // A fresh column cannot hold even one line with its notes: a note taller than a column.
        // Set the line and split the note across columns (flagged by its continuation).
        fit = 1;
        forced = true;
      }
      const remaining = lines.length - index;
      let take = Math.min(fit, remaining);
      if (take < remaining && !forced && !wrapEnds) {
        if (!options.splittable) take = cursor.columnEmpty ? take : 0;
        else {
          // Split rules (configuration.md §6.4, the spec's naming): at least orphanMinLines carried
          // to the next column, at least widowMinLines left at the foot of this one — each broken
          // only where keeping it costs more empty lines than its penalty (page/break-rules.ts).
          // bodyText.hyphenateAcrossColumns false: a column ending in a hyphen costs as much as a widow (TeX's \brokenpenalty).
          const from = index;
          take = linesToTake(take, remaining, splitRule(settings, options.inList === true), (t) => lines[from + t - 1]!.hyphenated);
        }
        if (take <= 0 && cursor.columnEmpty) take = Math.min(fit, remaining); // nothing better is possible
      }
      // A drop cap stays with the lines beside it (§6.7): the paragraph does not split inside them.
      if (index === 0 && options.initial && !forced && !cursor.columnEmpty && take < Math.min(options.initial.keep, remaining)) take = 0;
      if (take <= 0) {
        nextColumn();
        continue;
      }
      const f = frame();
      const columnX = f.columnX[cursor.column]!;
      cursor.y = row * pitch + phase;
      const top = f.contentTop + cursor.y;
      midSegment = true;
      const footAtStart = footWrapAt();
      for (let i = index; i < index + take; i++) {
        if (i === index + take - 1) midSegment = false;
        const line = lines[i]!;
        emit(block, line, columnX + options.x + beside.x + (options.shift?.(line, beside.width) ?? 0), f.contentTop + cursor.y + bodyBaseline, options.role);
        cursor.y += pitch;
        if (columnNotesMode) for (const piece of newNotePieces(line, [])) {
          columnNotes.push(piece);
          notesSet.add(piece.note.noteId);
          (cursor.page.notesCited ??= []).push({ id: piece.note.noteId, column: cursor.column });
        }
        if (floatCitations.size > 0) {
          for (const id of notesCitedBy(line, floatCitations)) {
            logCited(id, block);
            queueFloat(id, block);
          }
          if (pendingFloats.length > 0) placeFloats(false);
          // A float just wrapped at this column's foot: the lines after this one are set again, beside it from its band on.
          if (footWrapAt() !== footAtStart && i < index + take - 1) {
            take = i - index + 1;
            midSegment = false;
            break;
          }
        }
      }
      if (forced) trimNotes(height - cursor.y);
      // The initial beside the paragraph's first line (page/drop-cap.ts).
      if (index === 0) options.initial?.draw(columnX + options.x + beside.x, beside.width, top + bodyBaseline);
      cursor.columnEmpty = false;
      if (pendingFloats.length > 0) placeFloats(false);
      options.onSegment?.(index, take, top, f.contentTop + cursor.y, columnX);
      index += take;
      if (index < lines.length && !(wrapEnds && take === fit) && footWrapAt() === footAtStart) nextColumn();
    }
  };

  // Text wrap (document-format §12.8; page/floats-wrap.ts): the band of rows beside a wrapped resource.
  let wrapBand: WrapBand | null = null;
  const wrapSettings = settings.floats?.wrap ?? defaultWrapSettings(body.size, pitch);
  /** Whether a wrap band in this column reaches below the cursor: the text set now runs beside it. */
  const besideBand = (): boolean => !!wrapBand && !wrapBand.closed && wrapBand.page === cursor.page.index && wrapBand.column === cursor.column && cursor.y < wrapBand.bottom - 1e-6;
  /** Measure, left offset and rows left at it for a body line at the next grid row of the current column. */
  const wrapHere = () => measureAt(wrapBand, cursor.page.index, cursor.column, Math.ceil(cursor.y / pitch - 1e-9) * pitch, colW(), pitch);
  /** Ends the wrap in force: what follows goes below the wrapped resource (headings, displays, figures, boxes, verse…). */
  const clearWrap = (): void => {
    if (wrapBand && wrapBand.page === cursor.page.index && wrapBand.column === cursor.column && cursor.y < wrapBand.bottom) {
      // A float wrapped at the foot: what follows stays above its band, where the column now ends.
      if (wrapBand.foot && cursor.y < wrapBand.top) {
        wrapBand = { ...wrapBand, closed: true };
        return;
      }
      cursor.y = wrapBand.bottom;
      cursor.columnEmpty = false;
    }
    wrapBand = null;
  };
  /**
   * An inline resource with `placement.wrap` at the side of its column, the text after it beside
   * it; false (and the refusal recorded for the `textWrap` check) when it must take its band.
   */
  function placeWrapped(block: ResourceBlock, request: WrapRequest): boolean {
    clearWrap(); // one wrap at a time: no two-sided wrap (§12.8)
    if (!resourceBlock) return false;
    // Above a float wrapped at this column's foot: a band, not a second wrap.
    if (wrapBand) {
      (cursor.page.wrapsRefused ??= []).push({ id: block.resourceId, reason: 'moved' });
      return false;
    }
    const side = physicalSide(request.side, rtl());
    const gap = request.gap ?? wrapSettings.gap;
    const width = colW();
    const measure = wrapSlotMeasure(request, width, wrapSettings);
    const flow = resourceBlock(block, measure, frame().contentHeight, settings.floats?.fitToPage ? 'figure' : 'picture', dir);
    if (!flow) return false;
    // Its top on the grid, level with the first line beside it.
    const top = Math.ceil(cursor.y / pitch - 1e-9) * pitch;
    const rowsLeft = Math.floor((limit() - top) / pitch + 1e-6);
    const refuse = (reason: WrapRefusal): false => {
      (cursor.page.wrapsRefused ??= []).push({ id: block.resourceId, reason });
      return false;
    };
    // Not under the text here: it would move on, away from the text it wraps (§12.8 'moved').
    if (flow.height > limit() - top + 1e-6 && !cursor.columnEmpty) return refuse('moved');
    const wrap = planWrap({ side, columnWidth: width, width: flow.width, height: flow.height, gap, pitch, rowsLeft, settings: wrapSettings });
    if (typeof wrap === 'string') return refuse(wrap);
    const f = frame();
    const x = f.columnX[cursor.column]! + wrap.boxX - alignOffset(request, measure, flow.width, rtl());
    cursor.page.items.push(...flow.emit(x, f.contentTop + top));
    cursor.y = top;
    cursor.columnEmpty = false;
    wrapBand = { page: cursor.page.index, column: cursor.column, top, bottom: top + wrap.rows * pitch, side: wrap.side, inset: wrap.inset };
    return true;
  }
  /**
   * A column float with `placement.wrap` at the head of a fresh column: at its side, the column's
   * text beside it from the top; else why not (it then takes its band like any head float).
   */
  function wrapHead(id: string, wrap: NonNullable<PendingFloat['wrap']>): true | WrapRefusal {
    const top = Math.ceil(cursor.y / pitch - 1e-9) * pitch;
    const flow = wrap.flow;
    if (flow.height > limit() - top + 1e-6) return 'moved';
    const rowsLeft = Math.floor((limit() - top) / pitch + 1e-6);
    const plan = planWrap({ side: physicalSide(wrap.request.side, rtl()), columnWidth: colW(), width: flow.width, height: flow.height, gap: wrap.request.gap ?? wrapSettings.gap, pitch, rowsLeft, settings: wrapSettings });
    if (typeof plan === 'string') return plan;
    const f = frame();
    cursor.page.items.push(...flow.emit(f.columnX[cursor.column]! + plan.boxX - alignOffset(wrap.request, wrap.measure, flow.width, rtl()), f.contentTop + top));
    pendingWrapRefusals.delete(id);
    logPlaced(id, slotRank.columnHead(cursor.column));
    cursor.y = top;
    wrapBand = { page: cursor.page.index, column: cursor.column, top, bottom: top + plan.rows * pitch, side: plan.side, inset: plan.inset };
    return true;
  }
  /**
   * A column float with `placement.wrap` at the foot of the current column: at its side, its bottom
   * on the last grid line above the notes, the text after the citing line running beside it from
   * its band's top to the foot (page/floats-wrap.ts `planFootWrap`); else why not.
   */
  function wrapFoot(id: string, wrap: NonNullable<PendingFloat['wrap']>): true | WrapRefusal {
    if (bottomFloats.length > 0 || (wrapBand && wrapBand.page === cursor.page.index && wrapBand.column === cursor.column && cursor.y < wrapBand.bottom + 1e-6)) return 'moved';
    const flow = wrap.flow;
    const foot = gridFloor(Math.min(balanceCap(), colBottom() - noteAreaHeight(columnNotes, settings.notes)));
    const next = Math.ceil(cursor.y / pitch - 1e-9) * pitch;
    const plan = planFootWrap({ side: physicalSide(wrap.request.side, rtl()), columnWidth: colW(), width: flow.width, height: flow.height, gap: wrap.request.gap ?? wrapSettings.gap, pitch, rowsLeft: 0, settings: wrapSettings, foot, next });
    if (typeof plan === 'string') return plan;
    const f = frame();
    const start = cursor.page.items.length;
    const x = f.columnX[cursor.column]! + plan.boxX - alignOffset(wrap.request, wrap.measure, flow.width, rtl());
    cursor.page.items.push(...flow.emit(x, f.contentTop + plan.boxY));
    footWrapItems = { start, end: cursor.page.items.length, flow, x };
    pendingWrapRefusals.delete(id);
    logPlaced(id, slotRank.columnFoot(cursor.column));
    // Levers move what is set after their point, the float too: none before it in this column (page/levers.ts).
    leverPoints = [];
    closingBoxes = [];
    wrapBand = { page: cursor.page.index, column: cursor.column, top: plan.top, bottom: plan.bottom, side: plan.side, inset: plan.inset, foot: true };
    return true;
  }
  /** The float last wrapped at a column's foot: its page items [start, end), and how to draw it again (at `x`, pt). */
  let footWrapItems: { start: number; end: number; flow: FlowBlock; x: number } | null = null;
  /**
   * Notes cited above a float wrapped at the column's foot need its room: it moves up, with its
   * band, so its bottom is on the grid line at or above `room` (pt from the content top) — only
   * while no line is set in the band's new rows yet.
   */
  function liftFootWrap(room: number): boolean {
    const band = wrapBand;
    if (!band?.foot || !footWrapItems || footWrapAt() === Number.POSITIVE_INFINITY) return false;
    const bottom = gridFloor(room);
    const top = bottom - (band.bottom - band.top);
    if (top < Math.ceil(cursor.y / pitch - 1e-9) * pitch - 1e-6) return false;
    // Drawn again in place (a picture's path cannot be shifted: page/levers.ts).
    const again = footWrapItems.flow.emit(footWrapItems.x, frame().contentTop + bottom - footWrapItems.flow.height);
    cursor.page.items.splice(footWrapItems.start, footWrapItems.end - footWrapItems.start, ...again);
    footWrapItems = { ...footWrapItems, end: footWrapItems.start + again.length };
    wrapBand = { ...band, top, bottom };
    return true;
  }
  /** Whether a float could wrap at the head of a column like this one (true), or why not. */
  function wrapsInColumn(wrap: NonNullable<PendingFloat['wrap']>): true | WrapRefusal {
    const rows = Math.floor(frame().contentHeight / pitch + 1e-6);
    const plan = planWrap({ side: physicalSide(wrap.request.side, rtl()), columnWidth: colW(), width: wrap.flow.width, height: wrap.flow.height, gap: wrap.request.gap ?? wrapSettings.gap, pitch, rowsLeft: rows, settings: wrapSettings });
    return typeof plan === 'string' ? plan : true;
  }
  /** Column floats with `wrap` that a slot took without wrapping, and why: recorded on the page they are placed on. */
  const pendingWrapRefusals = new Map<string, WrapRefusal>();
  function wrapRefusedOnPlace(id: string): void {
    const reason = pendingWrapRefusals.get(id);
    if (reason === undefined) return;
    pendingWrapRefusals.delete(id);
    (cursor.page.wrapsRefused ??= []).push({ id, reason });
  }

  /**
   * Places lines off the grid with their own line height (notes; body lines off the body leading),
   * moving on when a column is full. `cites`: the notes a line cites first are reserved before it
   * is set and go to the foot of its column (§14.1: a citing line and its note share a column, as
   * `placeOnGrid` keeps them); one a fresh column cannot hold with its line is split across columns;
   * the floats it cites by `:ref` are queued once it is set (§12.7: searched from after the citing line).
   * Returns how many lines it set: it stops after a line whose float just wrapped at this column's
   * foot, so the caller sets the rest beside it (`placeFreeBeside`), as `placeOnGrid` sets them again.
   * `split`: body lines cut between columns by the widow and orphan rules (§6.4, `freeSegment`), the
   * first `keep` lines together; `first` draws what stands with the first line (an initial, a list
   * marker) on its baseline (pt), wherever that line goes.
   */
  const placeFree = (block: { id: string }, lines: readonly SetLine[], lineHeight: number, style: TextStyle, x: (line: SetLine, i: number) => number, role: LineInfo['role'], cites = false, free: { split?: SplitRule; keep?: number; first?: (baseline: number) => void } = {}): number => {
    const baseline = baselineFor(lineHeight, style, fonts);
    // The lines of the column being filled end before `segmentEnd` (split rules), counted in `segmentIn`.
    let segmentEnd = 0;
    let segmentIn: { page: PageDraft; column: number } | null = null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (free.split) {
        const moved = segmentIn?.page !== cursor.page || segmentIn.column !== cursor.column;
        if (i === segmentEnd || moved) {
          if (i === segmentEnd && i > 0 && !moved) nextColumn();
          segmentEnd = i + freeSegment(block, lines, i, lineHeight, free.split, free.keep ?? 1);
          segmentIn = { page: cursor.page, column: cursor.column };
        }
      }
      let fresh = cites ? notesFirstCited([line]) : NO_PIECES;
      if (cursor.y + lineHeight > roomWithNotes(fresh) + 1e-6 && !cursor.columnEmpty) {
        nextColumn();
        fresh = cites ? notesFirstCited([line]) : NO_PIECES;
      }
      const forced = cursor.y + lineHeight > roomWithNotes(fresh) + 1e-6;
      const f = frame();
      if (i === 0) free.first?.(f.contentTop + cursor.y + baseline);
      emit(block, line, f.columnX[cursor.column]! + x(line, i), f.contentTop + cursor.y + baseline, role);
      cursor.y += lineHeight;
      cursor.columnEmpty = false;
      takeNotes(fresh, forced);
      const footAtStart = footWrapAt();
      if (cites) queueCitedFloats(block, line);
      if (footWrapAt() !== footAtStart) return i + 1;
    }
    return lines.length;
  };
  /**
   * How many of `lines[from…]`, set `lineHeight` pt apart off the grid, go in this column: those
   * that fit with their notes and foot floats (`fitsWithCited`), fewer where the split rules would
   * leave too few at its foot or carry too few on (`linesToTake`, as `placeOnGrid` cuts), and never
   * fewer than the first `keep` together; moves on first when the block should go on whole. In a
   * column nothing is set in yet, what fits (one line at least: its notes then split).
   */
  const freeSegment = (block: { id: string }, lines: readonly SetLine[], from: number, lineHeight: number, rule: SplitRule, keep: number): number => {
    const remaining = lines.length - from;
    for (;;) {
      // The lines that fit grow with their count: the most that do, by halving.
      let fit = 0;
      for (let hi = remaining; fit < hi; ) {
        const mid = Math.ceil((fit + hi) / 2);
        if (fitsWithCited(block, lines.slice(from, from + mid), lineHeight)) fit = mid;
        else hi = mid - 1;
      }
      if (fit >= remaining) return remaining;
      let take = fit === 0 ? 0 : linesToTake(fit, remaining, rule, (t) => lines[from + t - 1]!.hyphenated);
      if (from === 0 && take < Math.min(keep, remaining)) take = 0;
      if (take > 0) return take;
      if (cursor.columnEmpty) return Math.max(1, fit); // nothing better is possible
      nextColumn();
    }
  };
  /** Queues the floats `line` (of `block`, just set) cites by `:ref`, and places what may go now (a line set outside `placeOnGrid`). */
  const queueCitedFloats = (block: { id: string }, line: SetLine): void => {
    if (floatCitations.size === 0) return;
    for (const id of notesCitedBy(line, floatCitations)) (logCited(id, block), queueFloat(id, block));
    if (pendingFloats.length > 0) placeFloats(false);
  };
  /**
   * Sets a line's first-cited notes (`fresh`, just placed) at the foot of the current column; `forced`:
   * the line did not fit above them in a fresh column, so what passes the room under it goes on (a note split across columns).
   */
  const takeNotes = (fresh: readonly NotePiece[], forced: boolean): void => {
    for (const piece of fresh) {
      columnNotes.push(piece);
      notesSet.add(piece.note.noteId);
      (cursor.page.notesCited ??= []).push({ id: piece.note.noteId, column: cursor.column });
    }
    if (forced) trimNotes(colBottom() - cursor.y);
  };
  /** Pieces for the notes `lines` cite first (in column-notes mode), in citation order. */
  const notesFirstCited = (lines: readonly SetLine[]): readonly NotePiece[] => {
    if (!columnNotesMode) return NO_PIECES;
    const pending: NotePiece[] = [];
    for (const line of lines) pending.push(...newNotePieces(line, pending));
    return pending;
  };
  /**
   * Whether `lines`, set one under another `lineHeight` pt apart from the cursor, fit in this column
   * with the notes they cite first and the floats they cite that take its foot (reserved line by line
   * as `placeOnGrid` reserves them): how many lines off the grid a column holds (`freeSegment`).
   */
  const fitsWithCited = (block: { id: string }, lines: readonly SetLine[], lineHeight: number): boolean => {
    const fresh: NotePiece[] = [];
    const planned: { id: string; flow: FlowBlock }[] = [];
    const room = (floats: readonly { flow: FlowBlock }[]): number => Math.min(limit(), colBottom() - footHeight(bottomFloats, floats) - noteAreaHeightOf(settings.notes, columnNotes, [], fresh));
    lines.forEach((line, i) => {
      if (columnNotesMode) fresh.push(...newNotePieces(line, fresh));
      reserveFootFloats(line, block, planned, cursor.y + (i + 1) * lineHeight, room);
    });
    return cursor.y + lines.length * lineHeight <= room(planned) + 1e-6;
  };
  /** How far down the column text may run (pt from the content top) with `fresh` notes added to its foot. */
  const roomWithNotes = (fresh: readonly NotePiece[]): number => (fresh.length === 0 ? limit() : Math.min(limit(), colBottom() - bottomFloatsHeight() - noteAreaHeightOf(settings.notes, columnNotes, [], fresh)));

  const blocks = chapter.blocks;
  let afterHeading = false;

  // Resuming at a block start of an earlier pass (page/resume.ts): the state there, copied.
  /** The state a block start records: every variable above that a block can change. */
  interface PaginationState extends ResumableState {
    cursor: Cursor;
    dir: Direction;
    directions: DirectionScope;
    sections: SectionTracker;
    paragraphStyles: ParagraphStyleScope;
    bands: PageBands;
    geo: LayoutSettings;
    palette: Readonly<Record<string, string>>;
    part: PartValues | undefined;
    partPageIndex: number;
    pendingNumbering: NumberingChange | undefined;
    feetSetPage: number;
    closingBoxes: ClosingBox[];
    leverPoints: LeverPoint[];
    queuedFloats: Set<string>;
    citedFloats: Set<string>;
    afterHeading: boolean;
    spanClosed: Set<string>;
  }
  /**
   * Nothing in the state closes over this pass or crosses pages in ways a copy cannot keep
   * (page/resume.ts). Under a plan too: a pass goes on from it only under a plan that changes the
   * pages up to it alike (page/passes.ts; paginate reads a plan on its own pages alone).
   */
  const plainState = (): boolean =>
    !wrapBand && !footWrapItems && heldFeet.size === 0 && sidePending.length === 0 && sideTop.size === 0 && pendingWrapRefusals.size === 0
    && !openPartBlock && !partBlock && !midSegment && !breakingColumn && pendingFloats.length === 0 && bottomFloats.length === 0
    && !cursor.page.designs && leverPoints.every((p) => !p.flex && !p.loose) && gridPhase === 0 && fixedPending.length === 0 && !fixedAreas.onPage(cursor.page.index);
  const copyState = (s: PaginationState): PaginationState => ({
    ...s,
    pages: [...s.pages.slice(0, -1), copyDraft(s.pages[s.pages.length - 1]!)],
    cursor: { ...s.cursor },
    directions: copyHolder(s.directions),
    sections: copyHolder(s.sections),
    paragraphStyles: copyHolder(s.paragraphStyles),
    bands: copyHolder(s.bands),
    closingBoxes: s.closingBoxes.slice(),
    leverPoints: s.leverPoints.slice(),
    notesSet: new Set(s.notesSet),
    columnNotes: s.columnNotes.slice(),
    carried: s.carried.slice(),
    queuedFloats: new Set(s.queuedFloats),
    citedFloats: new Set(s.citedFloats),
    spanClosed: new Set(s.spanClosed),
  });
  /** The variables a block start records (uncopied): one list for the snapshot and the edit's convergence check (page/converge.ts). */
  const liveState = (): PaginationState => ({ pages, cursor, dir, directions, sections, paragraphStyles, bands, geo, palette, part, partPageIndex, pendingNumbering, feetSetPage, closingBoxes, leverPoints, notesSet, columnNotes, carried, queuedFloats, citedFloats, afterHeading, spanClosed: openSpans() });
  /** The span boxes closed on this page (`spanCap` reads no other: those of earlier pages are not state a later pass needs or compares). */
  const openSpans = (): Set<string> => new Set((plan.spans ?? []).filter((cut) => cut.page === cursor.page.index && spanClosed.has(cut.block)).map((cut) => cut.block));
  /** Records the start of block `b` for a later pass, once per column (the first plain one). */
  const recordStart = (b: number, into: BlockStart[]): void => {
    const last = into[into.length - 1];
    if ((last && last.page === cursor.page.index && last.column === cursor.column) || !plainState()) return;
    into.push({ block: b, page: cursor.page.index, column: cursor.column, state: copyState(liveState()) });
  };
  /** The first page this pass sets (its earlier pages are the resumed pass's, shared). */
  let firstOwnPage = 0;
  let resumeAt = 0;
  if (plan.resume) {
    const s = copyState(plan.resume.state as PaginationState);
    pages.length = 0;
    pages.push(...s.pages);
    firstOwnPage = pages.length - 1;
    cursor.page = pages[firstOwnPage]!;
    ({ column: cursor.column, y: cursor.y, columnEmpty: cursor.columnEmpty } = s.cursor);
    dir = s.dir;
    // (The holders are constants of this pass: their fields take the copies' values.)
    Object.assign(directions, s.directions);
    Object.assign(sections, s.sections);
    Object.assign(paragraphStyles, s.paragraphStyles);
    Object.assign(bands, s.bands);
    geo = s.geo;
    frames[0] = frames[1] = undefined;
    palette = s.palette;
    part = s.part;
    partPageIndex = s.partPageIndex;
    pendingNumbering = s.pendingNumbering;
    feetSetPage = s.feetSetPage;
    closingBoxes = s.closingBoxes;
    leverPoints = s.leverPoints;
    for (const id of s.notesSet) notesSet.add(id);
    // A note a start over an earlier text of the chapter set in this column, moved since (page/resume.ts moveStart): its lines at its new offsets.
    // Written in notePiece's literal and filled by push: a spread copy and a mapped array are other hidden classes,
    // which threw noteAreaHeightOf and placeOnGrid back to the interpreter in the first edits after a book opened.
    columnNotes = [];
    for (const piece of s.columnNotes) {
      const note = definitions.get(piece.note.noteId);
      columnNotes.push(note && note.range.from !== piece.note.range.from ? { note, lines: notePiece(note).lines, from: piece.from, to: piece.to, number: piece.number, x: piece.x } : piece);
    }
    carried = s.carried;
    for (const id of s.queuedFloats) queuedFloats.add(id);
    for (const id of s.citedFloats) citedFloats.add(id);
    afterHeading = s.afterHeading;
    for (const id of s.spanClosed) spanClosed.add(id);
    resumeAt = plan.resume.block;
  }

  /** An edit's pass (page/converge.ts): the page where it met the previous layout again; -1 not yet, -2 no longer looked for. */
  let metOn = plan.converge ? -1 : -2;
  for (let b = resumeAt; b < blocks.length; b++) {
    if (metOn !== -2 && b > resumeAt) {
      if (metOn === -1) {
        if (plainState()) {
          if (plan.converge!.meets(b, cursor.page.index, cursor.column, liveState())) metOn = cursor.page.index;
        }
      } else if (cursor.page.index > metOn) {
        // The pages before this one are finished, and the rest is the previous layout's, moved.
        const done = pages.slice(0, -1);
        if (plan.converge!.stop(cursor.page.index, b, done)) {
          drawColumnRules(done.slice(firstOwnPage), settings);
          return done;
        }
        metOn = -2;
      }
    }
    if (plan.snapshots) recordStart(b, plan.snapshots);
    const block = blocks[b]!;
    dir = directions.enter(block);
    // Only paragraphs, quotes and list items run beside a wrapped resource (§12.8); the rest goes below it.
    // (A `:::paragraphs` container's fences do not end it: its paragraphs at the body leading run beside too.)
    if (wrapBand && block.kind !== 'paragraph' && block.kind !== 'blockquote' && block.kind !== 'listItem' && block.kind !== 'footnoteDefinition' && !((block.kind === 'containerStart' || block.kind === 'containerEnd') && block.name === 'paragraphs')) clearWrap();
    // Text after a heading or box set above a float wrapped at the foot runs beside it again.
    else if (wrapBand?.closed && footWrapAt() < Number.POSITIVE_INFINITY && Math.ceil(cursor.y / pitch - 1e-9) * pitch <= wrapBand.top + 1e-6) wrapBand = { ...(wrapBand as WrapBand), closed: false };
    // Snap points (§2.2): anything but running text takes the flow back to the grid.
    if (block.kind !== 'paragraph' && block.kind !== 'blockquote' && block.kind !== 'listItem' && block.kind !== 'footnoteDefinition') gridPhase = 0;
    // The first top space this block adds collapses with a `:::paragraphs` container's bottom margin just above ('add': no).
    const above = blocks[b - 1];
    collapseAbove = above?.kind === 'containerEnd' && above.name === 'paragraphs' && (settings.breaks ?? DEFAULT_BREAK_RULES).paragraphContainerSpacing !== 'add' ? paragraphStyles.closedBottom(above) : 0;
    switch (block.kind) {
      case 'heading': {
        // {hidden}, or the style's or level's `hidden` (configuration.md §8.2; page/heading-look.ts).
        if (headingHidden(block, settings)) {
          // Structural: no ink, no space, but it "still breaks page" (document-format §5 `hidden`):
          // its breakBefore (with the style's, parity included) as a shown heading's.
          const hiddenBreak = headingLayout(block, settings).breakBefore;
          if (hiddenBreak !== 'none') {
            flushFloats();
            nextPage(hiddenBreak);
          }
          sections.atHeading(block);
          enterSection();
          break;
        }
        const level = settings.headings.levels[block.level - 1]!;
        // Break and span with the style's overrides (§8.2, §13.6; page/sections.ts).
        const shape = headingLayout(block, settings);
        if (shape.breakBefore !== 'none') {
          flushFloats();
          nextPage(shape.breakBefore);
        }
        // Styled sections (§13.6): the heading closes the sections of its level and opens its
        // style's — after its break, so a blank separator page before it keeps the section in
        // force before the heading ("a page takes the section in force after the last section
        // change on it": none happens on the blank).
        sections.atHeading(block);
        enterSection();
        // span 'page' (§8.2): a band across every column, opening a page (or, spanBreak false,
        // mid-page: under the text above once a later pass has cut it level — balancing.beforeSpan,
        // page/span-band.ts — else only while that text is still in the first column).
        const band = shape.span === 'page' && geo.columns > 1;
        const levelled = band && spanArrives(block, shape.spanBreak);
        if (band && !levelled && !pageIsEmpty() && (shape.spanBreak || cursor.column > 0)) {
          flushFloats();
          nextPage('any');
        }
        if ((shape.breakBefore !== 'none' || band) && pageIsEmpty()) cursor.page.opener = true;
        const style = headingStyle(block, settings);
        // textTransform 'uppercase' (§8.2): only the set text; bookmarks, toc and running heads keep the source case.
        const numbered = numberedInlines(settings.headings.inlineMarks === false ? { ...block, inlines: plainInlines(block.inlines) } : block, structure.headingNumbers?.get(block.id), { numbering: headingNumbering(block, settings) });
        const inlines = headingUppercase(block, settings) ? upperInlines(numbered) : numbered;
        // indent (whole heading) and firstLineIndent (its first line, from indent), pt (§8.2).
        const indents = headingIndents(block, settings);
        const measureOf = (): number => Math.max(1, (band ? frame().contentWidth : colW()) - indents.indent);
        // jidori (字取り, §8.2): a one-line title spread evenly to N of its own ems (at most the measure).
        const jidori = headingJidori(block, settings);
        // letterSpacing (§8.2, own em): the lines spaced out, set narrower while a spaced one would overflow.
        const tracking = headingTracking(block, settings, style.size);
        const setAt = (measure: number): SetLine[] => setText({ base: block.range.from, inlines, style, measure, indent: indents.firstLine, justify: settings.headings.align === 'justify' });
        const setHeading = (): SetLine[] => {
          const set = tracking !== 0 ? trackedLines(setAt, measureOf(), tracking) : setAt(measureOf());
          return jidori !== undefined && set.length === 1 ? [spreadLine(set[0]!, Math.min(jidori * style.size, measureOf() - indents.firstLine))] : set;
        };
        let lines = setHeading();
        // Leading and margins are in the heading's own ems (its style may change its size).
        const spacing = headingSpacing(block, settings, style.size);
        const lineHeight = spacing.lineHeight;
        // lineSpan (行取り, §8.2; not for designed headings): centred in a band of N body lines instead
        // of its margins. The band starts on a grid line and ends on one; a heading taller than N
        // lines takes as many whole lines as it needs. Above: to the grid, then half the rest.
        const lineSpan = headingDesignOf(block, settings) ? undefined : headingLineSpan(block, settings);
        const spanPad = lineSpan === undefined ? 0 : (Math.max(lineSpan, Math.ceil((lines.length * lineHeight) / pitch - 1e-9)) * pitch - lines.length * lineHeight) / 2;
        // (Its margin collapses with a container's bottom margin just above: taken here, once.)
        const marginAbove = collapsedTop(spacing.marginTop);
        const marginTop = cursor.columnEmpty ? 0 : lineSpan !== undefined ? Math.ceil(cursor.y / pitch - 1e-9) * pitch - cursor.y + spanPad : marginAbove;
        const marginBottom = lineSpan !== undefined ? spanPad : spacing.marginBottom;
        // advancedDesign (§8.2): drawn from its design slot, taking the height the design reserves (page/heading-design.ts).
        const design = headingDesignOf(block, settings);
        const designAt = (y: number): DesignedHeading | undefined => (design ? designHeading(block, b, design, band, y, lines.length * lineHeight, marginBottom) : undefined);
        const designed = designAt(cursor.y + marginTop);
        // Keep with next (§8.1): the heading needs room for widowMinLines lines after it; none when
        // keepWithNext is off, or (keepWithNextSpread) in the last column of an even page, whose text
        // goes on on the facing odd page (page index 1, 3, … are even).
        const spreadFoot = settings.headings.keepWithNextSpread === true && cursor.page.index % 2 === 1 && cursor.column === frame().columnX.length - 1;
        const keepLines = settings.headings.keepWithNext === false || spreadFoot ? 0 : splitRule(settings, false).footMin;
        const needed = marginTop + (designed ? designed.reserved : lines.length * lineHeight + marginBottom) + keepLines * pitch;
        // keepWithNextSplit 'rules' (§8.1): with its keep room there, the heading still goes on when the
        // body paragraph under it could not split in the rows left by the widow/orphan rules
        // (page/break-rules.ts linesToTake) and would go on whole, leaving the heading alone at the
        // column foot; 'fill' (before rules 8) keeps it wherever the keep room is.
        const strandedHeading = (): boolean => {
          if (keepLines === 0 || band || designed || (settings.breaks ?? DEFAULT_BREAK_RULES).keepWithNextSplit === 'fill') return false;
          const next = blocks[b + 1];
          // (Plain body paragraphs only: one in a `:::paragraphs` style or a section's bodyStyle is set by its own leading.)
          if (next?.kind !== 'paragraph' || next.continuesParagraph === true || paragraphStyles.active() || sectionBody()) return false;
          // Grid rows left under the heading (its text goes on at the next grid line).
          const top = Math.ceil((cursor.y + marginTop + lines.length * lineHeight + marginBottom) / pitch - 1e-9);
          const fit = Math.floor(limit() / pitch + 1e-6) - top;
          const rule = splitRule(settings, false);
          // Only a paragraph of fit+1 … fit+headMin−1 lines can go on whole: none of them does → nothing to set.
          let possible = false;
          for (let count = fit + 1; count < fit + rule.headMin; count++) if (fit > 0 && linesToTake(fit, count, rule) === 0) possible = true;
          if (!possible) return false;
          // Set as the paragraph branch sets it (flush after a heading unless indentAfterHeading; bodyText.hangingIndent).
          const hang = settings.body.hangingIndent === true ? Math.max(0, settings.body.firstLineIndent) : 0;
          const indent = !settings.body.indentAfterHeading || hang > 0 ? 0 : settings.body.firstLineIndent;
          const count = setText({ base: next.range.from, inlines: next.inlines, style: body, measure: colW(), indent, justify, ...(hang > 0 ? { hang } : {}) }).length;
          return count > fit && linesToTake(fit, count, rule) === 0;
        };
        if (!cursor.columnEmpty && (cursor.y + needed > limit() + 1e-6 || strandedHeading())) {
          if (band) {
            flushFloats();
            nextPage('any');
            cursor.page.opener = true;
          } else nextColumn();
          lines = setHeading();
        }
        // The levers fire above a designed heading as above any (§8.5): its drawing moves with them (page/levers-designs.ts).
        if (!band && !cursor.columnEmpty) leverPoints.push({ kind: 'heading', item: cursor.page.items.length, block: block.id, rank: block.level });
        space(marginTop);
        // (At a column top the band's upper half is not dropped with the margin.)
        if (lineSpan !== undefined && cursor.columnEmpty) cursor.y += spanPad;
        const placedDesign = designAt(cursor.y);
        if (placedDesign) {
          // A design taller than the rest of the column (page) claims it: the flow goes on in the next.
          if (plan.quietBefore === undefined || cursor.page.index >= plan.quietBefore) {
            // Drawn again by engine/index.ts with the page's values ({pageNumber}…) and its cut text reported (page/part-design.ts).
            const own = settings.headingStyles[block.attrs['style'] ?? '']?.design?.elements ? `headingStyles[id=${block.attrs['style']}]` : `headings.levels[level=${block.level}]`;
            (cursor.page.designs ??= []).push({ kind: 'heading', slot: `${own}.advancedDesign.slot`, draw: placedDesign.redraw, items: placedDesign.items, at: cursor.page.items.length, move: placedDesign.movedBy });
            if (placedDesign.cut) (cursor.page.headingDesignsCut ??= []).push({ block: block.id, ...placedDesign.cut });
            cursor.page.items.push(...placedDesign.items);
          }
          cursor.y += placedDesign.reserved;
          cursor.columnEmpty = false;
        }
        const baseline = baselineFor(lineHeight, style, fonts);
        for (const line of placedDesign ? [] : lines) {
          const f = frame();
          // headings.textAlign (§8.1): centred or flush right in the heading's measure.
          const shift = indents.indent + headingAlignShift(settings, measureOf(), line.width);
          emit(block, line, (band ? f.contentLeft : f.columnX[cursor.column]!) + shift, f.contentTop + cursor.y + baseline, 'heading');
          cursor.y += lineHeight;
          cursor.columnEmpty = false;
        }
        if (!placedDesign) cursor.y += marginBottom;
        if (band) {
          // Every column of this page starts under the band, back on the grid.
          cursor.y = Math.ceil(cursor.y / pitch - 1e-9) * pitch;
          bands.head = cursor.y;
          cursor.page.columnTop = cursor.y;
        }
        // Floats the heading itself cites first (document-format §12.7: one first cited by a
        // chapter opener belongs to the new chapter): queued after its lines, like a paragraph's.
        // Under a page-wide opener the first column's head is a free slot (layout.floatsUnderOpener).
        if (floatCitations.size > 0) {
          for (const line of lines) {
            for (const id of notesCitedBy(line, floatCitations)) {
              logCited(id, block);
              queueFloat(id, block);
            }
          }
          if (pendingFloats.length > 0) {
            const under = band && cursor.column === 0 && settings.floats?.underOpener !== false;
            if (under) cursor.columnEmpty = true;
            placeFloats(under);
            cursor.columnEmpty = false;
          }
        }
        // snapToGrid false (§8.1, per level, a heading style's over it): the text under the heading keeps its exact margin, off
        // the grid until the next snap point; bands, designs and lineSpan headings end on the grid.
        if (!band && !placedDesign && lineSpan === undefined && !headingSnaps(block, settings)) gridPhase = phaseAt(cursor.y);
        afterHeading = true;
        break;
      }
      case 'paragraph':
      case 'blockquote': {
        // Inside `:::paragraphs` (§8.2): the container's paragraph style (quotes keep theirs).
        const styled = block.kind === 'paragraph' ? paragraphStyles.next() : undefined;
        // Drop caps (§6.7, page/drop-cap.ts): a heading's opens the first paragraph after it (§8.2,
        // §13.6); a paragraph style's the first paragraph of its group, or each with `each` (§13.1).
        const headingCap = afterHeading && block.kind === 'paragraph' && block.continuesParagraph !== true ? dropCapAfterHeading(b) : undefined;
        if (styled && block.kind === 'paragraph') {
          const styleCap = block.continuesParagraph === true ? undefined : settings.dropCaps?.paragraphStyles[styled.id];
          const cap = styleCap && (styled.first || styleCap.each) ? styleCap : headingCap;
          placeStyledParagraph(block, styled.style, styled.first, afterHeading && !settings.body.indentAfterHeading, cap);
          afterHeading = false;
          break;
        }
        // bodyText.indentAfterHeading: false sets the first paragraph under a heading flush.
        // math.indentAfterDisplay: false sets the paragraph after a display flush (document-format §11).
        const afterDisplay = blocks[b - 1]?.kind === 'mathDisplay' && !settings.math.indentAfterDisplay;
        const flush = (afterHeading && !settings.body.indentAfterHeading) || (block.kind === 'paragraph' && block.continuesParagraph === true) || afterDisplay;
        // A section's or part page's bodyStyle (§13.5, §13.6): its type, leading and alignment (quotes keep theirs).
        const ownBody = block.kind === 'paragraph' ? sectionBody() : undefined;
        if (ownBody && block.kind === 'paragraph') {
          placeStyledParagraph(block, ownBody, true, flush, headingCap);
          afterHeading = false;
          break;
        }
        const quote = block.kind === 'blockquote';
        // bodyText.paragraphSpacing (§6.1): a blank line (one leading) between two body paragraphs; the grid is kept.
        if (settings.body.paragraphSpacing && block.kind === 'paragraph' && block.continuesParagraph !== true && blocks[b - 1]?.kind === 'paragraph') space(pitch);
        const style = quote ? { ...body, italic: settings.blockquote.italic, colour: settings.blockquote.colour } : body;
        const x = quote ? settings.blockquote.indent : 0;
        // bodyText.hangingIndent (§6.1): a body paragraph's first line flush, the others firstLineIndent in (not quotations).
        const hang = !quote && settings.body.hangingIndent === true ? Math.max(0, settings.body.firstLineIndent) : 0;
        // bodyText.blockquote.firstLineIndent (§6.5) for quotations; it follows the body's unless set.
        const indent = flush || hang > 0 ? 0 : quote ? (settings.blockquote.firstLineIndent ?? settings.body.firstLineIndent) : settings.body.firstLineIndent;
        const hung = hang > 0 ? { hang } : {};
        // Tab stops (§6.6, page/tabs.ts): a paragraph holding `:tab` (literal TABs too where stops are set) is composed line by line.
        // A quotation takes the body's stops, measured from its own indent.
        const tabbed = settings.vertical ? null : splitAtTabs(block.inlines, (settings.body.tabs?.stops.length ?? 0) > 0);
        if (tabbed) {
          placeTabbed(block, tabbed, settings.body.tabs, style, x, indent, 0);
          afterHeading = false;
          break;
        }
        // A drop cap (page/drop-cap.ts): the paragraph set after its initial, beside it (no hanging indent then).
        const initial = headingCap ? initialOf(headingCap, block, style, pitch, colW() - x, justify) : undefined;
        const reflow = (from: number | null, width: number): SetLine[] =>
          from === null && initial ? initial.set(width - x) :
          from === null ? setText({ base: block.range.from, inlines: block.inlines, style, measure: width - x, indent, justify, ...hung }) : setText({ base: from, inlines: inlinesFrom(block.inlines, from), style, measure: width - x, indent: 0, justify, ...(hang > 0 ? { hang, hangFirst: true } : {}) });
        const next = blocks[b + 1];
        // (A display that cannot share a column with even one line keeps nothing with it.)
        const keepWithNext = math && settings.math.keepWithLeadIn && next?.kind === 'mathDisplay' && next.inParagraph
          ? () => {
              const need = displayNeed(layoutDisplay(next, colW(), settings, math, chapter.chapterId, setEquationNumber, frame().contentHeight));
              return need + pitch > frame().contentHeight ? 0 : need;
            }
          : block.kind === 'paragraph' && next?.kind === 'listItem' ? colonListKeep(block, next) : undefined;
        const set = reflow(null, colW());
        // Lever (7): a paragraph set whole in a column may be set one line looser (page/lever-paragraphs.ts).
        const d = dir;
        const measure = colW() - x;
        // (At the measure it was set at and no looser: `set`, the same request but for its direction's spelling.)
        const reset: LooseParagraph['reset'] = (narrower, looseness, accept) =>
          narrower === 0 && looseness === 0 && !accept && colW() - x === measure ? set : setText({ base: block.range.from, inlines: block.inlines, style, measure: colW() - x - narrower, indent, justify, direction: d, looseness, ...(accept ? { accept } : {}) });
        // (Not a hung paragraph: lever 7 tracks lines back out to the full measure.) A drop cap's
        // paragraph: set again beside its initial, which goes with it, and never tracked.
        let initialItems = 0;
        const capReset = initial?.loose && ((loose: InitialLoose): LooseParagraph['reset'] => (narrower, looseness, accept) => (narrower === 0 && looseness === 0 && !accept && colW() - x === measure ? set : loose(colW() - x - narrower, looseness, accept)))(initial.loose);
        const onSegment = looseMost > 0 && hang === 0 && (!initial || capReset) ? looseSegment(block, set, rtl() ? 0 : x, justify, capReset || reset, { measure, em: style.size, ltr: d !== 'rtl', ...(initial ? { untracked: true } : {}) }, { attached: () => initialItems }) : undefined;
        const initialPlaced = initial ? { keep: initial.plan.lines, draw: (left: number, width: number, baseline: number) => { initialItems = cursor.page.items.length; drawInitial(block, initial.plan, left, width - x, baseline, pitch); initialItems = cursor.page.items.length - initialItems; } } : undefined;
        // Every option written, those not in force undefined: no `...(cond ? { … } : {})` per paragraph (an object and a generic copy each).
        placeOnGrid(block, set, { role: 'body', x: rtl() ? 0 : x, splittable: true, reflow, keepWithNext, onSegment, initial: initialPlaced });
        afterHeading = false;
        break;
      }
      case 'listItem': {
        const previous = blocks[b - 1];
        const next = blocks[b + 1];
        const firstOfList = !(previous?.kind === 'listItem' && previous.listId === block.listId);
        const lastOfList = !(next?.kind === 'listItem' && next.listId === block.listId);
        // A section's bodyStyle.unorderedLists margins over the kind's (page/list-shape.ts); itemSpacing
        // between two items of the list (placeOnGrid puts the next item on the next grid line).
        const spacing = listSpacing(settings, sectionBody(), block.listKind);
        space(firstOfList ? spacing.marginTop : spacing.itemSpacing);
        // snapTopToGrid (§9): a list's top on the grid, else (the default) at its natural place, its
        // items off the grid until its end, which snaps (§2.2). A nested list goes on in its parent's.
        if (firstOfList && previous?.kind !== 'listItem') gridPhase = listTopSnaps(block.listKind) ? 0 : phaseAt(cursor.y);
        placeListItem(block);
        if (lastOfList) {
          space(spacing.marginBottom);
          if (next?.kind !== 'listItem') gridPhase = 0;
          leverPoints.push({ kind: 'afterList', item: cursor.page.items.length, block: block.id, rank: 0 });
        }
        afterHeading = false;
        break;
      }
      case 'verse': {
        space(pitch);
        // bodyText.verse (§6.5) under the fence's attributes (page/verse.ts): indent steps, turnovers, stanza space and keeps.
        const look = verseLook(block.attrs, settings, pitch);
        const blockRtl = rtl();
        // The bayt layout (page/verse.ts setBaytPoem): a poem of at most 3 bayts is kept whole (document-format §9.1).
        const bayt = isBaytPoem(block, look) ? baytLook(block.attrs, settings) : null;
        const lineCount = block.stanzas.reduce((n, stanza) => n + stanza.length, 0);
        // A verse line with its turnovers is one unit (never split across columns); a stanza of ≤ keepStanzas lines too.
        const stanzaGroups = bayt && lineCount <= 3
          ? [[block.stanzas.flat()]]
          : block.stanzas.map((stanza) => (look.keepStanzas > 0 && stanza.length <= look.keepStanzas ? [stanza] : stanza.map((verseLine) => [verseLine])));
        const ornament = bayt?.ornament ? setGenerated(bayt.ornament, body, blockRtl ? 'rtl' : 'ltr') : null;
        // A bayt's hemistichs stretch by kashida first, each site up to 2 × kashidaMaxLength (document-format §9.1).
        const fillHemistich: FillHemistich | undefined = bayt && settings.kashida.enabled ? (inlines, base, measure) => setText({ base, inlines, style: body, measure, indent: 0, justify: true, kashidaFill: 2 * settings.kashida.maxLength })[0] ?? null : undefined;
        // The whole poem set at a column width (page/verse.ts setPoem: stepped lines, align; setBaytPoem), once per width met.
        const poems = new Map<number, SetPoem>();
        const poemAt = (width: number): SetPoem => {
          let poem = poems.get(width);
          if (!poem && bayt) poems.set(width, (poem = setBaytPoem(stanzaGroups.flat(), width, bayt, blockRtl, (inlines, base, measure) => setText({ base, inlines, style: body, measure, indent: 0, justify: false, firstFit: true }), ornament, fillHemistich)));
          if (!poem) poems.set(width, (poem = setPoem(stanzaGroups.flat(), width, look, blockRtl, verseAlign(block.attrs, settings.vertical !== undefined), (verseLine, at, lineLook) => setVerseLine(verseLine, at, lineLook, body, setText, blockRtl, (inlines, measure, indent) => tabbedLines(inlines, body, measure, indent)))));
          return poem;
        };
        let groupIndex = 0;
        stanzaGroups.forEach((groups, s) => {
          if (s > 0) space(pitch * look.stanzaSpace);
          for (let g = 0; g < groups.length; g++) {
            const k = groupIndex++;
            let setAt = colW();
            const unitAt = (width: number) => poemAt((setAt = width)).units[k]!;
            let unit = unitAt(colW());
            // Another column width (a side column): the unit set again there, from the line the cut falls in.
            const reflow = (from: number | null, width: number): SetLine[] => {
              unit = unitAt(width);
              return from === null ? unit.lines : unit.lines.filter((line) => line.srcTo > from);
            };
            placeOnGrid(block, unit.lines, { role: 'body', x: 0, shift: (line) => (unit.x.get(line) ?? 0) + poemAt(setAt).shift, splittable: false, reflow });
          }
        });
        space(pitch);
        afterHeading = false;
        break;
      }
      case 'code':
        placeCode(block);
        afterHeading = false;
        break;
      case 'mathDisplay': {
        if (math) {
          // Centred, numbered when labelled, margins in the formula's em (engine/math/display.ts).
          const display = layoutDisplay(block, colW(), settings, math, chapter.chapterId, setEquationNumber, frame().contentHeight, dir);
          if (!cursor.columnEmpty && cursor.y + displayNeed(display) > limit() + 1e-6) nextColumn();
          space(display.marginTop);
          const f = frame();
          const baseline = f.contentTop + cursor.y + display.height;
          cursor.page.items.push(...display.paths(f.columnX[cursor.column]!, baseline));
          for (const number of display.numbers) emit(block, number.line, f.columnX[cursor.column]! + number.x, baseline + number.dy, 'body');
          cursor.y += display.height + display.depth + display.marginBottom;
          cursor.columnEmpty = false;
          leverPoints.push({ kind: 'afterFloat', item: cursor.page.items.length, block: block.id, rank: 0 });
          afterHeading = false;
          break;
        }
        // Without maths the display shows its TeX source, centred in italic.
        const text: Inline = { kind: 'text', text: block.tex.replace(/\s+/g, ' ').trim(), marks: ['emphasis'], range: block.range };
        const reflow = (_from: number | null, width: number): SetLine[] => setText({ base: -1e9, inlines: [{ ...text, offsets: generatedOffsets(text.text) }], style: body, measure: width, indent: 0, justify: false });
        placeOnGrid(block, reflow(null, colW()), { role: 'body', x: 0, splittable: false, reflow, shift: (line) => Math.max(0, (colW() - line.width) / 2) });
        break;
      }
      case 'resourceBlock': {
        // A resource is set in flow where `::resource` stands, one line of space above and below
        // (document-format §12.3). Floats (position ≠ here) belong to float placement; until that
        // places them, they are set here as well.
        if (structure.floats?.has(block.resourceId)) {
          // A floating resource: the embed is one more mention, never a second copy (§12.3).
          logCited(block.resourceId, block);
          queueFloat(block.resourceId, block);
          placeFloats(false);
          break;
        }
        // placement.wrap (§12.8): at the side of the column, the text after it beside it.
        const wrapRequest = structure.wrapOf?.(block.resourceId);
        if (wrapRequest && placeWrapped(block, wrapRequest)) {
          afterHeading = false;
          break;
        }
        // The slot caps the picture; with layout.fitFiguresToPage the whole figure (floats-shrink.ts).
        let flow = resourceBlock?.(block, colW(), frame().contentHeight, settings.floats?.fitToPage ? 'figure' : 'picture', dir);
        if (!flow) break;
        space(pitch);
        // Fit the remaining column room (document-format §12.9): a picture with a safe area that
        // does not fit under the text is cropped towards that area instead of moving to the next
        // column — cropped only, never scaled (the rebuilt picture keeps its width).
        const inFlowRoom = limit() - cursor.y;
        if (!cursor.columnEmpty && flow.picture && flow.height > inFlowRoom + 1e-6) {
          const cropped = resourceBlock?.(block, colW(), inFlowRoom, 'figure', dir);
          if (cropped?.picture && cropped.height <= inFlowRoom + 1e-6 && Math.abs(cropped.picture.width - flow.picture.width) < 1e-6) flow = cropped;
        }
        placeInFlow(flow, {
          room: () => limit() - cursor.y,
          columnEmpty: () => cursor.columnEmpty,
          nextColumn,
          place: (part) => {
            const f = frame();
            const [x, y, start] = [f.columnX[cursor.column]!, f.contentTop + cursor.y, cursor.page.items.length];
            cursor.page.items.push(...part.emit(x, y));
            // Lever (2) flexFigure: a cropped picture may show whole lines more in a short column (page/levers-flex.ts).
            if (part.picture) leverPoints.push({ kind: 'flexFigure', item: start, block: block.id, rank: 0, flex: { end: cursor.page.items.length, x, y, flow: part, regrow: (h) => resourceBlock?.(block, colW(), h, 'figure', dir) ?? null } });
            cursor.y += part.height;
            cursor.columnEmpty = false;
          },
        });
        // The float gap below too (layout.inlineResourceGap 'around', default); with 'above' (before
        // rules 1.5) the text goes on at the next grid line under the resource.
        if ((settings.breaks ?? DEFAULT_BREAK_RULES).inlineResourceGap === 'around') space(pitch);
        leverPoints.push({ kind: 'afterFloat', item: cursor.page.items.length, block: block.id, rank: 0 });
        afterHeading = false;
        break;
      }
      case 'directive':
        if (block.ignored) break;
        if (block.name === 'pagebreak') {
          const parity = block.attrs['parity'];
          nextPage(parity === 'odd' || parity === 'even' ? parity : 'any');
        } else if (block.name === 'columnbreak') {
          // The ended column keeps its gap (§7.3: excluded from balancing).
          breakingColumn = true;
          if (!cursor.columnEmpty) nextColumn();
          breakingColumn = false;
        } else if (block.name === 'toc') {
          placeToc(block);
          afterHeading = false;
        } else if (block.name === 'index') {
          // The back-of-book index (document-format §16): its rows off the grid (page/index-layout.ts).
          clearWrap();
          placeIndex(structure.index?.get(block.attrs['index'] ?? '') ?? [], settings, setText, fonts, {
            width: colW,
            room: () => limit() - cursor.y,
            columnEmpty: () => cursor.columnEmpty,
            nextColumn,
            space,
            line: (line, x, lead, baseline, links) => {
              const f = frame();
              const first = cursor.page.items.length;
              emit(block, line, f.columnX[cursor.column]! + x, f.contentTop + cursor.y + baseline, 'body');
              // Locators lead to their pages (a PDF link, GlyphRunItem.linkPage).
              if (links) linkLocatorRuns(cursor.page.items, first, links);
              cursor.y += lead;
              cursor.columnEmpty = false;
            },
            rtl: rtl(),
          });
          afterHeading = false;
        } else if (block.name === 'numbering') {
          // Page-label format and restart (document-format §7.2): on this page while it has no
          // content yet, else from the next page on. Unknown formats leave the format unchanged.
          const format = block.attrs['format'];
          const startAt = Number((block.attrs['startAt'] ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)));
          const change: NumberingChange = {
            ...(format && canonicalNumberFormat(format) ? { format: localeNumberFormat(format, settings.locale ?? settings.language) } : {}),
            ...(Number.isInteger(startAt) && startAt >= 1 ? { startAt } : {}),
          };
          if (pageIsEmpty()) cursor.page.numbering = { ...cursor.page.numbering, ...change };
          else pendingNumbering = { ...pendingNumbering, ...change };
        } else if (block.name === 'space') {
          const n = Number(block.attrs['lines'] ?? 1);
          cursor.y += (Number.isFinite(n) && n > 0 ? n : 1) * pitch;
          afterHeading = settings.body.indentAfterHeading ? afterHeading : true;
        }
        // toc, numbering, index and bibliography are set by the page-engine issue.
        break;
      case 'containerStart': {
        if (block.name === 'part') {
          openPart(block);
          afterHeading = false;
          break;
        }
        if (block.name === 'paragraphs') {
          space(paragraphStyles.enter(block, settings, rtl()).marginTop);
          break;
        }
        if (block.name === 'columns' && settings.flowColumns !== false) {
          const end = blocks.findIndex((x, i) => i > b && x.id === block.endId);
          const inner = blocks.slice(b + 1, end < 0 ? blocks.length : end);
          // Other blocks inside (or one the group cannot set, placeColumnsGroup): the content flows as plain text.
          if (!groupSettable(inner) || !placeColumnsGroup(block, inner)) {
            (cursor.page.groupsPlain ??= []).push(block.id);
            break;
          }
          b = end < 0 ? blocks.length : end;
          afterHeading = false;
          break;
        }
        // A `:::callout` whose content is text (paragraphs, quotes, list items) is set as a box;
        // other containers, and boxes holding other blocks, flow their content (for now).
        if (block.name !== 'callout') break;
        // A float barrier (calloutStyles[id].floatBarrier, document-format §12.7): every float cited
        // before the box is set before it (free slots, else the next columns).
        const boxStyle = calloutStyleOf(block);
        if (boxStyle.floatBarrier) flushFloats();
        const end = blocks.findIndex((x, i) => i > b && x.id === block.endId);
        const inner = blocks.slice(b + 1, end < 0 ? blocks.length : end);
        // (A `:::columns` group of text inside it shares the box width: page/columns-group.ts.)
        const inGroup = (x: Block): boolean => ((x.kind === 'containerStart' || x.kind === 'containerEnd') && x.name === 'columns') || (x.kind === 'directive' && x.name === 'columnbreak');
        // An inline (`here`) resource is set in the box, wrapped or not (calloutParts; page/callout-wrap.ts);
        // the embed of a floating one is a mention, queued once the box is placed (queueBoxCites).
        const inBox = (x: Block): boolean => x.kind === 'resourceBlock' && (structure.floats?.has(x.resourceId) === true || resourceBlock !== undefined);
        // A code listing, a heading, a poem, a directive or a nested box too (page/callout-blocks.ts); a raw-body block (`:::references`) sets no row, as in running text.
        // A `:::paper` run is ignored in callouts (document-format §8.5): its blocks are the box's (calloutParts sets no row for its fences).
        // `:::paragraphs` sets its paragraphs in its style, a `:::part` is ignored as `:::paper` (callout-blocks.ts boxSetsContainer).
        const nested = (x: Block): boolean => (x.kind === 'containerStart' || x.kind === 'containerEnd') && boxSetsContainer(x.name);
        if (inner.some((x) => x.kind !== 'paragraph' && x.kind !== 'blockquote' && x.kind !== 'listItem' && x.kind !== 'footnoteDefinition' && x.kind !== 'code' && x.kind !== 'heading' && x.kind !== 'verse' && x.kind !== 'directive' && x.kind !== 'rawBlock' && !(x.kind === 'mathDisplay' && math) && !inGroup(x) && !inBox(x) && !nested(x))) break;
        // Headings in the box close and open styled sections as anywhere (§13.6; as in a `:::columns` group).
        for (const h of inner) if (h.kind === 'heading') sections.atHeading(h);
        if (inner.some((h) => h.kind === 'heading')) enterSection();
        // span, placement and columns: the fence's attributes, else the style's (§13.4; settings-callouts.ts).
        const where = calloutWhere(block.attrs, boxStyle.flow, geo.columns, frame().side !== undefined);
        if (where.placement === 'fixed' && placeFixedCallout(block, inner, where, boxStyle.flow?.fixed ?? DEFAULT_FIXED)) {
          queueBoxCites(block, inner);
          b = end < 0 ? blocks.length : end;
          afterHeading = false;
          break;
        }
        if (where.float && placeCalloutFloat(block, inner, where)) {
          queueBoxCites(block, inner);
          b = end < 0 ? blocks.length : end;
          afterHeading = false;
          break;
        }
        // A page-span box in flow cuts the columns: under the text above once a later pass has cut
        // it level (page/span-band.ts), else only while that text is still in the first column.
        const band = where.span === 'page';
        if (band && !spanArrives(block, false) && !pageIsEmpty() && cursor.column > 0) {
          flushFloats();
          nextPage('any');
        }
        const boxFrom = { page: cursor.page.index, column: cursor.column, start: cursor.page.items.length };
        // :::callout{wrap width wrapGap} (§12.8): the box at one side of its column, never split,
        // the text after it beside it (page/floats-wrap.ts); else set across the column as usual.
        const boxWrap = band ? undefined : calloutWrapOf(block.attrs, body.size);
        // (Above a float wrapped at this column's foot a box does not wrap: one wrap at a time.)
        const wrapped = boxWrap ? (wrapBand ? 'moved' : placeCallout(block, inner, boxWrap)) : false;
        if (typeof wrapped === 'string') (cursor.page.wrapsRefused ??= []).push({ id: block.attrs['title'] ?? block.attrs['type'] ?? 'callout', reason: wrapped, at: block.range.from });
        if (wrapped !== true) {
          placeCallout(block, inner, undefined, band);
          closingBoxes = boxFrom.page === cursor.page.index && boxFrom.column === cursor.column ? closingRun(closingBoxes, { ...boxFrom, end: cursor.page.items.length, block: block.id }) : [];
          leverPoints.push({ kind: 'afterFloat', item: cursor.page.items.length, block: block.id, rank: 0 });
        } else closingBoxes = [];
        queueBoxCites(block, inner);
        b = end < 0 ? blocks.length : end;
        afterHeading = false;
        break;
      }
      case 'containerEnd':
        if (block.name === 'part') closePart();
        if (block.name === 'paragraphs') {
          // The container's bottom margin, then back on the grid (§13.1).
          const closed = paragraphStyles.leave(block);
          if (closed) {
            space(closed.marginBottom);
            // A style with snapToGrid false (§13.1): what follows stays at its natural place, off
            // the grid, until the next snap point (gridPhase), as after a box with snapToGrid false.
            if (closed.snapToGrid === false) gridPhase = phaseAt(cursor.y);
            else cursor.y = Math.ceil(cursor.y / pitch - 1e-9) * pitch;
          }
        }
        break;
      default:
        // Other containers flow their content; raw blocks come with later issues; footnote
        // definitions leave the flow (set at the foot of the column that cites them).
        break;
    }
    yield undefined;
  }
  clearWrap();
  flushFloats();
  if (columnNotesMode) {
    leaveColumn();
    while (carried.length > 0) {
      nextColumn();
      leaveColumn();
    }
  } else placeNotes();
  // A part page ending the chapter file: the empty page its breakAfter opened is the blank after it, with parts.versoDesign (§13.5).
  // With breakAfter none the file ends on the part page (the empty page the geometry change opened goes); the next file's first page takes the design if left blank.
  if (partBlock && cursor.page.index === partPageIndex + 1 && pageIsEmpty()) {
    if (partSettings(settings).breakAfter === 'none' && partPageIndex >= startIndex && !cursor.page.numbering) pages.pop();
    else {
      cursor.page.blank = true;
      const verso = partSettings(settings).versoDesign;
      if (verso) cursor.page.items.push(...designOn(verso, partBlock, 'blank'));
    }
  }
  releaseHeld();
  recordColumnUse();
  // The closing page's foot band hugs the last text (layout.hugClosingFloats).
  closeBands(cursor.page, settings.floats?.hugClosing !== false);
  // (A resumed pass's earlier pages have theirs.)
  drawColumnRules(firstOwnPage > 0 ? pages.slice(firstOwnPage) : pages, settings);
  return pages;

  /** What a new page inherits: its section's or part's geometry, running-head slots and part palette. */
  function decoratePage(page: PageDraft): void {
    if (geo !== settings) page.geometry = geo;
    const furniture = sections.furniture();
    if (!furniture.header || !furniture.footer || furniture.headerElements || furniture.footerElements) page.furniture = furniture;
    // The part's palette with the section's over it (§13.5, §13.6).
    const colours = { ...palette, ...sections.palette() };
    if (Object.keys(colours).length > 0) page.palette = colours;
    else delete page.palette;
    if (part) page.partValues = part;
  }

  /**
   * Switches the page geometry (§13.6 margins/layout, §13.5 part margins): between pages only —
   * a page with something on it is left first (our choice: columns never change mid-page).
   */
  function useGeometry(next: LayoutSettings): void {
    if (next !== geo) {
      if (!pageIsEmpty()) {
        flushFloats();
        nextPage('any');
      }
      geo = next;
      frames[0] = frames[1] = undefined;
      if (geo !== settings) cursor.page.geometry = geo;
      else delete cursor.page.geometry;
      cursor.column = 0;
    }
  }

  /** After a section change: its geometry, and its running heads on this page (the last change on a page wins, §13.6). */
  function enterSection(): void {
    useGeometry(sections.geometry());
    const furniture = sections.furniture();
    if (!furniture.header || !furniture.footer || furniture.headerElements || furniture.footerElements) cursor.page.furniture = furniture;
    else delete cursor.page.furniture;
    const colours = { ...palette, ...sections.palette() };
    if (Object.keys(colours).length > 0) cursor.page.palette = colours;
    else delete cursor.page.palette;
  }

  /**
   * A `:::part` (document-format §8.3, configuration.md §13.5): ends the sections, switches the
   * palette, and (parts.page) opens a divider page at the configured parity — one column at
   * `parts.margins`, the synthesised `{number} {titleText}` in H1 type at the body area's top left
   * (our choice: the part's body, often its chapter list, starts one line under it rather than
   * under the design). A float barrier: waiting floats are set first.
   */
  function openPart(start: Extract<Block, { kind: 'containerStart' }>): void {
    sections.atPart();
    const parts = partSettings(settings);
    if (!parts.page) {
      palette = parsePartPalette(start.attrs['palette']);
      part = cursor.page.partValues = partValues(start.attrs);
      enterSection();
      if (pageIsEmpty()) decoratePage(cursor.page);
      return;
    }
    flushFloats();
    nextPage(parts.breakBefore);
    // The part's palette and placeholders hold from its page on (blank separators before it keep the previous part's).
    palette = parsePartPalette(start.attrs['palette']);
    part = partValues(start.attrs);
    useGeometry(partGeometry(settings));
    decoratePage(cursor.page);
    delete cursor.page.furniture;
    cursor.page.part = true;
    openPartBlock = partBlock = start;
    partPageIndex = cursor.page.index;
    if (parts.design) {
      // parts.design over the page (container = trim box; never reserves space): the body starts at the top.
      cursor.page.items.push(...designOn(parts.design, start, 'part'));
      return;
    }
    const h1 = settings.headings.levels[0]!;
    const style: TextStyle = { family: settings.headings.family, weight: settings.headings.weight, italic: false, size: h1.size, colour: settings.headings.colour };
    const lineHeight = h1.lineHeightEm * h1.size;
    const baseline = baselineFor(lineHeight, style, fonts);
    const f = frame();
    for (const text of partTitleLines(start.attrs, settings)) {
      const inline: Inline = { kind: 'text', text, marks: [], range: { from: start.range.from, to: start.range.from, line: 0, column: 0 }, offsets: generatedOffsets(text) };
      for (const line of setText({ base: -1e9, inlines: [inline], style, measure: f.contentWidth, indent: 0, justify: false })) {
        // The lines carry the part's block: `:::toc` finds its page label through them.
        emit(start, line, f.contentLeft, f.contentTop + cursor.y + baseline, 'heading');
        cursor.y += lineHeight;
        cursor.columnEmpty = false;
      }
    }
    if (!cursor.columnEmpty) cursor.y = Math.ceil((cursor.y + h1.marginBottomEm * h1.size) / pitch - 1e-9) * pitch + pitch;
  }

  /**
   * A designed heading (page/heading-design.ts) whose band starts `y` pt below the content top in
   * the current column (across the content width when `wide`): its items and reserved height.
   * `index`: the heading's place in the chapter's blocks (its chapter H1 is the last one before it).
   */
  function designHeading(block: HeadingBlock, index: number, design: HeadingDesign, wide: boolean, y: number, textHeight: number, marginBottom: number): DesignedHeading {
    const f = frame();
    const title = titleTextOf(block.inlines);
    const number = structure.headingNumbers?.get(block.id);
    const counter = structure.headingCounters?.get(block.id);
    const h1 = h1Before(chapter.blocks, index);
    const h1Number = h1 ? structure.headingNumbers?.get(h1.id) : undefined;
    const values = headingDesignValues(block, title.text, {
      ...(number !== undefined ? { number } : {}),
      ...(counter !== undefined ? { counter } : {}),
      ...(h1 ? { h1: { block: h1, ...(h1Number !== undefined ? { number: h1Number } : {}) } } : {}),
      ...(part ? { part } : {}),
      ...(structure.headingDesign ? { metadata: structure.headingDesign.metadata } : {}),
      ...(structure.headingDesign?.running ? { running: structure.headingDesign.running } : {}),
      language: settings.language,
    });
    const page = { pageIndex: cursor.page.index, recto: isRecto(settings, cursor.page.index), role: cursor.page.opener ? ('opener' as const) : ('body' as const), chapterId: chapter.chapterId, pageWidth: flowPageSize(settings).width, pageHeight: flowPageSize(settings).height, bleed: settings.furniture.bleed ?? 0, content: { left: f.contentLeft, top: f.contentTop, width: f.contentWidth, height: f.contentHeight } };
    return layoutHeadingDesign(design, {
      page,
      band: { x: wide ? f.contentLeft : f.columnX[cursor.column]!, y: f.contentTop + y, w: wide ? f.contentWidth : colW() },
      textHeight,
      marginBottom,
      pitch,
      snap: true,
      room: limit() - y,
      values,
      title,
      line: { block: block.id, role: 'heading', ratio: 0 },
      ...(structure.images ? { images: structure.images } : {}),
      ...(structure.headingDesign?.setText ? { setText: structure.headingDesign.setText } : {}),
      standIns: pageStandIns(design, settings, chapter.blocks, structure.headingDesign?.pageFormat),
    }, fonts, setGenerated);
  }

  /** A part design's items on the current page (page/part-design.ts); its text carries the part's block. */
  function designOn(elements: NonNullable<PartSettings['design']>, start: Extract<Block, { kind: 'containerStart' }>, role: 'part' | 'blank'): DisplayItem[] {
    if (plan.quietBefore !== undefined && cursor.page.index < plan.quietBefore) return []; // an earlier pass drew this page
    // A design is placed on the sheet like a running head, in vertical text too (page/vertical.ts):
    // its items sit in a group turning them back from the flow's quarter turn, so they are drawn
    // at their sheet coordinates (the redraw with the page's label replaces what is inside it).
    const f = settings.vertical ? sheetFrame(geo, cursor.page.index) : frame();
    const page = { pageIndex: cursor.page.index, recto: isRecto(settings, cursor.page.index), role, chapterId: chapter.chapterId, pageWidth: settings.pageWidth, pageHeight: settings.pageHeight, bleed: settings.furniture.bleed ?? 0, content: { left: f.contentLeft, top: f.contentTop, width: f.contentWidth, height: f.contentHeight } };
    const extras: PartDesignExtras = { ...(role === 'part' ? { line: { block: start.id, role: 'heading', ratio: 0 } } : {}), ...(structure.images ? { images: structure.images } : {}), language: settings.language };
    const items = partDesignItems(elements, start.attrs, page, fonts, setGenerated, extras);
    const back = settings.vertical ? 1 : 0;
    (cursor.page.designs ??= []).push({ elements, attrs: start.attrs, page, extras, items, at: cursor.page.items.length + back });
    return back ? [{ op: Op.Transform, matrix: sheetFromFlow(settings) }, ...items, { op: Op.TransformEnd }] : items;
  }

  /**
   * A paragraph in a `:::paragraphs` container (document-format §8.2, configuration.md §13.1): the
   * style's type, indents and alignment; `spaceBetween` between its paragraphs. At the body
   * leading it stays on the grid and splits like body text; at another leading it is set off the
   * grid, line under line, and the container's end snaps back.
   */
  /**
   * A paragraph with tabs (page/tabs.ts) composed at the column's measure less `x` (start side) and
   * `endIndent`, its first line `indent` in, on the grid; unjustified, first fit.
   */
  function placeTabbed(block: { id: string }, tabbed: TabbedText, tabs: TabSettings | undefined, style: TextStyle, x: number, indent: number, endIndent: number): void {
    const composer = { setText, setGenerated, style, space: normalSpace(style, fonts), rtl: rtl() };
    const compose = (width: number): SetLine[] => composeTabbed(tabbed, tabs ?? { stops: [] }, Math.max(1, width - x - endIndent), indent, composer);
    // Another column width: composed again there, from the line the cut falls in.
    const reflow = (from: number | null, width: number): SetLine[] => (from === null ? compose(width) : compose(width).filter((line) => line.srcTo > from));
    placeOnGrid(block, compose(colW()), { role: 'body', x: rtl() ? endIndent : x, splittable: true, reflow });
  }

  /**
   * The lines of a list item's, quotation's, box paragraph's, group paragraph's or verse line's text
   * holding tabs (document-format §10.8, page/tabs.ts) at `measure` pt, its first line `indent` pt
   * in, with `tabs` (the body's unless the box's style has its own); null when it holds none (the
   * caller sets it as usual). Unjustified, first fit; stops measured from the measure's start edge.
   */
  function tabbedLines(inlines: readonly Inline[], style: TextStyle, measure: number, indent: number, tabs: TabSettings | undefined = settings.body.tabs): SetLine[] | null {
    const tabbed = settings.vertical ? null : splitAtTabs(inlines, (tabs?.stops.length ?? 0) > 0);
    if (!tabbed) return null;
    return composeTabbed(tabbed, tabs ?? { stops: [] }, Math.max(1, measure), indent, { setText, setGenerated, style, space: normalSpace(style, fonts), rtl: rtl() });
  }

  /** paginate's setText for `:::columns` rows (page/columns-group.ts): a paragraph or item with tabs composed at its stops. */
  function setGroupText(request: TextRequest): SetLine[] {
    return tabbedLines(request.inlines, request.style, request.measure, request.indent) ?? setText(request);
  }

  function placeStyledParagraph(block: Extract<Block, { kind: 'paragraph' }>, ps: ParagraphStyleSettings, first: boolean, flush: boolean, cap?: DropCap): void {
    // textTransform 'uppercase' (§13.1): capitals of the same length, so source offsets still map.
    if (ps.uppercase) block = { ...block, inlines: upperInlines(block.inlines) };
    if (!first) space(ps.spaceBetween);
    const justify = ps.align === 'justify';
    const indent = flush || block.continuesParagraph === true ? 0 : ps.firstLineIndent;
    const measure = (width: number): number => Math.max(1, width - ps.indent - ps.endIndent);
    // hangingIndent (§13.1): the lines after the first that much further in (the first keeps its own indent).
    const hang = Math.max(0, ps.hangingIndent ?? 0);
    // Tab stops (§6.6, the style's or the body's; page/tabs.ts): composed line by line, on the grid only.
    const tabbed = settings.vertical ? null : splitAtTabs(block.inlines, (ps.tabs?.stops.length ?? 0) > 0);
    if (tabbed && Math.abs(ps.lineHeight - pitch) < 1e-6) {
      placeTabbed(block, tabbed, ps.tabs, ps.style, ps.indent, indent, ps.endIndent);
      return;
    }
    const onGrid = Math.abs(ps.lineHeight - pitch) < 1e-6;
    const besideWrap = besideBand();
    // A drop cap (page/drop-cap.ts), set at the style's leading (beside a wrapped resource too: its lines then at the measure they meet).
    const initial = cap ? initialOf(cap, block, ps.style, ps.lineHeight, measure(colW()), justify) : undefined;
    const reflow = (from: number | null, width: number): SetLine[] =>
      from === null
        ? initial
          ? initial.set(measure(width))
          : setText({ base: block.range.from, inlines: block.inlines, style: ps.style, measure: measure(width), indent, justify, ...(hang > 0 ? { hang } : {}) })
        : setText({ base: from, inlines: inlinesFrom(block.inlines, from), style: ps.style, measure: measure(width), indent: 0, justify, ...(hang > 0 ? { hang, hangFirst: true } : {}) });
    // (A line's width includes its first-line indent.) Beside a wrapped resource the style's indents
    // and alignment are taken inside the reduced measure (page/floats-wrap.ts).
    // (Lines beside a drop cap are aligned in what its room leaves.)
    const shift = (line: SetLine, width: number): number => alignShift(ps.align, measure(width) - (initial?.beside.has(line) ? initial.plan.room : 0), line.width);
    const lines = reflow(null, colW());
    if (onGrid) {
      let initialItems = 0;
      const initialOption = initial ? { initial: { keep: initial.plan.lines, draw: (left: number, width: number, baseline: number) => { initialItems = cursor.page.items.length; drawInitial(block, initial.plan, left, measure(width), baseline, ps.lineHeight); initialItems = cursor.page.items.length - initialItems; } } } : {};
      // Lever (7) (page/lever-paragraphs.ts): a style's paragraph on the body leading, set whole in a column, at its own measure and indents.
      const [d, at] = [dir, colW()];
      const reset: LooseParagraph['reset'] = (narrower, looseness, accept) =>
        narrower === 0 && looseness === 0 && !accept && colW() === at ? lines : initial?.loose ? initial.loose(measure(colW()) - narrower, looseness, accept) : setText({ base: block.range.from, inlines: block.inlines, style: ps.style, measure: measure(colW()) - narrower, indent, justify, direction: d, looseness, ...(accept ? { accept } : {}) });
      // (Not with a hanging indent: tracking spaces lines out to the full measure. A drop cap's
      // paragraph is set again beside its initial, which goes with it, and never tracked.)
      const onSegment = looseMost > 0 && hang === 0 && (!initial || initial.loose) ? looseSegment(block, lines, ps.indent, justify, reset, { measure: measure(at), em: ps.style.size, ltr: d !== 'rtl', ...(initial ? { untracked: true } : {}) }, { shift: (line) => shift(line, at), attached: () => initialItems }) : undefined;
      placeOnGrid(block, lines, { role: 'body', x: ps.indent, splittable: true, reflow, shift, ...initialOption, ...(onSegment ? { onSegment } : {}) });
      return;
    }
    // Off the body leading beside a wrapped resource (document-format §12.8): off the grid, each
    // line at the measure its line box meets (page/floats-wrap.ts `measureAtBox`); the container's
    // end (or the next grid block) takes the grid up again (configuration.md §2.2). Above a float
    // wrapped at the column's foot too, unless something else already ended the column there.
    const besideAt = (line: SetLine, at: { x: number; width: number }): number => at.x + ps.indent + shift(line, at.width);
    if (besideWrap) {
      const first = initial && ((at: { x: number; width: number }, baseline: number) => drawInitial(block, initial.plan, frame().columnX[cursor.column]! + at.x + ps.indent, measure(at.width), baseline, ps.lineHeight));
      placeFreeBeside(block, lines, ps.lineHeight, ps.style, besideAt, reflow, 0, first, initial?.plan.lines);
      return;
    }
    clearWrap(); // off the body leading, with no wrap in force here
    // Cut between columns by the split rules; an initial's lines go in one column (§6.7), with the
    // notes and foot floats they cite (freeSegment), the initial beside the first of them.
    const split = { split: splitRule(settings, false), ...(initial ? { keep: initial.plan.lines, first: (baseline: number) => drawInitial(block, initial.plan, frame().columnX[cursor.column]! + ps.indent, measure(colW()), baseline, ps.lineHeight) } : {}) };
    const set = placeFree(block, lines, ps.lineHeight, ps.style, (line) => ps.indent + shift(line, colW()), 'body', true, split);
    // A float one of its lines cites wrapped at the column's foot: the rest beside it (re-broken where the measure changes).
    if (set < lines.length) placeFreeBeside(block, lines, ps.lineHeight, ps.style, besideAt, reflow, set);
  }

  /** The drop cap of the heading a paragraph directly follows (§8.2, §13.6), if any. */
  function dropCapAfterHeading(b: number): DropCap | undefined {
    if (!settings.dropCaps) return undefined;
    for (let k = b - 1; k >= 0; k--) {
      const before = blocks[k]!;
      if (before.kind === 'heading') return headingDropCap(before, settings);
    }
    return undefined;
  }

  /**
   * A paragraph's drop cap (§6.7, page/drop-cap.ts) in `style` at `leading` pt, and how to set the
   * paragraph after it at a measure; a paragraph of fewer lines than the initial spans
   * (`shortParagraph`): `skip` sets it without one (undefined), `shrink` spans the initial over its
   * lines (a computed size shrinks with them), `reserve` keeps the initial's lines (empty ones
   * after the text, so what follows starts under the initial). `beside`: the lines set beside it.
   */
  function initialOf(cap: DropCap, block: { inlines: readonly Inline[] }, style: TextStyle, leading: number, measure: number, justify: boolean): { plan: InitialPlan; set: (measure: number) => SetLine[]; beside: WeakSet<SetLine>; loose?: InitialLoose } | undefined {
    let plan = planInitial(cap, block.inlines, style, leading, fonts, setText);
    if (!plan) return undefined;
    // The lead-in (§6.7, page/lead-in.ts): the first words after the initial, or its first line's, in small capitals or capitals.
    const lead = cap.leadIn;
    const after = (p: InitialPlan, m: number): SetLine[] => {
      const setRest = (inlines: readonly Inline[]): SetLine[] => setText({ base: p.restBase, inlines, style, measure: m, indent: 0, justify, initialRoom: { lines: p.lines, width: p.room } });
      if (!lead) return setRest(p.rest);
      return lead.words === 'line' ? leadInLine(p.rest, lead, setRest).lines : setRest(leadInWords(p.rest, lead, lead.words));
    };
    let lines = after(plan, measure);
    if (lines.length < plan.lines && cap.shortParagraph === 'skip') return undefined;
    // (Fewer lines beside a smaller initial may make fewer lines again: a few tries.)
    for (let tries = 0; tries < 3 && lines.length < plan.lines && cap.shortParagraph === 'shrink'; tries++) {
      const spans = Math.max(1, lines.length);
      const smaller = planInitial({ ...cap, lines: spans, sink: Math.min(cap.sink, spans) }, block.inlines, style, leading, fonts, setText);
      if (!smaller) break;
      plan = smaller;
      lines = after(plan, measure);
    }
    const chosen = plan;
    const beside = new WeakSet<SetLine>();
    const set = (m: number): SetLine[] => {
      const set = after(chosen, m);
      set.slice(0, chosen.lines).forEach((line) => beside.add(line));
      return set.length >= chosen.lines ? set : [...set, ...Array.from({ length: chosen.lines - set.length }, emptyLine)];
    };
    // Lever (7) (page/lever-paragraphs.ts): the rest set again looser beside the same initial, in the
    // same room. Not with a lead-in of the first line's words (its look follows where that line ends),
    // nor for a paragraph shorter than the initial (its reserved lines would take the line: nothing moves).
    const d = dir;
    const words = lead?.words;
    const loose: InitialLoose | undefined = words === 'line' || lines.length < chosen.lines ? undefined : (m, looseness, accept) =>
      setText({ base: chosen.restBase, inlines: lead && words !== undefined ? leadInWords(chosen.rest, lead, words) : chosen.rest, style, measure: m, indent: 0, justify, initialRoom: { lines: chosen.lines, width: chosen.room }, direction: d, looseness, ...(accept ? { accept } : {}) });
    return { plan: chosen, set, beside, ...(loose ? { loose } : {}) };
  }

  /** Draws a paragraph's initial at the start side of a measure (`left`, `width` pt) whose first line's baseline is `baseline`, `leading` pt a line. */
  function drawInitial(block: { id: string }, plan: InitialPlan, left: number, width: number, baseline: number, leading: number): void {
    for (const piece of initialPlacements(plan, left, width, baseline, leading, rtl())) emit(block, piece.line, piece.x, piece.baseline, 'body');
  }

  /**
   * A styled paragraph's (or list item's) lines at its own leading (pt), off the grid, beside a wrapped
   * resource, from line `from` on: a line whose box meets the band's rows is set at the reduced measure
   * (`at`: past the resource and its gap when it is on the left; `x` puts the line in it — the style's
   * indents and alignment inside it), the others at the column's; where the measure changes, the rest
   * is broken again from the next line's source offset (as `placeOnGrid` does). Moves on when the column is full. Above a float wrapped at the
   * column's foot, a line's first-cited notes are reserved before it is set and must fit under the
   * float: it moves up while no line is set in its band's new rows, else the line goes on in the
   * next column (as `placeOnGrid` does). `marker` draws what goes with the first line (a list item's
   * marker, a drop cap's initial) at the measure it meets, on its baseline (pt); the first `keep` lines
   * (an initial's) go at one measure in one column with their notes and foot floats, else on in the
   * next column (as `placeOnGrid` moves them). Returns the lines set.
   */
  function placeFreeBeside(block: { id: string }, first: readonly SetLine[], leading: number, style: TextStyle, x: (line: SetLine, at: { x: number; width: number }) => number, reflow: (from: number | null, width: number) => SetLine[], from = 0, marker?: (at: { x: number; width: number }, baseline: number) => void, keep = 1): readonly SetLine[] {
    const baseline = baselineFor(leading, style, fonts);
    let lines = first;
    let setAt = colW();
    /** The measure a line box `k` lines under the cursor meets here, pt. */
    const widthAt = (k: number): number => measureAtBox(wrapBand, cursor.page.index, cursor.column, cursor.y + k * leading, leading, colW()).width;
    for (let index = from; index < lines.length; index++) {
      if (cursor.y + leading > limit() + 1e-6 && !cursor.columnEmpty) nextColumn();
      const kept = Math.min(keep, lines.length);
      if (index === 0 && kept > 1 && !cursor.columnEmpty && (Array.from({ length: kept }, (_, k) => widthAt(k)).some((w) => Math.abs(w - widthAt(0)) > 1e-6) || !fitsWithCited(block, lines.slice(0, kept), leading))) {
        nextColumn();
        index--;
        continue;
      }
      const at = measureAtBox(wrapBand, cursor.page.index, cursor.column, cursor.y, leading, colW());
      if (Math.abs(at.width - setAt) > 1e-6) {
        const cut = index === 0 ? null : lines[index]!.srcFrom >= 0 ? lines[index]!.srcFrom : lines[index - 1]!.srcTo;
        lines = [...lines.slice(0, index), ...reflow(cut, at.width)];
        setAt = at.width;
        if (index >= lines.length) break;
      }
      const line = lines[index]!;
      const fresh = notesFirstCited([line]);
      if (fresh.length > 0) {
        const room = colBottom() - bottomFloatsHeight() - noteAreaHeightOf(settings.notes, columnNotes, [], fresh);
        if (footWrapAt() < Number.POSITIVE_INFINITY && room < footWrapAt() - 1e-6 && (liftFootWrap(room) || !cursor.columnEmpty)) {
          if (footWrapAt() > room + 1e-6) nextColumn(); // not moved up: on in the next column
          index--; // the same line, measured again beside the band where it is now
          continue;
        }
        // The line and its notes share a column (§14.1): the line goes on in the next when they do not fit under it here.
        if (cursor.y + leading > roomWithNotes(fresh) + 1e-6 && !cursor.columnEmpty) {
          nextColumn();
          index--;
          continue;
        }
      }
      const forced = cursor.y + leading > roomWithNotes(fresh) + 1e-6;
      const f = frame();
      if (index === 0) marker?.(at, f.contentTop + cursor.y + baseline);
      emit(block, line, f.columnX[cursor.column]! + x(line, at), f.contentTop + cursor.y + baseline, 'body');
      cursor.y += leading;
      cursor.columnEmpty = false;
      takeNotes(fresh, forced);
      queueCitedFloats(block, line);
    }
    return lines;
  }

  /** Notes first cited by lines set outside `placeOnGrid` go to the foot of the current column (§14.1). */
  function citeNotes(lines: readonly SetLine[]): void {
    if (!columnNotesMode) return;
    for (const line of lines) for (const piece of newNotePieces(line, [])) {
      columnNotes.push(piece);
      notesSet.add(piece.note.noteId);
    }
    trimNotes(colBottom() - cursor.y);
  }

  /**
   * A page-span box arrives (`headings.balancing.beforeSpan`, page/span-band.ts). Under text on a
   * multi-column page it records the band above for page/passes.ts; when this pass cuts that band
   * (a planned cut for the box on this page) the band closes: the box goes under its deepest
   * column (true) — or, when it must move (`moves`: a breaking span heading), to the next page.
   */
  function spanArrives(box: { id: string }, moves: boolean): boolean {
    if (settings.balancing?.enabled === false || settings.balancing?.beforeSpan === false) return false;
    if (geo.columns < 2 || pageIsEmpty() || (cursor.column === 0 && cursor.columnEmpty)) return false;
    // Notes and foot floats sit at the column foot: under the box they stay there, under the text
    // below it (`heldFeet`); a page-wide group's rows stop above every column's feet (`acrossFeet`).
    const page = cursor.page;
    const top = bands.head;
    const bottoms = Array.from({ length: cursor.column + 1 }, (_, c) => (c === cursor.column ? cursor.y : (page.columnUse?.bottoms[c] ?? top)));
    const rows = Array.from({ length: geo.columns }, (_, c) => Math.max(0, Math.ceil(((bottoms[c] ?? top) - top) / pitch - 1e-6)));
    (page.spanRequests ??= []).push({ block: box.id, top, rows });
    if (!plan.spans?.some((cut) => cut.block === box.id && cut.page === page.index)) return false;
    // Feet already set at a column foot of this page (not kept for it) are not known to the group's
    // rows across the page: not levelled (the pass is dropped, page/passes.ts).
    if (!('kind' in box && box.kind === 'heading') && feetSetPage === page.index) return false;
    spanClosed.add(box.id);
    (page.spanClosed ??= []).push(box.id);
    if (moves) return false;
    const bottom = Math.ceil(Math.max(...bottoms) / pitch - 1e-9) * pitch;
    (page.ruleBands ??= []).push({ top: page.columnTop ?? 0, bottom });
    // The columns under the box are a new band: the closing page is balanced from under it.
    delete page.columnUse;
    leverPoints = [];
    heldFeet.hold(cursor.column, columnNotes, bottomFloats);
    columnNotes = [];
    bottomFloats = [];
    cursor.column = 0;
    cursor.y = bottom;
    cursor.columnEmpty = false;
    takeHeld();
    trimNotes(colBottom() - cursor.y);
    return true;
  }

  /**
   * Where rows set across every column of the page must end (pt from the content top): above the
   * page's foot stack under each column, the notes and foot floats other columns keep for their
   * feet (`heldFeet`, a levelled band above a page-wide group) and a float wrapped at a column foot.
   * The current column's own feet are in `limit()`.
   */
  function acrossFeet(): number {
    const height = frame().contentHeight;
    let bottom = Number.POSITIVE_INFINITY;
    for (let c = 0; c < geo.columns; c++) {
      const held = c === cursor.column ? undefined : heldFeet.peek(c);
      const feet = held ? noteAreaHeight(held.notes, settings.notes) + footHeight(held.floats) : 0;
      bottom = Math.min(bottom, height - bands.footOf(c) - feet);
    }
    if (wrapBand?.foot && wrapBand.page === cursor.page.index) bottom = Math.min(bottom, wrapBand.top);
    return bottom;
  }

  /** The notes and foot floats the band above a span box left in the current column go first at its foot (page/span-band.ts). */
  function takeHeld(): void {
    const held = heldFeet.size > 0 ? heldFeet.take(cursor.column) : undefined;
    if (!held) return;
    columnNotes = [...held.notes, ...columnNotes];
    bottomFloats = [...held.floats, ...bottomFloats];
  }

  /** Leaving a page: what columns of it still keep for their feet is set there. */
  function releaseHeld(): void {
    if (heldFeet.size === 0) return;
    const [column, notes, floats] = [cursor.column, columnNotes, bottomFloats];
    for (const c of heldFeet.columns()) {
      const held = heldFeet.take(c)!;
      cursor.column = c;
      columnNotes = held.notes;
      bottomFloats = held.floats;
      setFeet();
    }
    [cursor.column, columnNotes, bottomFloats] = [column, notes, floats];
  }

  /**
   * Balancing levers of a column that flows on (configuration.md §8.5; page/levers.ts): whole grid
   * lines above its headings, after its list ends and displays, until its last line reaches the
   * foot; recorded on the page per block. Not in a page with a side channel (its floats stay put).
   */
  function stretchColumn(): void {
    // (1) A box closing the short column drops to the last grid slot (`closingBox`: 'first' the run of boxes closing it, 'last' its last box; page/levers.ts).
    const dropped = settings.balancing?.enabled === false ? [] : droppedBoxes(closingBoxes, settings.balancing?.closingBox);
    closingBoxes = [];
    const box = dropped[dropped.length - 1];
    if (box && box.page === cursor.page.index && box.column === cursor.column && box.end === cursor.page.items.length && !frame().side) {
      // Whole lines until the box's own bottom (not its margin) reaches the foot.
      const drop = Math.floor((limit() - (boxBottom(cursor.page.items, box.start, box.end, frame().contentTop + cursor.y) - frame().contentTop)) / pitch + 1e-6);
      if (drop > 0 && Number.isFinite(drop)) {
        shiftItems(cursor.page.items, dropped[0]!.start, box.end, drop * pitch);
        cursor.y = Math.max(cursor.y, Math.min(cursor.y + drop * pitch, limit()));
        for (const b of dropped) (cursor.page.levers ??= []).push({ block: b.block, lever: 'closingBox', lines: drop, column: cursor.column });
        leverPoints = [];
        return;
      }
    }
    if (settings.balancing?.enabled !== false && !frame().side) growFlexFigures();
    if (leverPoints.length === 0 || frame().side) return;
    const gap = Math.floor((limit() - cursor.y) / pitch + 1e-6);
    if (gap <= 0 || !Number.isFinite(gap)) return;
    const items = cursor.page.items;
    const lines = distributeLevers(leverPoints, items, gap, leverLimit, movableDesignItems(cursor.page));
    // Lever (7): what the whole-line levers leave of the gap goes to paragraphs set one line looser (page/lever-paragraphs.ts).
    loosenParagraphs(leverPoints, items, gap - lines.reduce((sum, n) => sum + n, 0), looseMost, pitch, looseTracking, movableDesignItems(cursor.page), shiftDesigned).forEach((n, i) => {
      if (n <= 0) return;
      cursor.y += n * pitch;
      const tracking = leverPoints[i]!.loose?.tracking;
      (cursor.page.levers ??= []).push({ block: leverPoints[i]!.block, lever: 'looseParagraph', lines: n, column: cursor.column, ...(tracking !== undefined ? { tracking } : {}) });
    });
    const end = items.length;
    leverPoints.forEach((point, i) => {
      const n = lines[i]!;
      if (n <= 0) return;
      shiftDesigned(point.item, end, n * pitch);
      cursor.y += n * pitch;
      (cursor.page.levers ??= []).push({ block: point.block, lever: point.kind, lines: n, column: cursor.column });
    });
    leverPoints = [];
  }

  /**
   * Lever (7) (page/lever-paragraphs.ts): the `onSegment` of a paragraph's placement that makes it a
   * lever point when it is set whole in one segment of a column, beside no wrapped resource, its
   * items (one glyph run per run of its lines, no inline formula) last in the page's list. `look`:
   * a styled paragraph's shift of each line in its measure (alignment), and how many items drawn
   * after its lines go with it (a list item's marker, a drop cap's initial: page/lever-paragraphs.ts).
   */
  function looseSegment(block: { id: string }, set: readonly SetLine[], x: number, justify: boolean, reset: LooseParagraph['reset'], shape: { measure: number; em: number; ltr: boolean; untracked?: boolean }, look: LooseLook = {}): NonNullable<PlaceOptions['onSegment']> {
    return (first, count, top, _bottom, columnX) => {
      if (first !== 0 || count !== set.length) return;
      if (wrapBand && wrapBand.page === cursor.page.index && wrapBand.column === cursor.column) return;
      // (Loops, not some/reduce/slice().every: asked of every paragraph placed whole.)
      let runs = 0;
      for (const line of set) {
        if ((line.formulas?.length ?? 0) > 0) return;
        runs += line.runs.length;
      }
      const items = cursor.page.items;
      const attached = look.attached?.() ?? 0;
      const start = items.length - runs - attached;
      const head = items[start];
      if (runs === 0 || head?.op !== Op.GlyphRun) return;
      for (let i = start; i < items.length; i++) {
        const item = items[i]!;
        if (item.op !== Op.GlyphRun || item.line?.block !== block.id) return;
      }
      // The items drawn after its lines that go with them (a marker, an initial): most paragraphs have none.
      const kept = attached > 0 ? items.slice(start + runs) : NO_ITEMS;
      const draw = (lines: readonly SetLine[], dy: number): DisplayItem[] => {
        const from = cursor.page.items.length;
        lines.forEach((line, i) => emit(block, line, columnX + x + (look.shift?.(line) ?? 0), top + i * pitch + bodyBaseline + dy, 'body'));
        return [...cursor.page.items.splice(from), ...movedCopies(kept, dy)];
      };
      leverPoints.push({ kind: 'looseParagraph', item: start, block: block.id, rank: 0, loose: { count: runs + attached, lines: set.length, firstY: head.y, justify, reset, draw, ...shape } });
    };
  }

  /** Moves the page's items [from, to) down `dy` pt, the heading designs among them drawn again there (page/levers-designs.ts). */
  function shiftDesigned(from: number, to: number, dy: number): void {
    shiftWithDesigns(cursor.page, from, to, dy);
  }

  /**
   * Lever (2) `flexFigure` (page/levers-flex.ts): the short column's cropped pictures show whole
   * lines more — in-flow figures (what follows them moves down), then foot floats (their band
   * grows upwards over the notes) — before the other levers share what is left.
   */
  function growFlexFigures(): void {
    let gap = Math.floor((limit() - cursor.y) / pitch + 1e-6);
    if (gap <= 0 || !Number.isFinite(gap)) return;
    const record = (block: string, lines: number): void => void (cursor.page.levers ??= []).push({ block, lever: 'flexFigure', lines, column: cursor.column });
    growFlexPoints(leverPoints, cursor.page.items, gap, pitch, movableDesignItems(cursor.page), shiftDesigned).forEach((lines, i) => {
      if (lines <= 0) return;
      cursor.y += lines * pitch;
      gap -= lines;
      record(leverPoints[i]!.block, lines);
    });
    bottomFloats = bottomFloats.map((float) => {
      const grown = gap > 0 ? grownBy(float.flow, float.remake, gap, pitch) : null;
      if (!grown) return float;
      gap -= grown.lines;
      record(float.id, grown.lines);
      return { ...float, flow: grown.flow };
    });
  }

  /** A `:::columns` group in running text (document-format §8.4; page/columns-group.ts). */
  function placeColumnsGroup(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[]): boolean {
    const shape = groupShape(start.attrs, colW(), frame().contentWidth, geo.columns, settings, inner);
    // Sub-columns under 6 em (§8.4 columnsTooNarrow): the group's own and those of groups in its boxes, recorded once it is set as a group.
    const narrow: NarrowColumns[] = [];
    const ownNarrow = narrowColumns(start.id, shape, settings);
    if (ownNarrow) narrow.push(ownNarrow);
    // Headings in the group (page/columns-group-heading.ts): numbered as anywhere; their styled sections close and open in order, in force after the group.
    const heading = { inlines: (h: HeadingBlock) => numberedInlines(settings.headings.inlineMarks === false ? { ...h, inlines: plainInlines(h.inlines) } : h, structure.headingNumbers?.get(h.id), { numbering: headingNumbering(h, settings) }), baseline: (lead: number, style: TextStyle) => baselineFor(lead, style, fonts), pitch, bodyBaseline };
    const verse = { setText, tabbed: tabbedLines, setGenerated, rtl: rtl(), vertical: settings.vertical !== undefined, pitch };
    // Listings, displays and in-flow resources drawn whole (page/columns-group-blocks.ts); a floating resource is not set in a group, a wrapped one at a side of its sub-column.
    const wrapsRefused: { id: string; reason: WrapRefusal }[] = [];
    const blocks = {
      pitch,
      listing: { setText, setGenerated, fonts },
      display: (m: Extract<Block, { kind: 'mathDisplay' }>, w: number) => (math ? layoutDisplay(m, w, settings, math, chapter.chapterId, setEquationNumber, frame().contentHeight, dir) : null),
      resource: (r: ResourceBlock, w: number) => (structure.floats?.has(r.resourceId) ? null : resourceBlock?.(r, w, frame().contentHeight, settings.floats?.fitToPage ? 'figure' : 'picture', dir) ?? null),
      // A resource that wraps (§12.8): at a side of its sub-column, the text after it beside it (page/columns-group-wrap.ts); refused, it is set across the sub-column.
      wrap: (r: ResourceBlock, w: number) => {
        const request = structure.wrapOf?.(r.resourceId);
        if (!request || !resourceBlock) return undefined;
        const measure = wrapSlotMeasure(request, w, wrapSettings);
        const flow = resourceBlock(r, measure, frame().contentHeight, settings.floats?.fitToPage ? 'figure' : 'picture', dir);
        if (!flow) return undefined;
        const plan = planGroupWrap({ request, flow, measure, width: w, pitch, columnRows: Math.floor(frame().contentHeight / pitch + 1e-9), settings: wrapSettings, rtl: rtl() });
        if (typeof plan === 'string') wrapsRefused.push({ id: r.resourceId, reason: plan });
        return plan;
      },
      // A figure taller than a column, fitted to it whole (page/columns-group-blocks.ts `resourceRows`).
      fitted: (r: ResourceBlock, w: number, maxHeight: number) => resourceBlock?.(r, w, maxHeight, 'figure', dir) ?? null,
      // Listings and tables are cut between sub-columns (page/columns-group-split.ts) and between parallel segments (page/columns-parallel-split.ts).
      split: true,
      columnHeight: frame().contentHeight,
      // A floating resource floats at the group's level (§8.4 "cited figures float normally"): queued as in the text, under the segment holding its embed.
      floating: (r: ResourceBlock) => (structure.floats?.has(r.resourceId) ? () => (logCited(r.resourceId, r), queueFloat(r.resourceId, r), placeFloats(false)) : null),
      box: (boxStart: Extract<Block, { kind: 'containerStart' }>, boxInner: readonly Block[], w: number, blockIndex: number) => groupBox(boxStart, boxInner, w, blockIndex),
    };
    // Callout boxes in sub-columns (page/columns-group-box.ts): set in flow only; the lines they draw cite their notes with the group's.
    const boxCited: SetLine[] = [];
    // Boxes floated out of the group that may take a column's foot, by block id: their flows, for the foot room kept for them.
    const boxFeet = new Map<string, FlowBlock>();
    function groupBox(boxStart: Extract<Block, { kind: 'containerStart' }>, boxInner: readonly Block[], w: number, blockIndex: number): { rows: GroupRow[]; cites: () => void; floats: readonly QueuedFloat[]; barrier: boolean } | null {
      const boxStyle = calloutStyleOf(boxStart);
      const where = calloutWhere(boxStart.attrs, boxStyle.flow, geo.columns, frame().side !== undefined);
      // (Listings, headings, poems, directives, nested boxes, wrapped resources and `:::columns` groups as in a box in flow: page/callout-blocks.ts, callout-wrap.ts, columns-group.ts boxGroupRows.)
      const settable = (x: Block): boolean => ((x.kind === 'containerStart' || x.kind === 'containerEnd') && (boxSetsContainer(x.name) || x.name === 'columns')) || x.kind === 'paragraph' || x.kind === 'blockquote' || x.kind === 'listItem' || x.kind === 'footnoteDefinition' || x.kind === 'code' || x.kind === 'heading' || x.kind === 'verse' || x.kind === 'directive' || x.kind === 'rawBlock' || (x.kind === 'mathDisplay' && math !== undefined) || (x.kind === 'resourceBlock' && (structure.floats?.has(x.resourceId) === true || resourceBlock !== undefined));
      if (!boxInner.every(settable)) return null;
      // A floated, fixed or page-wide box leaves the group (page/columns-group-box.ts): set at the
      // group's level as in flow, queued under the segment holding its place (no row); a page-wide
      // one in flow goes to a page's head or foot band as a page-wide floated box. One that cannot
      // leave the flow (too tall, citing notes) is set in its sub-column. A wrapped box and a float
      // barrier are set in their sub-column (the floats cited before it set first: columns-group.ts placeGroup).
      if (where.float || where.placement === 'fixed' || where.span === 'page') {
        const out = where.placement === 'fixed' ? fixedCalloutQueue(boxStart, boxInner, where, boxStyle.flow?.fixed ?? DEFAULT_FIXED) : calloutFloatQueue(boxStart, boxInner, where.float ? where : { ...where, placement: 'auto', float: true }, boxFeet);
        // (One that may take the column's foot is a float its segment keeps foot room for: columns-group-floats.ts.
        // A barrier sets what waits before it is queued: at the group's end, where no row of the group stands after it.)
        const cites = (): void => {
          if (boxStyle.floatBarrier) flushFloats();
          out?.();
          queueBoxCites(boxStart, boxInner);
        };
        if (out) return { rows: [], cites, floats: [{ id: boxStart.id, block: boxStart }], barrier: boxStyle.floatBarrier === true };
      }
      const parts = calloutParts(boxStart, boxInner, w);
      // Wraps refused in the box (§12.8 textWrap; page/callout-wrap.ts), on the page where the group is met.
      for (const r of parts.refused) (cursor.page.wrapsRefused ??= []).push(r);
      narrow.push(...parts.narrow);
      const box: GroupBox<(typeof parts.rows)[number]> = {
        rows: parts.rows, pad: parts.pad, tab: parts.tab ?? null, repeatedHeight: parts.repeatedHeight, more: parts.more ?? null, total: parts.total,
        marginTop: parts.style.marginTop, marginBottom: parts.style.marginBottom, keepTogether: parts.style.keepTogether, columnHeight: frame().contentHeight,
        ...(parts.style.continuation ? { minLines: parts.style.continuation.minLines } : {}),
        childMinLines: (settings.breaks ?? DEFAULT_BREAK_RULES).boxChildSplitMinLines,
        // (`rows`: the box's, a listing or nested box at a cut in two: page/callout-split.ts.)
        draw: (rows, from, take, x, top, height) => drawCalloutSegment({ ...parts, rows }, from, take, x, top, height),
      };
      const floats = floatsCitedInBox(boxInner, floatCitations, structure.floats).map((id) => ({ id, block: boxStart }));
      return { rows: boxRows(boxStart, blockIndex, box, pitch, boxCited), cites: () => queueBoxCites(boxStart, boxInner), floats, barrier: boxStyle.floatBarrier === true };
    }
    const rows = groupRows(inner, shape.width, settings, { setText: setGroupText, setGenerated: setFlowLine, listMarker, heading, verse, blocks });
    // A block kept whole taller than a column could never be placed: the group flows plain.
    if (!rows || tallestUnit(rows, blocks.split) > Math.floor(frame().contentHeight / pitch + 1e-9)) return false;
    // Wraps refused in the group (§12.8 textWrap), on the page where it is met (plain flow records its own).
    for (const r of wrapsRefused) (cursor.page.wrapsRefused ??= []).push(r);
    for (const h of inner) if (h.kind === 'heading') sections.atHeading(h);
    // A page-wide group starts in the first column: one line under the band above once a later
    // pass has cut it level (balancing.beforeSpan, page/span-band.ts), else on the next page.
    const levelled = shape.page && spanArrives(start, false);
    if (levelled) cursor.y += pitch;
    else if (shape.page && cursor.column > 0) nextPage('any');
    logNarrow(narrow);
    const row = (): number => Math.ceil(cursor.y / pitch - 1e-9);
    // Streams side by side (`flow=parallel`, page/columns-parallel.ts) or one galley.
    const place = shape.flow === 'parallel' && shape.breaks.length > 0 ? placeParallel : placeGroup;
    const placed = place(rows, shape, {
      pitch,
      baseline: bodyBaseline,
      // Across the page: above the feet of every column, not the first's alone.
      rowsLeft: () => Math.floor((Math.min(limit(), shape.page ? acrossFeet() : Number.POSITIVE_INFINITY) - row() * pitch) / pitch + 1e-9),
      left: () => (shape.page ? frame().contentLeft : frame().columnX[cursor.column]!),
      top: () => frame().contentTop + row() * pitch,
      next: () => (shape.page ? nextPage('any') : nextColumn()),
      fresh: () => cursor.columnEmpty,
      advance: (n) => {
        cursor.y = (row() + n) * pitch;
        cursor.columnEmpty = false;
        // Across the page: every column of the page goes on under the group.
        if (shape.page) bands.head = cursor.page.columnTop = cursor.y;
      },
      emit: (block, line, x, baseline, role) => emit(block, line, x, baseline, role ?? 'body'),
      mark: (line, x, baseline) => {
        if (plan.quietBefore !== undefined && cursor.page.index < plan.quietBefore) return;
        for (const run of line.runs) cursor.page.items.push(glyphRun(run, x, baseline, chapter.chapterId, undefined));
      },
      push: (item) => cursor.page.items.push(item),
      shrunk: logShrunk,
      // `:ref`s in the group's lines queue their floats at their line; foot room kept for them and for embedded floats as for a citing line (page/columns-group-floats.ts).
      floats: {
        refFloats: (line) => (floatCitations.size > 0 ? notesCitedBy(line, floatCitations) : []),
        queueFloats: (ids, block) => {
          for (const id of ids) (logCited(id, block), queueFloat(id, block));
          placeFloats(false);
        },
        footRows: (cites) => {
          const planned: { id: string; flow: FlowBlock }[] = [];
          for (const c of cites) planned.push(...footFloatsOf(c.ids, c.block, planned, boxFeet));
          return planned.length === 0 ? 0 : Math.round((footHeight(bottomFloats, planned) - footHeight(bottomFloats)) / pitch);
        },
      },
      // A float barrier box in the group (§12.7): every float cited before it — before the group or in it — is set before it (columns-group.ts placeGroup).
      barrier: { waiting: floatsWaiting, first: (ids) => ids.some((id) => !queuedFloats.has(id)), flush: flushFloats },
    }, geo);
    citeNotes([...placed, ...boxCited]);
    if (inner.some((h) => h.kind === 'heading')) enterSection();
    return true;
  }

  /** The part's end: `parts.breakAfter`, then the geometry of the text after it. */
  function closePart(): void {
    openPartBlock = undefined;
    const parts = partSettings(settings);
    if (parts.page && parts.breakAfter !== 'none') {
      flushFloats();
      nextPage(parts.breakAfter);
    }
    enterSection();
    if (pageIsEmpty()) decoratePage(cursor.page);
  }

  /**
   * The table of contents (document-format §17.1, configuration.md §11.5): one entry per listed
   * heading, its number and title on the grid in body type, indented one and a half ems per level
   * below the first (our choice), the page label flush right on the entry's last line and a dotted
   * leader between whose dots sit on a common pitch from the column's left edge, so they line up.
   * A level's own look (settings-toc.ts) may set the number in a column of its own before the
   * title, and a leading of its own, which takes the entry off the grid.
   */
  function placeToc(block: { id: string }): void {
    const leader = settings.toc.leader;
    const dot = setGenerated(leader.char, body);
    const dotPitch = dot.width + leader.gap;
    // In vertical text the dots on the column's axis (page/vertical-generated.ts), pt down from the baseline.
    const dotShift = leaderShift(dot, settings, fonts);
    // The entries' own type, indent and margins, the page number's type and width (§11.5; settings-toc.ts).
    const look = settings.toc.look;
    let placed = 0;
    for (const entry of structure.toc ?? []) {
      // The entry's lines, page label and leader lead to its heading (a PDF link, LineInfo.target).
      const heading = entry.key?.slice(entry.key.indexOf('|') + 1);
      const owner = heading ? { id: block.id, target: heading } : block;
      // A `numbered: false` heading in toc.unnumbered's look, which is its level's with the overrides set over it.
      const level = (entry.unnumbered ? look?.unnumbered?.[entry.level] : undefined) ?? look?.levels[entry.level];
      const style = level?.style ?? body;
      const indent = level?.indent ?? (entry.level - 1) * 1.5 * body.size;
      const labelBeside = (beside: string): SetLine => setFlowLine(entry.label, look?.pageNumber.style ?? body, undefined, beside);
      // Room for the label (at least pageNumber.width, 2 em by default) and a leader gap of at least two dots at the right of every line.
      const reserveFor = (line: SetLine): number => Math.max(line.width, look?.pageNumber.width ?? 2 * body.size) + 2 * dotPitch;
      let label = labelBeside(entry.text);
      let reserve = reserveFor(label);
      // The number in its own column (§11.5 numberWidth, numberGap, number* type): the title starts
      // numberWidth past the indent, or the gap (a word space of the number's type by default) after
      // a wider number, and its turnover lines hang there. An entry without a number (unnumbered,
      // or a heading whose number is empty) keeps the column empty, so its title lines up with the others'.
      const column = level?.number && entry.title !== undefined ? level.number : undefined;
      const numberBeside = (beside: string): SetLine | null => (column && entry.number ? setFlowLine(entry.number, column.style, undefined, beside) : null);
      let numberLine = numberBeside(entry.text);
      // In vertical text the number is set as the title's first line, where it stands, is drawn (below); its room holds it
      // set either way (beside CJK and as set horizontally), so the title's lines never move with that choice.
      const numberWidth = Math.max(numberLine?.width ?? 0, settings.vertical ? (numberBeside('')?.width ?? 0) : 0);
      const numberRoom = !column ? 0 : numberLine ? Math.max(column.width, numberWidth + (column.gap ?? normalSpace(column.style, fonts))) : column.width;
      const titleText = column ? entry.title! : entry.text;
      const textStart = indent + numberRoom;
      const text: Inline = { kind: 'text', text: titleText, marks: [], range: { from: -1e9, to: -1e9, line: 0, column: 0 }, offsets: generatedOffsets(titleText) };
      // The subtitle (§11.5 toc.subtitle, document-format §17.1): the heading's attribute in lines of
      // their own under the title, at the subtitle's indent (under the title by default), kept with the entry;
      // `\n` in the value is a line break. The page label stays on the title's last line.
      const sub = entry.subtitle && level?.subtitle ? level.subtitle : undefined;
      const subStart = sub?.indent ?? textStart;
      const subtitleLines = new Set<SetLine>();
      let titleCount = 1;
      const set = (width: number): SetLine[] => {
        const title = setText({ base: -1e9, inlines: [text], style, measure: Math.max(1, width - textStart - reserve), indent: 0, justify: false });
        // A copy: setText's lines are memoised and shared.
        const lines = title.length > 0 ? [...title] : [emptyLine()];
        titleCount = lines.length;
        if (!sub) return lines;
        for (const part of entry.subtitle!.split(/\\n|\n/)) {
          const partText: Inline = { kind: 'text', text: part, marks: [], range: { from: -1e9, to: -1e9, line: 0, column: 0 }, offsets: generatedOffsets(part) };
          for (const line of setText({ base: -1e9, inlines: [partText], style: sub.style, measure: Math.max(1, width - subStart - reserve), indent: 0, justify: false })) {
            subtitleLines.add(line);
            lines.push(line);
          }
        }
        return lines;
      };
      // In vertical text the label is set as the title's last line, where it stands, is drawn (vertical-generated.ts markerByLine).
      const labelled = (line: SetLine): SetLine[] => {
        label = line;
        // (Set again beside the last line, the label keeps the first's room: the title's lines stay as they were broken.)
        reserve = Math.max(reserve, reserveFor(line));
        return set(colW());
      };
      let lines = markerByLine(settings, entry.text, label, labelled, (title) => title[titleCount - 1], labelBeside).set;
      if (numberLine) numberLine = markerByLine(settings, entry.text, numberLine, () => lines, (title) => title[0], numberBeside).marker;
      // Right to left (document-format §18.1): the entry from the right edge, its number there, its label at the left.
      const lineX = rtl() ? reserve : textStart;
      /** A subtitle line's offset from the title's start (in right-to-left text both end at the reserve). */
      const subShift = (line: SetLine): number => (subtitleLines.has(line) && !rtl() ? subStart - textStart : 0);
      const drawNumber = (baseline: number, columnX: number): void => {
        if (numberLine) emit(owner, numberLine, rtl() ? columnX + colW() - indent - numberLine.width : columnX + indent, baseline, 'body');
      };
      const drawLabel = (last: SetLine | undefined, baseline: number, columnX: number): void => {
        const right = columnX + colW();
        emit(owner, label, rtl() ? columnX : right - label.width, baseline, 'body');
        if (!leader.enabled || !dot.runs[0]) return;
        const start = rtl() ? columnX + label.width + leader.gap : columnX + textStart + (last?.width ?? 0) + leader.gap;
        const end = rtl() ? right - textStart - (last?.width ?? 0) - leader.gap - dot.width : right - label.width - leader.gap - dot.width;
        const xs: number[] = [];
        for (let k = Math.ceil((start - columnX) / dotPitch - 1e-9); columnX + k * dotPitch <= end + 1e-9; k++) xs.push(columnX + k * dotPitch);
        if (xs.length === 0) return;
        const one = glyphRun(dot.runs[0], 0, baseline + dotShift, chapter.chapterId, { block: block.id, role: 'body', ratio: 0, ...(heading ? { target: heading } : {}) });
        cursor.page.items.push({
          ...one,
          glyphs: xs.flatMap(() => one.glyphs),
          xs: xs.flatMap((x) => one.xs.map((g) => roundPt(x + g))),
          text: one.text.repeat(xs.length),
          clusters: xs.flatMap((_, i) => one.clusters.map((c) => c + i * one.text.length)),
        });
      };
      // A part's row (§11.5 toc.parts): the level-1 entry's type with the parts' own margins; with
      // breakBefore on a new page (never before the contents' first row: the contents' heading stays
      // with it); at least `height` tall, what its lines leave given as space under them.
      const partRow = entry.part ? (look?.parts ?? defaultPartRows(body.size)) : undefined;
      if (partRow?.breakBefore && placed > 0) nextPage('any');
      const marginTop = partRow ? partRow.marginTop : (level?.marginTop ?? 0);
      const marginBottom = partRow ? partRow.marginBottom : (level?.marginBottom ?? 0);
      if (marginTop) space(marginTop);
      if (partRow?.design) {
        placeTocPartDesign(owner, partRow.design, partRow.height, entry.partAttrs ?? {}, entry.label);
        if (marginBottom) space(marginBottom);
        placed++;
        continue;
      }
      /** The row's top, pt from the column's top, and the page and column it went in. */
      let rowAt = { y: cursor.y, page: cursor.page, column: cursor.column };
      const lead = level?.lineHeight;
      if (lead !== undefined && Math.abs(lead - pitch) > 1e-6) {
        // A leading other than the body's (§11.5 lineHeight): the entry off the grid, kept whole in
        // one column when it fits one; the next block on the grid takes the grid up again (§2.2).
        clearWrap();
        if (cursor.y + lines.length * lead > limit() + 1e-6 && !cursor.columnEmpty) {
          nextColumn();
          lines = set(colW());
        }
        const baseline = baselineFor(lead, style, fonts);
        rowAt = { y: cursor.y, page: cursor.page, column: cursor.column };
        lines.forEach((line, i) => {
          if (cursor.y + lead > limit() + 1e-6 && !cursor.columnEmpty) nextColumn();
          const f = frame();
          const columnX = f.columnX[cursor.column]!;
          emit(owner, line, columnX + lineX + subShift(line), f.contentTop + cursor.y + baseline, 'body');
          if (i === 0) drawNumber(f.contentTop + cursor.y + baseline, columnX);
          if (i === titleCount - 1) drawLabel(line, f.contentTop + cursor.y + baseline, columnX);
          cursor.y += lead;
          cursor.columnEmpty = false;
        });
      } else {
        placeOnGrid(owner, lines, {
          role: 'body',
          x: lineX,
          splittable: false,
          reflow: (_from, width) => (lines = set(width)),
          shift: subShift,
          onSegment: (first, count, top, _bottom, columnX) => {
            if (first === 0) rowAt = { y: top - frame().contentTop, page: cursor.page, column: cursor.column };
            if (first === 0) drawNumber(top + bodyBaseline, columnX);
            const last = titleCount - 1;
            if (last >= first && last < first + count) drawLabel(lines[last], top + (last - first) * pitch + bodyBaseline, columnX);
          },
        });
      }
      // The rest of a part row's height (kept where the row went; the next row finds the grid again).
      if (partRow && rowAt.page === cursor.page && rowAt.column === cursor.column && cursor.y < rowAt.y + partRow.height) cursor.y = rowAt.y + partRow.height;
      if (marginBottom) space(marginBottom);
      placed++;
    }
  }

  /**
   * A part's contents row drawn as `toc.parts.design` (§11.5): its elements in a band the column's
   * width and `height` tall (at least one line), the band their `container` (page and bleed anchors
   * as in heading designs); placeholders of the part (`{number}`, `{titleText}`, `{partTitle}`…,
   * page/part-design.ts) and `{pageNumber}` = the part's page label (reading: in a contents row the
   * page number is the one the row leads to). Kept whole in one column; the next row finds the grid
   * again under it. Its text runs lead to the part (`owner`'s target).
   */
  function placeTocPartDesign(owner: { id: string; target?: string }, elements: readonly FurnitureElement[], height: number, attrs: Attributes, label: string): void {
    clearWrap();
    const rowHeight = Math.max(pitch, height);
    // The band starts on a grid line, where a plain row's line would (configuration.md §2.2).
    cursor.y = Math.ceil((cursor.y - 1e-6) / pitch) * pitch;
    if (cursor.y + rowHeight > limit() + 1e-6 && !cursor.columnEmpty) nextColumn();
    const f = frame();
    const band = { x: f.columnX[cursor.column]!, y: f.contentTop + cursor.y, w: colW(), h: rowHeight };
    const page = {
      pageIndex: cursor.page.index,
      recto: isRecto(settings, cursor.page.index),
      role: cursor.page.opener ? ('opener' as const) : ('body' as const),
      chapterId: chapter.chapterId,
      pageWidth: flowPageSize(settings).width,
      pageHeight: flowPageSize(settings).height,
      bleed: settings.furniture.bleed ?? 0,
      content: { left: f.contentLeft, top: f.contentTop, width: f.contentWidth, height: f.contentHeight },
      values: { ...partDesignValues(attrs, settings.language), pageNumber: label },
      band,
    };
    const line: LineInfo = { block: owner.id, role: 'body', ratio: 0, ...(owner.target ? { target: owner.target } : {}) };
    cursor.page.items.push(...composeSlot('heading', elements, page, fonts, setGenerated, { line }));
    cursor.y += rowHeight;
    cursor.columnEmpty = false;
  }

  /** The callout style a box's `type` names (the first style for an unknown or missing one). */
  function calloutStyleOf(start: Extract<Block, { kind: 'containerStart' }>): CalloutStyle {
    const styles = settings.callouts.styles;
    return styles[start.attrs['type'] ?? ''] ?? styles[settings.callouts.order[0]!] ?? Object.values(styles)[0]!;
  }

  /**
   * A callout box's frame and rows for a box `boxW` pt wide (document-format §8.1, configuration.md
   * §13.4): padding, stripe, the title in its style, then the content in the style's own text
   * (or the body's) at the inner measure. `used`: the box's width with `width: 'auto'` (the widest
   * row and the padding, never more than `boxW`), else `boxW`.
   */
  /** Where a block drawn whole in a box (a listing: page/callout-blocks.ts) puts its text and items on the page. */
  function boxDrawHost(): BoxDrawHost {
    return {
      emit: (block, line, x, baseline) => emit(block, line, x, baseline, 'body'),
      mark: (line, x, baseline) => {
        if (plan.quietBefore !== undefined && cursor.page.index < plan.quietBefore) return;
        for (const run of line.runs) cursor.page.items.push(glyphRun(run, x, baseline, chapter.chapterId, undefined));
      },
      push: (item) => void cursor.page.items.push(item),
    };
  }

  function calloutParts(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[], boxW: number) {
    const style = calloutStyleOf(start);
    // Right to left: left/right padding and a side stripe are text sides, mirrored (document-format §18.1).
    const pad = rtl() ? { ...style.padding, left: style.padding.right, right: style.padding.left } : style.padding;
    const stripe = !style.stripe.enabled ? null : rtl() && style.stripe.side !== 'top' ? { ...style.stripe, side: style.stripe.side === 'left' ? ('right' as const) : ('left' as const) } : style.stripe;
    const side = stripe && stripe.side !== 'top' ? stripe.width : 0;
    // The box's inner area (inside padding and stripe), before an inline icon takes its column.
    const areaX = pad.left + (stripe?.side === 'left' ? side : 0);
    const areaW = boxW - pad.left - pad.right - side;
    // icon (§13.4): `inline` takes a column at the inner start edge (at most half the area), the rows
    // set beside it; `corner` takes the title row's end (or start) instead (titleRows below).
    const icon = style.icon ? calloutIconParts(style.icon, areaW) : null;
    const iconRoom = icon && icon.position === 'inline' ? icon.room : 0;
    const innerX = areaX + (rtl() ? 0 : iconRoom);
    const innerW = areaW - iconRoom;
    // `before`: space above the row (between paragraphs, between list items), dropped at the top of a box segment.
    // `flow`: an inline (`here`) resource set whole in the box at its inner measure.
    // `keepTo`: a wrapped resource's row, the last row beside it (never cut from it, callout-wrap.ts).
    type BoxLine = { block: { id: string }; line: SetLine; x: number; height: number; baseline: number; role: LineInfo['role']; marker?: { line: SetLine; x: number }; display?: DisplayLayout; across?: BoxGroupLine[]; before?: number; flow?: FlowBlock; end?: { line: SetLine; x: number }; keepTo?: number; piece?: BoxPiece; initial?: { line: SetLine; x: number; dy: number }[] };
    const rows: BoxLine[] = [];
    // The box's own text (calloutStyles[].body, settings-callouts.ts) at its own leading, else the
    // body text's at the grid pitch; either way off the grid inside the box (§13.4).
    const own = style.body;
    const textStyle = own?.style ?? body;
    const lead = own?.lineHeight ?? pitch;
    const leadBaseline = own ? baselineFor(lead, textStyle, fonts) : bodyBaseline;
    const boxJustify = own ? own.align === 'justify' : justify;
    const paragraphIndent = own?.firstLineIndent ?? settings.body.firstLineIndent;
    // A blank line of the box's leading between two paragraphs (body.paragraphSpacing, following bodyText's).
    const paragraphSpace = (own ? own.paragraphSpacing : settings.body.paragraphSpacing === true) ? lead : 0;
    let previousKind: Block['kind'] | null = null;
    // numbering (§13.4): "Theorem 2 (Title)." run in to the first paragraph (no title row), or
    // "Box 2.1. Title" as the title row (placement 'title'; page/callout-numbers.ts).
    const numbered = style.numbering ? structure.boxNumbers?.get(start.id) : undefined;
    // label (§13.4): a tab printing the fence's `label`, else the box's number label (then neither run in nor in the title row).
    const tabText = style.label ? (start.attrs['label'] ?? numbered?.label) : undefined;
    const boxNumber = tabText !== undefined && start.attrs['label'] === undefined ? undefined : numbered;
    const tab = style.label && tabText ? labelTab(start, style.label, tabText) : null;
    const fenceTitle = start.attrs['title'] ?? style.title;
    if (boxNumber && style.numbering!.placement === 'runIn') inner = runInBlocks(start, inner, boxNumber, style.numbering!, fenceTitle);
    const title = !boxNumber ? fenceTitle : style.numbering!.placement === 'title' ? numberedBoxTitle(boxNumber, style.numbering!, fenceTitle) : '';
    const titleRows = (title: string): BoxLine[] => {
      const text: Inline = { kind: 'text', text: title, marks: [], range: { from: -1e9, to: -1e9, line: 0, column: 0 }, offsets: generatedOffsets(title) };
      // titleStyle (§13.4): capitals (textTransform), tracking between clusters (letterSpacing,
      // set narrower while a spaced line would overflow) and the whole title indented from the inner start edge.
      const look = style.titleLook;
      // A corner icon keeps its width and gap of the title's measure at its side; the title rows are at least as tall as it.
      const corner = icon && icon.position === 'corner' ? icon : null;
      const cornerRoom = corner?.room ?? 0;
      const shift = corner?.side === 'left' ? cornerRoom : 0;
      const indent = Math.min(look?.indent ?? 0, innerW - cornerRoom - 1);
      const setTitle = (measure: number): SetLine[] => setText({ base: -1e9, inlines: look?.upper ? upperInlines([text]) : [text], style: style.titleStyle, measure, indent: 0, justify: false });
      const lines = look && look.tracking !== 0 ? trackedLines(setTitle, innerW - cornerRoom - indent, look.tracking) : setTitle(innerW - cornerRoom - indent);
      const baseline = baselineFor(style.titleLineHeight, style.titleStyle, fonts);
      const short = corner ? Math.max(0, corner.height - lines.length * style.titleLineHeight) : 0;
      return lines.map((line, i) => ({ block: start, line, x: (rtl() ? 0 : indent) + shift, height: style.titleLineHeight + (i === lines.length - 1 ? style.titleGap + short : 0), baseline, role: 'heading' }));
    };
    if (title) rows.push(...titleRows(title));
    // A corner icon without a title: a band as tall as the icon, and its gap, above the text.
    else if (icon && icon.position === 'corner') rows.push({ block: start, line: emptyLine(), x: 0, height: icon.height + icon.gap, baseline: 0, role: 'heading' });
    // A split box (§13.4; document-format §8.1): with repeatTitle every continued segment opens
    // with the title and continuedSuffix (a run-in numbered box: its label, and its title in
    // parentheses); with continuesMarkerEnabled the marker closes every segment the box goes on from.
    const going = style.continuation;
    const runInLabel = boxNumber && style.numbering!.placement === 'runIn' ? `${boxNumber.label}${fenceTitle ? ` (${fenceTitle})` : ''}` : '';
    const repeated = going?.repeatTitle && (title || runInLabel) ? titleRows(`${title || runInLabel} ${going.suffix}`.trim()) : [];
    const goesOn = going?.marker ? setFlowLine(going.marker.text, { ...textStyle, italic: going.marker.italic }, undefined, going.marker.text) : null;
    const more = goesOn && going?.marker ? { line: goesOn, x: going.marker.align === 'left' ? 0 : going.marker.align === 'center' ? (innerW - goesOn.width) / 2 : innerW - goesOn.width, height: lead, baseline: leadBaseline } : null;
    let firstParagraph = true;
    /** The heading met last in the box (its drop cap opens the paragraph right after it). */
    let lastHeading: HeadingBlock | null = null;
    /** The space owed under the resource set last (pt), given above the next block's first row. */
    let resourceBelow = 0;
    /** The end of a `:::columns` group already set (its blocks are skipped). */
    let groupEnd: string | null = null;
    // A resource wrapped in the box (document-format §12.8; page/callout-wrap.ts): the band of rows beside it, and wraps refused.
    let boxWrap: BoxWrapBand | null = null;
    const refused: { id: string; reason: WrapRefusal }[] = [];
    /** Groups in the box (nested boxes' too) set in sub-columns under 6 em (§8.4 columnsTooNarrow), told where the box is met. */
    const narrow: NarrowColumns[] = [];
    /** The height of the rows so far, pt (the first row's space above dropped, as at a segment's top). */
    const rowsTop = (): number => rows.reduce((y, r, k) => y + (k > 0 ? (r.before ?? 0) : 0) + r.height, 0);
    // `:::paragraphs` containers open in the box: their paragraphs in their style (page/callout-blocks.ts).
    const boxStyles = new ParagraphStyleScope();
    // bodyText.paragraphContainerSpacing 'add': a container's margins, in whole box lines, added to
    // the space above the next row set (`added`, owed from row `addedAt`), not collapsed with it.
    const addMargins = (settings.breaks ?? DEFAULT_BREAK_RULES).paragraphContainerSpacing === 'add';
    let added = 0;
    let addedAt = 0;
    const giveAdded = (): void => {
      if (added === 0 || rows.length <= addedAt) return;
      rows[addedAt]!.before = (rows[addedAt]!.before ?? 0) + added;
      added = 0;
    };
    /** Ends the wrap in force: what follows starts under the resource and its gap. */
    const endBoxWrap = (): void => {
      if (!boxWrap) return;
      const short = boxWrap.bottom - rowsTop();
      if (short > 1e-6) rows.push({ block: rows[boxWrap.row]!.block, line: emptyLine(), x: 0, height: short, baseline: leadBaseline, role: 'body' });
      rows[boxWrap.row]!.keepTo = rows.length - 1;
      boxWrap = null;
    };
    /** A resource or listing set whole in the box: one row of its height with a box line above it, and (`inlineResourceGap` around, in boxes) one owed under it. */
    const pushBoxUnit = (child: Block, flow: FlowBlock, piece?: BoxPiece): void => {
      rows.push({ block: child, line: emptyLine(), x: 0, height: flow.height, baseline: 0, role: 'body', flow, before: lead, ...(piece ? { piece } : {}) });
      const rules = settings.breaks ?? DEFAULT_BREAK_RULES;
      resourceBelow = rules.inlineResourceGap === 'around' && rules.inlineResourceGapInBoxes ? lead : 0;
      firstParagraph = false;
      previousKind = child.kind;
    };
    /**
     * A block's lines beside the wrapped resource and after it: the first ones at the inner measure
     * less the resource and gap, the rest re-broken from the next line's source offset at the full
     * one (`set(from, measure)`: from the block's start when `from` is null). `before`: the block's space above.
     */
    const besideWrap = (full: readonly SetLine[], before: number, measure: number, set: (from: number | null, measure: number) => readonly SetLine[]): { lines: readonly SetLine[]; beside: number; inset: number; left: boolean } => {
      const band = boxWrap;
      const n = band ? linesBeside(band, rowsTop() + (rows.length > 0 ? before : 0), lead) : 0;
      if (!band || n === 0) {
        endBoxWrap();
        return { lines: full, beside: 0, inset: 0, left: false };
      }
      const narrow = set(null, measure - band.inset);
      const cut = n < narrow.length ? (narrow[n]!.srcFrom >= 0 ? narrow[n]!.srcFrom : narrow[n - 1]!.srcTo) : null;
      const lines = cut === null ? narrow : [...narrow.slice(0, n), ...set(cut, measure)];
      return { lines, beside: Math.min(n, narrow.length), inset: band.inset, left: band.side === 'left' };
    };
    /** The initial drawn with a paragraph's first row (`first`, of `count`); a box cut never parts it from the lines beside it (keepTo, callout-wrap.ts cutAboveWrap). */
    const keepInitial = (first: number, initial: NonNullable<ReturnType<typeof boxStyledParagraph>['initial']>, count: number): void => {
      rows[first]!.initial = initial.pieces;
      if (initial.lines > 1) rows[first]!.keepTo = first + Math.min(initial.lines, count) - 1;
    };
    /** Keeps a block's rows beside the band (`count` from row `first`) with the resource; the band ends once the block's rows go past it. */
    const keptBeside = (first: number, count: number): void => {
      if (!boxWrap || count === 0) return;
      rows[boxWrap.row]!.keepTo = first + count - 1;
      if (rows.length - first > count || rowsTop() >= boxWrap.bottom - 1e-6) boxWrap = null;
    };
    for (const [i, child] of inner.entries()) {
      giveAdded();
      if (groupEnd !== null) {
        if (child.id === groupEnd) groupEnd = null;
        continue;
      }
      if (child.kind === 'containerStart' && child.name === 'columns') {
        // Sub-columns sharing the box's inner width; the box grows to the tallest (§8.4).
        const end = inner.findIndex((x, k) => k > i && x.id === child.endId);
        const group = boxGroupRows(inner.slice(i, end < 0 ? inner.length : end), innerW, settings, { setText: setGroupText, setGenerated: setFlowLine, listMarker }, parallelSlots, style.columnGap);
        const tooNarrow = narrowColumns(child.id, boxGroupShape(inner.slice(i, end < 0 ? inner.length : end), innerW, settings, style.columnGap), settings);
        if (tooNarrow) narrow.push(tooNarrow);
        endBoxWrap();
        for (const across of group) rows.push({ block: across[0]?.block ?? child, line: emptyLine(), x: 0, height: pitch, baseline: bodyBaseline, role: 'body', across });
        groupEnd = end < 0 ? null : child.endId;
        if (end < 0) break;
        firstParagraph = false;
        continue;
      }
      if (child.kind === 'resourceBlock') {
        // An inline (`here`) resource in the box (document-format §12.3): a box line above it and,
        // with layout.inlineResourceGap 'around' and inlineResourceGapInBoxes (the defaults), one
        // below (the next row's space above; the larger of the two when it has its own). A float's
        // embed leaves no row: the float is queued once the box is placed (queueBoxCites).
        if (structure.floats?.has(child.resourceId) || !resourceBlock) continue;
        // One that wraps (§12.8): at a side of the inner measure, the text after it beside it (page/callout-wrap.ts).
        endBoxWrap();
        const request = structure.wrapOf?.(child.resourceId);
        if (request) {
          const measure = boxWrapMeasure(request, innerW, wrapSettings);
          const made = resourceBlock(child, measure, frame().contentHeight - pad.top - pad.bottom, settings.floats?.fitToPage ? 'figure' : 'picture', dir);
          const plan = made ? planBoxWrap({ request, width: made.width, height: made.height, measure, innerWidth: innerW, lead, top: rowsTop() + (rows.length > 0 ? lead : 0), row: rows.length, settings: wrapSettings, rtl: rtl() }) : null;
          if (made && plan && typeof plan !== 'string') {
            rows.push({ block: child, line: emptyLine(), x: plan.x, height: 0, baseline: 0, role: 'body', flow: made, before: lead, keepTo: rows.length });
            boxWrap = plan.band;
            resourceBelow = 0;
            firstParagraph = false;
            previousKind = child.kind;
            continue;
          }
          if (typeof plan === 'string') refused.push({ id: child.resourceId, reason: plan });
        }
        const flow = resourceBlock(child, innerW, frame().contentHeight - pad.top - pad.bottom, settings.floats?.fitToPage ? 'figure' : 'picture', dir);
        if (!flow) continue;
        // A table a box cut falls in splits where its own rules say (page/callout-split.ts flowPiece).
        pushBoxUnit(child, flow, flow.split ? flowPiece(flow, lead) : undefined);
        continue;
      }
      if (child.kind === 'code') {
        // A code listing in its own box at the inner measure, one unit of rows, a box line above and
        // below as for an inline resource (page/callout-blocks.ts).
        endBoxWrap();
        // A box cut may split it by the listing's rules (page/callout-split.ts listingPiece).
        const piece = listingPiece(child, prepareListing(child, settings, innerW, { setText, setGenerated, fonts }), boxDrawHost(), frame().contentHeight - pad.top - pad.bottom);
        pushBoxUnit(child, piece.flow, piece);
        continue;
      }
      if (child.kind === 'heading') {
        // A heading in its level's type at the inner measure, its margins in whole box lines (page/callout-blocks.ts).
        endBoxWrap();
        lastHeading = child;
        const set = boxHeading(child, numberedInlines(settings.headings.inlineMarks === false ? { ...child, inlines: plainInlines(child.inlines) } : child, structure.headingNumbers?.get(child.id), { numbering: headingNumbering(child, settings) }), innerW, lead, settings, setText, (h, s) => baselineFor(h, s, fonts));
        if (!set) continue;
        // (A lineSpan band's blank above the first line and below the last is in their rows.)
        const last = set.lines.length - 1;
        set.lines.forEach(({ line, x }, k) => rows.push({ block: child, line, x, height: set.lineHeight + (k === 0 ? set.bandPad : 0) + (k === last ? set.bandPad : 0), baseline: set.baseline + (k === 0 ? set.bandPad : 0), role: 'heading', ...(k === 0 ? { before: Math.max(set.above, resourceBelow) } : {}) }));
        resourceBelow = set.below;
        // bodyText.indentAfterHeading false: the paragraph under it flush (§6.1), as in running text.
        firstParagraph = !settings.body.indentAfterHeading;
        previousKind = child.kind;
        continue;
      }
      if (child.kind === 'verse') {
        // A poem at the inner measure, a verse line with its turnovers never parted by a box cut (page/callout-blocks.ts).
        endBoxWrap();
        const poem = boxVerse(child, innerW, settings, textStyle, { setText, tabbed: tabbedLines, setGenerated, rtl: rtl(), vertical: settings.vertical !== undefined, pitch: lead });
        const first = rows.length;
        poem.lines.forEach((l, k) => rows.push({ block: child, line: l.line, x: l.x, height: lead, baseline: leadBaseline, role: 'body', before: k === 0 ? Math.max(l.before, resourceBelow) : l.before, ...(l.unitLast > k ? { keepTo: first + l.unitLast } : {}) }));
        resourceBelow = poem.below;
        firstParagraph = false;
        previousKind = child.kind;
        continue;
      }
      if (child.kind === 'containerStart' && child.name === 'callout') {
        // A nested box at the inner measure in its own style, drawn whole as one row (page/callout-blocks.ts).
        const end = inner.findIndex((x, k) => k > i && x.id === child.endId);
        endBoxWrap();
        const box = calloutParts(child, inner.slice(i + 1, end < 0 ? inner.length : end), innerW);
        narrow.push(...box.narrow);
        // A box cut may split it by the box rules, each part a segment of it (page/callout-split.ts nestedPiece).
        // The lines it draws cite their notes as the outer box's own (drawCalloutSegment takes them: nestedCited).
        const piece = nestedPiece({ shape: boxShape(box, (settings.breaks ?? DEFAULT_BREAK_RULES).boxChildSplitMinLines), rows: box.rows, width: box.used, total: box.total, draw: (cut, from, take, x, y, h) => drawCalloutSegment({ ...box, rows: cut }, from, take, x, y, h), cited: (lines) => void nestedCited.push(...lines) });
        rows.push({ block: child, line: emptyLine(), x: 0, height: box.total, baseline: 0, role: 'body', flow: piece.flow, piece, before: Math.max(box.style.marginTop, resourceBelow) });
        resourceBelow = box.style.marginBottom;
        groupEnd = end < 0 ? null : child.endId;
        if (end < 0) break;
        firstParagraph = false;
        previousKind = child.kind;
        continue;
      }
      if (child.kind === 'directive') {
        // `:::space` in the box's lines (§7.4; page/callout-blocks.ts); the other directives do nothing in a box (parse/blocks.ts).
        const gap = child.name === 'space' && !child.ignored ? boxSpace(child, lead, rows.length === 0, onlyDirectives(inner)) : null;
        if (!gap) continue;
        rows.push({ block: child, line: emptyLine(), x: 0, height: gap.height, baseline: 0, role: 'heading', before: gap.before + resourceBelow });
        resourceBelow = 0;
        // bodyText.indentAfterHeading false: the paragraph after a space set flush (§7.4).
        if (!settings.body.indentAfterHeading) firstParagraph = true;
        previousKind = child.kind;
        continue;
      }
      if ((child.kind === 'containerStart' || child.kind === 'containerEnd') && child.name === 'paragraphs') {
        // Its margins collapse with the space owed above and below, or ('add') are added to it in whole box lines (page/callout-blocks.ts).
        const ps = child.kind === 'containerStart' ? boxStyles.enter(child, settings, rtl()) : boxStyles.leave(child);
        const margin = !ps ? 0 : child.kind === 'containerStart' ? ps.marginTop : ps.marginBottom;
        if (addMargins && margin > 0) {
          endBoxWrap();
          if (added === 0) addedAt = rows.length;
          added += inBoxLines(margin, lead);
        } else if (ps) resourceBelow = Math.max(resourceBelow, margin);
        continue;
      }
      if (child.kind !== 'paragraph' && child.kind !== 'blockquote' && child.kind !== 'listItem' && child.kind !== 'mathDisplay') continue;
      const rowsBefore = rows.length;
      const styled = child.kind === 'paragraph' ? boxStyles.next() : undefined;
      // A heading's drop cap (§8.2, §13.6) on the paragraph right after it in the box, as in running text.
      const headingCap = child.kind === 'paragraph' && child.continuesParagraph !== true && lastHeading && previousKind === 'heading' ? headingDropCap(lastHeading, settings) : undefined;
      if (styled && child.kind === 'paragraph') {
        // A `:::paragraphs` paragraph in its style at the inner measure, on its own leading (page/callout-blocks.ts); below a wrapped resource.
        endBoxWrap();
        const ps = styled.style;
        const baseline = baselineFor(ps.lineHeight, ps.style, fonts);
        const flush = previousKind === 'heading' && !settings.body.indentAfterHeading;
        // The style's drop cap (§13.1, page/drop-cap.ts) on its container's first paragraph, or each with `each`, at its leading; else the heading's just above.
        const styleCap = child.continuesParagraph === true ? undefined : settings.dropCaps?.paragraphStyles[styled.id];
        const cap = styleCap && (styled.first || styleCap.each) ? styleCap : headingCap;
        const capOf: BoxInitialOf | undefined = cap ? (inlines, measure) => {
          const made = initialOf(cap, { inlines }, ps.style, ps.lineHeight, measure, ps.align === 'justify');
          return made && { ...made, rtl: rtl() };
        } : undefined;
        const set = boxStyledParagraph(child, ps, innerW, flush, setText, (inlines, s, measure, indent) => tabbedLines(inlines, s, measure, indent, ps.tabs ?? style.tabs), capOf);
        const first = rows.length;
        set.lines.forEach(({ line, x }, i) => rows.push({ block: child, line, x, height: ps.lineHeight, baseline, role: 'body', ...(i === 0 && !styled.first && ps.spaceBetween > 0 ? { before: ps.spaceBetween } : {}) }));
        if (set.initial && rows[first]) keepInitial(first, set.initial, set.lines.length);
      } else if (child.kind === 'listItem') {
        // The list's shape and its level's marker type (page/list-shape.ts), inside the box, with the style's own list fields.
        const shaped = (besideText: string | readonly Inline[], room?: ReturnType<typeof boxListItem>) => boxListItem(settings, child, textStyle, (style, text) => inRoom(setFlowLine(text ?? listMarker(child), style, undefined, besideText), room?.marker), style.lists);
        // lists.itemSpacing (else the list kind's itemSpacing) between two items.
        const itemSpace = previousKind === 'listItem' ? (style.lists?.itemSpacing ?? listShapeOf(settings, child.listKind)?.itemSpacing ?? 0) : 0;
        const itemLines = ({ textX: firstX, turnoverX: textX }: ReturnType<typeof shaped>) => {
          const tabbed = tabbedLines(child.inlines, textStyle, innerW - textX, firstX - textX, style.tabs);
          // (Tabbed text goes below a wrapped resource: its stops are the full measure's.)
          if (tabbed) endBoxWrap();
          const setItem = (from: number | null, measure: number): readonly SetLine[] => setText({ base: from ?? child.range.from, inlines: from === null ? child.inlines : inlinesFrom(child.inlines, from), style: textStyle, measure: measure - textX, indent: from === null ? firstX - textX : 0, justify: boxJustify, ...listItemRunts(settings) });
          return tabbed ? { lines: tabbed, beside: 0, inset: 0, left: false } : besideWrap(setItem(null, innerW), itemSpace, innerW, setItem);
        };
        // In vertical text the marker is set as the item's first line, where it stands, is drawn (vertical-generated.ts markerByLine).
        const placed = markerByLine(settings, child.inlines, shaped(child.inlines), itemLines, (set) => set.lines[0], shaped);
        const { marker, markerX: depth, turnoverX: textX } = placed.marker;
        const { lines, beside, inset, left } = placed.set;
        // Beside a wrapped resource the item (marker too) in the reduced measure, moved past it on its left.
        lines.forEach((line, i) => rows.push({ block: child, line, x: (rtl() ? 0 : textX) + (i < beside && left ? inset : 0), height: lead, baseline: leadBaseline, role: 'body', ...(i === 0 ? { marker: { line: marker, x: fromStart(dir, innerW - (beside > 0 ? inset : 0), depth, marker.width) + (beside > 0 && left ? inset : 0) } } : {}), ...(i === 0 && itemSpace > 0 ? { before: itemSpace } : {}) }));
        keptBeside(rowsBefore, beside);
      } else if (child.kind === 'paragraph' || child.kind === 'blockquote') {
        const quote = child.kind === 'blockquote';
        const style2 = quote ? { ...textStyle, italic: settings.blockquote.italic, colour: settings.blockquote.colour } : textStyle;
        const x = quote ? settings.blockquote.indent : 0;
        // After a display: flush when it continues the paragraph (or math.indentAfterDisplay is off).
        const afterDisplay = child.kind === 'paragraph' && (child.continuesParagraph === true || (rows[rows.length - 1]?.display !== undefined && !settings.math.indentAfterDisplay));
        // bodyText.hangingIndent (§6.1) in the box as in running text: a paragraph's first line flush,
        // its turnovers the box's first-line indent in (not quotations, not tabbed text).
        const boxHang = !quote && settings.body.hangingIndent === true ? Math.max(0, paragraphIndent) : 0;
        const boxIndent = firstParagraph || afterDisplay || boxHang > 0 ? 0 : paragraphIndent;
        // Tabs (§10.8) at the box style's stops (body.tabStops, else the body's; settings-text.ts).
        const tabbed = tabbedLines(child.inlines, style2, innerW - x, boxIndent, style.tabs);
        // (Tabbed text goes below a wrapped resource: its stops are the full measure's.)
        if (tabbed) endBoxWrap();
        const space = !quote && previousKind === 'paragraph' && child.continuesParagraph !== true ? paragraphSpace : 0;
        const setParagraph = (from: number | null, measure: number): readonly SetLine[] =>
          from === null
            ? setText({ base: child.range.from, inlines: child.inlines, style: style2, measure: measure - x, indent: boxIndent, justify: boxJustify, ...(boxHang > 0 ? { hang: boxHang } : {}) })
            : setText({ base: from, inlines: inlinesFrom(child.inlines, from), style: style2, measure: measure - x, indent: 0, justify: boxJustify, ...(boxHang > 0 ? { hang: boxHang, hangFirst: true } : {}) });
        // A heading's drop cap (page/drop-cap.ts) at the box's leading; never beside a wrapped resource (the heading ended it), nor on tabbed text.
        const initial = headingCap && !tabbed && !quote ? initialOf(headingCap, child, style2, lead, innerW - x, boxJustify) : undefined;
        const { lines, beside, inset, left } = tabbed ? { lines: tabbed, beside: 0, inset: 0, left: false } : initial ? { lines: initial.set(innerW - x), beside: 0, inset: 0, left: false } : besideWrap(setParagraph(null, innerW), space, innerW, setParagraph);
        lines.forEach((line, i) => rows.push({ block: child, line, x: (rtl() ? 0 : x) + (i < beside && left ? inset : 0), height: lead, baseline: leadBaseline, role: 'body', ...(i === 0 && space > 0 ? { before: space } : {}) }));
        if (initial && rows[rowsBefore]) keepInitial(rowsBefore, boxInitial(initial.plan, rtl() ? 0 : x, innerW - x, lead, rtl()), lines.length);
        keptBeside(rowsBefore, beside);
      } else if (child.kind === 'mathDisplay' && math) {
        // A display at the callout's inner measure, numbered flush right at its inner edge (document-format §11).
        endBoxWrap();
        const display = layoutDisplay(child, innerW, settings, math, chapter.chapterId, setEquationNumber, frame().contentHeight - pad.top - pad.bottom, dir);
        rows.push({ block: child, line: emptyLine(), x: 0, height: displayNeed(display) + display.marginBottom, baseline: display.marginTop + display.height, role: 'body', display });
      }
      // The gap under a resource just above, as this block's first row's space above (the larger one).
      const first = rows[rowsBefore];
      if (resourceBelow > 0 && first) first.before = Math.max(first.before ?? 0, resourceBelow);
      resourceBelow = 0;
      firstParagraph = false;
      previousKind = child.kind;
    }
    giveAdded();
    endBoxWrap();
    // endMark (§13.4; document-format §8.1, a proof's ∎): flush with the end edge on the box text's
    // last line when a word space and the mark fit after its text, else on a line of its own.
    const lastRow = rows[rows.length - 1];
    if (style.endMark && lastRow) {
      const mark = setGenerated(style.endMark, textStyle);
      const markX = rtl() ? 0 : innerW - mark.width;
      const textRow = lastRow.role === 'body' && !lastRow.display && !lastRow.across && !lastRow.flow;
      // What the last line uses of the measure: to its last glyph's advance (right to left, from its left-most glyph).
      let left = Number.POSITIVE_INFINITY;
      let right = 0;
      for (const run of lastRow.line.runs) {
        const face = fonts.get(run.fontId);
        run.glyphs.forEach((g, k) => {
          left = Math.min(left, run.xs[k]!);
          right = Math.max(right, run.xs[k]! + (face ? (face.glyphAdvance(g) * runSize(run)) / face.upem : 0));
        });
      }
      const used = lastRow.line.runs.length === 0 ? 0 : rtl() ? innerW - left : right;
      const room = textRow ? innerW - lastRow.x - used : 0;
      if (textRow && room >= mark.width + normalSpace(textStyle, fonts) - 1e-6) lastRow.end = { line: mark, x: markX };
      else rows.push({ block: lastRow.block, line: emptyLine(), x: 0, height: lead, baseline: leadBaseline, role: 'body', end: { line: mark, x: markX } });
    }
    // An inline icon taller than the box's rows: the box grows to hold it.
    const rowsHeight = rows.reduce((h, r, i) => h + r.height + (i > 0 ? (r.before ?? 0) : 0), 0);
    if (icon && icon.position === 'inline' && rowsHeight < icon.height) rows.push({ block: start, line: emptyLine(), x: 0, height: icon.height - rowsHeight, baseline: 0, role: 'heading' });
    const total = (tab?.above ?? 0) + pad.top + pad.bottom + Math.max(rowsHeight, icon && icon.position === 'inline' ? icon.height : 0);
    // width 'auto' (§13.4): shrink-wrapped to the widest row's ink advance (groups and displays take
    // the measure; a justified last line's width is the measure, so glyphs are measured).
    const reach = (line: SetLine): number => {
      let left = Number.POSITIVE_INFINITY;
      let right = 0;
      for (const run of line.runs) {
        const face = fonts.get(run.fontId);
        run.glyphs.forEach((g, k) => {
          left = Math.min(left, run.xs[k]!);
          right = Math.max(right, run.xs[k]! + (face ? (face.glyphAdvance(g) * runSize(run)) / face.upem : 0));
        });
      }
      // Right to left, lines end at the measure's right edge: what they use runs from their left-most glyph.
      return line.runs.length === 0 ? 0 : rtl() ? innerW - left : right;
    };
    const widest = rows.reduce((w, r) => Math.max(w, r.across || r.display ? innerW : r.flow ? r.x + r.flow.width : r.x + reach(r.line), r.marker ? r.marker.x + r.marker.line.width : 0), 0);
    const used = style.flow?.width === 'auto' ? Math.min(boxW, widest + pad.left + pad.right + side + iconRoom) : boxW;
    return { style, pad, stripe, innerX, innerW, areaX, areaW, icon, rows, total, boxW, used, tab, repeated, repeatedHeight: repeated.reduce((h, r) => h + r.height, 0), more, refused, narrow };
  }

  /**
   * A box's icon (§13.4 `icon`), its glyph or picture (callout-icons.ts): the width it takes
   * (`width`, else a glyph's advance or size, the larger, a picture's width; at most half the box's
   * inner width), that and its gap (`room`), and its height, pt. Null for a picture the book lacks.
   */
  function calloutIconParts(icon: CalloutIcon, areaW: number) {
    const most = Math.max(0, areaW / 2 - icon.gap);
    const ink = calloutInk(icon, setGenerated, fonts, structure.images, settings.vertical !== undefined, most);
    if (!ink) return null;
    const width = Math.min(icon.width ?? (ink.picture ? ink.width : Math.max(ink.width, icon.style.size)), most);
    return { ink, width, room: width + icon.gap, height: ink.height, gap: icon.gap, position: icon.position, side: icon.cornerSide, align: icon.align };
  }

  /**
   * A box's marker (§13.4 `marker`) beside segment `top`…`top + height` of a frame at `frameX`,
   * `w` wide: the glyph (or picture: callout-icons.ts; none for a picture the book lacks) outside
   * the frame on the start side, `gap` from it, level with the segment's top text or centred on the
   * segment; its `rule` through the glyph's column for the segment's height, broken `gap` / 2 around it.
   */
  function drawCalloutMarker(block: { id: string }, marker: CalloutMarker, frameX: number, w: number, top: number, height: number, textTop: number): void {
    const ink = calloutInk(marker, setGenerated, fonts, structure.images, settings.vertical !== undefined);
    if (!ink) return;
    const glyphH = ink.height;
    const glyphX = rtl() ? frameX + w + marker.gap : frameX - marker.gap - ink.width;
    const glyphTop = marker.align === 'top' ? textTop : top + (height - glyphH) / 2;
    if (ink.line) emit(block, ink.line, glyphX, glyphTop + ink.ascent, 'body');
    else cursor.page.items.push(...ink.picture!(glyphX, glyphTop));
    if (!marker.rule) return;
    const ruleX = glyphX + ink.width / 2 - marker.rule.width / 2;
    const above = glyphTop - marker.gap / 2 - top;
    const belowTop = glyphTop + glyphH + marker.gap / 2;
    if (above > 0) cursor.page.items.push({ op: Op.Rect, x: roundPt(ruleX), y: roundPt(top), w: roundPt(marker.rule.width), h: roundPt(above), fill: marker.rule.colour });
    if (top + height - belowTop > 0) cursor.page.items.push({ op: Op.Rect, x: roundPt(ruleX), y: roundPt(belowTop), w: roundPt(marker.rule.width), h: roundPt(top + height - belowTop), fill: marker.rule.colour });
  }

  /**
   * A box's label tab (§13.4 `label`): its text in the label's type (after its icon), the tab as
   * wide as the text and its padding, and the height it stands above the box's top edge (its
   * height less the part reaching down over the edge, `offset`), which the box's first segment takes.
   */
  function labelTab(block: { id: string }, label: CalloutLabel, text: string) {
    const tabText = label.icon ? `${label.icon} ${text}` : text;
    // In vertical text set as the flow's text (page/vertical-generated.ts), standing on its own line.
    const line = setFlowLine(tabText, label.style, undefined, tabText);
    return { block, label, line, width: line.width + 2 * label.paddingX, above: Math.max(0, label.height - label.offset) };
  }

  /**
   * Draws rows `from`…`from + take − 1` of a box as one segment `height` pt tall, the full box's
   * left edge at `x` and its top at `top` (page coordinates): fill, border, stripe, lines. A
   * shrink-wrapped box (`width: 'auto'`) sits at the start side of that full width. Returns the
   * body lines drawn (for the notes they cite).
   */
  function drawCalloutSegment(parts: ReturnType<typeof calloutParts>, from: number, take: number, x: number, top: number, height: number): SetLine[] {
    const { style, pad, stripe, innerX, rows } = parts;
    const w = parts.used;
    const frameX = x + (rtl() ? parts.boxW - w : 0);
    const cited: SetLine[] = [];
    // The label tab stands above the first segment's frame, which starts under it.
    const tab = from === 0 ? parts.tab : null;
    if (tab) {
      top += tab.above;
      height -= tab.above;
    }
    // Fill, border and stripe (page/box-shape.ts): borderRadius rounds the box's own top and bottom corners, not a cut edge.
    cursor.page.items.push(...boxFrameItems({ x: frameX, y: top, w, h: height, fill: style.fill, border: style.border, stripe, radius: style.radius ?? 0, roundTop: from === 0, roundBottom: from + take >= rows.length }));
    if (tab) {
      // At its top corner (physical sides), `inset` from it, its bottom `offset` below the frame's top edge;
      // the text centred in it; a `rule` along the top edge joins it.
      const { label } = tab;
      if (label.rule && label.rule.width > 0) cursor.page.items.push({ op: Op.Rect, x: roundPt(frameX), y: roundPt(top), w: roundPt(w), h: roundPt(label.rule.width), fill: label.rule.colour });
      const tabX = label.position === 'top-left' ? frameX + label.inset : frameX + w - label.inset - tab.width;
      const tabTop = top + label.offset - label.height;
      cursor.page.items.push({ op: Op.Rect, x: roundPt(tabX), y: roundPt(tabTop), w: roundPt(tab.width), h: roundPt(label.height), fill: label.background });
      emit(tab.block, tab.line, tabX + label.paddingX, tabTop + baselineFor(label.height, label.style, fonts), 'heading');
    }
    let y = top + pad.top + (stripe?.side === 'top' ? stripe.width : 0);
    if (style.marker) drawCalloutMarker(rows[from]?.block ?? { id: '' }, style.marker, frameX, w, top, height, y);
    // The icon (§13.4): in the first segment, and in a continued one that repeats the title.
    const icon = parts.icon;
    if (icon && (from === 0 || parts.repeated.length > 0)) {
      const centre = (icon.width - icon.ink.width) / 2;
      const atEnd = icon.position === 'inline' ? rtl() : icon.side === 'right';
      const iconX = x + parts.areaX + (atEnd ? parts.areaW - icon.width : 0) + centre;
      // Level with the top of the segment's text, or (`center`) centred on it — an inline icon on
      // the whole segment, a corner one on its band (the title rows less their gap below).
      const band = icon.position === 'inline' ? top + height - pad.bottom - y : icon.height;
      const iconTop = icon.align === 'center' && band > icon.height ? y + (band - icon.height) / 2 : y;
      if (icon.ink.line) emit(rows[from]?.block ?? { id: '' }, icon.ink.line, iconX, iconTop + icon.ink.ascent, 'heading');
      else cursor.page.items.push(...icon.ink.picture!(iconX, iconTop));
    }
    // A continued segment: the repeated title first (repeatTitle).
    if (from > 0) for (const row of parts.repeated) {
      emit(row.block, row.line, x + innerX + row.x, y + row.baseline, row.role);
      y += row.height;
    }
    const groupTop = y;
    for (let i = from; i < from + take; i++) {
      const row = rows[i]!;
      if (i > from) y += row.before ?? 0;
      emit(row.block, row.line, x + innerX + row.x, y + row.baseline, row.role);
      for (const part of row.across ?? []) {
        emit(part.block, part.line, x + innerX + part.x, y + row.baseline, 'body');
        cited.push(part.line);
      }
      if (row.marker) emit(row.block, row.marker.line, x + innerX + row.marker.x, y + row.baseline, row.role);
      if (row.end) emit(row.block, row.end.line, x + innerX + row.end.x, y + row.baseline, row.role);
      for (const piece of row.initial ?? []) emit(row.block, piece.line, x + innerX + piece.x, y + row.baseline + piece.dy, row.role);
      if (row.display) {
        cursor.page.items.push(...row.display.paths(x + innerX, y + row.baseline));
        for (const number of row.display.numbers) emit(row.block, number.line, x + innerX + number.x, y + row.baseline + number.dy, 'body');
      }
      if (row.flow) {
        cursor.page.items.push(...row.flow.emit(x + innerX + row.x, y));
        // A nested box's lines: their notes are this box's (document-format §14.1).
        cited.push(...nestedCited.splice(0));
      } else if (row.role === 'body') cited.push(row.line);
      y += row.height;
    }
    // The box goes on: the continues marker at this segment's foot.
    if (parts.more && from + take < rows.length) emit(rows[from + take - 1]!.block, parts.more.line, x + innerX + parts.more.x, y + parts.more.baseline, 'body');
    cursor.page.items.push(...boxGroupRules(rows.slice(from, from + take), x + innerX, groupTop));
    return cited;
  }

  /**
   * A callout box (document-format §8.1, configuration.md §13.4) in flow (`placement: here`):
   * the box across its column — or, `band`, across the page's columns (`span: 'page'`) — off the
   * grid inside; the flow re-snaps to the grid after it. The box keeps together when it fits a
   * column (keepTogether), else splits between lines, a box segment per column (a band: per
   * page). Notes cited inside go to the foot of the column where the text after the box continues (§14.1).
   */
  /** With `wrap`: the box wrapped at one side of the column (true), or why not (nothing set). */
  function placeCallout(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[], wrap?: WrapRequest, band = false): true | WrapRefusal | void {
    // A wrapped box (§12.8) is as wide as its `width` share of the column (else layout.wrap.defaultWidth).
    const boxW = wrap ? colW() * (wrap.width ?? wrapSettings.defaultWidth) : band ? frame().contentWidth : colW();
    const parts = calloutParts(start, inner, boxW);
    const { style, total } = parts;
    let boxWrap: { x: number; band: WrapBand } | null = null;
    if (wrap) {
      // Whole, on the grid where the text goes on, level with the first line beside it; never split.
      const top = Math.ceil(cursor.y / pitch - 1e-9) * pitch;
      if (top + total > limit() + 1e-6) return 'moved';
      const plan = planWrap({ side: physicalSide(wrap.side, rtl()), columnWidth: colW(), width: boxW, height: total, gap: wrap.gap ?? wrapSettings.gap, pitch, rowsLeft: Math.floor((limit() - top) / pitch + 1e-6), settings: wrapSettings });
      if (typeof plan === 'string') return plan;
      cursor.y = top;
      boxWrap = { x: plan.boxX, band: { page: cursor.page.index, column: cursor.column, top, bottom: top + plan.rows * pitch, side: plan.side, inset: plan.inset } };
    } else space(style.marginTop);
    // A band goes on to the next page, a column box to the next column.
    const next = (): void => {
      if (!band) return nextColumn();
      flushFloats();
      nextPage('any');
    };
    if (style.keepTogether && !cursor.columnEmpty && cursor.y + total > limit() + 1e-6 && total <= frame().contentHeight) next();
    let index = 0;
    const cited: SetLine[] = [];
    // Each segment's cut (page/callout-split.ts cutBox: the box's rules; a listing or nested box at
    // the foot cut by its own), the rows then holding that piece's two parts.
    const shape = boxShape(parts, (settings.breaks ?? DEFAULT_BREAK_RULES).boxChildSplitMinLines);
    let rows = parts.rows;
    while (index < rows.length || (rows.length === 0 && index === 0)) {
      // Rows that fit this column, at least one in a fresh column (a box taller than a column splits).
      const bottom = band ? Math.min(limit(), acrossFeet()) : limit();
      const cut = cutBox(shape, rows, index, bottom - cursor.y, cursor.columnEmpty);
      if (!cut) {
        next();
        continue;
      }
      rows = cut.rows;
      const { take, height } = cut;
      // Wraps refused in the box (§12.8 textWrap), reported on the page it starts on.
      if (index === 0) for (const r of parts.refused) (cursor.page.wrapsRefused ??= []).push(r);
      if (index === 0) logNarrow(parts.narrow);
      const f = frame();
      const x = (band ? f.contentLeft : f.columnX[cursor.column]!) + (boxWrap?.x ?? 0);
      cited.push(...drawCalloutSegment({ ...parts, rows }, index, take, x, f.contentTop + cursor.y, height));
      cursor.y += height;
      cursor.columnEmpty = false;
      index += take;
      if (rows.length === 0) break;
      if (index < rows.length) next();
    }
    // Back on the grid, one box margin below; beside a wrapped box, the text goes on from its top.
    // snapToGrid false (§13.4; §2.2): the text goes on exactly one margin below the box, off the grid
    // until the next snap point (gridPhase), as after a heading that does not snap; a band always snaps (its columns start under it).
    const offGrid = !boxWrap && !band && style.snapToGrid === false;
    cursor.y = boxWrap ? boxWrap.band.top : offGrid ? cursor.y + style.marginBottom : Math.ceil((cursor.y + style.marginBottom) / pitch - 1e-9) * pitch;
    if (offGrid) gridPhase = phaseAt(cursor.y);
    if (boxWrap) wrapBand = boxWrap.band;
    if (band) {
      // Every column of this page starts under the band (as under a span heading).
      bands.head = cursor.y;
      cursor.page.columnTop = cursor.y;
    }
    if (columnNotesMode) {
      for (const line of cited) for (const piece of newNotePieces(line, [])) {
        columnNotes.push(piece);
        notesSet.add(piece.note.noteId);
          (cursor.page.notesCited ??= []).push({ id: piece.note.noteId, column: cursor.column });
      }
      // Notes that no longer fit under the text wait for the next column's foot.
      trimNotes(colBottom() - cursor.y);
    }
    return boxWrap ? true : undefined;
  }

  /**
   * A floated callout box (`placement` auto/top/bottom, §13.4; document-format §8.1 "floated to the
   * first free band after its position (text continues)") as a float block `measure` pt wide: drawn
   * whole where the float placement puts it (page/floats-page.ts slots), never split. Null when it
   * cannot float: taller than a column less the float gap, or citing notes (they belong to the
   * column of the text, so such a box stays in flow).
   */
  function calloutFloat(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[], measure: number): FlowBlock | null {
    const parts = calloutParts(start, inner, measure);
    if (parts.total > frame().contentHeight - pitch + 1e-6) return null;
    if (columnNotesMode && parts.rows.some((r) => notesCitedBy(r.line, citationAt).length > 0 || (r.across ?? []).some((a) => notesCitedBy(a.line, citationAt).length > 0))) return null;
    if (columnNotesMode && nestedBoxesCite(inner, chapter.collected.footnoteRefs.filter((r) => footnotes.has(r.noteId)))) return null;
    // Wraps refused in the box (§12.8 textWrap; page/callout-wrap.ts), on the page where the box is met.
    for (const r of parts.refused) (cursor.page.wrapsRefused ??= []).push(r);
    logNarrow(parts.narrow);
    return {
      height: parts.total,
      width: parts.used,
      // Drawn into the page being set and handed back: the float placer pushes what emit returns.
      emit: (x, y) => {
        const from = cursor.page.items.length;
        drawCalloutSegment(parts, 0, parts.rows.length, x, y, parts.total);
        return cursor.page.items.splice(from);
      },
    };
  }

  /**
   * Queues a floated box (placement auto/top/bottom, or span 'side' into a float-only side column)
   * like a float cited here, and places what may go now; false when it cannot float (it is then
   * set in flow). A page-wide one waits for a band of a later page's head or this page's foot; one
   * across k columns takes their head or foot (page/floats-page.ts).
   */
  function placeCalloutFloat(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[], where: CalloutWhere): boolean {
    const queue = calloutFloatQueue(start, inner, where);
    queue?.();
    return queue !== null;
  }

  /**
   * A floated box set now at the measure it floats at, and what queues it where the cursor then is
   * (at once in flow; under the segment holding it in a `:::columns` group, columns-group-box.ts);
   * null when it cannot float. `feet`: where a box that may take a column's foot (one column wide,
   * not `top`) records its flow, for the foot room a group keeps for it (columns-group-floats.ts).
   */
  function calloutFloatQueue(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[], where: CalloutWhere, feet?: Map<string, FlowBlock>): (() => void) | null {
    const f = frame();
    if (where.span === 'side' && f.side) {
      const flow = calloutFloat(start, inner, f.side.width);
      if (!flow) return null;
      // Beside the text after the fence (§4.1 "side boxes stack beside their text"); sideAtColumnEnd (§13.4) at the column's end.
      return () => {
        sidePending.push({ flow, beside: { page: cursor.page.index, y: cursor.y, late: calloutStyleOf(start).flow?.sideAtColumnEnd === 'after' } });
        placeSide();
      };
    }
    const columns = where.span === 'page' ? 1 : Math.min(where.columns, geo.columns);
    const measure = where.span === 'page' ? f.contentWidth : columns > 1 ? spanBox(f.columnX, f.columnWidths, 0, columns).width : colW();
    const flow = calloutFloat(start, inner, measure);
    if (!flow) return null;
    const position = where.placement === 'top' ? 'top' : where.placement === 'bottom' ? 'bottom' : 'auto';
    if (feet && position !== 'top' && where.span === 'column' && columns === 1) feet.set(start.id, flow);
    return () => {
      pendingFloats.push({
        id: start.id,
        flow,
        position,
        rule: { mode: 'never', minScale: 1 },
        remake: () => null,
        ...(where.span === 'page' ? { page: { cited: cursor.page.index } } : columns > 1 ? { columns } : {}),
      });
      placeFloats(false);
    };
  }

  /** Whether a fixed box takes the foot of any of columns c…c+k−1 of this page (a foot band there would stand on it). */
  function fixedFootUnder(c: number, k: number): boolean {
    const f = frame();
    for (let o = c; o < c + k; o++) if (fixedAreas.footOf(cursor.page.index, o, f.contentHeight) > 0) return true;
    return false;
  }

  /**
   * A fixed box (§13.4 `placement: 'fixed'`, page/callout-fixed.ts): set whole at its anchor, out
   * of the flow — on this page when the columns it takes hold nothing where it goes, else at the
   * head of the next page. False when it cannot leave the flow (taller than a column, or citing
   * notes, as a floated box: calloutFloat); it is then set in flow.
   */
  function placeFixedCallout(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[], where: CalloutWhere, fixed: CalloutFixed): boolean {
    const queue = fixedCalloutQueue(start, inner, where, fixed);
    queue?.();
    return queue !== null;
  }

  /** A fixed box set now, and what pins it on the page the cursor then is on or queues it for the next (as `calloutFloatQueue`); null when it cannot leave the flow. */
  function fixedCalloutQueue(start: Extract<Block, { kind: 'containerStart' }>, inner: readonly Block[], where: CalloutWhere, fixed: CalloutFixed): (() => void) | null {
    const span = where.span === 'page';
    const flow = calloutFloat(start, inner, span ? frame().contentWidth : colW());
    if (!flow) return null;
    return () => {
      if (!fixedPending.length && tryFixed(flow, fixed, false)) return;
      fixedPending.push({ flow, fixed, span });
    };
  }

  /** Boxes waiting for a new page: each on the page the cursor just entered (whole, in the order met). */
  function placeFixedPending(): void {
    while (fixedPending.length > 0) {
      tryFixed(fixedPending[0]!.flow, fixedPending[0]!.fixed, true);
      fixedPending.shift();
    }
  }

  /**
   * Puts the box on the current page if the area it takes is free (`force`: on a new page, free by
   * construction but for its float bands). Free: every column it takes is entered no further than
   * where the box lets its text be — a head box over columns not entered yet (or the current
   * one, empty), under any span head there; a foot box over columns whose text ends one line
   * above it and with no foot band.
   */
  function tryFixed(flow: FlowBlock, fixed: CalloutFixed, force: boolean): boolean {
    const f = frame();
    const page = cursor.page.index;
    const origin = fixedOrigin(fixed, f, { width: geo.pageWidth, height: geo.pageHeight, bleed: settings.furniture.bleed ?? 0 }, flow);
    const area = fixedArea(origin, flow, f, page);
    if (area && !force) {
      for (let c = area.from; c <= area.to; c++) {
        if (c < cursor.column) return false; // a column left: its text may stand there
        if (area.side === 'head') {
          if (c === cursor.column && !cursor.columnEmpty) return false;
          if (bands.top(c) > area.top + 1e-6) return false;
        } else {
          if (bands.footOf(c) > 0) return false;
          if (c === cursor.column && cursor.y + noteAreaHeight(columnNotes, settings.notes) + bottomFloatsHeight() > area.top - pitch + 1e-6) return false;
        }
      }
    }
    if (area) {
      fixedAreas.add(area);
      if (area.side === 'head' && area.from <= cursor.column && cursor.column <= area.to) cursor.y = Math.max(cursor.y, fixedAreas.headOf(page, cursor.column));
    }
    const items = fixedItems.get(page) ?? [];
    items.push(...flow.emit(origin.x, origin.y));
    fixedItems.set(page, items);
    return true;
  }

  /** Pieces for the notes a line cites that are not set yet (nor already in `pending`). */
  function newNotePieces(line: SetLine, pending: readonly NotePiece[]): readonly NotePiece[] {
    const cited = notesCitedBy(line, citationAt);
    if (cited.length === 0) return NO_PIECES; // most lines: no array per line tried
    const pieces: NotePiece[] = [];
    for (const id of cited) {
      if (notesSet.has(id) || pending.some((p) => p.note.noteId === id)) continue;
      const note = definitions.get(id);
      if (note) pieces.push(notePiece(note));
    }
    return pieces;
  }

  /** A whole note set at the column measure: number, then text (footnotes.hangingIndent for turnovers). */
  function notePiece(note: FootnoteDefinition): NotePiece {
    const width = colW();
    const known = preparedNotes.get(`${note.noteId}|${width}`);
    if (known) return known;
    const n = settings.notes;
    // footnotes.noteNumberPosition (§11.1): on the baseline at the note's size, or raised (page/note-number.ts).
    const numberBeside = (beside: string | readonly Inline[]): SetLine => noteNumberLine(noteLabel(footnotes.get(note.noteId)!, n, settings.numerals), noteStyle, n, (text, style, direction) => setFlowLine(text, style, direction, beside));
    const noteLines = (number: SetLine): SetLine[] => setText({ base: note.range.from, inlines: note.inlines, style: noteStyle, measure: width - n.hangingIndent, indent: Math.max(0, number.width + n.numberGap - n.hangingIndent), justify: n.align === 'justify', direction: settings.direction });
    // In vertical text the number is set as the note's first line, where it stands, is drawn (vertical-generated.ts markerByLine).
    const { marker: number, set: lines } = markerByLine(settings, note.inlines, numberBeside(note.inlines), noteLines, (set) => set[0], (beside, first) => inRoom(numberBeside(beside), first));
    const all = lines.length > 0 ? lines : [emptyLine()];
    const piece: NotePiece = { note, lines: all, from: 0, to: all.length, number, x: n.hangingIndent };
    preparedNotes.set(`${note.noteId}|${width}`, piece);
    return piece;
  }

  /** Moves note lines past `maxHeight` (pt) of note area to the next column, from the last note up. */
  function trimNotes(maxHeight: number): void {
    const overflow: NotePiece[] = [];
    while (columnNotes.length > 0 && noteAreaHeight(columnNotes, settings.notes) > maxHeight + 1e-6) {
      const last = columnNotes[columnNotes.length - 1]!;
      if (last.to - last.from <= 1) {
        columnNotes.pop();
        if (overflow[0]?.note === last.note) overflow[0] = { ...overflow[0], from: last.from, number: last.number };
        else overflow.unshift(last);
        continue;
      }
      columnNotes[columnNotes.length - 1] = { ...last, to: last.to - 1 };
      if (overflow[0]?.note === last.note) overflow[0] = { ...overflow[0], from: last.to - 1 };
      else overflow.unshift({ ...last, from: last.to - 1, number: null });
    }
    carried = [...overflow, ...carried];
  }

  /** Sets the current column's notes at its foot, under the separator rule, and empties the list. */
  function leaveColumn(): void {
    // A column of a band being cut level above a span box, with more of the band to come on the
    // page: its notes and foot floats wait for its foot under the box (page/span-band.ts).
    if (spanCap() < Number.POSITIVE_INFINITY && cursor.column + 1 < geo.columns) {
      bands.leftColumn(cursor.column, cursor.y);
      recordColumnUse();
      heldFeet.hold(cursor.column, columnNotes, bottomFloats);
      columnNotes = [];
      bottomFloats = [];
      return;
    }
    if (columnNotes.length > 0 || bottomFloats.length > 0) feetSetPage = cursor.page.index;
    bands.leftColumn(cursor.column, columnNotes.length > 0 || bottomFloats.length > 0 ? colBottom() : cursor.y);
    recordColumnUse();
    setFeet();
  }

  /** Sets the current column's foot floats and notes at its foot and empties them. */
  function setFeet(): void {
    emitBottomFloats();
    if (columnNotes.length === 0) return;
    const n = settings.notes;
    const f = frame();
    const columnX = f.columnX[cursor.column]!;
    let y = f.contentTop + colBottom() - noteAreaHeight(columnNotes, n) + n.spaceAbove;
    if (n.separator.enabled && n.separator.width > 0) {
      const ruleY = roundPt(y);
      const [x1, x2] = ruleFromStart(settings.direction, columnX, colW(), n.separator.width * colW());
      cursor.page.items.push({ op: Op.Rule, x1: roundPt(x1), y1: ruleY, x2: roundPt(x2), y2: ruleY, width: roundPt(n.separator.lineWidth), stroke: n.separator.colour });
    }
    y += n.spaceBelowRule;
    columnNotes.forEach((piece, p) => {
      if (p > 0) y += n.spaceBetween;
      if (piece.number && piece.from === 0) emit(piece.note, piece.number, columnX + fromStart(settings.direction, colW(), 0, piece.number.width), y + noteBaseline, 'note');
      for (let i = piece.from; i < piece.to; i++) {
        emit(piece.note, piece.lines[i]!, columnX + (settings.direction === 'rtl' ? 0 : piece.x), y + noteBaseline, 'note');
        y += n.lineHeight;
      }
    });
    columnNotes = [];
  }

  function placeListItem(item: ListItemBlock): void {
    const firstPage = pages.length - 1;
    placeListItemLines(item);
    // unorderedLists.taskCompletedStrikethrough (§9.1): a done task's text struck through where it landed.
    if (item.listKind === 'task' && item.checked && settings.lists.task?.strike !== false) strikeThroughItem(pages.slice(Math.max(0, firstPage)), item.id, fonts);
  }

  function placeListItemLines(item: ListItemBlock): void {
    const { own, textStyle, markerLine, depthIndent, textX, firstX, raise, reflow, lines } = listItemParts(item);
    let first = true;
    // Lever (7) (page/lever-paragraphs.ts): an item set whole in a column, again at its measure after its
    // indent, its marker (the items `emit` drew for it) going with its first line. Not an item with tabs
    // (composed at its stops), nor a done task struck through once placed (placeListItem).
    const looseItem = ((d: Direction, at: number) => {
      const struck = item.listKind === 'task' && item.checked === true && settings.lists.task?.strike !== false;
      if (looseMost <= 0 || lines.length === 0 || struck || settings.vertical || splitAtTabs(item.inlines, (settings.body.tabs?.stops.length ?? 0) > 0)) return undefined;
      const reset: LooseParagraph['reset'] = (narrower, looseness, accept) =>
        narrower === 0 && looseness === 0 && !accept && colW() === at ? lines : setText({ base: item.range.from, inlines: item.inlines, style: textStyle, measure: colW() - textX - narrower, indent: firstX - textX, justify, direction: d, looseness, ...listItemRunts(settings), ...(accept ? { accept } : {}) });
      return looseSegment(item, lines, d === 'rtl' ? 0 : textX, justify, reset, { measure: at - textX, em: textStyle.size, ltr: d !== 'rtl' }, { attached: () => markerItems });
    })(dir, colW());
    let markerItems = 0;
    // Right to left (document-format §18.1): the marker at the right, the text indented from it.
    const direction = dir;
    // A bodyStyle leading other than the grid's (§13.6): set off the grid, line under line, like the section's paragraphs.
    if (own && lines.length > 0 && Math.abs(own.lineHeight - pitch) > 1e-6) {
      // The marker at the start of the measure its first line meets (beside a wrapped resource, the reduced one, as on the grid).
      const marker = (at: { x: number; width: number }, baseline: number): void => emit(item, markerLine, frame().columnX[cursor.column]! + at.x + fromStart(direction, at.width, depthIndent, markerLine.width), baseline - raise, 'body');
      const beside = (_: SetLine, at: { x: number; width: number }): number => at.x + (direction === 'rtl' ? 0 : textX);
      // Beside a wrapped resource (page/floats-wrap.ts), above a float wrapped at the column's foot too: as a styled paragraph off the grid.
      if (besideBand()) {
        placeFreeBeside(item, lines, own.lineHeight, textStyle, beside, reflow, 0, marker);
        return;
      }
      clearWrap();
      // Cut between columns by the list's split rules; the marker drawn with the first line, wherever it goes.
      const set = placeFree(item, lines, own.lineHeight, textStyle, () => (direction === 'rtl' ? 0 : textX), 'body', true, { split: splitRule(settings, true), first: (baseline) => marker({ x: 0, width: colW() }, baseline) });
      // A float one of its lines cites wrapped at the column's foot: the rest beside it, as a styled paragraph's.
      if (set < lines.length) placeFreeBeside(item, lines, own.lineHeight, textStyle, beside, reflow, set);
      return;
    }
    placeOnGrid(item, lines.length > 0 ? lines : [markerLine], {
      role: 'body',
      x: direction === 'rtl' ? 0 : textX,
      splittable: true,
      inList: true,
      ...(lines.length > 0 ? { reflow } : {}),
      onSegment: (firstLine, count, top, bottom, columnX) => {
        if (!first || firstLine !== 0) return;
        first = false;
        // Beside a wrapped resource (page/floats-wrap.ts) the marker keeps to the item's reduced measure.
        const beside = measureAt(wrapBand, cursor.page.index, cursor.column, top - frame().contentTop, colW(), pitch);
        markerItems = cursor.page.items.length;
        emit(item, markerLine, columnX + beside.x + fromStart(direction, beside.width, depthIndent, markerLine.width), top + bodyBaseline - raise, 'body');
        markerItems = cursor.page.items.length - markerItems;
        looseItem?.(firstLine, count, top, bottom, columnX);
      },
    });
  }

  /**
   * bodyText.keepColonWithList (configuration.md §6.4): a paragraph ending in a colon keeps room
   * under its last line for the list it introduces — the list's top margin (to the grid, as the
   * list will be set) and `colonListRoom` lines of its first item (page/break-rules.ts) — so the
   * colon line never ends a column above the list. Undefined when the rule does not apply.
   */
  function colonListKeep(block: Extract<Block, { kind: 'paragraph' }>, first: ListItemBlock): ((bottom: number) => number) | undefined {
    const rules = settings.breaks ?? DEFAULT_BREAK_RULES;
    if (!rules.keepColonWithList || !endsWithColon(block.inlines)) return undefined;
    // The first item's line count, set once per column width however often the keep is asked (keepWithNext may ask per try).
    let itemLines: { width: number; count: number } | undefined;
    return (bottom) => {
      const margin = listSpacing(settings, sectionBody(), first.listKind).marginTop;
      const lines = rules.colonListRoom === 'line' ? 1 : (itemLines?.width === colW() ? itemLines.count : (itemLines = { width: colW(), count: listItemParts(first).lines.length }).count);
      const split = splitRule(settings, true);
      // The list's first line box starts at its top: on the grid (snapTopToGrid) or where its margin ends.
      const top = listTopSnaps(first.listKind) ? Math.ceil((bottom + margin) / pitch - 1e-9) * pitch : bottom + margin;
      const need = top - bottom + colonListLines(rules.colonListRoom, lines, split.footMin, split.headMin) * pitch;
      // Room no column has (with one line of the paragraph): nothing is kept.
      return need + pitch > frame().contentHeight ? 0 : need;
    };
  }

  /** Whether a list of this kind starts on the grid (`unorderedLists` / `orderedLists.snapTopToGrid`, §9; task lists are unordered). */
  function listTopSnaps(kind: ListItemBlock['listKind']): boolean {
    const rules = settings.breaks ?? DEFAULT_BREAK_RULES;
    return kind === 'ordered' ? rules.orderedTopSnap : rules.unorderedTopSnap;
  }

  /**
   * Where a nested item's parent item starts its text (its first line, pt from the column's start
   * edge), for the indent cascade (configuration.md §9.1: a deeper level without its own `indent`
   * puts its marker at the parent's text start); undefined for a first-level item, or one with no
   * item one level up right before it in the same run of list items.
   */
  function listParentTextStart(item: ListItemBlock): number | undefined {
    if (item.depth <= 1) return undefined;
    if (!listParents) {
      listParents = new Map();
      // The items open at each depth in the current run of list items (any other block ends the run).
      const open: ListItemBlock[] = [];
      for (const block of blocks) {
        if (block.kind !== 'listItem') {
          open.length = 0;
          continue;
        }
        open.length = Math.min(open.length, block.depth - 1);
        const parent = block.depth > 1 ? open[block.depth - 2] : undefined;
        if (parent) listParents.set(block.id, parent);
        open[block.depth - 1] = block;
      }
    }
    const parent = listParents.get(item.id);
    if (!parent) return undefined;
    return listTextStarts.get(parent.id) ?? listItemParts(parent).firstX;
  }

  /**
   * The width of an ordered list's number column at an item's depth (orderedLists.numberWidth
   * 'run', configuration.md §9.2: "widest in the run"; numbers are right-aligned in it so their
   * separators line up): the widest marker of the ordered items of its list at that depth, pt (a run of
   * items can mix kinds when the source does; bullets and task boxes do not widen the numbers' column).
   * In vertical text also each marker as drawn, set beside its item's first line in the column the
   * markers set by their texts make (vertical-generated.ts markerByLine): two sideways digits beside a
   * Latin first line outrun the one-em cell their item's CJK asked for, and the column holds them, so
   * the run's texts stay level. (The lines set in that wider column are not decided again.) The items
   * are set at the measure of the column being filled, so the width is kept per measure: a resumed
   * pass asking first in another column finds what a full one does.
   */
  function orderedRunWidth(item: ListItemBlock): number {
    const key = settings.vertical ? `${item.listId}|${item.depth}|${colW()}` : `${item.listId}|${item.depth}`;
    let width = orderedRunWidths.get(key);
    if (width === undefined) {
      width = 0;
      const run = blocks.filter((other): other is ListItemBlock => other.kind === 'listItem' && other.listKind === 'ordered' && other.listId === item.listId && other.depth === item.depth);
      for (const other of run) width = Math.max(width, listItemMarker(other).markerLine.width);
      if (settings.vertical) {
        orderedRunWidths.set(key, width); // the column the items are first set beside
        for (const other of run) width = Math.max(width, listItemParts(other).markerLine.width);
      }
      orderedRunWidths.set(key, width);
    }
    return width;
  }

  /** A list item's marker line in its type, with the text type and list settings in force. */
  function listItemMarker(item: ListItemBlock, beside: string | readonly Inline[] = item.inlines) {
    const marker = listMarker(item);
    const shape = listShapeOf(settings, item.listKind);
    const level = listLevelOf(shape, item.depth);
    // A bodyStyle in force (§13.5, §13.6): its type for the text, its bullet / number colour (numbers bold).
    const own = sectionBody();
    const lists = listSettingsOf(settings, own);
    // A done task's text in taskCompletedColor when the book gives it one (§9.1).
    const doneColour = item.listKind === 'task' && item.checked ? settings.lists.task?.doneColour : undefined;
    const textStyle = doneColour ? { ...(own?.style ?? body), colour: doneColour } : (own?.style ?? body);
    const markerStyle: TextStyle = own
      ? { ...textStyle, weight: item.listKind === 'ordered' ? Math.max(700, lists.markerWeight) : lists.markerWeight, colour: item.listKind === 'ordered' ? own.numberColour : own.bulletColour }
      : levelMarkerStyle(body, level) ?? { ...body, weight: settings.lists.markerWeight, colour: settings.lists.markerColour };
    // orderedLists separator* (§9.2): a separator in its own type is set apart and joined after the number.
    const separator = !own && item.listKind === 'ordered' ? level?.separator : undefined;
    const parts = separator ? orderedMarkerParts(item) : undefined;
    const markerDir = dir !== settings.direction ? dir : undefined;
    const markerLine = separator && parts && parts.separator
      ? joinMarkerLines(setFlowLine(parts.number, markerStyle, markerDir, beside), setFlowLine(parts.separator, separatorTextStyle(markerStyle, separator), markerDir, beside), separator.gap, dir === 'rtl')
      : setFlowLine(marker, markerStyle, markerDir, beside);
    return { markerLine, shape, level, own, lists, textStyle };
  }

  /** A list item's marker line, geometry and text set at the column's measure (and how to set it at another). */
  function listItemParts(item: ListItemBlock) {
    // In vertical text the marker is set as the item's first line, where it stands, is drawn (vertical-generated.ts markerByLine).
    const remark = (beside: string, first: ReturnType<typeof listItemMarker>) => {
      const again = listItemMarker(item, beside);
      return { ...again, markerLine: inRoom(again.markerLine, first.markerLine) };
    };
    return markerByLine(settings, item.inlines, listItemMarker(item), (marked) => listItemPartsWith(item, marked), (parts) => parts.lines[0], remark).set;
  }

  function listItemPartsWith(item: ListItemBlock, { markerLine, shape, level, own, lists, textStyle }: ReturnType<typeof listItemMarker>) {
    const bodyEm = body.size;
    // An ordered item's number in its run's column, right-aligned (§9.2 numberWidth 'run').
    const columnWidth = item.listKind === 'ordered' ? Math.max(markerLine.width, orderedRunWidth(item)) : markerLine.width;
    // The marker at its level's indent, the text after the marker box and gap; turnovers with the
    // text (hangingIndent, the default) or back under the marker (page/list-shape.ts).
    const geometry = listItemGeometry(item, shape, columnWidth, bodyEm, own?.lists ? lists.gap : listGap(settings, own, item.listKind), listParentTextStart(item));
    const { textX: firstX, turnoverX: textX } = geometry;
    const depthIndent = geometry.markerX + columnWidth - markerLine.width;
    listTextStarts.set(item.id, firstX);
    // Raised by the level's verticalOffset (pt, up positive); the document's style only, as the marker type.
    const raise = own ? 0 : (level?.raise ?? 0);
    // Tabs (§10.8): the item's text composed at the body's stops from its turnover edge; a cut
    // (another column width) composes it whole again and keeps the lines from the one the cut falls in.
    const tabbed = (width: number): SetLine[] | null => tabbedLines(item.inlines, textStyle, width - textX, firstX - textX);
    const reflow = (from: number | null, width: number): SetLine[] =>
      ((lines) => (lines && from !== null ? lines.filter((line) => line.srcTo > from) : lines))(tabbed(width)) ??
      setText({ base: from ?? item.range.from, inlines: from === null ? item.inlines : inlinesFrom(item.inlines, from), style: textStyle, measure: width - textX, indent: from === null ? firstX - textX : 0, justify, ...listItemRunts(settings) });
    return { own, textStyle, markerLine, depthIndent, firstX, textX, raise, reflow, lines: reflow(null, colW()) };
  }

  /**
   * An ordered item's number (with its prefix) and separator (orderedLists §9.2): the depth's number
   * format and prefix; its separator unless it is the default `.`, which keeps the source's `)`
   * (our choice: typed `1)` lists stay as typed).
   */
  function orderedMarkerParts(item: ListItemBlock): { number: string; separator: string } {
    const level = orderedLevelOf(settings, sectionBody(), item.depth);
    const n = item.number ?? item.typedNumber ?? 1;
    const numerals = directions.listNumerals(settings.numerals);
    const typed = item.marker === ')' ? ')' : '.';
    if (!level) return { number: localiseDigits(String(n), numerals), separator: typed };
    return { number: `${level.prefix}${formatNumber(n, level.format, numerals)}`, separator: level.separator === '.' ? typed : level.separator };
  }

  function listMarker(item: ListItemBlock): string {
    if (item.listKind === 'ordered') {
      const parts = orderedMarkerParts(item);
      return `${parts.number}${parts.separator}`;
    }
    if (item.listKind === 'task') {
      // unorderedLists.taskCheckboxChar / taskCheckedChar (§9.1); [ ] / [x] when the marker font lacks the box.
      const box = item.checked ? (settings.lists.task?.checked ?? '☑') : (settings.lists.task?.box ?? '☐');
      const level = sectionBody() ? undefined : listLevelOf(listShapeOf(settings, 'task'), item.depth);
      const face = fonts.match(level?.family ?? body.family, level?.weight ?? settings.lists.markerWeight, level?.italic ? 'italic' : 'normal');
      return [...box].every((c) => face.hasCodePoint(c.codePointAt(0)!)) ? box : item.checked ? '[x]' : '[ ]';
    }
    // A section's bodyStyle.unorderedLists bullet, else the level's bulletChar (following the list's).
    const own = sectionBody();
    return (own?.lists ? undefined : listLevelOf(listShapeOf(settings, 'unordered'), item.depth)?.bullet) ?? listSettingsOf(settings, own).bullet;
  }

  function placeCode(block: Extract<Block, { kind: 'code' }>): void {
    // A code listing (document-format §5.7, configuration.md §13.3): a box of rows set by page/code-block.ts.
    const listing = listingSettings(settings);
    // span page (§13.3, the fence's span=page): across every column, as a page-span callout box.
    const band = fenceOptions(block, listing).span === 'page' && geo.columns > 1;
    space(listing.marginTop);
    if (band && !spanArrives(block, false) && !pageIsEmpty() && cursor.column > 0) {
      flushFloats();
      nextPage('any');
    }
    const prepared = prepareListing(block, settings, band ? frame().contentWidth : colW(), { setText, setGenerated, fonts });
    placeListing(prepared, {
      y: () => cursor.y,
      setY: (y) => {
        cursor.y = y;
        cursor.columnEmpty = false;
      },
      columnEmpty: () => cursor.columnEmpty,
      limit: () => (band ? Math.min(limit(), acrossFeet()) : limit()),
      columnHeight: () => frame().contentHeight,
      next: () => {
        if (!band) return nextColumn();
        flushFloats();
        nextPage('any');
      },
      left: () => (band ? frame().contentLeft : frame().columnX[cursor.column]!),
      top: () => frame().contentTop,
      push: (item) => void cursor.page.items.push(item),
      emitText: (line, x, baseline) => emit(block, line, x, baseline, 'body'),
      emitMark: (line, x, baseline) => {
        if (plan.quietBefore !== undefined && cursor.page.index < plan.quietBefore) return;
        for (const run of line.runs) cursor.page.items.push(glyphRun(run, x, baseline, chapter.chapterId, undefined));
      },
    });
    // Back on the grid one margin below (§2.2); snapToGrid false: one margin below, off the grid until the next snap point.
    if (listing.snapToGrid || band) cursor.y = Math.ceil((cursor.y + listing.marginBottom) / pitch - 1e-9) * pitch;
    else {
      cursor.y += listing.marginBottom;
      gridPhase = phaseAt(cursor.y);
    }
    if (band) {
      // Every column of this page starts under the band (as under a span callout box).
      bands.head = cursor.y;
      cursor.page.columnTop = cursor.y;
    }
  }

  /**
   * Endnotes (footnotes.placement 'chapterEnd', document-format §14.2): the chapter's cited notes
   * in number order after its last block, under the separator rule, on the notes' own leading.
   * footnotes.chapterEndAlign (§11.1): 'foot' (default) drops notes that all fit in the column
   * where the text ends to its foot, the last note's line box on it; 'text' leaves them under the text.
   */
  function placeNotes(): void {
    const cited = [...definitions.values()].filter((d) => footnotes.has(d.noteId)).sort((a, b) => footnotes.get(a.noteId)! - footnotes.get(b.noteId)!);
    if (cited.length === 0) return;
    const n = settings.notes;
    space(n.spaceAbove);
    if (cursor.y + n.spaceBelowRule + 2 * n.lineHeight > limit()) nextColumn();
    const drop = n.chapterEndAlign === 'text' ? 0 : endNotesDrop(cited);
    cursor.y += drop;
    if (n.separator.enabled && n.separator.width > 0) {
      const f = frame();
      const ruleY = roundPt(f.contentTop + cursor.y);
      const [x1, x2] = ruleFromStart(settings.direction, f.columnX[cursor.column]!, colW(), n.separator.width * colW());
      cursor.page.items.push({ op: Op.Rule, x1: roundPt(x1), y1: ruleY, x2: roundPt(x2), y2: ruleY, width: roundPt(n.separator.lineWidth), stroke: n.separator.colour });
    }
    cursor.y += n.spaceBelowRule;
    cited.forEach((note, i) => {
      if (i > 0) cursor.y += n.spaceBetween;
      const piece = notePiece(note);
      if (cursor.y + n.lineHeight > limit() + 1e-6 && !cursor.columnEmpty) nextColumn();
      const f = frame();
      if (piece.number) emit(note, piece.number, f.columnX[cursor.column]! + fromStart(settings.direction, colW(), 0, piece.number.width), f.contentTop + cursor.y + noteBaseline, 'note');
      placeFree(note, piece.lines, n.lineHeight, noteStyle, () => (settings.direction === 'rtl' ? 0 : piece.x), 'note');
    });
    // The column's use (page/balance.ts: the closing page is levelled as with 'text', then the notes
    // drop to the level's foot) counts the notes where they would stand under the text.
    cursor.y -= drop;
  }

  /**
   * How far (pt) chapter-end notes drop to sit at the foot of the column they start in: the room
   * left under them when all of them (rule, notes, the space between them) fit there, else 0 (they
   * run on into the next column, filling this one). On a levelled closing page the foot is the
   * level (page/balance.ts) the other columns end at; with a closing foot band hugging the text
   * (layout.hugClosingFloats) the notes stay under the text, the band under them.
   */
  function endNotesDrop(cited: readonly FootnoteDefinition[]): number {
    const n = settings.notes;
    if (bands.hasFoot() && settings.floats?.hugClosing !== false) return 0;
    let height = n.spaceBelowRule;
    cited.forEach((note, i) => {
      height += notePiece(note).lines.length * n.lineHeight + (i > 0 ? n.spaceBetween : 0);
    });
    const levelled = plan.balance && cursor.page.index === plan.balance.page ? plan.balance.bottom : Number.POSITIVE_INFINITY;
    const foot = Math.min(limit(), levelled);
    const room = foot - (cursor.y + height);
    return cursor.y + height > limit() + 1e-6 || room < 1e-6 ? 0 : room;
  }
}

/**
 * A heading's inlines with its number in front (numberPosition 'before', with numberSeparator)
 * or instead of its title ('replace'). The number is generated text: it maps to no source.
 */
/** No new note pieces, no floats (shared, never written to). */
const NO_PIECES: readonly NotePiece[] = [];
/** No display items (a paragraph with nothing drawn after its lines that goes with them). */
const NO_ITEMS: readonly DisplayItem[] = [];
const NO_FLOWS: readonly { flow: FlowBlock }[] = [];
/** No float reserved at a column's foot (most lines cite none: no array per line tried). */
const NO_FOOT_FLOATS: readonly { id: string; flow: FlowBlock }[] = [];

function numberedInlines(block: HeadingBlock, number: string | undefined, level: Pick<LayoutSettings['headings']['levels'][number], 'numbering'>): readonly Inline[] {
  if (!number) return block.inlines;
  const text = level.numbering.position === 'replace' ? number : `${number}${level.numbering.separator}`;
  const generated: Inline = { kind: 'text', text, marks: [], range: { from: block.range.from, to: block.range.from, line: 0, column: 0 }, offsets: generatedOffsets(text) };
  return level.numbering.position === 'replace' ? [generated] : [generated, ...block.inlines];
}

function baselineFor(lineHeight: number, style: TextStyle, fonts: FontRegistry): number {
  const face = fonts.match(style.family, style.weight, style.italic ? 'italic' : 'normal');
  return baselineInLineBox(lineHeight, style.size, face.ascender / face.upem, face.descender / face.upem);
}

function generatedOffsets(text: string): number[] {
  return Array.from({ length: text.length }, () => -1);
}

function emptyLine(): SetLine {
  return { runs: [], width: 0, ratio: 0, hyphenated: false, ragged: false, emergency: false, srcFrom: -1, srcTo: -1 };
}

export function headingStyle(block: HeadingBlock, settings: LayoutSettings): TextStyle {
  // A heading style (configuration.md §13.6) over the level's fields (§8.2) over the general ones (page/heading-look.ts).
  return headingTextStyle(block, settings);
}

/** A line's run, moved to page coordinates, rounded by the display list's rule. */
export function glyphRun(run: SetLine['runs'][number], x0: number, baseline: number, chapter: string, line: LineInfo | undefined): GlyphRunItem {
  // Runs once per run of every placed line: plain loops, no closures. Generated text (running
  // heads, folios, markers) has negative offsets: it maps to no source (srcFrom −1).
  // A run whose offsets are consecutive from `from` (≥ 0) lists none: its srcFrom, and no srcMap
  // (a hyphenated line's last run — consecutive offsets from `from`, then its hyphen −1 — gets a
  // srcMap read from its srcFrom and text, page/run-items.ts, without listing its offsets).
  const hyphenRun = run.offsets === undefined && run.hyphen === true && run.from! >= 0 && run.text.length > 1;
  const offsets = run.offsets ?? (run.from! >= 0 && run.hyphen !== true ? null : hyphenRun ? null : runOffsets(run));
  let srcFrom = offsets === null ? run.from! : -1;
  if (offsets !== null) {
    for (let i = 0; i < offsets.length; i++) {
      if (offsets[i]! >= 0) {
        srcFrom = offsets[i]!;
        break;
      }
    }
  }
  const generated = srcFrom < 0;
  let contiguous = !hyphenRun;
  if (!generated && offsets !== null) for (let i = 0; i < offsets.length && contiguous; i++) contiguous = offsets[i] === srcFrom + i;
  // The item's glyph ids, clusters and pens are the set run's, read when asked (the pens moved to
  // x0 and rounded; page/run-items.ts `PlacedGlyphRun`): no copy kept per item, and none by a set
  // run either (paragraph/set-run.ts). Display lists are read-only after layout.
  const dys = run.dys;
  let shifted = false;
  if (dys) for (let g = 0; g < dys.length && !shifted; g++) shifted = dys[g] !== 0;
  const srcMap = hyphenRun ? 'hyphen' : contiguous ? undefined : offsets!.map((o) => (o < 0 ? -1 : o));
  // A ruby reading (paragraph/ruby-lines.ts) is no part of its line's text for the checks and links
  // (kept, as it always was, on one unshifted, contiguous: its line record written with the rest).
  const kept = line && (run.ruby !== true || (!shifted && contiguous)) ? line : undefined;
  return new PlacedGlyphRun(run.fontId, roundPt(runSize(run)), run.colour, roundPt(baseline), run, x0, run.text, chapter, srcFrom, shifted ? dys!.map(roundPt) : undefined, srcMap, kept, run);
}
