/**
 * Code listings (configuration.md §13.3 `codeStyle`; document-format §5.7): the box, its text, the
 * fence attributes' defaults, overflow, splitting and the token colours, resolved to pt. Applied by
 * page/code-block.ts. Inline code (`codeStyle.inline`) is not read here.
 */
import { declareAppliedSettings } from '../config';
import type { ConfigReaders } from './settings-structure';
import { DEFAULT_TOKEN_COLOURS, type TokenColours, type TokenKind, type TokenLook } from './page/code-tokens';
import type { CalloutLabel } from './settings-callouts';

/** The `codeStyle` fields page/code-block.ts applies (the face and size are read in settings-from-config.ts). */
declareAppliedSettings([
  'codeStyle.fontWeight',
  'codeStyle.boldFontWeight',
  'codeStyle.lineHeight',
  'codeStyle.snapToGrid',
  'codeStyle.color',
  'codeStyle.backgroundEnabled',
  'codeStyle.background',
  'codeStyle.border.enabled',
  'codeStyle.border.color',
  'codeStyle.border.width',
  'codeStyle.borderRadius',
  'codeStyle.padding',
  'codeStyle.marginTop',
  'codeStyle.marginBottom',
  'codeStyle.tabSize',
  'codeStyle.overflow',
  'codeStyle.wrapIndent',
  'codeStyle.wrapMarker',
  'codeStyle.minFontScale',
  'codeStyle.lineNumbers',
  'codeStyle.lineNumberColor',
  'codeStyle.lineNumberGap',
  'codeStyle.highlightBackground',
  'codeStyle.keepTogether',
  'codeStyle.splitMinLines',
  'codeStyle.repeatTitle',
  'codeStyle.continuesMarkerEnabled',
  'codeStyle.continuesMarker',
  'codeStyle.titleStyle',
  'codeStyle.highlight',
  'codeStyle.tokens',
  'codeStyle.span',
  'codeStyle.label',
  // Read by the parser (parse/blocks.ts, parse/indented-code.ts) through engine/index.ts parseCached.
  'codeStyle.blocks',
  'codeStyle.indentedCode',
]);

/** The look of a listing's title row (`codeStyle.titleStyle`): code face, bold, 0.9 × the code size by default. */
export interface ListingTitleLook {
  family: string;
  weight: number;
  italic: boolean;
  /** pt. */
  size: number;
  colour: string;
}

/**
 * A listing's label tab (`codeStyle.label`, §13.3; document-format §5.7 `label=`), read like a
 * callout's (§13.4 `label`): `{fontFamily, fontSize, fontWeight, color, background, position,
 * height, paddingX, offset, inset}`. Our defaults: the title's type, the code colour on a grey a
 * shade darker than the box (#e0e0e0), top-right, 1.4 em of its size tall, 0.6 em padding, standing on the box.
 */
export interface ListingLabel extends Pick<CalloutLabel, 'background' | 'position' | 'height' | 'paddingX' | 'offset' | 'inset'> {
  look: ListingTitleLook;
}

/** `codeStyle` for listings, pt. */
export interface CodeListing {
  family: string;
  /** Code size, pt (0.85 body em by default). */
  size: number;
  weight: number;
  boldWeight: number;
  colour: string;
  /** Leading of the listing's rows, pt (one body grid line by default). */
  lineHeight: number;
  /** Text after the listing back on the baseline grid (§2.2); false: one margin below it, off the grid. */
  snapToGrid: boolean;
  /** Fill, or null with `backgroundEnabled: false`. */
  fill: string | null;
  border: { enabled: boolean; colour: string; width: number };
  radius: number;
  /** On each side of the text, pt (0.6 code em). */
  padding: number;
  marginTop: number;
  marginBottom: number;
  span: 'column' | 'page';
  /** Character cells a tab advances to the next multiple of. */
  tabSize: number;
  overflow: 'wrap' | 'shrink' | 'clip';
  /** Cells a turned-over line starts in. */
  wrapIndent: number;
  wrapMarker: string;
  minFontScale: number;
  lineNumbers: boolean;
  lineNumberColour: string;
  /** Between the gutter's numbers and the code, pt. */
  lineNumberGap: number;
  highlightBackground: string;
  keepTogether: boolean;
  splitMinLines: number;
  repeatTitle: boolean;
  /** The mark at the foot of a part the listing goes on from; null = none. */
  continuesMarker: string | null;
  title: ListingTitleLook;
  /** `codeStyle.label` set: the tab's look; the fence's title (else its language) goes in the tab, not a title row. Absent = unset. */
  label?: ListingLabel;
  /** Syntax highlighting (page/code-tokens.ts): 'none' sets every listing in the code colour. */
  highlight: 'builtin' | 'none';
  /** `tokens.<kind>` over the §13.3 defaults. */
  tokens: TokenColours;
  /** `codeStyle.blocks` false (books before 1.23, bundle-format §9): fences are read as Markdown; absent = true. Read by the parser. */
  blocks?: false;
  /** `codeStyle.indentedCode` true: lines four columns in after a blank line are listings; absent = false. Read by the parser. */
  indentedCode?: true;
}

/** How the parser reads code (document-format §5.7) under these listing settings (absent = the §13.3 defaults). */
export function codeReading(listing: Pick<CodeListing, 'blocks' | 'indentedCode'> | undefined): { codeBlocks: boolean; indentedCode: boolean } {
  return { codeBlocks: listing?.blocks !== false, indentedCode: listing?.indentedCode === true };
}

/** The listing settings a configuration-less layout uses (§13.3 defaults) for a body size and colour and a grid line, pt. */
export function defaultCodeListing(bodySize: number, bodyColour: string, gridLine: number, family = 'Source Code Pro', size = 0.85 * bodySize): CodeListing {
  return {
    family,
    size,
    weight: 400,
    boldWeight: 700,
    colour: bodyColour,
    lineHeight: gridLine,
    snapToGrid: true,
    fill: '#f4f4f4',
    border: { enabled: false, colour: '#cccccc', width: 0.5 },
    radius: 0,
    padding: 0.6 * size,
    marginTop: 0.75 * size,
    marginBottom: 0.75 * size,
    span: 'column',
    tabSize: 4,
    overflow: 'wrap',
    wrapIndent: 2,
    wrapMarker: '»',
    minFontScale: 0.8,
    lineNumbers: false,
    lineNumberColour: '#8a8a8a',
    lineNumberGap: size,
    highlightBackground: '#fff4c2',
    keepTogether: false,
    splitMinLines: 2,
    repeatTitle: false,
    continuesMarker: null,
    title: { family, weight: 700, italic: false, size: 0.9 * size, colour: bodyColour },
    highlight: 'builtin',
    tokens: DEFAULT_TOKEN_COLOURS,
  };
}

/** Reads `codeStyle` for listings; `family` and `size` are the resolved `codeStyle.fontFamily` / `fontSize`. */
export function codeListingSettings(r: ConfigReaders, bodySize: number, bodyColour: string, gridLine: number, family: string, size: number): CodeListing {
  const base = defaultCodeListing(bodySize, bodyColour, gridLine, family, size);
  const colour = r.colour('codeStyle.color', bodyColour);
  const overflow = r.str('codeStyle.overflow', 'wrap');
  const marker = r.str('codeStyle.continuesMarker', 'Continued');
  // titleStyle (a free-form object, §13.3): fontFamily, fontWeight, italic, fontSize (a length in code ems, or a bare factor), color.
  const look = r.at('codeStyle.titleStyle');
  const t = look && typeof look === 'object' && !Array.isArray(look) ? (look as Record<string, unknown>) : {};
  const titleSize = typeof t['fontSize'] === 'number' && t['fontSize'] > 0 ? t['fontSize'] * size : t['fontSize'] !== undefined ? r.pt('codeStyle.titleStyle.fontSize', base.title.size, size) : base.title.size;
  return {
    ...base,
    weight: r.num('codeStyle.fontWeight', 400),
    boldWeight: r.num('codeStyle.boldFontWeight', 700),
    colour,
    lineHeight: Math.max(1, r.pt('codeStyle.lineHeight', gridLine, size)),
    snapToGrid: r.bool('codeStyle.snapToGrid', true),
    fill: r.bool('codeStyle.backgroundEnabled', true) ? r.colour('codeStyle.background', '#f4f4f4') : null,
    border: { enabled: r.bool('codeStyle.border.enabled', false), colour: r.colour('codeStyle.border.color', '#cccccc'), width: Math.max(0, r.pt('codeStyle.border.width', 0.5, size)) },
    radius: Math.max(0, r.pt('codeStyle.borderRadius', 0, size)),
    padding: Math.max(0, r.pt('codeStyle.padding', 0.6 * size, size)),
    marginTop: Math.max(0, r.pt('codeStyle.marginTop', 0.75 * size, size)),
    marginBottom: Math.max(0, r.pt('codeStyle.marginBottom', 0.75 * size, size)),
    span: r.str('codeStyle.span', 'column') === 'page' ? 'page' : 'column',
    tabSize: Math.max(1, Math.round(r.num('codeStyle.tabSize', 4))),
    overflow: overflow === 'shrink' || overflow === 'clip' ? overflow : 'wrap',
    wrapIndent: Math.max(0, Math.round(r.num('codeStyle.wrapIndent', 2))),
    wrapMarker: typeof r.at('codeStyle.wrapMarker') === 'string' ? (r.at('codeStyle.wrapMarker') as string) : '»',
    minFontScale: Math.min(1, Math.max(0.1, r.num('codeStyle.minFontScale', 0.8))),
    lineNumbers: r.bool('codeStyle.lineNumbers', false),
    lineNumberColour: r.colour('codeStyle.lineNumberColor', '#8a8a8a'),
    lineNumberGap: Math.max(0, r.pt('codeStyle.lineNumberGap', size, size)),
    highlightBackground: r.colour('codeStyle.highlightBackground', '#fff4c2'),
    keepTogether: r.bool('codeStyle.keepTogether', false),
    splitMinLines: Math.max(1, Math.round(r.num('codeStyle.splitMinLines', 2))),
    repeatTitle: r.bool('codeStyle.repeatTitle', false),
    continuesMarker: r.bool('codeStyle.continuesMarkerEnabled', false) && marker ? marker : null,
    title: {
      family: typeof t['fontFamily'] === 'string' && t['fontFamily'] ? t['fontFamily'] : family,
      weight: typeof t['fontWeight'] === 'number' ? t['fontWeight'] : 700,
      italic: t['italic'] === true,
      size: Number.isFinite(titleSize) && titleSize > 0 ? titleSize : base.title.size,
      colour: typeof t['color'] === 'string' && /^#[0-9a-f]{6}$/i.test(t['color']) ? t['color'].toLowerCase() : colour,
    },
    ...labelOf(r, size),
    highlight: r.str('codeStyle.highlight', 'builtin') === 'none' ? 'none' : 'builtin',
    tokens: tokenLooks(r.at('codeStyle.tokens')),
    // Kept only when they differ from the §13.3 defaults (blocks true, indentedCode false).
    ...(r.bool('codeStyle.blocks', true) ? {} : { blocks: false as const }),
    ...(r.bool('codeStyle.indentedCode', false) ? { indentedCode: true as const } : {}),
  };
}

const HEX = /^#[0-9a-f]{6}$/i;

/** `codeStyle.label`: `true` or an object turns the tab on (its fields over our defaults); unset, false or null leaves it off. */
function labelOf(r: ConfigReaders, codeSize: number): { label?: ListingLabel } {
  const value = r.at('codeStyle.label');
  if (value !== true && (!value || typeof value !== 'object' || Array.isArray(value))) return {};
  const o = value === true ? {} : (value as Record<string, unknown>);
  const num = (key: string): number | undefined => (typeof o[key] === 'number' && Number.isFinite(o[key]) ? (o[key] as number) : undefined);
  // fontSize as a length in code ems or a bare factor of the code size; the other lengths in the label's own ems.
  const size = num('fontSize') !== undefined ? num('fontSize')! * codeSize : o['fontSize'] !== undefined ? r.pt('codeStyle.label.fontSize', 0.9 * codeSize, codeSize) : 0.9 * codeSize;
  const own = (key: string, em: number): number => (num(key) !== undefined ? num(key)! * size : o[key] !== undefined ? r.pt(`codeStyle.label.${key}`, em * size, size) : em * size);
  const colour = (key: string, fallback: string): string => (typeof o[key] === 'string' && HEX.test(o[key] as string) ? (o[key] as string).toLowerCase() : fallback);
  const family = typeof o['fontFamily'] === 'string' && o['fontFamily'] ? (o['fontFamily'] as string) : r.str('codeStyle.fontFamily', 'Source Code Pro');
  return {
    label: {
      look: { family, weight: num('fontWeight') ?? 700, italic: false, size, colour: colour('color', r.colour('codeStyle.color', r.colour('bodyText.color', '#000000'))) },
      background: colour('background', '#e0e0e0'),
      position: o['position'] === 'top-left' ? 'top-left' : 'top-right',
      height: Math.max(size, own('height', 1.4)),
      paddingX: Math.max(0, own('paddingX', 0.6)),
      offset: Math.max(0, own('offset', 0)),
      inset: Math.max(0, own('inset', 0)),
    },
  };
}

/**
 * `codeStyle.tokens` (a free-form object, §13.3) over the defaults: each kind a colour (`"#hex"`)
 * or `{ color, italic, bold }`; a kind set to a colour keeps its default italic/bold.
 */
function tokenLooks(value: unknown): TokenColours {
  const out: TokenColours = { ...DEFAULT_TOKEN_COLOURS };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [kind, v] of Object.entries(value as Record<string, unknown>)) {
    if (!(kind in DEFAULT_TOKEN_COLOURS)) continue;
    const base: TokenLook = { ...DEFAULT_TOKEN_COLOURS[kind as TokenKind] };
    if (typeof v === 'string' && HEX.test(v)) base.colour = v.toLowerCase();
    else if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const c = o['color'] ?? o['colour'];
      if (typeof c === 'string' && HEX.test(c)) base.colour = c.toLowerCase();
      if (typeof o['italic'] === 'boolean') base.italic = o['italic'];
      if (typeof o['bold'] === 'boolean') base.bold = o['bold'];
    }
    out[kind as TokenKind] = base;
  }
  return out;
}
