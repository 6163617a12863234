/**
 * Checks an uploaded font file before it joins a book (tools.md sandbox_save_font, §7.7): the
 * container is recognised (WOFF2, WOFF, TTF, OTF), unpacks to SFNT, and HarfBuzz reads glyphs and
 * a character map from it. Also says what the file declares about itself, so the Fonts panel can
 * prefill weight and style (OS/2 table first, the file name otherwise).
 */
import * as hb from 'harfbuzzjs';
import { familyFromFileName, guessFromFileName, readSfntInfo, type FontStyle } from './custom';
import { fontFormatOf, toSfnt, type FontFileFormat } from './sfnt';

export type FontFileReport =
  | {
      ok: true;
      format: FontFileFormat;
      /** The SFNT bytes HarfBuzz reads (the file itself for TTF/OTF). */
      sfnt: Uint8Array;
      /** The family the file names (name table), else one guessed from the file name. */
      family: string;
      weight: number;
      style: FontStyle;
      /** Where weight and style came from. */
      guessedFrom: 'file' | 'fileName' | 'default';
      glyphs: number;
      /** Characters the face maps. */
      characters: number;
    }
  | { ok: false; error: string };

export async function inspectFontFile(bytes: Uint8Array, fileName = ''): Promise<FontFileReport> {
  const label = fileName ? `“${fileName}”` : 'The file';
  const format = fontFormatOf(bytes);
  if (!format) return { ok: false, error: `${label} is not a font file: send a WOFF2, WOFF, TTF or OTF file.` };
  let sfnt: Uint8Array;
  try {
    sfnt = await toSfnt(bytes);
  } catch (error) {
    return { ok: false, error: `${label} could not be unpacked (${error instanceof Error ? error.message : String(error)}).` };
  }
  let characters = 0;
  let upem = 0;
  try {
    const face = new hb.Face(new hb.Blob(sfnt), 0);
    upem = face.upem;
    characters = face.collectUnicodes().length;
  } catch {
    characters = 0;
  }
  const info = readSfntInfo(sfnt);
  if (characters === 0 || upem < 16 || !info.glyphs) {
    return { ok: false, error: `${label} does not read as a font (no glyphs or no character map): send an undamaged WOFF2, WOFF, TTF or OTF file.` };
  }
  const byName = guessFromFileName(fileName);
  const fromFile = info.weight !== undefined;
  const weight = info.weight ?? byName.weight ?? 400;
  const style: FontStyle = info.italic === true ? 'italic' : fromFile ? 'normal' : (byName.style ?? 'normal');
  return {
    ok: true,
    format,
    sfnt,
    family: info.family ?? familyFromFileName(fileName),
    weight,
    style,
    guessedFrom: fromFile ? 'file' : byName.weight !== undefined || byName.style !== undefined ? 'fileName' : 'default',
    glyphs: info.glyphs,
    characters,
  };
}
