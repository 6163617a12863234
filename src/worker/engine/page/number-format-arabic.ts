/**
 * The Arabic letter counters of configuration.md §3: `abjad` (letters in the abjad order, أ ب ج د
 * ه و ز …), `hijai` (the alphabetical order أ ب ت ث …), and the abjad numerals `arabic-abjad` /
 * `arabic-abjad-maghrebi` (additive letter values: يا = 10 + 1 = 11).
 *
 * Our choices where §3 leaves room: the two letter counters run on past the 28th letter the way
 * `lower-alpha` does (bijective base 28: the 29th is أأ); abjad numerals write thousands as the
 * numeral of the thousands count followed by the 1000 letter (2000 = بغ, 1000 = غ); zero and
 * negative values print decimal digits (no counter has a zero).
 */

/** The 28 letters in the abjad order (أبجد هوز حطي كلمن سعفص قرشت ثخذ ضظغ). */
const ABJAD_ORDER = ['أ', 'ب', 'ج', 'د', 'ه', 'و', 'ز', 'ح', 'ط', 'ي', 'ك', 'ل', 'م', 'ن', 'س', 'ع', 'ف', 'ص', 'ق', 'ر', 'ش', 'ت', 'ث', 'خ', 'ذ', 'ض', 'ظ', 'غ'];

/** The 28 letters in the alphabetical (hijāʾī) order. */
const HIJAI_ORDER = ['أ', 'ب', 'ت', 'ث', 'ج', 'ح', 'خ', 'د', 'ذ', 'ر', 'ز', 'س', 'ش', 'ص', 'ض', 'ط', 'ظ', 'ع', 'غ', 'ف', 'ق', 'ك', 'ل', 'م', 'ن', 'ه', 'و', 'ي'];

/**
 * Letter values of the eastern (mashriqi) abjad numerals: units, tens, hundreds, and 1000. The
 * numerals use the bare alif ا for 1 (the spec's يا = 11).
 */
const MASHRIQI = {
  units: ['', 'ا', 'ب', 'ج', 'د', 'ه', 'و', 'ز', 'ح', 'ط'],
  tens: ['', 'ي', 'ك', 'ل', 'م', 'ن', 'س', 'ع', 'ف', 'ص'],
  hundreds: ['', 'ق', 'ر', 'ش', 'ت', 'ث', 'خ', 'ذ', 'ض', 'ظ'],
  thousand: 'غ',
};

/**
 * The western (maghrebi) values differ from 60 on: ص 60, ض 90, س 300, ظ 800, غ 900, ش 1000.
 */
const MAGHREBI = {
  units: MASHRIQI.units,
  tens: ['', 'ي', 'ك', 'ل', 'م', 'ن', 'ص', 'ع', 'ف', 'ض'],
  hundreds: ['', 'ق', 'ر', 'س', 'ت', 'ث', 'خ', 'ذ', 'ظ', 'غ'],
  thousand: 'ش',
};

/** Bijective base-N over `letters` (1 → the first letter, N + 1 → two letters). */
function letterCounter(n: number, letters: readonly string[]): string {
  if (n <= 0 || !Number.isInteger(n)) return String(n);
  let rest = n;
  let out = '';
  while (rest > 0) {
    rest--;
    out = letters[rest % letters.length]! + out;
    rest = Math.floor(rest / letters.length);
  }
  return out;
}

/** An abjad numeral below 1000: hundreds, tens, units, largest first (read right to left). */
function belowThousand(n: number, values: typeof MASHRIQI): string {
  return values.hundreds[Math.floor(n / 100) % 10]! + values.tens[Math.floor(n / 10) % 10]! + values.units[n % 10]!;
}

function abjadNumeral(n: number, values: typeof MASHRIQI): string {
  if (n <= 0 || !Number.isInteger(n)) return String(n);
  const thousands = Math.floor(n / 1000);
  // 1000 is the bare thousand letter; 2000 and up put the count before it (بغ = 2 × 1000).
  const head = thousands === 0 ? '' : (thousands === 1 ? '' : abjadNumeral(thousands, values)) + values.thousand;
  return head + belowThousand(n % 1000, values);
}

/** `n` in one of the Arabic letter formats (canonical ids), or undefined for other ids. */
export function arabicLetterFormat(n: number, id: string): string | undefined {
  switch (id) {
    case 'abjad':
      return letterCounter(n, ABJAD_ORDER);
    case 'hijai':
      return letterCounter(n, HIJAI_ORDER);
    case 'arabic-abjad':
      return abjadNumeral(n, MASHRIQI);
    case 'arabic-abjad-maghrebi':
      return abjadNumeral(n, MAGHREBI);
    default:
      return undefined;
  }
}
