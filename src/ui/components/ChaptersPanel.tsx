import { DropdownMenu } from '@kobalte/core/dropdown-menu';
import { ArrowDown, ArrowUp, Copy, Download, GripVertical, Merge, MoreHorizontal, Pencil, Plus, RotateCcw, Scissors, Trash2 } from 'lucide-solid';
import { createMemo, createSignal, For, Show } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import type { BookOp } from '../../worker/protocol/messages';
import { t } from '../i18n';
import type { BookState } from '../state/book';
import { applyOps, countWords, mergeOps, splitOps } from '../state/chapter-ops';
import { download } from '../panels/books-state';

export interface ChaptersPanelProps {
  client: BookClient;
  book: BookState;
  activeId: string | null;
  /** Opens a chapter in the Text panel. */
  onOpen: (id: string) => void;
}

/**
 * The Chapters panel (tools.md §7.4): rows with page range and word count, add, rename,
 * reorder (drag the grip, or Alt+↑/↓ on a row), split at level-1 headings, merge into the
 * previous chapter, delete (never the last one), background pagination progress.
 */
export function ChaptersPanel(props: ChaptersPanelProps) {
  const [renaming, setRenaming] = createSignal<string | null>(null);
  const [confirming, setConfirming] = createSignal<string | null>(null);
  const [dragging, setDragging] = createSignal<string | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  const chapters = () => props.book.view.chapters;

  // ---- the book's own ⋯ menu (tools.md §7.4): Rename, Duplicate / Make my own copy, Download, Restore
  const [status, setStatus] = createSignal<string | null>(null);
  const [renamingBook, setRenamingBook] = createSignal(false);
  const [confirmRestore, setConfirmRestore] = createSignal(false);
  const isProject = () => props.book.view.kind === 'project';
  const isSample = () => props.book.view.kind === 'preset';
  const bookAction = async (action: () => Promise<string>) => {
    try {
      setStatus(await action());
      setError(null);
    } catch (e) {
      setStatus(null);
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const renameBook = (name: string) =>
    bookAction(async () => {
      const entry = await props.client.renameProject({ projectId: props.book.view.id, name });
      props.book.renamed(entry.name);
      return t('bookRenamed', { name: entry.name });
    });

  const run = async (ops: BookOp[]) => {
    const result = await applyOps(props.client, ops);
    setError(result.ok ? null : result.error);
    return result.ok;
  };
  const move = async (id: string, index: number) => {
    if (index < 0 || index >= chapters().length) return;
    await run([{ type: 'chapter.move', chapterId: id, index }]);
    // Keep keyboard focus on the moved row so repeated Alt+↑ keeps moving it. Moving a DOM node
    // blurs it, so focus only once the list shows the new order (the event may come after the reply).
    let frames = 60;
    const refocus = (): void => {
      if (chapters()[index]?.id !== id && frames-- > 0) return void requestAnimationFrame(refocus);
      document.querySelector<HTMLElement>(`[data-chapter-row="${CSS.escape(id)}"] .chapter-open`)?.focus();
    };
    requestAnimationFrame(refocus);
  };
  const add = async () => {
    const title = t('newChapterTitle');
    const activeIndex = chapters().findIndex((c) => c.id === props.activeId);
    const index = activeIndex < 0 ? chapters().length : activeIndex + 1;
    const before = new Set(chapters().map((c) => c.id));
    const result = await applyOps(props.client, [{ type: 'chapter.add', title, text: `# ${title}\n\n`, index }]);
    if (!result.ok) return setError(result.error);
    const book = await props.client.getBook();
    const created = book.chapters.find((c) => !before.has(c.id));
    if (created) props.onOpen(created.id);
  };

  const pagesOf = (id: string) => {
    const entry = props.book.view.chapterPages.find((c) => c.id === id);
    if (!entry || entry.pages === 0) return t('noPages');
    const pages = props.book.view.pages;
    const from = pages[entry.firstPage]?.label ?? String(entry.firstPage + 1);
    const to = pages[entry.firstPage + entry.pages - 1]?.label ?? String(entry.firstPage + entry.pages);
    return entry.pages === 1 ? t('onePage', { from }) : t('pagesRange', { from, to });
  };

  return (
    <div class="chapters-panel">
      <div class="panel-subheader">
        <div class="book-meta">
          <span class="book-title">{props.book.view.name}</span>
          <span class="book-kind" data-testid="book-kind">
            {props.book.view.kind === 'project' ? t('ownBook') : t('yourBook')} · {props.book.view.locale.toUpperCase()}
            <Show when={props.book.view.kind === 'preset' && props.book.view.edited}>
              {' · '}
              <span class="edited-tag">{t('editedTag')}</span>
            </Show>
          </span>
        </div>
        <DropdownMenu modal={false}>
          <DropdownMenu.Trigger class="icon-button book-menu" aria-label={t('bookActions')} data-testid="book-menu">
            <MoreHorizontal size={16} aria-hidden="true" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content class="menu">
              <Show when={isProject()}>
                <DropdownMenu.Item class="menu-item" onSelect={() => setRenamingBook(true)}>
                  <Pencil size={14} aria-hidden="true" /> {t('renameBook')}
                </DropdownMenu.Item>
              </Show>
              <Show when={props.book.view.kind !== null}>
                <DropdownMenu.Item class="menu-item" onSelect={() => void bookAction(async () => t('bookCopied', { name: (await props.client.copyBook({})).name }))}>
                  <Copy size={14} aria-hidden="true" /> {isProject() ? t('duplicateBook') : t('makeOwnCopy')}
                </DropdownMenu.Item>
              </Show>
              <DropdownMenu.Item
                class="menu-item"
                onSelect={() =>
                  void bookAction(async () => {
                    const file = await props.client.exportBook();
                    download(file.bytes, file.fileName);
                    return t('bookDownloaded', { file: file.fileName });
                  })
                }
              >
                <Download size={14} aria-hidden="true" /> {t('downloadBook')}
              </DropdownMenu.Item>
              <Show when={isSample() && props.book.view.edited}>
                <DropdownMenu.Separator class="menu-separator" />
                <DropdownMenu.Item class="menu-item destructive" onSelect={() => setConfirmRestore(true)}>
                  <RotateCcw size={14} aria-hidden="true" /> {t('restoreBook')}
                </DropdownMenu.Item>
              </Show>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu>
        <button type="button" class="text-button" onClick={() => void add()}>
          <Plus size={16} aria-hidden="true" />
          {t('addChapter')}
        </button>
      </div>
      <Show when={renamingBook()}>
        <input
          class="rename-field book-rename"
          aria-label={t('bookName')}
          value={props.book.view.name}
          ref={(el) => requestAnimationFrame(() => el.select())}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.isComposing) {
              e.preventDefault();
              const value = e.currentTarget.value.trim();
              setRenamingBook(false);
              if (value && value !== props.book.view.name) void renameBook(value);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              setRenamingBook(false);
            }
          }}
          onBlur={() => setRenamingBook(false)}
        />
      </Show>
      <Show when={confirmRestore() && isSample()}>
        <div class="confirm" role="group" aria-label={t('restoreBookConfirm')}>
          <span>{t('restoreBookConfirm')}</span>
          <button
            type="button"
            class="text-button destructive"
            ref={(el) => requestAnimationFrame(() => el.focus())}
            onClick={() => {
              setConfirmRestore(false);
              const name = props.book.view.name;
              void bookAction(async () => {
                await props.client.restoreOriginal(props.book.view.id);
                return t('bookRestored', { name });
              });
            }}
          >
            {t('restoreBookNow')}
          </button>
          <button type="button" class="text-button" onClick={() => setConfirmRestore(false)}>
            {t('cancel')}
          </button>
        </div>
      </Show>
      <Show when={status()}>
        <p class="progress-line" role="status" data-testid="chapters-status">
          {status()}
        </p>
      </Show>
      <Show when={props.book.progress()}>
        {(p) => (
          <p class="progress-line" role="status" data-testid="pagination-progress">
            <progress max={p().total} value={p().done} aria-hidden="true" />
            {t('paginating', { done: p().done, total: p().total })}
          </p>
        )}
      </Show>
      <Show when={error()}>
        <p class="error-line" role="alert">
          {error()}
        </p>
      </Show>
      <ol class="chapter-list" aria-label={t('chapters')}>
        <For each={chapters()}>
          {(chapter, i) => {
            const title = () => chapter.title || t('untitled', { n: i() + 1 });
            const words = createMemo(() => countWords(props.book.texts[chapter.id] ?? ''));
            const canSplit = createMemo(() => splitOps(chapter.id, i(), props.book.texts[chapter.id] ?? '') !== null);
            return (
              <li
                class="chapter-row"
                classList={{ active: chapter.id === props.activeId, dragging: dragging() === chapter.id }}
                data-chapter-row={chapter.id}
                onDragOver={(e) => {
                  if (dragging()) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  const id = dragging();
                  setDragging(null);
                  if (id && id !== chapter.id) void move(id, i());
                }}
              >
                <span
                  class="grip"
                  draggable="true"
                  aria-hidden="true"
                  onDragStart={(e) => {
                    setDragging(chapter.id);
                    e.dataTransfer?.setData('text/plain', chapter.id);
                  }}
                  onDragEnd={() => setDragging(null)}
                >
                  <GripVertical size={16} />
                </span>
                <Show
                  when={renaming() === chapter.id}
                  fallback={
                    <button
                      type="button"
                      class="chapter-open"
                      aria-current={chapter.id === props.activeId ? 'true' : undefined}
                      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown F2"
                      aria-description={t('reorder', { title: title() })}
                      onClick={() => props.onOpen(chapter.id)}
                      onKeyDown={(e) => {
                        if (e.altKey && e.key === 'ArrowUp') {
                          e.preventDefault();
                          void move(chapter.id, i() - 1);
                        } else if (e.altKey && e.key === 'ArrowDown') {
                          e.preventDefault();
                          void move(chapter.id, i() + 1);
                        } else if (e.key === 'F2') {
                          e.preventDefault();
                          setRenaming(chapter.id);
                        }
                      }}
                    >
                      <span class="chapter-number">{i() + 1}</span>
                      <span class="chapter-title">{title()}</span>
                      <span class="chapter-meta">
                        {pagesOf(chapter.id)} · {t('words', { n: words().toLocaleString() })}
                      </span>
                    </button>
                  }
                >
                  <input
                    class="rename-field"
                    aria-label={t('renameChapter')}
                    value={chapter.title}
                    ref={(el) => requestAnimationFrame(() => el.select())}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && !e.isComposing) {
                        e.preventDefault();
                        const value = e.currentTarget.value.trim();
                        setRenaming(null);
                        if (value && value !== chapter.title) void run([{ type: 'chapter.rename', chapterId: chapter.id, title: value }]);
                      } else if (e.key === 'Escape') {
                        e.preventDefault();
                        setRenaming(null);
                      }
                    }}
                    onBlur={() => setRenaming(null)}
                  />
                </Show>
                {/* Not modal: a modal menu hides the app from assistive tech and adds focus-trap spans axe rejects inside role=menu. */}
                <DropdownMenu modal={false}>
                  <DropdownMenu.Trigger class="icon-button row-menu" aria-label={t('chapterActions', { title: title() })}>
                    <MoreHorizontal size={16} aria-hidden="true" />
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.Content class="menu">
                      <DropdownMenu.Item class="menu-item" onSelect={() => setRenaming(chapter.id)}>
                        <Pencil size={14} aria-hidden="true" /> {t('rename')}
                      </DropdownMenu.Item>
                      <DropdownMenu.Item class="menu-item" disabled={i() === 0} onSelect={() => void move(chapter.id, i() - 1)}>
                        <ArrowUp size={14} aria-hidden="true" /> {t('moveUp')}
                      </DropdownMenu.Item>
                      <DropdownMenu.Item class="menu-item" disabled={i() === chapters().length - 1} onSelect={() => void move(chapter.id, i() + 1)}>
                        <ArrowDown size={14} aria-hidden="true" /> {t('moveDown')}
                      </DropdownMenu.Item>
                      <DropdownMenu.Item
                        class="menu-item"
                        disabled={!canSplit()}
                        onSelect={() => {
                          const ops = splitOps(chapter.id, i(), props.book.texts[chapter.id] ?? '');
                          if (ops) void run(ops);
                        }}
                      >
                        <Scissors size={14} aria-hidden="true" /> {t('split')}
                      </DropdownMenu.Item>
                      <DropdownMenu.Item
                        class="menu-item"
                        disabled={i() === 0}
                        onSelect={() => {
                          const previous = chapters()[i() - 1];
                          if (!previous) return;
                          const ops = mergeOps({ id: previous.id, text: props.book.texts[previous.id] ?? '' }, { id: chapter.id, text: props.book.texts[chapter.id] ?? '' });
                          void run(ops).then((ok) => ok && chapter.id === props.activeId && props.onOpen(previous.id));
                        }}
                      >
                        <Merge size={14} aria-hidden="true" /> {t('merge')}
                      </DropdownMenu.Item>
                      <DropdownMenu.Separator class="menu-separator" />
                      <DropdownMenu.Item class="menu-item destructive" disabled={chapters().length <= 1} onSelect={() => setConfirming(chapter.id)}>
                        <Trash2 size={14} aria-hidden="true" /> {t('delete')}
                      </DropdownMenu.Item>
                    </DropdownMenu.Content>
                  </DropdownMenu.Portal>
                </DropdownMenu>
                <Show when={confirming() === chapter.id}>
                  <div class="confirm" role="group" aria-label={t('confirmDelete', { title: title() })}>
                    <span>{t('confirmDelete', { title: title() })}</span>
                    <button
                      type="button"
                      class="text-button destructive"
                      ref={(el) => requestAnimationFrame(() => el.focus())}
                      onClick={() => {
                        setConfirming(null);
                        const next = chapters()[i() + 1] ?? chapters()[i() - 1];
                        void run([{ type: 'chapter.remove', chapterId: chapter.id }]).then((ok) => ok && chapter.id === props.activeId && next && props.onOpen(next.id));
                      }}
                    >
                      {t('delete')}
                    </button>
                    <button type="button" class="text-button" onClick={() => setConfirming(null)}>
                      {t('cancel')}
                    </button>
                  </div>
                </Show>
              </li>
            );
          }}
        </For>
      </ol>
    </div>
  );
}
