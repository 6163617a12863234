/**
 * Which on-demand bundled faces a book needs (fonts/bundled.ts): the faces of the families its
 * design names, at the weights and styles it sets them in, and a fallback face for every script
 * in its text that no loaded face maps. Pure: the host loads what this returns, then lays out.
 */
import type { LayoutSettings } from '../settings';
import { scriptOf } from '../text/script';
import { BUNDLED_FACES, type BundledFace } from './bundled';
import type { FontGenre, FontRegistry } from './registry';

export type Wanted = { family: string; weight: number; style: 'normal' | 'italic' };

/** The (family, weight, style) triples the design sets text in. */
function designFaces(settings: LayoutSettings): Wanted[] {
  const body = settings.body.style;
  const wanted: Wanted[] = [];
  for (const style of ['normal', 'italic'] as const) {
    wanted.push({ family: body.family, weight: body.weight, style }, { family: body.family, weight: settings.body.boldWeight, style });
  }
  wanted.push({ family: settings.headings.family, weight: settings.headings.weight, style: 'normal' });
  // A heading level's or style's own face (configuration.md §8.2, §13.6; page/heading-look.ts).
  for (const own of [...settings.headings.levels, ...Object.values(settings.headingStyles)]) {
    if (own.family === undefined && own.weight === undefined && own.italic === undefined) continue;
    wanted.push({ family: own.family ?? settings.headings.family, weight: own.weight ?? settings.headings.weight, style: own.italic ? 'italic' : 'normal' });
  }
  wanted.push({ family: settings.furniture.style.family, weight: settings.furniture.style.weight, style: 'normal' });
  wanted.push({ family: settings.code.family, weight: 400, style: 'normal' });
  return wanted;
}

/** CSS-style pick among bundled faces of one family (same rule as FontRegistry.match). */
function bestBundled(family: string, weight: number, style: 'normal' | 'italic'): BundledFace | undefined {
  const pool = BUNDLED_FACES.filter((f) => f.family.toLowerCase() === family.toLowerCase());
  if (pool.length === 0) return undefined;
  const sameStyle = pool.filter((f) => f.style === style);
  const styled = sameStyle.length > 0 ? sameStyle : pool;
  let best = styled[0]!;
  let bestScore = Infinity;
  for (const face of styled) {
    const distance = face.weight - weight;
    const wrongWay = weight >= 400 ? distance < 0 : distance > 0;
    const score = Math.abs(distance) + (wrongWay ? 1000 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = face;
    }
  }
  return best;
}

/** Script classes with an on-demand fallback face. */
type DemandScript = 'Arab' | 'Hebr' | 'Hani' | 'Hang';

const SAMPLES_PER_SCRIPT = 64;
/** The samples of each text of the last call, by text (only the texts of that call are kept). */
let lastSamples: Map<string, Map<DemandScript, Set<number>>> | null = null;

/**
 * Code points of the text in scripts that have bundled fallback faces, at most `perScript` of
 * each (enough to tell whether the loaded faces map them, without keeping a whole book's worth).
 */
function scriptSamples(texts: readonly string[], perScript = SAMPLES_PER_SCRIPT): Map<DemandScript, Set<number>> {
  const samples = new Map<DemandScript, Set<number>>();
  const memo = new Map<string, Map<DemandScript, Set<number>>>();
  for (const text of texts) {
    // Each text's own samples (its first `perScript` distinct code points per script) merged in
    // order give exactly the samples of the whole: a later text can only add code points its own
    // first `perScript` hold. A build follows every edit and leaves every other chapter's text
    // as it was, so those are remembered from the last call instead of read again.
    const own = (perScript === SAMPLES_PER_SCRIPT ? lastSamples?.get(text) : undefined) ?? textSamples(text, perScript);
    memo.set(text, own);
    for (const [script, codePoints] of own) {
      let set = samples.get(script);
      if (!set) samples.set(script, (set = new Set()));
      for (const cp of codePoints) if (set.size < perScript) set.add(cp);
    }
  }
  if (perScript === SAMPLES_PER_SCRIPT) lastSamples = memo;
  return samples;
}

/** A unit past Armenian: where a Latin, Greek, Cyrillic or Armenian stretch ends. */
const PAST_STARTUP_SCRIPTS = /[^\u0000-\u058f]/g;

function textSamples(text: string, perScript: number): Map<DemandScript, Set<number>> {
  const samples = new Map<DemandScript, Set<number>>();
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x0590) {
      // Latin, Greek, Cyrillic, Armenian: the startup faces' business. The stretch is skipped by the
      // regular expression engine, ~4x quicker than this loop over its units: a loop over every unit
      // of a 300-page English book was 12 ms of opening it (a trace of the bench, load ~5).
      PAST_STARTUP_SCRIPTS.lastIndex = i;
      const next = PAST_STARTUP_SCRIPTS.exec(text);
      if (next === null) break;
      i = next.index - 1;
      continue;
    }
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    const script = scriptOf(cp);
    if (script !== 'Arab' && script !== 'Hebr' && script !== 'Hani' && script !== 'Hang') continue;
    let set = samples.get(script);
    if (!set) samples.set(script, (set = new Set()));
    if (set.size < perScript) set.add(cp);
  }
  return samples;
}

/**
 * The on-demand faces to load before laying out a book: those of the families its design names
 * and, for each script in its text that no loaded face maps, the bundled fallback in the genre of
 * the body face (a serif book gets Amiri / Noto Serif SC, a sans one Noto Sans …).
 */
export function facesToLoad(settings: LayoutSettings, texts: readonly string[], fonts: FontRegistry): BundledFace[] {
  const loaded = new Set(fonts.all().map((f) => `${f.family.toLowerCase()}|${f.weight}|${f.style}`));
  const out = new Map<string, BundledFace>();
  const want = (face: BundledFace | undefined): void => {
    if (!face?.onDemand) return;
    const key = `${face.family.toLowerCase()}|${face.weight}|${face.style}`;
    if (!loaded.has(key)) out.set(key, face);
  };
  for (const w of designFaces(settings)) want(bestBundled(w.family, w.weight, w.style));

  const bodyGenre: FontGenre = fonts.all().find((f) => f.family.toLowerCase() === settings.body.style.family.toLowerCase())?.genre
    ?? BUNDLED_FACES.find((f) => f.family.toLowerCase() === settings.body.style.family.toLowerCase())?.genre
    ?? 'serif';
  const pending = [...out.values()];
  for (const [script, codePoints] of scriptSamples(texts)) {
    const mapped = [...codePoints].every((cp) => fonts.all().some((f) => f.hasCodePoint(cp)));
    if (mapped) continue;
    // A face already chosen for the design that is this script's fallback covers it too.
    if (pending.some((f) => f.covers?.includes(script))) continue;
    const candidates = BUNDLED_FACES.filter((f) => f.covers?.includes(script) && f.weight === 400 && f.style === 'normal');
    want(candidates.find((f) => f.genre === bodyGenre) ?? candidates[0]);
  }
  return [...out.values()];
}

/**
 * The faces the design names whose family is neither bundled nor loaded (the book's own or
 * downloaded before): candidates for the open font catalogue (tools.md §7.7, configuration.md
 * §15.2 "custom → Google Fonts"). One entry per family, weight and style, in design order.
 */
export function catalogueFacesWanted(settings: LayoutSettings, fonts: FontRegistry): Wanted[] {
  const out = new Map<string, Wanted>();
  for (const wanted of designFaces(settings)) {
    const family = wanted.family.trim();
    if (family === '' || BUNDLED_FACES.some((f) => f.family.toLowerCase() === family.toLowerCase())) continue;
    if (fonts.all().some((f) => f.family.toLowerCase() === family.toLowerCase() && f.weight === wanted.weight && f.style === wanted.style)) continue;
    // A family the book brings itself is never downloaded, whatever weights it lacks.
    if (fonts.customFaces().some((f) => f.family.toLowerCase() === family.toLowerCase())) continue;
    out.set(`${family.toLowerCase()}|${wanted.weight}|${wanted.style}`, { ...wanted, family });
  }
  return [...out.values()];
}
