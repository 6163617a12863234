/**
 * Right-to-left pages (issue 7, document-format §18.1–18.2, configuration.md §7): an Arabic
 * fixture book checked on its display lists — positions, not goldens. The text is original,
 * written for this test.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, layoutBook, type BookInput } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import type { StoredConfig } from '../../../src/worker/config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op, type GlyphRunItem, type PageDisplayList, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry(['Amiri', 'Noto Sans Arabic']);

function layOut(source: string, settings: LayoutSettings) {
  const input: BookInput = { title: 'كتاب', settings, chapters: [{ id: 'ch1', title: '', source }] };
  const gen = layoutBook(input, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value;
}

function arabicSettings(extra: Record<string, unknown> = {}): LayoutSettings {
  const settings = settingsFromConfig({ locale: 'ar', bodyText: { fontFamily: 'Amiri' }, headings: { fontFamily: 'Noto Sans Arabic' }, ...extra } as StoredConfig);
  // Numbered H2s (configuration.md §8.3), to see heading numbers in the book's digits.
  settings.headings.levels[1]!.numbering.template = '{2}';
  return settings;
}

const runsOf = (page: PageDisplayList): GlyphRunItem[] => page.items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun);
/** Left end of a run (its leftmost pen position), pt. */
const left = (run: GlyphRunItem): number => Math.min(...run.xs);

/**
 * Generated text (markers, numbers) of the line at baseline `y`, in right-to-left reading order:
 * bidi splits `١.` or `(١)` into runs by level, so they are read back from the right.
 */
function generatedAt(runs: readonly GlyphRunItem[], y: number): { text: string; left: number; right: number } {
  const pieces = runs.filter((r) => r.y === y && r.srcFrom < 0 && r.line !== undefined).sort((a, b) => left(b) - left(a));
  return { text: pieces.map((r) => r.text).join(''), left: Math.min(...pieces.map(left)), right: Math.max(...pieces.map((r) => Math.max(...r.xs))) };
}

const PARAGRAPH =
  'في صباح ذلك اليوم خرجنا من البيت قبل شروق الشمس، وكان الهواء باردًا والطريق خاليًا إلا من بائع الخبز الذي يعرفه أهل الحي كلهم. مشينا معًا حتى بلغنا السوق القديم، وهناك جلسنا نشرب الشاي ونراقب الناس وهم يفتحون دكاكينهم واحدًا بعد الآخر، ويرشّون الماء أمام أبوابها كي يهدأ الغبار.';

const SOURCE = [
  '# رحلة إلى السوق',
  '',
  PARAGRAPH,
  '',
  'قال لي صديقي إنه قرأ كتابًا عن مدينة Lisbon في سنة 1755، وإن الزلزال غيّر وجهها إلى الأبد[^z] كما يغيّر المطر وجه الرمل.',
  '',
  '[^z]: زلزال لشبونة الكبير، وقد وقع في صباح يوم عيد.',
  '',
  '## ما اشتريناه',
  '',
  '- الخبز الساخن',
  '- الزيتون',
  '  - الأخضر',
  '  - الأسود',
  '- التمر',
  '',
  '1. الخطوة الأولى',
  '2. الخطوة الثانية',
  '3. الخطوة الثالثة',
  '',
  '$$ a = b + c \\label{eq:sum} $$',
  '',
  ...Array.from({ length: 8 }, () => PARAGRAPH),
  '',
].join('\n');

describe('an Arabic book (right to left)', () => {
  const settings = arabicSettings();
  const layout = layOut(SOURCE, settings);
  const page = layout.pages[0]!;
  const frame = pageFrame(settings, page.index);
  const runs = runsOf(page);
  const body = runs.filter((r) => r.line?.role === 'body');
  const colW = frame.columnWidth;

  it('resolves right to left, Arabic-Indic digits and right binding from the locale', () => {
    expect(settings.direction).toBe('rtl');
    expect(settings.numerals).toBe('arab');
    expect(settings.binding).toBe('right');
  });

  it('flows the first column on the right and the second on the left', () => {
    expect(frame.columnX[0]!).toBeGreaterThan(frame.columnX[1]!);
    const first = body.find((r) => r.srcFrom >= 0 && r.line?.block === body[0]!.line?.block)!;
    expect(left(first)).toBeGreaterThanOrEqual(frame.columnX[0]! - 0.01);
    // The paragraphs after the list continue in the left column of the same page.
    expect(body.some((r) => Math.max(...r.xs) < frame.columnX[0]! - settings.gutter / 2)).toBe(true);
    // Reading order: the chapter's first body text is in the right column, later text on the left.
    const leftColumn = body.filter((r) => r.srcFrom >= 0 && Math.max(...r.xs) < frame.columnX[0]!);
    const rightColumn = body.filter((r) => r.srcFrom >= 0 && left(r) >= frame.columnX[0]! - 0.01);
    expect(Math.min(...leftColumn.map((r) => r.srcFrom))).toBeGreaterThan(Math.max(...rightColumn.map((r) => r.srcFrom)) - PARAGRAPH.length);
  });

  it('sets list markers at the right edge, the item text indented from it, nested items further left', () => {
    const bullets = body.filter((r) => r.srcFrom < 0 && r.text === settings.lists.bullet);
    expect(bullets.length).toBe(5);
    const columnRight = frame.columnX[0]! + colW;
    const em = settings.body.style.size;
    const ends = bullets.map((b) => Math.max(...b.xs) + b.size * 0.3); // a bullet is about 0.3 em wide
    const outer = bullets.filter((_, i) => i !== 2 && i !== 3);
    const nested = bullets.slice(2, 4);
    for (const b of outer) expect(columnRight - left(b)).toBeLessThan(0.6 * em + 0.01);
    for (const b of nested) {
      // At the parent item's text start (§9.1 cascade: its 0.6 em marker box and the 0.5 em gap), mirrored.
      expect(left(outer[0]!) - left(b)).toBeCloseTo((0.6 + 0.5) * em, 1);
    }
    expect(ends.length).toBe(5);
    // Each item's text lies to the left of its marker.
    for (const b of bullets) {
      const text = body.filter((r) => r.srcFrom >= 0 && r.line?.block === b.line?.block);
      expect(text.length).toBeGreaterThan(0);
      for (const t of text) expect(Math.max(...t.xs)).toBeLessThan(left(b));
    }
  });

  it('numbers an ordered list in Arabic-Indic digits, at the right', () => {
    const ys = [...new Set(body.filter((r) => r.srcFrom < 0 && /^[٠-٩]+$/.test(r.text) && r.size === settings.body.style.size).map((r) => r.y))];
    const numbers = ys.map((y) => generatedAt(body, y)).filter((n) => !n.text.includes('(')); // not the equation number
    expect(numbers.map((n) => n.text)).toEqual(['١.', '٢.', '٣.']);
    const columnRight = frame.columnX[0]! + colW;
    for (const n of numbers) expect(columnRight - n.right).toBeLessThan(settings.body.style.size);
    // The dot follows the number in reading order: it is on the number's left.
    for (const y of ys.filter((y) => !generatedAt(body, y).text.includes('('))) {
      const dot = body.find((r) => r.y === y && r.text === '.' && r.srcFrom < 0)!;
      const digit = body.find((r) => r.y === y && /^[٠-٩]+$/.test(r.text) && r.srcFrom < 0)!;
      expect(left(dot)).toBeLessThan(left(digit));
    }
  });

  it('sets the footnote number at the right of the note area, under a rule that starts at the right', () => {
    const noteNumber = runs.find((r) => r.line?.role === 'note' && r.srcFrom < 0)!;
    expect(noteNumber.text).toBe('١');
    const column = frame.columnX.findIndex((x) => left(noteNumber) >= x - 0.01 && left(noteNumber) <= x + colW);
    const columnRight = frame.columnX[column]! + colW;
    expect(columnRight - Math.max(...noteNumber.xs)).toBeLessThan(settings.notes.size);
    // The note's text is to the left of its number.
    const noteText = runs.filter((r) => r.line?.role === 'note' && r.srcFrom >= 0 && r.y === noteNumber.y);
    expect(noteText.length).toBeGreaterThan(0);
    for (const t of noteText) expect(Math.max(...t.xs)).toBeLessThan(left(noteNumber));
    const rule = page.items.find((i): i is RuleItem => i.op === Op.Rule && i.y1 < noteNumber.y && i.width === settings.notes.separator.lineWidth)!;
    expect(rule.x2).toBeCloseTo(columnRight, 2);
    expect(rule.x2 - rule.x1).toBeCloseTo(settings.notes.separator.width * colW, 2);
  });

  it('puts the reference mark after its word in reading order: to its left, in the book’s digits', () => {
    const mark = body.find((r) => r.srcFrom < 0 && r.text === '١' && r.size < settings.body.style.size)!;
    expect(mark).toBeDefined();
    const sameLine = body.filter((r) => r.y === mark.y && r.srcFrom >= 0);
    // The word before the mark (الأبد) ends where the mark begins: its glyphs are to the right.
    const word = SOURCE.indexOf('الأبد');
    const glyphX = sameLine.flatMap((r) => r.glyphs.map((_, g) => ({ x: r.xs[g]!, offset: (r.srcMap ? r.srcMap[r.clusters[g]!]! : r.srcFrom + r.clusters[g]!) })));
    const before = glyphX.filter((g) => g.offset >= word && g.offset < word + 5);
    expect(before.length).toBeGreaterThan(0);
    for (const g of before) expect(g.x).toBeGreaterThan(left(mark));
  });

  it('keeps an embedded Latin word and number left to right, in their place in the Arabic line', () => {
    const latin = body.find((r) => r.text.includes('Lisbon'))!;
    const digits = body.find((r) => r.text.includes('1755'))!;
    expect(latin).toBeDefined();
    expect(digits).toBeDefined();
    // Glyphs of an LTR run go left to right with the text.
    expect(latin.clusters[0]!).toBeLessThan(latin.clusters[latin.clusters.length - 1]!);
    const at = (run: GlyphRunItem, ch: string) => run.xs[run.clusters.indexOf(run.text.indexOf(ch))]!;
    expect(at(digits, '1')).toBeLessThan(at(digits, '5'));
    expect(at(latin, 'L')).toBeLessThan(at(latin, 'n'));
    if (latin.y === digits.y) expect(left(digits)).toBeLessThan(left(latin)); // "Lisbon … 1755": the later number is further left
  });

  it('joins Arabic letters: a word is not drawn with its letters’ isolated forms', () => {
    const amiri = fonts.match('Amiri', 400, 'normal');
    const run = body.find((r) => r.font.startsWith('amiri') && r.text.includes('الشمس'))!;
    const start = run.text.indexOf('الشمس');
    const word = run.glyphs.filter((_, g) => run.clusters[g]! >= start && run.clusters[g]! < start + 5);
    const isolated = [...'الشمس'].map((c) => amiri.shape(c, 'rtl', '', 'Arab', 'ar').glyphList()[0]!);
    expect(word.length).toBeGreaterThanOrEqual(4);
    expect(word.filter((g) => isolated.includes(g)).length).toBeLessThan(word.length);
  });

  it('fills the measure of justified lines, stretching letters with kashida', () => {
    const tatweel = fonts.match('Amiri', 400, 'normal').shape('\u0640', 'rtl', '', 'Arab').glyphList()[0]!;
    const lines = new Map<string, GlyphRunItem[]>();
    for (const r of body) if (r.line?.block === body.find((b) => b.text.includes('الشمس'))!.line!.block) lines.set(`${r.y}`, [...(lines.get(`${r.y}`) ?? []), r]);
    const sorted = [...lines.values()].slice(0, -1);
    expect(sorted.length).toBeGreaterThan(3);
    let stretched = 0;
    for (const line of sorted) {
      const xs = line.flatMap((r) => r.xs);
      const columnX = frame.columnX.find((x) => Math.min(...xs) >= x - 0.5 && Math.min(...xs) <= x + colW)!;
      // From the start (right) edge to near the end (left) edge of the column.
      expect(Math.min(...xs) - columnX).toBeLessThan(1);
      if (line.some((r) => r.glyphs.includes(tatweel))) stretched++;
    }
    expect(stretched).toBeGreaterThan(0);
  });

  it('numbers a display on the left, in Arabic-Indic digits', () => {
    const y = body.find((r) => r.srcFrom < 0 && r.text === '(')?.y;
    expect(y).toBeDefined();
    const number = generatedAt(body, y!);
    expect(number.text).toBe('(١)');
    const column = frame.columnX.findIndex((x) => number.left >= x - 0.01 && number.left <= x + colW);
    // Flush left in the column (the mirror of the LTR number flush right).
    expect(number.left - frame.columnX[column]!).toBeLessThan(0.01);
    // The formula is to the right of its number.
    const formula = page.items.filter((i) => i.op === Op.Path || (i.op === Op.GlyphRun && i.line?.block === body.find((r) => r.text === '(')!.line!.block && i.srcFrom >= 0));
    expect(formula.length).toBeGreaterThan(0);
  });

  it('prints heading numbers and folios in Arabic-Indic digits', () => {
    const heading = layout.pages.flatMap(runsOf).find((r) => r.line?.role === 'heading' && r.text.startsWith('١'));
    expect(heading).toBeDefined();
    expect(page.label).toBe('١');
    expect(runs.some((r) => r.line === undefined && r.text === '١')).toBe(true); // the folio
  });

  it('keeps European digits under numerals: latn', () => {
    const latn = layOut(SOURCE, arabicSettings({ numerals: 'latn' }));
    expect(latn.pages[0]!.label).toBe('1');
    const first = runsOf(latn.pages[0]!).find((r) => r.srcFrom < 0 && r.text === '1' && r.line?.role === 'body' && r.size === settings.body.style.size && runsOf(latn.pages[0]!).some((d) => d.y === r.y && d.text === '.'))!;
    expect(generatedAt(runsOf(latn.pages[0]!), first.y).text).toBe('1.');
  });
});

describe('block direction (document-format §18.1)', () => {
  it('sets a :::paragraphs{dir=rtl} list in a left-to-right book with its markers at the right', () => {
    const source = ['# Title', '', 'An English paragraph before the quoted list.', '', ':::paragraphs{dir=rtl}', '- الخبز الساخن', '- التمر', ':::', '', '- bread', '- dates', ''].join('\n');
    const settings = settingsFromConfig({ locale: 'en', bodyText: { fontFamily: 'Amiri' } } as StoredConfig);
    // All in the first column: the closing page is not balanced here (balance.test.ts checks that).
    settings.balancing = { enabled: false, trailing: false };
    const layout = layOut(source, settings);
    const page = layout.pages[0]!;
    const frame = pageFrame(settings, page.index);
    const bullets = runsOf(page).filter((r) => r.srcFrom < 0 && r.text === settings.lists.bullet);
    expect(bullets.length).toBe(4);
    const [rtl1, rtl2, ltr1, ltr2] = bullets;
    const colRight = frame.columnX[0]! + frame.columnWidth;
    for (const b of [rtl1!, rtl2!]) expect(colRight - left(b)).toBeLessThan(settings.body.style.size);
    for (const b of [ltr1!, ltr2!]) expect(left(b) - frame.columnX[0]!).toBeLessThan(0.01);
    // The Arabic items are set right to left (clusters fall along the glyphs).
    const arabic = runsOf(page).find((r) => r.text.includes('الخبز'))!;
    expect(arabic.clusters[0]!).toBeGreaterThan(arabic.clusters[arabic.clusters.length - 1]!);
    expect(Math.max(...arabic.xs)).toBeLessThan(left(rtl1!));
  });

  it('sets the number of an ordered list in a right-to-left container of a left-to-right book right to left: the full stop on its left', () => {
    const source = ['# Title', '', ':::paragraphs{dir=rtl lang=ar}', '1. الأولى', ':::', '', '1. first', ''].join('\n');
    const settings = settingsFromConfig({ locale: 'en', bodyText: { fontFamily: 'Amiri' } } as StoredConfig);
    settings.balancing = { enabled: false, trailing: false };
    const page = layOut(source, settings).pages[0]!;
    // x of a character of the generated marker on the line of `digit` (bidi may split it in runs).
    const xOf = (digit: string, character: string): number => {
      const y = runsOf(page).find((r) => r.srcFrom < 0 && r.text.includes(digit))!.y;
      const run = runsOf(page).find((r) => r.srcFrom < 0 && r.y === y && r.text.includes(character))!;
      return run.xs[run.clusters.indexOf(run.text.indexOf(character))]!;
    };
    expect(xOf('١', '.')).toBeLessThan(xOf('١', '١'));
    // The English list's "1." keeps the full stop on its right.
    expect(xOf('1', '.')).toBeGreaterThan(xOf('1', '1'));
  });
});

describe('callout boxes, right to left', () => {
  it('puts a left stripe of a callout style at the right of the box in an Arabic book', () => {
    const settings = arabicSettings();
    const note = settings.callouts.styles[settings.callouts.order[0]!]!;
    note.stripe = { ...note.stripe, enabled: true, side: 'left' };
    const layout = layOut(['# عنوان', '', ':::callout', PARAGRAPH, ':::', ''].join('\n'), settings);
    const page = layout.pages[0]!;
    const frame = pageFrame(settings, page.index);
    const stripe = page.items.find((i) => i.op === Op.Rect && i.fill === note.stripe.colour && 'w' in i && Math.abs(i.w - note.stripe.width) < 0.01);
    expect(stripe).toBeDefined();
    const box = stripe as { x: number; w: number };
    // At the right edge of the column the box is in (whichever column balancing leaves it in).
    const columnX = frame.columnX.find((x) => box.x >= x - 0.01 && box.x <= x + frame.columnWidth)!;
    expect(box.x + box.w).toBeCloseTo(columnX + frame.columnWidth, 2);
    // The text stays clear of the stripe: every line ends left of it.
    const text = runsOf(page).filter((r) => r.line?.role === 'body' && r.srcFrom >= 0 && Math.min(...r.xs) >= columnX - 0.01 && Math.min(...r.xs) <= columnX + frame.columnWidth);
    expect(text.length).toBeGreaterThan(0);
    for (const r of text) expect(Math.max(...r.xs)).toBeLessThan(box.x);
  });
});

describe('list-number digits from a container lang (document-format §18.1)', () => {
  it('numbers a list inside :::paragraphs{lang=en} of an Arabic book in European digits, and one in lang=ar of an English book in Arabic-Indic', () => {
    const numbersOf = (layout: ReturnType<typeof layOut>) => {
      const page = layout.pages[0]!;
      const ys = [...new Set(runsOf(page).filter((r) => r.srcFrom < 0 && r.line?.role === 'body' && /^[0-9٠-٩]+\.?$/.test(r.text)).map((r) => r.y))];
      return ys.map((y) => generatedAt(runsOf(page), y).text);
    };
    const arabic = layOut(['# عنوان', '', ':::paragraphs{lang=en}', '1. الأولى', '2. الثانية', ':::', '', '1. الثالثة', ''].join('\n'), arabicSettings());
    expect(numbersOf(arabic)).toEqual(['1.', '2.', '١.']);
    const english = settingsFromConfig({ locale: 'en', bodyText: { fontFamily: 'Amiri' } } as StoredConfig);
    const mixed = layOut(['# Title', '', ':::paragraphs{lang=ar dir=rtl}', '1. الأولى', ':::', '', '1. first', ''].join('\n'), english);
    expect(numbersOf(mixed)).toEqual(['١.', '1.']);
  });
});

describe('table of contents and side column, right to left', () => {
  it('sets a :::toc entry from the right edge, its page label at the left and the leader between', () => {
    const settings = arabicSettings();
    settings.toc.levels = [2];
    const source = ['# المحتويات', '', ':::toc', ':::', '', '## الفصل الأول', '', PARAGRAPH, '', '## الفصل الثاني', '', PARAGRAPH, ''].join('\n');
    const layout = layOut(source, settings);
    const page = layout.pages[0]!;
    const frame = pageFrame(settings, page.index);
    const tocRuns = runsOf(page).filter((r) => r.line?.target !== undefined);
    expect(tocRuns.length).toBeGreaterThan(0);
    const ys = [...new Set(tocRuns.map((r) => r.y))];
    expect(ys.length).toBe(2);
    for (const y of ys) {
      const onLine = tocRuns.filter((r) => r.y === y);
      const columnX = frame.columnX.find((x) => onLine.every((r) => left(r) >= x - 0.01 && left(r) <= x + frame.columnWidth))!;
      // The leftmost digits: the entry's own heading number (at its right) is in Arabic-Indic digits too.
      const label = onLine.filter((r) => /^[٠-٩]+$/.test(r.text)).sort((a, b) => left(a) - left(b))[0]!;
      expect(label, 'page label in Arabic-Indic digits').toBeDefined();
      expect(left(label) - columnX).toBeLessThan(0.01);
      const leader = onLine.find((r) => r.text.startsWith(settings.toc.leader.char) && r.glyphs.length > 1)!;
      const title = onLine.filter((r) => r !== label && r !== leader);
      expect(title.length).toBeGreaterThan(0);
      // Label | leader | title, from left to right; the title ends near the column's right edge (its level indent).
      expect(left(leader)).toBeGreaterThan(left(label));
      expect(Math.max(...leader.xs)).toBeLessThan(Math.min(...title.map(left)));
      expect(columnX + frame.columnWidth - Math.max(...title.flatMap((r) => r.xs))).toBeLessThan(1.5 * settings.body.style.size + 12);
    }
  });

  it('puts a side column set on the right (a text side) at the left of a right-to-left page', () => {
    const settings = arabicSettings();
    settings.sideColumn = { percent: 30, role: 'text', side: 'right' };
    settings.columns = 2;
    const frame = pageFrame(settings, 0);
    expect(frame.columnX[1]!).toBeLessThan(frame.columnX[0]!);
    expect(frame.columnWidths[1]!).toBeLessThan(frame.columnWidths[0]!);
    const ltr = { ...settings, direction: 'ltr' as const };
    expect(pageFrame(ltr, 0).columnX[1]!).toBeGreaterThan(pageFrame(ltr, 0).columnX[0]!);
  });
});
