/**
 * The UI's view of the book: a reconciled mirror of what the worker announces, never the truth.
 * Components read signals from here and call actions; actions call the worker client.
 */
import { batch, createSignal } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { BookClient, ClientEvent } from '../../worker/protocol/client';
import type { ChapterPages, PageSummary } from '../../worker/protocol/messages';
import { t } from '../i18n';

/** A transient message (tools.md §7.18: `notice: { id, text, level }`). */
export interface Notice {
  id: number;
  level: 'info' | 'warning';
  text: string;
}

/** A question the user (or an agent through `sandbox_answer`) must answer before going on. */
export interface Question {
  id: number;
  kind: 'replaceCopy';
  book: { name: string; id: string };
  options: ['keep', 'replace'];
  /** Wording for this occasion (an imported file asks "Keep both"); the link wording when absent. */
  text?: QuestionText;
  resolve: (answer: 'keep' | 'replace') => void;
}

export interface QuestionText {
  title: string;
  message: string;
  keep: string;
  replace: string;
}

export interface BookView {
  id: string;
  /** A sample edition (`id` is the preset id) or one of the user's projects; null for a bare restore. */
  kind: 'preset' | 'project' | null;
  /** A sample with a saved draft in this language (the *Edited* tag). */
  edited: boolean;
  name: string;
  locale: string;
  chapters: { id: string; title: string }[];
  pages: PageSummary[];
  chapterPages: ChapterPages[];
  /** Revision the pages show. */
  layoutRevision: number;
}

export function createBookState(client: BookClient) {
  const [view, setView] = createStore<BookView>({ id: '', kind: null, edited: false, name: '', locale: 'en', chapters: [], pages: [], chapterPages: [], layoutRevision: -1 });
  /** Chapter texts as the worker has them (for word counts and checks; the editors keep their own). */
  const [texts, setTexts] = createStore<Record<string, string>>({});
  const [revision, setRevision] = createSignal(0);
  const [busy, setBusy] = createSignal(true);
  const [progress, setProgress] = createSignal<{ done: number; total: number } | null>(null);
  const [notices, setNotices] = createSignal<Notice[]>([]);
  const [question, setQuestion] = createSignal<Question | null>(null);
  let noticeId = 0;

  const notify = (level: Notice['level'], text: string, autoHideMs?: number): number => {
    const id = ++noticeId;
    setNotices((list) => [...list, { id, level, text }]);
    if (autoHideMs) setTimeout(() => dismiss(id), autoHideMs);
    return id;
  };
  const dismiss = (id: number): void => {
    setNotices((list) => list.filter((n) => n.id !== id));
  };
  /** Asks a question and resolves with the answer (Escape or dismissal keeps the copy). */
  const ask = (kind: Question['kind'], book: Question['book'], text?: QuestionText): Promise<'keep' | 'replace'> =>
    new Promise((resolve) => {
      setQuestion({ id: ++noticeId, kind, book, options: ['keep', 'replace'], ...(text ? { text } : {}), resolve: (answer) => { setQuestion(null); resolve(answer); } });
    });

  /** The revision whose pages are still arriving chapter by chapter (a book just opened), or null. */
  let growing: number | null = null;
  const refreshPages = async (): Promise<void> => {
    const pages = await client.getPages();
    // A late answer for an older layout must not replace a newer one.
    if (pages.revision < view.layoutRevision) return;
    if (pages.revision === view.layoutRevision && pages.pages.length < view.pages.length) return;
    batch(() => {
      setView('pages', reconcile(pages.pages, { key: 'index' }));
      setView('chapterPages', reconcile(pages.chapters, { key: 'id' }));
      setView('layoutRevision', pages.revision);
    });
  };

  const refreshTexts = async (): Promise<void> => {
    const book = await client.getBook();
    setTexts(reconcile(Object.fromEntries(book.chapters.map((c) => [c.id, c.text]))));
  };

  client.on((event: ClientEvent) => {
    switch (event.type) {
      case 'opened':
        batch(() => {
          // Another book (or edition): drop its pages. The same book reopened (crash recovery)
          // keeps them on screen until the new layout lands.
          const same = view.id === event.book.id && view.locale === event.book.locale;
          setView({
            id: event.book.id,
            kind: event.book.kind ?? null,
            edited: event.book.edited === true,
            name: event.book.name,
            locale: event.book.locale,
            chapters: event.book.chapters.map((c) => ({ id: c.id, title: c.title })),
            ...(same ? {} : { pages: [], chapterPages: [], layoutRevision: -1 }),
          });
          setTexts(reconcile(Object.fromEntries(event.book.chapters.map((c) => [c.id, c.text]))));
          setRevision(event.revision);
          setBusy(true);
        });
        break;
      case 'pagesReady':
        // A book just opened has no pages on screen: show its chapters as the worker finishes them
        // instead of waiting for the whole book (a 1000-page book would stay blank for seconds).
        // A speculative chapter at page 0 is the first chapter laid out before the book was parsed
        // (worker/engine/first-chapter.ts): taken only while no page is shown.
        if ((!event.speculative || (event.firstPage === 0 && view.layoutRevision < 0 && view.pages.length === 0)) && (view.layoutRevision < 0 || growing === event.revision)) {
          growing = event.revision;
          void refreshPages();
        }
        break;
      case 'revision':
        setRevision(event.revision);
        setBusy(true);
        break;
      case 'textChanged':
        for (const change of [...event.changes].sort((a, b) => b.from - a.from)) {
          const text = texts[change.chapterId];
          if (text === undefined) continue;
          setTexts(change.chapterId, text.slice(0, change.from) + change.insert + text.slice(change.to));
        }
        break;
      case 'chaptersChanged':
        setView('chapters', reconcile(event.chapters, { key: 'id' }));
        void refreshTexts();
        break;
      case 'saved':
        // A sample's first save is its draft: from then on it is *Edited* (until restored). The
        // event also says what kind of book is open, which a crash restore's `opened` may not
        // know yet (the watchdog restarts a worker that a loaded machine kept from answering).
        if (event.id === view.id && event.locale === view.locale) {
          batch(() => {
            if (view.kind === null) setView('kind', event.kind);
            if (event.kind === 'preset') setView('edited', true);
          });
        }
        break;
      case 'progress':
        setProgress(event.done < event.total ? { done: event.done, total: event.total } : null);
        break;
      case 'converged':
        growing = null;
        if (event.revision >= revision()) setBusy(false);
        setProgress(null);
        void refreshPages();
        break;
      case 'workerLost':
        notify('warning', t('workerLost', { reason: event.reason }));
        break;
      case 'workerRestored':
        setNotices([]);
        notify('info', t('workerRestored', { revision: event.revision }), 8000);
        break;
      default:
        break;
    }
  });

  /** The open project was renamed (the worker's lists know; the open book's name follows here). */
  const renamed = (name: string): void => {
    setView('name', name);
  };

  return { view, texts, revision, busy, progress, notices, notify, dismiss, question, ask, renamed };
}

export type BookState = ReturnType<typeof createBookState>;
