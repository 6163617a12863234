import { defineConfig } from '@playwright/test';

/** Browser tests drive Debian's Chromium; no browser is ever downloaded. */
// Not 4173, so a running `npm start` does not collide. Chosen once per run (workers inherit the
// environment of the process that loaded this config), so two runs side by side do not clash.
process.env['POSTEXT_TEST_PORT'] ??= String(4174 + (process.pid % 500));
const PORT = Number(process.env['POSTEXT_TEST_PORT']);

export default defineConfig({
  testDir: 'tests/browser',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // --bypass-lock: Vite 8 refuses a second preview of one project; `npm start` may be running.
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --bypass-lock`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
