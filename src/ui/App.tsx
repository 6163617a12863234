import { createSignal, onMount, Show } from 'solid-js';
import type { BookClient } from '../worker/protocol/client';
import { PagePainter } from './canvas/page-painter';
import { Editor } from './components/Editor';
import { Notices } from './components/Notices';
import { PageViewer } from './components/PageViewer';
import { createBookState } from './state/book';

/** The preset opened when nothing else is asked for (bundle-format: `default: true`). */
const DEFAULT_PRESET = 'postext-guide';

export function App(props: { client: BookClient }) {
  const state = createBookState(props.client);
  const painter = new PagePainter(props.client);
  const [zoom, setZoom] = createSignal(1);
  const [failure, setFailure] = createSignal<string | null>(null);

  onMount(async () => {
    try {
      await props.client.start();
      await props.client.openPreset(DEFAULT_PRESET);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  const status = () => {
    if (failure()) return 'Could not open the book';
    if (state.view.pages.length === 0) return 'Typesetting…';
    return `${state.view.pages.length} pages${state.busy() ? ' · updating…' : ''}`;
  };

  return (
    <div class="app">
      <header class="topbar">
        <h1 class="book-name">{state.view.name || 'Postext Sandbox'}</h1>
        <span class="status" data-testid="status" data-revision={state.view.layoutRevision} aria-live="polite">
          {status()}
        </span>
        <div class="zoom" role="group" aria-label="Zoom">
          <button type="button" aria-label="Zoom out" onClick={() => setZoom((z) => Math.max(0.25, z / 1.25))}>
            −
          </button>
          <span>{Math.round(zoom() * 100)}%</span>
          <button type="button" aria-label="Zoom in" onClick={() => setZoom((z) => Math.min(4, z * 1.25))}>
            +
          </button>
        </div>
      </header>
      <Notices notices={state.notices()} onDismiss={state.dismiss} />
      <Show when={failure()}>
        <p class="failure" role="alert">
          {failure()}
        </p>
      </Show>
      <main class="workspace">
        <Editor client={props.client} chapters={state.view.chapters} bookId={state.view.id} onChapter={(id) => void props.client.setVisibleChapter(id)} />
        <PageViewer pages={state.view.pages} revision={state.view.layoutRevision} zoom={zoom()} painter={painter} />
      </main>
    </div>
  );
}
