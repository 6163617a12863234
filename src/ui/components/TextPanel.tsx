import { ChevronLeft, ChevronRight } from 'lucide-solid';
import { createEffect, For, on, onCleanup, onMount } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import { ChapterEditors } from '../editor/chapter-editors';
import { t, uiLanguage } from '../i18n';
import type { BookState } from '../state/book';

export interface TextPanelProps {
  client: BookClient;
  book: BookState;
  chapterId: string | null;
  onChapter: (id: string) => void;
  onSelection: (chapterId: string, from: number, to: number) => void;
  /** Receives the editors once mounted (click-to-source places the caret through it). */
  ref: (editors: ChapterEditors) => void;
}

/**
 * The Text panel (tools.md §7.5): a chapter switcher and one CodeMirror editor. The editor
 * stays mounted while other panels are shown (App hides the panel instead of unmounting it),
 * so undo histories and carets survive panel switches.
 */
export function TextPanel(props: TextPanelProps) {
  let host!: HTMLDivElement;
  let editors: ChapterEditors | undefined;
  const titleOf = (id: string | null): string => {
    const index = props.book.view.chapters.findIndex((c) => c.id === id);
    return index < 0 ? '' : props.book.view.chapters[index]!.title || t('untitled', { n: index + 1 });
  };

  onMount(() => {
    editors = new ChapterEditors(host, props.client, {
      onSelection: (id, from, to) => props.onSelection(id, from, to),
      label: (title) => (title ? `${t('chapterSource')}: ${title}` : t('chapterSource')),
    });
    props.ref(editors);
  });
  onCleanup(() => editors?.destroy());

  // A new book or edition: every chapter state belongs to the old one.
  createEffect(on(() => `${props.book.view.id}|${props.book.view.locale}`, () => editors?.reset(), { defer: true }));
  createEffect(() => {
    const ids = new Set(props.book.view.chapters.map((c) => c.id));
    editors?.prune(ids);
  });
  createEffect(() => {
    // Tracks the book too: after a reset the same chapter id must be opened again.
    void `${props.book.view.id}|${props.book.view.locale}`;
    const id = props.chapterId;
    const title = titleOf(id);
    if (id && editors) void editors.open(id, title);
  });

  // The accessible name follows the UI language and the chapter's title.
  createEffect(on([uiLanguage, () => titleOf(props.chapterId)], ([, title]) => editors?.setTitle(title), { defer: true }));

  const index = () => props.book.view.chapters.findIndex((c) => c.id === props.chapterId);
  const step = (delta: number) => {
    const list = props.book.view.chapters;
    const next = list[index() + delta];
    if (next) props.onChapter(next.id);
  };

  return (
    <div class="text-panel">
      <div class="chapter-switcher">
        <button type="button" class="icon-button" aria-label={t('previousChapter')} disabled={index() <= 0} onClick={() => step(-1)}>
          <ChevronLeft size={16} aria-hidden="true" class="flip-rtl" />
        </button>
        <label class="visually-hidden" for="chapter-select">
          {t('chapterSwitcher')}
        </label>
        <select id="chapter-select" class="chapter-select" value={props.chapterId ?? ''} onChange={(e) => props.onChapter(e.currentTarget.value)}>
          <For each={props.book.view.chapters}>
            {(chapter, i) => (
              <option value={chapter.id} selected={chapter.id === props.chapterId}>
                {`${i() + 1}. ${chapter.title || t('untitled', { n: i() + 1 })}`}
              </option>
            )}
          </For>
        </select>
        <button type="button" class="icon-button" aria-label={t('nextChapter')} disabled={index() >= props.book.view.chapters.length - 1} onClick={() => step(1)}>
          <ChevronRight size={16} aria-hidden="true" class="flip-rtl" />
        </button>
      </div>
      <div class="editor-host" ref={host} dir="auto" />
    </div>
  );
}
