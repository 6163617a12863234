// Makes sure the system programs the tests drive are present: Debian's Chromium, poppler's
// PDF tools and epubcheck (EPUB validation, run with java -jar). As root they are installed with apt-get; otherwise we say how and stop.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const needs = [
  { path: '/usr/bin/chromium', pkg: 'chromium' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { path: '/usr/bin/pdffonts', pkg: 'poppler-utils' },
  { path: '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
  { path: '/usr/share/java/epubcheck.jar', pkg: 'epubcheck' },
];
const missing = [...new Set(needs.filter((n) => !existsSync(n.path)).map((n) => n.pkg))];
if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Missing system packages: ${missing.join(', ')}.\nInstall them with: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing system packages: ${missing.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync(`apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit', env });
}
