/**
 * The printed sheet around a page (configuration.md §2 `page.cutLines`): with cut lines on,
 * the sheet grows by bleed + mark offset + mark length on every side, the PDF gets TrimBox and
 * BleedBox, everything painted is clipped to the bleed box, and eight corner marks are drawn in
 * registration colour (`/Separation /All`, so they print on every plate).
 */
import { num } from './numbers';

export interface CutLines {
  /** Bleed beyond the trim, pt. */
  bleed: number;
  /** Gap between the trim and a mark, pt (a mark never starts inside the bleed). */
  markOffset: number;
  /** Length of each mark, pt. */
  markLength: number;
  /** Line width of the marks, pt. */
  markWidth: number;
}

export interface Sheet {
  /** Trim size, pt. */
  width: number;
  height: number;
  /** Paper added around the trim on each side, pt (0 without cut lines). */
  margin: number;
  cutLines: CutLines | null;
}

export function sheetFor(width: number, height: number, cutLines: CutLines | null): Sheet {
  return { width, height, margin: cutLines ? cutLines.bleed + cutLines.markOffset + cutLines.markLength : 0, cutLines };
}

type Box = [number, number, number, number];

/** MediaBox, TrimBox and (with cut lines) BleedBox, in PDF user space (y up). */
export function sheetBoxes(sheet: Sheet): { media: Box; trim: Box; bleed: Box | null } {
  const m = sheet.margin;
  const media: Box = [0, 0, sheet.width + 2 * m, sheet.height + 2 * m];
  const trim: Box = [m, m, m + sheet.width, m + sheet.height];
  const b = sheet.cutLines?.bleed ?? 0;
  return { media, trim, bleed: sheet.cutLines ? [m - b, m - b, m + sheet.width + b, m + sheet.height + b] : null };
}

/** Resource name of the registration colour space in the page resources. */
export const REGISTRATION_COLOUR_SPACE = 'CSAll';

/** Operators that open the page: move to the trim origin and clip to the bleed box. */
export function sheetPrologue(sheet: Sheet): string {
  const m = sheet.margin;
  const out = ['q'];
  if (m !== 0) out.push(`1 0 0 1 ${num(m)} ${num(m)} cm`);
  if (sheet.cutLines) {
    const b = sheet.cutLines.bleed;
    out.push(`${num(-b)} ${num(-b)} ${num(sheet.width + 2 * b)} ${num(sheet.height + 2 * b)} re W n`);
  }
  return out.join('\n');
}

/** Operators that close the page: restore the state and draw the crop marks outside the bleed. */
export function sheetEpilogue(sheet: Sheet): string {
  const out = ['Q'];
  const cut = sheet.cutLines;
  if (!cut) return out.join('\n');
  const m = sheet.margin;
  const start = Math.max(cut.markOffset, cut.bleed);
  const end = start + cut.markLength;
  const [left, bottom, right, top] = [m, m, m + sheet.width, m + sheet.height];
  const lines: [number, number, number, number][] = [];
  for (const y of [bottom, top]) {
    lines.push([left - start, y, left - end, y], [right + start, y, right + end, y]);
  }
  for (const x of [left, right]) {
    lines.push([x, bottom - start, x, bottom - end], [x, top + start, x, top + end]);
  }
  out.push('q', `/${REGISTRATION_COLOUR_SPACE} CS 1 SCN`, `${num(cut.markWidth)} w`);
  for (const [x1, y1, x2, y2] of lines) out.push(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  out.push('Q');
  return out.join('\n');
}
