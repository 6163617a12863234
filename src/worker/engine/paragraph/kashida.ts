/**
 * Where a word may be elongated by kashida (tatweel) in justified Arabic text
 * (configuration.md §6.3 `bodyText.kashida`, `kashidaPatterns`, `kashidaPerWord`).
 *
 * A site is a join between two letters — the first joins forward, the second backward, nothing
 * but marks between them (a zero-width non-joiner breaks the join) — on a glyph boundary (not
 * inside a ligature), in a right-to-left piece whose face has a tatweel glyph. Author-typed
 * tatweels count as the word's elongation already: such words get none. A word takes its
 * `perWord` best sites; which sites are best is the pattern:
 *
 * - `naskh`: the traditional order of naskh setting, best first — (1) after an initial or medial
 *   letter of the sīn family (س ش ص ض: the teeth's baseline stroke); (2) before a final hāʾ, tāʾ
 *   marbūṭa or dāl (ه ة د ذ); (3) before a final alif, ṭāʾ, ẓāʾ, lām, kāf or gāf; (4) before a medial
 *   letter of the bāʾ family that comes before a final rāʾ, zāy, yāʾ or alif maqṣūra (بر, ني);
 *   (5) before a final wāw, ʿayn, ghayn, qāf or fāʾ; (6) before any other final letter. "Final" is
 *   the letter's final form: it joins backward and not forward (the end of a word or of a joined
 *   group). Medial joins other than (1) and (4) are never stretched. Ties go to the site nearest
 *   the word's end.
 * - `simple`: every join alike, the last of the word first (the stroke before its last joined
 *   letter) — what geometric and kufi-like faces, whose joins are all straight baseline strokes,
 *   take anywhere.
 * - `nastaliq`: none. Nastaʿlīq letters join along a descending diagonal, not on a baseline, so a
 *   flat tatweel breaks the word's cascade; nastaʿlīq faces lengthen by alternate letter forms
 *   (the bari ye's tail, the kāf's stroke), which HarfBuzz does not choose for us. Lines justify by
 *   their word spaces.
 * - `auto` ("from font"): `nastaliq` for a face whose family names Nastaliq/Nastaleeq, `simple` for
 *   a sans or kufi face (Noto Sans Arabic), else `naskh` (Amiri and other naskh text faces).
 */
import type { FontFace } from '../fonts/registry';
import type { ShapedPiece } from './items';

export type KashidaPattern = 'auto' | 'naskh' | 'simple' | 'nastaliq';

/** A place inside a word where a tatweel may be drawn: between glyph `glyph − 1` and `glyph` of a piece. */
export interface KashidaSite {
  /** Index of the piece in its word's box. */
  piece: number;
  /** Visual glyph index the elongation goes before (the letter it extends is at this index). */
  glyph: number;
  /** The face's tatweel (U+0640) glyph and its advance, font units. */
  tatweel: number;
  advance: number;
}

/**
 * Arabic letters that join only to the letter before them (Unicode Joining_Type R) or not at all
 * (hamza): no elongation may follow them.
 */
const NON_LEFT_JOINING = new Set(Array.from('\u0621\u0622\u0623\u0624\u0625\u0627\u0629\u062f\u0630\u0631\u0632\u0648\u0671\u0672\u0673\u0675\u0676\u0677\u0688\u0689\u068a\u068b\u068c\u068d\u068e\u068f\u0690\u0691\u0692\u0693\u0694\u0695\u0696\u0697\u0698\u0699\u06c0\u06c3\u06c4\u06c5\u06c6\u06c7\u06c8\u06c9\u06ca\u06cb\u06cd\u06cf\u06d2\u06d3\u06ee\u06ef').map((c) => c.codePointAt(0)!));
/** Hamza on the line (Joining_Type U): joins on neither side. */
const HAMZA = 0x0621;
const ZWNJ = 0x200c;

const SEEN_FAMILY = new Set(Array.from('سشصض').map((c) => c.codePointAt(0)!));
const FINAL_HEH_DAL = new Set(Array.from('هةدذۀە').map((c) => c.codePointAt(0)!));
const FINAL_ALEF_TAH_LAM_KAF = new Set(Array.from('اأإآٱطظلكگک').map((c) => c.codePointAt(0)!));
const BEH_FAMILY = new Set(Array.from('بتثنيئپٹی').map((c) => c.codePointAt(0)!));
const FINAL_REH_YEH = new Set(Array.from('رزژيىی').map((c) => c.codePointAt(0)!));
const FINAL_WAW_AIN_QAF = new Set(Array.from('وؤعغقف').map((c) => c.codePointAt(0)!));

function isArabicLetter(cp: number): boolean {
  return (cp >= 0x0620 && cp <= 0x064a) || (cp >= 0x066e && cp <= 0x06d3) || cp === 0x06d5 || (cp >= 0x06fa && cp <= 0x06fc) || cp === 0x06ff;
}

/** The pattern a face sets by under `auto` (see the module comment). */
export function facePattern(face: FontFace): Exclude<KashidaPattern, 'auto'> {
  if (/nasta(?:li|lee)q/i.test(face.family)) return 'nastaliq';
  if (face.genre === 'sans' || /kufi/i.test(face.family)) return 'simple';
  return 'naskh';
}

/**
 * Rank of the join between letters `k` and `k + 1` of `letters` (indices in `text`, which join)
 * under the naskh order, 1 (best) to 6; 0 = not a naskh site.
 */
function naskhRank(text: string, letters: readonly number[], k: number): number {
  const at = letters[k]!;
  const next = letters[k + 1]!;
  const afterNext = k + 2 < letters.length ? letters[k + 2]! : -1;
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(next);
  if (SEEN_FAMILY.has(a)) return 1;
  // `next` in its final form: it does not join the letter after it.
  if (!joinsNext(text, letters, k + 1)) {
    if (FINAL_HEH_DAL.has(b)) return 2;
    if (FINAL_ALEF_TAH_LAM_KAF.has(b)) return 3;
    if (FINAL_WAW_AIN_QAF.has(b)) return 5;
    return 6;
  }
  // A medial bāʾ-family letter before a final rāʾ/yāʾ: the stroke before it.
  if (BEH_FAMILY.has(b) && afterNext >= 0 && FINAL_REH_YEH.has(text.charCodeAt(afterNext)) && !joinsNext(text, letters, k + 2)) return 4;
  return 0;
}

/** Letter `k` of `letters` (indices in `text`) joins the letter after it. */
function joinsNext(text: string, letters: readonly number[], k: number): boolean {
  return k + 1 < letters.length && joined(text, letters[k]!, letters[k + 1]!);
}

/** Letters `at` and `next` (consecutive letters of `text`) join: `at` forward, `next` backward, no ZWNJ between. */
function joined(text: string, at: number, next: number): boolean {
  if (NON_LEFT_JOINING.has(text.charCodeAt(at)) || text.charCodeAt(next) === HAMZA) return false;
  for (let i = at + 1; i < next; i++) if (text.charCodeAt(i) === ZWNJ) return false;
  return true;
}

/** The sites of a word's pieces, at most `perWord`, best first (see the module comment). */
export function kashidaSites(pieces: readonly ShapedPiece[], perWord: number, pattern: KashidaPattern): KashidaSite[] {
  const sites: KashidaSite[] = [];
  if (perWord <= 0 || pieces.some((p) => p.text.includes('\u0640'))) return sites;
  /** Candidates: piece, letter index, next letter index, rank (lower is better). */
  const candidates: { piece: number; at: number; next: number; rank: number }[] = [];
  for (let p = pieces.length - 1; p >= 0; p--) {
    const piece = pieces[p]!;
    if (piece.level % 2 === 0 || !/[\u0620-\u064a]/.test(piece.text)) continue;
    const resolved = pattern === 'auto' ? facePattern(piece.face) : pattern;
    if (resolved === 'nastaliq') continue;
    // Letters in logical order with their indices, marks skipped.
    const letters: number[] = [];
    for (let i = 0; i < piece.text.length; i++) if (isArabicLetter(piece.text.charCodeAt(i))) letters.push(i);
    for (let k = letters.length - 2; k >= 0; k--) {
      const at = letters[k]!;
      const next = letters[k + 1]!;
      if (!joined(piece.text, at, next)) continue;
      const rank = resolved === 'simple' ? 1 : naskhRank(piece.text, letters, k);
      if (rank > 0) candidates.push({ piece: p, at, next, rank });
    }
  }
  // Best rank first; within a rank, the order met (the word's last join first). A stable sort.
  candidates.sort((x, y) => x.rank - y.rank);
  const tatweels = new Map<number, { glyph: number; advance: number } | null>();
  for (const { piece: p, at, next } of candidates) {
    if (sites.length >= perWord) break;
    const piece = pieces[p]!;
    let tatweel = tatweels.get(p);
    if (tatweel === undefined) {
      const shaped = piece.face.covers('\u0640') ? piece.face.shape('\u0640', 'rtl', '', 'Arab') : null;
      tatweel = shaped && shaped.length === 1 && shaped.glyph(0) !== 0 ? { glyph: shaped.glyph(0), advance: shaped.advance(0) } : null;
      tatweels.set(p, tatweel);
    }
    if (!tatweel) continue;
    // The glyphs of letters after `at` lie left of it: the boundary is the first glyph whose
    // cluster is at or before `at`, with every glyph before it at or after `next`.
    const shaped = piece.shaped;
    let boundary = -1;
    for (let g = 1; g < shaped.length; g++) {
      if (shaped.cluster(g - 1) >= next && shaped.cluster(g) <= at) {
        boundary = g;
        break;
      }
    }
    if (boundary < 0 || sites.some((s) => s.piece === p && s.glyph === boundary)) continue;
    sites.push({ piece: p, glyph: boundary, tatweel: tatweel.glyph, advance: tatweel.advance });
  }
  return sites;
}
