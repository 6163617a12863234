import { describe, expect, it } from 'vitest';
import { ChapterSync } from '../../../src/ui/state/editor-sync';
import type { BookClient, ClientEvent } from '../../../src/worker/protocol/client';
import type { TextOp, Transaction, TransactionResult } from '../../../src/worker/protocol/messages';

/**
 * A worker stand-in for one chapter: applies text ops, bumps the revision and announces
 * `textChanged`. `eventFirst` decides whether the event overtakes the reply or follows it.
 */
function fakeWorker(initial: string, eventFirst: boolean) {
  let text = initial;
  let revision = 1;
  const listeners = new Set<(event: ClientEvent) => void>();
  const emit = (event: ClientEvent) => setTimeout(() => listeners.forEach((l) => l(event)), 0);
  const apply = async (tx: Transaction): Promise<TransactionResult> => {
    const changes = tx.ops.filter((op): op is TextOp => op.type === 'text');
    for (const c of [...changes].sort((a, b) => b.from - a.from)) text = text.slice(0, c.from) + c.insert + text.slice(c.to);
    revision += 1;
    const event: ClientEvent = { type: 'textChanged', revision, origin: tx.origin, changes };
    if (eventFirst) {
      emit(event);
      await new Promise((r) => setTimeout(r, 5));
    } else setTimeout(() => emit(event), 5);
    return { ok: true, revision, textChanges: changes, config: [] };
  };
  const client = {
    on: (listener: (event: ClientEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply,
    get revision() {
      return revision;
    },
  } as unknown as BookClient;
  return { client, text: () => text, revision: () => revision, apply };
}

/** An editor surface: the text on screen, changed by the user or by `applyRemote`. */
function surface(initial: string) {
  const s = { text: initial, remote: 0, getText: () => s.text, applyRemote: (_c: TextOp, next: string) => { s.text = next; s.remote += 1; } };
  return s;
}

const settle = () => new Promise((r) => setTimeout(r, 40));

describe('ChapterSync', () => {
  for (const eventFirst of [true, false]) {
    const order = eventFirst ? 'event before reply' : 'reply before event';
    it(`typing is sent once and its echo is not applied again (${order})`, async () => {
      const worker = fakeWorker('Hello', eventFirst);
      const editor = surface('Hello');
      const sync = new ChapterSync(worker.client, 'ch1', 'Hello', 1, editor);
      editor.text = 'Hello, world';
      sync.userEdited();
      await settle();
      expect(worker.text()).toBe('Hello, world');
      expect(editor.text).toBe('Hello, world');
      expect(editor.remote).toBe(0);
      sync.dispose();
    });

    it(`a change another part of the UI makes (a merge into this chapter) reaches the editor, and typing after it keeps it (${order})`, async () => {
      const worker = fakeWorker('One.\n', eventFirst);
      const editor = surface('One.\n');
      const sync = new ChapterSync(worker.client, 'ch1', 'One.\n', 1, editor);
      // The Chapters panel merges the next chapter into this one: an origin-"ui" transaction not sent by this editor.
      await worker.apply({ origin: 'ui', baseRevision: 1, ops: [{ type: 'text', chapterId: 'ch1', from: 5, to: 5, insert: '\nTwo.\n' }] });
      await settle();
      expect(editor.text).toBe('One.\n\nTwo.\n');
      // The user types afterwards: the merged text must survive (no diff against a stale editor).
      editor.text = `${editor.text}Three.\n`;
      sync.userEdited();
      await settle();
      expect(worker.text()).toBe('One.\n\nTwo.\nThree.\n');
      expect(editor.text).toBe(worker.text());
      sync.dispose();
    });
  }
});
