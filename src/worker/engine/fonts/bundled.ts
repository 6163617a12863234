import type { FontGenre } from './registry';

/**
 * The faces bundled with the app (platform-notes §12: complete per-style TTF files from npm,
 * OFL-1.1). `file` is the path inside node_modules; the worker turns it into a hashed asset URL
 * (host/assets.ts) and Node tests read it from disk. Loading order = registry order.
 *
 * `onDemand` faces are not loaded with the app: the host loads one when a book names its family
 * or has text in a script (`covers`) that no loaded face maps (fonts/demand.ts). The CJK faces
 * are 10–15 MB each, so they are also kept out of the PWA precache until first used.
 */
export interface BundledFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  file: string;
  genre: FontGenre;
  onDemand?: true;
  /** Scripts this face is the bundled fallback for (script classes of text/script.ts). */
  covers?: readonly ('Arab' | 'Hebr' | 'Hani' | 'Hang')[];
}

const expo = (pkg: string, file: string): string => `@expo-google-fonts/${pkg}/${file.split('_').slice(1).join('_').replace(/\.ttf$/, '')}/${file}`;

export const BUNDLED_FACES: readonly BundledFace[] = [
  { family: 'EB Garamond', weight: 400, style: 'normal', genre: 'serif', file: '@expo-google-fonts/eb-garamond/400Regular/EBGaramond_400Regular.ttf' },
  { family: 'EB Garamond', weight: 400, style: 'italic', genre: 'serif', file: '@expo-google-fonts/eb-garamond/400Regular_Italic/EBGaramond_400Regular_Italic.ttf' },
  { family: 'EB Garamond', weight: 700, style: 'normal', genre: 'serif', file: '@expo-google-fonts/eb-garamond/700Bold/EBGaramond_700Bold.ttf' },
  { family: 'EB Garamond', weight: 700, style: 'italic', genre: 'serif', file: '@expo-google-fonts/eb-garamond/700Bold_Italic/EBGaramond_700Bold_Italic.ttf' },
  { family: 'Open Sans', weight: 400, style: 'normal', genre: 'sans', file: '@expo-google-fonts/open-sans/400Regular/OpenSans_400Regular.ttf' },
  { family: 'Open Sans', weight: 400, style: 'italic', genre: 'sans', file: '@expo-google-fonts/open-sans/400Regular_Italic/OpenSans_400Regular_Italic.ttf' },
  { family: 'Open Sans', weight: 600, style: 'normal', genre: 'sans', file: '@expo-google-fonts/open-sans/600SemiBold/OpenSans_600SemiBold.ttf' },
  { family: 'Open Sans', weight: 700, style: 'normal', genre: 'sans', file: '@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf' },
  { family: 'Open Sans', weight: 700, style: 'italic', genre: 'sans', file: '@expo-google-fonts/open-sans/700Bold_Italic/OpenSans_700Bold_Italic.ttf' },
  // codeStyle.fontFamily default (configuration.md §13.3).
  { family: 'Source Code Pro', weight: 400, style: 'normal', genre: 'mono', file: '@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf' },
  { family: 'Source Code Pro', weight: 700, style: 'normal', genre: 'mono', file: '@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf' },
  // Hebrew (48 KB a face): small enough to load with the app.
  { family: 'Noto Sans Hebrew', weight: 400, style: 'normal', genre: 'sans', covers: ['Hebr'], file: expo('noto-sans-hebrew', 'NotoSansHebrew_400Regular.ttf') },
  { family: 'Noto Sans Hebrew', weight: 700, style: 'normal', genre: 'sans', covers: ['Hebr'], file: expo('noto-sans-hebrew', 'NotoSansHebrew_700Bold.ttf') },
  // Arabic (≈ 0.2–0.4 MB a face): Amiri (naskh, serif text) and Noto Sans Arabic (headings).
  { family: 'Amiri', weight: 400, style: 'normal', genre: 'serif', onDemand: true, covers: ['Arab'], file: expo('amiri', 'Amiri_400Regular.ttf') },
  { family: 'Amiri', weight: 400, style: 'italic', genre: 'serif', onDemand: true, file: expo('amiri', 'Amiri_400Regular_Italic.ttf') },
  { family: 'Amiri', weight: 700, style: 'normal', genre: 'serif', onDemand: true, covers: ['Arab'], file: expo('amiri', 'Amiri_700Bold.ttf') },
  { family: 'Amiri', weight: 700, style: 'italic', genre: 'serif', onDemand: true, file: expo('amiri', 'Amiri_700Bold_Italic.ttf') },
  { family: 'Noto Sans Arabic', weight: 400, style: 'normal', genre: 'sans', onDemand: true, covers: ['Arab'], file: expo('noto-sans-arabic', 'NotoSansArabic_400Regular.ttf') },
  { family: 'Noto Sans Arabic', weight: 600, style: 'normal', genre: 'sans', onDemand: true, file: expo('noto-sans-arabic', 'NotoSansArabic_600SemiBold.ttf') },
  { family: 'Noto Sans Arabic', weight: 700, style: 'normal', genre: 'sans', onDemand: true, covers: ['Arab'], file: expo('noto-sans-arabic', 'NotoSansArabic_700Bold.ttf') },
  // Simplified Chinese (10–15 MB a face, Japanese kana and Hangul syllables included).
  { family: 'Noto Serif SC', weight: 400, style: 'normal', genre: 'serif', onDemand: true, covers: ['Hani'], file: expo('noto-serif-sc', 'NotoSerifSC_400Regular.ttf') },
  { family: 'Noto Serif SC', weight: 700, style: 'normal', genre: 'serif', onDemand: true, file: expo('noto-serif-sc', 'NotoSerifSC_700Bold.ttf') },
  { family: 'Noto Sans SC', weight: 400, style: 'normal', genre: 'sans', onDemand: true, covers: ['Hani', 'Hang'], file: expo('noto-sans-sc', 'NotoSansSC_400Regular.ttf') },
  { family: 'Noto Sans SC', weight: 700, style: 'normal', genre: 'sans', onDemand: true, file: expo('noto-sans-sc', 'NotoSansSC_700Bold.ttf') },
];

/** The faces loaded with the app, before any book is known. */
export const STARTUP_FACES: readonly BundledFace[] = BUNDLED_FACES.filter((face) => !face.onDemand);
