/**
 * `bodyText.tashkil` (configuration.md §6.1; document-format §18.2: "removes vowel marks at
 * layout"): Arabic vocalisation marks dropped from the text before it is shaped. The source is
 * untouched; the characters that remain keep their own source offsets, so click-to-source, the
 * lines' source ranges and PDF text still map to the source.
 *
 * Our reading of the two values (the spec names them only):
 * - `strip-vowels` drops the signs that write a *short vowel*: fatha, damma, kasra and their
 *   doubled (tanwin) forms U+064B–U+0650, and the variant vowel signs of other orthographies and
 *   of Qurʾānic typesetting — U+0657 inverted damma, U+0659–U+065E, U+08E4–U+08E9 curly vowels,
 *   U+08F0–U+08F2 open tanwin, U+08F4–U+08F6, U+08FE. Partial vocalisation keeps what writes a
 *   consonant or the spelling: shadda (gemination), sukun (no vowel), superscript and subscript
 *   alef (a long ā/ī that has no letter, هٰذا).
 * - `strip` drops all tashkil: the above, and shadda U+0651, sukun U+0652, subscript alef U+0656,
 *   superscript (dagger) alef U+0670, the Qurʾānic round sukun U+06E1 and turned damma below U+08E3.
 * Never dropped under either: hamza above/below and madda (U+0653–U+0655, which spell a letter:
 * أ may be typed as ا + U+0654), the tatweel (U+0640, author-typed elongation is honoured), the
 * Qurʾānic pause and annotation marks (U+06D6–U+06ED but U+06E1), the noon-ghunna mark (U+0658)
 * and the wavy hamza below (U+065F), and the tone marks of African orthographies (U+08EA–U+08EF).
 */

/** Short-vowel signs, dropped by both `strip` and `strip-vowels`. */
function isShortVowel(cp: number): boolean {
  return (cp >= 0x064b && cp <= 0x0650) || cp === 0x0657 || (cp >= 0x0659 && cp <= 0x065e) || (cp >= 0x08e4 && cp <= 0x08e9) || (cp >= 0x08f0 && cp <= 0x08f2) || (cp >= 0x08f4 && cp <= 0x08f6) || cp === 0x08fe;
}

/** The other tashkil, dropped by `strip` only. */
function isOtherTashkil(cp: number): boolean {
  return cp === 0x0651 || cp === 0x0652 || cp === 0x0656 || cp === 0x0670 || cp === 0x06e1 || cp === 0x08e3;
}

export type TashkilMode = 'strip' | 'strip-vowels';

/** Whether `mode` drops the character `cp` (a BMP code point). */
export function dropsMark(mode: TashkilMode, cp: number): boolean {
  return isShortVowel(cp) || (mode === 'strip' && isOtherTashkil(cp));
}

/** Any character in the ranges above: the common text (no Arabic marks) is passed through untouched. */
const ANY_MARK = /[\u064b-\u0652\u0656-\u065e\u0670\u06e1\u08e3-\u08fe]/;

/**
 * `text` without the marks `mode` drops, with the source offset of each unit left (`offsetAt(i)`:
 * the source offset of unit i of `text`); null when nothing is dropped (the caller keeps its run).
 */
export function stripTashkil(text: string, offsetAt: (unit: number) => number, mode: TashkilMode): { text: string; offsets: number[] } | null {
  if (!ANY_MARK.test(text)) return null;
  let out = '';
  const offsets: number[] = [];
  let dropped = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (dropsMark(mode, unit)) {
      dropped = true;
      continue;
    }
    out += text[i];
    offsets.push(offsetAt(i));
  }
  return dropped ? { text: out, offsets } : null;
}
