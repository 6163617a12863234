/**
 * Seeded generator of original, non-repeating prose for tests and benchmarks: every paragraph
 * is drawn fresh from a PRNG, so no two paragraphs repeat (repetition would flatter caches).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a of and to in that with for as on by at from his her their its this which when where while ' +
  'printer compositor measure margin column gutter leading baseline grid folio running head chapter ' +
  'paragraph sentence justified ragged hyphen ligature kerning glyph typeface italic roman bold ' +
  'manuscript proof reader editor binding spine signature paper ink press impression edition volume ' +
  'river lantern harbour orchard meadow valley mountain winter summer evening morning quiet distant ' +
  'carefully slowly patiently suddenly gently finally perhaps always seldom together beyond beneath ' +
  'walked opened carried measured noticed arranged gathered followed answered remembered considered ' +
  'narrow generous delicate ordinary luminous crooked familiar unexpected patient restless ancient'
).split(' ');

export function sentence(random: () => number): string {
  const length = 6 + Math.floor(random() * 14);
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]!);
  const text = words.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + (random() < 0.15 ? ';' : '.');
}

export function paragraph(random: () => number, sentences = 3 + Math.floor(random() * 5)): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(' ');
}

/** A chapter of Markdown: an H1, then sections of paragraphs under H2s. */
export function chapterMarkdown(random: () => number, title: string, paragraphs: number): string {
  const parts = [`# ${title}`];
  for (let i = 0; i < paragraphs; i++) {
    if (i > 0 && i % 6 === 0) parts.push(`## ${sentence(random).slice(0, 40).replace(/[.;]$/, '')}`);
    parts.push(paragraph(random));
  }
  return parts.join('\n\n') + '\n';
}
