/**
 * Setting search (`sandbox_find_setting`, Design panel "Search settings…", tools.md §3.2/§7.8): words → paths with
 * effective values and the section they live in. Accent-insensitive, matches word starts in labels, help text,
 * option names, key names and section titles; `h3` opens Headings › H3.
 */
import type { JsonValue, StoredConfig } from './types';
import { ROOT } from './catalogue';
import { enumerateLeaves, resolveConfig } from './model';
import { SECTIONS, patternOf, settingInfo } from './sections';
import type { SectionInfo } from './sections';
import { humanize } from './sections';

export interface FoundSetting {
  path: string;
  effective: JsonValue | null;
  label: string;
  section: string;
}

export interface FindSettingResult {
  ok: true;
  paths: FoundSetting[];
  sections: SectionInfo[];
}

/** Lower case, accents removed. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of a text, camelCase split (`firstLineIndent` → first, line, indent). */
function words(s: string): string[] {
  return fold(s.replace(/([a-z0-9])([A-Z])/g, '$1 $2')).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

interface Entry {
  path: string;
  effective: JsonValue | undefined;
  label: string;
  section: SectionInfo;
  fields: { w: string[]; weight: number }[];
  level?: number;
  priority?: 'C' | 'M' | 'A';
}

const staticWords = new Map<string, { label: string; section: SectionInfo; fields: { w: string[]; weight: number }[]; priority?: 'C' | 'M' | 'A' }>();

function entries(stored: StoredConfig): Entry[] {
  const eff = resolveConfig(stored);
  return enumerateLeaves(ROOT, '', eff).map((leaf) => {
    const pattern = patternOf(leaf.path);
    let st = staticWords.get(pattern);
    if (!st) {
      const info = settingInfo(leaf.path);
      const section = info?.section ?? SECTIONS.legacy;
      const label = info?.label ?? humanize(leaf.path.split('.').pop() ?? leaf.path);
      const keyWords = pattern.replace(/\[[^\]]*\]/g, ' ').split('.').flatMap(words);
      const opts = (leaf.node.options ?? []).map(String).flatMap(words);
      st = {
        label,
        section,
        fields: [
          { w: words(label), weight: 5 },
          { w: keyWords, weight: 3 },
          { w: words(section.section), weight: 2 },
          { w: opts, weight: 2 },
          { w: words(leaf.node.meta.help), weight: 1 },
        ],
      };
      if (info?.priority) st.priority = info.priority;
      staticWords.set(pattern, st);
    }
    const level = /^headings\.levels\[level=(\d)\]/.exec(leaf.path)?.[1];
    const e: Entry = { path: leaf.path, effective: leaf.effective, label: st.label, section: st.section, fields: st.fields };
    if (level) e.level = Number(level);
    if (st.priority) e.priority = st.priority;
    return e;
  });
}

/** Finds settings by words. Every query word must match the start of some word of the entry. */
export function findSetting(stored: StoredConfig, query: string, limit = 20): FindSettingResult {
  const q = words(query);
  if (q.length === 0) return { ok: true, paths: [], sections: [] };
  const scored: { e: Entry; score: number }[] = [];
  for (const e of entries(stored)) {
    let total = 0;
    let all = true;
    for (const t of q) {
      const h = /^h([1-6])$/.exec(t);
      if (h) {
        if (e.level === Number(h[1])) {
          total += 6;
          continue;
        }
        all = false;
        break;
      }
      let best = 0;
      for (const f of e.fields) {
        for (const w of f.w) {
          if (w === t) best = Math.max(best, f.weight + 1);
          else if (w.startsWith(t)) best = Math.max(best, f.weight);
        }
      }
      if (best === 0) {
        all = false;
        break;
      }
      total += best;
    }
    if (all) scored.push({ e, score: total + (e.priority === 'C' ? 1 : e.priority === 'M' ? 0.5 : 0) - e.path.length / 1000 });
  }
  scored.sort((a, b) => b.score - a.score || a.e.path.localeCompare(b.e.path));
  const top = scored.slice(0, Math.max(1, limit));
  const sections: SectionInfo[] = [];
  for (const { e } of top) if (!sections.includes(e.section)) sections.push(e.section);
  return {
    ok: true,
    paths: top.map(({ e }) => ({ path: e.path, effective: e.effective ?? null, label: e.label, section: e.section.section })),
    sections,
  };
}
