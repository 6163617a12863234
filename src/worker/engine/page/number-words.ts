/**
 * Numbers in words for the heading/part design placeholders of configuration.md §5.5
 * (`{numberWords}`, `{numberOrdinalWords}` and their lower-case forms): "Part Three", "The Second
 * Book". English and Spanish (the languages of the bundled guides); any other language takes the
 * English words (our choice: the spec names no per-language table). 1–999; outside that range the
 * decimal digits.
 */

const EN_UNITS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** Ordinals of the words whose ordinal is irregular; the others add "th" (twenty → twentieth). */
const EN_ORDINAL: Record<string, string> = { one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth' };

function englishCardinal(n: number): string {
  if (n < 20) return EN_UNITS[n]!;
  if (n < 100) return EN_TENS[Math.floor(n / 10)]! + (n % 10 ? `-${EN_UNITS[n % 10]!}` : '');
  return `${EN_UNITS[Math.floor(n / 100)]!} hundred${n % 100 ? ` and ${englishCardinal(n % 100)}` : ''}`;
}

function englishOrdinal(n: number): string {
  const words = englishCardinal(n);
  // The last word (after a space or hyphen) takes the ordinal form.
  const m = /^(.*?)([a-z]+)$/.exec(words)!;
  const last = m[2]!;
  const ordinal = EN_ORDINAL[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return m[1]! + ordinal;
}

const ES_UNITS = ['', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const ES_TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const ES_HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];
const ES_ORD_UNITS = ['', 'primero', 'segundo', 'tercero', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno'];
const ES_ORD_TENS = ['', 'décimo', 'vigésimo', 'trigésimo', 'cuadragésimo', 'quincuagésimo', 'sexagésimo', 'septuagésimo', 'octogésimo', 'nonagésimo'];
const ES_ORD_HUNDREDS = ['', 'centésimo', 'ducentésimo', 'tricentésimo', 'cuadringentésimo', 'quingentésimo', 'sexcentésimo', 'septingentésimo', 'octingentésimo', 'noningentésimo'];

function spanishCardinal(n: number): string {
  if (n === 100) return 'cien';
  if (n < 30) return ES_UNITS[n]!;
  if (n < 100) return ES_TENS[Math.floor(n / 10)]! + (n % 10 ? ` y ${ES_UNITS[n % 10]!}` : '');
  return ES_HUNDREDS[Math.floor(n / 100)]! + (n % 100 ? ` ${spanishCardinal(n % 100)}` : '');
}

function spanishOrdinal(n: number): string {
  const parts = [ES_ORD_HUNDREDS[Math.floor(n / 100)]!, ES_ORD_TENS[Math.floor((n % 100) / 10)]!, ES_ORD_UNITS[n % 10]!];
  // 11 and 12 have their own forms (undécimo, duodécimo).
  if (n % 100 === 11) parts.splice(1, 2, 'undécimo');
  if (n % 100 === 12) parts.splice(1, 2, 'duodécimo');
  return parts.filter((p) => p).join(' ');
}

/** `n` in words (`ordinal`: first, second…), lower case, in the book's language (BCP 47 tag). */
export function numberWords(n: number, language: string, ordinal = false): string {
  if (!Number.isInteger(n) || n < 1 || n > 999) return String(n);
  const spanish = language.toLowerCase().split(/[-_]/)[0] === 'es';
  if (spanish) return ordinal ? spanishOrdinal(n) : spanishCardinal(n);
  return ordinal ? englishOrdinal(n) : englishCardinal(n);
}

/** Upper-cases the first letter of every word ("twenty-first" → "Twenty-First"; Spanish: the first word only). */
export function capitaliseWords(words: string, language: string): string {
  const spanish = language.toLowerCase().split(/[-_]/)[0] === 'es';
  if (spanish) return words.charAt(0).toLocaleUpperCase('es') + words.slice(1);
  return words.replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase()).replace(/ And /g, ' and ');
}
