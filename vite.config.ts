import { defineConfig } from 'vitest/config';
import solid from 'vite-plugin-solid';

// One config for the app build (Vite) and the Node unit tests (Vitest).
export default defineConfig({
  plugins: [solid()],
  // Module workers: harfbuzzjs initialises with top-level await, which needs ES-format workers.
  worker: { format: 'es' },
  // Pre-bundling rewrites `new URL('x.wasm', import.meta.url)` inside these packages and breaks them.
  optimizeDeps: { exclude: ['harfbuzzjs', 'hyphenopoly'] },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2048 },
  server: { host: '127.0.0.1', port: 4173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
