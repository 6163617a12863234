/**
 * Design checks: the heading outline (skipped levels, headings back to back, a list right under
 * a heading), placeholders whose metadata is missing, text too pale for what is behind it, and
 * the configuration's own warnings (configuration.md §17.1 and `settingNotApplied`).
 */
import { collectConfigWarnings, effectiveAt, isApplied, settingInfo, settingsNotApplied, settingVisible, type JsonValue } from '../../config';
import { Op, type RectItem } from '../../protocol/displaylist';
import '../settings-from-config'; // declares the settings the layout applies
import type { CheckContext } from './input';
import { memoPerObject } from './memo';
import { isWarningKind, warning, type Warning } from './model';

export function designWarnings(ctx: CheckContext): Warning[] {
  return [...outlineWarnings(ctx), ...placeholderWarnings(ctx), ...headingDesignWarnings(ctx), ...contrastWarnings(ctx), ...configWarnings(ctx)];
}

/**
 * Heading designs (configuration.md §8.2 `advancedDesign`) that are enabled but print no
 * `{titleText}` (§17.1 designIssues "design lacking {titleText}"): the headings of that level or
 * style show no title. A style's design is checked with its own slot, else the level's of every
 * level (a style may go on any heading).
 */
function headingDesignWarnings(ctx: CheckContext): Warning[] {
  if (!ctx.options.toggles.designIssues) return [];
  return memoPerObject('headingDesigns', ctx.config, '', () => {
    const out: Warning[] = [];
    const printsTitle = (slot: JsonValue | undefined): boolean => {
      const elements = isPlainObject(slot) && Array.isArray(slot['elements']) ? slot['elements'] : [];
      return elements.some((e) => isPlainObject(e) && (e['kind'] ?? 'text') === 'text' && typeof e['content'] === 'string' && e['content'].includes('{titleText}'));
    };
    const level = (n: number, field: string): JsonValue | undefined => effectiveAt(ctx.config, `headings.levels[level=${n}].advancedDesign.${field}`);
    for (let n = 1; n <= 6; n++) {
      if (level(n, 'enabled') !== true || printsTitle(level(n, 'slot'))) continue;
      const path = `headings.levels[level=${n}].advancedDesign.slot`;
      out.push(warning('headingDesignWithoutTitle', `The H${n} design prints no {titleText}: those headings show no title. Add a text element with {titleText} to ${path}.`, { path }));
    }
    const styles = ctx.config['headingStyles'];
    for (const style of Array.isArray(styles) ? styles : []) {
      if (!isPlainObject(style) || !isPlainObject(style['advancedDesign']) || style['advancedDesign']['enabled'] !== true) continue;
      const own = style['advancedDesign']['slot'];
      if (own !== undefined ? printsTitle(own) : [1, 2, 3, 4, 5, 6].every((n) => printsTitle(level(n, 'slot')))) continue;
      const path = `headingStyles[id=${String(style['id'])}].advancedDesign.slot`;
      out.push(warning('headingDesignWithoutTitle', `The design of heading style “${String(style['id'])}” prints no {titleText}: its headings show no title. Add a text element with {titleText} to ${path}.`, { path }));
    }
    return out;
  });
}

function isPlainObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function outlineWarnings(ctx: CheckContext): Warning[] {
  const { toggles } = ctx.options;
  const out: Warning[] = [];
  for (const chapter of ctx.parsed) {
    let previousLevel = 0;
    chapter.blocks.forEach((block, i) => {
      const before = chapter.blocks[i - 1];
      if (block.kind === 'heading') {
        const place = { chapterId: chapter.chapterId, offset: block.range.from, toOffset: block.range.to };
        // A level may go one deeper than the heading before it, never two (document outline).
        if (toggles.headingHierarchy && previousLevel > 0 && block.level > previousLevel + 1) {
          out.push(warning('headingHierarchy', `H${block.level} “${block.plainText}” follows an H${previousLevel}: level ${previousLevel + 1} is skipped.`, place));
        }
        if (toggles.consecutiveHeadings && before?.kind === 'heading') {
          out.push(warning('consecutiveHeadings', `“${block.plainText}” follows the heading “${before.plainText}” with no text between them.`, place));
        }
        previousLevel = block.level;
      } else if (block.kind === 'listItem' && toggles.listAfterHeading && before?.kind === 'heading') {
        out.push(warning('listAfterHeading', `A list starts right under the heading “${before.plainText}”; an introducing sentence reads better.`, { chapterId: chapter.chapterId, offset: block.range.from, toOffset: block.range.to }));
      }
    });
  }
  return out;
}

/** Front-matter placeholders of the design slots (configuration.md §5.5). */
const METADATA_PLACEHOLDERS = ['title', 'subtitle', 'author', 'publishDate'] as const;

/**
 * Placeholders a running head or foot may hold (configuration.md §5.5): the page, the book's
 * metadata, the chapter and part in force, guide words (`firstMark.<key>`, `lastMark.<key>`) and
 * the chapter's H1 attributes (`attr.<key>`). The `{titleText}`, `{number…}` family belongs to
 * heading and part designs only.
 */
const RUNNING_PLACEHOLDERS: ReadonlySet<string> = new Set([
  'pageNumber', 'totalPages', 'bookTotalPages', ...METADATA_PLACEHOLDERS,
  'chapterTitle', 'chapterNumber', 'chapterTitleAtTop', 'chapterNumberAtTop', 'partTitle', 'partNumber',
]);
const PREFIXED_PLACEHOLDER = /^(?:firstMark|lastMark|attr)\.[A-Za-z0-9_-]+$/;

function placeholderWarnings(ctx: CheckContext): Warning[] {
  if (!ctx.options.toggles.designIssues) return [];
  const frontmatter = ctx.parsed[0]?.frontmatter;
  const out: Warning[] = [];
  for (const slot of ['header', 'footer'] as const) {
    // Only slots the book sets: the built-in ones print the book's name when it has no title.
    const stored = ctx.config[slot];
    const elements = isPlainObject(stored) && Array.isArray(stored['elements']) ? stored['elements'] : [];
    elements.forEach((element: JsonValue, i) => {
      if (!isPlainObject(element) || typeof element['content'] !== 'string') return;
      const content = element['content'];
      const id = typeof element['id'] === 'string' ? element['id'] : undefined;
      const path = `${slot}.elements[${id !== undefined ? `id=${id}` : i}].content`;
      for (const name of METADATA_PLACEHOLDERS) {
        if (!content.includes(`{${name}}`)) continue;
        const value = frontmatter?.[name];
        if (typeof value === 'string' && value.trim() !== '') continue;
        out.push(warning('headerFooterMetadataMissing', `${slot} · {${name}} — The metadata referenced by this placeholder is not set — it will render empty. Add “${name}:” to the first chapter's front matter.`, { path }));
      }
      // `{name}` that is no placeholder prints as written (a backslash before the brace escapes it).
      const unknown = new Set<string>();
      for (const m of content.matchAll(/(\\?)\{([A-Za-z][A-Za-z0-9_.-]*)\}/g)) {
        const name = m[2]!;
        if (m[1] || RUNNING_PLACEHOLDERS.has(name) || PREFIXED_PLACEHOLDER.test(name) || unknown.has(name)) continue;
        unknown.add(name);
        out.push(warning('unknownPlaceholder', `${slot} · {${name}} is not a placeholder of running heads and prints as written. Use one of {pageNumber}, {chapterTitle}, {title}, {author}…${close(name)}`, { path }));
      }
    });
  }
  return out;
}

/** " Did you mean {x}?" for a placeholder one or two letters off (or differing in case), else "". */
function close(name: string): string {
  const lower = name.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const known of RUNNING_PLACEHOLDERS) {
    const d = known.toLowerCase() === lower ? 0 : editDistance(known.toLowerCase(), lower);
    if (d <= 2 && (!best || d < best.d)) best = { name: known, d };
  }
  return best ? ` Did you mean {${best.name}}?` : '';
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** WCAG 2 contrast ratio below which text counts as pale (3:1, the large-text minimum). */
const MIN_CONTRAST = 3;

function contrastWarnings(ctx: CheckContext): Warning[] {
  if (!ctx.options.toggles.designIssues) return [];
  // Per chapter layout (reused while the chapter is unchanged); one warning per block (running
  // heads: per chapter) and colour pair.
  return ctx.layout.chapters.flatMap((chapter) =>
    memoPerObject('contrast', chapter, '', () => {
      const out: Warning[] = [];
      const seen = new Set<string>();
      for (const page of chapter.pages) {
        const paper = page.background ?? '#ffffff';
        const rects: RectItem[] = [];
        for (const item of page.items) {
          if (item.op === Op.Rect) {
            if (item.fill) rects.push(item);
            continue;
          }
          if (item.op !== Op.GlyphRun || item.glyphs.length === 0) continue;
          const behind = backgroundAt(rects, item.xs[0]!, item.y - item.size / 3) ?? paper;
          const ratio = contrastRatio(item.fill, behind);
          if (ratio === null || ratio >= MIN_CONTRAST) continue;
          const key = `${item.line?.block ?? 'furniture'}|${item.fill}|${behind}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const where = item.srcFrom >= 0 ? { offset: item.srcFrom, toOffset: item.srcFrom + item.text.length } : {};
          out.push(warning('lowContrast', `“${item.text.slice(0, 40)}” is set in ${item.fill} on ${behind}: contrast ${ratio.toFixed(2)}:1, below ${MIN_CONTRAST}:1.`, { chapterId: item.chapter, pageIndex: page.index, ...where }));
        }
      }
      return out;
    }),
  );
}

/** The fill of the topmost filled rectangle painted so far that covers the point, if any. */
function backgroundAt(rects: readonly RectItem[], x: number, y: number): string | undefined {
  for (let i = rects.length - 1; i >= 0; i--) {
    const rect = rects[i]!;
    if (x >= rect.x && x <= rect.x + rect.w && y >= rect.y && y <= rect.y + rect.h) return rect.fill;
  }
  return undefined;
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours (alpha ignored), or null if unreadable. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!m) return null;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Per stored configuration object (the worker replaces it on every change). */
function configWarnings(ctx: CheckContext): Warning[] {
  return memoPerObject('config', ctx.config, '', () => configWarningsOf(ctx));
}

function configWarningsOf(ctx: CheckContext): Warning[] {
  const out: Warning[] = [];
  for (const w of [...collectConfigWarnings(ctx.config), ...settingsNotApplied(ctx.config)]) {
    if (!isWarningKind(w.kind)) continue;
    out.push(warning(w.kind, w.message, { path: w.path }));
  }
  return [...out, ...withoutEffect(ctx)];
}

/**
 * Stored settings the layout applies in general but not in this design: the condition the
 * catalogue gives for them (the Design panel hides them for the same reason) does not hold, e.g.
 * `layout.gutterWidth` on one-column pages or `bodyText.maxWordSpacing` in ragged text.
 * Settings not applied at all are `settingNotApplied` already.
 */
function withoutEffect(ctx: CheckContext): Warning[] {
  // Every stored leaf: with no setting counted as applied, settingsNotApplied lists them all.
  const leaves = settingsNotApplied(ctx.config, new Set()).map((w) => w.path);
  const out: Warning[] = [];
  for (const path of leaves) {
    const condition = settingInfo(path)?.visible;
    if (!condition || !isApplied(path) || settingVisible(ctx.config, path)) continue;
    const target = condition.path.startsWith('~.') ? path.slice(0, path.lastIndexOf(']') + 1) + condition.path.slice(1) : condition.path;
    const wanted = condition.equals ? `is ${condition.equals.map((v) => JSON.stringify(v)).join(' or ')}` : `is not ${(condition.not ?? []).map((v) => JSON.stringify(v)).join(' or ')}`;
    const now = JSON.stringify(effectiveAt(ctx.config, target) ?? null);
    out.push(warning('settingWithoutEffect', `${path} is set but has no effect in this design: it applies only when ${target} ${wanted} (it is ${now}). Remove it, or change ${target}.`, { path }));
  }
  return out;
}
