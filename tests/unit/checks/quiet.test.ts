/**
 * The checks are idle work (host/book-host.ts getWarnings): like keeping paragraphs, they start
 * only after a pause in editing (`idleQuietMs` since the last transaction and since its layout
 * converged), so a keystroke's layout never waits behind a detector's share of a chapter.
 */
import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { mulberry32, paragraph } from '../../support/prose';

/**
 * A host on a clock moved by hand (while it stands still no pause has passed, however long the
 * test takes), its one-chapter book opened and laid out; `idleQuietMs` 50.
 */
async function openedHost(seed: number): Promise<{ host: BookHost; clock: { now: number } }> {
  const clock = { now: 1000 };
  const random = mulberry32(seed);
  const text = Array.from({ length: 12 }, () => paragraph(random)).join('\n\n') + '\n';
  const host = new BookHost({ ...nodeEnvironment(presetFiles([`# One\n\n${text}`])), now: () => clock.now, idleQuietMs: 50 });
  await host.openPreset({ presetId: 'test-book' });
  await host.awaitConvergence(0);
  return { host, clock };
}

/**
 * Asks for the warnings after an edit's convergence and shows that they wait while the host clock
 * stands still (real time passes), then come for `revision` once it has moved past the pause.
 */
async function expectWaitForPause(host: BookHost, clock: { now: number }, revision: number): Promise<void> {
  let answered: number | null = null;
  const asked = host.getWarnings().then((r) => (answered = r.revision));
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(answered).toBeNull();
  // The pause has passed: the next look (a timer of at most idleQuietMs) runs them.
  clock.now += 60;
  await asked;
  expect(answered).toBe(revision);
}

const insert = { origin: 'ui' as const, baseRevision: 0, ops: [{ type: 'text' as const, chapterId: 'ch1', from: 8, to: 8, insert: 'Indeed, ' }] };

describe('the checks wait for a pause in editing', () => {
  it('answer at once after opening, and after an edit only once idleQuietMs has passed on the host clock', async () => {
    const { host, clock } = await openedHost(5);
    // No transaction yet: nothing to wait for.
    expect((await host.getWarnings()).revision).toBe(0);
    expect((await host.apply(insert)).ok).toBe(true);
    await host.awaitConvergence(1);
    // Converged, but the edit was 0 ms ago on the host clock: the checks wait.
    await expectWaitForPause(host, clock, 1);
  });

  it('after a layout that outlasted the pause, wait a pause after its convergence too', async () => {
    // The bench's slowest edits came in pairs: a layout with a major collection in it converged
    // after the pause since its transaction was over, the checks began at once, and the next
    // keystroke, sent on that convergence, waited behind them.
    const { host, clock } = await openedHost(7);
    expect((await host.apply(insert)).ok).toBe(true);
    // The build starts on a later turn (book-host.ts build): it runs, and converges, 60 ms after the transaction.
    clock.now += 60;
    await host.awaitConvergence(1);
    // The pause since the transaction is over, not the one since the convergence: the checks wait.
    await expectWaitForPause(host, clock, 1);
  });
});
