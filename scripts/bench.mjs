// Bundles bench/index.ts with Rolldown (Node 20 cannot run TypeScript) and runs it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = join(mkdtempSync(join(tmpdir(), 'postext-bench-')), 'bench.mjs');
execFileSync('npx', ['rolldown', 'bench/index.ts', '--platform', 'node', '--format', 'esm', '--file', out], { stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync('node', [out], { stdio: 'inherit' });
