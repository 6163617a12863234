import { Bold, CaseUpper, ChevronLeft, ChevronRight, Code, Columns2, FileDown, FileUp, Hash, Heading1, Heading2, Heading3, Italic, Link, List, ListOrdered, Redo2, RotateCcw, SeparatorHorizontal, Space, Tag, TextQuote, Undo2 } from 'lucide-solid';
import { createEffect, createSignal, For, on, onCleanup, onMount, Show, type JSX } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import { ChapterEditors } from '../editor/chapter-editors';
import { t, uiLanguage } from '../i18n';
import type { BookState } from '../state/book';
import { markdownFileName, readMarkdownFile, resetTextOps } from '../state/text-reset';
import { CHAPTER_SEARCH_FROM, chapterMatches } from '../state/chapter-search';
import { download } from '../panels/books-state';

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

  // The same book reopened from its source (Restore the original, sandbox_reset_to_original) starts
  // again at a lower revision, so its chapter states are stale too; a crash restore keeps its revision.
  let lastRevision = -1;
  const [reopened, setReopened] = createSignal(0);
  createEffect(() => {
    const revision = props.book.revision();
    if (revision < lastRevision) setReopened((n) => n + 1);
    lastRevision = revision;
  });
  // A new book or edition: every chapter state belongs to the old one.
  createEffect(on(() => `${props.book.view.id}|${props.book.view.locale}|${reopened()}`, () => editors?.reset(), { defer: true }));
  createEffect(() => {
    const ids = new Set(props.book.view.chapters.map((c) => c.id));
    editors?.prune(ids);
  });
  createEffect(() => {
    // Tracks the book too: after a reset the same chapter id must be opened again.
    void `${props.book.view.id}|${props.book.view.locale}|${reopened()}`;
    const id = props.chapterId;
    const title = titleOf(id);
    if (id && editors) void editors.open(id, title);
  });

  // The accessible name follows the UI language and the chapter's title.
  createEffect(on([uiLanguage, () => titleOf(props.chapterId)], ([, title]) => editors?.setTitle(title), { defer: true }));

  const heading = /^#{1,6}\s+/;
  const tools = (): { label: string; icon: JSX.Element; run: (e: ChapterEditors) => void }[] => [
    { label: t('undo'), icon: <Undo2 size={16} aria-hidden="true" />, run: (e) => e.undo() },
    { label: t('redo'), icon: <Redo2 size={16} aria-hidden="true" />, run: (e) => e.redo() },
    { label: t('bold'), icon: <Bold size={16} aria-hidden="true" />, run: (e) => e.wrap('**') },
    { label: t('italic'), icon: <Italic size={16} aria-hidden="true" />, run: (e) => e.wrap('*') },
    { label: t('heading', { n: 1 }), icon: <Heading1 size={16} aria-hidden="true" />, run: (e) => e.prefixLines('# ', heading) },
    { label: t('heading', { n: 2 }), icon: <Heading2 size={16} aria-hidden="true" />, run: (e) => e.prefixLines('## ', heading) },
    { label: t('heading', { n: 3 }), icon: <Heading3 size={16} aria-hidden="true" />, run: (e) => e.prefixLines('### ', heading) },
    { label: t('link'), icon: <Link size={16} aria-hidden="true" />, run: (e) => e.wrap('[', '](https://)') },
    { label: t('inlineCode'), icon: <Code size={16} aria-hidden="true" />, run: (e) => e.wrap('`') },
    { label: t('quote'), icon: <TextQuote size={16} aria-hidden="true" />, run: (e) => e.prefixLines('> ', /^>\s?/) },
    { label: t('bulletList'), icon: <List size={16} aria-hidden="true" />, run: (e) => e.prefixLines('- ', /^[-*+]\s+/) },
    { label: t('numberedList'), icon: <ListOrdered size={16} aria-hidden="true" />, run: (e) => e.prefixLines('1. ', /^\d+[.)]\s+/) },
    { label: t('chip'), icon: <Tag size={16} aria-hidden="true" />, run: (e) => e.wrap(':chip[', ']') },
    { label: t('smallCaps'), icon: <CaseUpper size={16} aria-hidden="true" />, run: (e) => e.wrap(':smallcaps[', ']') },
    { label: t('pageBreak'), icon: <SeparatorHorizontal size={16} aria-hidden="true" />, run: (e) => e.insertBlock(':::pagebreak') },
    { label: t('insertSpace'), icon: <Space size={16} aria-hidden="true" />, run: (e) => e.insertBlock(':::space{lines=1}') },
    { label: t('twoColumns'), icon: <Columns2 size={16} aria-hidden="true" />, run: (e) => e.insertBlock(':::columns{count=2}\n\n:::') },
    { label: t('numbering'), icon: <Hash size={16} aria-hidden="true" />, run: (e) => e.insertBlock(':::numbering{format="decimal" startAt=1}') },
  ];

  // ---- Reset and .md files (tools.md §7.5) --------------------------------------------------
  const [status, setStatus] = createSignal<{ text: string; level: 'info' | 'warning' } | null>(null);
  const [confirmReset, setConfirmReset] = createSignal(false);
  let mdInput: HTMLInputElement | undefined;
  // Blank and imported books have no original: Reset is for samples only (tools.md §7.3).
  const isSample = () => props.book.view.kind === 'preset';
  const resetText = async () => {
    setConfirmReset(false);
    try {
      const [current, original] = await Promise.all([props.client.getBook(), props.client.originalText(props.book.view.id, props.book.view.locale)]);
      const ops = resetTextOps(current, original);
      if (ops.length > 0) {
        const result = await props.client.apply({ origin: 'ui', baseRevision: current.revision, ops });
        if (!result.ok) throw new Error(result.error);
      }
      setStatus({ text: t('textResetDone'), level: 'info' });
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : String(error), level: 'warning' });
    }
  };
  const exportChapter = () => {
    const i = index();
    const id = props.chapterId;
    if (i < 0 || !id || !editors) return;
    // The editor's text: what the user sees, including keystrokes not yet sent.
    const text = editors.chapterId === id ? editors.view.state.doc.toString() : props.book.texts[id] ?? '';
    download(new TextEncoder().encode(text), markdownFileName(i, titleOf(id)), 'text/markdown;charset=utf-8');
  };
  const importChapter = async (file: File | undefined) => {
    if (!file || !editors) return;
    const read = readMarkdownFile(file.name, new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) return setStatus({ text: read.error, level: 'warning' });
    if (editors.replaceText(read.text)) setStatus({ text: t('importMdDone', { file: file.name }), level: 'info' });
  };
  /** The toolbar is one tab stop; ←/→ move between its buttons. */
  const rovingKeys = (event: KeyboardEvent) => {
    const buttons = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('button')];
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const rtl = document.documentElement.dir === 'rtl';
    const step = event.key === (rtl ? 'ArrowLeft' : 'ArrowRight') ? 1 : event.key === (rtl ? 'ArrowRight' : 'ArrowLeft') ? -1 : 0;
    let next = index + step;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    else if (step === 0) return;
    event.preventDefault();
    next = (next + buttons.length) % buttons.length;
    buttons.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
    buttons[next]!.focus();
  };

  const index = () => props.book.view.chapters.findIndex((c) => c.id === props.chapterId);
  const step = (delta: number) => {
    const list = props.book.view.chapters;
    const next = list[index() + delta];
    if (next) props.onChapter(next.id);
  };

  /** A chapter's printed page range, as the Chapters panel shows it, or '' while pages are pending. */
  const pagesOf = (id: string): string => {
    const entry = props.book.view.chapterPages.find((c) => c.id === id);
    if (!entry || entry.pages === 0) return '';
    const pages = props.book.view.pages;
    const from = pages[entry.firstPage]?.label ?? String(entry.firstPage + 1);
    const to = pages[entry.firstPage + entry.pages - 1]?.label ?? String(entry.firstPage + entry.pages);
    return entry.pages === 1 ? t('onePage', { from }) : t('pagesRange', { from, to });
  };
  // Above 30 chapters a search field narrows the switcher's list (numbers and title words).
  const [query, setQuery] = createSignal('');
  const listed = () =>
    props.book.view.chapters
      .map((chapter, i) => ({ chapter, i }))
      .filter(({ chapter, i }) => chapter.id === props.chapterId || chapterMatches(query(), i, chapter.title || t('untitled', { n: i + 1 })));

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
          <For each={listed()}>
            {(entry) => (
              <option value={entry.chapter.id} selected={entry.chapter.id === props.chapterId}>
                {`${entry.i + 1}. ${entry.chapter.title || t('untitled', { n: entry.i + 1 })}${pagesOf(entry.chapter.id) ? ` · ${pagesOf(entry.chapter.id)}` : ''}`}
              </option>
            )}
          </For>
        </select>
        <button type="button" class="icon-button" aria-label={t('nextChapter')} disabled={index() >= props.book.view.chapters.length - 1} onClick={() => step(1)}>
          <ChevronRight size={16} aria-hidden="true" class="flip-rtl" />
        </button>
      </div>
      <Show when={props.book.view.chapters.length > CHAPTER_SEARCH_FROM}>
        <input
          type="search"
          class="chapter-search"
          data-testid="chapter-search"
          aria-label={t('findChapter')}
          placeholder={t('findChapter')}
          value={query()}
          onInput={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter opens the first match; never while an input method is composing (IME-safe).
            if (e.key !== 'Enter' || e.isComposing) return;
            e.preventDefault();
            const first = listed().find(({ chapter, i }) => chapterMatches(query(), i, chapter.title || t('untitled', { n: i + 1 })));
            if (first) props.onChapter(first.chapter.id);
          }}
        />
      </Show>
      <div class="text-actions" role="group" aria-label={t('textActions')}>
        <Show when={isSample()}>
          <button type="button" class="text-button" data-testid="text-reset" title={t('textResetTip')} aria-expanded={confirmReset()} onClick={() => setConfirmReset(!confirmReset())}>
            <RotateCcw size={14} aria-hidden="true" /> {t('textReset')}
          </button>
        </Show>
        <button type="button" class="text-button" data-testid="text-export-md" title={t('exportMdTip')} disabled={index() < 0} onClick={exportChapter}>
          <FileDown size={14} aria-hidden="true" /> {t('exportMd')}
        </button>
        <button type="button" class="text-button" data-testid="text-import-md" title={t('importMdTip')} disabled={index() < 0} onClick={() => mdInput?.click()}>
          <FileUp size={14} aria-hidden="true" /> {t('importMd')}
        </button>
        <input
          ref={mdInput}
          type="file"
          accept=".md,.markdown,.txt,text/markdown,text/plain"
          hidden
          data-testid="text-md-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            void importChapter(file);
          }}
        />
      </div>
      <Show when={confirmReset() && isSample()}>
        <div class="confirm" role="group" aria-label={t('textResetConfirm')}>
          <span>{t('textResetConfirm')}</span>
          <button type="button" class="text-button destructive" data-testid="text-reset-confirm" onClick={() => void resetText()}>
            {t('textResetNow')}
          </button>
          <button type="button" class="text-button" onClick={() => setConfirmReset(false)}>
            {t('cancel')}
          </button>
        </div>
      </Show>
      <Show when={status()}>
        {(s) => (
          <p class="text-status" classList={{ warning: s().level === 'warning' }} role="status" data-testid="text-status">
            {s().text}
          </p>
        )}
      </Show>
      <div class="editor-toolbar" role="toolbar" aria-label={t('formatting')} onKeyDown={rovingKeys}>
        <For each={tools()}>
          {(tool, i) => (
            <button type="button" class="icon-button" tabindex={i() === 0 ? 0 : -1} aria-label={tool.label} title={tool.label} onMouseDown={(e) => e.preventDefault()} onClick={() => editors && tool.run(editors)}>
              {tool.icon}
            </button>
          )}
        </For>
      </div>
      <div class="editor-host" ref={host} dir="auto" />
    </div>
  );
}
