/**
 * The PDF tab (tools.md §7.10): the exported PDF of its own scope (whole book, or the current
 * chapter with its book folios) in the browser's PDF viewer. It is written in the book worker
 * on first show and on Regenerate, with progress and Cancel; a stale marker appears when the
 * book has moved on since; Download and Print hand the same bytes to the browser.
 */
import { createEffect, createSignal, on, onCleanup, Show } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import type { PdfExport } from '../../worker/protocol/messages';
import { pt } from './strings';
import './pdf-viewer.css';

export interface PdfViewerProps {
  client: BookClient;
  /** The layout revision on screen (−1 before the first convergence). */
  revision: number;
  /** The chapter the rest of the UI shows (the "Current chapter" scope). */
  chapterId: string | null;
  /** Whether the tab is the one on screen (the PDF is first written when it is). */
  active: boolean;
  /** Receives the toolbar's Regenerate and Print for the agent tools (`sandbox_run_viewer`); null on unmount. */
  controls?: (controls: PdfControls | null) => void;
}

/** What a Regenerate or Print pressed by a tool came to. */
export type PdfRun =
  | { ok: true; bytes: number; pages: number; ms: number; warnings: string[]; scope: 'book' | 'chapter'; fileName: string; revision: number; regenerated: boolean }
  | { ok: false; error: string };

/** The toolbar buttons, pressed by the agent tools through the UI bridge. */
export interface PdfControls {
  /** Writes the PDF of the tab's scope again and resolves once it is on screen (a write already under way for the current book counts). */
  regenerate(signal?: AbortSignal): Promise<PdfRun>;
  /** Opens the browser's print dialog for the PDF on screen, writing it first when there is none or it is stale. */
  print(signal?: AbortSignal): Promise<PdfRun & { printed?: 'frame' | 'tab' }>;
}

type State =
  | { kind: 'idle' }
  | { kind: 'writing'; exportId: string; progress: string }
  | { kind: 'ready'; pdf: PdfExport; url: string }
  | { kind: 'failed'; message: string };

/** Bytes as a short size: kB below 1 MB, else MB with one decimal. */
function size(bytes: number): string {
  return bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

let exportCount = 0;

export function PdfViewer(props: PdfViewerProps) {
  const [scope, setScope] = createSignal<'book' | 'chapter'>('book');
  const [state, setState] = createSignal<State>({ kind: 'idle' });
  /** The last finished PDF, kept on screen while a new one is written. */
  const [shown, setShown] = createSignal<{ pdf: PdfExport; url: string } | null>(null);
  let frame: HTMLIFrameElement | undefined;

  const unsubscribe = props.client.on((event) => {
    const current = state();
    if (event.type !== 'exportProgress' || current.kind !== 'writing' || event.exportId !== current.exportId) return;
    const key = event.phase === 'pictures' ? 'phasePictures' : event.phase === 'pages' ? 'phasePages' : event.phase === 'fonts' ? 'phaseFonts' : 'phaseSaving';
    setState({ ...current, progress: pt(key, { done: event.done, total: event.total }) });
  });
  onCleanup(() => {
    unsubscribe();
    const current = state();
    if (current.kind === 'writing') void props.client.cancelExport(current.exportId).catch(() => undefined);
    const last = shown();
    if (last) URL.revokeObjectURL(last.url);
  });

  /** The write under way, if any: a second press (or a tool) waits for it instead of starting another. */
  let running: Promise<State> | null = null;
  const generate = (): Promise<State> => {
    if (running) return running;
    const chapterId = props.chapterId;
    const exportId = `ui-pdf-${++exportCount}`;
    setState({ kind: 'writing', exportId, progress: pt('writing') });
    const write = async (): Promise<State> => {
      try {
        const pdf = await props.client.exportPdf(scope() === 'chapter' && chapterId ? { scope: 'chapter', chapterId, exportId } : { scope: 'book', exportId });
        const url = URL.createObjectURL(new Blob([pdf.bytes as BlobPart], { type: 'application/pdf' }));
        const old = shown();
        setShown({ pdf, url });
        if (old) URL.revokeObjectURL(old.url);
        const done: State = { kind: 'ready', pdf, url };
        setState(done);
        return done;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failed: State = /cancelled/i.test(message) ? { kind: 'failed', message: pt('cancelled') } : { kind: 'failed', message: pt('failed', { error: message }) };
        setState(failed);
        return failed;
      }
    };
    running = write().finally(() => {
      running = null;
    });
    return running;
  };

  const cancel = () => {
    const current = state();
    if (current.kind === 'writing') void props.client.cancelExport(current.exportId).catch(() => undefined);
  };

  // Written when the tab is first shown with pages to show, and again when the scope changes.
  createEffect(
    on([() => props.active, () => props.revision >= 0, scope], ([active, laidOut]) => {
      if (!active || !laidOut) return;
      const last = shown();
      const sameScope = last && last.pdf.scope === scope() && (scope() === 'book' || last.pdf.chapterId === props.chapterId);
      if (!sameScope && state().kind !== 'writing') void generate();
    }),
  );

  const stale = () => {
    const last = shown();
    if (!last) return false;
    return props.revision > last.pdf.revision || (last.pdf.scope === 'chapter' && last.pdf.chapterId !== props.chapterId);
  };

  /** Prints through the frame's viewer; where the browser does not allow it, opens the PDF in a tab to print from there. */
  const print = (): 'frame' | 'tab' => {
    const win = frame?.contentWindow;
    try {
      if (!win) throw new Error('no frame');
      win.focus();
      win.print();
      return 'frame';
    } catch {
      const last = shown();
      if (last) window.open(last.url, '_blank', 'noopener');
      return 'tab';
    }
  };

  // --- The same buttons for the agent tools (src/tools/groups/view.ts, sandbox_run_viewer) ---
  /** The URL the frame has finished loading (print waits for the new bytes to be in the viewer). */
  const [loadedUrl, setLoadedUrl] = createSignal<string | null>(null);
  const asRun = (result: State, regenerated: boolean): PdfRun => {
    if (result.kind === 'ready') {
      const { pdf } = result;
      return { ok: true, bytes: pdf.bytes.byteLength, pages: pdf.pages, ms: pdf.ms, warnings: pdf.warnings, scope: pdf.scope, fileName: pdf.fileName, revision: pdf.revision, regenerated };
    }
    return { ok: false, error: result.kind === 'failed' ? result.message : pt('failed', { error: 'nothing was written' }) };
  };
  const regenerate = async (signal?: AbortSignal): Promise<PdfRun> => {
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
  };
  const printForTool = async (signal?: AbortSignal): Promise<PdfRun & { printed?: 'frame' | 'tab' }> => {
    let regenerated = false;
    if (!shown() || stale() || running) {
      const written = await regenerate(signal);
      if (!written.ok) return written;
      regenerated = true;
    }
    const last = shown();
    if (!last) return asRun(state(), regenerated);
    // The frame loads the new bytes after they are shown; give it up to 10 s.
    const deadline = Date.now() + 10_000;
    while (loadedUrl() !== last.url && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return { ...asRun({ kind: 'ready', pdf: last.pdf, url: last.url }, regenerated), printed: print() };
  };
  props.controls?.({ regenerate, print: printForTool });
  onCleanup(() => props.controls?.(null));

  return (
    <div class="pdf-viewer" data-testid="pdf-viewer">
      <div class="pdf-toolbar" role="toolbar" aria-label={pt('toolbar')}>
        <label class="visually-hidden" for="pdf-scope">
          {pt('scope')}
        </label>
        <select id="pdf-scope" data-testid="pdf-scope" value={scope()} onChange={(e) => setScope(e.currentTarget.value === 'chapter' ? 'chapter' : 'book')}>
          <option value="book" selected={scope() === 'book'}>
            {pt('scopeBook')}
          </option>
          <option value="chapter" selected={scope() === 'chapter'}>
            {pt('scopeChapter')}
          </option>
        </select>
        <button type="button" data-testid="pdf-regenerate" classList={{ 'pdf-stale': stale() }} disabled={state().kind === 'writing'} onClick={() => void generate()}>
          <span aria-hidden="true">{stale() ? '↻ ' : ''}</span>
          {pt('regenerate')}
        </button>
        <Show when={shown()}>
          {(last) => (
            <>
              <a class="button-link" data-testid="pdf-download" href={last().url} download={last().pdf.fileName}>
                {pt('download')}
              </a>
              <button type="button" data-testid="pdf-print" onClick={print}>
                {pt('print')}
              </button>
            </>
          )}
        </Show>
        <Show when={stale()}>
          <span class="pdf-stale-mark" data-testid="pdf-stale" title={pt('stale')}>
            {pt('staleShort')}
          </span>
        </Show>
        <span class="pdf-status" data-testid="pdf-status" aria-live="polite" data-state={state().kind} data-pages={shown()?.pdf.pages ?? ''} data-revision={shown()?.pdf.revision ?? ''} data-bytes={shown()?.pdf.bytes.byteLength ?? ''}>
          {(() => {
            const s = state();
            if (s.kind === 'writing') return s.progress;
            if (s.kind === 'failed') return s.message;
            const last = shown();
            if (last) return pt('ready', { pages: last.pdf.pages, size: size(last.pdf.bytes.byteLength) });
            return props.revision < 0 ? pt('waiting') : '';
          })()}
        </span>
        <Show when={state().kind === 'writing'}>
          <button type="button" data-testid="pdf-cancel" onClick={cancel}>
            {pt('cancel')}
          </button>
        </Show>
      </div>
      <Show when={shown()}>
        {(last) => (
          <iframe ref={frame} class="pdf-frame" data-testid="pdf-frame" title={pt('frameTitle')} src={last().url} onLoad={() => setLoadedUrl(last().url)}>
            <p>{pt('noViewer')}</p>
          </iframe>
        )}
      </Show>
    </div>
  );
}
