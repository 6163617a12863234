import { createSignal, onCleanup } from 'solid-js';
import { t } from '../i18n';
import { SIDEBAR_MAX, SIDEBAR_MIN } from '../state/ui-state';

/** Narrowest the viewport may become, CSS px (tools.md §7.1). */
const VIEWPORT_MIN = 200;

/** Largest sidebar width (percent of the window) that still leaves the viewport its minimum. */
export function maxSidebarPct(): number {
  const bar = document.querySelector('.activity-bar')?.getBoundingClientRect().width ?? 64;
  const room = ((window.innerWidth - bar - VIEWPORT_MIN) / window.innerWidth) * 100;
  return Math.max(SIDEBAR_MIN, Math.min(SIDEBAR_MAX, room));
}

/**
 * The separator between sidebar and viewport: drag it, or focus it and use ←/→ (2 %), with
 * Shift (10 %), Home/End (min/max). It announces its value as a percentage.
 */
export function SidebarResizer(props: { value: number; onChange: (pct: number) => void; onCommit: () => void }) {
  const [dragging, setDragging] = createSignal(false);
  const clamp = (pct: number) => Math.round(Math.max(SIDEBAR_MIN, Math.min(maxSidebarPct(), pct)) * 10) / 10;
  const rtl = () => document.documentElement.dir === 'rtl';

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 10 : 2;
    // The sidebar is on the right in RTL, so "wider" is ←.
    const grow = rtl() ? 'ArrowLeft' : 'ArrowRight';
    const shrink = rtl() ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === grow) next = props.value + step;
    else if (event.key === shrink) next = props.value - step;
    else if (event.key === 'Home') next = SIDEBAR_MIN;
    else if (event.key === 'End') next = maxSidebarPct();
    if (next === null) return;
    event.preventDefault();
    props.onChange(clamp(next));
    props.onCommit();
  };

  let stop: (() => void) | undefined;
  const onPointerDown = (event: PointerEvent) => {
    event.preventDefault();
    setDragging(true);
    const move = (e: PointerEvent) => {
      const bar = document.querySelector('.activity-bar')?.getBoundingClientRect().width ?? 64;
      const x = rtl() ? window.innerWidth - e.clientX : e.clientX;
      props.onChange(clamp(((x - bar) / window.innerWidth) * 100));
    };
    const up = () => {
      stop?.();
      props.onCommit();
    };
    stop = () => {
      setDragging(false);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      stop = undefined;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  onCleanup(() => stop?.());

  return (
    <div
      class="resizer"
      classList={{ dragging: dragging() }}
      role="separator"
      tabindex="0"
      aria-orientation="vertical"
      aria-controls="sidebar"
      aria-label={t('sidebar')}
      aria-valuemin={SIDEBAR_MIN}
      aria-valuemax={Math.round(maxSidebarPct())}
      aria-valuenow={Math.round(props.value)}
      aria-valuetext={`${Math.round(props.value)} %`}
      data-testid="sidebar-resizer"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
    />
  );
}
