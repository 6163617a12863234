/**
 * UI state that survives a reload (localStorage, main thread only; the book itself belongs to
 * the worker) and the permalink fragment `#preset=P&lang=L&view=V&chapter=C&page=N` or
 * `#project=ID&view=V&chapter=C&page=N`
 * (tools.md §7.14: chapter is 1-based, page is the printed page label, missing parts mean
 * "as is", the hash is written with replaceState so it never adds history entries).
 */
import { createStore } from 'solid-js/store';
import { isUiLanguage, type UiLanguage } from '../i18n';

export type PanelId = 'books' | 'chapters' | 'text' | 'resources' | 'fonts' | 'design' | 'checks';
export const PANELS: PanelId[] = ['books', 'chapters', 'text', 'resources', 'fonts', 'design', 'checks'];
export type ViewerId = 'canvas' | 'pdf' | 'folio' | 'html' | 'epub';
export type FitMode = 'none' | 'width' | 'height';
export type Theme = 'light' | 'dark';

export interface UiState {
  /** Open panel, or null when the sidebar is collapsed. */
  panel: PanelId | null;
  /** Sidebar width as a percentage of the window (the spec's keyboard steps are in %). */
  sidebarPct: number;
  viewer: ViewerId;
  zoom: number;
  fit: FitMode;
  spread: boolean;
  scope: 'chapter' | 'book';
  /** Sandbox-only overlays (tools.md §7.12): margins and columns, baseline grid, loose lines. */
  guides: { margins: boolean; baseline: boolean; looseLines: boolean };
  /** Print preview (tools.md §7.11): trim, bleed and safe-zone guides; per browser, off by default. */
  printPreview: boolean;
  /** The Canvas toolbar stays on screen instead of hiding after a few idle seconds. */
  toolbarPinned: boolean;
  theme: Theme;
  language: UiLanguage;
  /** Last opened preset and edition. */
  preset: string;
  bookLang: string | null;
  /** The project open last, or null when a sample was (then `preset` reopens). */
  project: string | null;
  /** Active chapter id and the printed label of the page at the top of the view. */
  chapterId: string | null;
  pageLabel: string | null;
}

const KEY = 'postext-sandbox-ui';
export const SIDEBAR_MIN = 15;
export const SIDEBAR_MAX = 70;
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 1.25;

function defaults(): UiState {
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  return {
    panel: 'text',
    sidebarPct: 34,
    viewer: 'canvas',
    zoom: 1,
    fit: 'none',
    spread: false,
    scope: 'book',
    guides: { margins: false, baseline: false, looseLines: false },
    printPreview: false,
    toolbarPinned: false,
    theme: dark ? 'dark' : 'light',
    language: 'en',
    preset: 'postext-guide',
    bookLang: null,
    project: null,
    chapterId: null,
    pageLabel: null,
  };
}

function load(): UiState {
  const base = defaults();
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return base;
    const saved = JSON.parse(raw) as Partial<UiState>;
    const merged = { ...base, ...saved, guides: { ...base.guides, ...(saved.guides ?? {}) } };
    // Anything malformed falls back to its default rather than breaking the app.
    if (merged.panel !== null && !PANELS.includes(merged.panel)) merged.panel = base.panel;
    if (!(merged.sidebarPct >= SIDEBAR_MIN && merged.sidebarPct <= SIDEBAR_MAX)) merged.sidebarPct = base.sidebarPct;
    if (!(merged.zoom >= ZOOM_MIN && merged.zoom <= ZOOM_MAX)) merged.zoom = 1;
    if (!['none', 'width', 'height'].includes(merged.fit)) merged.fit = 'none';
    if (merged.theme !== 'light' && merged.theme !== 'dark') merged.theme = base.theme;
    if (!isUiLanguage(merged.language)) merged.language = 'en';
    if (merged.viewer !== 'canvas' && merged.viewer !== 'pdf' && merged.viewer !== 'epub') merged.viewer = 'canvas';
    if (typeof merged.project !== 'string' || merged.project === '') merged.project = null;
    if (typeof merged.printPreview !== 'boolean') merged.printPreview = false;
    if (typeof merged.toolbarPinned !== 'boolean') merged.toolbarPinned = false;
    return merged;
  } catch {
    return base;
  }
}

export function createUiState() {
  const [ui, setUi] = createStore<UiState>(load());
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Saves soon (one write per burst of changes). */
  const save = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => saveNow(), 150);
  };
  const saveNow = (): void => {
    clearTimeout(timer);
    try {
      localStorage.setItem(KEY, JSON.stringify(ui));
    } catch {
      // Storage may be full or disabled (private mode); the UI keeps working without it.
    }
  };
  return { ui, setUi, save, saveNow };
}
export type UiStore = ReturnType<typeof createUiState>;

export interface Permalink {
  preset?: string;
  project?: string;
  lang?: string;
  view?: ViewerId;
  /** 1-based. */
  chapter?: number;
  /** Printed page label. */
  page?: string;
}

const VIEWS: ViewerId[] = ['canvas', 'pdf', 'folio', 'html', 'epub'];

/** Canonical BCP 47 casing (`zh-hant` → `zh-Hant`, `pt-br` → `pt-BR`). */
export function canonicalLang(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}

export function parsePermalink(hash: string): Permalink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out: Permalink = {};
  const preset = params.get('preset');
  if (preset && /^[a-z0-9-]+$/.test(preset)) out.preset = preset;
  // A project link names no sample (tools.md §7.14); (our choice) beside `project`, `preset` and `lang` are ignored.
  const project = params.get('project');
  if (project) out.project = project;
  const lang = params.get('lang');
  if (lang) out.lang = canonicalLang(lang);
  const view = params.get('view');
  if (view && (VIEWS as string[]).includes(view)) out.view = view as ViewerId;
  const chapter = Number(params.get('chapter'));
  if (Number.isInteger(chapter) && chapter >= 1) out.chapter = chapter;
  const page = params.get('page');
  if (page) out.page = page;
  return out;
}

export function formatPermalink(link: Permalink): string {
  const params = new URLSearchParams();
  if (link.project) params.set('project', link.project);
  else {
    if (link.preset) params.set('preset', link.preset);
    if (link.lang) params.set('lang', link.lang);
  }
  if (link.view) params.set('view', link.view);
  if (link.chapter) params.set('chapter', String(link.chapter));
  if (link.page) params.set('page', link.page);
  return `#${params.toString()}`;
}

/** The UI language asked for by the path (`/es/sandbox`), if any. */
export function languageFromPath(pathname: string): UiLanguage | null {
  const match = /^\/([a-z]{2})(?:-[A-Za-z]+)?\/sandbox\/?$/.exec(pathname);
  return match && isUiLanguage(match[1]) ? match[1] : null;
}
