/**
 * Fonts shipped in a preset (bundle-format §7): stored under ids derived from the preset id and
 * the file path, appended to the opened book's `customFonts` (never taken from the manifest's own
 * `config.customFonts`), used by the engine when the design names the family, and kept with the
 * sample's draft once it is edited.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openBookStorage } from '../../../src/storage';
import { customFamiliesOf } from '../../../src/worker/engine/fonts/custom';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import type { WorkerEvent } from '../../../src/worker/protocol/messages';
import { nodeEnvironment } from '../../support/node-host';

const require = createRequire(import.meta.url);
const fontFile = (path: string): Uint8Array => new Uint8Array(readFileSync(require.resolve(path)));
/** Real faces of a family no default design uses, shipped under another family name. */
const REGULAR = fontFile('@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf');
const BOLD = fontFile('@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf');

/** An in-memory preset source: one book whose manifest ships the "Harbour Mono" family. */
function presetWithFonts(bodyFamily: string): Record<string, string | Uint8Array> {
  return {
    'index.json': JSON.stringify({ version: 1, presets: [{ id: 'fonted', dir: 'fonted', name: 'Fonted', default: true }] }),
    'fonted/preset.json': JSON.stringify({
      version: 2,
      id: 'fonted',
      name: 'Fonted',
      locale: 'en',
      configVersion: 11,
      chapters: [{ title: '', file: 'chapters/01.md' }],
      // A writer must never put customFonts in the config: a reader ignores this entry.
      config: { bodyText: { fontFamily: bodyFamily }, customFonts: [{ name: 'Smuggled', variants: [{ weight: 400, style: 'normal', fileId: 'font:elsewhere', format: 'ttf' }] }] },
      fonts: [
        {
          name: 'Harbour Mono',
          variants: [
            { weight: 400, style: 'normal', file: 'fonts/HarbourMono-Regular.ttf' },
            { weight: 700, style: 'normal', file: 'fonts/HarbourMono-Bold.ttf' },
            // Skipped by the reader: WOFF cannot be embedded in a PDF.
            { weight: 400, style: 'italic', file: 'fonts/HarbourMono-Italic.woff' },
          ],
        },
      ],
    }),
    'fonted/chapters/01.md': '# Harbour\n\nThe quick brown fox jumps over the lazy dog, and **the bold one** follows it.\n',
    'fonted/fonts/HarbourMono-Regular.ttf': REGULAR,
    'fonted/fonts/HarbourMono-Bold.ttf': BOLD,
    'fonted/fonts/HarbourMono-Italic.woff': new Uint8Array([0x77, 0x4f, 0x46, 0x46]),
  };
}

/** Ids of the faces body lines are set in, over every page. */
async function bodyFaces(host: BookHost): Promise<Set<string>> {
  const { pages } = await host.getPages();
  const lists = await Promise.all(pages.map((p) => host.getDisplayList(p.index)));
  const out = new Set<string>();
  for (const page of lists as (PageDisplayList | null)[]) for (const item of page?.items ?? []) if (item.op === Op.GlyphRun && item.line?.role === 'body') out.add(item.font);
  return out;
}

describe('preset fonts → customFonts (bundle-format §7)', () => {
  it('appends the shipped family to the opened book’s customFonts with preset-derived file ids; the body set in it uses its faces', async () => {
    const host = new BookHost(nodeEnvironment(presetWithFonts('Harbour Mono')));
    const events: WorkerEvent[] = [];
    await host.subscribe((event) => events.push(event));
    const opened = await host.openPreset({ presetId: 'fonted' });
    // The skipped .woff face is told (a notice), not silently dropped.
    const notices = events.filter((e): e is Extract<WorkerEvent, { type: 'notice' }> => e.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 'info', code: 'preset-repaired' });
    expect(notices[0]!.text).toMatch(/HarbourMono-Italic\.woff/);
    await host.awaitConvergence(opened.revision);
    const book = await host.getBook();
    expect(customFamiliesOf(book.config)).toEqual([
      {
        name: 'Harbour Mono',
        variants: [
          { weight: 400, style: 'normal', fileId: 'font:fonted:fonts/HarbourMono-Regular.ttf', format: 'ttf', fileName: 'HarbourMono-Regular.ttf' },
          { weight: 700, style: 'normal', fileId: 'font:fonted:fonts/HarbourMono-Bold.ttf', format: 'ttf', fileName: 'HarbourMono-Bold.ttf' },
        ],
      },
    ]);
    // The effective configuration (what tools and the Design panel read) says the same.
    const answer = (await host.getConfig('customFonts')) as { ok: boolean; effective: { name: string }[] };
    expect(answer.ok).toBe(true);
    expect(answer.effective.map((f) => f.name)).toEqual(['Harbour Mono']);
    // The engine sets the body in the shipped faces: regular and, for the bold words, bold.
    const faces = [...(await bodyFaces(host))];
    expect(faces.some((id) => id.startsWith('custom-harbour-mono-400-'))).toBe(true);
    expect(faces.some((id) => id.startsWith('custom-harbour-mono-700-'))).toBe(true);
    expect(faces.every((id) => id.startsWith('custom-harbour-mono-'))).toBe(true);
  });

  it('a shipped family the design does not name is listed but sets nothing', async () => {
    const host = new BookHost(nodeEnvironment(presetWithFonts('EB Garamond')));
    const opened = await host.openPreset({ presetId: 'fonted' });
    await host.awaitConvergence(opened.revision);
    expect(customFamiliesOf((await host.getBook()).config).map((f) => f.name)).toEqual(['Harbour Mono']);
    expect([...(await bodyFaces(host))].some((id) => id.startsWith('custom-'))).toBe(false);
  });

  it('the files are stored with the sample’s draft once it is edited, and come back in use on reopening', async () => {
    const factory = new IDBFactory();
    const environment = () =>
      nodeEnvironment(presetWithFonts('Harbour Mono'), { openStorage: () => openBookStorage({ name: 'preset-fonts', indexedDB: factory, IDBKeyRange }), saveDelayMs: 5, clock: () => 1_700_000_000_000 });
    const host = new BookHost(environment());
    const opened = await host.openPreset({ presetId: 'fonted' });
    const edit = await host.apply({ origin: 'ui', baseRevision: opened.revision, ops: [{ type: 'text', chapterId: opened.chapters[0]!.id, from: 0, to: 0, insert: 'Edited. ' }] });
    expect(edit.ok).toBe(true);
    await host.flush();

    const storage = await openBookStorage({ name: 'preset-fonts', indexedDB: factory, IDBKeyRange });
    const draft = await storage.loadDraft('fonted', 'en');
    expect(draft?.fonts.map((f) => [f.id, f.family, f.weight, f.style, f.bytes.byteLength])).toEqual([
      ['font:fonted:fonts/HarbourMono-Regular.ttf', 'Harbour Mono', 400, 'normal', REGULAR.byteLength],
      ['font:fonted:fonts/HarbourMono-Bold.ttf', 'Harbour Mono', 700, 'normal', BOLD.byteLength],
    ]);

    const again = new BookHost(environment());
    const reopened = await again.openPreset({ presetId: 'fonted' });
    expect(reopened.chapters[0]!.text.startsWith('Edited. ')).toBe(true);
    await again.awaitConvergence(reopened.revision);
    expect(customFamiliesOf((await again.getBook()).config).map((f) => f.name)).toEqual(['Harbour Mono']);
    expect([...(await bodyFaces(again))].some((id) => id.startsWith('custom-harbour-mono-400-'))).toBe(true);
  });
});
