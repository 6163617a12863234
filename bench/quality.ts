/**
 * `npm run quality`: typographic quality of the sample books, as laid out by the worker host in
 * Node. For each book: the share of loose body lines (word spaces wider than 1.5× normal — our
 * quality figure, stricter than the 3× line the engine sets ragged), the longest run of
 * consecutive hyphenated lines (ladder), overfull lines (emergency breaks or shrunk past the
 * minimum) and runts (a paragraph's last line holding a single word, or one CJK character).
 * `--check` compares with `bench/quality-baseline.json` and fails when a figure gets worse;
 * `--update` rewrites the baseline.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { BookHost } from '../src/worker/host/book-host';
import { Op, type GlyphRunItem, type PageDisplayList } from '../src/worker/protocol/displaylist';
import { nodeEnvironment } from '../tests/support/node-host';

/** Word spaces past this multiple of the normal space make a line loose (issue #5's figure). */
const LOOSE_SPACE = 1.5;
/** bodyText.maxWordSpacing default: a ratio of r stretches a space to 1 + r × (2 − 1) normal. */
const MAX_WORD_SPACING = 2;

export interface QualityFigures {
  book: string;
  pages: number;
  bodyLines: number;
  looseLines: number;
  /** Share of loose lines among body lines that are not a paragraph's last, percent. */
  loosePercent: number;
  longestHyphenLadder: number;
  overfullLines: number;
  runts: number;
}

interface Line {
  block: string;
  text: string;
  ratio: number;
  hyphenated: boolean;
  ragged: boolean;
  emergency: boolean;
}

/** Body lines in reading order: page, then column (flow order by x as the book reads), then y. */
function bodyLines(pages: readonly PageDisplayList[], rtl: boolean): Line[] {
  const lines: Line[] = [];
  for (const page of pages) {
    const groups = new Map<string, GlyphRunItem[]>();
    for (const item of page.items) {
      if (item.op !== Op.GlyphRun || item.line?.role !== 'body') continue;
      const column = item.xs[0]! < page.width / 2 ? 0 : 1;
      const key = `${column}|${item.y}|${item.line.block}`;
      const list = groups.get(key) ?? [];
      list.push(item);
      groups.set(key, list);
    }
    const ordered = [...groups.entries()].sort(([a], [b]) => {
      const [ca, ya] = a.split('|').map(Number);
      const [cb, yb] = b.split('|').map(Number);
      const col = rtl ? cb! - ca! : ca! - cb!;
      return col !== 0 ? col : ya! - yb!;
    });
    for (const [, runs] of ordered) {
      const info = runs[0]!.line!;
      const text = runs
        .filter((r) => r.srcFrom >= 0)
        .sort((a, b) => a.srcFrom - b.srcFrom)
        .map((r) => r.text)
        .join('');
      lines.push({ block: info.block, text, ratio: info.ratio, hyphenated: runs.some((r) => r.line?.hyphenated), ragged: runs.some((r) => r.line?.ragged), emergency: runs.some((r) => r.line?.emergency) });
    }
  }
  return lines;
}

function figures(book: string, pages: readonly PageDisplayList[], rtl: boolean): QualityFigures {
  const lines = bodyLines(pages, rtl);
  let loose = 0;
  let counted = 0;
  let ladder = 0;
  let longest = 0;
  let overfull = 0;
  let runts = 0;
  lines.forEach((line, i) => {
    const last = lines[i + 1]?.block !== line.block;
    if (!last) {
      counted++;
      if (line.ragged || 1 + line.ratio * (MAX_WORD_SPACING - 1) > LOOSE_SPACE) loose++;
    } else {
      const words = line.text.trim();
      const cjk = /[\u3040-\u30ff\u3400-\u9fff]/.test(words);
      if (lines[i - 1]?.block === line.block && (cjk ? [...words.replace(/[、。，．：；？！）」』]/g, '')].length <= 1 : !/\s/.test(words))) runts++;
    }
    ladder = line.hyphenated ? ladder + 1 : 0;
    longest = Math.max(longest, ladder);
    if (line.emergency || line.ratio < -1) overfull++;
  });
  return { book, pages: pages.length, bodyLines: lines.length, looseLines: loose, loosePercent: counted ? Math.round((1000 * loose) / counted) / 10 : 0, longestHyphenLadder: longest, overfullLines: overfull, runts };
}

async function layOut(presetId: string, locale?: string): Promise<PageDisplayList[]> {
  const host = new BookHost(nodeEnvironment('public/presets'));
  const book = await host.openPreset({ presetId, ...(locale ? { locale } : {}) });
  const done = await host.awaitConvergence(book.revision);
  const pages: PageDisplayList[] = [];
  for (let i = 0; i < done.pages; i++) pages.push((await host.getDisplayList(i))!);
  return pages;
}

export async function measureQuality(): Promise<QualityFigures[]> {
  const books: [string, string | undefined, boolean][] = [
    ['postext-guide', 'en', false],
    ['postext-guide', 'ar', true],
    ['magazine-piece', undefined, false],
    ['arabic-book', undefined, true],
    ['chinese-book', undefined, false],
  ];
  const out: QualityFigures[] = [];
  for (const [id, locale, rtl] of books) out.push(figures(locale ? `${id}.${locale}` : id, await layOut(id, locale), rtl));
  return out;
}

const BASELINE = 'bench/quality-baseline.json';
const WORSE_IF_HIGHER: (keyof QualityFigures)[] = ['loosePercent', 'longestHyphenLadder', 'overfullLines', 'runts'];

/** Entry point (scripts/quality.mjs bundles and runs this file). */
export async function main(args: readonly string[]): Promise<number> {
  const results = await measureQuality();
  process.stdout.write(`${'book'.padEnd(20)} pages  lines  loose%  ladder  overfull  runts\n`);
  for (const r of results) {
    process.stdout.write(`${r.book.padEnd(20)} ${String(r.pages).padStart(5)}  ${String(r.bodyLines).padStart(5)}  ${r.loosePercent.toFixed(1).padStart(6)}  ${String(r.longestHyphenLadder).padStart(6)}  ${String(r.overfullLines).padStart(8)}  ${String(r.runts).padStart(5)}\n`);
  }
  if (args.includes('--update')) {
    writeFileSync(BASELINE, JSON.stringify(results, null, 2) + '\n');
    process.stdout.write(`quality: baseline written to ${BASELINE}\n`);
    return 0;
  }
  if (!args.includes('--check')) return 0;
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as QualityFigures[];
  let worse = 0;
  for (const r of results) {
    const base = baseline.find((b) => b.book === r.book);
    if (!base) continue;
    for (const key of WORSE_IF_HIGHER) {
      // Loose-line share may move by a tenth of a percent with unrelated text edits.
      const slack = key === 'loosePercent' ? 0.1 : 0;
      if ((r[key] as number) > (base[key] as number) + slack) {
        process.stdout.write(`quality: ${r.book} ${key} got worse: ${base[key]} → ${r[key]}\n`);
        worse++;
      }
    }
  }
  process.stdout.write(worse ? `quality: ${worse} figure(s) worse than ${BASELINE}\n` : `quality: no figure worse than ${BASELINE}\n`);
  return worse ? 1 : 0;
}
