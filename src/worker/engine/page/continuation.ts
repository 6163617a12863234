/**
 * The bundle's `start` (bundle-format §9): the `continuation` of the first chapter, the counters a
 * layout starts from when the book is part of a longer one (document-format §1). Example:
 * `{ "pageIndexOffset": 57, "pageNumbering": { "startAt": 58 }, "headings": { "h1": 3 } }` opens
 * the book on its 58th page — a verso — labelled "58", in chapter 4.
 *
 * What the engine applies:
 * - `pageIndexOffset`: the 0-based index of the book's first page in the longer book. Sides follow
 *   from it as they do from a book index: an even index is a recto, an odd one a verso (index 0 is
 *   page 1, a recto). So mirrored margins, odd/even header and footer elements, `breakBefore`
 *   parities and spreads follow the longer book's sides. Book page indices (display lists, tools)
 *   still count from 0 within this book; only sides move.
 * - `pageNumbering.startAt` / `.format`: the first page's number and label format (the same fields
 *   as `page.pageNumbering`, configuration.md §2); they win over the design's for where the book
 *   begins, and a `:::numbering` directive still restarts later.
 * - `headings.h1`…`h6`: heading counters already counted, so heading numbers, the contents, the
 *   words of cross-references and resource/equation numbers built from `{h1}` continue from them.
 *
 * The spec names no other counter; footnote numbers keep their own mode (`footnotes.numbering`).
 * Unknown keys are kept with the book (saved and exported as read) but ignored here; a field of the
 * wrong shape is ignored with a warning that says what to send.
 */
import { z } from 'zod';
import type { BookStart, LayoutSettings } from '../settings';

/** What of a `start` object the engine uses, validated. */
export interface Continuation {
  pageIndexOffset: number;
  pageNumbering?: { startAt?: number; format?: string };
  /** Counters of levels 1–6 (index 0 = h1). */
  headings: number[];
}

const counter = z.number().int('a whole number').nonnegative('0 or more');
const pageIndexOffsetSchema = counter;
const pageNumberingSchema = z.object({
  startAt: z.number().int('a whole number').min(1, '1 or more').optional(),
  format: z.string().min(1, 'a number-format word such as "decimal" or "lower-roman"').optional(),
});
const headingsSchema = z.object({ h1: counter, h2: counter, h3: counter, h4: counter, h5: counter, h6: counter }).partial();

const EXAMPLE = '{ "pageIndexOffset": 57, "pageNumbering": { "startAt": 58 }, "headings": { "h1": 3 } }';

/**
 * Reads a `start` object field by field. A field of the wrong shape is left out with a warning (the
 * rest still applies); null or absent reads as no continuation.
 */
export function readContinuation(start: unknown): { continuation: Continuation | null; warnings: string[] } {
  if (start === null || start === undefined) return { continuation: null, warnings: [] };
  const warnings: string[] = [];
  if (typeof start !== 'object' || Array.isArray(start)) {
    return { continuation: null, warnings: [`"start" must be an object such as ${EXAMPLE}; it was ignored`] };
  }
  const fields = start as Record<string, unknown>;
  const field = <T>(name: string, schema: z.ZodType<T>, what: string): T | undefined => {
    if (fields[name] === undefined) return undefined;
    const parsed = schema.safeParse(fields[name]);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((i) => `${[name, ...i.path].join('.')}: ${i.message}`).join('; ');
    warnings.push(`"start.${name}" was ignored (${issues}); send ${what}`);
    return undefined;
  };
  const pageIndexOffset = field('pageIndexOffset', pageIndexOffsetSchema, 'a whole number ≥ 0, the 0-based index of the first page in the longer book');
  const pageNumbering = field('pageNumbering', pageNumberingSchema, 'an object such as { "startAt": 58 } (startAt a whole number ≥ 1, format a number-format word)');
  const headings = field('headings', headingsSchema, 'an object such as { "h1": 3 } (h1…h6, whole numbers ≥ 0)');
  const numbering = pageNumbering && (pageNumbering.startAt !== undefined || pageNumbering.format !== undefined)
    ? { ...(pageNumbering.startAt !== undefined ? { startAt: pageNumbering.startAt } : {}), ...(pageNumbering.format !== undefined ? { format: pageNumbering.format } : {}) }
    : undefined;
  return {
    continuation: {
      pageIndexOffset: pageIndexOffset ?? 0,
      ...(numbering ? { pageNumbering: numbering } : {}),
      headings: [1, 2, 3, 4, 5, 6].map((level) => headings?.[`h${level}` as keyof typeof headings] ?? 0),
    },
    warnings,
  };
}

/** Settings objects with a continuation applied, memoised per (settings, continuation) object pair. */
const applied = new WeakMap<LayoutSettings, WeakMap<Continuation, LayoutSettings>>();

/**
 * The settings a book with this continuation is laid out with: `start` (parity and heading
 * counters) and the continuation's page numbering over the design's. The continuation is part of
 * the settings, so it is in every memo key: changing it lays the whole book out again.
 */
export function withContinuation(settings: LayoutSettings, continuation: Continuation | null | undefined): LayoutSettings {
  if (!continuation) return settings;
  let byContinuation = applied.get(settings);
  if (!byContinuation) applied.set(settings, (byContinuation = new WeakMap()));
  let out = byContinuation.get(continuation);
  if (!out) {
    const start: BookStart = { pageIndexOffset: continuation.pageIndexOffset, headings: continuation.headings.slice(0, 6) };
    out = { ...settings, start, pageNumbering: { ...settings.pageNumbering, ...(continuation.pageNumbering ?? {}) } };
    byContinuation.set(continuation, out);
  }
  return out;
}

/** Whether the page at 0-based book index `pageIndex` is a recto, counting from where the book begins in the longer one. */
export function isRecto(settings: Pick<LayoutSettings, 'start'>, pageIndex: number): boolean {
  return (pageIndex + (settings.start?.pageIndexOffset ?? 0)) % 2 === 0;
}

/** The heading counters (levels 1–6) in force before the book's first heading. */
export function startingHeadingCounters(settings: Pick<LayoutSettings, 'start'>): number[] {
  const counted = settings.start?.headings ?? [];
  return [0, 1, 2, 3, 4, 5].map((i) => counted[i] ?? 0);
}
