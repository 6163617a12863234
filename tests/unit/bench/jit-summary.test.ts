/**
 * bench/jit-summary.mjs reads V8's `--trace-opt` and `--trace-deopt` lines from the browser log the
 * bench writes with `--js-flags`, and splits them by the phases the bench marks. Checked on lines in
 * the exact form Chromium 156 prints them (copied from a run of 2026-12-07, addresses shortened),
 * Playwright's prefix included.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const prefix = '2026-12-07T07:47:37.936Z pw:browser [pid=17211][out] ';
const compiled = (name: string, sfi: string, target: string, ms: string, osr = false): string =>
  `${prefix}[completed compiling 0x24ef0107f12d <JSFunction ${name} (sfi = ${sfi})> (target ${target})${osr ? ' OSR' : ''} - took 0.001, ${ms}, 0.003 ms]`;
const bailout = (name: string, sfi: string, reason: string, offset: number): string =>
  `${prefix}[bailout (kind: deopt-eager, reason: ${reason}): begin. deoptimizing 0x296d012c9ea1 <JSFunction ${name} (sfi = ${sfi})>, 0x055c0106619d <Code MAGLEV>, opt id 9, bytecode offset ${offset}, deopt exit 0, FP to SP delta 24, caller SP 0x7ffdaaac0818, pc 0x1]`;

function summary(lines: string[], ...args: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'jit-summary-'));
  const log = join(folder, 'browser.log');
  writeFileSync(log, `${lines.join('\n')}\n`);
  return execFileSync('node', ['bench/jit-summary.mjs', log, ...args], { encoding: 'utf8' });
}

describe('jit-summary', () => {
  const log = [
    compiled('E4', '0x1', 'MAGLEV', '60.000'),
    '### bench edits start',
    compiled('Om', '0x2', 'MAGLEV', '9.000'),
    compiled('Om', '0x2', 'TURBOFAN_JS', '40.000'),
    compiled('Hp', '0x3', 'MAGLEV', '5.000', true),
    bailout('Om', '0x2', 'wrong map', 167),
    bailout('Om', '0x2', 'wrong map', 167),
    '### bench edits end',
    bailout('E4', '0x1', 'Insufficient type feedback for generic named access', 26155),
  ];

  it('counts compilations and their time by tier, in the phase marked and over the whole run', () => {
    const edits = summary(log, '--phase=edits');
    expect(edits).toContain('edits: 3 compilations, 2 deoptimizations');
    expect(edits).toContain('MAGLEV 1 (9 ms)');
    expect(edits).toContain('TURBOFAN_JS 1 (40 ms)');
    expect(edits).toContain('MAGLEV OSR 1 (5 ms)');
    // E4 was compiled before the phase began: not in it.
    expect(edits).not.toContain('E4');
    const whole = summary(log, '--phase=whole run');
    expect(whole).toContain('whole run: 4 compilations, 3 deoptimizations');
  });

  it('lists functions by compile time with each compilation, and deoptimizations by reason', () => {
    const edits = summary(log, '--phase=edits');
    // Om: 9 + 40 ms in two compilations, before Hp's 5 ms.
    expect(edits).toMatch(/49\s+2× Om 0x2\s+\[ML 9, TF 40\]/);
    expect(edits.indexOf('Om 0x2')).toBeLessThan(edits.indexOf('Hp 0x3'));
    expect(edits).toContain('2 Om 0x2: MAGLEV deopt-eager: wrong map at bytecode 167');
    const whole = summary(log, '--phase=whole run');
    expect(whole).toContain('E4 0x1: MAGLEV deopt-eager: Insufficient type feedback for generic named access at bytecode 26155');
  });

  it('says what to run when the log holds no V8 traces', () => {
    expect(() => execFileSync('node', ['bench/jit-summary.mjs', 'package.json'], { encoding: 'utf8', stdio: 'pipe' })).toThrow(/--js-flags/);
  });
});
