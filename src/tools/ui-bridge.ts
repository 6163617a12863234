/**
 * The navigation channel between the agent tools and the Sandbox UI (both on the main thread).
 *
 * The tools never touch the DOM or the UI's stores. The UI implements `SandboxScreen` — a small
 * typed set of reads and commands — and connects it when it mounts (`connect`, returning the
 * disconnect to call on unmount). Until then (and in headless use) the tools read what was on
 * screen from the UI state the Sandbox persists (`postext-sandbox-ui` in localStorage), and the
 * view commands answer that the Sandbox is not on screen.
 */
import type { UiBridge, UiView } from './context';

/** Viewer tabs (tools.md §3.6); a screen lists the ones it really has in `viewers`. */
export type ViewerName = 'canvas' | 'pdf' | 'folio' | 'html' | 'epub';
/** Side panels, by the names the tools use (`none` closes the sidebar). */
export type PanelName = 'books' | 'chapters' | 'text' | 'resources' | 'fonts' | 'design' | 'checks' | 'none';

/** A change of view; only the fields given change. */
export interface ViewChange {
  viewer?: ViewerName;
  panel?: PanelName;
  scope?: 'chapter' | 'book';
  /** Chapter id to show. */
  chapter?: string;
  /** 0.25–4; cancels fit. */
  zoom?: number;
  fit?: 'width' | 'height' | 'none';
  pages?: 'single' | 'spread';
  /** The Canvas baseline-grid overlay. */
  baselineGrid?: boolean;
  /** The EPUB reader's text size, 0.6–2.5 (1 = the reader's default). */
  fontScale?: number;
}

export interface ScreenNotice {
  id: number;
  text: string;
  level: 'info' | 'warning';
}

export interface ScreenQuestion {
  id: number;
  kind: 'replaceCopy';
  book: { name: string; id: string };
  options: ['keep', 'replace'];
}

/** A viewer toolbar button a tool presses (`sandbox_run_viewer`); more join as their viewers land. */
export interface ViewerRunRequest {
  viewer: 'pdf' | 'epub';
  /** `print` is the PDF tab's only; the EPUB tab has Regenerate. */
  action: 'regenerate' | 'print';
}

/** What pressing it came to: the file on screen afterwards, or why nothing was written. */
export type ViewerRun =
  | { ok: true; bytes: number; pages: number; ms: number; warnings: string[]; scope: 'book' | 'chapter'; fileName: string; revision: number; regenerated: boolean; printed?: 'frame' | 'tab' }
  | { ok: false; error: string };

/** What the mounted Sandbox UI offers the tools. Every command returns once the store has changed. */
export interface SandboxScreen {
  view(): UiView;
  /** Viewer tabs that exist on this screen. */
  viewers(): ViewerName[];
  /** The editor's chapter and selection (source offsets), or null. */
  selection(): { chapterId: string; from: number; to: number } | null;
  notice(): ScreenNotice | null;
  question(): ScreenQuestion | null;
  setView(change: ViewChange): void;
  /** Shows the chapter and scrolls the viewer to the page with this printed label. */
  goToPage(chapterId: string, label: string): void;
  /** Opens the Text panel on the chapter with [from, to) selected, as a click in the Checks panel does. */
  selectText(chapterId: string, from: number, to: number): Promise<void>;
  /** Answers the pending question and/or clears the notices. */
  answer(answer: { replaceCopy?: boolean; dismissNotice?: boolean }): void;
  /** The contents entries of the EPUB in the EPUB tab (empty until one is written). */
  epubContents?(): { title: string; spineIndex: number; depth: number }[];
  /** Shows the EPUB tab at contents entry `index` (0-based); resolves true once that section is in the reader. */
  goToContents?(index: number): Promise<boolean>;
  /** Shows the viewer's tab and presses its Regenerate or Print; resolves when the file is written (and the dialog opened). */
  runViewer?(request: ViewerRunRequest, signal?: AbortSignal): Promise<ViewerRun>;
}

const UI_STATE_KEY = 'postext-sandbox-ui';

/** What was on screen, from the persisted UI state (before the UI mounts, or without one). */
function persistedView(): UiView {
  let state: Record<string, unknown> = {};
  try {
    state = JSON.parse(localStorage.getItem(UI_STATE_KEY) ?? '{}') as Record<string, unknown>;
  } catch {
    state = {};
  }
  const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
  return {
    viewer: text(state['viewer']) ?? 'canvas',
    panel: text(state['panel']) ?? 'none',
    scope: state['scope'] === 'book' ? 'book' : 'chapter',
    chapter: text(state['chapterId']),
    pageLabel: text(state['pageLabel']),
  };
}

/** Reads only from persisted state: for hosts that mount no Sandbox UI. */
export function persistedUiBridge(): UiBridge {
  return { view: persistedView, screen: () => null };
}

/** A bridge the UI connects to when it mounts; the tools hold `bridge` from the start. */
export function createUiBridge(): { bridge: UiBridge; connect(screen: SandboxScreen): () => void } {
  let current: SandboxScreen | null = null;
  const bridge: UiBridge = {
    view: () => current?.view() ?? persistedView(),
    screen: () => current,
  };
  return {
    bridge,
    connect(screen) {
      current = screen;
      return () => {
        if (current === screen) current = null;
      };
    },
  };
}
