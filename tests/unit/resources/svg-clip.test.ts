/**
 * Clipping of SVG drawings: `clipPath` / `clip-path` parsed into clip regions, turned into the
 * display list's Clip/ClipEnd groups (balanced, nested, around the items they clip), a drawing
 * cropped to its safe area clipped to its shown band, the canvas painter clipping with the same
 * path, and the PDF clipping it too (checked in pdftoppm's pixels).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, EngineCache, layoutBook, prepareResources, type BookInput } from '../../../src/worker/engine';
import { parseSvg } from '../../../src/worker/engine/resources/svg';
import type { ResourceRecordInput } from '../../../src/worker/engine/resources/model';
import { createSubsetter, writePdf } from '../../../src/worker/export/pdf';
import { pageContent } from '../../../src/worker/export/pdf/content';
import { GlyphPathCache, paintPage } from '../../../src/worker/paint/painter';
import { recordingContext } from '../../support/paint-context';
import { Op, type ClipItem, type DisplayItem, type PageDisplayList, type PathItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const require = createRequire(import.meta.url);

function layout(svg: string, extra: Partial<ResourceRecordInput> = {}) {
  const settings = defaultSettings();
  settings.columns = 1;
  const input: BookInput = {
    title: 'Clips',
    settings,
    chapters: [{ id: 'ch1', title: '', source: 'Before.\n\n::resource{id="d"}\n\nAfter.' }],
    resources: prepareResources([{ record: { id: 'd', typeId: 'figure', kind: 'svg', placement: { position: 'here' }, ...extra }, payload: new TextEncoder().encode(svg) }], {}),
  };
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

/** The page holding the drawing's items. */
const drawingPage = (pages: PageDisplayList[]): PageDisplayList => pages.find((p) => p.items.some((i) => (i.op === Op.Path || i.op === Op.Clip) && i.resource === 'd'))!;

/** Clip depth never below zero and back to zero at the end. */
function balanced(items: readonly DisplayItem[]): boolean {
  let depth = 0;
  for (const item of items) {
    if (item.op === Op.Clip) depth++;
    if (item.op === Op.ClipEnd && --depth < 0) return false;
  }
  return depth === 0;
}

const CLIPPED = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <defs><clipPath id="left"><rect x="0" y="0" width="100" height="100"/></clipPath>
        <clipPath id="top" clip-rule="evenodd"><path d="M0 0H200V50H0Z"/></clipPath></defs>
  <g clip-path="url(#left)" transform="translate(10 0)">
    <rect x="0" y="0" width="200" height="100" fill="#ff0000"/>
    <g style="clip-path: url(#top)"><circle cx="50" cy="50" r="40" fill="#0000ff"/></g>
  </g>
  <rect x="0" y="90" width="200" height="10" fill="#00ff00"/>
</svg>`;

describe('clip paths in the SVG reader', () => {
  it('reads clip regions in the clipped element’s space, nested in the outer one', () => {
    const drawing = parseSvg(CLIPPED)!;
    expect(drawing.skipped).toEqual([]);
    expect(drawing.clips).toHaveLength(2);
    // px → pt (0.75) and the group's translate(10 0): the left half starts at 7.5 pt.
    const xs = drawing.clips[0]!.segments.flatMap((s) => (s.c === 'Z' ? [] : [s.x]));
    expect(Math.min(...xs)).toBeCloseTo(7.5, 9);
    expect(Math.max(...xs)).toBeCloseTo(82.5, 9);
    expect(drawing.clips[1]).toMatchObject({ parent: 0, evenOdd: true });
    expect(drawing.shapes.map((s) => s.clip)).toEqual([0, 1, undefined]);
  });

  it('maps objectBoundingBox units onto the clipped shape’s box', () => {
    const drawing = parseSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><clipPath id="c" clipPathUnits="objectBoundingBox"><rect x="0" y="0" width="0.5" height="1"/></clipPath><rect x="20" y="40" width="40" height="20" fill="#000" clip-path="url(#c)"/></svg>`)!;
    const points = drawing.clips[0]!.segments.flatMap((s) => (s.c === 'Z' ? [] : [[s.x / 0.75, s.y / 0.75]]));
    expect(points.map(([x]) => Math.round(x!))).toEqual([20, 40, 40, 20]);
    expect(points.map(([, y]) => Math.round(y!))).toEqual([40, 40, 60, 60]);
  });

  it('an empty clip path hides its element; a missing one draws it unclipped; CSS shapes are counted as skipped', () => {
    const drawing = parseSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><clipPath id="none"/><rect width="10" height="10" clip-path="url(#none)"/><rect width="20" height="20" clip-path="url(#gone)"/><rect width="30" height="30" clip-path="inset(5px)"/></svg>`)!;
    expect(drawing.shapes).toHaveLength(2);
    expect(drawing.shapes.every((s) => s.clip === undefined)).toBe(true);
    expect(drawing.skipped).toEqual(['clip-path']);
  });
});

describe('clip groups in the display list', () => {
  it('opens a Clip before the items it clips and closes it after, nested groups inside their parent', () => {
    const page = drawingPage(layout(CLIPPED).pages);
    const all = page.items.filter((i) => (i as { resource?: string }).resource === 'd');
    // The red rect shifted 10 px right reaches past the viewport: the root viewport clip wraps everything.
    expect([all[0]!.op, all[all.length - 1]!.op]).toEqual([Op.Clip, Op.ClipEnd]);
    const own = all.slice(1, -1);
    expect(own.map((i) => i.op)).toEqual([Op.Clip, Op.Path, Op.Clip, Op.Path, Op.ClipEnd, Op.ClipEnd, Op.Path]);
    expect(balanced(page.items)).toBe(true);
    // The frame (where a print master goes) stays on the first path.
    expect((own[1] as PathItem).frame).toBeDefined();
    const [outer, inner] = own.filter((i): i is ClipItem => i.op === Op.Clip);
    expect(inner!.clipRule).toBe('evenodd');
    expect(outer!.clipRule).toBeUndefined();
    // The outer clip is 75 pt wide (100 px) at the drawing's left plus 7.5 pt.
    const frame = (own[1] as PathItem).frame!;
    const xs = outer!.d.match(/-?[\d.]+/g)!.map(Number).filter((_, i) => i % 2 === 0);
    expect(Math.min(...xs)).toBeCloseTo(frame.x + 7.5, 2);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(75, 2);
  });

  it('a drawing cropped to its safe area is clipped to the shown band', () => {
    // 300 × 3000 px = 225 × 2250 pt: far taller than a page, so it is cropped to the safe area.
    const tall = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="3000"><rect width="300" height="3000" fill="#ff0000"/><rect y="1400" width="300" height="200" fill="#0000ff"/></svg>`;
    const page = drawingPage(layout(tall, { safeArea: { x: 0, y: 0.45, width: 1, height: 0.1 } }).pages);
    const own = page.items.filter((i) => (i as { resource?: string }).resource === 'd');
    const first = own.find((i): i is PathItem => i.op === Op.Path)!;
    const clip = first.frame!.clip!;
    expect(clip).toBeDefined();
    expect(own[0]!.op).toBe(Op.Clip);
    expect(own[own.length - 1]!.op).toBe(Op.ClipEnd);
    const corners = (own[0] as ClipItem).d.match(/-?[\d.]+/g)!.map(Number);
    const expected = [clip.x, clip.y, clip.x + clip.w, clip.y, clip.x + clip.w, clip.y + clip.h, clip.x, clip.y + clip.h];
    corners.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 2));
    expect(first.frame!.h).toBeGreaterThan(page.height); // the drawing itself runs past the page
    expect(balanced(page.items)).toBe(true);
  });
});

/** Path2D does not exist in Node: a stand-in that remembers its SVG data. */
class RecordingPath {
  constructor(readonly d = '') {}
}
const savedPath2D = (globalThis as { Path2D?: unknown }).Path2D;
beforeAll(() => {
  (globalThis as { Path2D?: unknown }).Path2D = RecordingPath;
});
afterAll(() => {
  (globalThis as { Path2D?: unknown }).Path2D = savedPath2D;
});

describe('the canvas painter', () => {
  it('clips with the Clip item’s path between a save and its restore', () => {
    const log: string[] = [];
    const ctx = recordingContext({
      save: () => log.push('save'),
      restore: () => log.push('restore'),
      fill: (path: Path2D) => log.push(`fill ${(path as unknown as RecordingPath).d}`),
      clip: (path: Path2D, rule?: CanvasFillRule) => log.push(`clip ${(path as unknown as RecordingPath).d} ${rule}`),
    });
    const list: PageDisplayList = {
      version: 1,
      index: 0,
      label: '1',
      chapter: 'c',
      role: 'body',
      width: 100,
      height: 100,
      items: [
        { op: Op.Clip, d: 'M0 0H50V50H0Z', clipRule: 'evenodd' },
        { op: Op.Path, d: 'M0 0H100V100H0Z', fill: '#ff0000' },
        { op: Op.ClipEnd },
        { op: Op.Path, d: 'M1 1H2V2Z', fill: '#000000' },
        { op: Op.Clip, d: 'M0 0H1V1Z' }, // left open: closed by the painter
      ],
    };
    paintPage(ctx, list, new GlyphPathCache(), 2);
    expect(log).toEqual(['save', 'save', 'clip M0 0H50V50H0Z evenodd', 'fill M0 0H100V100H0Z', 'restore', 'fill M1 1H2V2Z', 'save', 'clip M0 0H1V1Z nonzero', 'restore', 'restore']);
  });
});

describe('the PDF writer', () => {
  it('writes a clip as q … W n … Q, balanced even when the list leaves one open', () => {
    const list: PageDisplayList = { version: 1, index: 0, label: '1', chapter: 'c', role: 'body', width: 100, height: 100, items: [{ op: Op.Clip, d: 'M0 0H50V50H0Z', clipRule: 'evenodd' }, { op: Op.Path, d: 'M0 0H100V100H0Z', fill: '#ff0000' }] };
    const content = pageContent(list, { font: () => undefined, opacity: () => 'GS0', image: () => undefined });
    expect(content).toMatch(/q\n1 0 0 -1 0 100 cm\n0 0 m\n50 0 l\n50 50 l\n0 50 l\nh\nW\* n\n1 0 0 -1 0 100 cm/);
    expect(content.split('\n').filter((l) => l === 'q').length).toBe(content.split('\n').filter((l) => l === 'Q').length);
  });

  it('a cropped SVG figure draws nothing outside its frame (pdftoppm pixels)', async () => {
    // Red everywhere but a blue band in the safe area: cropped to the band, no red may show
    // above or below the shown part, though the drawing's paths run past the page.
    const tall = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="3000"><rect width="300" height="3000" fill="#ff0000"/><rect y="1300" width="300" height="400" fill="#0000ff"/></svg>`;
    const book = layout(tall, { safeArea: { x: 0, y: 0.45, width: 1, height: 0.1 } });
    const pageIndex = book.pages.indexOf(drawingPage(book.pages));
    const page = book.pages[pageIndex]!;
    const clip = page.items.find((i): i is PathItem => i.op === Op.Path && i.resource === 'd')!.frame!.clip!;
    const subsetter = await createSubsetter(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
    const out = await writePdf({ pages: [page], fontBytes: (id) => fonts.get(id)?.bytes, subsetter, metadata: { title: 'Clip' }, outlines: false, cutLines: null, binding: 'left', date: new Date(0) });
    const dir = mkdtempSync(join(tmpdir(), 'postext-svg-clip-'));
    writeFileSync(join(dir, 'clip.pdf'), out.bytes);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '72', '-png', join(dir, 'clip.pdf'), join(dir, 'page')]);
    const png = PNG.sync.read(readFileSync(join(dir, 'page-1.png')));
    const at = (x: number, y: number): number[] => {
      const i = (Math.round(y) * png.width + Math.round(x)) * 4;
      return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    };
    const midX = clip.x + clip.w / 2;
    // Inside the band: the drawing's blue (the band is the middle of the safe area).
    expect(at(midX, clip.y + clip.h / 2)).toEqual([0, 0, 255]);
    // No red anywhere above or below the shown band in the picture's column.
    let red = 0;
    for (let y = 0; y < png.height; y++) {
      if (y > clip.y - 1 && y < clip.y + clip.h + 1) continue;
      const [r, g, b] = at(midX, y);
      if (r! > 200 && g! < 80 && b! < 80) red++;
    }
    expect(red).toBe(0);
  });
});
