/**
 * The UI's view of the book: a reconciled mirror of what the worker announces, never the truth.
 * Components read signals from here and call actions; actions call the worker client.
 */
import { createSignal } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { BookClient, ClientEvent } from '../../worker/protocol/client';
import type { ChapterPages, PageSummary } from '../../worker/protocol/messages';

export interface Notice {
  id: number;
  tone: 'info' | 'warning';
  text: string;
}

export interface BookView {
  id: string;
  name: string;
  chapters: { id: string; title: string }[];
  pages: PageSummary[];
  chapterPages: ChapterPages[];
  /** Revision the pages show. */
  layoutRevision: number;
}

export function createBookState(client: BookClient) {
  const [view, setView] = createStore<BookView>({ id: '', name: '', chapters: [], pages: [], chapterPages: [], layoutRevision: -1 });
  const [revision, setRevision] = createSignal(0);
  const [busy, setBusy] = createSignal(true);
  const [notices, setNotices] = createSignal<Notice[]>([]);
  let noticeId = 0;

  const notify = (tone: Notice['tone'], text: string, autoHideMs?: number): void => {
    const id = ++noticeId;
    setNotices((list) => [...list, { id, tone, text }]);
    if (autoHideMs) setTimeout(() => dismiss(id), autoHideMs);
  };
  const dismiss = (id: number): void => {
    setNotices((list) => list.filter((n) => n.id !== id));
  };

  const refreshPages = async (): Promise<void> => {
    const pages = await client.getPages();
    setView('pages', reconcile(pages.pages, { key: 'index' }));
    setView('chapterPages', reconcile(pages.chapters, { key: 'id' }));
    setView('layoutRevision', pages.revision);
  };

  client.on((event: ClientEvent) => {
    switch (event.type) {
      case 'opened':
        setView({ id: event.book.id, name: event.book.name, chapters: event.book.chapters.map((c) => ({ id: c.id, title: c.title })) });
        setRevision(event.revision);
        setBusy(true);
        break;
      case 'revision':
        setRevision(event.revision);
        setBusy(true);
        break;
      case 'chaptersChanged':
        setView('chapters', reconcile(event.chapters, { key: 'id' }));
        break;
      case 'converged':
        if (event.revision >= revision()) setBusy(false);
        void refreshPages();
        break;
      case 'workerLost':
        notify('warning', `The typesetting engine stopped (${event.reason}). Restarting it…`);
        break;
      case 'workerRestored':
        setNotices([]);
        notify('info', `The typesetting engine was restarted; your book is back at revision ${event.revision}.`, 8000);
        break;
      default:
        break;
    }
  });

  return { view, revision, busy, notices, notify, dismiss };
}

export type BookState = ReturnType<typeof createBookState>;
