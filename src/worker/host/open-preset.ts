/**
 * Opens a sample book from the presets directory (bundle-format.md §2–§4). Minimal reader for
 * the Foundation; the Books issue replaces it with the full bundle module (src/worker/bundle).
 */
import { z } from 'zod';
import { loadConfig } from '../config';
import type { BookState } from '../document/book';

/** Reads a file under the presets root (`/presets/` in the app); null when missing. */
export interface PresetReader {
  readText(path: string): Promise<string | null>;
}

const IndexSchema = z.object({
  version: z.literal(1),
  presets: z.array(z.object({ id: z.string(), dir: z.string(), name: z.string(), default: z.boolean().optional() }).passthrough()),
});

const ChapterList = z.array(z.object({ title: z.string().default(''), file: z.string() }).passthrough());
const ManifestSchema = z
  .object({
    version: z.union([z.literal(1), z.literal(2)]),
    id: z.string(),
    name: z.string(),
    locale: z.string().optional(),
    chapters: z.union([ChapterList, z.record(z.string(), ChapterList)]).optional(),
    markdown: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
    config: z.record(z.string(), z.unknown()).optional(),
    configVersion: z.number().optional(),
    localized: z.record(z.string(), z.object({ config: z.record(z.string(), z.unknown()).optional() }).passthrough()).optional(),
  })
  .passthrough();

export async function listPresets(reader: PresetReader): Promise<z.infer<typeof IndexSchema>['presets']> {
  const text = await reader.readText('index.json');
  if (text === null) return [];
  try {
    const parsed = IndexSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.presets : [];
  } catch {
    return []; // a malformed index means no presets, never an error (bundle-format §2)
  }
}

export async function loadPreset(reader: PresetReader, presetId: string, locale?: string): Promise<BookState> {
  const entry = (await listPresets(reader)).find((p) => p.id === presetId);
  if (!entry) throw new Error(`No sample book has the id "${presetId}".`);
  const manifestText = await reader.readText(`${entry.dir}/preset.json`);
  if (manifestText === null) throw new Error(`The sample book "${presetId}" has no preset.json.`);
  const manifest = ManifestSchema.parse(JSON.parse(manifestText));
  const chosen = pickLocale(manifest, locale);
  const chapters = [];
  for (const [i, ref] of chosen.list.entries()) {
    const text = await reader.readText(`${entry.dir}/${ref.file}`);
    if (text === null) throw new Error(`The sample book "${presetId}" names a missing chapter file: ${ref.file}.`);
    chapters.push({ id: `ch${i + 1}`, title: ref.title, text });
  }
  // The chosen edition's `localized` config is merged over the shared one (bundle-format §10),
  // then read once with the configVersion pins and stripped of defaults (configuration.md §19).
  const localized = manifest.localized?.[chosen.locale]?.config ?? {};
  const raw = { ...(manifest.config ?? {}), ...localized };
  const content = chapters.map((c) => c.text).join('\n');
  const { config } = loadConfig(raw, { ...(manifest.configVersion !== undefined ? { configVersion: manifest.configVersion } : {}), content });
  return { id: manifest.id, name: manifest.name, locale: chosen.locale, chapters, config, resources: [] };
}

/** Exact tag, then same language, then the preset's locale, then the first entry (§4.2, simplified). */
function pickLocale(manifest: z.infer<typeof ManifestSchema>, requested?: string): { locale: string; list: { title: string; file: string }[] } {
  const fallback = manifest.locale ?? 'en';
  if (manifest.chapters && Array.isArray(manifest.chapters)) return { locale: fallback, list: manifest.chapters };
  if (typeof manifest.markdown === 'string') return { locale: fallback, list: [{ title: '', file: manifest.markdown }] };
  const map: Record<string, { title: string; file: string }[]> = manifest.chapters && !Array.isArray(manifest.chapters)
    ? manifest.chapters
    : Object.fromEntries(Object.entries(manifest.markdown ?? {}).map(([k, file]) => [k, [{ title: '', file }]]));
  const keys = Object.keys(map);
  if (keys.length === 0) throw new Error(`The sample book "${manifest.id}" lists no chapters.`);
  const lower = (s: string) => s.toLowerCase();
  const want = requested ? lower(requested) : lower(fallback);
  const key =
    keys.find((k) => lower(k) === want) ??
    keys.find((k) => lower(k).split('-')[0] === want.split('-')[0]) ??
    keys.find((k) => lower(k) === lower(fallback)) ??
    keys[0]!;
  return { locale: key, list: map[key]! };
}
