/**
 * Display-list colours (`#rgb`, `#rrggbb`, `#rrggbbaa`) as PDF DeviceRGB operands. The PDF is
 * RGB (configuration.md §16.2: colour-space forcing comes later); alpha goes to an ExtGState.
 */
import { num } from './numbers';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0–1. */
  a: number;
}

/** Parses a colour; anything unreadable (or `transparent`) gives null: paint nothing. */
export function parseColour(colour: string | undefined): Rgba | null {
  if (!colour) return null;
  const hex = /^#([0-9a-f]+)$/i.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 || hex.length === 4 ? [...hex].map((c) => c + c).join('') : hex;
  if (full.length !== 6 && full.length !== 8) return null;
  const channel = (i: number) => parseInt(full.slice(i, i + 2), 16) / 255;
  return { r: channel(0), g: channel(2), b: channel(4), a: full.length === 8 ? channel(6) : 1 };
}

/** `r g b` operands (append `rg` for fill, `RG` for stroke). */
export function rgbOperands(colour: Rgba): string {
  return `${num(colour.r)} ${num(colour.g)} ${num(colour.b)}`;
}
