/**
 * The inline phase's fast path (parse/inlines.ts `parseInlines`): a block whose text holds no
 * character that can start markup is returned as one unmarked text without running the passes.
 * It must give exactly what the full parser gives — text, marks, range, explicit offsets for
 * joined lines and join spaces, diagnostics — on every such text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JoinedText, parseInlines, parseInlinesWithPasses, type InlineContext } from '../../../src/worker/engine/parse/inlines';
import { Diagnostics, SourceText } from '../../../src/worker/engine/parse/lex';
import { mulberry32, paragraph } from '../../support/prose';

/** The lines of `source` joined as a paragraph is: each line's text, a join space between them. */
function joinLines(source: string, space: boolean): JoinedText {
  const joined = new JoinedText();
  let from = 0;
  const lines = source.split('\n');
  lines.forEach((line, k) => {
    joined.appendSource(source, from, from + line.length);
    if (k < lines.length - 1 && space) joined.appendUnit(' ', from + line.length);
    from += line.length + 1;
  });
  return joined;
}

function both(source: string, space = true, context: InlineContext = 'body') {
  const run = (parse: typeof parseInlines) => {
    const src = new SourceText(source);
    const diags = new Diagnostics(src, 'c');
    const inlines = parse(joinLines(source, space), { diags, src, context });
    return JSON.stringify({ inlines, diags: diags.list });
  };
  return { fast: run(parseInlines), full: run(parseInlinesWithPasses) };
}

describe('plain text parsed without the passes', () => {
  it('equals the full parser on prose, joined lines, other scripts and harmless punctuation', () => {
    const random = mulberry32(20261203);
    const texts = [
      ...Array.from({ length: 20 }, () => paragraph(random)),
      `${paragraph(random)}\n${paragraph(random)}\n${paragraph(random)}`,
      'Prices rose 5 % (or 7 %?) in 1911–12; the “north” wall — 3.5 m — fell. It’s #1 <sic> & a/b = c + d | e.',
      'Le château d’Ô, où l’on dîne à 20 h ; « bien » !? Non.',
      'قرأت الكتاب في المكتبة، ثم عدت إلى البيت.',
      '吾輩は猫である。名前はまだ無い。',
      'Emoji 🙂 and a surrogate pair 𝔸 in the middle.',
      'Trailing spaces   \nand a second line',
    ];
    for (const text of texts) {
      for (const context of ['body', 'heading', 'footnote', 'verse'] as const) {
        const { fast, full } = both(text, true, context);
        expect(fast).toBe(full);
      }
      const glued = both(text, false);
      expect(glued.fast).toBe(glued.full);
    }
  });

  it('equals the full parser on any text of characters that start no markup (property)', () => {
    const harmless = fc.constantFrom(...'abcXYZ019 .,;?()-–—\'"“”#%&<>=+/|éßجد中。\n\u00a0'.split(''));
    fc.assert(
      fc.property(fc.array(harmless, { minLength: 1, maxLength: 80 }), fc.boolean(), (chars, space) => {
        const text = chars.join('');
        const { fast, full } = both(text, space);
        return fast === full;
      }),
      { seed: 20261203, numRuns: 400 },
    );
  });

  it('leaves every text with a markup character to the passes (they still mark it up)', () => {
    const { fast, full } = both('A *word* and [^n1] and :ref{id="x"} and ＊＊bold＊＊.');
    expect(fast).toBe(full);
    expect(JSON.parse(fast).inlines.length).toBeGreaterThan(1);
    expect(JSON.parse(fast).diags.some((d: { kind: string }) => d.kind === 'fullwidthMarkup')).toBe(true);
  });
});
