/**
 * ARCHITECTURE invariant 6 (incremental == full) over what day 19 added to boxes and `:::columns`
 * groups, together: callout boxes inside groups that float, are fixed, span the page or wrap
 * (page/columns-group-box.ts), `:::paragraphs{style}` with drop caps inside boxes and a heading's
 * drop cap on the paragraph after it there (page/callout-blocks.ts), float-barrier boxes in groups,
 * footnotes cited in groups and boxes. A seeded book is edited at random block boundaries (paragraphs
 * and headings typed in, blocks deleted) and each layout on the previous one's cache must equal a
 * layout from scratch, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { EngineCache, layoutBook, prepareResources, type BookInput, type LayoutSettings } from '../../../src/worker/engine';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { pageFrame } from '../../../src/worker/engine/page/geometry';
import { Op } from '../../../src/worker/protocol/displaylist';
import { nodeFontRegistry } from '../../support/node-world';
import { mulberry32, paragraph, sentence } from '../../support/prose';
import { dump, ptLength as pt, run } from './helpers';

/** The fences a box inside a group takes: in flow, floated, fixed, page-wide, wrapped; `barrier` is a float-barrier style. */
const BOX_FENCES = ['type=note', 'type=note placement=bottom', 'type=note placement=top', 'type=note placement=fixed', 'type=note span=page', 'type=note wrap=right width=0.4', 'type=barrier'];

const pick = <T,>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const title = (random: () => number, length: number): string => sentence(random).slice(0, length).replace(/[.;,:]$/, '');

/** A callout box's content: a paragraph, a styled run with its drop cap, or a heading whose drop cap opens the paragraph after it. */
function boxBody(random: () => number, tag: string): string {
  const kind = Math.floor(random() * 3);
  if (kind === 0) return paragraph(random, 2);
  if (kind === 1) return `:::paragraphs{style="opening"}\n${paragraph(random, 2)}\n\n${paragraph(random, 1)}\n:::`;
  return `## ${title(random, 20)} {#${tag}}\n\n${paragraph(random, 2)}[^${tag}n]\n\n[^${tag}n]: ${sentence(random)}`;
}

function group(random: () => number, tag: string): string {
  const rows: string[] = [];
  const count = 3 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const kind = random();
    if (kind < 0.35) rows.push(`Grouped, ${paragraph(random, 1 + Math.floor(random() * 3))}`);
    else if (kind < 0.5) rows.push(`- ${sentence(random)}\n- ${sentence(random)}`);
    else if (kind < 0.6) rows.push(`### ${title(random, 18)}`);
    else if (kind < 0.7) rows.push(`${sentence(random)}[^${tag}g${i}]\n\n[^${tag}g${i}]: ${sentence(random)}`);
    else rows.push(`:::callout{${pick(random, BOX_FENCES)}}\n${boxBody(random, `${tag}b${i}`)}\n:::`);
  }
  return `:::columns{count=2}\n${rows.join('\n\n')}\n:::`;
}

function chapter(random: () => number, c: number): string {
  const parts = [`# ${title(random, 30)} {#ch${c}}`];
  for (let i = 0; i < 10; i++) {
    const kind = random();
    if (kind < 0.3) parts.push(group(random, `c${c}x${i}`));
    else if (kind < 0.45) parts.push(`:::callout{type=note}\n${boxBody(random, `c${c}y${i}`)}\n:::`);
    else if (kind < 0.55) parts.push(`## ${title(random, 24)}`);
    else parts.push(paragraph(random));
  }
  return parts.join('\n\n') + '\n';
}

function settings(columns: 1 | 2): LayoutSettings {
  return settingsFromConfig({
    layout: { layoutType: columns === 1 ? 'single' : 'double' },
    headings: { levels: [{ level: 2, dropCap: { lines: 2 } }] },
    calloutStyles: [{ id: 'note' }, { id: 'barrier', floatBarrier: true }],
    paragraphStyles: [{ id: 'opening', firstLineIndent: pt(0), dropCap: { lines: 2 } }],
  } as never);
}

function book(seed: number, layout: LayoutSettings): BookInput {
  const random = mulberry32(seed);
  return { title: 'Groups and boxes', settings: layout, chapters: Array.from({ length: 3 }, (_, c) => ({ id: `c${c}`, title: '', source: chapter(random, c) })) };
}

/** A random edit at a block boundary: a paragraph or a heading typed in, or the block after the boundary deleted (never a fence line). */
function edit(source: string, random: () => number, n: number): string {
  const at = source.indexOf('\n\n', Math.floor(random() * source.length));
  if (at < 0) return source + `\n${paragraph(random)}\n`;
  const kind = random();
  if (kind < 0.4) return source.slice(0, at) + `\n\n${paragraph(random)}` + source.slice(at);
  if (kind < 0.65) return source.slice(0, at) + `\n\n## Inserted ${n}` + source.slice(at);
  const end = source.indexOf('\n\n', at + 2);
  const block = source.slice(at + 2, end < 0 ? source.length : end);
  if (block.split('\n').some((line) => line.startsWith(':::') || line.startsWith('[^'))) return source.slice(0, at) + ` ${sentence(random)}` + source.slice(at);
  return source.slice(0, at) + source.slice(end < 0 ? source.length : end);
}

describe('incremental relayout equals a full relayout with boxes in :::columns groups', () => {
  for (const [name, seed, columns] of [['one column', 3, 1], ['two columns', 8, 2]] as const) {
    it(`after random edits (${name})`, () => {
      const random = mulberry32(seed * 31);
      let input = book(seed, settings(columns));
      const cache = new EngineCache();
      const first = run(input, cache);
      // The seeded book does hold what this test is about: boxes, drop caps, and (in one column)
      // groups set in sub-columns, body lines side by side at one baseline.
      expect(first.pages.length).toBeGreaterThan(3);
      const items = first.pages.flatMap((p) => p.items.map((item) => ({ page: p.index, item })));
      expect(items.filter(({ item }) => item.op === Op.Rect && item.fill !== undefined).length).toBeGreaterThan(3);
      const body = settings(columns).body.style.size;
      expect(items.some(({ item }) => item.op === Op.GlyphRun && item.size >= 2 * body)).toBe(true);
      if (columns === 1) {
        // Paragraphs of a group open in its second sub-column too: right of the text area's middle.
        const frame = pageFrame(settings(columns), 0);
        const middle = frame.contentLeft + frame.contentWidth / 2;
        const opened = items.filter(({ item }) => item.op === Op.GlyphRun && item.text.startsWith('Grouped'));
        expect(opened.some(({ item }) => item.op === Op.GlyphRun && item.xs[0]! > middle)).toBe(true);
        expect(opened.some(({ item }) => item.op === Op.GlyphRun && item.xs[0]! < middle)).toBe(true);
      }
      for (let n = 0; n < 8; n++) {
        const c = Math.floor(random() * input.chapters.length);
        const next = edit(input.chapters[c]!.source, random, n);
        input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source: next } : ch)) };
        expect(dump(run(input, cache)), `edit ${n} in chapter ${c}`).toBe(dump(run(input)));
      }
    });
  }
});

/**
 * The same in vertical text (page/vertical.ts, vertical-generated.ts, resources/table.ts): CJK
 * paragraphs, ordered lists in boxes and groups (markers set by the line they stand on, the run's
 * number column), notes, and a CJK table; edits type CJK sentences in and delete blocks.
 */
const CJK_FACE = 'Noto Serif SC';
const cjkFonts = nodeFontRegistry([CJK_FACE]);
const CJK_WORDS = ['港の灯り', '霧の朝', '帳簿', '錨', '潮の流れ', '石畳', '帆柱', '夕暮れ', '灯台守', '12', '3', 'Tama', '2026年'];

function cjkSentence(random: () => number): string {
  return Array.from({ length: 3 + Math.floor(random() * 6) }, () => pick(random, CJK_WORDS)).join('と') + '。';
}
const cjkParagraph = (random: () => number, sentences = 2 + Math.floor(random() * 3)): string => Array.from({ length: sentences }, () => cjkSentence(random)).join('');
const cjkList = (random: () => number): string => Array.from({ length: 2 + Math.floor(random() * 10) }, (_, i) => `${i + 1}. ${cjkSentence(random)}`).join('\n');

function cjkChapter(random: () => number, c: number): string {
  const parts = [`# 第${c + 1}章 ${pick(random, CJK_WORDS)}`];
  for (let i = 0; i < 10; i++) {
    const kind = random();
    if (kind < 0.2) parts.push(`:::columns{count=2}\n${cjkParagraph(random)}\n\n${cjkList(random)}\n\n${cjkParagraph(random, 1)}\n:::`);
    else if (kind < 0.35) parts.push(`:::callout{type=note}\n${cjkList(random)}\n\n${cjkParagraph(random, 1)}\n:::`);
    else if (kind < 0.45) parts.push(`${cjkSentence(random)}[^c${c}n${i}]\n\n[^c${c}n${i}]: ${cjkSentence(random)}`);
    else if (kind < 0.5) parts.push('::resource{id="roster"}');
    else parts.push(cjkParagraph(random));
  }
  return parts.join('\n\n') + '\n';
}

function cjkBook(seed: number): BookInput {
  const random = mulberry32(seed);
  const settings = settingsFromConfig({ locale: 'ja', layout: { writingMode: 'vertical-rl', layoutType: 'double' }, bodyText: { fontFamily: CJK_FACE }, headings: { fontFamily: CJK_FACE }, tableStyle: { bodyFontFamily: CJK_FACE, headerFontFamily: CJK_FACE } } as never);
  const model = { rows: [['名前', '年齢'], ['Tama', '12'], ['太郎', '3']].map((row) => row.map((content) => ({ content }))), headerRowCount: 1 };
  const resources = prepareResources([{ record: { id: 'roster', typeId: 'table', kind: 'table', caption: '名簿。', placement: { position: 'here' }, table: { model } } as never }], {});
  return { title: '縦組み', settings, resources, chapters: Array.from({ length: 3 }, (_, c) => ({ id: `c${c}`, title: '', source: cjkChapter(random, c) })) };
}

function runCjk(input: BookInput, cache = new EngineCache()) {
  const steps = layoutBook(input, cjkFonts, cache);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

describe('incremental relayout equals a full relayout in vertical text with lists in boxes and groups, notes and tables', () => {
  it('after random edits', () => {
    const random = mulberry32(41);
    let input = cjkBook(12);
    const cache = new EngineCache();
    // The book holds what the test is about: turned pages (the others are the blank versos before
    // chapters), the table (its caption's 簿 and its cell 太郎), ordered markers (an upright 1).
    const first = runCjk(input, cache);
    expect(first.pages.filter((p) => p.items.some((item) => item.op === Op.Transform)).length).toBeGreaterThan(2);
    const texts = first.pages.flatMap((p) => p.items.flatMap((item) => (item.op === Op.GlyphRun ? [item.text] : [])));
    expect(texts.some((t) => t.includes('簿'))).toBe(true);
    expect(texts.some((t) => t.includes('太'))).toBe(true);
    expect(texts.filter((t) => t === '1').length).toBeGreaterThan(2);
    for (let n = 0; n < 6; n++) {
      const c = Math.floor(random() * input.chapters.length);
      const source = input.chapters[c]!.source;
      const at = source.indexOf('\n\n', Math.floor(random() * source.length));
      const next = at < 0 ? source + `\n${cjkParagraph(random)}\n` : source.slice(0, at) + (random() < 0.5 ? `\n\n${cjkParagraph(random)}` : cjkSentence(random)) + source.slice(at);
      input = { ...input, chapters: input.chapters.map((ch, i) => (i === c ? { ...ch, source: next } : ch)) };
      expect(dump(runCjk(input, cache)), `edit ${n} in chapter ${c}`).toBe(dump(runCjk(input)));
    }
  });
});
