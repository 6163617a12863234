import { For } from 'solid-js';
import type { Notice } from '../state/book';

export function Notices(props: { notices: Notice[]; onDismiss: (id: number) => void }) {
  return (
    <div class="notices" role="status" aria-live="polite">
      <For each={props.notices}>
        {(notice) => (
          <div class={`notice notice-${notice.tone}`} data-testid="notice">
            <span>{notice.text}</span>
            <button type="button" aria-label="Dismiss" onClick={() => props.onDismiss(notice.id)}>
              ×
            </button>
          </div>
        )}
      </For>
    </div>
  );
}
