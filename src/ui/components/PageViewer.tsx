import { createEffect, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import type { PageSummary } from '../../worker/protocol/messages';
import type { PagePainter } from '../canvas/page-painter';

/** CSS px per pt at zoom 1 (CSS reference pixel: 96 per inch, 72 pt per inch). */
const PX_PER_PT = 96 / 72;
/** Pages kept painted beyond the visible ones, each side. */
const OVERSCAN = 1;

export function PageViewer(props: { pages: PageSummary[]; revision: number; zoom: number; painter: PagePainter }) {
  const [visible, setVisible] = createSignal<Set<number>>(new Set());
  let scroller!: HTMLDivElement;
  let observer: IntersectionObserver | undefined;

  onMount(() => {
    observer = new IntersectionObserver(
      (entries) => {
        setVisible((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            const index = Number((entry.target as HTMLElement).dataset['index']);
            if (entry.isIntersecting) next.add(index);
            else next.delete(index);
          }
          return next;
        });
      },
      { root: scroller, rootMargin: '200px 0px' },
    );
  });
  onCleanup(() => observer?.disconnect());

  /** Pages that get a canvas: the visible ones plus a small overscan. */
  const painted = (index: number): boolean => {
    const set = visible();
    for (let d = -OVERSCAN; d <= OVERSCAN; d++) if (set.has(index + d)) return true;
    return false;
  };

  return (
    <div class="viewer" ref={scroller} role="region" aria-label="Pages">
      <For each={props.pages}>
        {(page) => {
          let slot!: HTMLDivElement;
          onMount(() => observer?.observe(slot));
          onCleanup(() => observer?.unobserve(slot));
          const width = () => page.width * PX_PER_PT * props.zoom;
          const height = () => page.height * PX_PER_PT * props.zoom;
          return (
            <div class="page-slot" ref={slot} data-index={page.index} style={{ width: `${width()}px`, height: `${height()}px` }}>
              <Show when={painted(page.index)}>
                <PageCanvas index={page.index} label={page.label} revision={props.revision} cssWidth={width()} painter={props.painter} />
              </Show>
              <span class="page-label" aria-hidden="true">{page.label}</span>
            </div>
          );
        }}
      </For>
    </div>
  );
}

function PageCanvas(props: { index: number; label: string; revision: number; cssWidth: number; painter: PagePainter }) {
  let canvas!: HTMLCanvasElement;
  createEffect(() => {
    // Re-paint when the layout revision or the size changes; painting itself stays outside the graph.
    const { index, revision, cssWidth } = props;
    void props.painter.paint(canvas, index, revision, cssWidth);
  });
  return <canvas ref={canvas} class="page-canvas" data-page-index={props.index} role="img" aria-label={`Page ${props.label}`} />;
}
