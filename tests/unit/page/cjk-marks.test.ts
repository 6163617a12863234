/**
 * CJK marks (document-format §18.3–18.4; configuration.md §14.1 `cjk.emphasis`, `emphasisMark`,
 * `bookTitleMark`, `bookTitleBrackets`, `annotationColor`): `:dots`, `*…*` on CJK characters,
 * `:name`, `:book`, `:sideline`, drawn in the leading from the set glyphs' pens
 * (paragraph/cjk-marks.ts, page/cjk-marks.ts). Geometry is checked by hand: Noto Serif SC sets a
 * Han character one em wide, so a dot's centre is the glyph's pen plus half the size; the em box's
 * bottom is 0.12 em under the baseline, its top 0.88 em over it, and a mark starts 0.04 em outside.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { EngineCache, layoutBook } from '../../../src/worker/engine';
import { applyMatrix, itemMatrices, Op, type DisplayItem, type GlyphRunItem, type PathItem, type RuleItem } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { runChecks } from '../checks/run-checks';
import { isApplied, settingsNotApplied } from '../../../src/worker/config';

const fonts = nodeFontRegistry(['Noto Serif SC']);
const FACE = 'Noto Serif SC';

function firstPage(config: Record<string, unknown>, body: string): DisplayItem[] {
  const settings = settingsFromConfig({ bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE }, ...config } as never);
  const gen = layoutBook({ title: 't', settings, chapters: [{ id: 'a', title: '', source: `# 章\n\n${body}\n` }] }, fonts, new EngineCache());
  let step = gen.next();
  while (!step.done) step = gen.next();
  return step.value.pages[0]!.items;
}

const bodyRuns = (items: DisplayItem[]): GlyphRunItem[] => items.filter((i): i is GlyphRunItem => i.op === Op.GlyphRun && i.line?.role === 'body');
const paths = (items: DisplayItem[]): PathItem[] => items.filter((i): i is PathItem => i.op === Op.Path);
const rules = (items: DisplayItem[]): RuleItem[] => items.filter((i): i is RuleItem => i.op === Op.Rule);

/** The points of a path's data, pt. */
function points(d: string): [number, number][] {
  const n = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < n.length; i += 2) out.push([n[i]!, n[i + 1]!]);
  return out;
}

/** The centres of a path's circles: each subpath starts at its circle's rightmost point (cx + r, cy). */
function circleCentres(path: PathItem, r: number): [number, number][] {
  return path.d
    .split('M')
    .filter((s) => s.trim())
    .map((s) => {
      const [x, y] = points(s)[0]!;
      return [x - r, y];
    });
}

/** Bounding box of a path's points (control points included), pt. */
function box(path: PathItem) {
  const p = points(path.d);
  return { left: Math.min(...p.map((q) => q[0])), right: Math.max(...p.map((q) => q[0])), top: Math.min(...p.map((q) => q[1])), bottom: Math.max(...p.map((q) => q[1])) };
}

describe(':dots (着重号 / 傍点, §18.4)', () => {
  it('Chinese: one dot centred under each Han character, none under ， and 。', () => {
    const items = firstPage({ locale: 'zh-CN' }, '他读了:dots[中文，字。]和别的。');
    const run = bodyRuns(items).find((r) => r.text === '中文，字。')!;
    expect(run).toBeDefined();
    const size = run.size;
    const dots = paths(items);
    expect(dots).toHaveLength(1);
    expect(dots[0]!.fill).toBe(run.fill);
    const centres = circleCentres(dots[0]!, 0.08 * size);
    // 中 文 字 are glyphs 0, 1, 3; ， and 。 (2, 4) take none.
    expect(centres).toHaveLength(3);
    [0, 1, 3].forEach((g, i) => {
      expect(centres[i]![0]).toBeCloseTo(run.xs[g]! + size / 2, 2);
      // Under: em box bottom 0.12 em, gap 0.04 em, radius 0.08 em below the baseline.
      expect(centres[i]![1]).toBeCloseTo(run.y + 0.24 * size, 2);
    });
  });

  it('Japanese: sesame marks over the characters by default; attributes choose circle, open, under', () => {
    const ja = firstPage({ locale: 'ja' }, '吾輩は:dots[猫]である。');
    const cat = bodyRuns(ja).find((r) => r.text === '猫')!;
    const [sesame] = paths(ja);
    expect(sesame!.fill).toBe(cat.fill);
    const b = box(sesame!);
    // Above the em box's top (0.88 em over the baseline), centred on 猫's advance.
    expect(b.bottom).toBeLessThan(cat.y - 0.88 * cat.size);
    expect(b.top).toBeGreaterThan(cat.y - 1.3 * cat.size);
    expect((b.left + b.right) / 2).toBeCloseTo(cat.xs[0]! + cat.size / 2, 0);

    const open = firstPage({ locale: 'ja' }, '吾輩は:dots[猫]{style=circle fill=open pos=under}である。');
    const run = bodyRuns(open).find((r) => r.text === '猫')!;
    const [circle] = paths(open);
    expect(circle!.fill).toBeUndefined();
    expect(circle!.stroke).toBe(run.fill);
    const [centre] = circleCentres(circle!, 0.14 * run.size);
    expect(centre![0]).toBeCloseTo(run.xs[0]! + run.size / 2, 2);
    expect(centre![1]).toBeCloseTo(run.y + (0.12 + 0.04 + 0.14) * run.size, 2);
  });

  it('cjk.annotationColor colours the marks, not the text', () => {
    const items = firstPage({ locale: 'zh-CN', cjk: { annotationColor: '#cc0000' } }, '他读了:dots[中文]。');
    const run = bodyRuns(items).find((r) => r.text === '中文')!;
    expect(run.fill).not.toBe('#cc0000');
    expect(paths(items)[0]!.fill).toBe('#cc0000');
  });
});

describe('*…* under cjk.emphasis (§18.3)', () => {
  // Body text in EB Garamond: the Han characters come from Noto Serif SC by fallback, Latin has a true italic.
  const config = (emphasis?: string) => ({ locale: 'zh-CN', bodyText: { fontFamily: 'EB Garamond' }, ...(emphasis ? { cjk: { emphasis } } : {}) });
  it('auto in Chinese: dots under the Han characters, the Latin word in italic without dots', () => {
    const items = firstPage(config(), '这是*重要 word*的。');
    const runs = bodyRuns(items);
    const han = runs.find((r) => r.text === '重要')!;
    const word = runs.find((r) => r.text.includes('word'))!;
    expect(han.font).toBe('noto-serif-sc-400');
    expect(word.font).toBe('eb-garamond-400i');
    const dots = paths(items);
    expect(dots).toHaveLength(1);
    const centres = circleCentres(dots[0]!, 0.08 * han.size);
    expect(centres.map((c) => c[0])).toEqual([han.xs[0]! + han.size / 2, han.xs[1]! + han.size / 2].map((x) => expect.closeTo(x, 2)));
  });
  it("'italic' keeps today's emphasis: no dots", () => {
    const items = firstPage(config('italic'), '这是*重要 word*的。');
    expect(paths(items)).toHaveLength(0);
    expect(bodyRuns(items).find((r) => r.text.includes('word'))!.font).toBe('eb-garamond-400i');
  });
  it('auto in English: no dots even on Han characters', () => {
    expect(paths(firstPage({ locale: 'en', bodyText: { fontFamily: 'EB Garamond' } }, 'A *重要 word* here.'))).toHaveLength(0);
  });
});

describe(':book (书名号, §18.4)', () => {
  const text = (items: DisplayItem[]) => bodyRuns(items).map((r) => r.text).join('');
  it('Chinese: 《》 around the title, 〈〉 for a title inside it, as text of the line', () => {
    const items = firstPage({ locale: 'zh-CN' }, '读:book[论:book[红楼梦]]。');
    expect(text(items)).toContain('读《论〈红楼梦〉》。');
    expect(paths(items)).toHaveLength(0);
    // The brackets are generated text: their source offsets are not the title's characters'.
    const run = bodyRuns(items).find((r) => r.text.includes('《'))!;
    expect(run.srcMap).toBeDefined();
    expect(run.srcMap![run.text.indexOf('《')]).toBeLessThan(0);
  });
  it('Japanese: 『』 and 「」 inside', () => {
    expect(text(firstPage({ locale: 'ja' }, ':book[評論:book[源氏物語]]を読む。'))).toContain('『評論「源氏物語」』を読む。');
  });
  it('Taiwan: a wavy line under the title instead of brackets; bookTitleBrackets sets the pairs', () => {
    const tw = firstPage({ locale: 'zh-TW' }, '讀:book[紅樓夢]。');
    expect(text(tw)).toContain('讀紅樓夢。');
    const title = bodyRuns(tw).find((r) => r.text === '紅樓夢')!;
    const [wave] = paths(tw);
    expect(wave!.stroke).toBe(title.fill);
    expect(wave!.d).toContain('Q');
    expect(box(wave!).top).toBeGreaterThan(title.y + 0.12 * title.size);
    const own = firstPage({ locale: 'zh-CN', cjk: { bookTitleBrackets: [{ open: '〖', close: '〗' }] } }, '读:book[论:book[红楼梦]]。');
    expect(text(own)).toContain('读〖论〖红楼梦〗〗。');
    expect(text(firstPage({ locale: 'zh-CN', cjk: { bookTitleMark: 'none' } }, '读:book[红楼梦]。'))).toContain('读红楼梦。');
  });
});

describe(':name and :sideline (§18.4)', () => {
  it(':name: a straight line under the name, pulled in 0.06 em at each end', () => {
    const items = firstPage({ locale: 'zh-CN' }, '作者:name[鲁迅]写道。');
    const name = bodyRuns(items).find((r) => r.text === '鲁迅')!;
    const [line] = rules(items);
    expect(line!.x1).toBeCloseTo(name.xs[0]! + 0.06 * name.size, 2);
    expect(line!.x2).toBeCloseTo(name.xs[1]! + name.size - 0.06 * name.size, 2);
    expect(line!.y1).toBeCloseTo(name.y + (0.12 + 0.04 + 0.025) * name.size, 2);
  });
  it('double: two strokes 0.1 em apart under the text, the width of its characters', () => {
    const items = firstPage({ locale: 'ja' }, 'これは:sideline[傍線]{style=double}です。');
    const run = bodyRuns(items).find((r) => r.text === '傍線')!;
    const lines = rules(items);
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      expect(l.x1).toBeCloseTo(run.xs[0]!, 2);
      expect(l.x2).toBeCloseTo(run.xs[1]! + run.size, 2);
      expect(l.width).toBeCloseTo(0.05 * run.size, 3);
    }
    const ys = lines.map((l) => l.y1).sort((a, b) => a - b);
    expect(ys[0]).toBeCloseTo(run.y + (0.12 + 0.04 + 0.025) * run.size, 2);
    expect(ys[1]! - ys[0]!).toBeCloseTo(0.1 * run.size, 2);
  });
  it('wavy over: a wave of half waves on an axis above the em box, crests one amplitude (0.05 em) off it', () => {
    const items = firstPage({ locale: 'ja' }, 'これは:sideline[傍線]{style=wavy pos=over}です。');
    const run = bodyRuns(items).find((r) => r.text === '傍線')!;
    const [wave] = paths(items);
    const size = run.size;
    const axis = run.y - (0.88 + 0.04 + 0.025 + 0.05) * size;
    const p = points(wave!.d);
    // Start and end on the axis, at the characters' ends; 2 em / 0.16 em = 12.5 → 13 half waves.
    expect(p[0]![0]).toBeCloseTo(run.xs[0]!, 2);
    expect(p[0]![1]).toBeCloseTo(axis, 2);
    expect(p[p.length - 1]![0]).toBeCloseTo(run.xs[1]! + size, 2);
    expect(wave!.d.match(/Q/g)).toHaveLength(13);
    // Quadratic controls at twice the amplitude each side, alternating.
    const controls = p.slice(1).filter((_, i) => i % 2 === 0);
    controls.forEach((c, i) => expect(c[1]).toBeCloseTo(axis + (i % 2 === 0 ? -0.1 : 0.1) * size, 2));
  });
  it('dotted: round dots 0.2 em apart along Latin text too', () => {
    const items = firstPage({ locale: 'en', bodyText: { fontFamily: 'EB Garamond' } }, 'A :sideline[marked]{style=dotted} word.');
    const [dotted] = paths(items);
    expect(dotted!.fill).toBeDefined();
    const centres = circleCentres(dotted!, 0.04 * bodyRuns(items)[0]!.size);
    for (let i = 1; i < centres.length; i++) expect(centres[i]![0] - centres[i - 1]![0]).toBeCloseTo(0.2 * bodyRuns(items)[0]!.size, 2);
  });
});

describe('vertical text (§18.5: the flow is set horizontally and turned)', () => {
  it("Japanese sesame marks stand right of the line, :name's line left of it, beside their characters", () => {
    const items = firstPage({ locale: 'ja', layout: { writingMode: 'vertical-rl', layoutType: 'single' } }, '吾輩は:dots[猫]である。:name[名前]はまだ無い。');
    const matrices = itemMatrices(items);
    const identity = [1, 0, 0, 1, 0, 0] as const;
    /** Each body glyph's drawn pen on the sheet (upright CJK glyphs through their own matrices). */
    const pens = new Map<string, [number, number]>();
    items.forEach((item, i) => {
      if (item.op !== Op.GlyphRun || item.line?.role !== 'body') return;
      item.glyphs.forEach((_, g) => pens.set(item.text.slice(item.clusters[g]!, item.clusters[g]! + 1), applyMatrix(matrices[i] ?? [...identity], item.xs[g]!, item.y) as [number, number]));
    });
    const size = bodyRuns(items)[0]!.size;
    const sesameAt = items.findIndex((i) => i.op === Op.Path);
    const sesame = points((items[sesameAt] as PathItem).d).map(([x, y]) => applyMatrix(matrices[sesameAt] ?? [...identity], x, y));
    const cat = pens.get('猫')!;
    // An upright glyph's em square spans x … x + 1 em on the sheet and ends (down the line) near its pen's y.
    for (const [x, y] of sesame) {
      expect(x).toBeGreaterThan(cat[0] + size);
      expect(y).toBeGreaterThan(cat[1] - size);
      expect(y).toBeLessThan(cat[1] + 0.2 * size);
    }
    const ruleAt = items.findIndex((i) => i.op === Op.Rule);
    const rule = items[ruleAt] as RuleItem;
    const [x1, y1] = applyMatrix(matrices[ruleAt] ?? [...identity], rule.x1, rule.y1);
    const [x2, y2] = applyMatrix(matrices[ruleAt] ?? [...identity], rule.x2, rule.y2);
    expect(x1).toBeCloseTo(x2, 3);
    expect(x1).toBeLessThan(pens.get('名')![0]);
    // Down the line from 名's em square to 前's (pens within half a point of the squares' ends).
    expect(y1).toBeGreaterThan(pens.get('名')![1] - size - 0.5);
    expect(y2).toBeLessThan(pens.get('前')![1] + 0.5);
    expect(y2 - y1).toBeGreaterThan(1.8 * size);
  });
});

describe('cjkMarksExceedLeading (§18.4)', () => {
  const book = (lineHeight?: number) => ({
    chapters: [{ id: 'c1', source: '# 第一章\n\n吾輩は:dots[猫]である。\n\n:sideline[名前]はまだ無い。\n' }],
    config: { locale: 'ja', ...(lineHeight ? { bodyText: { lineHeight: { value: lineHeight, unit: 'em' } } } : {}) },
  });
  it('is quiet at the default leading (1.5 em leaves 0.5 em between lines); the marks are no unsupported construct', () => {
    const { warnings } = runChecks(book());
    expect(warnings.filter((w) => w.kind === 'cjkMarksExceedLeading')).toEqual([]);
    expect(warnings.filter((w) => w.kind === 'unsupportedConstruct')).toEqual([]);
  });
  it('fires once per block whose marks reach past a tight leading', () => {
    // 1.2 em leaves 0.2 em: a sesame needs 0.35 em, a side line 0.09 em.
    expect(runChecks(book(1.2)).warnings.filter((w) => w.kind === 'cjkMarksExceedLeading')).toHaveLength(1);
    // 1.1 em leaves 0.1 em: the side line fits, just; 1.05 em leaves 0.05 em: it does not.
    expect(runChecks(book(1.1)).warnings.filter((w) => w.kind === 'cjkMarksExceedLeading')).toHaveLength(1);
    expect(runChecks(book(1.05)).warnings.filter((w) => w.kind === 'cjkMarksExceedLeading')).toHaveLength(2);
  });
});

describe('where marks are drawn (§18.4: body, headings, lists, quotes, boxes, cells, notes)', () => {
  it('one dot path right after each marked run, in every kind of text', () => {
    const settings = settingsFromConfig({ locale: 'zh-CN', bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE } } as never);
    const source = '# 第:dots[一]章\n\n正文:dots[二]。[^n]\n\n- 列表:dots[三]\n\n> 引文:dots[四]\n\n:::callout{type="note"}\n框内:dots[五]\n:::\n\n| 甲 | 乙 |\n|---|---|\n| 格:dots[六] | 丙 |\n\n[^n]: 注释:dots[七]。\n';
    const gen = layoutBook({ title: 't', settings, chapters: [{ id: 'a', title: '', source }] }, fonts, new EngineCache());
    let step = gen.next();
    while (!step.done) step = gen.next();
    const marked: string[] = [];
    for (const page of step.value.pages) {
      let last = '';
      for (const item of page.items) {
        if (item.op === Op.GlyphRun) last = `${item.line?.role}:${item.text}`;
        if (item.op === Op.Path) marked.push(last);
      }
    }
    expect(marked.sort()).toEqual(['body:三', 'body:二', 'body:五', 'body:六', 'body:四', 'heading:一', 'note:七'].sort());
  });
});

describe('incremental layout', () => {
  it('an edit before marked paragraphs lays out as a fresh cache does (memoised runs keep their marks, moved)', () => {
    const settings = settingsFromConfig({ locale: 'zh-CN', bodyText: { fontFamily: FACE }, headings: { fontFamily: FACE } } as never);
    const book = (first: string) => ({ title: 't', settings, chapters: [{ id: 'a', title: '', source: `# 章\n\n${first}\n\n他读了:dots[中文字]和*重要*，见:book[红楼梦]与:name[鲁迅]。\n` }] });
    const layout = (input: ReturnType<typeof book>, cache: EngineCache) => {
      const gen = layoutBook(input, fonts, cache);
      let step = gen.next();
      while (!step.done) step = gen.next();
      return JSON.stringify(step.value.pages.map((p) => p.items));
    };
    const cache = new EngineCache();
    const before = layout(book('第一段。'), cache);
    expect(before).toContain('"op":4');
    const edited = book('第一段加了几个字。');
    const incremental = layout(edited, cache);
    expect(incremental).toBe(layout(edited, new EngineCache()));
    expect(incremental).not.toBe(before);
  });
});

describe('settings bookkeeping', () => {
  it('declares the marks settings applied (no settingNotApplied for them)', () => {
    for (const path of ['cjk.emphasis', 'cjk.emphasisMark.style', 'cjk.emphasisMark.fill', 'cjk.emphasisMark.position', 'cjk.bookTitleMark', 'cjk.bookTitleBrackets', 'cjk.annotationColor']) expect(isApplied(path), path).toBe(true);
  });

  it('reports no field of a stored bracket list or emphasis mark as not applied (stored objects are walked field by field)', () => {
    const stored = { cjk: { emphasisMark: { style: 'sesame', fill: 'open', position: 'over' }, bookTitleBrackets: [{ open: '〖', close: '〗' }, { open: '〈', close: '〉' }] } };
    expect(settingsNotApplied(stored)).toEqual([]);
  });
});
