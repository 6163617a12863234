/**
 * Families from the open font catalogue (issue 10 item 5): which faces are asked for, under
 * which Fontsource address, how a downloaded face joins the registry (used where named, never a
 * fallback for other families) and that a face is asked for once per session.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/worker/engine';
import type { LayoutSettings } from '../../../src/worker/engine/settings';
import { CatalogueFonts, fontsourceId, fontsourceUrl, type CatalogueFaceRequest } from '../../../src/worker/host/catalogue-fonts';
import { nodeFontRegistry } from '../../support/node-world';

const require = createRequire(import.meta.url);
const FILE = new Uint8Array(readFileSync(require.resolve('@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf')));

function withBody(family: string): LayoutSettings {
  const settings = defaultSettings();
  return { ...settings, body: { ...settings.body, style: { ...settings.body.style, family } } };
}

describe('the open font catalogue', () => {
  it('names faces the way Fontsource does', () => {
    expect(fontsourceId('  Playfair Display SC ')).toBe('playfair-display-sc');
    expect(fontsourceUrl({ family: 'Noto Serif', weight: 700, style: 'italic' })).toBe('https://cdn.jsdelivr.net/fontsource/fonts/noto-serif@latest/latin-700-italic.woff2');
  });

  it('loads the faces a design names that no bundled or own family has, once, and uses them only where named', async () => {
    const fonts = nodeFontRegistry();
    const asked: CatalogueFaceRequest[] = [];
    const catalogue = new CatalogueFonts(async (request) => {
      asked.push(request);
      return request.weight === 400 && request.style === 'normal' ? FILE : undefined;
    });
    const generation = fonts.generation;
    expect(await catalogue.loadFor(fonts, withBody('Lora'))).toBe(true);
    expect(fonts.generation).toBeGreaterThan(generation);
    // Body regular, italic and the bold weight in both styles; bundled heading/code families are not asked for.
    expect(asked.every((r) => r.family === 'Lora')).toBe(true);
    expect(new Set(asked.map((r) => `${r.weight} ${r.style}`)).size).toBe(asked.length);
    expect(asked).toContainEqual({ family: 'Lora', weight: 400, style: 'normal' });
    expect(fonts.match('Lora', 400, 'normal').id).toBe('lora-400');
    // Asked once: a second build asks for nothing (the missing faces are not retried either).
    const count = asked.length;
    expect(await catalogue.loadFor(fonts, withBody('Lora'))).toBe(false);
    expect(asked).toHaveLength(count);
    // Never a fallback for another family's missing characters, nor the stand-in for an unknown family.
    const garamond = fonts.match('EB Garamond', 400, 'normal');
    expect(fonts.fallbackChain(garamond).some((f) => f.family === 'Lora')).toBe(false);
    expect(fonts.match('Nowhere Grotesk', 400, 'normal').family).not.toBe('Lora');
  });

  it('asks for nothing when every family is bundled, and nothing changes when the catalogue has no such family', async () => {
    const fonts = nodeFontRegistry();
    const asked: CatalogueFaceRequest[] = [];
    const catalogue = new CatalogueFonts(async (request) => {
      asked.push(request);
      return undefined;
    });
    expect(await catalogue.loadFor(fonts, defaultSettings())).toBe(false);
    expect(asked).toEqual([]);
    const generation = fonts.generation;
    expect(await catalogue.loadFor(fonts, withBody('Nowhere Grotesk'))).toBe(false);
    expect(asked.length).toBeGreaterThan(0);
    expect(fonts.generation).toBe(generation);
    expect(fonts.hasFamily('Nowhere Grotesk')).toBe(false);
  });
});
