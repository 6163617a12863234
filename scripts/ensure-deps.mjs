// Installs the npm dependencies when they are missing or older than package-lock.json,
// so `npm start` and `npm test` work from a fresh clone. Uses only Node built-ins.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  // Browsers are never downloaded: the tests drive Debian's /usr/bin/chromium.
  execSync('npm ci --no-audit --no-fund', {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}
