import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Collects garbage so that a weak reference still set afterwards points at something reachable.
 * Each round lets the current task end first (a WeakRef's target is kept until the end of the task
 * that made it) and collects twice (what one full collection frees can free more). Three rounds, a
 * few milliseconds apart: a compile job V8 runs in the background holds the objects it compiles
 * against until it finishes, which under load kept a target past one round (one run in ten of the
 * retention tests, 2026-12-07); something really kept stays through all three.
 */
export async function collect(): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, round === 0 ? 0 : 10));
    collectGarbage();
    collectGarbage();
  }
}
