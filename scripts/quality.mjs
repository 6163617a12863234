// `npm run quality`: bundles bench/quality.ts with Rolldown (Node 20 cannot run TypeScript) and
// runs it. `npm run quality -- --check` fails when a figure is worse than bench/quality-baseline.json;
// `-- --update` rewrites the baseline.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const folder = join('node_modules', '.cache', 'postext-quality');
mkdirSync(folder, { recursive: true });
const entry = join(folder, 'entry.ts');
writeFileSync(entry, `import { main } from '../../../bench/quality';\nprocess.exitCode = await main(process.argv.slice(2));\n`);
const out = join(folder, 'quality.mjs');
const { build } = await import('rolldown');
await build({
  input: entry,
  platform: 'node',
  // Packages stay external: they load their wasm files relative to their own folders.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id),
  output: { dir: folder, format: 'esm', entryFileNames: 'quality.mjs' },
  logLevel: 'warn',
});
try {
  execFileSync('node', [out, ...args], { stdio: 'inherit' });
} catch (error) {
  process.exitCode = typeof error?.status === 'number' ? error.status : 1;
}
