import { ChevronLeft, ChevronRight, Columns2, Grid3x3, Highlighter, LayoutTemplate, Pin, Printer, StretchHorizontal, StretchVertical, ZoomIn, ZoomOut } from 'lucide-solid';
import { batch, createEffect, createMemo, createSignal, For, on, onCleanup, onMount, Show, untrack, type JSX } from 'solid-js';
import type { BookClient } from '../../worker/protocol/client';
import type { PageSummary } from '../../worker/protocol/messages';
import { GAP, layoutColumn, pageForLabel, PX_PER_PT, rowsIn, type ColumnLayout } from '../canvas/layout';
import type { PagePainter, SourceRect } from '../canvas/page-painter';
import { t } from '../i18n';
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type UiStore } from '../state/ui-state';

/** Idle time after which the unpinned toolbar hides, ms. */
const TOOLBAR_IDLE_MS = 2500;

export interface CanvasViewerProps {
  client: BookClient;
  painter: PagePainter;
  store: UiStore;
  /** Pages in scope (the current chapter or the whole book). */
  pages: PageSummary[];
  /** Selection rectangles by page, pt, and whether the selection is a caret. */
  rects: Map<number, SourceRect[]>;
  caret: boolean;
  /** A request to show the page with this printed label (bumped `seq` repeats it). */
  goTo: { label: string; seq: number } | null;
  onCurrentPage: (label: string | null) => void;
  /** A click on the text of a page: the source position under it. */
  onSource: (chapterId: string, offset: number) => void;
}

/**
 * The Canvas viewer (tools.md §7.10): a virtualised column of pages. Only rows near the
 * viewport are in the DOM; the visible pages and one more on each side get a painted canvas,
 * so a 500-page book never has more than visible + 2 canvases. Zoom, fit and spread change the
 * scale; the page at the top of the view stays put when they do.
 */
export function CanvasViewer(props: CanvasViewerProps) {
  const { ui, setUi, save } = props.store;
  let scroller!: HTMLDivElement;
  const [viewport, setViewport] = createSignal({ top: 0, height: 800, width: 800 });
  const [pageField, setPageField] = createSignal('');
  const [editingField, setEditingField] = createSignal(false);

  // The floating toolbar (tools.md §7.10) hides after a few idle seconds unless pinned; moving
  // the pointer over the viewer, hovering it or focusing one of its controls brings it back.
  const [toolbarAwake, setToolbarAwake] = createSignal(true);
  let toolbarHeld = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const wakeToolbar = () => {
    setToolbarAwake(true);
    clearTimeout(idleTimer);
    if (!toolbarHeld) idleTimer = setTimeout(() => setToolbarAwake(false), TOOLBAR_IDLE_MS);
  };
  const holdToolbar = (held: boolean) => {
    toolbarHeld = held;
    wakeToolbar();
  };
  onMount(wakeToolbar);
  onCleanup(() => clearTimeout(idleTimer));
  const toolbarHidden = () => !toolbarAwake() && !ui.toolbarPinned;

  const maxPage = createMemo(() => {
    let w = 1;
    let h = 1;
    for (const p of props.pages) {
      w = Math.max(w, p.width);
      h = Math.max(h, p.height);
    }
    return { w, h };
  });

  /** CSS px per pt. */
  const scale = createMemo(() => {
    const v = viewport();
    const { w, h } = maxPage();
    if (ui.fit === 'width') return Math.max(0.05, (v.width - 2 * GAP) / (w * (ui.spread ? 2 : 1)));
    if (ui.fit === 'height') return Math.max(0.05, (v.height - 2 * GAP) / h);
    return ui.zoom * PX_PER_PT;
  });
  const effectiveZoom = () => scale() / PX_PER_PT;

  const layout = createMemo<ColumnLayout>(() => layoutColumn(props.pages, scale(), ui.spread));

  /** Book indices of visible pages (rows overlapping the viewport). */
  const visibleRange = createMemo(() => {
    const v = viewport();
    return rowsIn(layout(), v.top, v.top + v.height);
  });

  /** Pages that get a painted canvas: the visible ones and one on each side. */
  const painted = createMemo(() => {
    const l = layout();
    const { first, last } = visibleRange();
    const out: PageSummary[] = [];
    for (let r = first; r <= last && r < l.rows.length; r++) for (const p of l.rows[r]!.pages) out.push(p.page);
    if (out.length === 0) return out;
    const at = (index: number) => props.pages.findIndex((p) => p.index === index);
    const before = props.pages[at(out[0]!.index) - 1];
    const after = props.pages[at(out[out.length - 1]!.index) + 1];
    return [...(before ? [before] : []), ...out, ...(after ? [after] : [])];
  });
  const paintedIndices = createMemo(() => painted().map((p) => p.index), undefined, {
    equals: (a, b) => a.length === b.length && a.every((x, i) => x === b[i]),
  });

  /** The page at the top of the view (a third of the way down counts as "on screen"). */
  const currentPage = createMemo<PageSummary | null>(() => {
    const l = layout();
    const v = viewport();
    if (l.rows.length === 0) return null;
    const probe = v.top + Math.min(v.height / 3, 120);
    const { first } = rowsIn(l, probe, probe + 1);
    const row = l.rows[Math.min(first, l.rows.length - 1)]!;
    return row.pages[row.pages.length - 1]!.page;
  });
  createEffect(() => props.onCurrentPage(currentPage()?.label ?? null));
  createEffect(() => {
    if (!editingField()) setPageField(currentPage()?.label ?? '');
  });

  const measure = () => {
    setViewport({ top: scroller.scrollTop, height: scroller.clientHeight, width: scroller.clientWidth });
  };
  let frame = 0;
  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      measure();
    });
  };

  /** Scrolls so a page's row is at the top. */
  const showPage = (index: number) => {
    const l = layout();
    const row = l.rowOf.get(index);
    if (row === undefined) return;
    scroller.scrollTop = Math.max(0, l.rows[row]!.top - GAP / 2);
    measure();
  };

  onMount(() => {
    measure();
    const observer = new ResizeObserver(() => measure());
    observer.observe(scroller);
    onCleanup(() => observer.disconnect());
  });
  onCleanup(() => cancelAnimationFrame(frame));

  // Keep the current page in place when the scale, the spread mode or the scope changes.
  let anchor: number | null = null;
  createEffect(on(currentPage, (page) => (anchor = page?.index ?? anchor)));
  createEffect(
    on([scale, () => ui.spread, () => props.pages], () => {
      const index = untrack(() => anchor);
      if (index === null) return;
      queueMicrotask(() => {
        if (layout().rowOf.has(index)) showPage(index);
      });
    }, { defer: true }),
  );

  createEffect(
    on(() => props.goTo, (request) => {
      if (!request) return;
      const page = pageForLabel(props.pages, request.label);
      if (page) queueMicrotask(() => showPage(page.index));
    }),
  );
  // Scope or chapter changes bring a new page list: pending navigation re-runs on it.
  createEffect(
    on(() => props.pages, () => {
      const request = untrack(() => props.goTo);
      if (!request) return;
      const page = pageForLabel(props.pages, request.label);
      if (page && untrack(() => currentPage()?.index) !== page.index) queueMicrotask(() => showPage(page.index));
    }, { defer: true }),
  );

  const zoomBy = (factor: number) => {
    const next = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, effectiveZoom() * factor));
    // Snap to the ×1.25 ladder around 1 so repeated steps land on 100 % again.
    const steps = Math.round(Math.log(next) / Math.log(ZOOM_STEP));
    const snapped = Math.abs(ZOOM_STEP ** steps - next) < 1e-3 * next ? ZOOM_STEP ** steps : next;
    batch(() => {
      setUi('zoom', Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, snapped)));
      setUi('fit', 'none'); // manual zoom cancels fit
    });
    save();
  };
  const toggleFit = (mode: 'width' | 'height') => {
    setUi('fit', ui.fit === mode ? 'none' : mode);
    save();
  };
  const stepPage = (delta: number) => {
    const cur = currentPage();
    if (!cur) return;
    const l = layout();
    const row = l.rowOf.get(cur.index) ?? 0;
    const target = l.rows[Math.max(0, Math.min(l.rows.length - 1, row + delta))];
    if (target) showPage(target.pages[0]!.page.index);
  };
  const commitField = () => {
    const wanted = pageField();
    setEditingField(false);
    const page = pageForLabel(props.pages, wanted);
    if (page) showPage(page.index);
    setPageField(currentPage()?.label ?? '');
  };

  const onPageClick = async (page: PageSummary, event: MouseEvent) => {
    const target = event.currentTarget as HTMLElement;
    const box = target.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * page.width;
    const y = ((event.clientY - box.top) / box.height) * page.height;
    const hit = await props.client.hitTest(page.index, x, y);
    if (hit) props.onSource(hit.chapterId, hit.offset);
  };

  return (
    <div class="canvas-viewer" onPointerMove={wakeToolbar}>
      <div
        class="viewer-toolbar"
        classList={{ 'toolbar-hidden': toolbarHidden() }}
        data-testid="canvas-toolbar"
        data-hidden={toolbarHidden() ? 'true' : 'false'}
        role="toolbar"
        aria-label={t('canvasToolbar')}
        onPointerEnter={() => holdToolbar(true)}
        onPointerLeave={() => holdToolbar(false)}
        onFocusIn={() => holdToolbar(true)}
        onFocusOut={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) holdToolbar(false);
        }}
      >
        <div class="tool-group" role="group" aria-label={t('zoom')}>
          <button type="button" class="icon-button" aria-label={t('zoomOut')} title={t('zoomOut')} disabled={effectiveZoom() <= ZOOM_MIN + 1e-6} onClick={() => zoomBy(1 / ZOOM_STEP)}>
            <ZoomOut size={16} aria-hidden="true" />
          </button>
          <output class="zoom-value" data-testid="zoom-value" aria-live="polite">
            {Math.round(effectiveZoom() * 100)}%
          </output>
          <button type="button" class="icon-button" aria-label={t('zoomIn')} title={t('zoomIn')} disabled={effectiveZoom() >= ZOOM_MAX - 1e-6} onClick={() => zoomBy(ZOOM_STEP)}>
            <ZoomIn size={16} aria-hidden="true" />
          </button>
          <button type="button" class="icon-button" aria-label={t('fitWidth')} title={t('fitWidth')} aria-pressed={ui.fit === 'width'} onClick={() => toggleFit('width')}>
            <StretchHorizontal size={16} aria-hidden="true" />
          </button>
          <button type="button" class="icon-button" aria-label={t('fitHeight')} title={t('fitHeight')} aria-pressed={ui.fit === 'height'} onClick={() => toggleFit('height')}>
            <StretchVertical size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            class="icon-button"
            aria-label={t('spread')}
            title={t('spread')}
            aria-pressed={ui.spread}
            onClick={() => {
              setUi('spread', !ui.spread);
              save();
            }}
          >
            <Columns2 size={16} aria-hidden="true" />
          </button>
        </div>
        <div class="tool-group" role="group" aria-label={t('pages')}>
          <button type="button" class="icon-button" aria-label={t('previousPage')} title={t('previousPage')} onClick={() => stepPage(-1)}>
            <ChevronLeft size={16} aria-hidden="true" class="flip-rtl" />
          </button>
          <input
            class="page-field"
            data-testid="page-field"
            aria-label={t('pageField')}
            inputmode="text"
            value={pageField()}
            onFocus={() => setEditingField(true)}
            onInput={(e) => setPageField(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.isComposing) {
                e.preventDefault();
                commitField();
              } else if (e.key === 'Escape') {
                setEditingField(false);
                setPageField(currentPage()?.label ?? '');
              }
            }}
            onBlur={() => editingField() && commitField()}
          />
          <span class="page-total">/ {props.pages[props.pages.length - 1]?.label ?? '–'}</span>
          <button type="button" class="icon-button" aria-label={t('nextPage')} title={t('nextPage')} onClick={() => stepPage(1)}>
            <ChevronRight size={16} aria-hidden="true" class="flip-rtl" />
          </button>
        </div>
        <div class="tool-group" role="group" aria-label={t('guides')}>
          <ToggleButton label={t('marginGuides')} pressed={ui.guides.margins} onToggle={() => setUi('guides', 'margins', !ui.guides.margins)} onCommit={save}>
            <LayoutTemplate size={16} aria-hidden="true" />
          </ToggleButton>
          <ToggleButton label={t('baselineGuides')} pressed={ui.guides.baseline} onToggle={() => setUi('guides', 'baseline', !ui.guides.baseline)} onCommit={save}>
            <Grid3x3 size={16} aria-hidden="true" />
          </ToggleButton>
          <ToggleButton label={t('looseLineGuides')} pressed={ui.guides.looseLines} onToggle={() => setUi('guides', 'looseLines', !ui.guides.looseLines)} onCommit={save}>
            <Highlighter size={16} aria-hidden="true" />
          </ToggleButton>
          <ToggleButton label={t('printPreview')} pressed={ui.printPreview} onToggle={() => setUi('printPreview', !ui.printPreview)} onCommit={save}>
            <Printer size={16} aria-hidden="true" />
          </ToggleButton>
        </div>
        <button
          type="button"
          class="icon-button"
          aria-label={t('pinToolbar')}
          title={t('pinToolbar')}
          aria-pressed={ui.toolbarPinned}
          onClick={() => {
            setUi('toolbarPinned', !ui.toolbarPinned);
            save();
            wakeToolbar();
          }}
        >
          <Pin size={16} aria-hidden="true" />
        </button>
      </div>
      <div class="viewer" ref={scroller} onScroll={onScroll} tabindex="0" role="region" aria-label={t('pages')} data-testid="viewer" dir="ltr">
        <div class="viewer-content" style={{ height: `${layout().height}px`, width: `${layout().width + 2 * GAP}px` }}>
          <For each={paintedIndices()}>
            {(index) => {
              const placed = createMemo(() => {
                const l = layout();
                const row = l.rowOf.get(index);
                if (row === undefined) return null;
                const r = l.rows[row]!;
                const p = r.pages.find((q) => q.page.index === index);
                return p ? { ...p, top: r.top } : null;
              });
              return (
                <Show when={placed()}>
                  {(p) => (
                    <div
                      class="page-slot"
                      data-index={index}
                      style={{
                        width: `${p().width}px`,
                        height: `${p().height}px`,
                        top: `${p().top}px`,
                        left: `calc(max(0px, (100% - ${layout().width}px) / 2) + ${p().x}px)`,
                      }}
                      onClick={(e) => void onPageClick(p().page, e)}
                    >
                      <PageCanvas index={index} label={p().page.label} version={p().page.version} cssWidth={p().width} painter={props.painter} />
                      <OverlayCanvas
                        index={index}
                        version={p().page.version}
                        cssWidth={p().width}
                        painter={props.painter}
                        guides={{ margins: ui.guides.margins, baseline: ui.guides.baseline, looseLines: ui.guides.looseLines }}
                        printPreview={ui.printPreview}
                        rects={props.rects.get(index) ?? []}
                        caret={props.caret}
                      />
                      <span class="page-label" aria-hidden="true">
                        {p().page.label}
                      </span>
                    </div>
                  )}
                </Show>
              );
            }}
          </For>
        </div>
      </div>
    </div>
  );
}

/** An icon button that switches a view setting on and off (aria-pressed), saving the UI state. */
function ToggleButton(props: { label: string; pressed: boolean; onToggle: () => void; onCommit: () => void; children: JSX.Element }) {
  return (
    <button
      type="button"
      class="icon-button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      onClick={() => {
        props.onToggle();
        props.onCommit();
      }}
    >
      {props.children}
    </button>
  );
}

function PageCanvas(props: { index: number; label: string; version: string; cssWidth: number; painter: PagePainter }) {
  let canvas!: HTMLCanvasElement;
  createEffect(() => {
    // Re-paint when the page (its version, PageSummary.version) or the size changes: a layout that
    // left this page as it was repaints nothing. Painting itself stays outside the graph.
    const { index, version, cssWidth } = props;
    void props.painter.paint(canvas, index, version, cssWidth);
  });
  return <canvas ref={canvas} class="page-canvas" data-page-index={props.index} role="img" aria-label={t('page', { label: props.label })} />;
}

function OverlayCanvas(props: { index: number; version: string; cssWidth: number; painter: PagePainter; guides: { margins: boolean; baseline: boolean; looseLines: boolean }; printPreview: boolean; rects: SourceRect[]; caret: boolean }) {
  let canvas!: HTMLCanvasElement;
  createEffect(() => {
    const { index, version, cssWidth, guides, printPreview, rects, caret } = props;
    void props.painter.paintOverlay(canvas, index, version, cssWidth, { guides, printPreview, rects, caret });
  });
  return <canvas ref={canvas} class="overlay-canvas" aria-hidden="true" />;
}
