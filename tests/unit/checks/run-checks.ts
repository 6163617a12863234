/**
 * Runs the checks on a small book the way the worker does after convergence: parse (cached),
 * settings from the stored configuration, layout with the bundled fonts and en-us hyphenation,
 * then `computeWarnings` over the result.
 */
import { readFileSync } from 'node:fs';
import type { StoredConfig } from '../../../src/worker/config';
import type { Diagnostic } from '../../../src/worker/engine/parse/model';
import { createHyphenator, EngineCache, layoutBook, parseCached, prepareResources, type BookLayout } from '../../../src/worker/engine';
import { readBitmapInfo } from '../../../src/worker/engine/resources/picture-info';
import type { ResourceRecordInput } from '../../../src/worker/engine/resources/model';
import { computeWarnings, type CheckResource, type Warning, type WarningFilter } from '../../../src/worker/engine/checks';
import { bookFormulas } from '../../../src/worker/engine/math/book';
import { mathDiagnostics } from '../../../src/worker/engine/math/diagnostics';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import type { MathTypesetter } from '../../../src/worker/engine/math/types';
import { settingsFromConfig } from '../../../src/worker/engine/settings-from-config';
import { nodeFontRegistry } from '../../support/node-world';

const fonts = nodeFontRegistry();
const hyphenators = new Map<string, ReturnType<typeof createHyphenator>>();

function hyphenatorFor(id: string) {
  let h = hyphenators.get(id);
  if (!h) {
    h = createHyphenator({ languages: [...new Set([id, 'en-us'])], loadPatterns: (pid) => new Uint8Array(readFileSync(`node_modules/hyphenopoly/patterns/${pid}.wasm`)) });
    hyphenators.set(id, h);
  }
  return h;
}

export interface CheckBook {
  chapters: { id: string; title?: string; source: string }[];
  config?: StoredConfig;
  resources?: CheckResource[];
  /** Base64 bytes of resources (bitmaps, SVG), by id: laid out like the host does. */
  payloads?: Record<string, string>;
  /** Hyphenation patterns id (default en-us); null for none. */
  patterns?: string | null;
  /**
   * Extra faces: a copy of a bundled face (`copyOf` family, regular) under another family name,
   * with its `OS/2.fsType` licence bits set to `fsType` — as a user's font file would carry them.
   */
  faces?: { family: string; copyOf: string; fsType: number; custom?: boolean }[];
}

/** The shared registry, or one with the book's extra faces added. */
function registryFor(book: CheckBook): typeof fonts {
  if (!book.faces?.length) return fonts;
  const registry = nodeFontRegistry();
  for (const extra of book.faces) {
    const base = registry.match(extra.copyOf, 400, 'normal');
    const bytes = base.bytes.slice();
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < view.getUint16(4); i++) {
      const record = 12 + i * 16;
      if (String.fromCharCode(...bytes.subarray(record, record + 4)) === 'OS/2') view.setUint16(view.getUint32(record + 8) + 8, extra.fsType);
    }
    // `custom`: one of the book's own families, as the host registers them (engine/fonts/custom.ts).
    if (extra.custom) registry.setCustomFaces([...registry.customFaces().map((f) => ({ family: f.family, weight: f.weight, style: f.style, bytes: f.bytes, id: f.id })), { family: extra.family, weight: 400, style: 'normal', bytes, id: `custom-fixture-${extra.family}` }]);
    else registry.add({ family: extra.family, weight: 400, style: 'normal', bytes });
  }
  return registry;
}

let mathLoading: Promise<MathTypesetter> | undefined;

/** Like `runChecks`, with the maths typesetter's `invalidMath` diagnostics, as the host passes them. */
export async function runChecksWithMath(book: CheckBook, filter: WarningFilter = {}): Promise<{ warnings: Warning[]; layout: BookLayout }> {
  if (!book.chapters.some((c) => c.source.includes('$'))) return runChecks(book, filter);
  mathLoading ??= createMathTypesetter();
  const math = await mathLoading;
  const cache = new EngineCache();
  const parsed = book.chapters.map((c, i) => parseCached({ id: c.id, title: c.title ?? '', source: c.source }, i === 0, cache, settingsFromConfig(book.config ?? {})));
  await math.prepare(bookFormulas(parsed));
  return runChecks(book, filter, parsed.flatMap((p) => mathDiagnostics(p, math)));
}

export function runChecks(book: CheckBook, filter: WarningFilter = {}, diagnostics: Diagnostic[] = []): { warnings: Warning[]; layout: BookLayout } {
  const config = book.config ?? {};
  const settings = settingsFromConfig(config);
  const cache = new EngineCache();
  const chapters = book.chapters.map((c) => ({ id: c.id, title: c.title ?? '', source: c.source }));
  const patterns = book.patterns === undefined ? 'en-us' : book.patterns;
  const records = book.resources ?? [];
  const bytes = (id: string) => (book.payloads?.[id] ? new Uint8Array(Buffer.from(book.payloads[id]!, 'base64')) : undefined);
  const resourceSet = records.length > 0 ? prepareResources(records.map((r) => ({ record: { typeId: 'figure', ...r } as ResourceRecordInput, payload: bytes(r.id) })), config) : undefined;
  // As the host passes them: pixel sizes of bitmaps and the resource layout's problem, if any.
  const resources = records.map((r) => {
    const info = bytes(r.id) ? readBitmapInfo(bytes(r.id)!) : null;
    const problem = resourceSet?.resources.get(r.id)?.problem;
    const record = problem !== undefined ? { ...r, problem } : r;
    return info ? { ...record, pixels: { width: info.width, height: info.height } } : record;
  });
  const input = { title: 'Checks', chapters, settings, hyphenator: patterns ? hyphenatorFor(patterns) : undefined, resources: resourceSet };
  const registry = registryFor(book);
  const gen = layoutBook(input, registry, cache);
  let step = gen.next();
  while (!step.done) step = gen.next();
  const layout = step.value;
  const parsed = chapters.map((c, i) => parseCached(c, i === 0, cache, settings));
  const warnings = computeWarnings({ chapters, parsed, config, settings, resources, layout, fonts: registry, diagnostics }, filter);
  return { warnings, layout };
}
