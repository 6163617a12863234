/**
 * Keeps one chapter's editor text in step with the worker, CodeMirror-collab style:
 * `shadow` is the worker's text at `shadowRevision`; the editor shows shadow + the user's
 * unsent changes. At most one transaction is in flight; edits made meanwhile go in the next.
 * Changes made elsewhere (agents, loads) arrive as remote changes and are mapped through the
 * user's pending edit, so neither side loses a keystroke.
 */
import { mapChange, textDiff } from '../../worker/document/mapping';
import type { BookClient, ClientEvent } from '../../worker/protocol/client';
import type { TextOp } from '../../worker/protocol/messages';

export interface EditorSurface {
  getText(): string;
  /** Replaces the editor text, keeping the selection where the mapping puts it. */
  applyRemote(change: TextOp, newText: string): void;
}

export class ChapterSync {
  private shadow: string;
  private shadowRevision: number;
  private inFlight = false;
  /**
   * The change in flight and, once the reply is in, the revision it made: its `textChanged` is
   * our own echo. Other `ui` changes (a merge from the Chapters panel, a Reset, an import) are
   * remote to this editor like an agent's.
   */
  private sent: { change: TextOp; revision: number | null } | null = null;
  private readonly waiters = new Set<{ revision: number; done: () => void }>();
  private disposed = false;
  private readonly off: () => void;

  constructor(
    private readonly client: BookClient,
    readonly chapterId: string,
    text: string,
    revision: number,
    private readonly surface: EditorSurface,
  ) {
    this.shadow = text;
    this.shadowRevision = revision;
    this.off = client.on((event) => this.onEvent(event));
  }

  dispose(): void {
    this.disposed = true;
    for (const waiter of [...this.waiters]) waiter.done();
    this.off();
  }

  /** Call after every user edit. */
  userEdited(): void {
    void this.flush();
  }

  private localChange(): TextOp | null {
    const current = this.surface.getText();
    if (current === this.shadow) return null;
    return textDiff(this.chapterId, this.shadow, current);
  }

  private async flush(): Promise<void> {
    if (this.inFlight || this.disposed) return;
    const change = this.localChange();
    if (!change) return;
    this.inFlight = true;
    this.sent = { change, revision: null };
    let accepted = false;
    try {
      const result = await this.client.apply({ origin: 'ui', baseRevision: this.shadowRevision, ops: [change] });
      if (!result.ok) console.warn(result.error);
      else {
        accepted = true;
        this.sent.revision = result.revision;
        // Events travel on their own channel: the reply can overtake the textChanged event
        // that brings our change into the shadow. Diffing before it arrives would send the
        // same change twice, so wait for it.
        await this.seen(result.revision);
      }
    } finally {
      this.inFlight = false;
      this.sent = null;
    }
    // Send what was typed meanwhile. (A refused change is retried on the next keystroke only.)
    if (accepted) void this.flush();
  }

  /** Resolves once the textChanged event of `revision` (or a later one) has been applied. */
  private seen(revision: number): Promise<void> {
    if (this.shadowRevision >= revision) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(entry);
        resolve();
      };
      // Never wait forever (a lost worker restores the book and announces it separately).
      const timer = setTimeout(done, 5000);
      const entry = { revision, done };
      this.waiters.add(entry);
    });
  }

  /**
   * Whether a text change is the echo of the one this editor has in flight. Before the reply
   * tells its revision (events may overtake it), a `ui` change of the same size with the same
   * inserted text is taken for it: the worker only maps its positions.
   */
  private isEcho(origin: string, revision: number, mine: TextOp[]): boolean {
    const sent = this.sent;
    if (origin !== 'ui' || !sent) return false;
    if (sent.revision !== null) return revision === sent.revision;
    const only = mine.length === 1 ? mine[0]! : null;
    return only !== null && only.insert === sent.change.insert && only.to - only.from === sent.change.to - sent.change.from;
  }

  private onEvent(event: ClientEvent): void {
    // Only textChanged moves the shadow's revision: revisions without text changes (chapter
    // ops) leave the text as it was, and the worker maps positions from older revisions anyway.
    if (event.type !== 'textChanged') return;
    const mine = event.changes.filter((c) => c.chapterId === this.chapterId);
    this.shadowRevision = Math.max(this.shadowRevision, event.revision);
    for (const waiter of [...this.waiters]) if (waiter.revision <= this.shadowRevision) waiter.done();
    if (mine.length === 0) return;
    const pending = this.localChange();
    for (const change of [...mine].sort((a, b) => b.from - a.from)) {
      this.shadow = this.shadow.slice(0, change.from) + change.insert + this.shadow.slice(change.to);
    }
    // Our own echo is already in the editor; remote changes are mapped through our pending edit.
    if (this.isEcho(event.origin, event.revision, mine)) return;
    let text = this.surface.getText();
    for (const change of [...mine].sort((a, b) => b.from - a.from)) {
      const mapped = pending ? mapChange(change, [[pending]]) : change;
      text = text.slice(0, mapped.from) + mapped.insert + text.slice(mapped.to);
      this.surface.applyRemote(mapped, text);
    }
  }
}
