/**
 * One page display list → one PDF content stream, drawing exactly what the canvas painter
 * draws, in the same order: glyph runs as text (text.ts), rules, rectangles and SVG paths as
 * vectors, pictures as image XObjects. Ops this writer does not know are skipped, as the
 * display-list rules require. Coordinates: the caller's `cm` puts the origin at the trim box's
 * bottom-left; display-list y (down from the trim top) becomes `pageHeight − y`.
 */
import { Op, type DisplayItem, type GlyphRunItem, type ImageItem, type PageDisplayList, type PathItem } from '../../protocol/displaylist';
import { parseColour, rgbOperands, type Rgba } from './colour';
import type { FontUsage } from './fonts/embed';
import { num } from './numbers';
import { svgPathToPdf } from './paths';
import { runOperators, type TextState } from './text';
import { cidHex, utf16Hex } from './fonts/tounicode';

/** A print master's form XObject: its name, its size as a reader sees it (pt) and its page's /Rotate. */
export interface PlacedMaster {
  name: string;
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
}

/** Image op of the display list, read structurally (the op is optional in older lists). */
interface ImageLike {
  op: number;
  x: number;
  y: number;
  w: number;
  h: number;
  image: string;
  crop?: { x: number; y: number; w: number; h: number };
}

/** Resources a page's content refers to, resolved by the document writer. */
export interface ContentResources {
  /** The PDF font of a display-list font id, or undefined when its bytes are missing. */
  font(fontId: string): FontUsage | undefined;
  /** ExtGState resource name with this fill and stroke opacity (0–1). */
  opacity(alpha: number): string;
  /** Image XObject resource name of a picture's content key, or undefined when it cannot be embedded. */
  image(key: string): string | undefined;
  /**
   * The print master that replaces an SVG resource's drawing (bundle-format §11.1): its form
   * XObject's resource name and its page size, pt; undefined to draw the SVG's own items.
   */
  master?(resourceId: string): PlacedMaster | undefined;
}

/** The parts of the graphics state this writer sets, to avoid repeating operators. */
interface GraphicsState {
  fill: string;
  stroke: string;
  lineWidth: number;
  alpha: number;
  text: TextState;
}

function freshState(): GraphicsState {
  // PDF's initial state: black fill and stroke, 1 unit lines, opaque, no font.
  return { fill: '0 0 0', stroke: '0 0 0', lineWidth: 1, alpha: 1, text: { font: '' } };
}

export class PageContentWriter {
  private readonly out: string[] = [];
  private state = freshState();
  private inText = false;
  /** Clipped and transformed groups open (Clip/Transform items whose end has not come yet), innermost last. */
  private groups: ('clip' | 'transform')[] = [];

  constructor(
    private readonly list: PageDisplayList,
    private readonly resources: ContentResources,
  ) {}

  /** The content stream of the page's items (background included), as operators. */
  write(): string {
    const { list } = this;
    const background = parseColour(list.background);
    if (background && background.a > 0) {
      this.setFill(background);
      this.out.push(`0 0 ${num(list.width)} ${num(list.height)} re f`);
    }
    for (const item of list.items) this.item(item);
    this.endText();
    // A clipped group left open at the end of the list is closed (q/Q must balance in a stream).
    for (; this.groups.length > 0; this.groups.pop()) this.restore();
    return this.out.join('\n');
  }

  private y(value: number): number {
    return this.list.height - value;
  }

  private item(item: DisplayItem): void {
    // A drawing with a print master: the master is placed at its first path's frame, and the
    // drawing's own paths and text are left out.
    const resource = item.op === Op.GlyphRun || item.op === Op.Path || item.op === Op.Clip || item.op === Op.ClipEnd || item.op === Op.Image ? item.resource : undefined;
    const master = resource ? this.resources.master?.(resource) : undefined;
    if (master) {
      if (item.op === Op.Path && item.frame) {
        this.endText();
        this.placeMaster(master, item.frame);
      } else if (item.op === Op.Image) {
        // A drawing rasterised in the host (outside the SVG subset): its frame is the whole
        // picture, of which the item shows the cropped part.
        this.endText();
        this.placeMaster(master, imageFrame(item));
      }
      return;
    }
    if (item.op === Op.GlyphRun) return this.glyphRun(item);
    this.endText();
    switch (item.op) {
      case Op.Clip: {
        // q, the clip path (y-down page coordinates, flipped as paths are) W n, the flip undone;
        // the matching ClipEnd's Q ends the clip and restores the state set inside.
        this.save();
        this.groups.push('clip');
        const path = svgPathToPdf(item.d);
        // An empty clip path shows nothing: clip to an empty rectangle.
        this.out.push(`1 0 0 -1 0 ${num(this.list.height)} cm`, path || '0 0 0 0 re', item.clipRule === 'evenodd' ? 'W* n' : 'W n', `1 0 0 -1 0 ${num(this.list.height)} cm`);
        return;
      }
      case Op.ClipEnd:
      case Op.TransformEnd:
        // Unbalanced or mismatched: nothing to close.
        if (this.groups[this.groups.length - 1] !== (item.op === Op.ClipEnd ? 'clip' : 'transform')) return;
        this.groups.pop();
        this.restore();
        return;
      case Op.Transform: {
        // The group's matrix M works in y-down page coordinates; PDF's are y-up (F: y → H − y),
        // so the content stream takes F ∘ M ∘ F (F is its own inverse).
        const [a, b, c, d, e, f] = item.matrix;
        const h = this.list.height;
        this.save();
        this.groups.push('transform');
        this.out.push(`${num(a)} ${num(-b)} ${num(-c)} ${num(d)} ${num(c * h + e)} ${num(h - d * h - f)} cm`);
        return;
      }
      case Op.Rule: {
        const stroke = parseColour(item.stroke);
        if (!stroke || item.width <= 0) return;
        this.setStroke(stroke, item.width);
        this.out.push(`${num(item.x1)} ${num(this.y(item.y1))} m ${num(item.x2)} ${num(this.y(item.y2))} l S`);
        return;
      }
      case Op.Rect: {
        const fill = parseColour(item.fill);
        const stroke = parseColour(item.stroke);
        const rect = `${num(item.x)} ${num(this.y(item.y + item.h))} ${num(item.w)} ${num(item.h)} re`;
        // The painter fills, then strokes: two paintings when their opacities differ.
        if (fill && stroke && fill.a === stroke.a) {
          this.setFill(fill);
          this.setStroke(stroke, item.strokeWidth ?? 1);
          this.out.push(`${rect} B`);
          return;
        }
        if (fill) {
          this.setFill(fill);
          this.out.push(`${rect} f`);
        }
        if (stroke) {
          this.setStroke(stroke, item.strokeWidth ?? 1);
          this.out.push(`${rect} S`);
        }
        return;
      }
      case Op.Path: {
        const fill = parseColour(item.fill);
        const stroke = parseColour(item.stroke);
        if (!fill && !stroke) return;
        const path = svgPathToPdf(item.d);
        if (!path) return;
        const evenOdd = (item as { fillRule?: string }).fillRule === 'evenodd';
        // A formula's outlines extract as its TeX source (engine/math puts it on its first path).
        const actualText = item.math !== undefined && item.text ? item.text : undefined;
        if (actualText) this.out.push(`/Span <</ActualText <FEFF${utf16Hex(actualText)}>>> BDC`);
        // Path data is in y-down page coordinates: flip once around the page's height.
        this.save();
        this.out.push(`1 0 0 -1 0 ${num(this.list.height)} cm`);
        if (fill) {
          this.setFill(fill);
          this.out.push(path, evenOdd ? 'f*' : 'f');
        }
        if (stroke) {
          this.setStroke(stroke, item.strokeWidth ?? 1);
          this.out.push(path, 'S');
        }
        this.restore();
        if (actualText) {
          this.extractionGlyph(item.mathBox);
          this.out.push('EMC');
        }
        return;
      }
      default:
        if ((item as { op: number }).op === 5) this.image(item as unknown as ImageLike);
        // Unknown ops draw nothing (display-list rule: new ops are ignored safely).
        return;
    }
  }

  private image(item: ImageLike): void {
    const name = this.resources.image(item.image);
    if (!name) {
      // The painter's placeholder for a picture it cannot show: a neutral box.
      this.setFill({ r: 0xee / 255, g: 0xee / 255, b: 0xee / 255, a: 1 });
      this.out.push(`${num(item.x)} ${num(this.y(item.y + item.h))} ${num(item.w)} ${num(item.h)} re f`);
      return;
    }
    const crop = item.crop ?? { x: 0, y: 0, w: 1, h: 1 };
    // The whole picture is scaled so its cropped part fills the box; the box clips the rest.
    const fullW = item.w / crop.w;
    const fullH = item.h / crop.h;
    const left = item.x - crop.x * fullW;
    const top = item.y - crop.y * fullH;
    this.save();
    if (item.crop) this.out.push(`${num(item.x)} ${num(this.y(item.y + item.h))} ${num(item.w)} ${num(item.h)} re W n`);
    this.out.push(`${num(fullW)} 0 0 ${num(fullH)} ${num(left)} ${num(this.y(top + fullH))} cm /${name} Do`);
    this.restore();
  }

  /**
   * A master page scaled into the frame as large as fits with its aspect kept and centred (as
   * SVG's default `xMidYMid meet`; the master and the SVG normally share their aspect), clipped
   * to the shown part of a cropped figure.
   */
  private placeMaster(master: PlacedMaster, frame: NonNullable<PathItem['frame']>): void {
    if (master.width <= 0 || master.height <= 0) return;
    const k = Math.min(frame.w / master.width, frame.h / master.height);
    const left = frame.x + (frame.w - master.width * k) / 2;
    const bottom = frame.y + (frame.h + master.height * k) / 2; // y down: the master's bottom edge
    this.save();
    const clip = frame.clip;
    if (clip) this.out.push(`${num(clip.x)} ${num(this.y(clip.y + clip.h))} ${num(clip.w)} ${num(clip.h)} re W n`);
    // The form is drawn unrotated in its own space (w × h = the seen height × width for a quarter
    // turn); this turns it the way its /Rotate tells a viewer to (clockwise) before the scaling.
    const w = master.rotation === 90 || master.rotation === 270 ? master.height : master.width;
    const h = master.rotation === 90 || master.rotation === 270 ? master.width : master.height;
    const turn = master.rotation === 90 ? `0 -1 1 0 0 ${num(w)} cm ` : master.rotation === 180 ? `-1 0 0 -1 ${num(w)} ${num(h)} cm ` : master.rotation === 270 ? `0 1 -1 0 ${num(h)} 0 cm ` : '';
    this.out.push(`${num(k)} 0 0 ${num(k)} ${num(left)} ${num(this.y(bottom))} cm ${turn}/${master.name} Do`);
    this.restore();
  }

  /**
   * A formula is outlines, and a reader replaces only glyphs by an ActualText: one invisible
   * (render mode 3) space of a font the page already uses, stretched over the formula's advance
   * on its baseline, lets pdftotext and viewers extract the TeX where the formula stands.
   */
  private extractionGlyph(box: PathItem['mathBox']): void {
    if (!box || box.width <= 0) return;
    const run = this.list.items.find((i): i is GlyphRunItem => i.op === Op.GlyphRun);
    const font = run ? this.resources.font(run.font) : undefined;
    if (!font || font.spaceGlyph === 0) return;
    const advance = font.width(font.spaceGlyph);
    if (!(advance > 0)) return;
    font.use(font.spaceGlyph, ' ');
    const size = 10;
    const scale = (box.width * 100000) / (advance * size); // Tz, percent: the space's advance = the formula's width
    // Inside q/Q: the font, render mode and scaling set here do not leak into the page's text state.
    this.out.push('q', 'BT', `/${font.resourceName} ${size} Tf`, '3 Tr', `${num(scale)} Tz`, `1 0 0 1 ${num(box.x)} ${num(this.y(box.baseline))} Tm`, `<${cidHex(font.spaceGlyph)}> Tj`, 'ET', 'Q');
  }

  private glyphRun(run: GlyphRunItem): void {
    const font = this.resources.font(run.font);
    const fill = parseColour(run.fill);
    if (!font || !fill || run.glyphs.length === 0) return;
    if (!this.inText) {
      this.out.push('BT');
      this.inText = true;
    }
    this.setFill(fill);
    this.out.push(runOperators(run, font, this.state.text, this.list.height));
  }

  private endText(): void {
    if (!this.inText) return;
    this.out.push('ET');
    this.inText = false;
  }

  private setFill(colour: Rgba): void {
    const operands = rgbOperands(colour);
    if (operands !== this.state.fill) {
      this.out.push(`${operands} rg`);
      this.state.fill = operands;
    }
    this.setAlpha(colour.a);
  }

  private setStroke(colour: Rgba, width: number): void {
    const operands = rgbOperands(colour);
    if (operands !== this.state.stroke) {
      this.out.push(`${operands} RG`);
      this.state.stroke = operands;
    }
    if (width !== this.state.lineWidth) {
      this.out.push(`${num(width)} w`);
      this.state.lineWidth = width;
    }
    this.setAlpha(colour.a);
  }

  private setAlpha(alpha: number): void {
    if (alpha === this.state.alpha) return;
    this.out.push(`/${this.resources.opacity(alpha)} gs`);
    this.state.alpha = alpha;
  }

  private saved: GraphicsState[] = [];

  private save(): void {
    this.out.push('q');
    this.saved.push({ ...this.state, text: { ...this.state.text } });
  }

  private restore(): void {
    this.out.push('Q');
    this.state = this.saved.pop() ?? freshState();
  }
}

/** The content stream of one page (without the sheet's own marks; see sheet.ts). */
export function pageContent(list: PageDisplayList, resources: ContentResources): string {
  return new PageContentWriter(list, resources).write();
}

/** The whole picture's box of an Image item (pt, y down), clipped to the shown part when cropped. */
function imageFrame(item: ImageItem): NonNullable<PathItem['frame']> {
  const c = item.crop;
  if (!c || c.w <= 0 || c.h <= 0) return { x: item.x, y: item.y, w: item.w, h: item.h };
  const w = item.w / c.w;
  const h = item.h / c.h;
  return { x: item.x - c.x * w, y: item.y - c.y * h, w, h, clip: { x: item.x, y: item.y, w: item.w, h: item.h } };
}
