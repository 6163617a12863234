/**
 * The worker posts its events one way, to a message port the client hands over at subscribe
 * (protocol/client.ts `subscribe`, host/book-host.ts `subscribe`): no reply per event, where a
 * Comlink-proxied listener made each event a call the main thread answered; and the events of one
 * task in one message (`batchedPost`): each message wakes the main thread. Functions stay
 * accepted (in-process hosts, tests); anything else is refused with what to send instead.
 */
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import type { WorkerEvent } from '../../../src/worker/protocol/messages';
import { nodeEnvironment, presetFiles } from '../../support/node-host';

describe('events posted to a port', () => {
  it('a port handed to subscribe receives the events, in order', async () => {
    const host = new BookHost(nodeEnvironment(presetFiles(['# One\n\nA short paragraph.\n'])));
    const channel = new MessageChannel();
    const received: WorkerEvent[] = [];
    const messages: WorkerEvent[][] = [];
    channel.port1.on('message', (events: WorkerEvent[]) => {
      messages.push(events);
      received.push(...events);
    });
    try {
      await host.subscribe(channel.port2 as unknown as { postMessage(events: WorkerEvent[]): void });
      await host.openPreset({ presetId: 'test-book' });
      await host.awaitConvergence(0);
      const result = await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 8, to: 8, insert: 'Yes. ' }] });
      expect(result.ok).toBe(true);
      await host.awaitConvergence(1);
      const start = Date.now();
      while (!received.some((e) => e.type === 'converged' && e.revision === 1) && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 5));
      const types = received.map((e) => `${e.type}${'revision' in e ? e.revision : ''}`);
      expect(types[0]).toBe('opened0');
      expect(types).toContain('converged0');
      // The edit's own events, after the opening's, ending with its convergence.
      const edit = types.slice(types.indexOf('revision1'));
      expect(edit[0]).toBe('revision1');
      expect(edit).toContain('textChanged1');
      expect(edit.at(-1)).toBe('converged1');
      // One message per worker task, not one per event: the transaction's events come together
      // (a build's pagesReady and converged do too when it ends within one slice, not asserted:
      // a slow machine may give the thread up between them).
      const editMessages = messages.slice(messages.findIndex((m) => m.some((e) => e.type === 'revision' && e.revision === 1)));
      expect(editMessages[0]!.map((e) => e.type)).toEqual(['revision', 'textChanged']);
      expect(messages.length).toBeLessThan(received.length);
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('anything but a function or a port is refused with what to send', async () => {
    const host = new BookHost(nodeEnvironment(presetFiles(['# One\n\nText.\n'])));
    await expect(host.subscribe(42 as never)).rejects.toThrow(/send a function .* or a MessagePort/);
    await expect(host.subscribe({ post: () => undefined } as never)).rejects.toThrow(/MessagePort/);
  });
});

describe('progress only for builds long enough to show it', () => {
  it('an edit laid out in a few slices reports no progress; a long build does', async () => {
    // A host clock that moves `step` ms at every look. At 2 ms a build gives the thread up (and may
    // report) every fourth look, past a 6 ms slice, and 100 ms pass after 50 looks: this edit's
    // build takes ~30 (~60 ms), gives way several times with chapters done in between, and
    // reported them. At 7 ms the opening's build runs past 100 ms.
    let clock = 0;
    let step = 7;
    const chapters = Array.from({ length: 6 }, (_, i) => `# Chapter ${i + 1}\n\n${'A sentence of a few words to set. '.repeat(40)}\n`);
    const host = new BookHost({ ...nodeEnvironment(presetFiles(chapters)), now: () => (clock += step) });
    const events: WorkerEvent[] = [];
    await host.subscribe((event) => events.push(event));
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    // Opening lays out every chapter: a long build on this clock, reported.
    expect(events.some((e) => e.type === 'progress' && e.revision === 0)).toBe(true);
    step = 2;
    const before = clock;
    const result = await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch6', from: 14, to: 14, insert: 'Yes. ' }] });
    expect(result.ok).toBe(true);
    await host.awaitConvergence(1);
    // Looks at the clock (apply, build, convergence): well under the 50 that make 100 ms.
    expect((clock - before) / 2).toBeLessThan(45);
    expect(events.some((e) => e.type === 'converged' && e.revision === 1)).toBe(true);
    expect(events.filter((e) => e.type === 'progress' && e.revision === 1)).toEqual([]);
  });
});
