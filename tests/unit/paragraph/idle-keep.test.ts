import { describe, expect, it } from 'vitest';
import { BookHost, type HostEnvironment } from '../../../src/worker/host/book-host';
import type { EngineCache } from '../../../src/worker/engine';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { mulberry32, paragraph } from '../../support/prose';

/**
 * The host keeps the paragraphs a build set (their items as columns) only when idle after
 * convergence, so neither a cold layout nor an edit pays for it; a transaction arriving meanwhile
 * takes over and the rest waits for the next convergence.
 */
const cacheOf = (host: BookHost): EngineCache => (host as unknown as { cache: EngineCache }).cache;
const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

async function openBook(paragraphs: number, environment: Partial<HostEnvironment> = { idleQuietMs: 0 }): Promise<BookHost> {
  const random = mulberry32(3);
  const text = Array.from({ length: paragraphs }, () => paragraph(random)).join('\n\n') + '\n';
  const host = new BookHost({ ...nodeEnvironment(presetFiles([`# One\n\n${text}`])), ...environment });
  await host.openPreset({ presetId: 'test-book' });
  return host;
}

/** Lets the opened book's idle keeping finish (asserted), then makes one edit and waits for its layout. */
async function keptThenEdited(host: BookHost): Promise<EngineCache['prepared']> {
  await host.awaitConvergence(0);
  const prepared = cacheOf(host).prepared;
  // Idle slices follow convergence; within a few hundred turns every paragraph is kept.
  for (let i = 0; i < 400 && prepared.waitingCount > 0; i++) await turns(1);
  expect(prepared.waitingCount).toBe(0);
  const result = await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 8, to: 8, insert: 'Indeed, ' }] });
  expect(result.ok).toBe(true);
  await host.awaitConvergence(1);
  return prepared;
}

describe('keeping paragraphs in idle time (host)', () => {
  it('keeps every paragraph of a converged layout once the worker idles', async () => {
    const prepared = await keptThenEdited(await openBook(30));
    // An edit sets its paragraph from objects; it is kept after the next convergence (at once: one paragraph fits a slice).
    for (let i = 0; i < 400 && prepared.waitingCount > 0; i++) await turns(1);
    expect(prepared.waitingCount).toBe(0);
  });

  it('keeps in slices of the host clock and not one paragraph while a transaction waits for its layout', async () => {
    // A host clock that moves 1 ms each time it is read: a 3 ms idle slice keeps exactly three
    // paragraphs (read at +1, +2, +3 ms; +4 ms stops it), whatever this machine's speed.
    let clock = 0;
    const random = mulberry32(3);
    const text = Array.from({ length: 200 }, () => paragraph(random)).join('\n\n') + '\n';
    const host = new BookHost({ ...nodeEnvironment(presetFiles([`# One\n\n${text}`])), now: () => ++clock, idleQuietMs: 0 });
    const fields = host as unknown as { revision: number; layoutRevision: number };
    const prepared = cacheOf(host).prepared;
    const slices: Array<{ kept: number; pending: boolean }> = [];
    const keepWaiting = prepared.keepWaiting.bind(prepared);
    prepared.keepWaiting = (shouldStop) => {
      const before = prepared.waitingCount;
      const pending = fields.revision > fields.layoutRevision;
      const done = keepWaiting(shouldStop);
      slices.push({ kept: before - prepared.waitingCount, pending });
      return done;
    };
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    expect(prepared.waitingCount).toBeGreaterThan(10);
    await turns(2);
    // A new transaction between two idle slices: its layout, not the keeping, runs next.
    const result = await host.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 2, to: 2, insert: 'x' }] });
    expect(result.ok).toBe(true);
    await host.awaitConvergence(1);
    for (let i = 0; i < 4000 && prepared.waitingCount > 0; i++) await turns(1);
    expect(prepared.waitingCount).toBe(0);
    expect(slices.length).toBeGreaterThan(20);
    expect(Math.max(...slices.map((s) => s.kept))).toBe(3);
    // Slices that ran while revision 1 waited for its layout kept nothing (they stopped at once).
    expect(slices.filter((s) => s.pending).every((s) => s.kept === 0)).toBe(true);
  });

  it('waits for a pause in editing (idleQuietMs after the last transaction) before keeping', async () => {
    // A host clock moved by hand: while it stands still no pause has passed, however long the test takes.
    let clock = 1000;
    // No transaction before the edit: the opened book's paragraphs are kept at once.
    const prepared = await keptThenEdited(await openBook(30, { now: () => clock, idleQuietMs: 50 }));
    expect(prepared.waitingCount).toBeGreaterThan(0);
    // Converged, but the edit was 0 ms ago on the host clock: the edited paragraph waits.
    await turns(400);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(prepared.waitingCount).toBeGreaterThan(0);
    // The pause has passed: the next look (a timer of at most idleQuietMs) keeps it.
    clock += 60;
    for (let i = 0; i < 50 && prepared.waitingCount > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(prepared.waitingCount).toBe(0);
  });
});
