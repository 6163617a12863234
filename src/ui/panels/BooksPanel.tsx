/**
 * The Books panel (tools.md §7.3): My books (projects in the worker's IndexedDB) and Sample books
 * (presets), a New menu, row menus, import by file picker or drop, and the status of the last
 * operation. Everything goes through the worker client; the panel keeps only what it shows.
 */
import { createMemo, createResource, createSignal, For, onCleanup, Show, type JSX } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import type { BookCover, PostextInfoResult, ProjectEntry, SampleEntry } from '../../worker/protocol/messages';
import type { QuestionText } from '../state/book';
import { t, uiLanguage } from '../i18n';
import { createCoverUrls, download, hiddenSamples, setSampleHidden } from './books-state';
import { bt, type BooksStringKey } from './books-strings';
import './books-panel.css';

/**
 * The panel's strings in the UI language (`books-strings.ts`). Every read goes through `bt`, and
 * Solid reads JSX member expressions inside effects, so a language switch relabels the panel.
 */
const S = new Proxy({} as Readonly<Record<BooksStringKey, string>>, { get: (_, key) => bt(key as BooksStringKey) });

const COVER_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

export interface BooksPanelProps {
  client: BookClient;
  openId: string;
  openLocale: string;
  /** Opens a sample edition through the shell (permalink, panel switch). */
  onOpen: (preset: string, locale: string | undefined) => void;
  /** A project was opened here: the shell moves the sidebar to Chapters. */
  onOpened?: () => void;
  notify?: (level: 'info' | 'warning', text: string, autoHideMs?: number) => void;
  /**
   * Runs a call that opens another book with the shell's loading state ("Opening the book…",
   * never the previous book's pages; tools.md §7.3). Without it the call just runs.
   */
  whileOpening?: <T>(work: () => Promise<T>) => Promise<T>;
  /** A book is being opened: the rows that open books wait (no second book on a double click). */
  opening?: boolean;
  /** Asks the replace-copy question (tools.md §7.18); without it an import always makes a new book. */
  ask?: (kind: 'replaceCopy', book: { name: string; id: string }, text: QuestionText) => Promise<'keep' | 'replace'>;
}

export function BooksPanel(props: BooksPanelProps) {
  const client = props.client;
  const opening = <T,>(work: () => Promise<T>): Promise<T> => (props.whileOpening ? props.whileOpening(work) : work());
  // Async, so that a call before the client has started (the panel may render first) is a null list.
  const [list, { refetch }] = createResource(async () => {
    try {
      return await client.listBooks();
    } catch {
      return null;
    }
  });
  const projectById = createMemo(() => new Map((list()?.projects ?? []).map((project) => [project.id, project])));
  const projectIds = createMemo(() => [...projectById().keys()], undefined, { equals: (a, b) => a.length === b.length && a.every((id, i) => id === b[i]) });
  const [status, setStatus] = createSignal<{ text: string; level: 'info' | 'warning' } | null>(null);
  const [menu, setMenu] = createSignal<string | null>(null);
  const [renaming, setRenaming] = createSignal<string | null>(null);
  /**
   * What is typed in the rename form, kept here rather than read from the input: the list is
   * refetched (a cover set, another tab's change) and its rows re-created while the user types.
   */
  const [draft, setDraft] = createSignal<{ id: string; name?: string; description?: string } | null>(null);
  const [confirming, setConfirming] = createSignal<string | null>(null);
  const [pendingImport, setPendingImport] = createSignal<{ bytes: Uint8Array; info: PostextInfoResult; locale: string } | null>(null);
  const [dragging, setDragging] = createSignal(false);
  const covers = createCoverUrls();
  let fileInput: HTMLInputElement | undefined;
  let coverInput: HTMLInputElement | undefined;
  let coverTarget: string | null = null;

  const off = client.on((event) => {
    if (event.type === 'libraryChanged' || event.type === 'opened') void refetch();
  });
  onCleanup(() => {
    off();
    covers.release();
  });

  /** Runs an operation and shows its outcome as the panel's status (and a notice). */
  const run = async (label: string, action: () => Promise<string | void>): Promise<void> => {
    setMenu(null);
    try {
      const done = await action();
      const text = done || label;
      setStatus({ text, level: 'info' });
      props.notify?.('info', text, 4000);
    } catch (error) {
      const text = bt('failed', { what: label, reason: error instanceof Error ? error.message : String(error) });
      setStatus({ text, level: 'warning' });
      props.notify?.('warning', text);
    }
    void refetch();
  };

  const languageName = (code: string): string => {
    try {
      return new Intl.DisplayNames([uiLanguage()], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const tagLabel = (code: string): string => ({ 'zh-Hant': '繁', 'zh-Hans': '简' } as Record<string, string>)[code] ?? code.toUpperCase();

  // ---- import -------------------------------------------------------------------------------
  const importFile = async (file: File): Promise<void> => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let info: PostextInfoResult;
    try {
      info = await client.inspectPostext(bytes);
    } catch (error) {
      const text = `${file.name}: ${error instanceof Error ? error.message : String(error)}`;
      setStatus({ text, level: 'warning' });
      props.notify?.('warning', text);
      return;
    }
    // A multilingual file asks which language, starting from its own locale.
    if (info.locales.length > 1) {
      setPendingImport({ bytes, info, locale: info.locale ?? info.locales[0]! });
      return;
    }
    await finishImport(bytes, undefined, file.name, info);
  };
  const finishImport = async (bytes: Uint8Array, locale: string | undefined, name: string, info: PostextInfoResult): Promise<void> => {
    setPendingImport(null);
    // The file's book is already in My books (imported before): replace that copy or keep both.
    // Asked of the worker, not read from `list()`: the panel may have just mounted and not listed yet.
    const projects = await client.listBooks().then((books) => books.projects, () => [] as ProjectEntry[]);
    const existing = projects.find((p) => p.origin === `postext:${info.id}`);
    let replaceProjectId: string | undefined;
    if (existing && props.ask) {
      const answer = await props.ask('replaceCopy', { name: existing.name, id: existing.id }, {
        title: S.importTitle,
        message: bt('importMessage', { name: existing.name }),
        keep: S.keepBoth,
        replace: S.replace,
      });
      if (answer === 'replace') replaceProjectId = existing.id;
    }
    await run(bt('importWhat', { name }), async () => {
      const { project } = await opening(() => client.importPostext({ bytes, ...(locale ? { locale } : {}), open: true, ...(replaceProjectId ? { replaceProjectId } : {}) }));
      props.onOpened?.();
      if (replaceProjectId) return bt('importedReplacing', { name: project.name });
      return existing ? `${S.keptBoth} ${bt('imported', { name: project.name })}` : bt('imported', { name: project.name });
    });
  };
  const onDrop: JSX.EventHandler<HTMLDivElement, DragEvent> = (event) => {
    event.preventDefault();
    setDragging(false);
    const file = [...(event.dataTransfer?.files ?? [])][0];
    if (file) void importFile(file);
  };

  // ---- covers -------------------------------------------------------------------------------
  const chooseCover = (projectId: string): void => {
    coverTarget = projectId;
    coverInput?.click();
  };
  const onCoverPicked = async (file: File | undefined): Promise<void> => {
    const projectId = coverTarget;
    coverTarget = null;
    if (!file || !projectId) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    await run(bt('setCoverWhat'), async () => {
      await client.setCover({ book: { kind: 'project', projectId }, cover: { bytes, mime: file.type as 'image/png' } });
      return bt('coverSet');
    });
  };

  const exportBook = (ref: Parameters<BookClient['exportBook']>[0], name: string) =>
    run(bt('downloadWhat', { name }), async () => {
      const result = await client.exportBook(ref);
      download(result.bytes, result.fileName);
      return result.warnings.length > 0 ? bt('downloadedWith', { file: result.fileName, warnings: result.warnings.join('; ') }) : bt('downloaded', { file: result.fileName });
    });

  const openProject = (project: ProjectEntry) => {
    setMenu(null);
    props.onOpened?.();
    if (project.id === props.openId) return;
    void run(bt('openWhat', { name: project.name }), async () => {
      await opening(() => client.openProject(project.id));
      return t('opened', { name: project.name });
    });
  };

  // ---- rows ---------------------------------------------------------------------------------
  const Cover = (p: { cover: BookCover | null | undefined; fallback?: string | null; name: string }) => (
    <span class="books-cover" aria-hidden="true">
      <Show when={covers.url(p.cover) ?? p.fallback} fallback={<span class="books-cover-blank">{p.name.slice(0, 1)}</span>}>
        {(src) => <img src={src()} alt="" />}
      </Show>
    </span>
  );

  const ProjectRow = (p: { project: ProjectEntry }) => {
    const project = () => p.project;
    let nameField: HTMLInputElement | undefined;
    let descriptionField: HTMLTextAreaElement | undefined;
    const typed = () => {
      const d = draft();
      return d && d.id === project().id ? d : null;
    };
    const commitRename = () =>
      run(bt('renameWhat'), async () => {
        const name = typed()?.name ?? nameField?.value ?? project().name;
        const description = typed()?.description ?? descriptionField?.value ?? project().description;
        setRenaming(null);
        setDraft(null);
        const entry = await client.renameProject({ projectId: project().id, name, description });
        return bt('renamed', { name: entry.name });
      });
    return (
      <li class="book-row books-project" classList={{ active: project().id === props.openId }} data-book-id={project().id} data-testid="project-row">
        <Show
          when={renaming() === project().id}
          fallback={
            <div class="books-row-main">
              <button type="button" class="book-open" aria-current={project().id === props.openId ? 'true' : undefined} disabled={props.opening} onClick={() => openProject(project())}>
                <Cover cover={project().cover} name={project().name} />
                <span class="books-row-text">
                  <span class="book-row-name" id={`books-name-${project().id}`}>{project().name}</span>
                  <Show when={project().description}>
                    <span class="book-row-description">{project().description}</span>
                  </Show>
                </span>
              </button>
              <button type="button" class="icon-button books-more" aria-label={S.more} title={S.moreFor.replace('{name}', project().name)} aria-describedby={`books-name-${project().id}`} aria-expanded={menu() === project().id} onClick={() => setMenu(menu() === project().id ? null : project().id)}>
                ⋯
              </button>
            </div>
          }
        >
          <form
            class="books-rename"
            onSubmit={(e) => {
              e.preventDefault();
              void commitRename();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setRenaming(null);
                setDraft(null);
              }
              if (e.key === 'Enter' && e.target instanceof HTMLTextAreaElement && !e.shiftKey) {
                e.preventDefault();
                void commitRename();
              }
            }}
          >
            <button type="button" class="books-cover-button" aria-label={S.setCover} onClick={() => chooseCover(project().id)}>
              <Cover cover={project().cover} name={project().name} />
            </button>
            <Show when={project().cover}>
              <button type="button" class="icon-button" aria-label={S.removeCover} onClick={() => void run(bt('removeCoverWhat'), async () => { await client.setCover({ book: { kind: 'project', projectId: project().id }, cover: null }); return bt('coverRemoved'); })}>
                ×
              </button>
            </Show>
            <label>
              {S.name}
              <input ref={nameField} value={typed()?.name ?? project().name} aria-label={S.name} onInput={(e) => setDraft({ ...(typed() ?? { id: project().id }), name: e.currentTarget.value })} />
            </label>
            <label>
              {S.description}
              <textarea ref={descriptionField} rows={2} aria-label={S.description} value={typed()?.description ?? project().description} onInput={(e) => setDraft({ ...(typed() ?? { id: project().id }), description: e.currentTarget.value })} />
            </label>
            <span class="books-actions">
              <button type="submit">{S.save}</button>
              <button type="button" onClick={() => { setRenaming(null); setDraft(null); }}>{S.cancel}</button>
            </span>
          </form>
        </Show>
        <Show when={menu() === project().id}>
          <div class="books-menu" role="menu" aria-label={project().name}>
            <button type="button" role="menuitem" onClick={() => openProject(project())}>{S.open}</button>
            <button type="button" role="menuitem" onClick={() => { setMenu(null); setRenaming(project().id); }}>{S.rename}</button>
            <button type="button" role="menuitem" onClick={() => void run(bt('duplicateWhat'), async () => bt('made', { name: (await client.copyBook({ source: { kind: 'project', projectId: project().id } })).name }))}>{S.duplicate}</button>
            <button type="button" role="menuitem" onClick={() => void exportBook({ kind: 'project', projectId: project().id }, project().name)}>{S.download}</button>
            <button type="button" role="menuitem" class="books-danger" onClick={() => { setMenu(null); setConfirming(project().id); }}>{S.remove}</button>
          </div>
        </Show>
        <Show when={confirming() === project().id}>
          <div class="books-confirm" role="group" aria-label={S.confirmDelete}>
            <span>{S.confirmDelete}</span>
            <button
              type="button"
              class="books-danger"
              onClick={() => {
                setConfirming(null);
                void run(bt('deleteWhat', { name: project().name }), async () => {
                  // Deleting the open book opens the built-in sample: that is an opening too.
                  const { reopened } = await (project().id === props.openId ? opening(() => client.deleteProject(project().id)) : client.deleteProject(project().id));
                  return reopened ? bt('deletedReopened', { name: project().name, other: reopened.name }) : bt('deleted', { name: project().name });
                });
              }}
            >
              {S.removeNow}
            </button>
            <button type="button" onClick={() => setConfirming(null)}>{S.cancel}</button>
          </div>
        </Show>
      </li>
    );
  };

  const SampleRow = (p: { sample: SampleEntry }) => {
    const sample = () => p.sample;
    const isOpen = () => sample().id === props.openId;
    const edition = () => (isOpen() ? props.openLocale : sample().openLocale ?? sample().locale ?? '');
    const cover = () => sample().covers[edition()] ?? Object.values(sample().covers)[0] ?? null;
    const key = () => `sample:${sample().id}`;
    const hiddenNow = () => hiddenSamples().includes(sample().id);
    return (
      <li class="book-row books-sample" classList={{ active: isOpen(), 'books-unavailable': sample().unavailable === true }} data-book-id={sample().id} data-testid="sample-row">
        <div class="books-row-main">
          <button type="button" class="book-open" aria-current={isOpen() ? 'true' : undefined} disabled={props.opening} onClick={() => props.onOpen(sample().id, isOpen() ? props.openLocale : undefined)}>
            <Cover cover={cover()} fallback={sample().thumbnail ? `${import.meta.env.BASE_URL}presets/${sample().thumbnail}` : null} name={sample().name} />
            <span class="books-row-text">
              <span class="book-row-name" id={`books-name-${sample().id}`}>{sample().name}</span>
              <Show when={sample().description}>
                <span class="book-row-description">{sample().description}</span>
              </Show>
              <Show when={sample().edited.length > 0}>
                <span class="books-tag" data-testid="edited-tag">{S.edited}</span>
              </Show>
              <Show when={sample().unavailable}>
                <span class="books-tag" data-testid="unavailable-tag">{S.notServed}</span>
              </Show>
            </span>
          </button>
          <button type="button" class="icon-button books-more" aria-label={S.more} title={S.moreFor.replace('{name}', sample().name)} aria-describedby={`books-name-${sample().id}`} aria-expanded={menu() === key()} onClick={() => setMenu(menu() === key() ? null : key())}>
            ⋯
          </button>
        </div>
        <Show when={sample().locales.length > 1}>
          <span class="language-tags" role="group" aria-label={S.editions}>
            <For each={sample().locales}>
              {(locale) => (
                <button
                  type="button"
                  class="language-tag"
                  disabled={props.opening}
                  aria-pressed={isOpen() && props.openLocale.toLowerCase() === locale.toLowerCase()}
                  title={languageName(locale)}
                  aria-label={`${tagLabel(locale)} ${sample().name}: ${languageName(locale)}`}
                  onClick={() => props.onOpen(sample().id, locale)}
                >
                  {tagLabel(locale)}
                  <Show when={sample().edited.includes(locale)}>
                    <span class="books-dot" aria-hidden="true">•</span>
                  </Show>
                </button>
              )}
            </For>
          </span>
        </Show>
        <Show when={menu() === key()}>
          <div class="books-menu" role="menu" aria-label={sample().name}>
            <button
              type="button"
              role="menuitem"
              onClick={() =>
                void run(S.makeCopy, async () => {
                  const source = { kind: 'preset' as const, presetId: sample().id, locale: edition() };
                  return bt('madeInMyBooks', { name: (await client.copyBook({ source })).name });
                })
              }
            >
              {S.makeCopy}
            </button>
            <button type="button" role="menuitem" onClick={() => void exportBook({ kind: 'preset', presetId: sample().id, locale: edition() }, sample().name)}>{S.download}</button>
            {/* A sample this build no longer serves has no original to restore: its draft is all there is. */}
            <Show when={sample().edited.length > 0 && !sample().unavailable}>
              <button type="button" role="menuitem" class="books-danger" onClick={() => { setMenu(null); setConfirming(key()); }}>{S.restore}</button>
            </Show>
            <Show when={!sample().builtIn}>
              <button type="button" role="menuitem" onClick={() => { setMenu(null); setSampleHidden(sample().id, !hiddenNow()); }}>{hiddenNow() ? S.show : S.hide}</button>
            </Show>
          </div>
        </Show>
        <Show when={confirming() === key()}>
          <div class="books-confirm" role="group" aria-label={S.confirmRestore}>
            <span>{S.confirmRestore}</span>
            <button
              type="button"
              class="books-danger"
              onClick={() => {
                setConfirming(null);
                void run(S.restore, async () => {
                  await client.restoreOriginal(sample().id);
                  return bt('restored', { name: sample().name });
                });
              }}
            >
              {S.restoreNow}
            </button>
            <button type="button" onClick={() => setConfirming(null)}>{S.cancel}</button>
          </div>
        </Show>
      </li>
    );
  };

  const visibleSamples = () => (list()?.samples ?? []).filter((s) => s.builtIn || !hiddenSamples().includes(s.id));
  const hiddenList = () => (list()?.samples ?? []).filter((s) => !s.builtIn && hiddenSamples().includes(s.id));

  return (
    <div
      class="books-panel"
      classList={{ 'books-dragging': dragging() }}
      aria-busy={props.opening ? 'true' : undefined}
      onDragOver={(e) => {
        if ([...(e.dataTransfer?.types ?? [])].includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div class="books-toolbar">
        <button type="button" class="books-new" aria-haspopup="menu" aria-expanded={menu() === 'new'} onClick={() => setMenu(menu() === 'new' ? null : 'new')}>
          {S.newMenu}
        </button>
        <Show when={menu() === 'new'}>
          <div class="books-menu" role="menu" aria-label={S.newMenu}>
            <button
              type="button"
              role="menuitem"
              disabled={!props.openId}
              onClick={() =>
                void run(S.copyOpen, async () => {
                  const copy = await opening(() => client.copyBook({ open: true }));
                  props.onOpened?.();
                  return bt('madeAndOpened', { name: copy.name });
                })
              }
            >
              {S.copyOpen}
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={() =>
                void run(S.blank, async () => {
                  const book = await opening(() => client.newBook({ open: true }));
                  props.onOpened?.();
                  return bt('made', { name: book.name });
                })
              }
            >
              {S.blank}
            </button>
            <button type="button" role="menuitem" onClick={() => { setMenu(null); fileInput?.click(); }}>{S.openFile}</button>
          </div>
        </Show>
        <input
          ref={fileInput}
          type="file"
          accept=".postext,application/zip"
          hidden
          data-testid="postext-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void importFile(file);
          }}
        />
        <input
          ref={coverInput}
          type="file"
          accept={COVER_TYPES}
          hidden
          data-testid="cover-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            void onCoverPicked(file);
          }}
        />
      </div>
      <Show when={props.opening}>
        <p class="books-status" role="status" data-testid="books-opening">{t('opening')}</p>
      </Show>
      <Show when={status()}>
        {(s) => (
          <p class="books-status" classList={{ warning: s().level === 'warning' }} role="status" data-testid="books-status">
            {s().text}
          </p>
        )}
      </Show>
      <Show when={pendingImport()}>
        {(pending) => (
          <form
            class="books-import"
            onSubmit={(e) => {
              e.preventDefault();
              void finishImport(pending().bytes, pending().locale, pending().info.name, pending().info);
            }}
          >
            <label>
              {S.importAs}
              <select value={pending().locale} onChange={(e) => setPendingImport({ ...pending(), locale: e.currentTarget.value })}>
                <For each={pending().info.locales}>{(locale) => <option value={locale}>{languageName(locale)}</option>}</For>
              </select>
            </label>
            <span class="books-actions">
              <button type="submit">{S.import}</button>
              <button type="button" onClick={() => setPendingImport(null)}>{S.cancel}</button>
            </span>
          </form>
        )}
      </Show>
      <Show when={list()?.storage === 'unavailable'}>
        <p class="books-status warning">{S.storageOff}</p>
      </Show>
      <h3 class="section-title">{S.myBooks}</h3>
      <Show when={(list()?.projects.length ?? 0) > 0} fallback={<p class="placeholder small">{S.noBooks}</p>}>
        <ul class="book-list" aria-label={S.myBooks}>
          {/* Keyed by id, not by entry: a refetch (a cover set, an autosave) must not re-create a row
              under the user's hands, or a key press lands on a detached rename field. */}
          <For each={projectIds()}>{(id) => <Show when={projectById().get(id)}>{(project) => <ProjectRow project={project()} />}</Show>}</For>
        </ul>
      </Show>
      <h3 class="section-title">{t('sampleBooks')}</h3>
      <ul class="book-list" aria-label={t('sampleBooks')}>
        <For each={visibleSamples()}>{(sample) => <SampleRow sample={sample} />}</For>
      </ul>
      <Show when={hiddenList().length > 0}>
        <details class="books-hidden">
          <summary>{S.hidden}</summary>
          <ul class="books-hidden-list">
            <For each={hiddenList()}>
              {(sample) => (
                <li>
                  <span>{sample.name}</span>
                  <button type="button" onClick={() => setSampleHidden(sample.id, false)}>{S.show}</button>
                </li>
              )}
            </For>
          </ul>
        </details>
      </Show>
      <Show when={dragging()}>
        <p class="books-drop" aria-hidden="true">{S.dropHere}</p>
      </Show>
    </div>
  );
}
