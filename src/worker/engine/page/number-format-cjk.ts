/**
 * The Japanese and Chinese counters of configuration.md §3 beyond the Chinese informal numerals
 * (number-format.ts): kana in gojūon and iroha order, heavenly stems and earthly branches, and the
 * positional numerals — Japanese informal (百一), Chinese financial (壹佰零壹) and Japanese formal
 * (壱拾).
 *
 * Our choices where §3 leaves room: kana counters run on past their last sign the way `lower-alpha`
 * does (bijective: the 49th hiragana is ああ); stems and branches stop at 10 / 12 (the spec's
 * words) and then print digits; the positional numerals cover 1–9999 and print CJK digits
 * beyond, like the informal ones.
 */

const HIRAGANA = [...'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん'];
const KATAKANA = [...'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヰヱヲン'];
const HIRAGANA_IROHA = [...'いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす'];
const KATAKANA_IROHA = [...'イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス'];
const HEAVENLY_STEMS = [...'甲乙丙丁戊己庚辛壬癸'];
const EARTHLY_BRANCHES = [...'子丑寅卯辰巳午未申酉戌亥'];
const CJK_DIGITS = [...'〇一二三四五六七八九'];

/** Bijective base-N over `signs` (1 → the first sign). */
function signCounter(n: number, signs: readonly string[]): string {
  let rest = n;
  let out = '';
  while (rest > 0) {
    rest--;
    out = signs[rest % signs.length]! + out;
    rest = Math.floor(rest / signs.length);
  }
  return out;
}

interface Positional {
  /** The signs for 1–9 (index 0 unused). */
  digits: readonly string[];
  /** The signs for ten, hundred, thousand. */
  units: readonly [string, string, string];
  /** Written for a run of zeros inside the number (Chinese 零); null: zeros are skipped (Japanese). */
  zero: string | null;
  /** A 1 before a unit is left out: 十二, 百一 (Japanese informal), or never (the formal numerals). */
  dropOne: boolean;
}

const JAPANESE_INFORMAL: Positional = { digits: ['', ...'一二三四五六七八九'], units: ['十', '百', '千'], zero: null, dropOne: true };
const SIMP_CHINESE_FORMAL: Positional = { digits: ['', ...'壹贰叁肆伍陆柒捌玖'], units: ['拾', '佰', '仟'], zero: '零', dropOne: false };
const TRAD_CHINESE_FORMAL: Positional = { digits: ['', ...'壹貳參肆伍陸柒捌玖'], units: ['拾', '佰', '仟'], zero: '零', dropOne: false };
const JAPANESE_FORMAL: Positional = { digits: ['', ...'壱弐参四伍六七八九'], units: ['拾', '百', '阡'], zero: null, dropOne: false };

function positional(n: number, system: Positional): string {
  if (n >= 10000) return [...String(n)].map((d) => CJK_DIGITS[Number(d)]!).join('');
  const ds = [...String(n)].map(Number);
  let out = '';
  let pendingZero = false;
  ds.forEach((d, i) => {
    const place = ds.length - 1 - i; // 0 units, 1 tens, 2 hundreds, 3 thousands
    if (d === 0) {
      pendingZero = out !== '';
      return;
    }
    if (pendingZero && system.zero) out += system.zero;
    pendingZero = false;
    const unit = place === 0 ? '' : system.units[place - 1]!;
    out += (d === 1 && unit && system.dropOne ? '' : system.digits[d]!) + unit;
  });
  return out;
}

/** `n` (≥ 1) in one of these formats (canonical ids), or undefined for other ids. */
export function cjkCounterFormat(n: number, id: string): string | undefined {
  switch (id) {
    case 'hiragana':
      return signCounter(n, HIRAGANA);
    case 'katakana':
      return signCounter(n, KATAKANA);
    case 'hiragana-iroha':
      return signCounter(n, HIRAGANA_IROHA);
    case 'katakana-iroha':
      return signCounter(n, KATAKANA_IROHA);
    case 'cjk-heavenly-stem':
      return n <= HEAVENLY_STEMS.length ? HEAVENLY_STEMS[n - 1]! : String(n);
    case 'cjk-earthly-branch':
      return n <= EARTHLY_BRANCHES.length ? EARTHLY_BRANCHES[n - 1]! : String(n);
    case 'japanese-informal':
      return positional(n, JAPANESE_INFORMAL);
    case 'japanese-formal':
      return positional(n, JAPANESE_FORMAL);
    case 'simp-chinese-formal':
      return positional(n, SIMP_CHINESE_FORMAL);
    case 'trad-chinese-formal':
      return positional(n, TRAD_CHINESE_FORMAL);
    default:
      return undefined;
  }
}
