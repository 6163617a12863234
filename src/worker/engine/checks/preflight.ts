/**
 * Print preflight (configuration.md §16.3), only for books set up for print (`print.standard`
 * other than `none`, `print.preflight.enabled`): rules thinner than a press holds, small text
 * that needs several inks to print (misregistration blurs it), text inside the safe zone along
 * the trim, and boxes that stop just short of the trim (they should bleed or keep clear).
 * Pictures printed below `print.preflight.minImageResolution` (critical below the critical one).
 * Faces whose licence bits (OpenType `OS/2.fsType`) forbid what the PDF writer does with them:
 * embedding, subsetting, or embedding outlines (`print.preflight.checkFonts`).
 * Ink-limit and colour-space checks need a CMYK conversion the engine does not have (see README).
 */
import { composeMatrix, Op, type DisplayItem, type Matrix, type PageDisplayList } from '../../protocol/displaylist';
import type { CheckContext } from './input';
import { warning, type Warning } from './model';

export function preflightWarnings(ctx: CheckContext): Warning[] {
  const limits = ctx.options.preflight;
  if (!limits) return [];
  // One warning per problem for the whole book, at its first page; the detail counts the others.
  const found = new Map<string, { warning: Warning; pages: Set<number> }>();
  const pixels = new Map(ctx.resources.filter((r) => r.pixels).map((r) => [r.id, r.pixels!] as const));
  const faces = new Map<string, string | null>();
  for (const page of ctx.layout.pages) {
    const once = (key: string, make: () => Warning): void => {
      const seen = found.get(key);
      if (seen) seen.pages.add(page.index);
      else found.set(key, { warning: make(), pages: new Set([page.index]) });
    };
    // Items inside Transform groups (a turned float) are checked where they are drawn: their box
    // through the group's matrix, not their own coordinates.
    const turns: (Matrix | null)[] = [];
    let turn: Matrix | null = null;
    for (const item of page.items) {
      if (item.op === Op.Transform) {
        turns.push(turn);
        turn = turn ? composeMatrix(turn, item.matrix) : item.matrix;
        continue;
      }
      if (item.op === Op.TransformEnd) {
        turn = turns.pop() ?? null;
        continue;
      }
      if (item.op === Op.Rule && item.width < limits.minRuleWidth) {
        once(`rule|${item.width}`, () => warning('thinRule', `A ${item.width} pt rule on page ${page.label} is thinner than ${limits.minRuleWidth.toFixed(2)} pt and may break up in print.`, { chapterId: page.chapter, pageIndex: page.index }));
      }
      if (item.op === Op.GlyphRun && item.size < limits.smallTextSize && inks(item.fill) > 1) {
        once(`small|${item.fill}|${item.size}`, () => warning('smallProcessText', `${item.size} pt text in ${item.fill} (“${item.text.slice(0, 30)}”) needs several inks; below ${limits.smallTextSize.toFixed(1)} pt misregistration blurs it. Use black or one ink.`, textPlace(page, item)));
      }
      if (limits.checkFonts && item.op === Op.GlyphRun && !faces.has(item.font)) {
        const face = ctx.fonts.get(item.font);
        const problem = face ? embeddingProblem(fsTypeOf(face.bytes)) : null;
        faces.set(item.font, problem);
        if (face && problem) {
          once(`font|${item.font}`, () => warning('fontNotEmbeddable', `${face.family} ${face.weight}${face.style === 'italic' ? ' italic' : ''} (“${item.text.slice(0, 30)}”, page ${page.label}): its licence ${problem}, so a print PDF cannot carry it. Use another face, or get a licence that allows embedding.`, textPlace(page, item)));
        }
      }
      if (item.op === Op.GlyphRun && item.glyphs.length > 0) {
        const { left, right, top, bottom } = drawnBox(turn, item.xs[0]!, item.y - item.size, item.xs[item.xs.length - 1]! + item.size * 0.5, item.y + item.size * 0.25); // last glyph: about half an em wide
        const zone = limits.safeZone;
        if (left < zone || right > page.width - zone || top < zone || bottom > page.height - zone) {
          once('safe', () => warning('safeZone', `“${item.text.slice(0, 30)}” on page ${page.label} lies within ${(zone / 72 * 25.4).toFixed(1)} mm of the trim and may be cut.`, textPlace(page, item)));
        }
      }
      if (item.op === Op.Image) {
        // Effective resolution: the pixels shown (the crop's share) over the printed width, in inches.
        const size = pixels.get(item.resource);
        if (size && item.w > 0) {
          const ppi = (size.width * (item.crop?.w ?? 1)) / (item.w / 72);
          if (ppi < limits.minImageResolution) {
            const critical = ppi < limits.criticalImageResolution;
            once(`image|${item.resource}|${Math.round(ppi)}`, () =>
              warning('lowImageResolution', `Picture “${item.resource}” prints at ${Math.round(ppi)} ppi, below ${limits.minImageResolution} ppi${critical ? ` (critical under ${limits.criticalImageResolution})` : ''}: supply more pixels or print it smaller.`, { chapterId: page.chapter, pageIndex: page.index, resource: item.resource }, critical ? 'critical' : 'warning'),
            );
          }
        }
      }
      if (item.op === Op.Rect && item.fill && stopsShortOfTrim(turnedRect(turn, item), page, limits.bleedSnap)) {
        once('trim', () => warning('nearTrim', `A box on page ${page.label} ends within ${(limits.bleedSnap / 72 * 25.4).toFixed(1)} mm of the trim: extend it into the bleed or pull it clear.`, { chapterId: page.chapter, pageIndex: page.index }));
      }
    }
  }
  return [...found.values()].map(({ warning: w, pages }) => (pages.size > 1 ? { ...w, detail: `${w.detail} (${pages.size} pages)` } : w));
}

function textPlace(page: PageDisplayList, item: Extract<DisplayItem, { op: 1 }>): { chapterId: string; pageIndex: number; offset?: number; toOffset?: number } {
  return { chapterId: page.chapter, pageIndex: page.index, ...(item.srcFrom >= 0 ? { offset: item.srcFrom, toOffset: item.srcFrom + item.text.length } : {}) };
}

/** The page box (pt) of the box (x1, y1)–(x2, y2) drawn through `m` (none: itself). */
function drawnBox(m: Matrix | null, x1: number, y1: number, x2: number, y2: number): { left: number; top: number; right: number; bottom: number } {
  if (!m) return { left: x1, top: y1, right: x2, bottom: y2 };
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [[x1, y1], [x2, y1], [x1, y2], [x2, y2]] as const) {
    xs.push(m[0] * x + m[2] * y + m[4]);
    ys.push(m[1] * x + m[3] * y + m[5]);
  }
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

function turnedRect(m: Matrix | null, rect: Extract<DisplayItem, { op: 3 }>): { x: number; y: number; w: number; h: number } {
  if (!m) return rect;
  const box = drawnBox(m, rect.x, rect.y, rect.x + rect.w, rect.y + rect.h);
  return { x: box.left, y: box.top, w: box.right - box.left, h: box.bottom - box.top };
}

/** An edge closer to the trim than `snap` without reaching it (0 < gap < snap), pt. */
function stopsShortOfTrim(rect: { x: number; y: number; w: number; h: number }, page: PageDisplayList, snap: number): boolean {
  const gaps = [rect.x, rect.y, page.width - (rect.x + rect.w), page.height - (rect.y + rect.h)];
  return gaps.some((gap) => gap > 0.01 && gap < snap);
}

/**
 * How many process inks a colour needs, with a plain RGB → CMYK separation (K = 1 − max):
 * greys and black need K alone. An ink counts from 1 % up.
 */
export function inks(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!m) return 1;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16) / 255) as [number, number, number];
  const k = 1 - Math.max(r, g, b);
  if (k >= 0.999) return 1;
  const c = (1 - r - k) / (1 - k);
  const mg = (1 - g - k) / (1 - k);
  const y = (1 - b - k) / (1 - k);
  return [c, mg, y, k].filter((v) => v >= 0.01).length;
}

/** `OS/2.fsType` of SFNT bytes (0 when the table is missing or unreadable: installable). */
export function fsTypeOf(bytes: Uint8Array): number {
  if (bytes.length < 12) return 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = view.getUint16(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (record + 16 > bytes.length) return 0;
    const tag = String.fromCharCode(bytes[record]!, bytes[record + 1]!, bytes[record + 2]!, bytes[record + 3]!);
    if (tag !== 'OS/2') continue;
    const offset = view.getUint32(record + 8);
    return offset + 10 <= bytes.length ? view.getUint16(offset + 8) : 0;
  }
  return 0;
}

/**
 * What the licence bits forbid that the PDF writer does (OpenType OS/2 `fsType`): embedding
 * (restricted licence, 0x0002, unless a less restrictive bit 0x0004/0x0008 is also set),
 * subsetting (0x0100: the writer always subsets), embedding outlines (0x0200: bitmaps only).
 */
export function embeddingProblem(fsType: number): string | null {
  if ((fsType & 0x000e) === 0x0002) return 'forbids embedding (restricted licence)';
  if (fsType & 0x0200) return 'allows embedding bitmaps only, not outlines';
  if (fsType & 0x0100) return 'forbids subsetting, and the PDF embeds subsets';
  return null;
}
