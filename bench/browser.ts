/**
 * Browser figures for `npm run bench`: the built app in Debian Chromium, driven through the
 * app's test handle (`window.postextApp.client`, the same client the UI and the tools use), and
 * paged.js paginating the same generated book in the same browser.
 *
 * Every figure is wall-clock time on the main thread around a worker round trip, so it includes
 * the message hops a user's edit also pays. Nothing here is asserted; the figures are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { bookToHtml, chapterToMarkdown, figureSvg, generateBook, type BenchBook } from './book';
import { spread, type Spread } from './stats';

const require = createRequire(import.meta.url);

export interface BrowserBenchOptions {
  /** Built app folder (vite build output). */
  dist: string;
  /** Nominal page counts. */
  sizes: number[];
  /** Repeated runs per figure (min / median / max are reported). */
  repeats: number;
  seed: number;
  /** Print progress to stderr. */
  log: (line: string) => void;
}

interface SizeFigures {
  nominalPages: number;
  pages: number;
  chapters: number;
  paragraphs: number;
  displayListHash: string;
  coldLayoutMs: Spread;
  pagesPerSecond: number;
  globalChangeMs: Spread;
  editToConvergedMs?: { p50: number; p95: number; samples: number };
  cancelLatencyMs?: Spread;
  firstPageWarmMs?: Spread;
  pdfExportMs?: Spread | null;
  workerHeapPeakMB?: number | null;
  pagedJs: { pages: number; ms: Spread; pagesPerSecond: number } | { error: string };
  ratioPagedJsOverOurs?: number;
}

export interface BrowserFigures {
  chromium: string;
  appStart: { coldFirstPageMs: Spread; warmFirstPageMs: Spread };
  sizes: SizeFigures[];
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

/** Records, from navigation start, when page 1 is first painted (a MutationObserver set up before any script runs). */
const FIRST_PAINT_PROBE = `
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
`;

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
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value }] });
    if (!result.ok) throw new Error(result.error);
    await client.awaitConvergence(result.revision);
    return performance.now() - start;
  }, fontSizePt);
}

/** One-paragraph edits in the middle chapter, each timed to convergence. */
async function edits(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const client = window.postextApp!.client;
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const book = await client.getBook();
      const chapter = book.chapters[Math.floor(book.chapters.length / 2)]!;
      // The end of a different paragraph each time (paragraphs are separated by blank lines).
      const ends: number[] = [];
      for (let at = chapter.text.indexOf('.\n\n'); at >= 0; at = chapter.text.indexOf('.\n\n', at + 3)) ends.push(at);
      const at = ends[Math.floor((ends.length * (i + 1)) / (count + 1))] ?? 0;
      const start = performance.now();
      const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: chapter.id, from: at, to: at, insert: i % 2 ? ' and a lantern' : ' beneath the harbour' }] });
      if (!result.ok) throw new Error(result.error);
      await client.awaitConvergence(result.revision);
      times.push(performance.now() - start);
    }
    return times;
  }, count);
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
      const first = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value }] });
      if (!first.ok) throw new Error(first.error);
      await new Promise((r) => setTimeout(r, 40));
      const start = performance.now();
      const second = await client.apply({ origin: 'ui', baseRevision: first.revision, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: value + 0.05 }] });
      times.push(performance.now() - start);
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
    return (await painted) - start;
  }, projectId);
}

/** The worker's JS heap through CDP (the worker is a target of its own). */
class WorkerHeapProbe {
  private constructor(
    private readonly session: CDPSession,
    private readonly sessionId: string,
  ) {}
  private nextId = 1;
  private readonly waiting = new Map<number, (value: { usedSize: number }) => void>();

  static async attach(browser: Browser): Promise<WorkerHeapProbe | null> {
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
    const worker = targetInfos.find((t) => t.type === 'worker');
    if (!worker) return null;
    const { sessionId } = (await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string };
    const probe = new WorkerHeapProbe(session, sessionId);
    session.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
      if (message.id !== undefined && message.result) probe.waiting.get(message.id)?.(message.result);
    });
    return probe;
  }

  async usedBytes(): Promise<number> {
    const id = this.nextId++;
    const answer = new Promise<{ usedSize: number }>((resolve) => this.waiting.set(id, resolve));
    await this.session.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }) });
    const result = await Promise.race([answer, new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
    this.waiting.delete(id);
    return result?.usedSize ?? 0;
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
    const result = await work();
    done = true;
    await sampling;
    peak = Math.max(peak, await this.usedBytes());
    return { result, peakBytes: peak };
  }
}

/** The page geometry and body type of the default design, for paged.js's stylesheet. */
async function defaultDesign(page: Page): Promise<{ css: string }> {
  const design = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const list = await client.getDisplayList(1);
    const page = (await client.getConfig('page')) as Record<string, unknown>;
    const body = (await client.getConfig('bodyText')) as Record<string, unknown>;
    return { width: list?.width ?? 0, height: list?.height ?? 0, page, body, locale: book.locale };
  });
  const value = (input: unknown, fallback: number): number => {
    if (typeof input === 'number') return input;
    if (input && typeof input === 'object' && 'value' in input && typeof (input as { value: unknown }).value === 'number') return (input as { value: number }).value;
    return fallback;
  };
  const margins = (design.page['margins'] ?? {}) as Record<string, unknown>;
  const size = value(design.body['fontSize'], 10);
  const lineHeight = value(design.body['lineHeight'], size * 1.3);
  // Margins in the config may carry units; the fallbacks are the usual book margins in pt.
  const m = { top: value(margins['top'], 54), bottom: value(margins['bottom'], 60), inside: value(margins['inside'] ?? margins['left'], 54), outside: value(margins['outside'] ?? margins['right'], 54) };
  const css = `
    @font-face { font-family: 'Bench Garamond'; src: url('/fonts/EBGaramond_400Regular.ttf'); font-weight: 400; font-style: normal; }
    @font-face { font-family: 'Bench Garamond'; src: url('/fonts/EBGaramond_400Regular_Italic.ttf'); font-weight: 400; font-style: italic; }
    @font-face { font-family: 'Bench Garamond'; src: url('/fonts/EBGaramond_700Bold.ttf'); font-weight: 700; font-style: normal; }
    @page { size: ${design.width}pt ${design.height}pt; margin: ${m.top}pt ${m.outside}pt ${m.bottom}pt ${m.inside}pt;
      @bottom-center { content: counter(page); } @footnote { border-top: 0.5pt solid black; } }
    body { font-family: 'Bench Garamond', serif; font-size: ${size}pt; line-height: ${lineHeight}pt; text-align: justify; hyphens: auto; }
    p { margin: 0; text-indent: 1em; }
    h1 { break-before: page; font-size: ${size * 2}pt; line-height: ${lineHeight * 2}pt; margin: ${lineHeight * 3}pt 0 ${lineHeight}pt; }
    h2 { font-size: ${size * 1.3}pt; line-height: ${lineHeight}pt; margin: ${lineHeight}pt 0 0; }
    ul { margin: 0; }
    .footnote { float: footnote; font-size: ${size * 0.8}pt; line-height: ${lineHeight * 0.8}pt; }
    figure { margin: ${lineHeight}pt 0; break-inside: avoid; } figure svg { width: 60%; height: auto; display: block; margin: 0 auto; }
    figcaption { text-align: center; font-size: ${size * 0.9}pt; }
  `;
  return { css };
}

/** paged.js paginates the same book as HTML in a fresh page of the same browser; timed to the last page. */
async function pagedJs(browser: Browser, html: string, css: string): Promise<{ pages: number; ms: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pagedScript = readFileSync(join(dirname(require.resolve('pagedjs')), '..', 'dist', 'paged.js'), 'utf8');
  const fontDir = join(require.resolve('@expo-google-fonts/eb-garamond/package.json'), '..');
  await page.route('http://bench.invalid/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><template id="book">${html}</template></body></html>` });
    if (path === '/paged.js') return route.fulfill({ contentType: 'text/javascript', body: pagedScript });
    if (path.startsWith('/fonts/')) {
      const name = path.slice('/fonts/'.length);
      const folder = name.replace(/\.ttf$/, '').replace(/^EBGaramond_/, '');
      return route.fulfill({ contentType: 'font/ttf', body: readFileSync(join(fontDir, folder, name)) });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto('http://bench.invalid/');
  await page.addScriptTag({ url: '/paged.js' });
  const result = await page.evaluate(async () => {
    await document.fonts.load("16px 'Bench Garamond'");
    await document.fonts.load("italic 16px 'Bench Garamond'");
    const template = document.getElementById('book') as HTMLTemplateElement;
    const Paged = (window as unknown as { Paged: { Previewer: new () => { preview: (content: DocumentFragment, sheets: string[], target: HTMLElement) => Promise<{ total: number }> } } }).Paged;
    const target = document.createElement('div');
    document.body.appendChild(target);
    const start = performance.now();
    const flow = await new Paged.Previewer().preview(template.content.cloneNode(true) as DocumentFragment, [], target);
    return { pages: flow.total, ms: performance.now() - start };
  });
  await context.close();
  return result;
}

export async function runBrowserBench(options: BrowserBenchOptions): Promise<BrowserFigures> {
  const port = 4700 + (process.pid % 500);
  const server = await startPreview(options.dist, port);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.addInitScript(FIRST_PAINT_PROBE);

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
    const chromiumVersion = browser.version();
    const { css } = await defaultDesign(page);
    const baseFontSize = await page.evaluate(async () => {
      const size = await window.postextApp!.client.getConfig('bodyText.fontSize');
      return typeof size === 'number' ? size : 10;
    });

    // Calibration: paragraphs per page of the default design, from a book of ~100 pages.
    const probeParagraphs = 500;
    const probe = await loadBook(page, generateBook(options.seed, probeParagraphs), 'Bench calibration');
    const paragraphsPerPage = probeParagraphs / probe.pages;
    options.log(`calibration: ${probe.pages} pages for ${probeParagraphs} paragraphs`);

    const sizes: SizeFigures[] = [];
    for (const nominal of options.sizes) {
      const paragraphs = Math.round(nominal * paragraphsPerPage);
      const cold: number[] = [];
      let figures: Partial<SizeFigures> = {};
      let mainProject = '';
      let heapProbe: WorkerHeapProbe | null = null;
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
          } else {
            loaded = await load();
            figures.workerHeapPeakMB = null;
          }
          mainProject = loaded.projectId;
          figures = { ...figures, pages: loaded.pages, chapters: book.chapters.length, paragraphs, displayListHash: await displayListHash(page) };
        } else loaded = await load();
        cold.push(loaded.ms);
        options.log(`${nominal} pages (${loaded.pages}): cold layout ${round(loaded.ms)} ms`);
      }
      await page.evaluate((id) => window.postextApp!.client.openProject(id), mainProject);
      await page.evaluate(async () => {
        const client = window.postextApp!.client;
        await client.awaitConvergence((await client.getBook()).revision);
      });
      const global: number[] = [];
      for (let run = 0; run < options.repeats; run++) global.push(await globalChange(page, round(baseFontSize * (1.02 + 0.02 * run), 2)));
      options.log(`${nominal} pages: global change ${global.map((t) => round(t)).join(', ')} ms`);
      const coldSpread = spread(cold);
      const size: SizeFigures = {
        nominalPages: nominal,
        pages: figures.pages ?? 0,
        chapters: figures.chapters ?? 0,
        paragraphs,
        displayListHash: figures.displayListHash ?? '',
        coldLayoutMs: coldSpread,
        pagesPerSecond: round(((figures.pages ?? 0) / coldSpread.median) * 1000),
        globalChangeMs: spread(global),
        workerHeapPeakMB: figures.workerHeapPeakMB ?? null,
        pagedJs: { error: 'not run' },
      };
      if (nominal === 300 || options.sizes.length === 1) {
        const times = await edits(page, 30);
        const sorted = [...times].sort((a, b) => a - b);
        size.editToConvergedMs = { p50: round(sorted[Math.floor(0.5 * (sorted.length - 1))]!), p95: round(sorted[Math.ceil(0.95 * (sorted.length - 1))]!), samples: times.length };
        size.cancelLatencyMs = spread(await cancelLatency(page, [1, 2, 3, 4, 5].map((k) => round(baseFontSize * (1.1 + 0.01 * k), 2))));
        const firstPages: number[] = [];
        for (let run = 0; run < options.repeats; run++) {
          await page.evaluate(() => window.postextApp!.client.openPreset('postext-guide'));
          firstPages.push(await firstPageOfProject(page, mainProject));
        }
        size.firstPageWarmMs = spread(firstPages);
        const exportPdf = await page.evaluate(() => typeof (window.postextApp!.client as unknown as Record<string, unknown>)['exportPdf'] === 'function');
        size.pdfExportMs = exportPdf ? spread(await pdfExports(page, options.repeats)) : null;
        options.log(`${nominal} pages: edit p50 ${size.editToConvergedMs.p50} ms, p95 ${size.editToConvergedMs.p95} ms; cancel ${size.cancelLatencyMs.median} ms; first page ${size.firstPageWarmMs.median} ms`);
      }
      // paged.js on the first book of this size (the same words and structure).
      try {
        const html = bookToHtml(generateBook(options.seed + 1000 * nominal, paragraphs));
        const runs = nominal >= 1000 ? 1 : options.repeats;
        const paged: { pages: number; ms: number }[] = [];
        for (let run = 0; run < runs; run++) paged.push(await pagedJs(browser, html, css));
        const ms = spread(paged.map((p) => p.ms));
        size.pagedJs = { pages: paged[0]!.pages, ms, pagesPerSecond: round((paged[0]!.pages / ms.median) * 1000) };
        size.ratioPagedJsOverOurs = round(ms.median / coldSpread.median, 2);
        options.log(`${nominal} pages: paged.js ${paged[0]!.pages} pages in ${round(ms.median)} ms`);
      } catch (error) {
        size.pagedJs = { error: error instanceof Error ? error.message : String(error) };
      }
      sizes.push(size);
    }
    const median = (n: number): number | undefined => sizes.find((s) => s.nominalPages === n)?.coldLayoutMs.median;
    const ratio = (a?: number, b?: number): number | undefined => (a !== undefined && b !== undefined && b > 0 ? round(a / b, 2) : undefined);
    return {
      chromium: chromiumVersion,
      appStart: { coldFirstPageMs: spread(coldStarts), warmFirstPageMs: spread(warmStarts) },
      sizes,
      scaling: { t1000OverT300: ratio(median(1000), median(300)), t300OverT100: ratio(median(300), median(100)) },
    };
  } finally {
    await browser.close();
    stopPreview(server);
  }
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
