/**
 * Issue 5's figure inside a real Web Worker in Debian Chromium (`chromiumWorker.paragraphs100kWords`
 * in the bench JSON, next to the Node figure): bench/paragraph-worker.ts is bundled on its own
 * (Rolldown, for the browser; never part of the app build), served with HarfBuzz's wasm, the
 * startup faces and the en-us patterns from a throwaway local HTTP server, and run in a module
 * worker of a blank page. Measured, never asserted.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { STARTUP_FACES } from '../src/worker/engine/fonts/bundled';
import type { ParagraphFigures } from './paragraph-speed-core';
import type { ParagraphWorkerReply, ParagraphWorkerRequest } from './paragraph-worker';

export type WorkerParagraphFigures = { chromium: string; figures: ParagraphFigures } | { error: string };

const require = createRequire(import.meta.url);

/** Bundles the worker entry into `folder` (worker.js + harfbuzz.wasm next to it, where harfbuzzjs looks). */
async function bundleWorker(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const { build } = await import('rolldown');
  // `module` is only imported by harfbuzzjs's Node branch, never taken in a worker.
  await build({ input: 'bench/paragraph-worker.ts', platform: 'browser', external: ['module'], output: { file: join(folder, 'worker.js'), format: 'esm' }, logLevel: 'warn' });
  copyFileSync(require.resolve('harfbuzzjs/dist/harfbuzz.wasm'), join(folder, 'harfbuzz.wasm'));
}

/** Serves the bundle, the startup faces (`/font/<i>`) and the en-us patterns. */
function serve(folder: string): Promise<Server> {
  const files = new Map<string, { path: string; type: string }>([
    ['/worker.js', { path: join(folder, 'worker.js'), type: 'text/javascript' }],
    ['/harfbuzz.wasm', { path: join(folder, 'harfbuzz.wasm'), type: 'application/wasm' }],
    ['/patterns/en-us.wasm', { path: require.resolve('hyphenopoly/patterns/en-us.wasm'), type: 'application/wasm' }],
    ...STARTUP_FACES.map((face, i) => [`/font/${i}`, { path: require.resolve(face.file), type: 'font/ttf' }] as const),
  ]);
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    if (url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>paragraph bench</title>');
      return;
    }
    const file = files.get(url);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type }).end(readFileSync(file.path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function measureParagraphSettingInWorker(words = 100_000, repeats = 3, seed = 20261203, timeoutMs = 600_000): Promise<WorkerParagraphFigures> {
  const folder = join('node_modules', '.cache', 'postext-bench', 'paragraph-worker');
  await bundleWorker(folder);
  const server = await serve(folder);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await page.goto(`${base}/`);
    const message: ParagraphWorkerRequest = {
      faces: STARTUP_FACES.map((face, i) => ({ family: face.family, weight: face.weight, style: face.style, genre: face.genre ?? 'serif', url: `${base}/font/${i}` })),
      patternsUrl: `${base}/patterns/en-us.wasm`,
      shaperUrl: `${base}/harfbuzz.wasm`,
      words,
      repeats,
      seed,
    };
    const answer = await page.evaluate(
      ({ message, timeoutMs }) =>
        new Promise<ParagraphWorkerReply>((resolve) => {
          const worker = new Worker('/worker.js', { type: 'module' });
          const timer = setTimeout(() => resolve({ error: `no answer from the worker in ${timeoutMs} ms` }), timeoutMs);
          worker.onmessage = (event: MessageEvent<ParagraphWorkerReply>) => {
            if ('ready' in event.data) {
              worker.postMessage(message);
              return;
            }
            clearTimeout(timer);
            worker.terminate();
            resolve(event.data);
          };
          worker.onerror = (event: ErrorEvent) => {
            clearTimeout(timer);
            resolve({ error: `worker failed: ${event.message}` });
          };
        }),
      { message, timeoutMs },
    );
    if ('error' in answer) return answer;
    if ('ready' in answer) return { error: 'the worker answered nothing but ready' };
    return { chromium: browser.version(), figures: answer.figures };
  } finally {
    await browser.close();
    server.close();
  }
}
