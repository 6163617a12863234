/**
 * `/PageLabels` (PDF 32000-1 §12.4.2) equal to the printed folios: each page's label is read
 * back into a numbering style (decimal, roman, letters) and value, and consecutive pages that
 * continue one numbering share a range. A label no PDF style can express (other numeral
 * systems) becomes a literal prefix for its page.
 */

export type LabelStyle = 'D' | 'r' | 'R' | 'a' | 'A';

export interface LabelRange {
  /** 0-based index of the range's first page in the PDF. */
  start: number;
  /** Numbering style; absent for a literal label. */
  style?: LabelStyle;
  /** First value of the numbering (PDF /St, ≥ 1). */
  first?: number;
  /** Literal label (PDF /P) when no style fits. */
  prefix?: string;
}

const ROMAN: [number, string][] = [
  [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
  [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
];

function roman(value: number): string {
  let out = '';
  let rest = value;
  for (const [amount, letters] of ROMAN) {
    while (rest >= amount) {
      out += letters;
      rest -= amount;
    }
  }
  return out;
}

/** PDF letter numbering: a–z, then aa–zz, aaa–zzz (the letter repeated), §12.4.2 Table 159. */
function letters(value: number): string {
  const letter = String.fromCharCode(97 + ((value - 1) % 26));
  return letter.repeat(Math.floor((value - 1) / 26) + 1);
}

/** A label as a PDF viewer shows it for a style and value. */
export function formatLabel(style: LabelStyle, value: number): string {
  switch (style) {
    case 'D':
      return String(value);
    case 'r':
      return roman(value);
    case 'R':
      return roman(value).toUpperCase();
    case 'a':
      return letters(value);
    case 'A':
      return letters(value).toUpperCase();
  }
}

/** The style and value a label could be, most likely first (roman before letters: "i", "v"). */
function readLabel(label: string): { style: LabelStyle; value: number }[] {
  const out: { style: LabelStyle; value: number }[] = [];
  if (/^[1-9]\d{0,8}$/.test(label)) out.push({ style: 'D', value: Number(label) });
  for (const style of ['r', 'R'] as const) {
    if (!/^[ivxlcdm]+$/i.test(label)) break;
    const lower = label.toLowerCase();
    // Parse by trying values: labels are short, and this accepts only canonical numerals.
    for (let v = 1; v <= 3999; v++) {
      if (roman(v) === lower) {
        if (formatLabel(style, v) === label) out.push({ style, value: v });
        break;
      }
    }
  }
  if (/^([a-z])\1*$/.test(label)) out.push({ style: 'a', value: (label.length - 1) * 26 + label.charCodeAt(0) - 96 });
  if (/^([A-Z])\1*$/.test(label)) out.push({ style: 'A', value: (label.length - 1) * 26 + label.charCodeAt(0) - 64 });
  return out;
}

/** Ranges that reproduce `labels` page by page. */
export function labelRanges(labels: readonly string[]): LabelRange[] {
  const ranges: LabelRange[] = [];
  let current: { style: LabelStyle; next: number } | null = null;
  labels.forEach((label, index) => {
    // A page that continues the current numbering stays in its range.
    if (current && formatLabel(current.style, current.next) === label) {
      current.next++;
      return;
    }
    const reading = readLabel(label)[0];
    if (reading) {
      ranges.push({ start: index, style: reading.style, first: reading.value });
      current = { style: reading.style, next: reading.value + 1 };
    } else {
      ranges.push({ start: index, prefix: label });
      current = null;
    }
  });
  return ranges;
}

/** What a viewer shows for page `index` under `ranges` (the inverse of labelRanges; for tests). */
export function labelOf(ranges: readonly LabelRange[], index: number): string {
  let range: LabelRange | undefined;
  for (const r of ranges) if (r.start <= index) range = r;
  if (!range) return String(index + 1);
  const numbering = range.style ? formatLabel(range.style, (range.first ?? 1) + index - range.start) : '';
  return `${range.prefix ?? ''}${numbering}`;
}
