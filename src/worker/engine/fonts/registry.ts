import * as hb from 'harfbuzzjs';

/** A font file the registry should know, as bytes (TTF/OTF; WOFF2 is decompressed before this). */
export interface FontSource {
  family: string;
  /** CSS weight, 100–900. */
  weight: number;
  style: 'normal' | 'italic';
  bytes: Uint8Array;
}

export interface ShapedGlyphs {
  /** Glyph ids in visual order. */
  glyphs: Uint32Array;
  /** UTF-16 index in the shaped text where each glyph's cluster starts. */
  clusters: Uint32Array;
  /** Advance of each glyph, font units. */
  advances: Int32Array;
  /** x and y offset of each glyph, font units (y up, as HarfBuzz gives them). */
  xOffsets: Int32Array;
  yOffsets: Int32Array;
  /** Sum of advances, font units. */
  width: number;
}

/** One face loaded into HarfBuzz, with a shaping cache. */
export class FontFace {
  readonly id: string;
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic';
  /** Units per em of the font's design grid. */
  readonly upem: number;
  /** Ascender and descender, font units (descender negative). */
  readonly ascender: number;
  readonly descender: number;
  private readonly font: hb.Font;
  private readonly cmap: Set<number>;
  private readonly cache = new Map<string, ShapedGlyphs>();

  constructor(source: FontSource) {
    this.family = source.family;
    this.weight = source.weight;
    this.style = source.style;
    this.id = faceId(source.family, source.weight, source.style);
    const face = new hb.Face(new hb.Blob(source.bytes), 0);
    this.upem = face.upem;
    this.font = new hb.Font(face);
    const extents = this.font.hExtents();
    this.ascender = extents.ascender;
    this.descender = extents.descender;
    this.cmap = new Set(face.collectUnicodes());
  }

  hasCodePoint(codePoint: number): boolean {
    return this.cmap.has(codePoint);
  }

  /**
   * Shapes a run of one script and direction. Results are cached per (text, direction, features)
   * so re-breaking a paragraph at another measure never re-shapes.
   */
  shape(text: string, direction: 'ltr' | 'rtl' = 'ltr', features = ''): ShapedGlyphs {
    const key = `${direction}|${features}|${text}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    buffer.setDirection(direction === 'rtl' ? hb.Direction.RTL : hb.Direction.LTR);
    hb.shape(this.font, buffer, parseFeatures(features));
    const infos = buffer.getGlyphInfosAndPositions();
    const n = infos.length;
    const shaped: ShapedGlyphs = {
      glyphs: new Uint32Array(n),
      clusters: new Uint32Array(n),
      advances: new Int32Array(n),
      xOffsets: new Int32Array(n),
      yOffsets: new Int32Array(n),
      width: 0,
    };
    for (let i = 0; i < n; i++) {
      const info = infos[i]!;
      shaped.glyphs[i] = info.codepoint;
      shaped.clusters[i] = info.cluster;
      shaped.advances[i] = info.xAdvance ?? 0;
      shaped.xOffsets[i] = info.xOffset ?? 0;
      shaped.yOffsets[i] = info.yOffset ?? 0;
      shaped.width += info.xAdvance ?? 0;
    }
    this.cache.set(key, shaped);
    return shaped;
  }

  /** The glyph's outline as SVG path data in font units, y up. */
  glyphPath(glyph: number): string {
    return this.font.glyphToPath(glyph);
  }
}

/** Stable face id: the same in Node and in the browser, and across sessions. */
export function faceId(family: string, weight: number, style: string): string {
  return `${family.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${weight}${style === 'italic' ? 'i' : ''}`;
}

function parseFeatures(features: string): hb.Feature[] {
  if (!features) return [];
  return features.split(',').map((f) => {
    const off = f.startsWith('-');
    return new hb.Feature(off ? f.slice(1) : f, off ? 0 : 1);
  });
}

/** The faces a book can use, matched by family, weight and style. */
export class FontRegistry {
  private readonly faces = new Map<string, FontFace>();
  private readonly byFamily = new Map<string, FontFace[]>();

  add(source: FontSource): FontFace {
    const face = new FontFace(source);
    this.faces.set(face.id, face);
    const key = source.family.toLowerCase();
    const list = this.byFamily.get(key) ?? [];
    list.push(face);
    this.byFamily.set(key, list);
    return face;
  }

  get(id: string): FontFace | undefined {
    return this.faces.get(id);
  }

  /**
   * CSS-style matching: the family (falling back to `fallbackFamily`), then the style, then the
   * nearest weight (for weights ≥ 400 prefer heavier, below prefer lighter, as CSS Fonts §5.2).
   */
  match(family: string, weight: number, style: 'normal' | 'italic', fallbackFamily?: string): FontFace {
    const candidates = this.byFamily.get(family.toLowerCase()) ?? (fallbackFamily ? this.byFamily.get(fallbackFamily.toLowerCase()) : undefined);
    const pool = candidates ?? [...this.faces.values()];
    if (pool.length === 0) throw new Error('No fonts are loaded.');
    const sameStyle = pool.filter((f) => f.style === style);
    const styled = sameStyle.length > 0 ? sameStyle : pool;
    let best = styled[0]!;
    let bestScore = Infinity;
    for (const face of styled) {
      const distance = face.weight - weight;
      // Penalise going the "wrong" way by an extra 1000 so the CSS direction rule wins ties.
      const wrongWay = weight >= 400 ? distance < 0 : distance > 0;
      const score = Math.abs(distance) + (wrongWay ? 1000 : 0);
      if (score < bestScore) {
        bestScore = score;
        best = face;
      }
    }
    return best;
  }
}
