import { Dialog } from '@kobalte/core/dialog';
import { X } from 'lucide-solid';
import { For, Show } from 'solid-js';
import { t } from '../i18n';
import type { Notice, Question } from '../state/book';

/** Transient notices (tools.md §7.18), announced politely to screen readers. */
export function Notices(props: { notices: Notice[]; onDismiss: (id: number) => void }) {
  return (
    <div class="notices" role="status" aria-live="polite" aria-label={t('notices')}>
      <For each={props.notices}>
        {(notice) => (
          <div class={`notice notice-${notice.level}`} data-testid="notice">
            <span>{notice.text}</span>
            <button type="button" class="icon-button" aria-label={t('dismiss')} onClick={() => props.onDismiss(notice.id)}>
              <X size={14} aria-hidden="true" />
            </button>
          </div>
        )}
      </For>
    </div>
  );
}

/**
 * The one question the Sandbox asks (tools.md §7.18): keep or replace a copy of a book. "Keep my
 * copy" has the initial focus and Escape keeps the copy.
 */
export function QuestionDialog(props: { question: Question | null }) {
  let keep: HTMLButtonElement | undefined;
  return (
    <Dialog open={props.question !== null} onOpenChange={(open) => !open && props.question?.resolve('keep')} modal>
      <Dialog.Portal>
        <Dialog.Overlay class="dialog-overlay" />
        <div class="dialog-positioner">
          <Dialog.Content class="dialog" data-testid="question" onOpenAutoFocus={(e) => { e.preventDefault(); keep?.focus(); }}>
            <Dialog.Title class="dialog-title">{props.question?.text?.title ?? t('replaceTitle')}</Dialog.Title>
            <Dialog.Description class="dialog-description">{props.question?.text?.message ?? t('replaceMessage', { name: props.question?.book.name ?? '' })}</Dialog.Description>
            <Show when={props.question}>
              {(q) => (
                <div class="dialog-buttons">
                  <button type="button" class="text-button primary" ref={keep} onClick={() => q().resolve('keep')}>
                    {q().text?.keep ?? t('keepCopy')}
                  </button>
                  <button type="button" class="text-button" onClick={() => q().resolve('replace')}>
                    {q().text?.replace ?? t('replace')}
                  </button>
                </div>
              )}
            </Show>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog>
  );
}
