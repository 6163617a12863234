/**
 * Browser figures for `npm run bench`: the built app in Debian Chromium, driven through the
 * app's test handle (`window.postextApp.client`, the same client the UI and the tools use), and
 * paged.js paginating the same generated book in the same browser.
 *
 * Every figure is wall-clock time on the main thread around a worker round trip, so it includes
 * the message hops a user's edit also pays. Nothing here is asserted; the figures are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { bookToHtml, chapterToMarkdown, figureSvg, generateBook, type BenchBook } from './book';
import { PeerTimeout, peerVersion, runPeer, type PeerName } from './peers';
import { spread, type Spread } from './stats';

export interface BrowserBenchOptions {
  /** Built app folder (vite build output). */
  dist: string;
  /** Nominal page counts. */
  sizes: number[];
  /** Repeated runs per figure (min / median / max are reported). */
  repeats: number;
  seed: number;
  /** Time budget of one peer pagination, ms; a peer still running then is stopped and reported. */
  peerTimeoutMs: number;
  /** The ping timeout the bench gives the client's worker watchdog, ms. */
  watchdogPingTimeoutMs: number;
  /** Peers to run (paged.js, Vivliostyle). */
  peers: PeerName[];
  /** Print progress to stderr. */
  log: (line: string) => void;
  /** A Chrome trace (JSON, every thread of the page's renderer, the workers included) of the thirty edits is written here when set. */
  traceEditsTo?: string | undefined;
  /** The same of the first size's cold layouts (the calibration book's excepted) and of its global changes. */
  traceColdTo?: string | undefined;
  traceGlobalTo?: string | undefined;
  /** The same of the cancel probes (a global change superseded 40 ms into its build). */
  traceCancelTo?: string | undefined;
  /** The same of the last opening of the book from the Books list, until its page 1 is painted. */
  traceFirstTo?: string | undefined;
  /** A heap snapshot of the book worker (Chrome's `.heapsnapshot` JSON) is written here after the first size's kept heap is read. */
  snapshotKeptTo?: string | undefined;
  /**
   * V8 flags for the browser (`--js-flags`), e.g. `--trace-opt --trace-deopt`: what the JIT compiles
   * and throws away. V8 prints its traces on the browser's output, which scripts/bench.mjs then has
   * Playwright copy to stderr (`DEBUG=pw:browser`); a `### bench <phase> start|end` line is written
   * there around each measured phase of the first size (`node bench/jit-summary.mjs` reads it).
   */
  jsFlags?: string | undefined;
}

/** A peer's figures for one book, or why there are none. */
export type PeerFigures =
  | { version: string; pages: number; ms: Spread; pagesPerSecond: number; ratioToOurs: number; problems?: number }
  | { version: string | null; error: string; pagesSoFar?: number; budgetMs?: number };

interface SizeFigures {
  nominalPages: number;
  pages: number;
  /** Our page count is within ±10 % of the nominal size. */
  pagesWithinTenPercent: boolean;
  chapters: number;
  paragraphs: number;
  displayListHash: string;
  coldLayoutMs: Spread;
  pagesPerSecond: number;
  globalChangeMs: Spread;
  /** `times`: every edit's figure in edit order, ms (p95 of 30 is the second slowest: which edits they were tells noise from a pattern). */
  editToConvergedMs?: { p50: number; p95: number; samples: number; times: number[] };
  cancelLatencyMs?: Spread;
  /** Opening the book from the Books list in the running app until page 1 is painted. */
  firstPageWarmMs?: Spread;
  /** Loading the app at the book's link with warm HTTP and Cache Storage (a reload) until page 1 is painted, from navigation start. */
  firstPageWarmStartMs?: Spread;
  /** The same with the HTTP cache, Cache Storage and service worker cleared (fonts and wasm fetched again). */
  firstPageColdStartMs?: Spread;
  pdfExportMs?: Spread | null;
  /** Why the client restarted the worker during this size's layouts and changes (empty when it never did). */
  workerRestarts: string[];
  /** Peak of the worker's used JS heap during the first cold layout and the global changes, MB. */
  workerHeapPeakMB?: number | null;
  /** The same of the first cold layout alone, and of the global changes alone (which of the two sets the peak), MB. */
  workerHeapPeakColdMB?: number | null;
  workerHeapPeakGlobalMB?: number | null;
  /**
   * The worker's used JS heap after a full collection, the book of the first run open and converged
   * after the global changes, MB: what the worker keeps. The peak above is mostly garbage not yet
   * collected (V8 lets the heap grow to several times what survived its last full collection).
   */
  workerHeapKeptMB?: number | null;
  /**
   * With it, what the worker's array buffers hold outside the JS heap, MB (`backingStorageSize`):
   * font files, the shaper's and the hyphenator's wasm memory, kept paragraphs' columns, shaped
   * glyphs. The heap figures above leave it out: memory moved into array buffers leaves them and
   * shows here.
   */
  workerBackingStoresKeptMB?: number | null;
  pagedJs: PeerFigures;
  /** paged.js time / our cold layout time, so > 1 means we are faster. */
  ratioPagedJsOverOurs?: number;
  vivliostyle: PeerFigures;
}

export interface BrowserFigures {
  chromium: string;
  appStart: { coldFirstPageMs: Spread; warmFirstPageMs: Spread };
  sizes: SizeFigures[];
  /** The worker watchdog's ping timeout during the run, ms (null: the client's own). */
  watchdogPingTimeoutMs: number | null;
  /** Sizes whose measurement failed, with the error (the other sizes are still reported). */
  failedSizes: { nominalPages: number; error: string }[];
  scaling: { t1000OverT300?: number; t300OverT100?: number };
}

const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

function stopPreview(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill();
  }
}

async function startPreview(dist: string, port: number): Promise<ChildProcess> {
  const child = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--bypass-lock'], {
    env: { ...process.env, POSTEXT_DIST: dist },
    stdio: 'ignore',
    // Its own process group, so that stopping it also stops the vite process npx started.
    detached: true,
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stopPreview(child);
  throw new Error(`vite preview did not answer at ${url}`);
}

/** Opens the Sandbox and waits until its first book is laid out and painted. */
async function openApp(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/sandbox`);
  await page.waitForFunction(() => Boolean(window.postextApp?.client) && Boolean(document.querySelector('canvas[data-page-index="0"][data-painted]')), undefined, { timeout: 60_000 });
}

/**
 * Run in every page before its scripts: records, from navigation start, when page 1 is first
 * painted (a MutationObserver); counts worker restarts; and gives the client's watchdog a ping
 * timeout of `pingTimeoutMs` (its default, 2.5 s, is shorter than the worker's longest step on a
 * machine loaded twenty times over, and a restart mid-build voids the figure being measured).
 */
const pageProbe = (pingTimeoutMs: number): string => `
  window.__benchFirstPaint = null;
  new MutationObserver((records, observer) => {
    for (const r of records) {
      const el = r.target;
      if (el instanceof HTMLCanvasElement && el.dataset.pageIndex === '0' && el.dataset.painted) {
        window.__benchFirstPaint = performance.now();
        observer.disconnect();
        return;
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-painted'] });
  // The client restarts a worker that stops answering its pings: a figure measured across a
  // restart is not a layout time, so restarts are counted and reported.
  window.__benchWorkerLost = [];
  const hook = setInterval(() => {
    const client = window.postextApp && window.postextApp.client;
    if (!client) return;
    clearInterval(hook);
    if (typeof client.pingTimeoutMs === 'number') client.pingTimeoutMs = Math.max(client.pingTimeoutMs, ${pingTimeoutMs});
    window.__benchPingTimeoutMs = client.pingTimeoutMs;
    client.on((event) => { if (event.type === 'workerLost') window.__benchWorkerLost.push(event.reason); });
  }, 50);
`;

/** Worker restarts the client has announced since the page was loaded. */
async function workerRestarts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __benchWorkerLost?: string[] }).__benchWorkerLost ?? []);
}

interface LoadedBook {
  projectId: string;
  pages: number;
  ms: number;
}

/** Makes a new project holding the generated book; the time is from the transaction to convergence. */
async function loadBook(page: Page, book: BenchBook, name: string): Promise<LoadedBook> {
  const chapters = book.chapters.map((chapter) => ({ id: chapter.id, title: chapter.title, text: chapterToMarkdown(chapter) }));
  const figures = book.chapters.map((_, index) => ({ id: `figure-${index + 1}`, svg: figureSvg(index) }));
  return page.evaluate(
    async ({ chapters, figures, name }) => {
      const client = window.postextApp!.client;
      const entry = await client.newBook({ name, open: true });
      const before = await client.getBook();
      await client.awaitConvergence(before.revision);
      const encoder = new TextEncoder();
      const ops = [
        ...figures.map((figure) => ({
          type: 'resource.put' as const,
          resource: { id: figure.id, typeId: 'figure', kind: 'svg' as const, width: 400, height: 300, caption: 'A frame and its diagonal.' },
          payload: encoder.encode(figure.svg),
        })),
        ...chapters.map((chapter) => ({ type: 'chapter.add' as const, id: chapter.id, title: chapter.title, text: chapter.text })),
        ...before.chapters.map((chapter) => ({ type: 'chapter.remove' as const, chapterId: chapter.id })),
      ];
      const start = performance.now();
      const result = await client.apply({ origin: 'ui', baseRevision: before.revision, ops });
      if (!result.ok) throw new Error(result.error);
      const converged = await client.awaitConvergence(result.revision);
      // Named in a trace (--trace-cold): the load's window, in user timing.
      performance.measure(`bench cold ${name.replace(/\D+/g, ' ').trim().replace(/ +/g, '.') || '0'}`, { start });
      return { projectId: entry.id, pages: converged.pages, ms: performance.now() - start };
    },
    { chapters, figures, name },
  );
}

/** A SHA-256 over every page's serialized display list, so a run on a different book is visible. */
async function displayListHash(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const client = window.postextApp!.client;
    const { pages } = await client.getPages();
    const digests: Uint8Array[] = [];
    for (let i = 0; i < pages.length; i++) {
      const list = await client.getDisplayList(i);
      digests.push(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(list)))));
    }
    const all = new Uint8Array(digests.length * 32);
    digests.forEach((digest, i) => all.set(digest, i * 32));
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', all));
    return [...hash.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  });
}

/** Sets `bodyText.fontSize` and times it to convergence of the whole book. */
async function globalChange(page: Page, fontSizePt: number): Promise<number> {
  return page.evaluate(async (value) => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const start = performance.now();
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: { value, unit: 'pt' } }] });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
    // Named in a trace (--trace-global): the change's window, in user timing.
    performance.measure(`bench global ${value}`, { start });
    return performance.now() - start;
  }, fontSizePt);
}

/**
 * One-paragraph edits in the middle chapter, each timed to convergence. The chapter's text is read
 * once and followed here (each insert is known): reading the whole book before every edit, as this
 * did until day 7, put ~1.3 MB of message garbage per edit on the main thread, whose collections
 * (56–111 ms scavenges in a trace) then fell inside the timed edits.
 */
async function edits(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const client = window.postextApp!.client;
    const times: number[] = [];
    const book = await client.getBook();
    const chapter = book.chapters[Math.floor(book.chapters.length / 2)]!;
    let text = chapter.text;
    let revision = book.revision;
    for (let i = 0; i < count; i++) {
      // The end of a different paragraph each time (paragraphs are separated by blank lines).
      const ends: number[] = [];
      for (let at = text.indexOf('.\n\n'); at >= 0; at = text.indexOf('.\n\n', at + 3)) ends.push(at);
      const at = ends[Math.floor((ends.length * (i + 1)) / (count + 1))] ?? 0;
      const insert = i % 2 ? ' and a lantern' : ' beneath the harbour';
      const start = performance.now();
      const result = await client.apply({ origin: 'ui', baseRevision: revision, ops: [{ type: 'text', chapterId: chapter.id, from: at, to: at, insert }] });
      if (!result.ok) throw new Error(result.error);
      await client.awaitConvergence(result.revision);
      times.push(performance.now() - start);
      // Named in a trace (--trace-edits): each edit's window, in user timing.
      performance.measure(`bench edit ${i + 1}`, { start });
      text = text.slice(0, at) + insert + text.slice(at);
      revision = result.revision;
    }
    return times;
  }, count);
}

/** What a trace of the edits records: tasks on every thread, garbage collections, user timing and V8 samples. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing', 'v8', 'disabled-by-default-v8.gc', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'];

/**
 * Starts a trace and lets it settle before the traced work: V8's sampler starts in each thread
 * when it next runs, and in the book worker, whose heap then held ~400 MB, that took 551 ms inside
 * the first traced window (2026-12-06), a figure of the tracing, not of the app.
 */
async function startTrace(browser: Browser, page: Page, path: string | undefined): Promise<void> {
  await browser.startTracing(page, { path, screenshots: false, categories: TRACE_CATEGORIES });
  // A round trip, so the worker has run since the trace began.
  await page.evaluate(() => window.postextApp!.client.getBook().then(() => undefined));
  await page.waitForTimeout(1500);
}

/**
 * Cancel latency: a global change starts a whole-book build; 40 ms in, a superseding change is
 * sent. The figure is how long the worker takes to accept it (it only reads messages between
 * build slices, so this is the slice length plus the hops).
 */
async function cancelLatency(page: Page, sizes: number[]): Promise<number[]> {
  return page.evaluate(async (sizes) => {
    const client = window.postextApp!.client;
    const times: number[] = [];
    for (const value of sizes) {
      const book = await client.getBook();
      const first = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: { value, unit: 'pt' } }] });
      if (!first.ok) throw new Error(first.error);
      await new Promise((r) => setTimeout(r, 40));
      const start = performance.now();
      const second = await client.apply({ origin: 'ui', baseRevision: first.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: { value: value + 0.05, unit: 'pt' } }] });
      times.push(performance.now() - start);
      // Named in a trace (--trace-cancel): the superseding change's round trip, in user timing.
      performance.measure(`bench cancel ${times.length}`, { start });
      if (!second.ok) throw new Error(second.error);
      await client.awaitConvergence(second.revision);
    }
    return times;
  }, sizes);
}

/** Opening a project from the Books list until its page 1 is painted (fonts and wasm warm). */
async function firstPageOfProject(page: Page, projectId: string): Promise<number> {
  return page.evaluate(async (projectId) => {
    const client = window.postextApp!.client;
    const painted = new Promise<number>((resolve) => {
      const observer = new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target;
          if (el instanceof HTMLCanvasElement && el.dataset['pageIndex'] === '0' && el.dataset['painted']) {
            observer.disconnect();
            resolve(performance.now());
            return;
          }
        }
      });
      observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-painted'] });
    });
    const start = performance.now();
    await client.openProject(projectId);
    const paintedAt = await painted;
    // Named in a trace (--trace-first): from the Books list's open to page 1 painted, in user timing.
    performance.measure('bench first 1', { start, end: paintedAt });
    return paintedAt - start;
  }, projectId);
}

/** What `Runtime.getHeapUsage` answers, bytes (`backingStorageSize`: array buffers' contents, outside the heap). */
interface HeapUsage {
  usedSize?: number;
  backingStorageSize?: number;
}

/** The worker's JS heap through CDP (the worker is a target of its own). */
class WorkerHeapProbe {
  private constructor(
    private readonly session: CDPSession,
    private readonly sessionId: string,
  ) {}
  private nextId = 1;
  private readonly waiting = new Map<number, (value: HeapUsage) => void>();
  /** Chunks of the heap snapshot being taken (`HeapProfiler.addHeapSnapshotChunk` events). */
  private snapshotChunks: string[] = [];

  static async attach(browser: Browser): Promise<WorkerHeapProbe | null> {
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
    // The book worker, not the paint worker (ui/canvas/paint-worker-client.ts), which holds no book:
    // found first, it made the figures read ~5 MB (2026-12-06).
    const worker = targetInfos.find((t) => t.type === 'worker' && !/paint-worker/.test(t.url));
    if (!worker) return null;
    const { sessionId } = (await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string };
    const probe = new WorkerHeapProbe(session, sessionId);
    session.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: { usedSize?: number }; method?: string; params?: { chunk?: string } };
      if (message.id !== undefined && message.result) probe.waiting.get(message.id)?.(message.result);
      else if (message.method === 'HeapProfiler.addHeapSnapshotChunk' && message.params?.chunk !== undefined) probe.snapshotChunks.push(message.params.chunk);
    });
    return probe;
  }

  /** Sends `method` to the worker; its result, or null when it cannot be read (the worker was replaced or the browser closed). */
  private async call(method: string, timeoutMs = 2000): Promise<HeapUsage | null> {
    const id = this.nextId++;
    const answer = new Promise<HeapUsage>((resolve) => this.waiting.set(id, resolve));
    try {
      await this.session.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method }) });
    } catch {
      this.waiting.delete(id);
      return null;
    }
    const result = await Promise.race([answer, new Promise<null>((r) => setTimeout(() => r(null), timeoutMs))]);
    this.waiting.delete(id);
    return result;
  }

  /** The worker's used heap in bytes; 0 when it cannot be read. */
  async usedBytes(): Promise<number> {
    return (await this.call('Runtime.getHeapUsage'))?.usedSize ?? 0;
  }

  /**
   * The bytes of the worker's array buffers' contents (outside the JS heap: font data, wasm memory,
   * typed arrays); 0 when it cannot be read.
   */
  async backingStoreBytes(): Promise<number> {
    return (await this.call('Runtime.getHeapUsage'))?.backingStorageSize ?? 0;
  }

  /** The worker's used heap in bytes after a full garbage collection (twice: what one frees can free more); 0 when it cannot be read. */
  async keptBytes(): Promise<number> {
    for (let i = 0; i < 2; i++) if ((await this.call('HeapProfiler.collectGarbage', 30_000)) === null) return 0;
    return this.usedBytes();
  }

  /** Writes a heap snapshot of the worker to `file` (for reading where the kept heap goes, e.g. with DevTools); false when it could not be taken. */
  async writeSnapshot(file: string): Promise<boolean> {
    this.snapshotChunks = [];
    const done = await this.call('HeapProfiler.takeHeapSnapshot', 120_000);
    if (done === null) return false;
    // Chunk by chunk: a big book's snapshot can pass the longest string V8 makes.
    const fd = openSync(file, 'w');
    for (const chunk of this.snapshotChunks) writeSync(fd, chunk);
    closeSync(fd);
    this.snapshotChunks = [];
    return true;
  }

  /** Samples the heap every 50 ms while `work` runs; returns the peak in bytes. */
  async peakDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakBytes: number }> {
    let peak = await this.usedBytes();
    let done = false;
    const sampling = (async () => {
      while (!done) {
        peak = Math.max(peak, await this.usedBytes());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    let result: T;
    try {
      result = await work();
    } finally {
      done = true;
      await sampling;
    }
    peak = Math.max(peak, await this.usedBytes());
    return { result, peakBytes: peak };
  }
}

/** A config Dimension (`{ value, unit }`, configuration.md §0) or a bare number (pt) in pt; `em` against `emPt`. */
function dimensionPt(input: unknown, fallback: number, emPt = fallback): number {
  if (typeof input === 'number') return input;
  if (!input || typeof input !== 'object') return fallback;
  const { value, unit } = input as { value?: unknown; unit?: unknown };
  if (typeof value !== 'number') return fallback;
  const perUnit: Record<string, number> = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, px: 0.75, em: emPt, rem: emPt };
  return value * (perUnit[typeof unit === 'string' ? unit : 'pt'] ?? 1);
}

/** The body size of the open book's design, pt. */
async function bodyFontSizePt(page: Page): Promise<number> {
  return dimensionPt(await page.evaluate(() => window.postextApp!.client.getConfig('bodyText.fontSize')), 8);
}

/**
 * The default design as CSS for the peers: trim size, margins, columns and gutter from the page
 * geometry the worker reports, body size and leading (the baseline pitch) from the config, EB
 * Garamond for the text and Open Sans for the headings, from the same font files we use.
 */
async function defaultDesign(page: Page): Promise<{ css: string; description: string }> {
  const geometry = await page.evaluate(() => window.postextApp!.client.getPageGeometry(1));
  if (!geometry) throw new Error('the open book has no page 2 to read the design from');
  const size = await bodyFontSizePt(page);
  const lead = geometry.baseline.pitch;
  const m = geometry.margins;
  const css = `
    @font-face { font-family: 'Bench Garamond'; src: url('/fonts/eb-garamond/EBGaramond_400Regular.ttf'); font-weight: 400; font-style: normal; }
    @font-face { font-family: 'Bench Garamond'; src: url('/fonts/eb-garamond/EBGaramond_400Regular_Italic.ttf'); font-weight: 400; font-style: italic; }
    @font-face { font-family: 'Bench Garamond'; src: url('/fonts/eb-garamond/EBGaramond_700Bold.ttf'); font-weight: 700; font-style: normal; }
    @font-face { font-family: 'Bench Sans'; src: url('/fonts/open-sans/OpenSans_700Bold.ttf'); font-weight: 700; font-style: normal; }
    @page { size: ${geometry.width}pt ${geometry.height}pt; margin: ${m.top}pt ${m.right}pt ${m.bottom}pt ${m.left}pt;
      @bottom-center { content: counter(page); font-family: 'Bench Garamond', serif; font-size: ${size}pt; } }
    html { font-family: 'Bench Garamond', serif; font-size: ${size}pt; line-height: ${lead}pt; text-align: justify; hyphens: auto; }
    body { margin: 0; }
    section.chapter { column-count: ${geometry.columns}; column-gap: ${geometry.gutter}pt; column-fill: auto; break-before: right; }
    p { margin: 0; text-indent: ${size * 1.5}pt; }
    h1, h2 { font-family: 'Bench Sans', sans-serif; font-weight: 700; text-align: left; hyphens: manual; break-after: avoid; }
    h1 { column-span: all; font-size: ${size * 2.25}pt; line-height: ${size * 2.7}pt; margin: 0 0 ${lead}pt; }
    h2 { font-size: ${size * 1.5}pt; line-height: ${size * 1.8}pt; margin: ${lead}pt 0 ${size * 0.75}pt; }
    ul { margin: ${lead}pt 0; padding-left: ${size * 1.5}pt; }
    .footnote { float: footnote; font-size: ${size * 0.8}pt; line-height: ${size}pt; }
    figure { margin: ${lead}pt 0; break-inside: avoid; } figure svg { width: 100%; height: auto; display: block; }
    figcaption { text-align: center; font-size: ${size * 0.9}pt; }
  `;
  const description = `${round(geometry.width)} × ${round(geometry.height)} pt, margins ${round(m.top)}/${round(m.right)}/${round(m.bottom)}/${round(m.left)} pt, ${geometry.columns} column(s), gutter ${round(geometry.gutter)} pt, body ${round(size, 2)}/${round(lead, 2)} pt`;
  return { css, description };
}

export async function runBrowserBench(options: BrowserBenchOptions): Promise<BrowserFigures> {
  const port = 4700 + (process.pid % 500);
  const server = await startPreview(options.dist, port);
  const base = `http://127.0.0.1:${port}`;
  // With V8 flags, the phases are marked on stderr, where the browser's output (V8's traces) goes.
  const mark = (phase: string, edge: 'start' | 'end'): void => {
    if (options.jsFlags) process.stderr.write(`### bench ${phase} ${edge}\n`);
  };
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', ...(options.jsFlags ? [`--js-flags=${options.jsFlags}`] : [])],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.addInitScript(pageProbe(options.watchdogPingTimeoutMs));

    // App start: cold (HTTP cache, Cache Storage and service worker cleared) and warm (reload).
    const cdp = await context.newCDPSession(page);
    const coldStarts: number[] = [];
    const warmStarts: number[] = [];
    await openApp(page, base);
    for (let run = 0; run < options.repeats; run++) {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'cache_storage,service_workers' });
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { __benchFirstPaint: number | null }).__benchFirstPaint !== null, undefined, { timeout: 60_000 });
      coldStarts.push(await page.evaluate(() => (window as unknown as { __benchFirstPaint: number }).__benchFirstPaint));
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { __benchFirstPaint: number | null }).__benchFirstPaint !== null, undefined, { timeout: 60_000 });
      warmStarts.push(await page.evaluate(() => (window as unknown as { __benchFirstPaint: number }).__benchFirstPaint));
    }
    options.log(`app start: cold ${coldStarts.map((t) => round(t)).join(', ')} ms; warm ${warmStarts.map((t) => round(t)).join(', ')} ms`);
    const watchdog = await page.evaluate(() => (window as unknown as { __benchPingTimeoutMs?: number }).__benchPingTimeoutMs ?? null);
    if (watchdog === null) options.log('the client has no pingTimeoutMs any more: its watchdog keeps its own timeout');
    // The service worker's install (registered after the sample book's first layout, ui/service-worker.ts)
    // downloads its whole precache, ~90 MB; begun by the last cold start above, it ran beside the
    // layouts measured next (633 ms of its thread's CPU inside one cold layout's window, in a trace
    // of 2026-12-06). A one-off of a first visit, not a layout's cost: it is let finish first.
    const installed = await page.evaluate(() => Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 120_000))]));
    if (!installed) options.log('the service worker was not installed within 120 s: the figures below ran beside its install');
    const chromiumVersion = browser.version();
    const design = await defaultDesign(page);
    const css = design.css;
    options.log(`design for the peers: ${design.description}`);
    const baseFontSize = await bodyFontSizePt(page);

    // Calibration: paragraphs per page of the default design, from a book of ~100 pages.
    const probeParagraphs = 500;
    const probe = await loadBook(page, generateBook(options.seed, probeParagraphs), 'Bench calibration');
    const paragraphsPerPage = probeParagraphs / probe.pages;
    options.log(`calibration: ${probe.pages} pages for ${probeParagraphs} paragraphs`);

    const sizes: SizeFigures[] = [];
    /** A peer that ran out of time on a smaller book is not started on a larger one. */
    const outOfTime = new Map<PeerName, string>();
    const failedSizes: { nominalPages: number; error: string }[] = [];
    for (const nominal of options.sizes) {
      try {
        sizes.push(await measureSize(nominal));
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        options.log(`${nominal} pages failed: ${message}`);
        failedSizes.push({ nominalPages: nominal, error: message });
        // Whatever state the app was left in, the next size starts from a freshly loaded app.
        await openApp(page, base).catch(() => undefined);
      }
    }
    async function measureSize(nominal: number): Promise<SizeFigures> {
      let paragraphs = Math.round(nominal * paragraphsPerPage);
      const cold: number[] = [];
      let figures: Partial<SizeFigures> = {};
      let mainProject = '';
      let heapProbe: WorkerHeapProbe | null = null;
      let recalibrated = false;
      const restartsBefore = (await workerRestarts(page)).length;
      const tracingCold = options.traceColdTo !== undefined && nominal === options.sizes[0];
      if (tracingCold) await startTrace(browser, page, options.traceColdTo);
      const firstSize = nominal === options.sizes[0];
      if (firstSize) mark('cold', 'start');
      for (let run = 0; run < options.repeats; run++) {
        // A different seed each run: the same size and structure, never the same paragraphs.
        const book = generateBook(options.seed + 1000 * nominal + run, paragraphs);
        const load = async (): Promise<LoadedBook> => loadBook(page, book, `Bench ${nominal} #${run}`);
        let loaded: LoadedBook;
        if (run === 0) {
          heapProbe ??= await WorkerHeapProbe.attach(browser).catch(() => null);
          if (heapProbe) {
            const measured = await heapProbe.peakDuring(load);
            loaded = measured.result;
            figures.workerHeapPeakMB = round(measured.peakBytes / 1048576);
            figures.workerHeapPeakColdMB = figures.workerHeapPeakMB;
          } else {
            loaded = await load();
            figures.workerHeapPeakMB = null;
          }
          // Outside ±10 % of the nominal size (the calibration book was too small to predict it):
          // scale the paragraph count once and lay the book out again.
          if (!recalibrated && Math.abs(loaded.pages - nominal) > 0.1 * nominal) {
            recalibrated = true;
            options.log(`${nominal} pages: got ${loaded.pages} pages from ${paragraphs} paragraphs, scaling to ${Math.round((paragraphs * nominal) / loaded.pages)}`);
            paragraphs = Math.round((paragraphs * nominal) / loaded.pages);
            run--;
            continue;
          }
          mainProject = loaded.projectId;
          figures = { ...figures, pages: loaded.pages, chapters: book.chapters.length, paragraphs, displayListHash: await displayListHash(page) };
        } else loaded = await load();
        cold.push(loaded.ms);
        options.log(`${nominal} pages (${loaded.pages}): cold layout ${round(loaded.ms)} ms`);
      }
      if (firstSize) mark('cold', 'end');
      if (tracingCold) {
        await browser.stopTracing();
        options.log(`trace of the cold layouts written to ${options.traceColdTo}`);
      }
      await page.evaluate((id) => window.postextApp!.client.openProject(id), mainProject);
      await page.evaluate(async () => {
        const client = window.postextApp!.client;
        await client.awaitConvergence((await client.getBook()).revision);
      });
      const global: number[] = [];
      const tracingGlobal = options.traceGlobalTo !== undefined && nominal === options.sizes[0];
      const globalRuns = async (): Promise<void> => {
        if (tracingGlobal) await startTrace(browser, page, options.traceGlobalTo);
        if (firstSize) mark('global', 'start');
        for (let run = 0; run < options.repeats; run++) global.push(await globalChange(page, round(baseFontSize * (1.02 + 0.02 * run), 2)));
        if (firstSize) mark('global', 'end');
        if (tracingGlobal) {
          await browser.stopTracing();
          options.log(`trace of the global changes written to ${options.traceGlobalTo}`);
        }
      };
      if (heapProbe) {
        const { peakBytes } = await heapProbe.peakDuring(globalRuns);
        figures.workerHeapPeakMB = round(Math.max(figures.workerHeapPeakMB ?? 0, peakBytes / 1048576));
        figures.workerHeapPeakGlobalMB = round(peakBytes / 1048576);
      } else await globalRuns();
      if (heapProbe) {
        // After the worker's idle work (paragraphs kept as columns 250 ms after convergence, the
        // items they replace dropped): measured at once, the figure read ~200 MB at 300 pages
        // against ~130 MB a few seconds later (2026-12-06).
        await page.waitForTimeout(3000);
        const kept = await heapProbe.keptBytes();
        figures.workerHeapKeptMB = kept > 0 ? round(kept / 1048576) : null;
        const buffers = await heapProbe.backingStoreBytes();
        figures.workerBackingStoresKeptMB = buffers > 0 ? round(buffers / 1048576) : null;
        if (options.snapshotKeptTo && nominal === options.sizes[0]) {
          const written = await heapProbe.writeSnapshot(options.snapshotKeptTo);
          options.log(written ? `heap snapshot of the book worker written to ${options.snapshotKeptTo}` : 'the heap snapshot could not be taken');
        }
      }
      options.log(`${nominal} pages: global change ${global.map((t) => round(t)).join(', ')} ms; worker heap peak ${figures.workerHeapPeakMB ?? '—'} MB (cold layout ${figures.workerHeapPeakColdMB ?? '—'}, global changes ${figures.workerHeapPeakGlobalMB ?? '—'}), kept ${figures.workerHeapKeptMB ?? '—'} MB (and ${figures.workerBackingStoresKeptMB ?? '—'} MB of array buffers' contents)`);
      const coldSpread = spread(cold);
      const pages = figures.pages ?? 0;
      const size: SizeFigures = {
        nominalPages: nominal,
        pages,
        pagesWithinTenPercent: Math.abs(pages - nominal) <= 0.1 * nominal,
        chapters: figures.chapters ?? 0,
        paragraphs,
        displayListHash: figures.displayListHash ?? '',
        coldLayoutMs: coldSpread,
        pagesPerSecond: round((pages / coldSpread.median) * 1000),
        globalChangeMs: spread(global),
        workerHeapPeakMB: figures.workerHeapPeakMB ?? null,
        workerHeapPeakColdMB: figures.workerHeapPeakColdMB ?? null,
        workerHeapPeakGlobalMB: figures.workerHeapPeakGlobalMB ?? null,
        workerHeapKeptMB: figures.workerHeapKeptMB ?? null,
        workerBackingStoresKeptMB: figures.workerBackingStoresKeptMB ?? null,
        workerRestarts: (await workerRestarts(page)).slice(restartsBefore),
        pagedJs: { version: peerVersion('pagedjs'), error: 'not run' },
        vivliostyle: { version: peerVersion('vivliostyle'), error: 'not run' },
      };
      if (nominal === 300 || options.sizes.length === 1) {
        if (options.traceEditsTo) await startTrace(browser, page, options.traceEditsTo);
        mark('edits', 'start');
        const times = await edits(page, 30);
        mark('edits', 'end');
        if (options.traceEditsTo) {
          await browser.stopTracing();
          options.log(`trace of the thirty edits written to ${options.traceEditsTo}`);
        }
        const sorted = [...times].sort((a, b) => a - b);
        size.editToConvergedMs = { p50: round(sorted[Math.floor(0.5 * (sorted.length - 1))]!), p95: round(sorted[Math.ceil(0.95 * (sorted.length - 1))]!), samples: times.length, times: times.map((t) => round(t)) };
        if (options.traceCancelTo) await startTrace(browser, page, options.traceCancelTo);
        mark('cancel', 'start');
        size.cancelLatencyMs = spread(await cancelLatency(page, [1, 2, 3, 4, 5].map((k) => round(baseFontSize * (1.1 + 0.01 * k), 2))));
        mark('cancel', 'end');
        if (options.traceCancelTo) {
          await browser.stopTracing();
          options.log(`trace of the cancel probes written to ${options.traceCancelTo}`);
        }
        const firstPages: number[] = [];
        for (let run = 0; run < options.repeats; run++) {
          await page.evaluate(() => window.postextApp!.client.openPreset('postext-guide'));
          // The last run is the one traced (--trace-first).
          const tracing = options.traceFirstTo !== undefined && run === options.repeats - 1;
          if (tracing) await startTrace(browser, page, options.traceFirstTo);
          firstPages.push(await firstPageOfProject(page, mainProject));
          if (tracing) {
            await browser.stopTracing();
            options.log(`trace of opening the book from the Books list written to ${options.traceFirstTo}`);
          }
        }
        size.firstPageWarmMs = spread(firstPages);
        const exportPdf = await page.evaluate(() => typeof (window.postextApp!.client as unknown as Record<string, unknown>)['exportPdf'] === 'function');
        size.pdfExportMs = exportPdf ? spread(await pdfExports(page, options.repeats)) : null;
        // Starting the app at the book's link (page reloads; the project stays in the browser's storage).
        const warmStarts: number[] = [];
        const coldStarts: number[] = [];
        for (let run = 0; run < options.repeats; run++) {
          coldStarts.push(await firstPageAtLink(page, cdp, base, mainProject, true));
          warmStarts.push(await firstPageAtLink(page, cdp, base, mainProject, false));
        }
        size.firstPageColdStartMs = spread(coldStarts);
        size.firstPageWarmStartMs = spread(warmStarts);
        options.log(`${nominal} pages: edit p50 ${size.editToConvergedMs.p50} ms, p95 ${size.editToConvergedMs.p95} ms; cancel ${size.cancelLatencyMs.median} ms; first page from the list ${size.firstPageWarmMs.median} ms, at the link warm ${size.firstPageWarmStartMs.median} ms, cold ${size.firstPageColdStartMs.median} ms; PDF ${size.pdfExportMs?.median ?? '—'} ms`);
      }
      // The peers on the first book of this size (the same words and structure).
      const html = bookToHtml(generateBook(options.seed + 1000 * nominal, paragraphs));
      for (const peer of options.peers) {
        const version = peerVersion(peer);
        const skipped = outOfTime.get(peer);
        let result: PeerFigures;
        if (version === null) result = { version, error: `${peer === 'pagedjs' ? 'pagedjs' : '@vivliostyle/core'} is not installed` };
        else if (skipped) result = { version, error: `not started: ${skipped}` };
        else {
          // paged.js is repeated like our figures (once at 1000 pages); Vivliostyle, far slower, runs once.
          const runs = peer === 'vivliostyle' || nominal >= 1000 ? 1 : options.repeats;
          const done: { pages: number; ms: number; problems?: number }[] = [];
          try {
            for (let run = 0; run < runs; run++) {
              const one = await runPeer(browser, peer, html, css, options.peerTimeoutMs);
              if (one.externalRequests.length > 0) options.log(`${peer} asked for ${one.externalRequests.length} outside resources (aborted): ${one.externalRequests.slice(0, 3).join(', ')}`);
              done.push(one);
            }
            const ms = spread(done.map((d) => d.ms));
            result = { version, pages: done[0]!.pages, ms, pagesPerSecond: round((done[0]!.pages / ms.median) * 1000), ratioToOurs: round(ms.median / coldSpread.median, 2), ...(done[0]!.problems !== undefined ? { problems: done[0]!.problems } : {}) };
            options.log(`${nominal} pages: ${peer} ${done[0]!.pages} pages in ${round(ms.median)} ms`);
          } catch (error) {
            if (error instanceof PeerTimeout) {
              result = { version, error: error.message, pagesSoFar: error.pagesSoFar, budgetMs: error.budgetMs };
              outOfTime.set(peer, `it ran out of time at ${nominal} pages (${error.pagesSoFar} pages in ${Math.round(error.budgetMs / 1000)} s)`);
            } else result = { version, error: error instanceof Error ? error.message : String(error) };
            options.log(`${nominal} pages: ${peer}: ${result.error}`);
          }
        }
        if (peer === 'pagedjs') {
          size.pagedJs = result;
          if ('ratioToOurs' in result) size.ratioPagedJsOverOurs = result.ratioToOurs;
        } else size.vivliostyle = result;
      }
      for (const peer of ['pagedjs', 'vivliostyle'] as const) if (!options.peers.includes(peer)) size[peer === 'pagedjs' ? 'pagedJs' : 'vivliostyle'] = { version: peerVersion(peer), error: 'not run (--peers)' };
      return size;
    }
    const median = (n: number): number | undefined => sizes.find((s) => s.nominalPages === n)?.coldLayoutMs.median;
    const ratio = (a?: number, b?: number): number | undefined => (a !== undefined && b !== undefined && b > 0 ? round(a / b, 2) : undefined);
    return {
      chromium: chromiumVersion,
      appStart: { coldFirstPageMs: spread(coldStarts), warmFirstPageMs: spread(warmStarts) },
      sizes,
      failedSizes,
      watchdogPingTimeoutMs: watchdog,
      scaling: { t1000OverT300: ratio(median(1000), median(300)), t300OverT100: ratio(median(300), median(100)) },
    };
  } finally {
    await browser.close();
    stopPreview(server);
  }
}

/**
 * Loads the app at the project's link until its page 1 is painted, from navigation start; `cold`
 * clears the HTTP cache, Cache Storage and the service worker first (the project itself stays in
 * the origin's storage). The app is left open and converged.
 */
async function firstPageAtLink(page: Page, cdp: CDPSession, base: string, projectId: string, cold: boolean): Promise<number> {
  if (cold) {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'cache_storage,service_workers' });
  }
  await page.goto('about:blank');
  await page.goto(`${base}/sandbox#project=${encodeURIComponent(projectId)}`);
  await page.waitForFunction(() => (window as unknown as { __benchFirstPaint: number | null }).__benchFirstPaint !== null, undefined, { timeout: 300_000 });
  const ms = await page.evaluate(() => (window as unknown as { __benchFirstPaint: number }).__benchFirstPaint);
  await page.waitForFunction(() => Boolean(window.postextApp?.client), undefined, { timeout: 60_000 });
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    await client.awaitConvergence((await client.getBook()).revision);
  });
  return ms;
}

/** Whole-book PDF export through the client, when the PDF writer exists. */
async function pdfExports(page: Page, repeats: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < repeats; run++) {
    times.push(
      await page.evaluate(async () => {
        const client = window.postextApp!.client as unknown as { exportPdf: (request: Record<string, unknown>) => Promise<unknown> };
        const start = performance.now();
        await client.exportPdf({});
        return performance.now() - start;
      }),
    );
  }
  return times;
}
