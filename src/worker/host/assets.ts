/**
 * Asset URLs for the worker: Vite turns each `?url` import into a hashed file in dist/assets
 * that the PWA precaches. Keep in step with engine/fonts/bundled.ts (a unit test checks it).
 */
import ebGaramond400 from '@expo-google-fonts/eb-garamond/400Regular/EBGaramond_400Regular.ttf?url';
import ebGaramond400i from '@expo-google-fonts/eb-garamond/400Regular_Italic/EBGaramond_400Regular_Italic.ttf?url';
import ebGaramond700 from '@expo-google-fonts/eb-garamond/700Bold/EBGaramond_700Bold.ttf?url';
import ebGaramond700i from '@expo-google-fonts/eb-garamond/700Bold_Italic/EBGaramond_700Bold_Italic.ttf?url';
import openSans400 from '@expo-google-fonts/open-sans/400Regular/OpenSans_400Regular.ttf?url';
import openSans400i from '@expo-google-fonts/open-sans/400Regular_Italic/OpenSans_400Regular_Italic.ttf?url';
import openSans600 from '@expo-google-fonts/open-sans/600SemiBold/OpenSans_600SemiBold.ttf?url';
import openSans700 from '@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf?url';
import openSans700i from '@expo-google-fonts/open-sans/700Bold_Italic/OpenSans_700Bold_Italic.ttf?url';
import sourceCodePro400 from '@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf?url';
import sourceCodePro700 from '@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf?url';
// On-demand faces (fonts/bundled.ts `onDemand`): hashed assets fetched only when a book needs them.
import notoSansHebrew400 from '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf?url';
import notoSansHebrew700 from '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf?url';
import amiri400 from '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf?url';
import amiri400i from '@expo-google-fonts/amiri/400Regular_Italic/Amiri_400Regular_Italic.ttf?url';
import amiri700 from '@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf?url';
import amiri700i from '@expo-google-fonts/amiri/700Bold_Italic/Amiri_700Bold_Italic.ttf?url';
import notoSansArabic400 from '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf?url';
import notoSansArabic600 from '@expo-google-fonts/noto-sans-arabic/600SemiBold/NotoSansArabic_600SemiBold.ttf?url';
import notoSansArabic700 from '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf?url';
import notoSerifSc400 from '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf?url';
import notoSerifSc700 from '@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf?url';
import notoSansSc400 from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import notoSansSc700 from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';

export const FONT_URLS: Readonly<Record<string, string>> = {
  '@expo-google-fonts/eb-garamond/400Regular/EBGaramond_400Regular.ttf': ebGaramond400,
  '@expo-google-fonts/eb-garamond/400Regular_Italic/EBGaramond_400Regular_Italic.ttf': ebGaramond400i,
  '@expo-google-fonts/eb-garamond/700Bold/EBGaramond_700Bold.ttf': ebGaramond700,
  '@expo-google-fonts/eb-garamond/700Bold_Italic/EBGaramond_700Bold_Italic.ttf': ebGaramond700i,
  '@expo-google-fonts/open-sans/400Regular/OpenSans_400Regular.ttf': openSans400,
  '@expo-google-fonts/open-sans/400Regular_Italic/OpenSans_400Regular_Italic.ttf': openSans400i,
  '@expo-google-fonts/open-sans/600SemiBold/OpenSans_600SemiBold.ttf': openSans600,
  '@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf': openSans700,
  '@expo-google-fonts/open-sans/700Bold_Italic/OpenSans_700Bold_Italic.ttf': openSans700i,
  '@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf': sourceCodePro400,
  '@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf': sourceCodePro700,
  '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf': notoSansHebrew400,
  '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf': notoSansHebrew700,
  '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf': amiri400,
  '@expo-google-fonts/amiri/400Regular_Italic/Amiri_400Regular_Italic.ttf': amiri400i,
  '@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf': amiri700,
  '@expo-google-fonts/amiri/700Bold_Italic/Amiri_700Bold_Italic.ttf': amiri700i,
  '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf': notoSansArabic400,
  '@expo-google-fonts/noto-sans-arabic/600SemiBold/NotoSansArabic_600SemiBold.ttf': notoSansArabic600,
  '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf': notoSansArabic700,
  '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf': notoSerifSc400,
  '@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf': notoSerifSc700,
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf': notoSansSc400,
  '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf': notoSansSc700,
};

/**
 * Hyphenation patterns by hyphenopoly id (`en-us`, `de`, …): every language hyphenopoly ships,
 * so a book in any of them hyphenates with its own patterns. Fetched only when a book needs one.
 */
export const PATTERN_URLS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(import.meta.glob('/node_modules/hyphenopoly/patterns/*.wasm', { query: '?url', import: 'default', eager: true }) as Record<string, string>).map(
    ([path, url]) => [path.replace(/^.*\/([^/]+)\.wasm$/, '$1'), url],
  ),
);

/**
 * HarfBuzz's shaper, the same file harfbuzzjs loads for itself: the engine's shaper runs its own
 * instance of it (engine/fonts/shaper.ts). One asset, so the second fetch is the cache's.
 */
export { default as SHAPER_WASM_URL } from 'harfbuzzjs/dist/harfbuzz.wasm?url';

/** HarfBuzz's subsetter (harfbuzzjs ships it beside the shaper): PDF export embeds font subsets. */
export { default as SUBSET_WASM_URL } from 'harfbuzzjs/dist/harfbuzz-subset.wasm?url';

/** resvg's wasm (host/svg-raster.ts): SVG drawings outside the vector subset rendered to PNG. */
export { default as RESVG_WASM_URL } from '@resvg/resvg-wasm/index_bg.wasm?url';
