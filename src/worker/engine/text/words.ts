/**
 * Word counts the way tools.md §7.4 and issue 7 define them for plain text: every Han, kana or
 * hangul character counts as one word (CJK text has no spaces to count), every run of other
 * letters or digits (with inner apostrophes and hyphens) as one.
 */
const CJK_CHARACTERS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

export function countPlainWords(text: string): number {
  const cjk = text.match(CJK_CHARACTERS)?.length ?? 0;
  const words = text.replace(CJK_CHARACTERS, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return words + cjk;
}
