/**
 * One CodeMirror view showing one chapter at a time, with an EditorState per chapter so each
 * keeps its own undo history, caret and scroll. Each opened chapter has a ChapterSync that keeps
 * its text in step with the worker, also while another chapter is on screen.
 *
 * Remote changes (agents, other tabs, loads) are applied with `Transaction.addToHistory.of(false)`
 * and the `remoteChange` annotation: CodeMirror's history maps the user's own events through
 * them, so Ctrl+Z undoes the user's typing and never an agent's edit.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab, redo, undo } from '@codemirror/commands';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Annotation, Compartment, EditorSelection, EditorState, Transaction, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import type { BookClient } from '../../worker/protocol/client';
import type { TextOp } from '../../worker/protocol/messages';
import { ChapterSync } from '../state/editor-sync';
import { enrichedMarkdown } from './highlight';

/** Marks transactions that carry changes made elsewhere (never the user's typing). */
export const remoteChange = Annotation.define<boolean>();

interface ChapterDoc {
  state: EditorState;
  sync: ChapterSync;
  /** The accessible name its state carries (`labelSlot`). */
  label: string;
}

export interface EditorCallbacks {
  /** The caret or selection moved, or the text changed (offsets in the chapter source). */
  onSelection(chapterId: string, from: number, to: number): void;
  /** Accessible name of the editor for a chapter. */
  label(title: string): string;
}

export class ChapterEditors {
  readonly view: EditorView;
  private readonly docs = new Map<string, ChapterDoc>();
  private readonly labelSlot = new Compartment();
  private readonly extensions: Extension[];
  private active: string | null = null;
  private activeTitle = '';
  /** Bumped on every open so a slow `getBook()` for an older request is dropped. */
  private openToken = 0;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(parent: HTMLElement, private readonly client: BookClient, private readonly callbacks: EditorCallbacks) {
    this.extensions = [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightActiveLine(),
      drawSelection(),
      history(),
      search({ top: true }),
      highlightSelectionMatches(),
      EditorView.lineWrapping,
      // An explicit tab stop: axe counts the scroller as focusable only through it.
      EditorView.contentAttributes.of({ tabindex: '0' }),
      enrichedMarkdown(),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
      EditorView.updateListener.of((update) => {
        const id = this.active;
        if (!id) return;
        const typed = update.docChanged && update.transactions.some((tr) => tr.docChanged && !tr.annotation(remoteChange));
        // Sending waits for the next task: the keystroke is drawn first, the diff comes after.
        if (typed) this.scheduleFlush(id);
        if (update.selectionSet || update.docChanged) {
          const { from, to } = update.state.selection.main;
          this.callbacks.onSelection(id, from, to);
        }
      }),
    ];
    this.view = new EditorView({ parent, state: EditorState.create({ doc: '', extensions: this.state([]) }) });
  }

  private state(extra: Extension[]): Extension[] {
    return [...this.extensions, this.labelSlot.of(EditorView.contentAttributes.of({ 'aria-label': this.callbacks.label(this.activeTitle) })), ...extra];
  }

  get chapterId(): string | null {
    return this.active;
  }

  private scheduleFlush(id: string): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => this.docs.get(id)?.sync.userEdited(), 0);
  }

  /** Shows a chapter (creating its state from the worker's text the first time). */
  async open(chapterId: string, title: string): Promise<void> {
    this.activeTitle = title;
    if (this.active === chapterId) {
      this.relabel();
      return;
    }
    const token = ++this.openToken;
    let doc = this.docs.get(chapterId);
    if (!doc) {
      const book = await this.client.getBook();
      if (token !== this.openToken) return;
      const chapter = book.chapters.find((c) => c.id === chapterId);
      if (!chapter) return;
      doc = this.docs.get(chapterId);
      if (!doc) {
        const state = EditorState.create({ doc: chapter.text, extensions: this.state([]) });
        const created: ChapterDoc = { state, sync: null as unknown as ChapterSync, label: this.callbacks.label(this.activeTitle) };
        created.sync = new ChapterSync(this.client, chapterId, chapter.text, book.revision, {
          getText: () => (this.active === chapterId ? this.view.state.doc.toString() : created.state.doc.toString()),
          applyRemote: (change: TextOp) => this.applyRemote(chapterId, created, change),
        });
        this.docs.set(chapterId, created);
        doc = created;
      }
    }
    this.stash();
    this.active = chapterId;
    this.view.setState(doc.state);
    this.relabel();
    const { from, to } = this.view.state.selection.main;
    this.callbacks.onSelection(chapterId, from, to);
  }

  /** Keeps the on-screen state of the active chapter in its slot. */
  private stash(): void {
    if (!this.active) return;
    const doc = this.docs.get(this.active);
    if (doc) doc.state = this.view.state;
  }

  /**
   * Gives the view the accessible name of the chapter on screen, when its state does not carry it
   * yet. Only then: a reconfiguration updates the whole view (its decorations compared, its lines
   * measured), 26-49 ms of the main thread per call in a long chapter at load ~5, and opening a book
   * made two or three of them for a name that had not changed, while its first page waited to be
   * painted (a trace of the bench's opening from the Books list, 2026-12-06).
   */
  private relabel(): void {
    const label = this.callbacks.label(this.activeTitle);
    const doc = this.active ? this.docs.get(this.active) : undefined;
    if (doc?.label === label) return;
    this.view.dispatch({ effects: this.labelSlot.reconfigure(EditorView.contentAttributes.of({ 'aria-label': label })) });
    if (doc) doc.label = label;
  }

  /** The UI language or the chapter title changed. */
  setTitle(title: string): void {
    this.activeTitle = title;
    this.relabel();
  }

  private applyRemote(chapterId: string, doc: ChapterDoc, change: TextOp): void {
    const spec = {
      changes: { from: change.from, to: change.to, insert: change.insert },
      annotations: [Transaction.addToHistory.of(false), remoteChange.of(true)],
    };
    if (this.active === chapterId) this.view.dispatch(spec);
    else doc.state = doc.state.update(spec).state;
  }

  /** Places the caret (or a selection) in a chapter, shows it and focuses the editor. */
  async reveal(chapterId: string, title: string, from: number, to = from, focus = true): Promise<void> {
    await this.open(chapterId, title);
    if (this.active !== chapterId) return;
    const length = this.view.state.doc.length;
    const clamp = (n: number) => Math.max(0, Math.min(length, n));
    this.view.dispatch({
      selection: EditorSelection.single(clamp(from), clamp(to)),
      effects: EditorView.scrollIntoView(clamp(from), { y: 'center' }),
    });
    if (focus) this.view.focus();
  }

  // --- Toolbar commands (each is one undoable user transaction) ---------------------------

  undo(): void {
    undo(this.view);
    this.view.focus();
  }

  redo(): void {
    redo(this.view);
    this.view.focus();
  }

  /** Wraps the selection in `before`/`after` (or inserts both around the caret). */
  wrap(before: string, after = before): void {
    const view = this.view;
    view.dispatch(
      view.state.changeByRange((range) => ({
        changes: [
          { from: range.from, insert: before },
          { from: range.to, insert: after },
        ],
        range: EditorSelection.range(range.from + before.length, range.to + before.length),
      })),
      { userEvent: 'input.format' },
    );
    view.focus();
  }

  /** Prefixes the selected lines (`# ` for a heading, `> `, `- `, `1. `); the same prefix again removes it. */
  prefixLines(prefix: string, strip: RegExp): void {
    const view = this.view;
    const { state } = view;
    const changes: { from: number; to: number; insert: string }[] = [];
    const seen = new Set<number>();
    for (const range of state.selection.ranges) {
      for (let pos = range.from; pos <= range.to; ) {
        const line = state.doc.lineAt(pos);
        if (!seen.has(line.number)) {
          seen.add(line.number);
          const existing = strip.exec(line.text)?.[0] ?? '';
          const insert = existing === prefix ? '' : prefix;
          changes.push({ from: line.from, to: line.from + existing.length, insert });
        }
        pos = line.to + 1;
      }
    }
    view.dispatch({ changes, userEvent: 'input.format' });
    view.focus();
  }

  /** Inserts a block (a directive line) as its own paragraph after the caret's line. */
  insertBlock(block: string): void {
    const view = this.view;
    const line = view.state.doc.lineAt(view.state.selection.main.head);
    const insert = `${line.length > 0 ? '\n\n' : ''}${block}\n\n`;
    view.dispatch({ changes: { from: line.to, insert }, selection: { anchor: line.to + insert.length }, userEvent: 'input.format', scrollIntoView: true });
    view.focus();
  }

  /**
   * Replaces the open chapter's whole text (an imported `.md` file) as one user change: it goes
   * to the worker like typing and Ctrl+Z brings the old text back.
   */
  replaceText(text: string): boolean {
    if (!this.active) return false;
    const view = this.view;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 }, userEvent: 'input.paste', scrollIntoView: true });
    return true;
  }

  /** Forgets every chapter (another book was opened or the book was restored). */
  reset(): void {
    for (const doc of this.docs.values()) doc.sync.dispose();
    this.docs.clear();
    this.active = null;
    this.openToken++;
    this.view.setState(EditorState.create({ doc: '', extensions: this.state([]) }));
  }

  /** Drops chapters that no longer exist. */
  prune(ids: Set<string>): void {
    for (const [id, doc] of this.docs) {
      if (ids.has(id)) continue;
      doc.sync.dispose();
      this.docs.delete(id);
      if (this.active === id) this.active = null;
    }
  }

  destroy(): void {
    for (const doc of this.docs.values()) doc.sync.dispose();
    this.view.destroy();
  }
}
