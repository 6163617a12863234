import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { STARTUP_FACES } from '../../src/worker/engine/fonts/bundled';
import { BookHost, type HostEnvironment } from '../../src/worker/host/book-host';
import type { LibraryEnvironment } from '../../src/worker/host/library';
import { BookClient, type WorkerHandle } from '../../src/worker/protocol/client';

const require = createRequire(import.meta.url);

/**
 * The host's environment in Node: fonts from node_modules, presets from a folder or a map.
 * `library` adds book storage (fake-indexeddb in tests) and other LibraryEnvironment options.
 */
export function nodeEnvironment(presets: Record<string, string | Uint8Array> | string = 'public/presets', library: Partial<LibraryEnvironment> = {}): HostEnvironment {
  return {
    ...library,
    now: () => performance.now(),
    async loadFonts() {
      return Promise.all(
        STARTUP_FACES.map(async (f) => ({ family: f.family, weight: f.weight, style: f.style, genre: f.genre, bytes: new Uint8Array(await readFile(require.resolve(f.file))) })),
      );
    },
    async loadShaperWasm() {
      return new Uint8Array(await readFile(require.resolve('harfbuzzjs/dist/harfbuzz.wasm')));
    },
    async loadBundledFace(f) {
      return { family: f.family, weight: f.weight, style: f.style, genre: f.genre, bytes: new Uint8Array(await readFile(require.resolve(f.file))) };
    },
    async loadPatterns(id) {
      try {
        return new Uint8Array(await readFile(`node_modules/hyphenopoly/patterns/${id}.wasm`));
      } catch {
        return undefined;
      }
    },
    async loadSubsetWasm() {
      return new Uint8Array(await readFile(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
    },
    async loadResvgWasm() {
      return new Uint8Array(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    },
    presets: {
      async readText(path) {
        if (typeof presets !== 'string') {
          const file = presets[path];
          return file === undefined ? null : typeof file === 'string' ? file : new TextDecoder().decode(file);
        }
        try {
          return await readFile(`${presets}/${path}`, 'utf8');
        } catch {
          return null;
        }
      },
      async readBytes(path) {
        if (typeof presets !== 'string') {
          const file = presets[path];
          return file === undefined ? null : typeof file === 'string' ? new TextEncoder().encode(file) : file;
        }
        try {
          return new Uint8Array(await readFile(`${presets}/${path}`));
        } catch {
          return null;
        }
      },
    },
  };
}

/** A tiny in-memory preset source: one book with the given chapters. */
export function presetFiles(chapters: string[], id = 'test-book'): Record<string, string> {
  return {
    'index.json': JSON.stringify({ version: 1, presets: [{ id, dir: id, name: 'Test Book', default: true }] }),
    [`${id}/preset.json`]: JSON.stringify({
      version: 2,
      id,
      name: 'Test Book',
      locale: 'en',
      chapters: chapters.map((_, i) => ({ title: '', file: `chapters/${i + 1}.md` })),
      config: {},
    }),
    ...Object.fromEntries(chapters.map((text, i) => [`${id}/chapters/${i + 1}.md`, text])),
  };
}

/**
 * A host behind a real message port (no Worker): the same Comlink transport and structured
 * cloning as in the browser. `terminate` closes the port as a dead worker would.
 */
export function loopbackClient(env: HostEnvironment): { client: BookClient; hosts: BookHost[] } {
  const hosts: BookHost[] = [];
  const client = new BookClient(
    (): WorkerHandle => {
      const channel = new MessageChannel();
      const host = new BookHost(env);
      hosts.push(host);
      Comlink.expose(host, channel.port1 as unknown as Comlink.Endpoint);
      return {
        endpoint: channel.port2 as unknown as Comlink.Endpoint,
        terminate: () => {
          channel.port1.close();
          channel.port2.close();
        },
        onCrash: () => undefined,
      };
    },
    { pingIntervalMs: 50, pingTimeoutMs: 200 },
  );
  return { client, hosts };
}
