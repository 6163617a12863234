/**
 * Font checks (configuration.md §15.2 "Missing-font warnings"): a family named by a setting the
 * layout applies that the book's fonts lack; text asking for a weight or style its family does
 * not have (`fontFallback`: another face of the family stands in); characters no glyph exists
 * for in the face that sets them. Styles are computed by the text engine's own `collectInlines`,
 * so the checks see exactly the faces layout asks for.
 */
import type { FontRegistry } from '../fonts/registry';
import { headingStyle } from '../page/paginate';
import { collectInlines, styledOffset, type InlineContext } from '../paragraph/collect';
import type { Block, ParsedChapter } from '../parse/model';
import { codeLineStarts } from '../parse/indented-code';
import { memoPerObject } from './memo';
import type { TextStyle } from '../settings';
import { checkedSettingsKey, type CheckContext } from './input';
import { warning, type Warning } from './model';

/** Generated texts do not matter here (their offsets are negative and skipped). */
const NO_CONTEXT: InlineContext = { footnoteMark: () => '1', refText: () => '?' };

interface StyledPiece {
  text: string;
  offsets: readonly number[];
  style: TextStyle;
}

export function fontWarnings(ctx: CheckContext): Warning[] {
  if (!ctx.options.toggles.missingFont) return [];
  const { settings, fonts } = ctx;
  const out: Warning[] = [];
  const families: [string, string][] = [
    ['bodyText.fontFamily', settings.body.style.family],
    ['headings.fontFamily', settings.headings.family],
    ['codeStyle.fontFamily', settings.code.family],
    // A heading level's or style's own face (configuration.md §8.2, §13.6; page/heading-look.ts).
    ...settings.headings.levels.flatMap((level, i): [string, string][] => (level.family ? [[`headings.levels[level=${i + 1}].fontFamily`, level.family]] : [])),
    ...Object.entries(settings.headingStyles).flatMap(([id, style]): [string, string][] => (style.family ? [[`headingStyles[id=${id}].fontFamily`, style.family]] : [])),
    // The ruby readings' own face (configuration.md §14.1 cjk.ruby.fontFamily; paragraph/ruby-measure.ts).
    ...(settings.ruby?.family ? [['cjk.ruby', settings.ruby.family] as [string, string]] : []),
  ];
  const missingFamilies = new Set<string>();
  for (const [path, family] of families) {
    if (hasFamily(fonts, family)) continue;
    missingFamilies.add(family.toLowerCase());
    const standIn = fonts.match(family, 400, 'normal').family;
    out.push(warning('unknownFontFamily', `The book has no font “${family}” (${path}); its text is set in ${standIn}. Add the family's files or pick a family the book has.`, { path }));
  }

  out.push(...customVariantWarnings(fonts, families));

  const chainOf = clusterFallback(fonts);
  // Per parsed chapter (the same object while the chapter is unchanged), design and fonts.
  const key = `${checkedSettingsKey(ctx)}|${(fonts as { generation?: number }).generation ?? 0}|${[...missingFamilies].join(',')}`;
  for (const chapter of ctx.parsed) out.push(...memoPerObject('fonts', chapter, key, () => chapterFontWarnings(ctx, chapter, missingFamilies, chainOf)));
  return out;
}

/** One chapter's fallbacks (each missing face once per chapter) and missing glyphs. */
function chapterFontWarnings(ctx: CheckContext, chapter: ParsedChapter, missingFamilies: ReadonlySet<string>, chainOf: ReturnType<typeof clusterFallback>): Warning[] {
  const { fonts } = ctx;
  const out: Warning[] = [];
  const fallbacks = new Set<string>();
  {
    const glyphs = new Map<string, { offset: number; count: number; character: string; face: string }>();
    /** Characters set in a fallback face, per (requested face → face used), first offset first. */
    const substituted = new Map<string, { offset: number; characters: Set<string>; requested: string; used: string }>();
    for (const block of chapter.blocks) {
      for (const piece of piecesOf(block, ctx)) {
        const style = piece.style;
        const italic = style.italic ? 'italic' : 'normal';
        const face = fonts.match(style.family, style.weight, italic);
        const first = piece.offsets.find((o) => o >= 0);
        if (first === undefined) continue;
        const requestKey = `${style.family.toLowerCase()}|${style.weight}|${italic}`;
        if (!missingFamilies.has(style.family.toLowerCase()) && (face.weight !== style.weight || face.style !== italic) && !fallbacks.has(requestKey)) {
          fallbacks.add(requestKey);
          out.push(warning('fontFallback', `${style.family} has no ${style.weight} ${italic} face; “${piece.text.slice(0, 30)}” and all such text is set in ${face.family} ${face.weight} ${face.style}.`, { chapterId: chapter.chapterId, offset: first, toOffset: first + piece.text.length }));
        }
        for (let i = 0; i < piece.text.length; i++) {
          const offset = piece.offsets[i]!;
          const code = piece.text.codePointAt(i)!;
          if (code > 0xffff) i++;
          // The common case first: the face has the character.
          if (offset < 0 || face.hasCodePoint(code)) continue;
          const character = String.fromCodePoint(code);
          if (/\s/u.test(character) || isDefaultIgnorable(code)) continue;
          // With per-character fallback in the registry, another face may set it.
          const used = chainOf?.(face, character);
          if (used && used !== face && used.hasCodePoint(code)) {
            const key = `${face.id}|${used.id}`;
            const seen = substituted.get(key);
            if (seen) seen.characters.add(character);
            else substituted.set(key, { offset, characters: new Set([character]), requested: `${face.family} ${face.weight} ${face.style}`, used: `${used.family} ${used.weight} ${used.style}` });
            continue;
          }
          const key = `${face.id}|${character}`;
          const seen = glyphs.get(key);
          if (seen) seen.count++;
          else glyphs.set(key, { offset, count: 1, character, face: `${face.family} ${face.weight} ${face.style}` });
        }
      }
    }
    for (const s of substituted.values()) {
      const list = [...s.characters];
      out.push(warning('fontFallback', `${s.requested} lacks ${list.length} character${list.length > 1 ? 's' : ''} (${list.slice(0, 8).join(' ')}${list.length > 8 ? ' …' : ''}); they are set in ${s.used}.`, { chapterId: chapter.chapterId, offset: s.offset, toOffset: s.offset + list[0]!.length }));
    }
    for (const g of glyphs.values()) {
      const hex = g.character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      out.push(warning('missingGlyph', `${g.face} has no glyph for “${g.character}” (U+${hex}); it prints as an empty box${g.count > 1 ? ` (${g.count} times in this chapter)` : ''}. Use a font that covers it.`, { chapterId: chapter.chapterId, offset: g.offset, toOffset: g.offset + g.character.length }));
    }
  }
  return out;
}

/**
 * The book's own families that a typeface setting names, each lacking some of the four text faces
 * (400/700 × normal/italic): one warning per family, naming what is missing and what stands in.
 */
function customVariantWarnings(fonts: FontRegistry, families: readonly [string, string][]): Warning[] {
  const registry = fonts as FontRegistry & { customFaces?: () => FaceOf[] };
  const custom = typeof registry.customFaces === 'function' ? registry.customFaces() : [];
  const out: Warning[] = [];
  const seen = new Set<string>();
  for (const [path, family] of families) {
    const key = family.toLowerCase();
    const faces = custom.filter((f) => f.family.toLowerCase() === key);
    if (faces.length === 0 || seen.has(key)) continue;
    seen.add(key);
    const missing: string[] = [];
    for (const style of ['normal', 'italic'] as const) {
      for (const weight of [400, 700]) if (!faces.some((f) => f.weight === weight && f.style === style)) missing.push(`${weight} ${style}`);
    }
    if (missing.length === 0) continue;
    const standIn = (label: string): string => {
      const [weight, style] = label.split(' ') as [string, 'normal' | 'italic'];
      const face = fonts.match(family, Number(weight), style);
      return `${face.weight} ${face.style}`;
    };
    out.push(warning('missingFontVariant', `Your font “${faces[0]!.family}” (${path}) has no ${missing.join(', ')} face${missing.length > 1 ? 's' : ''}; text asking for ${missing.length > 1 ? 'them' : 'it'} is set in ${missing.map(standIn).join(', ')}. Add the files in the Fonts panel.`, { path }));
  }
  return out;
}

type FaceOf = ReturnType<FontRegistry['match']>;

/**
 * The registry's per-character fallback (`faceForCluster`), where the text engine has one: the
 * face that really sets a character the requested face lacks. Absent: every such character is
 * drawn as .notdef.
 */
function clusterFallback(fonts: FontRegistry): ((face: FaceOf, cluster: string) => FaceOf) | undefined {
  const registry = fonts as FontRegistry & { faceForCluster?: (face: FaceOf, cluster: string) => FaceOf };
  return typeof registry.faceForCluster === 'function' ? registry.faceForCluster.bind(registry) : undefined;
}

function hasFamily(fonts: FontRegistry, family: string): boolean {
  return fonts.match(family, 400, 'normal').family.toLowerCase() === family.toLowerCase();
}

/** Format and variation characters fonts need not draw (Unicode Default_Ignorable_Code_Point, the common ones). */
function isDefaultIgnorable(code: number): boolean {
  return code === 0xad || (code >= 0x200b && code <= 0x200f) || (code >= 0x2060 && code <= 0x206f) || (code >= 0xfe00 && code <= 0xfe0f) || code === 0xfeff || code === 0x34f;
}

/** The styled texts of a block, as layout sets them (the same styles `paginate` passes). */
function piecesOf(block: Block, ctx: CheckContext): StyledPiece[] {
  const { settings } = ctx;
  const body = settings.body.style;
  // Offsets listed per unit (the paragraph setter keeps a text inline's as its first only).
  const collect = (inlines: Parameters<typeof collectInlines>[0], base: TextStyle): StyledPiece[] =>
    collectInlines(inlines, base, settings, NO_CONTEXT).map((t) => ({ text: t.text, offsets: t.offsets ?? Array.from({ length: t.text.length }, (_, i) => styledOffset(t, i)), style: t.style }));
  switch (block.kind) {
    case 'heading':
      return collect(block.inlines, headingStyle(block, settings));
    case 'paragraph':
    case 'listItem':
      return collect(block.inlines, body);
    case 'blockquote':
      return collect(block.inlines, { ...body, italic: settings.blockquote.italic, colour: settings.blockquote.colour });
    case 'footnoteDefinition':
      return collect(block.inlines, { ...body, size: settings.notes.size });
    case 'verse':
      return block.stanzas.flatMap((stanza) => stanza.flatMap((line) => collect(line.inlines, body)));
    case 'code': {
      const style: TextStyle = { family: settings.code.family, weight: 400, italic: false, size: settings.code.size, colour: body.colour };
      return [{ text: block.text, offsets: codeOffsets(block), style }];
    }
    default:
      return [];
  }
}

/** Source offsets of a code block's verbatim text (lines joined with '\n', as the parser keeps them; each joining '\n' at its line's end). */
function codeOffsets(block: Extract<Block, { kind: 'code' }>): number[] {
  const starts = codeLineStarts(block);
  return block.text.split('\n').flatMap((line, i) => Array.from({ length: line.length + 1 }, (_, k) => starts[i]! + k)).slice(0, block.text.length);
}


