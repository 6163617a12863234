import { batch, createEffect, createMemo, createSignal, For, Match, on, onCleanup, onMount, Show, Switch } from 'solid-js';
import type { BookClient } from '../worker/protocol/client';
import type { PageSummary } from '../worker/protocol/messages';
import { PagePainter, type SourceRect } from './canvas/page-painter';
import { startPaintWorker } from './worker-start';
import { ActivityBar } from './components/ActivityBar';
import { CanvasViewer } from './components/CanvasViewer';
import { PdfViewer, type PdfControls } from './pdf/PdfViewer';
import { EpubViewer, type EpubControls } from './epub/EpubViewer';
import { et } from './epub/strings';
import { BooksPanel } from './panels/BooksPanel';
import { DesignPanel } from './panels/DesignPanel';
import { ResourcesPanel } from './panels/ResourcesPanel';
import { FontsPanel } from './panels/FontsPanel';
import { watchLibrary } from './panels/books-state';
import { ChaptersPanel } from './components/ChaptersPanel';
import { DelayedFlag } from './state/delayed-flag';
import { Notices, QuestionDialog } from './components/Notices';
import { SidebarResizer } from './components/Sidebar';
import { TextPanel } from './components/TextPanel';
import type { ChapterEditors } from './editor/chapter-editors';
import { setUiLanguage, t, uiLanguage, type StringKey } from './i18n';
import { createBookState } from './state/book';
import { groupWarnings, targetOf, type CheckEntry, type CheckGroup } from './state/checks';
import { ChecksPanel } from './panels/ChecksPanel';
import { focusResource, focusSetting } from './state/panel-focus';
import { createUiState, formatPermalink, languageFromPath, parsePermalink, type PanelId, type Permalink } from './state/ui-state';
import { effectiveScope, openingScope, WHOLE_BOOK_CHAPTER_CAP, wholeBookAllowed } from './state/scope';
import type { SandboxScreen } from '../tools/ui-bridge';

/** How long a relayout runs before the status line says "updating…", ms (a typed edit converges in less). */
const UPDATING_DELAY_MS = 300;

/** The preset opened when nothing else is asked for (bundle-format: `default: true`). */
const DEFAULT_PRESET = 'postext-guide';
/** Phone layout below this width (tools.md §7.1). */
const PHONE_QUERY = '(max-width: 767.98px)';
/** Quiet time after a convergence before the checks are asked for, ms. */
const CHECKS_DELAY_MS = 250;

export function App(props: { client: BookClient; onScreen?: (screen: SandboxScreen) => () => void }) {
  const client = props.client;
  const store = createUiState();
  const { ui, setUi, save } = store;
  const book = createBookState(client);
  const painter = new PagePainter(client, startPaintWorker);
  const [failure, setFailure] = createSignal<string | null>(null);
  const [opening, setOpening] = createSignal(true);
  const [selection, setSelection] = createSignal<{ chapterId: string; from: number; to: number } | null>(null);
  const [rects, setRects] = createSignal<Map<number, SourceRect[]>>(new Map());
  const [goTo, setGoTo] = createSignal<{ label: string; seq: number } | null>(null);
  const [currentLabel, setCurrentLabel] = createSignal<string | null>(null);
  const [phone, setPhone] = createSignal(matchMedia(PHONE_QUERY).matches);
  let editors: ChapterEditors | undefined;
  /** Permalinks are written only once the one we were opened with has been applied. */
  let linkApplied = false;

  // Language: the path (`/es/sandbox`) wins over the saved choice.
  setUiLanguage(languageFromPath(location.pathname) ?? ui.language);
  createEffect(() => {
    document.documentElement.dataset['theme'] = ui.theme;
    document.documentElement.style.colorScheme = ui.theme;
  });

  const phoneQuery = matchMedia(PHONE_QUERY);
  const onPhone = () => setPhone(phoneQuery.matches);
  phoneQuery.addEventListener('change', onPhone);
  onCleanup(() => phoneQuery.removeEventListener('change', onPhone));

  // --- Opening books and permalinks -------------------------------------------------------
  let goSeq = 0;
  const requestPage = (label: string) => setGoTo({ label, seq: ++goSeq });

  /** Applies the view parts of a link (chapter, page) to the open book. */
  const applyLinkView = (link: Permalink) => {
    if (link.chapter) {
      const chapter = book.view.chapters[link.chapter - 1];
      if (chapter) setUi('chapterId', chapter.id);
    }
    if (link.page) requestPage(link.page);
    if (link.view) setUi('viewer', link.view === 'pdf' || link.view === 'epub' ? link.view : 'canvas'); // the other viewers do not exist yet
  };

  /** Opens a sample edition (`preset`, `lang`) or, when `project` is given, one of the user's projects. */
  const openBook = async (preset: string, lang: string | undefined, link: Permalink, project?: string) => {
    setOpening(true);
    setFailure(null);
    linkApplied = false;
    try {
      let snapshot;
      try {
        snapshot = project !== undefined ? await client.openProject(project) : await client.openPreset(preset, lang);
      } catch (error) {
        // A stale saved book or a bad link (a deleted project, an unknown sample) falls back to the built-in sample.
        if (project === undefined && preset === DEFAULT_PRESET && !lang) throw error;
        snapshot = await client.openPreset(DEFAULT_PRESET);
        if (project !== undefined) book.notify('warning', t('projectMissing'));
      }
      batch(() => {
        if (snapshot.kind !== 'project') {
          setUi('preset', snapshot.id);
          setUi('bookLang', snapshot.locale);
        }
        setUi('project', snapshot.kind === 'project' ? snapshot.id : null);
        if (!snapshot.chapters.some((c) => c.id === ui.chapterId)) setUi('chapterId', snapshot.chapters[0]?.id ?? null);
        // A bundle may ask to open on the whole book or chapter by chapter (bundle-format §8).
        setUi('scope', openingScope(ui.scope, snapshot.canvasScope));
      });
      applyLinkView(link);
      save();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setOpening(false);
      linkApplied = true;
    }
  };

  /**
   * A book opened by a panel (a project, a new or imported book): the viewport shows the loading
   * state meanwhile, never the previous book's pages (tools.md §7.3, §7.14).
   */
  const whileOpening = async <T,>(work: () => Promise<T>): Promise<T> => {
    setOpening(true);
    setFailure(null);
    try {
      return await work();
    } finally {
      setOpening(false);
    }
  };

  /**
   * A pasted link: opens another book in place, or moves the view in this one. The link is read
   * from the event (`newURL`), not from `location`: the permalink effect below may have written the
   * current book's link over it with replaceState before this event is handled (it does when a
   * layout converges meanwhile), and the pasted link would then be lost.
   */
  const onHashChange = (event: HashChangeEvent) => {
    const link = parsePermalink(new URL(event.newURL).hash);
    const preset = link.preset ?? ui.preset;
    const sameBook = link.project !== undefined
      ? book.view.kind === 'project' && link.project === book.view.id
      : preset === book.view.id && (!link.lang || link.lang.toLowerCase() === book.view.locale.toLowerCase());
    if (sameBook) applyLinkView(link);
    else
      void openBook(preset, link.lang, link, link.project).then(() => {
        // The last operation's status (tools.md §7.18 notice).
        if (!failure()) book.notify('info', t('opened', { name: book.view.name }), 6000);
      });
  };

  onMount(async () => {
    try {
      await client.start();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    const link = parsePermalink(location.hash);
    const fromLink = link.preset !== undefined || link.lang !== undefined || link.project !== undefined;
    const preset = link.preset ?? ui.preset ?? DEFAULT_PRESET;
    const lang = link.lang ?? (fromLink ? undefined : ui.bookLang ?? undefined);
    // A project link, else (without any link) the project open last.
    const project = link.project ?? (fromLink ? undefined : ui.project ?? undefined);
    // Without a link, the saved place (chapter and page) is restored.
    if (!link.page && !fromLink && ui.pageLabel) requestPage(ui.pageLabel);
    await openBook(preset, lang, link, project);
    window.addEventListener('hashchange', onHashChange);
  });
  onCleanup(() => window.removeEventListener('hashchange', onHashChange));

  // Keep the chosen chapter valid as chapters come and go.
  createEffect(() => {
    const chapters = book.view.chapters;
    if (chapters.length > 0 && !chapters.some((c) => c.id === ui.chapterId)) setUi('chapterId', chapters[0]!.id);
  });
  createEffect(() => {
    const id = ui.chapterId;
    if (id) void client.setVisibleChapter(id).catch(() => undefined);
  });

  // Writes the permalink (replaceState: no history entries) and saves the UI state.
  createEffect(() => {
    const chapterIndex = book.view.chapters.findIndex((c) => c.id === ui.chapterId);
    const isProject = book.view.kind === 'project';
    const link: Permalink = {
      ...(isProject ? { project: book.view.id } : { preset: book.view.id || ui.preset, lang: book.view.locale }),
      view: ui.viewer,
      ...(chapterIndex >= 0 ? { chapter: chapterIndex + 1 } : {}),
      ...(currentLabel() ? { page: currentLabel()! } : {}),
    };
    if (!linkApplied || opening() || !book.view.id || book.view.layoutRevision < 0) return;
    const hash = formatPermalink(link);
    if (hash !== location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
    // The book to reopen next time: a project opened from the Books panel comes back as one.
    setUi('project', isProject ? book.view.id : null);
    if (!isProject && book.view.kind === 'preset') {
      setUi('preset', book.view.id);
      setUi('bookLang', book.view.locale);
    }
    setUi('pageLabel', currentLabel());
    save();
  });
  const flush = () => store.saveNow();
  // Book storage: the worker's notices, and its pending edits flushed on page hide and close.
  onCleanup(watchLibrary(client, book.notify));
  window.addEventListener('pagehide', flush);
  onCleanup(() => window.removeEventListener('pagehide', flush));

  // --- Pages in scope, selection on the pages ------------------------------------------------
  const scopedPages = createMemo<PageSummary[]>(() => {
    // A fresh array each time: the store's array proxy keeps its identity across layouts, and
    // the viewer reacts to a new page list (pending "go to page" requests, anchoring).
    const pages = [...book.view.pages];
    // Books above 200 chapters are shown one chapter at a time whatever is chosen (tools.md §7.13).
    if (effectiveScope(ui.scope, book.view.chapters.length) === 'book') return pages;
    const id = ui.chapterId;
    const own = pages.filter((p) => p.chapter === id);
    return own.length > 0 ? own : pages;
  });

  let rectTimer: ReturnType<typeof setTimeout> | undefined;
  createEffect(() => {
    const sel = selection();
    const revision = book.view.layoutRevision;
    clearTimeout(rectTimer);
    if (!sel || revision < 0) return setRects(new Map());
    // Asked a moment after the caret settles, so typing never waits on the worker.
    rectTimer = setTimeout(async () => {
      const to = sel.to > sel.from ? sel.to : sel.from + 1;
      const list = await client.sourceRects(sel.chapterId, sel.from, to).catch(() => []);
      const byPage = new Map<number, SourceRect[]>();
      for (const r of list) byPage.set(r.pageIndex, [...(byPage.get(r.pageIndex) ?? []), r]);
      setRects(byPage);
    }, 60);
  });

  const chapterTitle = (id: string) => {
    const index = book.view.chapters.findIndex((c) => c.id === id);
    return index < 0 ? '' : book.view.chapters[index]!.title || t('untitled', { n: index + 1 });
  };

  /** Click-to-source: opens the chapter in the Text panel with the caret at the offset. */
  const showSource = (chapterId: string, offset: number, to = offset) => {
    batch(() => {
      setUi('chapterId', chapterId);
      setUi('panel', 'text');
    });
    save();
    void editors?.reveal(chapterId, chapterTitle(chapterId), offset, to);
  };

  // --- Checks ------------------------------------------------------------------------------
  // The worker's warnings (engine/checks), asked for a moment after each convergence: a burst
  // of typing converges many times and only the last one is checked (never on the typing path).
  const [checks, setChecks] = createSignal<{ total: number; groups: CheckGroup[] }>({ total: 0, groups: [] });
  let checksTimer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(checksTimer));
  createEffect(
    on(
      () => book.view.layoutRevision,
      (revision) => {
        clearTimeout(checksTimer);
        if (revision < 0) return;
        checksTimer = setTimeout(() => {
          void client
            .getWarnings()
            .then((result) => {
              if (result.revision >= book.view.layoutRevision) setChecks({ total: result.total, groups: groupWarnings(result.warnings) });
            })
            .catch(() => undefined);
        }, CHECKS_DELAY_MS);
      },
    ),
  );
  /** A warning's entry: its chapter with the source selected and its page, or just its page. */
  const openCheck = (entry: CheckEntry) => {
    const target = targetOf(entry);
    if (target.kind === 'source') {
      showSource(target.chapterId, target.from, target.to);
      if (target.page) requestPage(target.page);
    } else if (target.kind === 'page') {
      if (target.chapterId) setUi('chapterId', target.chapterId);
      requestPage(target.page);
    } else if (target.kind === 'setting') {
      setPanel('design');
      focusSetting(target.path);
    } else if (target.kind === 'resource') {
      setPanel('resources');
      focusResource(target.id);
    }
  };

  // --- Handle for tests and tools -------------------------------------------------------------
  if (window.postextApp) {
    window.postextApp.ui = {
      selection: () => selection(),
      editorText: () => (editors?.chapterId ? editors.view.state.doc.toString() : null),
      view: () => ({ panel: ui.panel, zoom: ui.zoom, fit: ui.fit, spread: ui.spread, scope: effectiveScope(ui.scope, book.view.chapters.length), chapterId: ui.chapterId, page: currentLabel() }),
      notice: () => {
        const n = book.notices()[0];
        return n ? { id: n.id, text: n.text, level: n.level } : null;
      },
      question: () => {
        const q = book.question();
        return q ? { id: q.id, kind: q.kind, book: q.book, options: q.options } : null;
      },
      answer: (answer) => {
        if (answer.dismissNotice) for (const n of book.notices()) book.dismiss(n.id);
        if (answer.replaceCopy !== undefined) book.question()?.resolve(answer.replaceCopy ? 'replace' : 'keep');
      },
    };
  }

  // --- The agent tools' view of the screen (src/tools/ui-bridge.ts) -----------------------------
  /** The PDF tab's Regenerate and Print, for sandbox_run_viewer. */
  let pdfControls: PdfControls | null = null;
  /** The EPUB tab's Regenerate, text size and Contents, for sandbox_run_viewer / set_view / go_to_page. */
  let epubControls: EpubControls | null = null;
  if (props.onScreen) {
    const screen: SandboxScreen = {
      view: () => ({
        viewer: ui.viewer,
        panel: ui.panel ?? 'none',
        scope: effectiveScope(ui.scope, book.view.chapters.length),
        chapter: ui.chapterId,
        pageLabel: currentLabel(),
        zoom: ui.zoom,
        fit: ui.fit,
        pages: ui.spread ? 'spread' : 'single',
        baselineGrid: ui.guides.baseline,
        ...(epubControls ? { fontScale: epubControls.fontScale() } : {}),
        ...(ui.viewer === 'epub' && epubControls?.currentContents() ? { contents: epubControls.currentContents()! } : {}),
      }),
      viewers: () => ['canvas', 'pdf', 'epub'], // the tabs the tab bar below renders
      selection: () => selection(),
      notice: () => {
        const n = book.notices()[0];
        return n ? { id: n.id, text: n.text, level: n.level } : null;
      },
      question: () => {
        const q = book.question();
        return q ? { id: q.id, kind: q.kind, book: q.book, options: q.options } : null;
      },
      setView: (change) => {
        batch(() => {
          if (change.viewer) setUi('viewer', change.viewer);
          if (change.panel) setUi('panel', change.panel === 'none' ? null : change.panel);
          if (change.scope) setUi('scope', change.scope);
          if (change.chapter) setUi('chapterId', change.chapter);
          if (change.zoom !== undefined) batch(() => (setUi('zoom', change.zoom!), setUi('fit', 'none')));
          if (change.fit) setUi('fit', change.fit);
          if (change.pages) setUi('spread', change.pages === 'spread');
          if (change.baselineGrid !== undefined) setUi('guides', 'baseline', change.baselineGrid);
        });
        if (change.fontScale !== undefined) epubControls?.setFontScale(change.fontScale);
        save();
      },
      goToPage: (chapterId, label) => {
        setUi('chapterId', chapterId);
        requestPage(label);
        save();
      },
      selectText: async (chapterId, from, to) => {
        batch(() => {
          setUi('chapterId', chapterId);
          setUi('panel', 'text');
        });
        save();
        setSelection({ chapterId, from, to });
        await editors?.reveal(chapterId, chapterTitle(chapterId), from, to, false);
      },
      answer: (answer) => {
        if (answer.dismissNotice) for (const n of book.notices()) book.dismiss(n.id);
        if (answer.replaceCopy !== undefined) book.question()?.resolve(answer.replaceCopy ? 'replace' : 'keep');
      },
      epubContents: () => epubControls?.contents() ?? [],
      goToContents: async (index) => {
        if (ui.viewer !== 'epub') {
          setUi('viewer', 'epub');
          save();
        }
        return epubControls ? epubControls.goToContents(index) : false;
      },
      runViewer: async ({ viewer, action }, signal) => {
        if (viewer === 'epub') {
          if (!epubControls) return { ok: false, error: 'The EPUB tab is not ready yet; try again in a moment.' };
          if (ui.viewer !== 'epub') {
            setUi('viewer', 'epub');
            save();
          }
          const run = await epubControls.regenerate(signal);
          return run.ok ? { ok: true, bytes: run.bytes, pages: run.sections, ms: run.ms, warnings: run.warnings, scope: 'book', fileName: run.fileName, revision: run.revision, regenerated: run.regenerated } : run;
        }
        if (!pdfControls) return { ok: false, error: 'The PDF tab is not ready yet; try again in a moment.' };
        // A toolbar button is pressed on its tab: show it, so the user sees what the agent did.
        if (ui.viewer !== 'pdf') {
          setUi('viewer', 'pdf');
          save();
        }
        return action === 'print' ? pdfControls.print(signal) : pdfControls.regenerate(signal);
      },
    };
    onCleanup(props.onScreen(screen));
  }

  // --- Layout ------------------------------------------------------------------------------
  const setPanel = (panel: PanelId | null) => {
    setUi('panel', panel);
    save();
  };
  const panelTitle = (): StringKey => ui.panel ?? 'text';
  // "updating…" is shown only once a relayout has run for UPDATING_DELAY_MS (state/delayed-flag):
  // a one-paragraph edit converges well within it, and flashing the word on every keystroke
  // repainted the window (≈13 ms of the main thread and the compositor per edit in the bench's
  // trace, competing with the worker for the CPU) and had the live region announce it each time.
  const [updatingShown, setUpdatingShown] = createSignal(false);
  const updating = new DelayedFlag(UPDATING_DELAY_MS, setUpdatingShown);
  createEffect(() => updating.set(book.busy()));
  onCleanup(() => updating.dispose());
  const status = () => {
    if (failure()) return t('couldNotOpen');
    if (opening()) return t('opening');
    if (book.view.pages.length === 0) return t('typesetting');
    return `${t('pageCount', { n: book.view.pages.length })}${book.busy() && updatingShown() ? ` · ${t('updating')}` : ''}`;
  };
  const sidebarOpen = () => ui.panel !== null;

  createEffect(on(uiLanguage, (lang) => {
    setUi('language', lang);
    save();
  }, { defer: true }));

  return (
    <div
      class="app"
      classList={{ phone: phone(), 'sidebar-open': sidebarOpen() }}
      style={{ '--sidebar-width': `${ui.sidebarPct}vw` }}
    >
      <ActivityBar
        panel={ui.panel}
        onPanel={setPanel}
        checks={checks().total}
        theme={ui.theme}
        onTheme={(theme) => {
          setUi('theme', theme);
          save();
        }}
        onLanguage={(lang) => setUiLanguage(lang)}
      />
      <aside id="sidebar" class="sidebar" aria-label={t(panelTitle())} hidden={!sidebarOpen()}>
        <header class="panel-header">
          <h2 class="panel-title">{t(panelTitle())}</h2>
        </header>
        <div class="panel-body">
          {/* The Text panel stays mounted (hidden) so undo histories and carets survive panel switches. */}
          <div class="panel-slot" hidden={ui.panel !== 'text'}>
            <TextPanel
              client={client}
              book={book}
              chapterId={ui.chapterId}
              onChapter={(id) => {
                setUi('chapterId', id);
                save();
              }}
              onSelection={(chapterId, from, to) => setSelection({ chapterId, from, to })}
              ref={(e) => (editors = e)}
            />
          </div>
          <Switch>
            <Match when={ui.panel === 'chapters'}>
              <ChaptersPanel
                client={client}
                book={book}
                activeId={ui.chapterId}
                onOpen={(id) => {
                  setUi('chapterId', id);
                  save();
                }}
              />
            </Match>
            <Match when={ui.panel === 'checks'}>
              <ChecksPanel groups={checks().groups} onOpen={openCheck} />
            </Match>
            <Match when={ui.panel === 'books'}>
              <BooksPanel
                client={client}
                notify={book.notify}
                ask={book.ask}
                onOpened={() => setPanel('chapters')}
                whileOpening={whileOpening}
                opening={opening()}
                openId={book.view.id}
                openLocale={book.view.locale}
                onOpen={(preset, locale) => {
                  // Opening a book moves the sidebar to Chapters; the open one goes there directly.
                  const same = preset === book.view.id && (!locale || locale.toLowerCase() === book.view.locale.toLowerCase());
                  setPanel('chapters');
                  if (same) return;
                  void openBook(preset, locale, {}).then(() => {
                    if (!failure()) book.notify('info', t('opened', { name: book.view.name }), 4000);
                  });
                }}
              />
            </Match>
            <Match when={ui.panel === 'resources'}>
              <ResourcesPanel client={client} revision={book.revision()} />
            </Match>
            <Match when={ui.panel === 'fonts'}>
              <FontsPanel client={client} revision={book.revision()} />
            </Match>
            <Match when={ui.panel === 'design'}>
              <DesignPanel client={client} revision={book.revision()} />
            </Match>
          </Switch>
        </div>
      </aside>
      <Show when={sidebarOpen() && !phone()}>
        <SidebarResizer value={ui.sidebarPct} onChange={(pct) => setUi('sidebarPct', pct)} onCommit={save} />
      </Show>
      <main class="viewport" inert={phone() && sidebarOpen() ? true : undefined} aria-hidden={phone() && sidebarOpen() ? 'true' : undefined}>
        <div class="tab-bar">
          <label class="visually-hidden" for="scope-select">
            {t('scope')}
          </label>
          <select
            id="scope-select"
            class="scope-select"
            data-testid="scope-select"
            // The EPUB tab writes the whole book and shows its rendition selector instead (tools.md §7.10).
            hidden={ui.viewer === 'epub'}
            value={effectiveScope(ui.scope, book.view.chapters.length)}
            onChange={(e) => {
              setUi('scope', e.currentTarget.value === 'chapter' ? 'chapter' : 'book');
              save();
            }}
          >
            <option value="chapter" selected={effectiveScope(ui.scope, book.view.chapters.length) === 'chapter'}>
              {t('scopeChapter')}
            </option>
            <option value="book" selected={effectiveScope(ui.scope, book.view.chapters.length) === 'book'} disabled={!wholeBookAllowed(book.view.chapters.length)}>
              {wholeBookAllowed(book.view.chapters.length) ? t('scopeBook') : t('scopeBookCapped', { n: WHOLE_BOOK_CHAPTER_CAP })}
            </option>
          </select>
          <div
            class="tabs"
            role="tablist"
            aria-label={t('viewers')}
            onKeyDown={(e) => {
              // Arrow keys move between the tabs (WAI-ARIA tabs pattern, automatic activation).
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              const order = ['canvas', 'pdf', 'epub'] as const;
              // Arrow keys follow the reading direction of the interface (ArrowLeft moves on in Arabic).
              const forward = (e.key === 'ArrowRight') !== (document.documentElement.dir === 'rtl');
              const at = Math.max(0, order.indexOf(ui.viewer as (typeof order)[number]));
              const next = order[(at + (forward ? 1 : order.length - 1)) % order.length]!;
              setUi('viewer', next);
              save();
              document.getElementById(`tab-${next}`)?.focus();
              e.preventDefault();
            }}
          >
            <button type="button" role="tab" id="tab-canvas" class="tab" aria-selected={ui.viewer === 'canvas'} aria-controls="viewer-canvas" tabindex={ui.viewer === 'canvas' ? 0 : -1} onClick={() => (setUi('viewer', 'canvas'), save())}>
              {t('canvas')}
            </button>
            <button type="button" role="tab" id="tab-pdf" class="tab" aria-selected={ui.viewer === 'pdf'} aria-controls="viewer-pdf" tabindex={ui.viewer === 'pdf' ? 0 : -1} onClick={() => (setUi('viewer', 'pdf'), save())}>
              PDF
            </button>
            <button type="button" role="tab" id="tab-epub" class="tab" aria-selected={ui.viewer === 'epub'} aria-controls="viewer-epub" tabindex={ui.viewer === 'epub' ? 0 : -1} onClick={() => (setUi('viewer', 'epub'), save())}>
              {et('tab')}
            </button>
          </div>
          <h1 class="book-name">{opening() ? t('opening') : book.view.name || t('appName')}</h1>
          <span class="status" data-testid="status" data-revision={book.view.layoutRevision} data-busy={book.busy() ? "true" : "false"} aria-live="polite">
            {status()}
          </span>
        </div>
        <Show when={failure()}>
          <p class="failure" role="alert">
            {failure()}
          </p>
        </Show>
        <div class="viewer-panel" role="tabpanel" id="viewer-pdf" aria-labelledby="tab-pdf" hidden={ui.viewer !== 'pdf'}>
          <PdfViewer client={client} revision={book.view.layoutRevision} chapterId={ui.chapterId} active={ui.viewer === 'pdf'} controls={(c) => (pdfControls = c)} />
        </div>
        <div class="viewer-panel" role="tabpanel" id="viewer-epub" aria-labelledby="tab-epub" hidden={ui.viewer !== 'epub'}>
          <EpubViewer client={client} revision={book.view.layoutRevision} bookKey={`${book.view.id}:${book.view.locale}`} active={ui.viewer === 'epub'} controls={(c) => (epubControls = c)} />
        </div>
        <div class="viewer-panel" role="tabpanel" id="viewer-canvas" aria-labelledby="tab-canvas" hidden={ui.viewer !== 'canvas'}>
          {/* Opening another book shows the loading state, never the previous book's pages (tools.md §7.14). */}
          <Show when={!opening()} fallback={<p class="placeholder">{t('opening')}</p>}>
            <CanvasViewer
              client={client}
              painter={painter}
              store={store}
              pages={scopedPages()}
              rects={rects()}
              caret={(selection()?.from ?? 0) === (selection()?.to ?? 0)}
              goTo={goTo()}
              onCurrentPage={setCurrentLabel}
              onSource={(chapterId, offset) => showSource(chapterId, offset)}
            />
          </Show>
        </div>
      </main>
      <Notices notices={book.notices()} onDismiss={book.dismiss} />
      <QuestionDialog question={book.question()} />
    </div>
  );
}
