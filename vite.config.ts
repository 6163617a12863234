import { defineConfig } from 'vitest/config';
import solid from 'vite-plugin-solid';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';

/**
 * The app also answers at `/sandbox` and `/{lang}/sandbox` (e.g. `/es/sandbox`): those paths get
 * index.html in dev and preview. (Vite's default `appType: 'spa'` already falls back to
 * index.html for unknown paths; this makes the two routes explicit and independent of it.)
 */
function sandboxRoutes(): Plugin {
  const route = /^\/(?:[a-z]{2}(?:-[A-Za-z]+)?\/)?sandbox\/?(?:[?#].*)?$/;
  const rewrite = (req: { url?: string }) => {
    if (req.url && route.test(req.url)) req.url = '/index.html';
  };
  return {
    name: 'postext-sandbox-routes',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        rewrite(req);
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        rewrite(req);
        next();
      });
    },
  };
}

// One config for the app build (Vite) and the Node unit tests (Vitest).
export default defineConfig({
  plugins: [
    solid(),
    sandboxRoutes(),
    // Offline: precache the app, the worker, wasm, the bundled fonts and the presets, so that
    // after one visit the Sandbox starts and typesets with the network off.
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app once the first book is laid out (src/ui/service-worker.ts), not at `load`.
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Postext Sandbox',
        short_name: 'Postext',
        description: 'Typeset books from enriched Markdown in your browser.',
        theme_color: '#2b4acb',
        background_color: '#fbfaf7',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm,woff2,ttf,otf,svg,png,webmanifest,json,md}'],
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        // CJK faces (10–15 MB each, engine/fonts/bundled.ts `onDemand`) are not precached: the
        // worker fetches one only when a book needs it, and this runtime rule keeps it for offline use.
        globIgnores: ['**/assets/NotoSerifSC_*', '**/assets/NotoSansSC_*'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/Noto(Serif|Sans)SC_[^/]*\.ttf$/,
            handler: 'CacheFirst',
            options: { cacheName: 'postext-cjk-fonts', expiration: { maxEntries: 8 }, cacheableResponse: { statuses: [200] } },
          },
        ],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/presets\//, /^\/assets\//],
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // Module workers: harfbuzzjs initialises with top-level await, which needs ES-format workers.
  worker: { format: 'es' },
  // Pre-bundling rewrites `new URL('x.wasm', import.meta.url)` inside these packages and breaks them.
  optimizeDeps: { exclude: ['harfbuzzjs', 'hyphenopoly'] },
  // POSTEXT_DIST lets two builds (and their `vite preview` for browser tests) live side by side.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2048, outDir: process.env['POSTEXT_DIST'] ?? 'dist' },
  server: { host: '127.0.0.1', port: 4173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
