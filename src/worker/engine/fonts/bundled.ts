/**
 * The faces bundled with the app (platform-notes §12: complete per-style TTF files from npm,
 * OFL-1.1). `file` is the path inside node_modules; the worker turns it into a hashed asset URL
 * (host/assets.ts) and Node tests read it from disk. Loading order = registry order.
 */
export interface BundledFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  file: string;
}

export const BUNDLED_FACES: readonly BundledFace[] = [
  { family: 'EB Garamond', weight: 400, style: 'normal', file: '@expo-google-fonts/eb-garamond/400Regular/EBGaramond_400Regular.ttf' },
  { family: 'EB Garamond', weight: 400, style: 'italic', file: '@expo-google-fonts/eb-garamond/400Regular_Italic/EBGaramond_400Regular_Italic.ttf' },
  { family: 'EB Garamond', weight: 700, style: 'normal', file: '@expo-google-fonts/eb-garamond/700Bold/EBGaramond_700Bold.ttf' },
  { family: 'EB Garamond', weight: 700, style: 'italic', file: '@expo-google-fonts/eb-garamond/700Bold_Italic/EBGaramond_700Bold_Italic.ttf' },
  { family: 'Open Sans', weight: 400, style: 'normal', file: '@expo-google-fonts/open-sans/400Regular/OpenSans_400Regular.ttf' },
  { family: 'Open Sans', weight: 400, style: 'italic', file: '@expo-google-fonts/open-sans/400Regular_Italic/OpenSans_400Regular_Italic.ttf' },
  { family: 'Open Sans', weight: 600, style: 'normal', file: '@expo-google-fonts/open-sans/600SemiBold/OpenSans_600SemiBold.ttf' },
  { family: 'Open Sans', weight: 700, style: 'normal', file: '@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf' },
  { family: 'Open Sans', weight: 700, style: 'italic', file: '@expo-google-fonts/open-sans/700Bold_Italic/OpenSans_700Bold_Italic.ttf' },
  // codeStyle.fontFamily default (configuration.md §13.3).
  { family: 'Source Code Pro', weight: 400, style: 'normal', file: '@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf' },
  { family: 'Source Code Pro', weight: 700, style: 'normal', file: '@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf' },
];
