// `npm run bench`: builds the app into dist-bench (so a running `npm start` or test build is not
// disturbed), bundles bench/index.ts with Rolldown (Node 20 cannot run TypeScript) and runs it.
// Arguments after `--` go to the bench (e.g. `npm run bench -- --sizes=100,300 --repeats=1`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const nodeOnly = args.includes('--node-only');
const dist = args.find((a) => a.startsWith('--dist='))?.slice('--dist='.length) ?? 'dist-bench';
// `--no-build` reuses the app already built in `dist` (when measuring the same code twice).
if (!nodeOnly && !(args.includes('--no-build') && existsSync(join(dist, 'index.html')))) {
  process.stderr.write(`bench: building the app into ${dist}\n`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--bypass-lock'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, POSTEXT_DIST: dist } });
}
// Inside the project, so the bundle resolves @playwright/test and pagedjs from node_modules.
const folder = join('node_modules', '.cache', 'postext-bench');
mkdirSync(folder, { recursive: true });
const out = join(folder, 'bench.mjs');
// Packages stay external: they load their wasm files relative to their own folders.
const { build } = await import('rolldown');
await build({
  input: 'bench/index.ts',
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id),
  output: { file: out, format: 'esm' },
  logLevel: 'warn',
});
// With V8 flags for the browser (`--js-flags=…`), Playwright copies the browser's output (where V8
// prints its traces) to stderr: its `pw:browser` debug channel, read when Playwright loads.
const jsFlags = args.some((a) => a.startsWith('--js-flags='));
execFileSync('node', [out, ...args], { stdio: 'inherit', env: jsFlags ? { ...process.env, DEBUG: [process.env.DEBUG, 'pw:browser'].filter(Boolean).join(',') } : process.env });
