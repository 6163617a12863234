/**
 * Block phase (document-format.md §2.1–§2.3, §5, §6–§9, §11, §12.3, §14.1): source lines → the flat
 * block list. Line-oriented and hand-written; dispatch order per non-blank line is the reference's (§2.2):
 * code fence → 1 `$$…$$` line → 2 `$$` fence → 3 `::resource` → 4 bare `:::` (container open) →
 * 5 known container → 6 known directive → 7 ATX heading → 8 list item → 9 blockquote → 10 paragraph.
 */
import { attrBoolean, parseAttributes, type AttributeParse } from './attributes';
import { parseInlines, plainTextOf, JoinedText, type InlineContext, type InlineEnv } from './inlines';
import type { InlineMemo } from './inline-memo';
import { indentPrefixLength, readIndentedCode } from './indented-code';
import { isAmbiguousPunct, isCJK, trimBounds, type Diagnostics, type Line, type SourceText } from './lex';
import type {
  Attributes,
  Block,
  ContainerName,
  ContainerStartBlock,
  DirectiveName,
  HeadingLevel,
  Inline,
  ListItemBlock,
  MathDisplayBlock,
  VerseLine,
} from './model';

const CONTAINERS = new Set<ContainerName>(['callout', 'paragraphs', 'part', 'columns', 'paper']);
const RAW_BLOCKS = new Set(['verse', 'references', 'page', 'strip']);
const DIRECTIVES = new Set<DirectiveName>(['pagebreak', 'numbering', 'columnbreak', 'space', 'toc', 'index', 'bibliography']);
/** Recognised, kept, not typeset yet: these get an `unsupportedConstruct` warning. */
const NOT_YET: Record<string, string> = {
  paper: '`:::paper` (paper stock)',
  references: '`:::references` (citation data)',
  page: '`:::page` (comic page)',
  strip: '`:::strip` (comic strip)',
  bibliography: '`:::bibliography`',
};

/** Reference fence regex (§6), applied to the trimmed line. */
const FENCE = /^:::\s*([a-z][a-z0-9-]*)\s*(?:\{([^}]*)\})?\s*$/;
/** §12.3 strict embed. */
const RESOURCE = /^::resource\s*\{id="([^"]+)"\}\s*$/;
const HEADING = /^(#{1,6})[ \t]+(\S.*)$/;
const CODE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const TASK = /^([ \t]*)([-*+])[ \t]+\[([ xX])\](?:[ \t]+(.*))?$/;
const ORDERED = /^([ \t]*)(\d+)([.)])[ \t]+(\S.*)$/;
const UNORDERED = /^([ \t]*)([-*+])[ \t]+(\S.*)$/;
const FOOTNOTE_DEF = /^\[\^([\p{L}\p{N}_.:-]+)\]:/u;
const DISPLAY_LINE = /^\$\$((?:(?!\$\$).)+)\$\$$/;

export interface BlockEnv {
  chapterId: string;
  src: SourceText;
  diags: Diagnostics;
  /** Inlines of the chapter's previous parse, reused for blocks whose text did not change. */
  inlineMemo?: InlineMemo | undefined;
  /** `bodyText.hardLineBreaks` (document-format §5.3): false = a trailing `\` prints and the lines join. Absent = true. */
  hardLineBreaks?: boolean | undefined;
  /** `codeStyle.blocks` (configuration.md §13.3, document-format §5.7): false = fences are Markdown text. Absent = true. */
  codeBlocks?: boolean | undefined;
  /** `codeStyle.indentedCode` (§13.3): lines indented 4 columns after a blank line are a listing. Absent = false. */
  indentedCode?: boolean | undefined;
}

interface OpenContainer {
  block: ContainerStartBlock;
}

interface ListState {
  id: string;
  stack: { col: number; depth: number }[];
  counters: ({ kind: ListItemBlock['listKind']; next: number } | undefined)[];
}

/** Column of the first non-space character, tabs to the next multiple of 4 (§5.5). */
function indentColumns(s: string): number {
  let col = 0;
  for (const ch of s) {
    if (ch === ' ') col++;
    else if (ch === '\t') col = col - (col % 4) + 4;
    else break;
  }
  return col;
}

function isBlank(text: string): boolean {
  const [a, b] = trimBounds(text);
  return a === b;
}

/**
 * A line where the block parser stands with no container open and no list going on, after a blank
 * line: from there its state is the blocks made so far, the line and the blank lines before it
 * (a glued display's continuation needs its line right after the display, never after a blank one).
 */
export interface SafePoint {
  /** Line index and its first unit's source offset. */
  line: number;
  offset: number;
  /** Blank lines just before it. */
  blanks: number;
  /** Blocks made before it. */
  blocks: number;
}

export class BlockParser {
  readonly blocks: Block[] = [];
  private readonly lines: Line[];
  private containers: OpenContainer[] = [];
  private list: ListState | null = null;
  private blanks = 0;
  private i: number;
  /** Set right after a display formula glued under a paragraph (for `continuesParagraph`). */
  private afterGluedDisplay = -1;

  /** Index of the body's first line (after any front matter). */
  private readonly bodyStart: number;

  /**
   * @param startLine the body's first line (after any front matter).
   * @param prefix blocks a previous parse of the same text up to `line` made, the parser standing at
   *   a safe point there (`SafePoint`): parsing goes on from that line with those blocks.
   * @param onSafePoint told of every safe point as the parse passes it (parse/chapter.ts keeps them
   *   for the chapter's next parse).
   */
  constructor(
    private readonly env: BlockEnv,
    startLine: number,
    prefix?: { blocks: readonly Block[]; point: SafePoint },
    private readonly onSafePoint?: (point: SafePoint) => void,
  ) {
    this.lines = env.src.lines;
    this.i = startLine;
    this.bodyStart = startLine;
    if (prefix) {
      this.blocks.push(...prefix.blocks);
      this.i = prefix.point.line;
      this.blanks = prefix.point.blanks;
    }
  }

  private nextId(): string {
    return `${this.env.chapterId}:b${this.blocks.length}`;
  }

  private range(from: number, to: number) {
    return this.env.src.range(from, to);
  }

  private inlines(joined: JoinedText, context: InlineContext): Inline[] {
    const env: InlineEnv = { diags: this.env.diags, src: this.env.src, context };
    if (this.env.hardLineBreaks === false) env.hardLineBreaks = false;
    return this.env.inlineMemo ? this.env.inlineMemo.parse(joined, env) : parseInlines(joined, env);
  }

  parse(): Block[] {
    const lines = this.lines;
    while (this.i < lines.length) {
      const line = lines[this.i]!;
      if (isBlank(line.text)) {
        this.blanks++;
        this.i++;
        continue;
      }
      const startCount = this.blocks.length;
      // At top level, after a blank line, with no list going on: what comes next depends on nothing
      // before but the blocks made (a safe point; the blank line ended whatever came before).
      if (this.onSafePoint && this.blanks > 0 && this.containers.length === 0 && this.list === null) {
        this.onSafePoint({ line: this.i, offset: line.from, blanks: this.blanks, blocks: startCount });
      }
      this.dispatch(line);
      // A list run continues only through list items separated by at most one blank line (§5.5).
      const last = this.blocks[this.blocks.length - 1];
      if (this.blocks.length > startCount && last && last.kind !== 'listItem') this.list = null;
      this.blanks = 0;
    }
    this.closeAllAtEnd();
    return this.blocks;
  }

  private dispatch(line: Line): void {
    const t = line.text;
    const [ta, tb] = trimBounds(t);
    const trimmed = t.slice(ta, tb);
    const from = line.from + ta;
    const to = line.from + tb;

    if (this.env.indentedCode && this.startsIndentedCode(line)) return this.indentedCodeBlock(line);
    // Without code blocks (codeStyle.blocks false, books before 1.23) a fence line is Markdown text.
    const code = this.env.codeBlocks !== false ? CODE_OPEN.exec(t) : null;
    if (code) return this.codeBlock(line, code);
    // 1 whole-line display, 2 display fence.
    const dl = DISPLAY_LINE.exec(trimmed);
    if (dl) return this.displayLine(dl[1]!, from, to);
    if (trimmed === '$$') return this.displayFence(from);
    // 3 resource embed.
    if (trimmed.startsWith('::resource')) {
      const m = RESOURCE.exec(trimmed);
      if (m) {
        this.blocks.push({ kind: 'resourceBlock', id: this.nextId(), resourceId: m[1]!, range: this.range(from, to) });
        this.i++;
        return;
      }
      this.env.diags.add('malformedEmbed', 'Embed set as text: write `::resource{id="…"}` alone on its line.', from, to);
      return this.paragraph(line);
    }
    // 4–6 fences.
    if (trimmed.startsWith(':::')) return this.fence(line, trimmed, from, to);
    // 7 heading.
    const h = HEADING.exec(trimmed);
    if (h) return this.heading(h, from, to);
    // 8 list items.
    if (this.listItem(line)) return;
    // 9 blockquote.
    if (trimmed.startsWith('>')) return this.blockquote();
    // 10 paragraph (or footnote definition).
    this.paragraph(line);
  }

  // ---------------------------------------------------------------- fences (§6–§9)

  private fence(line: Line, trimmed: string, from: number, to: number): void {
    if (trimmed === ':::') {
      const open = this.containers.pop();
      if (open) {
        const end = { kind: 'containerEnd' as const, id: this.nextId(), name: open.block.name, startId: open.block.id, implicit: false, range: this.range(from, to) };
        open.block.endId = end.id;
        this.blocks.push(end);
        this.i++;
        return;
      }
      // A stray `:::` with nothing open stays as a visible paragraph (§6).
      return this.singleLineParagraph(line, from, to);
    }
    const m = FENCE.exec(trimmed);
    const name = m?.[1];
    if (!m || !name || !(CONTAINERS.has(name as ContainerName) || RAW_BLOCKS.has(name) || DIRECTIVES.has(name as DirectiveName))) {
      const shown = m ? `\`:::${name}\` is not a known directive` : 'Malformed directive fence';
      this.env.diags.add('unknownDirective', `${shown}; set as text.`, from, to);
      return this.singleLineParagraph(line, from, to);
    }
    const attrText = m[2] ?? '';
    const attrFrom = from + trimmed.indexOf('{') + 1;
    const attrs = this.fenceAttributes(attrText, attrFrom);
    if (NOT_YET[name]) this.env.diags.add('unsupportedConstruct', `${NOT_YET[name]} is recognised and kept but not typeset yet.`, from, to);
    if (RAW_BLOCKS.has(name)) return this.rawBody(name, attrs, from, to);
    if (CONTAINERS.has(name as ContainerName)) {
      if (name === 'columns' && attrs.flow !== undefined && attrs.flow !== 'snake' && attrs.flow !== 'parallel')
        this.env.diags.add('columnsFlowUnknown', `Unknown columns flow "${attrs.flow}".`, from, to);
      const block: ContainerStartBlock = {
        kind: 'containerStart',
        id: this.nextId(),
        name: name as ContainerName,
        attrs,
        endId: '',
        depth: this.containers.length + 1,
        range: this.range(from, to),
      };
      this.blocks.push(block);
      this.containers.push({ block });
      this.i++;
      return;
    }
    this.directive(name as DirectiveName, attrs, from, to);
  }

  /** Fence attributes: what parses applies; unreadable or non-ASCII keys warn `attributeKeyInvalid` (§3). */
  private fenceAttributes(text: string, at: number): Attributes {
    const p = parseAttributes(text);
    this.reportAttributeProblems(p, at);
    return p.attrs;
  }

  private reportAttributeProblems(p: AttributeParse, at: number): void {
    for (const bad of p.invalidKeys)
      this.env.diags.add('attributeKeyInvalid', `Attribute key "${bad.token}" is not ASCII; ignored.`, at + bad.at, at + bad.at + bad.length);
    for (const bad of p.junk)
      this.env.diags.add('attributeKeyInvalid', `Unreadable attribute "${bad.token}"; ignored.`, at + bad.at, at + bad.at + bad.length);
  }

  private directive(name: DirectiveName, attrs: Attributes, from: number, to: number): void {
    const d = this.env.diags;
    if (name === 'pagebreak' && attrs.parity !== undefined && !['any', 'odd', 'even', 'always-odd', 'always-even'].includes(attrs.parity))
      d.add('pagebreakInvalidParity', `Invalid parity "${attrs.parity}"; no parity applied.`, from, to);
    if (name === 'numbering') {
      if (attrs.startAt !== undefined && !(toInteger(attrs.startAt) >= 1)) d.add('numberingInvalidStartAt', `Invalid startAt "${attrs.startAt}".`, from, to);
      if (attrs.lines !== undefined && !(toInteger(attrs.lines) >= 0)) d.add('numberingInvalidStartAt', `Invalid lines "${attrs.lines}".`, from, to);
    }
    if (name === 'space' && attrs.lines !== undefined) {
      const n = Number(attrs.lines);
      if (!(attrs.lines.trim() !== '' && n > 0 && n <= 20)) d.add('spaceInvalidLines', `Invalid space size "${attrs.lines}"; 1 line used.`, from, to);
    }
    const block: Block = { kind: 'directive', id: this.nextId(), name, attrs, range: this.range(from, to) };
    // Reference impl: single-line directives inside a `:::callout` are ignored, except `:::space` (§6).
    if (name !== 'space' && this.containers.some((c) => c.block.name === 'callout')) block.ignored = true;
    this.blocks.push(block);
    this.i++;
  }

  /** Raw-body fenced blocks (§9): the body runs to the next bare `:::` line. */
  private rawBody(name: string, attrs: Attributes, from: number, to: number): void {
    const lines = this.lines;
    let j = this.i + 1;
    while (j < lines.length && lines[j]!.text.trim() !== ':::') j++;
    const closed = j < lines.length;
    const bodyLines = lines.slice(this.i + 1, j);
    const end = closed ? lines[j]!.from + trimBounds(lines[j]!.text)[1] : bodyLines.length ? bodyLines[bodyLines.length - 1]!.end : to;
    if (!closed) this.env.diags.add('unclosedContainer', `Unclosed \`:::${name}\`: closed at the end of the chapter.`, from, to);
    const id = this.nextId();
    if (name === 'verse') {
      this.blocks.push({ kind: 'verse', id, attrs, stanzas: this.verseStanzas(bodyLines), closed, range: this.range(from, end) });
    } else {
      const bodyFrom = bodyLines.length ? bodyLines[0]!.from : to;
      this.blocks.push({
        kind: 'rawBlock',
        id,
        name: name as 'references' | 'page' | 'strip',
        attrs,
        body: bodyLines.map((l) => l.text).join('\n'),
        bodyFrom,
        closed,
        range: this.range(from, end),
      });
    }
    this.i = closed ? j + 1 : j;
  }

  /** §9.1 line layout: leading spaces = indent (tab 4, U+3000 2), `+ ` = stepped, `\+` = literal plus. */
  private verseStanzas(lines: Line[]): VerseLine[][] {
    const stanzas: VerseLine[][] = [];
    let current: VerseLine[] = [];
    for (const line of lines) {
      const t = line.text;
      if (isBlank(t)) {
        if (current.length) stanzas.push(current);
        current = [];
        continue;
      }
      let k = 0;
      let indent = 0;
      for (; k < t.length; k++) {
        const c = t[k];
        if (c === ' ') indent++;
        else if (c === '\t') indent += 4;
        else if (c === '\u3000') indent += 2;
        else break;
      }
      let end = t.length;
      while (end > k && (t[end - 1] === ' ' || t[end - 1] === '\t')) end--;
      let stepped = false;
      const joined = new JoinedText();
      if (t[k] === '+' && (t[k + 1] === ' ' || t[k + 1] === '\t')) {
        stepped = true;
        k++;
        while (t[k] === ' ' || t[k] === '\t') k++;
      } else if (t[k] === '\\' && t[k + 1] === '+') {
        k++; // `\+` = literal plus: drop the backslash
      }
      joined.appendSource(this.env.src.source, line.from + k, line.from + end);
      current.push({ indent, stepped, inlines: this.inlines(joined, 'verse'), range: this.range(line.from + k, line.from + end) });
    }
    if (current.length) stanzas.push(current);
    return stanzas;
  }

  private closeAllAtEnd(): void {
    const eof = this.env.src.source.length;
    while (this.containers.length) {
      const open = this.containers.pop()!;
      const s = open.block;
      this.env.diags.add('unclosedContainer', `Unclosed container \`:::${s.name}\`: closed at the end of the chapter.`, s.range.from, s.range.to);
      const end = { kind: 'containerEnd' as const, id: this.nextId(), name: s.name, startId: s.id, implicit: true, range: this.range(eof, eof) };
      s.endId = end.id;
      this.blocks.push(end);
    }
  }

  private singleLineParagraph(line: Line, from: number, to: number): void {
    const joined = new JoinedText();
    joined.appendSource(this.env.src.source, from, to);
    this.blocks.push({ kind: 'paragraph', id: this.nextId(), inlines: this.inlines(joined, 'body'), range: this.range(from, to) });
    this.i = line.index + 1;
  }

  // ---------------------------------------------------------------- code and maths

  private codeBlock(line: Line, m: RegExpExecArray): void {
    const fence = m[2]!;
    const info = m[3]!.trim();
    const closeRe = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const lines = this.lines;
    let j = this.i + 1;
    while (j < lines.length && !closeRe.test(lines[j]!.text)) j++;
    const closed = j < lines.length;
    const body = lines.slice(this.i + 1, j);
    const from = line.from + m[1]!.length;
    const to = closed ? lines[j]!.from + trimBounds(lines[j]!.text)[1] : body.length ? body[body.length - 1]!.end : line.end;
    if (!closed) this.env.diags.add('unclosedCodeBlock', 'Unclosed code block: runs to the end of the chapter.', from, line.end);
    const { lang, attrs, title } = this.codeInfo(info, line.from + line.text.indexOf(info, m[1]!.length + fence.length));
    const block: Block = {
      kind: 'code',
      id: this.nextId(),
      fence,
      lang,
      info,
      attrs,
      text: body.map((l) => l.text).join('\n'),
      contentFrom: body.length ? body[0]!.from : line.next,
      closed,
      range: this.range(from, to),
    };
    if (title !== undefined) block.title = title;
    this.blocks.push(block);
    this.i = closed ? j + 1 : j;
  }

  /**
   * §5.7 indented code (with `codeStyle.indentedCode`): a line 4 columns in after a blank line (or
   * opening the chapter's body). A list item line under an open list stays a list item (a deeper
   * level, §5.5), since list items hold no blocks (§20).
   */
  private startsIndentedCode(line: Line): boolean {
    const prev = this.lines[line.index - 1];
    if (line.index > this.bodyStart && prev && !isBlank(prev.text)) return false;
    if (indentPrefixLength(line.text) < 0) return false;
    return !(this.list && (TASK.test(line.text) || ORDERED.test(line.text) || UNORDERED.test(line.text)));
  }

  private indentedCodeBlock(line: Line): void {
    const { last, texts, starts } = readIndentedCode(this.lines, line.index);
    const end = this.lines[last]!;
    const from = starts[0]!;
    this.blocks.push({
      kind: 'code',
      id: this.nextId(),
      fence: '',
      lang: '',
      info: '',
      attrs: {},
      text: texts.join('\n'),
      contentFrom: from,
      lineStarts: starts,
      closed: true,
      range: this.range(from, end.from + trimBounds(end.text)[1]),
    });
    this.i = last + 1;
  }

  /** §5.7 info string: first word = language; the rest attributes (braced or bare); leftover words = title. */
  private codeInfo(info: string, at: number): { lang: string; attrs: Attributes; title?: string } {
    let rest = info;
    let lang = '';
    const first = /^[^\s{]+/.exec(rest);
    if (first) {
      lang = first[0];
      rest = rest.slice(lang.length);
    }
    const attrs: Attributes = {};
    const words: string[] = [];
    const braced = /\{([^}]*)\}/.exec(rest);
    if (braced) {
      const p = parseAttributes(braced[1]!);
      this.reportAttributeProblems(p, at + info.indexOf(braced[0]) + 1);
      Object.assign(attrs, p.attrs);
      rest = rest.slice(0, braced.index) + ' ' + rest.slice(braced.index + braced[0].length);
    }
    for (const token of rest.split(/[ \t]+/).filter(Boolean)) {
      const p = parseAttributes(token);
      if (p.ok && p.count === 1 && !p.invalidKeys.length) Object.assign(attrs, p.attrs);
      else words.push(token);
    }
    const title = attrs.title ?? (words.length ? words.join(' ') : undefined);
    return title !== undefined ? { lang, attrs, title } : { lang, attrs };
  }

  private gluedUnderParagraph(): boolean {
    const prev = this.lines[this.i - 1];
    const last = this.blocks[this.blocks.length - 1];
    return this.blanks === 0 && !!prev && !isBlank(prev.text) && last?.kind === 'paragraph' && last.range.to >= prev.from;
  }

  private displayLine(tex: string, from: number, to: number): void {
    const block: MathDisplayBlock = {
      kind: 'mathDisplay',
      id: this.nextId(),
      form: 'line',
      tex,
      labels: equationLabels(tex),
      inParagraph: this.gluedUnderParagraph(),
      closed: true,
      range: this.range(from, to),
    };
    this.blocks.push(block);
    this.i++;
    if (block.inParagraph) this.afterGluedDisplay = this.i;
  }

  private displayFence(from: number): void {
    const lines = this.lines;
    const inParagraph = this.gluedUnderParagraph();
    let j = this.i + 1;
    while (j < lines.length && lines[j]!.text.trim() !== '$$') j++;
    const closed = j < lines.length;
    const body = lines.slice(this.i + 1, j);
    const to = closed ? lines[j]!.from + trimBounds(lines[j]!.text)[1] : body.length ? body[body.length - 1]!.end : lines[this.i]!.end;
    if (!closed) this.env.diags.add('unclosedMathBlock', 'Unclosed `$$` display: runs to the end of the chapter.', from, lines[this.i]!.end);
    const tex = body.map((l) => l.text).join('\n');
    this.blocks.push({ kind: 'mathDisplay', id: this.nextId(), form: 'fence', tex, labels: equationLabels(tex), inParagraph, closed, range: this.range(from, to) });
    this.i = closed ? j + 1 : j;
    if (inParagraph) this.afterGluedDisplay = this.i;
  }

  // ---------------------------------------------------------------- headings (§5.1)

  private heading(h: RegExpExecArray, from: number, to: number): void {
    const level = h[1]!.length as HeadingLevel;
    const content = h[2]!;
    const contentFrom = to - content.length;
    let titleEnd = content.length;
    let attrs: Attributes = {};
    const block = /\{([^{}]*)\}$/.exec(content);
    if (block) {
      const before = content.charCodeAt(block.index - 1);
      const spaced = before === 32 || before === 9;
      const glued = block.index > 0 && isCJK(before);
      const p = parseAttributes(block[1]!);
      const flagAlone = p.count === 1 && Object.values(p.attrs).length === 1 && Object.values(p.attrs)[0] === '' && !('id' in p.attrs);
      // Taken only if the grammar parses ALL of it (§5.1, §22.8); a flag alone glued to a title stays.
      if ((spaced || glued) && p.ok && p.count > 0 && !(glued && flagAlone) && block.index > 0) {
        attrs = p.attrs;
        this.reportAttributeProblems({ ...p, junk: [] }, contentFrom + block.index + 1);
        titleEnd = block.index;
        while (titleEnd > 0 && (content[titleEnd - 1] === ' ' || content[titleEnd - 1] === '\t')) titleEnd--;
      }
    }
    if (/｛[^｛｝]*｝$/.test(content))
      this.env.diags.add('fullwidthMarkup', 'Full-width `｛…｝` is not an attribute block (type `{…}`).', contentFrom + content.lastIndexOf('｛'), to, 'warning', '{…}');
    const joined = new JoinedText();
    joined.appendSource(this.env.src.source, contentFrom, contentFrom + titleEnd);
    const inlines = this.inlines(joined, 'heading');
    if (attrs.toc !== undefined && attrBoolean(attrs.toc) === undefined) {
      // Keep the value; layout decides. (No diagnostic named by the spec.)
    }
    this.blocks.push({ kind: 'heading', id: this.nextId(), level, inlines, attrs, plainText: plainTextOf(inlines), range: this.range(from, to) });
    this.i++;
  }

  // ---------------------------------------------------------------- lists (§5.5)

  private listItem(line: Line): boolean {
    const t = line.text;
    let listKind: ListItemBlock['listKind'];
    let indentText: string;
    let marker: string;
    let content: string | undefined;
    let typedNumber: number | undefined;
    let checked: boolean | undefined;
    const task = TASK.exec(t);
    const ordered = task ? null : ORDERED.exec(t);
    const unordered = task || ordered ? null : UNORDERED.exec(t);
    if (task) {
      listKind = 'task';
      indentText = task[1]!;
      marker = task[2]!;
      checked = task[3] !== ' ';
      content = task[4];
    } else if (ordered) {
      listKind = 'ordered';
      indentText = ordered[1]!;
      marker = ordered[3]!;
      typedNumber = Number(ordered[2]!);
      content = ordered[4];
    } else if (unordered) {
      listKind = 'unordered';
      indentText = unordered[1]!;
      marker = unordered[2]!;
      content = unordered[3];
    } else return false;

    const col = indentColumns(indentText);
    if (!this.list || this.blanks > 1) this.list = { id: '', stack: [], counters: [] };
    const list = this.list;
    let depth = 1;
    if (list.stack.length) {
      // Nest under the nearest open item whose marker is ≥ 2 columns to the left; never skip; max 5.
      while (list.stack.length && list.stack[list.stack.length - 1]!.col > col - 2) list.stack.pop();
      const parent = list.stack[list.stack.length - 1];
      depth = parent ? Math.min(parent.depth + 1, 5) : 1;
      if (parent && parent.depth === depth) list.stack.pop();
    }
    list.stack.push({ col, depth });
    list.counters.length = depth + 1;
    let number: number | undefined;
    if (listKind === 'ordered') {
      const prev = list.counters[depth];
      // §22.1: the first typed number starts the sequence, later items count up from it.
      number = prev && prev.kind === 'ordered' ? prev.next : typedNumber!;
      list.counters[depth] = { kind: 'ordered', next: number + 1 };
    } else list.counters[depth] = { kind: listKind, next: 1 };

    const id = this.nextId();
    if (!list.id) list.id = id;
    const [ta, tb] = trimBounds(t);
    const joined = new JoinedText();
    let inlines: Inline[] = [];
    if (content !== undefined) {
      const cFrom = line.from + t.length - content.length;
      let cEnd = content.length;
      while (cEnd > 0 && (content[cEnd - 1] === ' ' || content[cEnd - 1] === '\t')) cEnd--;
      joined.appendSource(this.env.src.source, cFrom, cFrom + cEnd);
      inlines = this.inlines(joined, 'body');
    }
    const block: ListItemBlock = {
      kind: 'listItem',
      id,
      listKind,
      listId: list.id,
      depth,
      marker,
      blankBefore: Math.min(this.blanks, 1),
      inlines,
      range: this.range(line.from + ta, line.from + tb),
    };
    if (typedNumber !== undefined) block.typedNumber = typedNumber;
    if (number !== undefined) block.number = number;
    if (checked !== undefined) block.checked = checked;
    this.blocks.push(block);
    this.i++;
    return true;
  }

  // ---------------------------------------------------------------- quotes and paragraphs

  private blockquote(): void {
    const lines = this.lines;
    const joined = new JoinedText();
    const parts: { from: number; to: number }[] = [];
    let first = -1;
    let last = -1;
    while (this.i < lines.length) {
      const line = lines[this.i]!;
      const [ta, tb] = trimBounds(line.text);
      if (ta === tb || line.text[ta] !== '>') break;
      if (first < 0) first = line.from + ta;
      last = line.from + tb;
      let a = ta + 1;
      if (line.text[a] === ' ') a++;
      // Content trimmed like a paragraph line; a `>`-only line does not split the quote.
      while (a < tb && (line.text[a] === ' ' || line.text[a] === '\t')) a++;
      if (a < tb) parts.push({ from: line.from + a, to: line.from + tb });
      this.i++;
    }
    this.joinLines(joined, parts);
    this.blocks.push({ kind: 'blockquote', id: this.nextId(), inlines: this.inlines(joined, 'body'), range: this.range(first, last) });
  }

  /** True when `line` ends a running paragraph (§2.1, §22.2). */
  private endsParagraph(line: Line): boolean {
    const t = line.text;
    if (isBlank(t)) return true;
    const [ta, tb] = trimBounds(t);
    const trimmed = t.slice(ta, tb);
    if (this.env.codeBlocks !== false && CODE_OPEN.test(t)) return true;
    if (trimmed === '$$' || DISPLAY_LINE.test(trimmed)) return true;
    if (trimmed.startsWith(':::')) return true;
    if (HEADING.test(trimmed)) return true;
    if (trimmed.startsWith('>')) return true;
    if (TASK.test(t) || UNORDERED.test(t)) return true;
    if (FOOTNOTE_DEF.test(trimmed)) return true; // a glued definition line starts its own block
    return false;
  }

  private paragraph(line: Line): void {
    const lines = this.lines;
    const src = this.env.src.source;
    const [ta0, tb0] = trimBounds(line.text);
    const first = line.text.slice(ta0, tb0);
    const def = FOOTNOTE_DEF.exec(first);
    const continues = this.afterGluedDisplay === this.i && !def;
    this.afterGluedDisplay = -1;
    if (/^＃+[ \u3000]/.test(first)) this.env.diags.add('fullwidthMarkup', 'Full-width `＃` is not a heading (type `# `).', line.from + ta0, line.from + tb0, 'warning', '# ');
    else if (first.startsWith('：：：')) this.env.diags.add('fullwidthMarkup', 'Full-width `：：：` is not a directive fence (type `:::`).', line.from + ta0, line.from + tb0, 'warning', ':::');
    const parts: { from: number; to: number }[] = [];
    let start = line.from + ta0;
    if (def) start += def[0].length;
    parts.push({ from: start, to: line.from + tb0 });
    this.i++;
    while (this.i < lines.length && !this.endsParagraph(lines[this.i]!)) {
      const l = lines[this.i]!;
      const [a, b] = trimBounds(l.text);
      if (l.text.slice(a, b).startsWith('::resource'))
        this.env.diags.add('malformedEmbed', 'Embed glued under a paragraph line is set as text: put blank lines around `::resource`.', l.from + a, l.from + b);
      parts.push({ from: l.from + a, to: l.from + b });
      this.i++;
    }
    // Leading ideographic spaces of a paragraph are dropped (§2.4).
    const p0 = parts[0]!;
    while (p0.from < p0.to && (src[p0.from] === '\u3000' || (def && (src[p0.from] === ' ' || src[p0.from] === '\t')))) p0.from++;
    const joined = new JoinedText();
    this.joinLines(joined, parts);
    const range = this.range(line.from + ta0, parts[parts.length - 1]!.to);
    const id = this.nextId();
    if (def) {
      this.blocks.push({ kind: 'footnoteDefinition', id, noteId: def[1]!, inlines: this.inlines(joined, 'footnote'), range });
      return;
    }
    const block: Block = { kind: 'paragraph', id, inlines: this.inlines(joined, 'body'), range };
    if (continues) block.continuesParagraph = true;
    this.blocks.push(block);
  }

  /**
   * Joins trimmed lines with one space (§2.1), with no space between two CJK characters, and turns a
   * trailing `\` (or `\\`) into a hard break except on the last line, where it prints (§5.3).
   */
  private joinLines(joined: JoinedText, parts: { from: number; to: number }[]): void {
    const src = this.env.src.source;
    parts.forEach((p, k) => {
      let to = p.to;
      const lastLine = k === parts.length - 1;
      let breakAt = -1;
      // Without hard line breaks (bodyText.hardLineBreaks false, books before 1.23) the backslash prints.
      if (!lastLine && this.env.hardLineBreaks !== false && to > p.from && src[to - 1] === '\\') {
        breakAt = to - 1;
        if (to - 2 >= p.from && src[to - 2] === '\\') breakAt = to - 2;
        to = breakAt;
      }
      joined.appendSource(src, p.from, to);
      if (lastLine) return;
      if (breakAt >= 0) joined.appendBreak(breakAt);
      else if (!cjkJoin(src, p, parts[k + 1]!)) joined.appendUnit(' ', p.to);
    });
  }
}

/** §2.1 CJK joining: the break between two Chinese/Japanese characters is dropped. */
function cjkJoin(src: string, a: { from: number; to: number }, b: { from: number; to: number }): boolean {
  let i = a.to - 1;
  while (i >= a.from && isAmbiguousPunct(src.charCodeAt(i))) i--;
  let j = b.from;
  while (j < b.to && isAmbiguousPunct(src.charCodeAt(j))) j++;
  if (i < a.from || j >= b.to) return false;
  return isCJK(src.charCodeAt(i)) && isCJK(src.charCodeAt(j));
}

/** Integer in ASCII or Arabic-Indic digits (§7.2, §18.2); NaN otherwise. */
function toInteger(s: string): number {
  const ascii = s.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0));
  return /^\d+$/.test(ascii) ? Number(ascii) : NaN;
}

const NO_LABEL_ENVS = new Set(['aligned', 'split', 'cases', 'gathered', 'alignedat', 'array', 'matrix', 'pmatrix', 'bmatrix']);

/** `\label{…}` at the top level of a display or of align-like rows (§11); not inside aligned/split/cases. */
export function equationLabels(tex: string): string[] {
  const labels: string[] = [];
  let inner = 0;
  const re = /\\(begin|end)\{([^}]*)\}|\\label\{([^}]*)\}/g;
  for (let m = re.exec(tex); m; m = re.exec(tex)) {
    if (m[1] === 'begin' && NO_LABEL_ENVS.has(m[2]!)) inner++;
    else if (m[1] === 'end' && NO_LABEL_ENVS.has(m[2]!)) inner = Math.max(0, inner - 1);
    else if (m[3] !== undefined && inner === 0 && m[3].trim()) labels.push(m[3].trim());
  }
  return labels;
}
