import { createEffect, createSignal, For, onCleanup, Show } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import { ChapterSync } from '../state/editor-sync';

/**
 * The chapter editor: a plain text area per chapter for now (the Sandbox UI issue brings
 * CodeMirror). Typing sends transactions; changes made by agents arrive as remote changes.
 */
export function Editor(props: { client: BookClient; chapters: { id: string; title: string }[]; bookId: string; onChapter: (id: string) => void }) {
  const [chapterId, setChapterId] = createSignal<string | null>(null);
  let textarea!: HTMLTextAreaElement;
  let sync: ChapterSync | null = null;

  createEffect(() => {
    const chapters = props.chapters;
    void props.bookId;
    const current = chapterId();
    if (chapters.length > 0 && (!current || !chapters.some((c) => c.id === current))) setChapterId(chapters[0]!.id);
  });

  createEffect(() => {
    const id = chapterId();
    sync?.dispose();
    sync = null;
    if (!id) return;
    props.onChapter(id);
    void props.client.getBook().then((book) => {
      const chapter = book.chapters.find((c) => c.id === id);
      if (!chapter || chapterId() !== id) return;
      textarea.value = chapter.text;
      sync = new ChapterSync(props.client, id, chapter.text, book.revision, {
        getText: () => textarea.value,
        applyRemote: (change, text) => {
          // Keep the caret where it was relative to the text around it.
          const { selectionStart, selectionEnd } = textarea;
          const shift = (p: number) => (p <= change.from ? p : p >= change.to ? p + change.insert.length - (change.to - change.from) : change.from + change.insert.length);
          textarea.value = text;
          textarea.setSelectionRange(shift(selectionStart), shift(selectionEnd));
        },
      });
    });
  });
  onCleanup(() => sync?.dispose());

  return (
    <section class="editor" aria-label="Text">
      <nav class="chapter-tabs" aria-label="Chapters">
        <For each={props.chapters}>
          {(chapter, i) => (
            <button type="button" class="chapter-tab" aria-pressed={chapterId() === chapter.id} onClick={() => setChapterId(chapter.id)}>
              {chapter.title || `Chapter ${i() + 1}`}
            </button>
          )}
        </For>
      </nav>
      <Show when={chapterId()}>
        <textarea
          ref={textarea}
          class="source"
          spellcheck={false}
          aria-label="Chapter source (enriched Markdown)"
          onInput={() => sync?.userEdited()}
        />
      </Show>
    </section>
  );
}
