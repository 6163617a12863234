/**
 * The PDF's print and viewer options read from the book's effective configuration:
 * `pdfGeneration.outlines`, `page.cutLines.*` (bleed, crop marks), `page.binding`,
 * `page.margins.mirror` (spreads) and `diagramStyle.singleInk` (configuration.md §2, §12.5, §16.2). Lengths are converted to pt with the configuration's units.
 */
import { effectiveAt, isRtlLocale, lengthAtPt, resolveConfig, type StoredConfig } from '../../config';
import type { CutLines } from './sheet';

export interface PdfPrintOptions {
  outlines: boolean;
  cutLines: CutLines | null;
  binding: 'left' | 'right';
  /** Facing pages (`page.margins.mirror`): the viewer shows spreads and the printer prints both sides. */
  facing: boolean;
  /** `diagramStyle.singleInk`: drawings are recoloured in the display list, so print masters are not used. */
  singleInk: boolean;
}

/** 1 mm in pt. */
const MM = 72 / 25.4;

export function pdfOptionsFromConfig(stored: StoredConfig, language: string): PdfPrintOptions {
  const effective = resolveConfig(stored);
  const at = (path: string) => effectiveAt(stored, path);
  const length = (path: string, fallback: number): number => {
    const value = lengthAtPt(effective, stored, path);
    return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const cutEnabled = at('page.cutLines.enabled') === true || at('page.cutLines') === true;
  const cutLines: CutLines | null = cutEnabled
    ? {
        // Defaults of configuration.md §2: 3 mm bleed, 3 mm offset, 5 mm marks, 0.25 pt lines.
        bleed: length('page.cutLines.bleed', 3 * MM),
        markOffset: length('page.cutLines.markOffset', 3 * MM),
        markLength: length('page.cutLines.markLength', 5 * MM),
        markWidth: length('page.cutLines.markWidth', 0.25),
      }
    : null;
  const binding = at('page.binding');
  const direction = at('direction');
  // `auto`: right-bound for vertical text and right-to-left languages (configuration.md §2).
  const right =
    binding === 'right' ||
    (binding !== 'left' && (at('layout.writingMode') === 'vertical-rl' || direction === 'rtl' || (direction !== 'ltr' && isRtlLocale(language))));
  return {
    outlines: at('pdfGeneration.outlines') !== false,
    cutLines,
    binding: right ? 'right' : 'left',
    facing: at('page.margins.mirror') === true,
    singleInk: at('diagramStyle.singleInk') === true,
  };
}
