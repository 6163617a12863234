/**
 * Peers for `npm run bench`: paged.js and Vivliostyle paginating the same generated book as HTML,
 * in a fresh context of the same Chromium, timed from the start of pagination to the last page.
 *
 * Both get the same stylesheet (page size and margins of our default design, EB Garamond from
 * the same font files, justified, `hyphens: auto`, footnotes as `float: footnote`). Everything is
 * served from an invented origin through request interception, so nothing leaves the machine;
 * any other request is aborted and counted, so a peer that tried to fetch something is visible.
 *
 * A peer that runs past its time budget is stopped and reported with the pages it had made so
 * far, never left to hang the run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from '@playwright/test';

const require = createRequire(import.meta.url);

export type PeerName = 'pagedjs' | 'vivliostyle';

export interface PeerRun {
  pages: number;
  /** Wall time on the page's main thread, ms. */
  ms: number;
  /** Problems the peer reported and recovered from (Vivliostyle's 'error' events). */
  problems?: number;
}

/** A run stopped at its time budget (or failed): what it had done by then. */
export class PeerTimeout extends Error {
  constructor(
    readonly peer: PeerName,
    readonly budgetMs: number,
    readonly pagesSoFar: number,
  ) {
    super(`${peer} did not finish within ${Math.round(budgetMs / 1000)} s (${pagesSoFar} pages made by then)`);
  }
}

const ORIGIN = 'http://bench.invalid';

/** The installed version of a peer, or null when it is not installed (Vivliostyle is optional). */
export function peerVersion(peer: PeerName): string | null {
  const name = peer === 'pagedjs' ? 'pagedjs' : '@vivliostyle/core';
  try {
    return (JSON.parse(readFileSync(packageJson(name), 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

/** A package's package.json, found from its entry point (pagedjs's `exports` hide `./package.json`). */
function packageJson(name: string): string {
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && (JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string }).name === name) return candidate;
  }
  throw new Error(`no package.json for ${name}`);
}

function peerScript(peer: PeerName): string {
  if (peer === 'pagedjs') return readFileSync(join(dirname(packageJson('pagedjs')), 'dist', 'paged.js'), 'utf8');
  // Vivliostyle ships one CommonJS bundle; a three-line wrapper makes it a global for the page.
  const file = join(dirname(packageJson('@vivliostyle/core')), 'lib', 'vivliostyle.js');
  if (!existsSync(file)) throw new Error(`${file} is missing`);
  return `(function () { var module = { exports: {} }; var exports = module.exports;\n${readFileSync(file, 'utf8')}\n;window.vivliostyle = module.exports; })();`;
}

/** Serves the book, the peer's script and the fonts from the invented origin; aborts anything else. */
async function serve(page: Page, peer: PeerName, bookHtml: string, css: string, external: string[]): Promise<void> {
  const script = peerScript(peer);
  const documentHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body>${bookHtml}</body></html>`;
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) {
      external.push(url.href);
      return route.abort();
    }
    const path = url.pathname;
    if (path === '/') {
      // paged.js reads the book from a template; Vivliostyle loads /book.html into its viewport.
      const body = peer === 'pagedjs'
        ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><template id="book">${bookHtml}</template></body></html>`
        : '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="margin:0"><div id="viewport" style="width:1200px;height:900px"></div></body></html>';
      return route.fulfill({ contentType: 'text/html', body });
    }
    if (path === '/book.html') return route.fulfill({ contentType: 'text/html', body: documentHtml });
    if (path === '/peer.js') return route.fulfill({ contentType: 'text/javascript', body: script });
    // /fonts/<family package>/<Family>_<style>.ttf → @expo-google-fonts/<package>/<style>/<file>
    const font = /^\/fonts\/([a-z-]+)\/([A-Za-z]+)_(\w+)\.ttf$/.exec(path);
    if (font) {
      const dir = dirname(require.resolve(`@expo-google-fonts/${font[1]}/package.json`));
      return route.fulfill({ contentType: 'font/ttf', body: readFileSync(join(dir, font[3]!, `${font[2]}_${font[3]}.ttf`)) });
    }
    return route.fulfill({ status: 404, body: '' });
  });
}

/** Pages made so far, read between the peer's time slices. */
async function pagesSoFar(page: Page, peer: PeerName): Promise<number> {
  const selector = peer === 'pagedjs' ? '.pagedjs_page' : '[data-vivliostyle-page-container]';
  return page.evaluate((selector) => document.querySelectorAll(selector).length, selector).catch(() => 0);
}

/**
 * One pagination of `bookHtml` by `peer`, at most `budgetMs` long. Throws PeerTimeout when the
 * budget runs out (the context is closed, so the peer stops) and Error when the peer fails.
 */
export async function runPeer(browser: Browser, peer: PeerName, bookHtml: string, css: string, budgetMs: number): Promise<PeerRun & { externalRequests: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const external: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await serve(page, peer, bookHtml, css, external);
    await page.goto(`${ORIGIN}/`);
    // Vivliostyle logs every 25 ms time slice at debug level; the logging is not its layout work.
    await page.evaluate(() => {
      console.debug = () => {};
    });
    await page.addScriptTag({ url: '/peer.js' });
    const run = peer === 'pagedjs' ? page.evaluate(pagedJsInPage) : page.evaluate(vivliostyleInPage);
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), budgetMs);
    });
    const result = await Promise.race([run, budget]);
    clearTimeout(timer);
    if (result === 'timeout') {
      const pages = await pagesSoFar(page, peer);
      run.catch(() => undefined);
      throw new PeerTimeout(peer, budgetMs, pages);
    }
    if (errors.length > 0 && result.pages === 0) throw new Error(`${peer} failed: ${errors[0]}`);
    return { ...result, externalRequests: external };
  } finally {
    await context.close();
  }
}

/** In the page: paged.js's Previewer on the template's content. */
async function pagedJsInPage(): Promise<PeerRun> {
  await document.fonts.load("16px 'Bench Garamond'");
  await document.fonts.load("italic 16px 'Bench Garamond'");
  await document.fonts.load("bold 16px 'Bench Sans'");
  const template = document.getElementById('book') as HTMLTemplateElement;
  const Paged = (window as unknown as { Paged: { Previewer: new () => { preview: (content: DocumentFragment, sheets: string[] | undefined, target: HTMLElement) => Promise<{ total: number }> } } }).Paged;
  const target = document.createElement('div');
  document.body.appendChild(target);
  const start = performance.now();
  // No stylesheet list: paged.js then takes the document's own <style> (its @page rules included) through its polisher.
  const flow = await new Paged.Previewer().preview(template.content.cloneNode(true) as DocumentFragment, undefined, target);
  return { pages: flow.total, ms: performance.now() - start };
}

/** In the page: Vivliostyle's CoreViewer rendering every page of /book.html (its default options). */
async function vivliostyleInPage(): Promise<PeerRun> {
  interface Viewer {
    readyState: string;
    addListener(type: string, listener: (payload: { content?: unknown }) => void): void;
    loadDocument(doc: { url: string }): void;
  }
  const v = (window as unknown as { vivliostyle: { CoreViewer: new (settings: { viewportElement: HTMLElement }, options: Record<string, unknown>) => Viewer } }).vivliostyle;
  // The same faces paged.js gets, loaded before the clock starts, as for paged.js and for us.
  const face = (family: string, style: string, weight: string, file: string) => new FontFace(family, `url(/fonts/${file})`, { style, weight });
  const faces = [
    face('Bench Garamond', 'normal', '400', 'eb-garamond/EBGaramond_400Regular.ttf'),
    face('Bench Garamond', 'italic', '400', 'eb-garamond/EBGaramond_400Regular_Italic.ttf'),
    face('Bench Garamond', 'normal', '700', 'eb-garamond/EBGaramond_700Bold.ttf'),
    face('Bench Sans', 'normal', '700', 'open-sans/OpenSans_700Bold.ttf'),
  ];
  for (const f of faces) document.fonts.add(await f.load());
  const viewer = new v.CoreViewer({ viewportElement: document.getElementById('viewport')! }, { renderAllPages: true, autoResize: false });
  const start = performance.now();
  // Vivliostyle reports problems it recovers from (an unsupported property) as 'error' events and
  // goes on, so they are counted, not fatal.
  let problems = 0;
  return new Promise<PeerRun>((resolve) => {
    viewer.addListener('error', () => void problems++);
    viewer.addListener('readystatechange', () => {
      if (viewer.readyState === 'complete') resolve({ pages: document.querySelectorAll('[data-vivliostyle-page-container]').length, ms: performance.now() - start, problems });
    });
    viewer.loadDocument({ url: '/book.html' });
  });
}
