/** Reader for the readable line-breaking fixtures in tests/fixtures/linebreak/. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INFINITE_PENALTY, type Item } from '../../../src/worker/engine/text/items';
import type { LineBreakParams } from '../../../src/worker/engine/text/linebreak';

export interface FixtureCase {
  name: string;
  width: number;
  expected: { text: string; ratio: number }[];
}

export interface LineBreakFixture {
  charWidths: Map<string, number>;
  hyphenWidth: number;
  spaces: Map<string, [number, number, number]>;
  indent: number;
  text: string;
  settings: Partial<LineBreakParams>;
  cases: FixtureCase[];
}

export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../../fixtures/linebreak/${name}`, import.meta.url));
}

export function readFixture(name: string): LineBreakFixture {
  const src = readFileSync(fixturePath(name), 'utf8');
  const sections = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const raw of src.split('\n')) {
    const head = /^== (.+) ==$/.exec(raw);
    if (head) {
      current = [];
      sections.set(head[1]!, current);
    } else if (current && !raw.startsWith('#') && raw.trim() !== '') current.push(raw);
  }
  const charWidths = new Map<string, number>();
  const spaces = new Map<string, [number, number, number]>();
  let hyphenWidth = 0;
  let indent = 0;
  for (const line of sections.get('metrics') ?? []) {
    const [k, v] = splitKey(line);
    if (/^\d+$/.test(k)) for (const ch of v.split(/\s+/)) charWidths.set(ch, Number(k));
    else if (k === 'hyphen') hyphenWidth = Number(v);
    else if (k === 'indent') indent = Number(v);
    else if (k === 'space') spaces.set('', triple(v));
    else if (k.startsWith('space after ')) spaces.set(k.slice('space after '.length), triple(v));
  }
  const settings: Record<string, unknown> = {};
  for (const line of sections.get('settings') ?? []) {
    const [k, v] = splitKey(line);
    settings[k] = v === 'true' ? true : v === 'false' ? false : Number(v);
  }
  const cases: FixtureCase[] = [];
  for (const [name, lines] of sections) {
    if (!name.startsWith('case ')) continue;
    let width = 0;
    const expected: { text: string; ratio: number }[] = [];
    let inExpected = false;
    for (const line of lines) {
      if (inExpected) {
        const bar = line.lastIndexOf(' | ');
        expected.push({ text: line.slice(0, bar), ratio: Number(line.slice(bar + 3)) });
      } else if (line.startsWith('width:')) width = Number(splitKey(line)[1]);
      else if (line.startsWith('expected:')) inExpected = true;
    }
    cases.push({ name: name.slice(5), width, expected });
  }
  return {
    charWidths,
    hyphenWidth,
    spaces,
    indent,
    text: (sections.get('text') ?? []).join(' '),
    settings: settings as Partial<LineBreakParams>,
    cases,
  };
}

function splitKey(line: string): [string, string] {
  const i = line.indexOf(':');
  return [line.slice(0, i).trim(), line.slice(i + 1).trim()];
}

function triple(v: string): [number, number, number] {
  const [a, b, c] = v.split(/\s+/).map(Number);
  return [a!, b!, c!];
}

/**
 * Builds the paper's items: indent box, one box per word piece, glue per space (by the
 * preceding character), flagged penalties at `\-` (hyphen width) and after explicit hyphens
 * (width 0), then the finishing penalty(+∞), glue(0, +∞ stretch), penalty(−∞).
 */
export function paperItems(f: LineBreakFixture): Item<string>[] {
  const items: Item<string>[] = [];
  if (f.indent > 0) items.push({ type: 'box', width: f.indent, payload: '' });
  const words = f.text.split(' ');
  words.forEach((word, wi) => {
    if (wi > 0) {
      const prev = words[wi - 1]!;
      const last = prev[prev.length - 1]!;
      const [width, stretch, shrink] = f.spaces.get(last) ?? f.spaces.get('')!;
      items.push({ type: 'glue', width, stretch, shrink });
    }
    const parts = word.split(/(\\-|(?<=-))/).filter((x) => x !== '');
    for (const part of parts) {
      if (part === '\\-') {
        items.push({ type: 'penalty', width: f.hyphenWidth, penalty: 50, flagged: true });
        continue;
      }
      let w = 0;
      for (const ch of part) {
        const cw = f.charWidths.get(ch);
        if (cw === undefined) throw new Error(`no width for ${JSON.stringify(ch)}`);
        w += cw;
      }
      items.push({ type: 'box', width: w, payload: part });
      if (part.endsWith('-')) items.push({ type: 'penalty', width: 0, penalty: 50, flagged: true });
    }
  });
  items.push({ type: 'penalty', width: 0, penalty: INFINITE_PENALTY, flagged: false });
  items.push({ type: 'glue', width: 0, stretch: Infinity, shrink: 0 });
  items.push({ type: 'penalty', width: 0, penalty: -INFINITE_PENALTY, flagged: false });
  return items;
}

/** Text of each line: boxes joined, a space per glue, "-" where a line ends at a hyphen penalty. */
export function lineTexts(items: readonly Item<string>[], positions: readonly number[]): string[] {
  const out: string[] = [];
  let start = 0;
  for (const pos of positions) {
    let s = '';
    for (let i = start; i < pos && i < items.length; i++) {
      const it = items[i]!;
      if (it.type === 'box') s += it.payload ?? '';
      else if (it.type === 'glue' && s !== '') s += ' ';
    }
    const end = items[pos];
    if (end && end.type === 'penalty' && end.flagged && end.width > 0) s += '-';
    out.push(s.trim());
    start = pos + 1;
    while (start < items.length && items[start]!.type !== 'box') {
      const x = items[start]!;
      if (x.type === 'penalty' && x.penalty <= -INFINITE_PENALTY) break;
      start++;
    }
  }
  return out;
}
