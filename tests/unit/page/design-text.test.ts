/**
 * Design text beyond plain lines (configuration.md §5.3): the single-line `overflow` modes cut a
 * line wider than its box at word boundaries (`ellipsis-start`/`-middle`/`-end`) or clip it at the
 * box edge, and every cut is recorded for the `designTextTruncated` warning.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonObject, StoredConfig } from '../../../src/worker/config';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { ellipsised } from '../../../src/worker/engine/page/furniture-elements';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { createHyphenator } from '../../../src/worker/engine/text/hyphenate';
import { Op, type ClipItem, type GlyphRunItem, type PageDisplayList, type PathItem, type RectItem } from '../../../src/worker/protocol/displaylist';
import { EngineCache } from '../../../src/worker/engine';
import { dump, oneChapterBook, run, runs } from './helpers';

/** A width function of 5 pt per character (spaces and the ellipsis included). */
const mono = (t: string): number => [...t].length * 5;
const TITLE = 'The Lantern Keeper and the Ships That Passed in the Night';
const furnitureRuns = (page: PageDisplayList): GlyphRunItem[] => runs(page).filter((r) => r.line === undefined);
const BODY = 'The quick brown fox jumps over the lazy dog while the patient reader follows every word of this sentence.';

describe('ellipses cut at word boundaries', () => {
  it('keeps the leading words for ellipsis-end, the trailing ones for ellipsis-start', () => {
    // 100 pt = 20 characters.
    expect(ellipsised(TITLE, 100, 'ellipsis-end', mono)).toBe('The Lantern Keeper…');
    expect(ellipsised(TITLE, 100, 'ellipsis-start', mono)).toBe('…Passed in the Night');
    for (const mode of ['ellipsis-end', 'ellipsis-start', 'ellipsis-middle'] as const) {
      const cut = ellipsised(TITLE, 100, mode, mono);
      expect(mono(cut), mode).toBeLessThanOrEqual(100);
      // Every word printed is a whole word of the title.
      for (const word of cut.replace('…', ' ').split(/\s+/).filter((w) => w)) expect(TITLE.split(' '), `${mode}: ${cut}`).toContain(word);
    }
  });

  it('keeps both ends for ellipsis-middle, the head first when the count is odd', () => {
    expect(ellipsised(TITLE, 100, 'ellipsis-middle', mono)).toBe('The Lantern … Night');
    expect(ellipsised(TITLE, 150, 'ellipsis-middle', mono)).toBe('The Lantern Keeper … the Night');
    // Five words: three at the head do not fit, so the tail takes the third.
    expect(ellipsised(TITLE, 145, 'ellipsis-middle', mono)).toBe('The Lantern … in the Night');
    expect(ellipsised('Alpha Beta Gamma', 45, 'ellipsis-middle', mono)).toBe('Alpha …');
  });

  it('prints the ellipsis alone rather than split a word', () => {
    expect(ellipsised('Incomprehensibilities abound', 60, 'ellipsis-end', mono)).toBe('…');
    expect(ellipsised('Incomprehensibilities', 60, 'ellipsis-start', mono)).toBe('…');
  });
});

describe('single-line overflow in a designed header', () => {
  const head = (overflow: string, extra: Record<string, unknown> = {}): StoredConfig => ({
    footer: { elements: [] },
    header: {
      elements: [
        { kind: 'text', id: 'head', content: TITLE, fontFamily: 'Open Sans', fontSize: { value: 9, unit: 'pt' }, align: 'left', overflow, placement: { anchor: { to: 'container', edge: 'bottom-left' }, size: { width: { value: 90, unit: 'pt' } } }, ...extra },
      ],
    },
  });

  it('prints the middle ellipsis within the box and records the cut on every page', () => {
    const settings = settingsFromConfig(head('ellipsis-middle'));
    const layout = run(oneChapterBook(`${BODY}\n\n`.repeat(60), settings));
    expect(layout.pages.length).toBeGreaterThan(1);
    for (const page of layout.pages) {
      const text = furnitureRuns(page).map((r) => r.text).join('');
      expect(text, `page ${page.label}`).toMatch(/^The .* … .*Night$/);
      const run0 = furnitureRuns(page)[0]!;
      expect(run0.xs[run0.xs.length - 1]! - run0.xs[0]!).toBeLessThan(90);
    }
    const cuts = layout.chapters[0]!.designTruncated ?? [];
    expect(cuts.map((c) => c.pageIndex)).toEqual(layout.pages.map((p) => p.index));
    expect(cuts[0]).toMatchObject({ slot: 'header', element: 'head', text: TITLE, mode: 'ellipsis-middle' });
  });

  it('clips a line at the box edge: the whole text inside a clip group as wide as the box', () => {
    const settings = settingsFromConfig(head('clip', { align: 'right' }));
    const layout = run(oneChapterBook(BODY, settings));
    const page = layout.pages[0]!;
    const clipAt = page.items.findIndex((i) => i.op === Op.Clip);
    expect(clipAt).toBeGreaterThanOrEqual(0);
    const clip = page.items[clipAt] as ClipItem;
    const xs = [...clip.d.matchAll(/[MH](-?[\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(90, 1);
    const inside = page.items[clipAt + 1] as GlyphRunItem;
    expect(inside.op).toBe(Op.GlyphRun);
    expect(inside.text).toBe(TITLE);
    // Overflowing text starts at the box's start edge even when aligned right.
    expect(inside.xs[0]).toBeCloseTo(Math.min(...xs), 1);
    expect(page.items.slice(clipAt + 1).some((i) => i.op === Op.ClipEnd)).toBe(true);
    expect(layout.chapters[0]!.designTruncated).toEqual([expect.objectContaining({ mode: 'clip', element: 'head', pageIndex: 0 })]);
  });

  it('records nothing when the text fits', () => {
    const settings = settingsFromConfig(head('ellipsis-end', { content: 'Short' }));
    const layout = run(oneChapterBook(BODY, settings));
    expect(furnitureRuns(layout.pages[0]!).map((r) => r.text)).toEqual(['Short']);
    expect(layout.chapters[0]!.designTruncated).toBeUndefined();
  });
});

describe('page values in part designs (§5.5: {pageNumber}, {title}; heading/part number forms)', () => {
  const text = (id: string, content: string, y: number, extra: Record<string, unknown> = {}) => ({ kind: 'text', id, content, fontFamily: 'Open Sans', fontSize: { value: 10, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top' }, offset: { y: { value: y, unit: 'pt' } } }, ...extra });
  const partSource = `:::part{number="3" title="Harbours"}\n:::\n\n# The lantern\n\n${BODY}`;

  it('prints the part page\'s own label and the book title', () => {
    const settings = settingsFromConfig({
      parts: { design: { elements: [text('folio', 'page {pageNumber} of {title}', 100), text('words', 'Part {numberWords} · the {numberOrdinalWordsLower} part · {numberHan}', 140)] } },
    });
    // A chapter before it puts the part page further on, so its label is not "1".
    const layout = run({ title: 'Lanterns at Sea', settings, chapters: [{ id: 'a', title: '', source: `# Before\n\n${`${BODY}\n\n`.repeat(30)}` }, { id: 'b', title: '', source: partSource }] });
    const part = layout.pages.find((p) => p.role === 'part')!;
    expect(part.label).not.toBe('1');
    const texts = runs(part).map((r) => r.text);
    expect(texts).toContain(`page ${part.label} of Lanterns at Sea`);
    expect(texts).toContain('Part Three · the third part · 三');
    // The drawing keeps the part's block on its runs (`:::toc` finds the part page through them).
    expect(runs(part).find((r) => r.text.startsWith('page '))!.line?.block).toBeDefined();
  });

  it('gives the verso design its own page label, and reports a cut part design line as parts.design', () => {
    const settings = settingsFromConfig({
      parts: {
        design: { elements: [text('long', 'A very long part title that cannot fit in a narrow box at all', 100, { overflow: 'ellipsis-end', placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 80, unit: 'pt' } } } })] },
        versoDesign: { elements: [text('v', 'verso {pageNumber}', 100)] },
      },
    });
    const layout = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: partSource }] });
    const part = layout.pages.find((p) => p.role === 'part')!;
    const verso = layout.pages[layout.pages.indexOf(part) + 1]!;
    expect(verso.role).toBe('blank');
    expect(runs(verso).map((r) => r.text)).toContain(`verso ${verso.label}`);
    expect(runs(part).map((r) => r.text).join(' ')).toMatch(/^A very .*…/);
    expect(layout.chapters[0]!.designTruncated).toEqual([expect.objectContaining({ slot: 'parts.design', element: 'long', pageIndex: part.index })]);
  });
});

describe('numbers in words (page/number-words.ts)', () => {
  it('spells cardinals and ordinals in English and Spanish', async () => {
    const { numberWords, capitaliseWords } = await import('../../../src/worker/engine/page/number-words');
    expect(numberWords(21, 'en')).toBe('twenty-one');
    expect(numberWords(21, 'en-GB', true)).toBe('twenty-first');
    expect(numberWords(112, 'en', true)).toBe('one hundred and twelfth');
    expect(numberWords(40, 'en', true)).toBe('fortieth');
    expect(capitaliseWords(numberWords(121, 'en'), 'en')).toBe('One Hundred and Twenty-One');
    expect(numberWords(21, 'es')).toBe('veintiuno');
    expect(numberWords(100, 'es')).toBe('cien');
    expect(numberWords(145, 'es-MX')).toBe('ciento cuarenta y cinco');
    expect(numberWords(11, 'es', true)).toBe('undécimo');
    expect(numberWords(23, 'es', true)).toBe('vigésimo tercero');
    expect(capitaliseWords('vigésimo tercero', 'es')).toBe('Vigésimo tercero');
    expect(numberWords(1200, 'en')).toBe('1200');
  });
});

describe('justified and hyphenated wrapped design text (§5.3 align: justify, hyphenate)', () => {
  const hyphenator = createHyphenator({ languages: ['en-us'], loadPatterns: (id) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${id}.wasm`)) });
  const LONG = 'Extraordinarily considerate lighthouse keepers systematically documented international maritime communications throughout unforgettable thunderstorms and remarkable northern expeditions';
  const PLAIN = 'The keeper of the light wrote down every ship that passed the harbour at night, and every storm that rolled in from the sea before the dawn came up grey and cold over the water.';
  const footer = (extra: Record<string, unknown>): StoredConfig => ({
    header: { elements: [] },
    footer: { elements: [{ kind: 'text', id: 'note', content: LONG, fontFamily: 'Open Sans', fontSize: { value: 10, unit: 'pt' }, overflow: 'wrap', verticalAlign: 'top', placement: { anchor: { to: 'container', edge: 'top-left' }, offset: { y: { value: 4, unit: 'pt' } }, size: { width: { value: 200, unit: 'pt' } } }, ...extra }] },
  });
  /** The slot's lines, top to bottom: runs grouped by baseline. */
  const linesOf = (page: PageDisplayList): GlyphRunItem[][] => {
    const byY = new Map<number, GlyphRunItem[]>();
    for (const r of furnitureRuns(page)) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
    return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => rs.sort((a, b) => a.xs[0]! - b.xs[0]!));
  };
  const layoutWith = (extra: Record<string, unknown>) => {
    const settings = settingsFromConfig(footer(extra));
    return { settings, page: run({ ...oneChapterBook(BODY, settings), hyphenator }).pages[0]! };
  };

  it('sets every line but the last from the left edge to the right edge of the box', () => {
    // Ordinary words: no line needs spaces past 3× normal (such a line is set ragged, as in the body).
    const { settings, page } = layoutWith({ align: 'justify', content: PLAIN });
    const left = pageFrame(settings, page.index).contentLeft;
    const lines = linesOf(page);
    expect(lines.length).toBeGreaterThan(3);
    const ragged = linesOf(layoutWith({ align: 'left', content: PLAIN }).page);
    for (const [i, line] of lines.entries()) {
      expect(line[0]!.xs[0]).toBeCloseTo(left, 1);
      const last = line[line.length - 1]!;
      const lastX = last.xs[last.xs.length - 1]!;
      // The last glyph's pen position lies within one glyph (≤ 10 pt at 10 pt type) of the right edge.
      if (i < lines.length - 1) expect(lastX, `line ${i}`).toBeGreaterThan(left + 200 - 10);
      expect(lastX).toBeLessThan(left + 200);
    }
    // The same text set ragged ends short of the edge on some line (so the test can tell them apart).
    expect(ragged.slice(0, -1).some((line) => { const last = line[line.length - 1]!; return last.xs[last.xs.length - 1]! < left + 200 - 25; })).toBe(true);
  });

  it('breaks words at syllables with hyphenate: true, and never without it', () => {
    const text = (p: PageDisplayList) => linesOf(p).map((line) => line.map((r) => r.text).join(''));
    const hyphenated = text(layoutWith({ align: 'left', hyphenate: true }).page);
    const whole = text(layoutWith({ align: 'left' }).page);
    expect(hyphenated.some((l) => /\w-$/.test(l)), hyphenated.join(' | ')).toBe(true);
    expect(whole.some((l) => /-$/.test(l))).toBe(false);
    // Justified without hyphenate: no syllable breaks either, whatever bodyText.hyphenation says.
    expect(text(layoutWith({ align: 'justify' }).page).some((l) => /-$/.test(l))).toBe(false);
  });
});

describe('guide words (§5.5 {firstMark.<key>}, {lastMark.<key>})', () => {
  const entry = (i: number) => `**entry${String(i).padStart(3, '0')}**, n. ${'A keeper of lights who writes down the ships that pass at night. '.repeat(1 + (i % 4))}`;
  const source = `# Dictionary\n\n:::paragraphs{style="entry"}\n${Array.from({ length: 60 }, (_, i) => entry(i + 1)).join('\n\n')}\n:::\n`;
  const config: StoredConfig = {
    paragraphStyles: [{ id: 'entry' }],
    header: { elements: [{ kind: 'text', id: 'guide', content: '{firstMark.entry} – {lastMark.entry} | {lastMark.h1}', fontFamily: 'Open Sans', placement: { anchor: { to: 'container', edge: 'bottom-left' } } }] },
    footer: { elements: [] },
  };

  it('prints the first and last headword set on each page, and the last one before it on a page without one', () => {
    const layout = run(oneChapterBook(source, settingsFromConfig(config)));
    expect(layout.pages.length).toBeGreaterThan(2);
    let carried = '';
    for (const page of layout.pages) {
      const heads = runs(page).filter((r) => r.line && /^entry\d{3}$/.test(r.text)).map((r) => r.text);
      const first = heads[0] ?? carried;
      const last = heads[heads.length - 1] ?? carried;
      carried = last;
      const head = furnitureRuns(page).map((r) => r.text).join('');
      expect(head, `page ${page.label}`).toBe(`${first} – ${last} | Dictionary`);
    }
    // Pages really differ: the guide words move through the alphabet.
    expect(new Set(layout.pages.map((p) => furnitureRuns(p).map((r) => r.text).join(''))).size).toBe(layout.pages.length);
  });

  it('reads the headword as the opening bold run only', async () => {
    const { headword } = await import('../../../src/worker/engine/page/guide-words');
    const t = (text: string, strong: boolean) => ({ kind: 'text' as const, text, marks: strong ? (['strong'] as const).slice() : [], range: { from: 0, to: 0, line: 1, column: 1 } });
    expect(headword([t('aardvark,', true), t(' n. an animal', false)])).toBe('aardvark');
    expect(headword([t('  ', false), t('abacus', true)])).toBe('abacus');
    expect(headword([t('plain ', false), t('bold', true)])).toBe('');
  });
});

describe('bodyStyle.unorderedLists / orderedLists in a styled section (§13.5–13.6 "partial overrides")', () => {
  const list = '- lantern\n- wick\n\n1. first\n2. second\n   1. nested';
  const config: StoredConfig = {
    orderedLists: { levels: [{ level: 2, numberFormat: 'lower-alpha' }] },
    headingStyles: [{ id: 'appendix', bodyStyle: { unorderedLists: { bulletChar: '–', gap: { value: 12, unit: 'pt' }, color: '#aa0000' }, orderedLists: { numberFormat: 'upper-roman', separator: ')', color: '#00aa00', levels: [{ level: 2, numberFormat: 'lower-roman' }] } } }],
  };
  const source = `# Body\n\n${list}\n\n# Appendix {style="appendix"}\n\n${list}`;
  /** Marker runs (bullets, numbers) of body lines, in order, with their x and fill. */
  const markers = (layout: ReturnType<typeof run>) => layout.pages.flatMap(runs).filter((r) => r.line?.role === 'body' && /^(?:[•–]|[0-9IVXivxa-z]+[.)])$/.test(r.text));

  it('sets the section\'s bullets and numbers with its own character, format, separator, colour and gap; the body outside keeps the document\'s', () => {
    const settings = settingsFromConfig(config);
    const layout = run(oneChapterBook(source, settings));
    const found = markers(layout);
    // Section level field > section list-wide field > the document's level (its level 2: lower-alpha).
    expect(found.map((r) => r.text)).toEqual(['•', '•', '1.', '2.', 'a.', '–', '–', 'I)', 'II)', 'i)']);
    const [docBullet, , docNumber] = found;
    const [secBullet, , secNumber, , secNested] = found.slice(5);
    expect(docBullet!.fill).toBe(settings.lists.markerColour);
    expect(secBullet!.fill).toBe('#aa0000');
    expect(secNumber!.fill).toBe('#00aa00');
    expect(docNumber!.fill).toBe(settings.lists.markerColour);
    expect(secNested!.fill).toBe('#00aa00');
    // Gap: the item text starts 12 pt after the marker box in the section, 0.5 em (4 pt) outside.
    const textAfter = (marker: GlyphRunItem) => layout.pages.flatMap(runs).find((r) => r.line?.block === marker.line?.block && r !== marker)!;
    const docGap = textAfter(docBullet!).xs[0]! - docBullet!.xs[0]!;
    const secGap = textAfter(secBullet!).xs[0]! - secBullet!.xs[0]!;
    // (the en dash is a little wider than the bullet's minimum box of 0.6 em: under 1 pt here)
    expect(secGap - docGap).toBeGreaterThan(12 - settings.lists.gap - 0.01);
    expect(secGap - docGap).toBeLessThan(12 - settings.lists.gap + 1);
  });
});

describe('inlineMarks in design text (§5.3)', () => {
  it('reads bold, italic, superscript and subscript, nested, and leaves unmatched markers as written', async () => {
    const { markedSegments } = await import('../../../src/worker/engine/page/furniture-text');
    expect(markedSegments('The **Keeper *of* Lights** x^2^ H~2~O 5 * 3')).toEqual([
      { text: 'The ', marks: [] },
      { text: 'Keeper ', marks: ['strong'] },
      { text: 'of', marks: ['strong', 'emphasis'] },
      { text: ' Lights', marks: ['strong'] },
      { text: ' x', marks: [] },
      { text: '2', marks: ['sup'] },
      { text: ' H', marks: [] },
      { text: '2', marks: ['sub'] },
      { text: 'O 5 * 3', marks: [] },
    ]);
  });

  const header = (content: string, extra: Record<string, unknown> = {}): StoredConfig => ({
    footer: { elements: [] },
    header: { elements: [{ kind: 'text', id: 'h', content, fontFamily: 'Open Sans', color: '#224466', align: 'left', placement: { anchor: { to: 'container', edge: 'bottom-left' } }, ...extra }] },
  });

  it('sets marked runs in bold and italic faces in the element colour; without inlineMarks the asterisks print', () => {
    const marked = furnitureRuns(run(oneChapterBook(BODY, settingsFromConfig(header('The **Keeper** of *Lights*', { inlineMarks: true })))).pages[0]!);
    // (spaces between differently styled runs are glue, not glyphs)
    expect(marked.map((r) => r.text).join(' ')).toBe('The Keeper of Lights');
    const keeper = marked.find((r) => r.text.includes('Keeper'))!;
    const plainRun = marked.find((r) => r.text.startsWith('The'))!;
    const lights = marked.find((r) => r.text.includes('Lights'))!;
    expect(keeper.text).toBe('Keeper');
    expect(new Set([keeper.font, plainRun.font, lights.font]).size).toBe(3);
    for (const r of marked) expect(r.fill).toBe('#224466');
    const literal = furnitureRuns(run(oneChapterBook(BODY, settingsFromConfig(header('The **Keeper**')))).pages[0]!);
    expect(literal.map((r) => r.text).join('')).toBe('The **Keeper**');
  });

  it('cuts marked text at word boundaries, words keeping their marks', () => {
    const layout = run(oneChapterBook(BODY, settingsFromConfig(header('The **Lantern Keeper** and the Ships That Passed in the Night', { inlineMarks: true, overflow: 'ellipsis-end', placement: { anchor: { to: 'container', edge: 'bottom-left' }, size: { width: { value: 90, unit: 'pt' } } } }))));
    const cut = furnitureRuns(layout.pages[0]!);
    const text = cut.map((r) => r.text).join(' ');
    expect(text).toMatch(/^The Lantern.*…$/);
    expect(text.length).toBeLessThan('The Lantern Keeper and the Ships That Passed in the Night'.length);
    expect(cut.find((r) => r.text.startsWith('Lantern'))!.font).not.toBe(cut.find((r) => r.text.startsWith('The'))!.font);
    expect(layout.chapters[0]!.designTruncated?.[0]).toMatchObject({ text: 'The Lantern Keeper and the Ships That Passed in the Night', mode: 'ellipsis-end' });
  });
});

describe('front-matter placeholders (§5.5 {subtitle}, {author}, {publishDate})', () => {
  const config: StoredConfig = {
    footer: { elements: [] },
    header: { elements: [{ kind: 'text', id: 'h', content: '{author} · {publishDate} · {subtitle}', fontFamily: 'Open Sans', align: 'left', placement: { anchor: { to: 'container', edge: 'bottom-left' } } }] },
  };
  const front = '---\ntitle: Lanterns\nsubtitle: A Keeper\'s Log\nauthor: Ada Vane\npublishDate: 2026-12-03\n---\n\n';

  it('prints the first chapter\'s front matter on every chapter\'s pages, the date in the book\'s language', () => {
    const settings = settingsFromConfig(config);
    const layout = run({ title: 'B', settings, chapters: [{ id: 'a', title: '', source: `${front}# One\n\n${BODY}` }, { id: 'b', title: '', source: `# Two\n\n${BODY}` }] });
    for (const page of layout.pages.filter((p) => p.role !== 'blank')) {
      expect(furnitureRuns(page).map((r) => r.text).join(''), `page ${page.label}`).toBe("Ada Vane · December 3, 2026 · A Keeper's Log");
    }
  });

  it('prints the first chapter\'s front-matter title as {title} (the built-in recto head too), else the book\'s title', () => {
    const titled = settingsFromConfig({ footer: { elements: [] }, header: { elements: [{ kind: 'text', id: 'h', content: '[{title}]', fontFamily: 'Open Sans', placement: { anchor: { to: 'container', edge: 'bottom-left' } } }] } });
    const chapters = (first: string) => [{ id: 'a', title: '', source: `${first}# One\n\n${BODY}` }, { id: 'b', title: '', source: `# Two\n\n${BODY}` }];
    const withFront = run({ title: 'Manifest Name', settings: titled, chapters: chapters(front) });
    for (const page of withFront.pages.filter((p) => p.role !== 'blank')) expect(furnitureRuns(page).map((r) => r.text).join('')).toBe('[Lanterns]');
    const without = run({ title: 'Manifest Name', settings: titled, chapters: chapters('') });
    expect(furnitureRuns(without.pages[0]!).map((r) => r.text).join('')).toBe('[Manifest Name]');
    // The built-in slots: {title} on body rectos.
    const builtIn = run({ title: 'Manifest Name', settings: settingsFromConfig({}), chapters: [{ id: 'a', title: '', source: `${front}# One\n\n${`${BODY}\n\n`.repeat(120)}` }] });
    const recto = builtIn.pages.find((p) => p.role === 'body' && p.index % 2 === 0)!;
    expect(furnitureRuns(recto).map((r) => r.text)).toContain('Lanterns');
  });

  it('formats the day per language', async () => {
    const { formatDay } = await import('../../../src/worker/engine/page/metadata');
    const day = { year: 2026, month: 12, day: 3 };
    expect(formatDay(day, 'en')).toBe('December 3, 2026');
    expect(formatDay(day, 'en-GB')).toBe('3 December 2026');
    expect(formatDay(day, 'es-MX')).toBe('3 de diciembre de 2026');
    expect(formatDay(day, 'ar')).toBe('2026-12-03');
  });
});

describe('chapter placeholders per page (§5.5 {chapterNumber}, {chapterTitleAtTop}, {attr.<key>})', () => {
  it('follows the H1s of a chapter file page by page', () => {
    const config: StoredConfig = {
      headings: { levels: [{ level: 1, numberingTemplate: '{1}.' }] },
      footer: { elements: [] },
      header: { elements: [{ kind: 'text', id: 'h', content: '[{chapterNumber}|{chapterTitleAtTop}|{attr.kicker}]', fontFamily: 'Open Sans', align: 'left', placement: { anchor: { to: 'container', edge: 'bottom-left' } } }] },
    };
    const settings = settingsFromConfig(config);
    const long = `${BODY}\n\n`.repeat(25);
    const layout = run(oneChapterBook(`# Harbours {kicker="Part of the coast"}\n\n${long}# Storms\n\n${long}`, settings));
    const heads = layout.pages.filter((p) => p.role !== 'blank').map((p) => furnitureRuns(p).map((r) => r.text).join(''));
    // The heading runs give each H1's printed number (its first run on its page).
    const h1Runs = layout.pages.flatMap(runs).filter((r) => r.line?.role === 'heading');
    expect(h1Runs.length).toBeGreaterThan(1);
    const firstHarbours = heads.findIndex((h) => h.includes('|Harbours|'));
    const firstStorms = heads.findIndex((h) => h.includes('|Storms|'));
    expect(firstHarbours).toBe(0);
    expect(firstStorms).toBeGreaterThan(firstHarbours);
    // Attributes of the current H1: Harbours has a kicker, Storms has none.
    for (const h of heads.slice(0, firstStorms)) expect(h).toMatch(/\|Harbours\|Part of the coast\]$/);
    for (const h of heads.slice(firstStorms)) expect(h).toMatch(/\|Storms\|\]$/);
    // Each chapter's printed number, the same on all its pages.
    const numberOf = (h: string) => /^\[([^|]*)\|/.exec(h)![1];
    expect(new Set(heads.slice(0, firstStorms).map(numberOf)).size).toBe(1);
    expect(new Set(heads.slice(firstStorms).map(numberOf)).size).toBe(1);
    expect(heads[0]).toBe('[1.|Harbours|Part of the coast]');
    expect(heads[firstStorms]).toBe('[2.|Storms|]');
  });
});

describe('a text element\'s box (§5.3 box: background, border, radius, padding)', () => {
  const header = (box: JsonObject, extra: JsonObject = {}): StoredConfig => ({
    footer: { elements: [] },
    header: { elements: [{ kind: 'text', id: 'h', content: 'Lanterns', fontFamily: 'Open Sans', align: 'left', box, placement: { anchor: { to: 'container', edge: 'bottom-left' } }, ...extra }] },
  });

  it('paints the fill under the text, the text inset by the padding, the box as wide as text and padding', () => {
    const settings = settingsFromConfig(header({ backgroundColor: '#ffeeaa', padding: { value: 4, unit: 'pt' }, paddingLeft: { value: 10, unit: 'pt' } }));
    const page = run(oneChapterBook(BODY, settings)).pages[0]!;
    const rectAt = page.items.findIndex((i) => i.op === Op.Rect && (i as RectItem).fill === '#ffeeaa');
    expect(rectAt).toBeGreaterThanOrEqual(0);
    const rect = page.items[rectAt] as RectItem;
    const text = furnitureRuns(page)[0]!;
    expect(page.items.indexOf(text)).toBeGreaterThan(rectAt);
    const frame = pageFrame(settings, page.index);
    expect(rect.x).toBeCloseTo(frame.contentLeft, 1);
    expect(text.xs[0]).toBeCloseTo(rect.x + 10, 1);
    // Anchored bottom-left in the header: the box's bottom is the body's top; the text's baseline above the bottom padding.
    expect(rect.y + rect.h).toBeCloseTo(frame.contentTop, 1);
    expect(text.y).toBeLessThan(rect.y + rect.h - 4);
    const plain = furnitureRuns(run(oneChapterBook(BODY, settingsFromConfig(header({})))).pages[0]!)[0]!;
    // Width: the text's own plus 10 + 4 pt of padding.
    const textWidth = rect.w - 14;
    expect(textWidth).toBeGreaterThan(20);
    expect(plain.text).toBe('Lanterns');
  });

  it('rounds the corners with a radius and strokes the border inside the box', () => {
    const settings = settingsFromConfig(header({ borderColor: '#003366', borderWidth: { value: 1, unit: 'pt' }, borderRadius: { value: 3, unit: 'pt' } }));
    const page = run(oneChapterBook(BODY, settings)).pages[0]!;
    const path = page.items.find((i): i is PathItem => i.op === Op.Path && (i as PathItem).stroke === '#003366');
    expect(path).toBeDefined();
    expect(path!.d).toContain('A3 3');
    expect(path!.strokeWidth).toBe(1);
  });

  it('leaves the text the fixed width less the padding: a cut happens earlier', () => {
    const long = 'The Lantern Keeper and the Ships That Passed in the Night';
    const cutWith = (padding: number) => furnitureRuns(run(oneChapterBook(BODY, settingsFromConfig(header({ padding: { value: padding, unit: 'pt' } }, { content: long, overflow: 'ellipsis-end', placement: { anchor: { to: 'container', edge: 'bottom-left' }, size: { width: { value: 150, unit: 'pt' } } } })))).pages[0]!).map((r) => r.text).join('');
    expect(cutWith(30).length).toBeLessThan(cutWith(0).length);
  });
});

describe('list items under a bodyStyle leading other than the grid\'s (§13.6)', () => {
  it('sets the items line under line at the section\'s leading, the marker on the first line', () => {
    const settings = settingsFromConfig({ headingStyles: [{ id: 'airy', bodyStyle: { lineHeight: { value: 16, unit: 'pt' } } }] });
    const item = 'The keeper wrote down every ship that passed the harbour at night and every storm that came in from the sea.';
    const layout = run(oneChapterBook(`# Airy {style="airy"}\n\n- ${item}\n- ${item}\n\n# Plain\n\n- ${item}`, settings));
    const bodyRuns = layout.pages.flatMap(runs).filter((r) => r.line?.role === 'body');
    const blocks = [...new Set(bodyRuns.map((r) => r.line!.block))];
    expect(blocks.length).toBe(3);
    const baselines = (block: string) => [...new Set(bodyRuns.filter((r) => r.line!.block === block).map((r) => r.y))].sort((a, b) => a - b);
    for (const block of blocks.slice(0, 2)) {
      const ys = baselines(block);
      expect(ys.length).toBeGreaterThan(1);
      for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeCloseTo(16, 1);
      const marker = bodyRuns.find((r) => r.line!.block === block && r.text === settings.lists.bullet)!;
      expect(marker.y).toBeCloseTo(ys[0]!, 3);
    }
    // Outside the section the item keeps the grid's pitch.
    const plain = baselines(blocks[2]!);
    expect(plain[1]! - plain[0]!).toBeCloseTo(settings.body.lineHeight, 1);
  });
});

describe('paragraphIndent of wrapped design text (§5.3)', () => {
  it('indents the first line of each paragraph (forced line) after the first', () => {
    const para1 = 'The keeper wrote down every ship that passed the harbour at night.';
    const para2 = 'Every storm that rolled in from the sea was entered in the same book.';
    const settings = settingsFromConfig({
      header: { elements: [] },
      footer: { elements: [{ kind: 'text', id: 'n', content: `${para1}\\n${para2}`, fontFamily: 'Open Sans', fontSize: { value: 10, unit: 'pt' }, align: 'left', overflow: 'wrap', verticalAlign: 'top', paragraphIndent: { value: 12, unit: 'pt' }, placement: { anchor: { to: 'container', edge: 'top-left' }, size: { width: { value: 200, unit: 'pt' } } } }] },
    });
    const page = run(oneChapterBook(BODY, settings)).pages[0]!;
    const left = pageFrame(settings, page.index).contentLeft;
    const byY = new Map<number, GlyphRunItem[]>();
    for (const r of furnitureRuns(page)) byY.set(r.y, [...(byY.get(r.y) ?? []), r]);
    const lines = [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => rs.sort((a, b) => a.xs[0]! - b.xs[0]!));
    const texts = lines.map((l) => l.map((r) => r.text).join(' '));
    const second = texts.findIndex((t) => t.startsWith('Every'));
    expect(second).toBeGreaterThan(1);
    lines.forEach((line, i) => expect(line[0]!.xs[0], `line ${i}: ${texts[i]}`).toBeCloseTo(i === second ? left + 12 : left, 1));
  });
});

describe('incremental equals full for the design-text values', () => {
  it('after edits that move a part page, add headwords and change the front matter', () => {
    const settings = settingsFromConfig({
      paragraphStyles: [{ id: 'entry' }],
      parts: { design: { elements: [{ kind: 'text', id: 'p', content: 'Part {numberWords} · p. {pageNumber} · {author}', fontFamily: 'Open Sans', placement: { anchor: { to: 'container', edge: 'top' }, offset: { y: { value: 120, unit: 'pt' } } } }] } },
      header: { elements: [{ kind: 'text', id: 'h', content: '{firstMark.entry}–{lastMark.entry} · {chapterNumber} · {author} · {publishDate}', fontFamily: 'Open Sans', overflow: 'ellipsis-middle', placement: { anchor: { to: 'container', edge: 'bottom-left' }, size: { width: { value: 160, unit: 'pt' } } } }] },
    });
    const dictionary = (n: number) => `:::paragraphs{style="entry"}\n${Array.from({ length: n }, (_, i) => `**word${i}** ${BODY}`).join('\n\n')}\n:::\n`;
    const book = (front: string, n: number) => [
      { id: 'a', title: '', source: `---\ntitle: T\nauthor: ${front}\npublishDate: 2026-01-05\n---\n\n# Opening\n\n${dictionary(n)}` },
      { id: 'b', title: '', source: `:::part{number="2" title="Later"}\n:::\n\n# After\n\n${dictionary(8)}` },
    ];
    const cache = new EngineCache();
    run({ title: 'B', settings, chapters: book('Ada Vane', 10) }, cache);
    const edited = book('Ada Vane-Hart', 30);
    const incremental = dump(run({ title: 'B', settings, chapters: edited }, cache));
    expect(incremental).toBe(dump(run({ title: 'B', settings, chapters: edited })));
    expect(incremental).toContain('Vane-Hart');
  });
});
