/**
 * What the worker's host keeps once a layout is replaced: nothing of the layout before. The checks'
 * warnings were memoised with the layout they describe, and that memo held the layout from before a
 * global change — its pages and, through its settings, that size's word tables — until the checks
 * were asked again (a Chromium heap snapshot of the bench, 2026-12-07).
 */
import { describe, expect, it } from 'vitest';
import { collect } from '../../support/gc';
import { BookHost } from '../../../src/worker/host/book-host';
import type { BookLayout } from '../../../src/worker/engine';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { mulberry32, paragraph } from '../../support/prose';

describe('the layout a new one replaces', () => {
  it('is not kept by the checks’ memo', async () => {
    const random = mulberry32(11);
    const text = Array.from({ length: 12 }, () => paragraph(random)).join('\n\n') + '\n';
    const host = new BookHost({ ...nodeEnvironment(presetFiles([`# One\n\n${text}`])), idleQuietMs: 0 });
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    const layoutOf = (): BookLayout | null => (host as unknown as { layout: BookLayout | null }).layout;
    // The checks computed (and memoised) for the first layout.
    const checked = await host.getWarnings();
    expect(checked.revision).toBe(0);
    const first = new WeakRef(layoutOf()!);
    const result = await host.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'config.set', path: 'bodyText.fontSize', value: '11pt' }] });
    expect(result.ok).toBe(true);
    await host.awaitConvergence(1);
    expect(layoutOf()).not.toBe(first.deref());
    await collect();
    expect(first.deref()).toBeUndefined();
    // The checks of the new layout are still computed on request.
    expect((await host.getWarnings()).revision).toBe(1);
  });
});
