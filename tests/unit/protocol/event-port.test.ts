/**
 * The worker posts its events one way, to a message port the client hands over at subscribe
 * (protocol/client.ts `subscribe`, host/book-host.ts `subscribe`): no reply per event, where a
 * Comlink-proxied listener made each event a call the main thread answered. Functions stay
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
    channel.port1.on('message', (event: WorkerEvent) => received.push(event));
    try {
      await host.subscribe(channel.port2 as unknown as { postMessage(event: WorkerEvent): void });
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
