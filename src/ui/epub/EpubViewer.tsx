/**
 * The EPUB 3 tab (tools.md §7.10): the whole book written as EPUB in the book worker, and the
 * same bytes shown in a built-in reader and offered for download. The reader opens the zip on
 * the main thread (`epub-reader.ts`) and shows one spine document at a time in a sandboxed
 * iframe (no scripts; everything it loads comes from the zip as blob: URLs). ‹ › move through
 * the spine (right to left for RTL books), the Contents list jumps to the nav document's
 * entries, the text size steps ×1.1 within 0.6–2.5 on the document's root.
 * Only the Reflowable rendition exists: the writer (worker/export/epub) writes no fixed layout yet.
 */
import { createEffect, createSignal, For, on, onCleanup, Show } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import type { ExportedFile } from '../../worker/protocol/messages';
import { openEpub, type OpenedEpub } from './epub-reader';
import { et } from './strings';
import './epub-viewer.css';

/** Reading-system text size (tools.md §7.10, §3.6 fontScale): 0.6–2.5 in ×1.1 steps. */
export const FONT_SCALE_MIN = 0.6;
export const FONT_SCALE_MAX = 2.5;
export const FONT_SCALE_STEP = 1.1;

export interface EpubViewerProps {
  client: BookClient;
  /** The layout revision on screen (−1 before the first convergence). */
  revision: number;
  /** Which book (and edition) is open: another one is written afresh when the tab is on screen. */
  bookKey: string;
  /** Whether the tab is the one on screen (the EPUB is first written when it is; leaving cancels). */
  active: boolean;
  /** Receives the toolbar's controls for the agent tools; null on unmount. */
  controls?: (controls: EpubControls | null) => void;
}

/** What a Regenerate pressed by a tool came to. */
export type EpubRun =
  | { ok: true; bytes: number; sections: number; ms: number; warnings: string[]; fileName: string; revision: number; regenerated: boolean }
  | { ok: false; error: string };

/** The toolbar, for the agent tools through the UI bridge. */
export interface EpubControls {
  /** Writes the EPUB again and resolves once the reader shows it (a write already under way for the current book counts). */
  regenerate(signal?: AbortSignal): Promise<EpubRun>;
  /** Sets the text size (clamped to 0.6–2.5); returns the size applied. */
  setFontScale(scale: number): number;
  fontScale(): number;
  /** The contents entries of the EPUB on screen (empty before one is written). */
  contents(): { title: string; spineIndex: number; depth: number }[];
  /** Shows a contents entry (0-based); resolves once its document is loaded in the reader. */
  goToContents(index: number): Promise<boolean>;
  /** The contents entry of the section on screen, or null. */
  currentContents(): string | null;
}

interface Written {
  file: ExportedFile;
  book: OpenedEpub;
  url: string;
  revision: number;
  bookKey: string;
  ms: number;
}

/** A write under way: its step, and the bar's value (0–1; null until the worker reports). */
type State =
  | { kind: 'idle' }
  | { kind: 'writing'; run: number; exportId: string; step: 'writing' | 'chapters' | 'saving' | 'opening'; done: number; total: number; fraction: number | null }
  | { kind: 'ready' }
  | { kind: 'failed'; message: string };

/** Share of the bar for the chapters; the rest is the zip (tools.md §7.10: chapters, then writer steps). */
const CHAPTERS_SHARE = 0.85;

/** Bytes as a short size: kB below 1 MB, else MB with one decimal. */
function size(bytes: number): string {
  return bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function clampFontScale(scale: number): number {
  return Math.round(Math.min(FONT_SCALE_MAX, Math.max(FONT_SCALE_MIN, scale)) * 1000) / 1000;
}

export function EpubViewer(props: EpubViewerProps) {
  const [state, setState] = createSignal<State>({ kind: 'idle' });
  const [shown, setShown] = createSignal<Written | null>(null);
  const [section, setSection] = createSignal(0);
  const [frameUrl, setFrameUrl] = createSignal<string | null>(null);
  /** The spine document whose load has finished in the frame (−1 while one loads). */
  const [loadedSection, setLoadedSection] = createSignal(-1);
  const [fontScale, setFontScaleSignal] = createSignal(1);
  const [warningsOpen, setWarningsOpen] = createSignal(false);
  let frame: HTMLIFrameElement | undefined;
  let pendingFragment: string | null = null;

  // --- Writing ------------------------------------------------------------------------------
  /** Each write gets a number; a result whose number is no longer current is dropped (cancelled). */
  let runCount = 0;
  let running: Promise<State> | null = null;

  const unsubscribe = props.client.on((event) => {
    const current = state();
    if (event.type !== 'exportProgress' || event.format !== 'epub' || current.kind !== 'writing' || event.exportId !== current.exportId || current.step === 'opening') return;
    const part = event.total > 0 ? event.done / event.total : 0;
    const fraction = event.phase === 'chapters' ? part * CHAPTERS_SHARE : CHAPTERS_SHARE + part * (1 - CHAPTERS_SHARE);
    setState({ ...current, step: event.phase, done: event.done, total: event.total, fraction });
  });
  onCleanup(unsubscribe);

  const generate = (): Promise<State> => {
    if (running) return running;
    const run = ++runCount;
    const exportId = `ui-epub-${run}`;
    const revision = props.revision;
    const bookKey = props.bookKey;
    setState({ kind: 'writing', run, exportId, step: 'writing', done: 0, total: 0, fraction: null });
    const write = async (): Promise<State> => {
      const started = performance.now();
      try {
        const file = await props.client.exportDocument('epub', undefined, exportId);
        if (run !== runCount) return { kind: 'failed', message: et('cancelled') };
        setState({ kind: 'writing', run, exportId, step: 'opening', done: 0, total: 0, fraction: 1 });
        let book: OpenedEpub;
        try {
          book = await openEpub(file.bytes);
        } catch (error) {
          const failed: State = { kind: 'failed', message: et('unreadable', { error: error instanceof Error ? error.message : String(error) }) };
          setState(failed);
          return failed;
        }
        if (run !== runCount) {
          book.close();
          return { kind: 'failed', message: et('cancelled') };
        }
        const url = URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: 'application/epub+zip' }));
        const old = shown();
        // Stay in the same section when the book is written again (clamped to its new spine).
        const keep = old ? Math.min(section(), book.spine.length - 1) : 0;
        setShown({ file, book, url, revision, bookKey, ms: Math.round(performance.now() - started) });
        if (old) {
          old.book.close();
          URL.revokeObjectURL(old.url);
        }
        await show(keep, null);
        const done: State = { kind: 'ready' };
        setState(done);
        return done;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failed: State = /cancelled/i.test(message) ? { kind: 'failed', message: et('cancelled') } : { kind: 'failed', message: et('failed', { error: message }) };
        if (run === runCount) setState(failed);
        return failed;
      }
    };
    running = write().finally(() => {
      running = null;
    });
    return running;
  };

  /** Stops the write under way in the worker; a result that still arrives is dropped. */
  const cancel = () => {
    const current = state();
    if (current.kind !== 'writing') return;
    void props.client.cancelExport(current.exportId).catch(() => undefined);
    runCount++;
    running = null;
    setState({ kind: 'failed', message: et('cancelled') });
  };

  // Written when the tab is first shown with a laid-out book; leaving the tab cancels a write.
  createEffect(
    on([() => props.active, () => props.revision >= 0, () => props.bookKey], ([active, laidOut, bookKey]) => {
      if (!active) {
        cancel();
        return;
      }
      const last = shown();
      if (laidOut && (!last || last.bookKey !== bookKey) && state().kind !== 'writing') void generate();
    }),
  );

  const stale = () => {
    const last = shown();
    return last !== null && (props.revision > last.revision || last.bookKey !== props.bookKey);
  };

  onCleanup(() => {
    const current = state();
    if (current.kind === 'writing') void props.client.cancelExport(current.exportId).catch(() => undefined);
    runCount++;
    const last = shown();
    if (last) {
      last.book.close();
      URL.revokeObjectURL(last.url);
    }
  });

  // --- Reading ------------------------------------------------------------------------------
  /** Shows spine document `index`, scrolled to `fragment` (or its top); resolves when loaded. */
  const show = async (index: number, fragment: string | null): Promise<boolean> => {
    const last = shown();
    if (!last || index < 0 || index >= last.book.spine.length) return false;
    const url = await last.book.documentUrl(index);
    if (shown() !== last) return false;
    if (frameUrl() === url && loadedSection() === index) {
      setSection(index);
      scrollTo(fragment);
      return true;
    }
    pendingFragment = fragment;
    setLoadedSection(-1);
    setSection(index);
    setFrameUrl(url);
    // The frame's load event sets loadedSection; give it up to 10 s.
    const deadline = Date.now() + 10_000;
    while (loadedSection() !== index && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 30));
    return loadedSection() === index;
  };

  const scrollTo = (fragment: string | null) => {
    const doc = frame?.contentDocument;
    if (!doc) return;
    const target = fragment ? doc.getElementById(fragment) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else doc.scrollingElement?.scrollTo(0, 0);
  };

  const applyFontScale = () => {
    const root = frame?.contentDocument?.documentElement;
    // On the root element, so every em and % in the book's stylesheet follows (100 % = the reader's default).
    if (root) root.style.fontSize = `${Math.round(fontScale() * 1000) / 10}%`;
  };
  createEffect(on(fontScale, applyFontScale));

  const step = (by: 1 | -1) => {
    const last = shown();
    if (!last) return;
    const next = section() + by;
    if (next >= 0 && next < last.book.spine.length) void show(next, null);
  };
  /** The left and right buttons and arrow keys: right-to-left books turn the other way. */
  const rtl = () => shown()?.book.rtl ?? false;
  const left = () => step(rtl() ? 1 : -1);
  const right = () => step(rtl() ? -1 : 1);
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as Element | null;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    if (event.key === 'ArrowLeft') left();
    else if (event.key === 'ArrowRight') right();
    else return;
    event.preventDefault();
  };

  const onFrameLoad = () => {
    const doc = frame?.contentDocument;
    const last = shown();
    if (!doc || !last) return;
    applyFontScale();
    // Links inside the book open their section here (the frame runs no scripts, so the reader follows them).
    doc.addEventListener('click', (event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[data-epub-target]');
      if (!anchor) return;
      event.preventDefault();
      const target = last.book.resolveTarget(anchor.getAttribute('data-epub-target') ?? '');
      if (target) void show(target.spineIndex, target.fragment);
    });
    doc.addEventListener('keydown', onKey);
    scrollTo(pendingFragment);
    pendingFragment = null;
    setLoadedSection(section());
  };

  const currentContentsIndex = () => {
    const last = shown();
    if (!last) return -1;
    return last.book.contents.findIndex((entry) => entry.spineIndex === section());
  };

  const setFontScale = (scale: number) => {
    const clamped = clampFontScale(scale);
    setFontScaleSignal(clamped);
    return clamped;
  };

  // --- The same controls for the agent tools (src/tools/groups/view.ts) ---------------------
  const asRun = (result: State, regenerated: boolean): EpubRun => {
    const last = shown();
    if (result.kind === 'ready' && last) {
      return { ok: true, bytes: last.file.bytes.byteLength, sections: last.book.spine.length, ms: last.ms, warnings: last.file.warnings, fileName: last.file.fileName, revision: last.revision, regenerated };
    }
    return { ok: false, error: result.kind === 'failed' ? result.message : et('failed', { error: 'nothing was written' }) };
  };
  props.controls?.({
    regenerate: async (signal) => {
      const onAbort = () => cancel();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        if (running) {
          const earlier = await running;
          if (earlier.kind === 'ready' && !stale()) return asRun(earlier, true);
        }
        return asRun(await generate(), true);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
    setFontScale,
    fontScale,
    contents: () => (shown()?.book.contents ?? []).map(({ title, spineIndex, depth }) => ({ title, spineIndex, depth })),
    goToContents: async (index) => {
      const entry = shown()?.book.contents[index];
      return entry ? show(entry.spineIndex, entry.fragment) : false;
    },
    currentContents: () => shown()?.book.contents[currentContentsIndex()]?.title ?? null,
  });
  onCleanup(() => props.controls?.(null));

  const total = () => shown()?.book.spine.length ?? 0;
  const leftDisabled = () => (rtl() ? section() >= total() - 1 : section() <= 0);
  const rightDisabled = () => (rtl() ? section() <= 0 : section() >= total() - 1);

  return (
    <div class="epub-viewer" data-testid="epub-viewer" onKeyDown={onKey}>
      <div class="epub-toolbar" role="toolbar" aria-label={et('toolbar')}>
        <label class="visually-hidden" for="epub-rendition">
          {et('rendition')}
        </label>
        <select id="epub-rendition" data-testid="epub-rendition" value="reflowable">
          <option value="reflowable" selected>
            {et('reflowable')}
          </option>
          <option value="fixed" disabled>
            {et('fixedLater')}
          </option>
        </select>
        <button type="button" data-testid="epub-regenerate" classList={{ 'epub-stale': stale() }} disabled={state().kind === 'writing'} onClick={() => void generate()}>
          <span aria-hidden="true">{stale() ? '↻ ' : ''}</span>
          {et('regenerate')}
        </button>
        <Show when={shown()}>
          {(last) => (
            <a class="button-link" data-testid="epub-download" href={last().url} download={last().file.fileName} title={et('downloadLabel', { size: size(last().file.bytes.byteLength) })}>
              {et('download', { size: size(last().file.bytes.byteLength) })}
            </a>
          )}
        </Show>
        <Show when={(shown()?.book.contents.length ?? 0) > 0}>
          <label class="visually-hidden" for="epub-contents">
            {et('contentsLabel')}
          </label>
          <select
            id="epub-contents"
            data-testid="epub-contents"
            title={et('contents')}
            value={String(currentContentsIndex())}
            onChange={(e) => {
              const entry = shown()?.book.contents[Number(e.currentTarget.value)];
              if (entry) void show(entry.spineIndex, entry.fragment);
            }}
          >
            <option value="-1" disabled selected={currentContentsIndex() < 0}>
              {et('contents')}
            </option>
            <For each={shown()?.book.contents ?? []}>
              {(entry, i) => (
                <option value={String(i())} selected={i() === currentContentsIndex()}>
                  {'\u00a0\u00a0'.repeat(entry.depth)}
                  {entry.title}
                </option>
              )}
            </For>
          </select>
        </Show>
        <div class="epub-group" role="group" aria-label={et('fontScale', { percent: Math.round(fontScale() * 100) })}>
          <button type="button" data-testid="epub-font-smaller" title={et('smaller')} disabled={fontScale() <= FONT_SCALE_MIN} onClick={() => setFontScale(fontScale() / FONT_SCALE_STEP)}>
            <span aria-hidden="true">A−</span>
            <span class="visually-hidden">{et('smaller')}</span>
          </button>
          <span class="epub-scale" data-testid="epub-font-scale" data-scale={fontScale()}>
            {Math.round(fontScale() * 100)} %
          </span>
          <button type="button" data-testid="epub-font-larger" title={et('larger')} disabled={fontScale() >= FONT_SCALE_MAX} onClick={() => setFontScale(fontScale() * FONT_SCALE_STEP)}>
            <span aria-hidden="true">A+</span>
            <span class="visually-hidden">{et('larger')}</span>
          </button>
        </div>
        <div class="epub-group" role="group" aria-label={et('section', { n: section() + 1, total: total() })}>
          <button type="button" data-testid="epub-left" aria-label={rtl() ? et('next') : et('previous')} title={rtl() ? et('next') : et('previous')} disabled={!shown() || leftDisabled()} onClick={left}>
            <span aria-hidden="true">‹</span>
          </button>
          <span class="epub-section" data-testid="epub-section" data-section={section() + 1}>
            {total() > 0 ? `${section() + 1} / ${total()}` : ''}
          </span>
          <button type="button" data-testid="epub-right" aria-label={rtl() ? et('previous') : et('next')} title={rtl() ? et('previous') : et('next')} disabled={!shown() || rightDisabled()} onClick={right}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <Show when={(shown()?.file.warnings.length ?? 0) > 0}>
          <button type="button" data-testid="epub-warnings" aria-expanded={warningsOpen()} aria-controls="epub-warning-list" onClick={() => setWarningsOpen(!warningsOpen())}>
            ⚠ {et('warnings', { n: shown()?.file.warnings.length ?? 0 })}
          </button>
        </Show>
        <Show when={stale()}>
          <span class="epub-stale-mark" data-testid="epub-stale" title={et('stale')}>
            {et('staleShort')}
          </span>
        </Show>
        <span class="epub-status" data-testid="epub-status" aria-live="polite" data-state={state().kind} data-bytes={shown()?.file.bytes.byteLength ?? ''} data-revision={shown()?.revision ?? ''}>
          {(() => {
            const s = state();
            if (s.kind === 'writing') return s.step === 'chapters' ? et('phaseChapters', { done: s.done, total: s.total }) : s.step === 'saving' ? et('phaseSaving', { done: s.done }) : et(s.step);
            if (s.kind === 'failed') return s.message;
            const last = shown();
            if (last) return et('ready', { sections: last.book.spine.length, size: size(last.file.bytes.byteLength) });
            return props.revision < 0 ? et('waiting') : '';
          })()}
        </span>
        <Show when={state().kind === 'writing'}>
          <button type="button" data-testid="epub-cancel" onClick={cancel}>
            {et('cancel')}
          </button>
        </Show>
      </div>
      <Show when={(() => { const s = state(); return s.kind === 'writing' ? s : null; })()}>
        {(s) => (
          // Without a value until the worker's first report (the book's formulas may load first).
          <Show when={s().fraction !== null} fallback={<progress class="epub-progress" data-testid="epub-progress" aria-label={et('writing')} />}>
            <progress class="epub-progress" data-testid="epub-progress" aria-label={et('writing')} max={1} value={s().fraction ?? 0} />
          </Show>
        )}
      </Show>
      <Show when={warningsOpen() && (shown()?.file.warnings.length ?? 0) > 0}>
        <section class="epub-warnings" id="epub-warning-list" aria-label={et('warningsTitle')}>
          <ul>
            <For each={shown()?.file.warnings ?? []}>{(warning) => <li>{warning}</li>}</For>
          </ul>
        </section>
      </Show>
      <Show when={frameUrl()}>
        {(url) => (
          <iframe
            ref={frame}
            class="epub-frame"
            data-testid="epub-frame"
            // Same origin so the reader can size the text and follow links; never allow-scripts.
            sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            title={et('frameTitle', { title: shown()?.book.title ?? '' })}
            src={url()}
            onLoad={onFrameLoad}
          />
        )}
      </Show>
    </div>
  );
}
