/**
 * Extra pagination passes of one chapter, for what only a finished layout tells:
 *
 * - **footnote numbers** per page, column or spread (configuration.md §11.1: "re-lays out until
 *   stable, ≤ 3 extra builds"; page/note-numbering.ts);
 * - **citing-page floats** (`placement.citingPage`, document-format §12.6: a `top`/`auto` float may
 *   head the page — or, for a column float, the column — of its own citing line, within
 *   `layout.maxTopFraction`): where the first pass left such a float after its citing page, the
 *   next pass sets it at that page's (column's) head before the text, if the citing line then
 *   stays there and no float is overtaken; else the plan is dropped. A float across k of N columns
 *   (`placement.columns`) heads the k columns holding the citing column c: from c when k − 1
 *   columns follow it on the page, else from N − k (our reading: the head of the citing page
 *   counts as before the citing line, as for a page-wide float);
 * - **levelling above page-span boxes** (configuration.md §8.5 `beforeSpan`): one box at a time,
 *   in page order, cut at ceil(Σused / N) lines with up to 3 one-line retries (page/span-band.ts);
 * - **column balancing** of the chapter's closing page (configuration.md §8.5 `trailing`:
 *   cap = ceil(Σused / N / grid) lines; columns within one line of each other left alone; up to
 *   3 one-line retries; page/balance.ts).
 *
 * Everything here depends on the chapter's own input and settings only, so incremental layout
 * stays equal to a full one. Passes that change only pages from some index on skip emitting
 * glyph runs before it (`quietBefore`) and keep the first pass's pages there; every planned pass
 * (citing-page heads, levelled bands, the closing page's balance) goes on from the last block
 * start before the first page it draws (page/resume.ts) instead of from the chapter's first block:
 * one the plain pass recorded, or one a planned pass kept recorded under a plan that changes the
 * pages up to it alike (`samePlanThrough`: the pass levelling a band goes on from past the band
 * levelled before it), and stops once past its planned pages where it falls back into step with
 * the pass whose pages the layout holds there (page/converge.ts `PassConvergence`), and
 * after an edit each plain pass (the first, and each renumbering one) from a block start the same
 * pass of the chapter's previous layout recorded, when the caller has one (page/edit-resume.ts).
 */
import type { LayoutSettings } from '../settings';
import type { PageDraft } from './paginate';
import { closingCap } from './balance';
import { textColumns } from './sections';
import { cutHonoured, nextSpanRequest, spanCut, type SpanCut } from './span-band';
import { startBefore, type BlockStart } from './resume';
import { PassConvergence, type Convergence, type EditConvergence } from './converge';

/** What a pass is asked to do differently from a plain one. */
export interface PassPlan {
  /** Floats to set at the head of a page/column before its text: key `pageIndex:column`. */
  headFloats?: ReadonlyMap<string, readonly PlannedFloat[]>;
  /** Bands above page-span boxes cut level (`balancing.beforeSpan`, page/span-band.ts), in page order. */
  spans?: readonly SpanCut[];
  /** The closing page's columns (but its last) end at `bottom` pt from the content top. */
  balance?: { page: number; bottom: number };
  /** Pages before this index are only counted, not drawn (their items come from an earlier pass). */
  quietBefore?: number;
  /** Where the pass records its plain block starts (page/resume.ts), once per column. */
  snapshots?: BlockStart[];
  /** A block start of an earlier pass to go on from, instead of the chapter's first block (page/resume.ts). */
  resume?: BlockStart;
  /** Where the pass may stop in step with another: an edit's plain pass with the same pass of the chapter's previous layout, a planned pass with the pass before it (page/converge.ts). */
  converge?: Convergence;
}

export interface PlannedFloat {
  id: string;
  /** The block whose line cites it (the float's runs carry it). */
  block: string;
  /** Columns spanned by a float across k of N columns (absent = one, or page-wide). */
  span?: number;
}

/** What a pass records about floats, per page (filled by paginate.ts). */
export interface FloatLog {
  /**
   * Floats whose first citation landed on this page, in reading order, with the citing column and
   * block; a float across k of N columns also with k (`span`) and the column its head would start at (`head`).
   */
  cited: { id: string; column: number; block: string; citingPage: boolean; span?: number; head?: number }[];
  /** Floats set on this page with their slot's rank (reading order of slots on the page). */
  placed: { id: string; rank: number }[];
}

/** Slot ranks on a page: page head band, column c head / foot, page foot band. */
export const slotRank = {
  pageHead: 0,
  columnHead: (c: number): number => 1 + 3 * c,
  columnFoot: (c: number): number => 2 + 3 * c,
  pageFoot: 999,
} as const;

export type PaginatePass = (plan: PassPlan) => Generator<undefined, PageDraft[]>;

/**
 * Runs the passes. `renumber` (footnote numbering by page/column/spread) reads a layout and
 * returns true when the note numbers it implies differ from the ones used (then it has already
 * switched to the new ones and the chapter is laid out again).
 */
export function* paginatePasses(
  pass: PaginatePass,
  settings: LayoutSettings,
  renumber?: (drafts: readonly PageDraft[]) => boolean,
  resume = true,
  /** Where each plain pass goes on from (block starts of the chapter's previous layout), and who is told the starts it recorded. */
  resumes?: PassResumes,
  /** Told how the layout was made (an edit's: page/converge.ts). */
  edit?: PassEdit,
): Generator<undefined, PageDraft[]> {
  // The block starts of the last plain pass (after a stop in step, the previous layout's from there
  // on, carried), for passes that go on from one (`resume` false: every pass from the first block).
  let starts: BlockStart[] = [];
  /** The last plain pass, and where it stopped in step with the same pass of the previous layout, if it did. */
  const last: { pass: number; stop: EditConvergence | null } = { pass: 0, stop: null };
  /**
   * Plain pass `n` (0 the first, then one per renumbering): after an edit, from a start of the
   * previous layout's pass n that the edit left valid (page/edit-resume.ts), stopping in step with
   * that pass when it meets it again (page/converge.ts): its pages from the stop on, moved, are this
   * pass's, so what follows (the numbers the next pass is given, planned passes, the balance) reads
   * the pages a pass from the first block gives.
   */
  const plain = function* (n: number): Generator<undefined, PageDraft[]> {
    starts = [];
    const first = resume ? (resumes?.from(n) ?? null) : null;
    const converge = resume ? (resumes?.convergence(n) ?? null) : null;
    const plan: PassPlan = resume ? { snapshots: starts, ...(first ? { resume: first } : {}), ...(converge ? { converge } : {}) } : {};
    let drafts = yield* pass(oneShape(plan));
    last.pass = n;
    last.stop = converge?.rest ? converge : null;
    if (converge?.rest) {
      drafts = [...drafts, ...converge.rest.plain];
      starts.push(...converge.carried);
    }
    resumes?.record(n, starts, drafts);
    return drafts;
  };
  let drafts = yield* plain(0);
  const rest = last.stop?.rest;
  if (rest?.final && !renumber && planHeads(drafts).size === 0 && !nextSpanRequest(drafts, new Set())) {
    // Stopped in step with a previous layout that took no pass but this one and the closing
    // balance, and this one takes no other either (a citing-page float planned, a band levelled
    // above a page-span box, note numbers by page: they read pages before the stop): its final
    // pages from the stop on are this layout's, its closing balance included.
    if (edit) Object.assign(edit, { simple: true, spliced: true });
    return [...drafts.slice(0, drafts.length - rest.plain.length), ...rest.final];
  }
  let simple = true;
  // Footnote numbers by page: the chapter again with the numbers the last pass implies (each pass
  // of an edit going on and stopping as the first does, with the same pass of the previous layout).
  for (let extra = 0; renumber && extra < 3 && renumber(drafts); extra++) {
    drafts = yield* plain(extra + 1);
    simple = false;
  }

  // Citing-page floats: at most two planning rounds; a plan is used only when the pass honours all of it.
  let heads = planHeads(drafts);
  if (heads.size > 0) simple = false;
  let plan: PassPlan = {};
  // The block starts of the passes the layout's pages come from so far, each with the plan it ran
  // under: the plain pass's, then those of each planned pass whose pages were kept. (A start on a
  // page a pass left quiet lacks that page's items: it is used only before a later pass's own
  // quiet pages end, so merge takes those pages from the earlier passes.)
  const pool: PlannedStart[] = starts.map((start) => ({ start, plan: {} }));
  // The block starts of the pass whose pages the layout holds after the pages plans change (the
  // plain pass's, then each planned pass's kept): a planned pass stops in step with it past its own
  // planned pages (page/converge.ts PassConvergence).
  let current: readonly BlockStart[] = starts;
  /** A planned pass's pages: with a stop in step, the pass before it's from there on, and its starts with them. */
  const laidOut = function* (planned: PassPlan, converge: PassConvergence | undefined): Generator<undefined, PageDraft[]> {
    const laid = yield* pass(oneShape(planned));
    if (!converge?.rest) return laid;
    planned.snapshots?.push(...converge.carried);
    return [...laid, ...converge.rest];
  };
  /**
   * The plan with where it goes on from: the latest start before the first page it draws whose
   * pass planned the pages up to it as this plan does (paginate.ts reads a plan on its own pages
   * alone), and with `record` where its own starts go (`keep` adds them to the pool once its pages are kept).
   */
  const resumed = (planned: PassPlan, record = true): PassPlan => {
    const before = planned.quietBefore ?? firstPlannedPage(planned);
    let from = resume ? startBefore(pool.filter((s) => s.start.page < before && samePlanThrough(s.plan, planned, s.start.page)).map((s) => s.start), before) : null;
    // None there: after an edit on that page the plain pass went on from a start on it. One the
    // previous layout's same pass recorded before it, moved to the new text (page/edit-resume.ts),
    // rather than the chapter's first block.
    if (resume && !from) from = resumes?.earlier(last.pass, Math.min(before, firstPlannedPage(planned))) ?? null;
    return { ...planned, ...(resume && record ? { snapshots: [] } : {}), ...(from ? { resume: from } : {}) };
  };
  const keep = (planned: PassPlan): void => {
    const { headFloats, spans, balance } = planned;
    const under: PassPlan = { ...(headFloats ? { headFloats } : {}), ...(spans ? { spans } : {}), ...(balance ? { balance } : {}) };
    for (const start of planned.snapshots ?? []) pool.push({ start, plan: under });
  };
  for (let round = 0; round < 2 && heads.size > 0; round++) {
    const pages = [...heads.keys()].map((k) => Number(k.split(':')[0]));
    const quietBefore = Math.min(...pages);
    const converge = resume ? new PassConvergence(current, drafts, Math.max(...pages)) : undefined;
    const planned = resumed({ headFloats: heads, quietBefore, ...(converge ? { converge } : {}) });
    const next = yield* laidOut(planned, converge);
    const kept = keptHeads(next, heads);
    if (kept.size === heads.size && [...kept.values()].every((k, i) => k.length === [...heads.values()][i]!.length)) {
      drafts = merge(drafts, next, quietBefore);
      plan = { headFloats: heads };
      keep(planned);
      current = planned.snapshots ?? [];
      break;
    }
    heads = kept;
  }

  // The bands above page-span boxes, one box at a time (each cut may move the pages after it).
  if (settings.balancing?.enabled !== false && settings.balancing?.beforeSpan !== false) {
    const spans: SpanCut[] = [];
    const done = new Set<string>();
    // At most 8 boxes per chapter are levelled (each costs a pass or more; our limit).
    for (let round = 0; round < 8; round++) {
      const next = nextSpanRequest(drafts, done);
      if (!next) break;
      simple = false;
      done.add(next.request.block);
      const geometry = next.page.geometry ?? settings;
      const cut = spanCut(next.request, next.page.index, textColumns(geometry), settings.body.lineHeight);
      if (!cut) continue;
      for (let retry = 0; retry < 4; retry++) {
        const tried = { ...cut, bottom: cut.bottom + retry * settings.body.lineHeight };
        const converge = resume ? new PassConvergence(current, drafts, cut.page) : undefined;
        const planned = resumed({ ...plan, spans: [...spans, tried], quietBefore: cut.page, ...(converge ? { converge } : {}) });
        const laid = yield* laidOut(planned, converge);
        if (cutHonoured(laid, tried)) {
          drafts = merge(drafts, laid, cut.page);
          spans.push(tried);
          keep(planned);
          current = planned.snapshots ?? [];
          break;
        }
      }
    }
    if (spans.length > 0) plan = { ...plan, spans };
  }

  // Balancing of the closing page.
  // (Whether the page has columns to balance is the closing page's own geometry: page/balance.ts.)
  if (settings.balancing?.enabled !== false && settings.balancing?.trailing !== false) {
    const cap = closingCap(drafts, settings);
    if (cap) {
      for (let retry = 0; retry < 4; retry++) {
        const bottom = cap.bottom + retry * settings.body.lineHeight;
        if (bottom >= cap.full - 1e-6) break;
        // Nothing before the closing page changes (nor before the pages of the plans in force): the
        // pass goes on from the last block start before them that the plain pass recorded (page/resume.ts).
        // (No pass goes on from its starts: it records none.)
        const next = yield* pass(oneShape(resumed({ ...plan, balance: { page: cap.page, bottom }, quietBefore: cap.page }, false)));
        if (next.length === drafts.length) {
          drafts = merge(drafts, next, cap.page);
          break;
        }
      }
    }
  }
  if (edit) Object.assign(edit, { simple, spliced: false });
  return drafts;
}

/**
 * The plan as paginate.ts is given it: every field written, in one order, those not in force
 * undefined. Plans made by spreads have a shape per mix of fields (a plain pass's, a balance pass's
 * with or without a start to go on from…); paginateChapter, optimised for the shapes it met, was
 * thrown back to the interpreter by the next one ("wrong map" at its first read of the plan) and
 * compiled again: a few hundred ms of a cold layout's CPU. The caller's plan is left as it is (its
 * `snapshots` array is shared: what the pass records there the caller reads).
 */
export function oneShape(plan: PassPlan): PassPlan {
  return { headFloats: plan.headFloats, spans: plan.spans, balance: plan.balance, quietBefore: plan.quietBefore, snapshots: plan.snapshots, resume: plan.resume, converge: plan.converge };
}

/** Where an edit's plain passes go on from and stop (page/edit-resume.ts `EditResumes`). */
export interface PassResumes {
  /** A block start of the previous layout's plain pass `pass` (0 the first, then one per renumbering) to go on from, moved to the new text; null: from the first block. */
  from(pass: number): BlockStart | null;
  /** Where plain pass `pass` may stop in step with the same pass of the previous layout (page/converge.ts), or null; asked after `from(pass)`. */
  convergence(pass: number): EditConvergence | null;
  /** A start of the previous layout's pass `pass` before page `page` (book index) and before the one pass `pass` went on from, moved to the new text; null when none is valid. */
  earlier(pass: number, page: number): BlockStart | null;
  /** The block starts plain pass `pass` recorded and its pages (with a stop in step, the previous layout's after it). */
  record(pass: number, starts: readonly BlockStart[], pages: readonly PageDraft[]): void;
}

/** After paginatePasses: how an edit's layout was made. */
export interface PassEdit {
  /** No pass but the plain one (once) and the closing page's balance: the next edit's first pass may take this layout's final pages. */
  simple?: boolean;
  /** The first pass stopped in step with the previous layout, whose final pages it took from there. */
  spliced?: boolean;
}

/**
 * The first page (book index) a plan makes differ from a plain pass: the pages whose heads take
 * planned floats, whose bands above a page-span box are levelled, the balanced closing page.
 * paginate.ts reads each only on its page (`placePlanned`, `spanCap`, `balanceCap`): before it a
 * planned pass is the plain one, so it may go on from the plain pass's block starts there.
 */
function firstPlannedPage(plan: PassPlan): number {
  let first = Number.POSITIVE_INFINITY;
  for (const key of plan.headFloats?.keys() ?? []) first = Math.min(first, Number(key.split(':')[0]));
  for (const cut of plan.spans ?? []) first = Math.min(first, cut.page);
  if (plan.balance) first = Math.min(first, plan.balance.page);
  return first;
}

/** A block start with the plan of the pass that recorded it ({} a plain pass). */
interface PlannedStart {
  start: BlockStart;
  plan: PassPlan;
}

/**
 * Whether two plans change pages up to `page` (book index) alike: the same head floats there, the
 * same band cuts in the same order, the same balanced page. A pass under one, at a block start on
 * `page` or before, is where a pass under the other would be.
 */
function samePlanThrough(a: PassPlan, b: PassPlan, page: number): boolean {
  const heads = (plan: PassPlan): string => JSON.stringify([...(plan.headFloats ?? [])].filter(([key]) => Number(key.split(':')[0]) <= page).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  const cuts = (plan: PassPlan): string => JSON.stringify((plan.spans ?? []).filter((cut) => cut.page <= page));
  const balanced = (plan: PassPlan): string => (plan.balance && plan.balance.page <= page ? JSON.stringify(plan.balance) : '');
  return heads(a) === heads(b) && cuts(a) === cuts(b) && balanced(a) === balanced(b);
}

/** Pages before `from` (a page index) from `earlier`, the rest from `later`. */
function merge(earlier: readonly PageDraft[], later: readonly PageDraft[], from: number): PageDraft[] {
  return later.map((page, i) => (page.index < from && earlier[i] ? earlier[i]! : page));
}

/**
 * Head plans from a layout: each citing-page float set after its citing page/column goes to the
 * head of that page (page-wide) or column — unless a float cited before it is set on that page
 * or later (it would be overtaken).
 */
function planHeads(drafts: readonly PageDraft[]): Map<string, PlannedFloat[]> {
  const placedAt = new Map<string, number>();
  for (const page of drafts) for (const p of page.floatLog?.placed ?? []) if (!placedAt.has(p.id)) placedAt.set(p.id, page.index * 1000 + p.rank);
  const plans = new Map<string, PlannedFloat[]>();
  /** Latest slot taken by a float cited before the current one. */
  let latestBefore = -1;
  for (const page of drafts) {
    for (const c of page.floatLog?.cited ?? []) {
      const at = placedAt.get(c.id);
      if (at === undefined) continue;
      const rank = at % 1000;
      const wide = rank === slotRank.pageHead || rank === slotRank.pageFoot;
      // A float across k columns heads the columns from `c.head` (at or before the citing column).
      const column = c.head ?? c.column;
      const head = page.index * 1000 + (wide ? slotRank.pageHead : slotRank.columnHead(column));
      // Left after its citing page (page-wide) or after its citing column's foot (column float).
      const late = wide ? at >= (page.index + 1) * 1000 : at > page.index * 1000 + slotRank.columnFoot(c.column);
      if (c.citingPage && late && latestBefore < head && !page.opener) {
        const key = `${page.index}:${wide ? 0 : column}`;
        plans.set(key, [...(plans.get(key) ?? []), { id: c.id, block: c.block, ...(c.span !== undefined && c.span > 1 ? { span: c.span } : {}) }]);
      }
      latestBefore = Math.max(latestBefore, at);
    }
  }
  return plans;
}

/**
 * The plans a planned pass honoured: the float was set at its planned head, its citation stayed
 * on that page (and column), and the floats keep their citation order.
 */
function keptHeads(drafts: readonly PageDraft[], heads: ReadonlyMap<string, readonly PlannedFloat[]>): Map<string, PlannedFloat[]> {
  const citedAt = new Map<string, string>();
  const order: string[] = [];
  const placedAt = new Map<string, number>();
  for (const page of drafts) {
    for (const c of page.floatLog?.cited ?? []) {
      citedAt.set(c.id, `${page.index}:${c.column}`);
      order.push(c.id);
    }
    for (const p of page.floatLog?.placed ?? []) if (!placedAt.has(p.id)) placedAt.set(p.id, page.index * 1000 + p.rank);
  }
  let latest = -1;
  const overtaken = new Set<string>();
  for (const id of order) {
    const at = placedAt.get(id) ?? Infinity;
    if (at < latest) overtaken.add(id);
    latest = Math.max(latest, at);
  }
  const kept = new Map<string, PlannedFloat[]>();
  for (const [key, floats] of heads) {
    const [page, column] = key.split(':').map(Number) as [number, number];
    const ok = floats.filter((f) => {
      const cited = citedAt.get(f.id);
      const at = placedAt.get(f.id);
      const wide = at !== undefined && at % 1000 === slotRank.pageHead;
      // (A float across k columns: cited in one of the k columns it heads.)
      const citedColumn = cited === undefined ? -1 : Number(cited.split(':')[1]);
      const inColumns = f.span ? citedColumn >= column && citedColumn < column + f.span : cited === key;
      const onPage = cited !== undefined && Number(cited.split(':')[0]) === page && (wide || inColumns);
      return onPage && at !== undefined && Math.floor(at / 1000) === page && (wide || at % 1000 === slotRank.columnHead(column)) && !overtaken.has(f.id);
    });
    if (ok.length > 0) kept.set(key, ok);
  }
  return kept;
}
