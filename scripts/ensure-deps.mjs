// Installs the npm dependencies when they are missing or older than package-lock.json,
// so `npm start` and `npm test` work from a fresh clone. Uses only Node built-ins.
//
// Two commands started together in one checkout (say `npm test` and `npm run bench`) must not
// run `npm ci` at the same time: the second would delete node_modules under the first. A lock
// directory serialises them; whoever waited re-checks, and usually finds nothing left to do.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const lock = '.install.lock';
/** A lock older than this was left by a killed install, ms (npm ci here takes about 3 min). */
const STALE_LOCK_MS = 15 * 60 * 1000;
/** How often a waiting command looks at the lock again, ms. */
const POLL_MS = 1000;

const stale = () => !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function acquire() {
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // The other install finished between the two calls: try again.
      }
      if (!told) console.log('Waiting for another install in this checkout to finish…');
      told = true;
      sleep(POLL_MS);
    }
  }
}

if (stale()) {
  acquire();
  try {
    if (stale()) {
      console.log('Installing dependencies (npm ci)…');
      // Browsers are never downloaded: the tests drive Debian's /usr/bin/chromium.
      execSync('npm ci --no-audit --no-fund', {
        stdio: 'inherit',
        env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
      });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
