/**
 * `chipOverlap` (document-format §10.5, §21; checks/chips.ts): a chip's box — its text band (0.8 em
 * above, 0.25 em below the baseline) grown by the style's padding and outline (configuration.md
 * §13.2) — never opens the leading, so with tight leading or a large padding it reaches into the
 * next line. Reported once per block, at its first chip that touches the text band of a run on
 * another line or another chip's box; chips that stand clear are not.
 */
import { describe, expect, it } from 'vitest';
import { runChecks } from './run-checks';

const filler = 'The quick brown fox jumps over the lazy dog while the patient reader follows every word of this sentence.';
const leading = (pt: number) => ({ bodyText: { lineHeight: { value: pt, unit: 'pt' } } });
const chipsIn = (source: string, config: object) => runChecks({ chapters: [{ id: 'c', source }], config: config as never }).warnings.filter((w) => w.kind === 'chipOverlap');

describe('chipOverlap', () => {
  const source = `Press :chip[Enter] to go on. ${filler} ${filler}\n\nA second paragraph with :chip[Esc] in it. ${filler}`;

  it('stays quiet at the default leading (1.5 em)', () => {
    expect(chipsIn(source, {})).toEqual([]);
  });

  it('reports each paragraph whose chip reaches the next line, at the chip', () => {
    // 8 pt leading at the 8 pt body: the chip's 3.3 pt below the baseline meets the band 6.4 pt above the next.
    const found = chipsIn(source, leading(8));
    expect(found.map((w) => source.slice(w.offset, w.toOffset))).toEqual([':chip[Enter]', ':chip[Esc]']);
    expect(found[0]!.detail).toContain('the line below');
    expect(found[0]!.pageIndex).toBe(0);
  });

  it('tells chips touching each other across lines from chips standing clear', () => {
    // At 10.5 pt the text band of the next line stands clear of a chip (3.3 + 6.4 pt), two chip boxes do not (3.3 + 7.7 pt).
    const stacked = `:chip[First] ${filler}`;
    const clearOfText = chipsIn(stacked, leading(10.5));
    expect(clearOfText).toEqual([]);
    // A chip at the head of each of two lines (a paragraph per line, flush left: no indent after a heading) meets the one above.
    const two = `# Keys\n\n:chip[Alpha] beta\\\n:chip[Gamma] delta`;
    const met = chipsIn(two, leading(10.5));
    expect(met).toHaveLength(1);
    expect(met[0]!.detail).toContain('a chip on it');
    // The same two chips at the 12 pt default leading stand clear.
    expect(chipsIn(two, {})).toEqual([]);
    // And with the second chip moved right, out from under the first, they stand clear at 10.5 pt too.
    expect(chipsIn(`# Keys\n\n:chip[Alpha] beta\\\nwords words words words words words :chip[Gamma]`, leading(10.5))).toEqual([]);
  });

  it('measures a chip style with a large padding: it touches at a leading where the built-in chip does not', () => {
    const config = { ...leading(10.5), chipStyles: [{ id: 'big', paddingY: { value: 0.4, unit: 'em' } }] };
    const found = chipsIn(`Press :chip[Enter]{style="big"} to go on. ${filler} ${filler}`, config);
    expect(found).toHaveLength(1);
    expect(chipsIn(`Press :chip[Enter] to go on. ${filler} ${filler}`, leading(10.5))).toEqual([]);
  });
});
