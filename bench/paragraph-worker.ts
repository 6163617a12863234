/**
 * Bench-only Web Worker entry (never part of the app bundle: bench/paragraph-browser.ts bundles
 * it on its own and serves it to Chromium). It fetches the startup faces and the en-us patterns —
 * outside every timing, as the book worker has them once it has started — and runs issue 5's
 * measurement (bench/paragraph-speed-core.ts) in the worker, then posts the figures back.
 */
import { z } from 'zod';
import { FontRegistry } from '../src/worker/engine/fonts/registry';
import { Shaper } from '../src/worker/engine/fonts/shaper';
import { measureParagraphSettingOn, type ParagraphFigures } from './paragraph-speed-core';

const request = z.object({
  faces: z.array(z.object({ family: z.string(), weight: z.number(), style: z.enum(['normal', 'italic']), genre: z.enum(['serif', 'sans', 'mono']), url: z.string() })).min(1),
  /** URL of hyphenopoly's en-us.wasm. */
  patternsUrl: z.string(),
  /** URL of harfbuzzjs's harfbuzz.wasm, for the shaper's own instance. */
  shaperUrl: z.string(),
  words: z.number().int().positive(),
  repeats: z.number().int().positive(),
  seed: z.number().int(),
});
export type ParagraphWorkerRequest = z.infer<typeof request>;
/** `ready` first (the module has evaluated, HarfBuzz included), then the figures or an error. */
export type ParagraphWorkerReply = { ready: true } | { figures: ParagraphFigures; userAgent: string } | { error: string };

const reply = (message: ParagraphWorkerReply): void => (globalThis as unknown as { postMessage(m: unknown): void }).postMessage(message);

async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

globalThis.addEventListener('message', (event: Event) => {
  void (async () => {
    try {
      const parsed = request.safeParse((event as MessageEvent).data);
      if (!parsed.success) throw new Error(`send { faces: [{ family, weight, style, genre, url }], patternsUrl, shaperUrl, words, repeats, seed }: ${parsed.error.message}`);
      const { faces, patternsUrl, shaperUrl, words, repeats, seed } = parsed.data;
      const files = await Promise.all(faces.map(async (face) => ({ ...face, bytes: await bytesOf(face.url) })));
      const patterns = await bytesOf(patternsUrl);
      const shaper = await Shaper.load(await bytesOf(shaperUrl));
      const fonts = (): FontRegistry => {
        const registry = new FontRegistry(shaper);
        for (const { family, weight, style, genre, bytes } of files) registry.add({ family, weight, style, genre, bytes });
        return registry;
      };
      const figures = measureParagraphSettingOn({ fonts, loadPatterns: (id) => (id === 'en-us' ? patterns : undefined) }, words, repeats, seed);
      reply({ figures, userAgent: navigator.userAgent });
    } catch (error) {
      reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});

// A module worker's messages posted before its (top-level awaiting) imports have evaluated are
// not delivered to a listener added afterwards: the page waits for this before sending its request.
reply({ ready: true });
