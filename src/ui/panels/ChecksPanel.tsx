/**
 * The Checks panel (tools.md §7.9): the worker's warnings grouped by category in triage order,
 * each group collapsible with its count; an entry shows an icon for its severity, its title, a
 * one-line detail and where it is (Ch. n · Line m · p. x, or the setting path). A click opens the
 * chapter with the source selected and shows its page (App decides how, through `onOpen`).
 */
import { AlertOctagon, AlertTriangle, Info } from 'lucide-solid';
import { For, Show } from 'solid-js';
import { t, uiLanguage } from '../i18n';
import { checkWords, whereOf, type CheckEntry, type CheckGroup } from '../state/checks';
import './checks-panel.css';

export function ChecksPanel(props: { groups: CheckGroup[]; onOpen: (entry: CheckEntry) => void }) {
  const words = () => checkWords(uiLanguage());
  return (
    <Show when={props.groups.length > 0} fallback={<p class="placeholder" data-testid="checks-clear">{t('allClear')}</p>}>
      <div class="check-groups" aria-label={t('checks')}>
        <For each={props.groups}>
          {(group) => (
            <details class="check-group" open data-category={group.category}>
              <summary class="check-group-title">
                <span>{words().groups[group.category]}</span>
                <span class="check-count" data-testid={`checks-count-${group.category}`}>
                  {group.count}
                </span>
              </summary>
              <ul class="check-list">
                <For each={group.entries}>
                  {(entry) => (
                    <li>
                      <button type="button" class="check-entry" data-kind={entry.kind} data-severity={entry.severity} onClick={() => props.onOpen(entry)}>
                        <span class="check-head">
                          <span class="check-icon" aria-hidden="true">
                            {entry.severity === 'critical' ? <AlertOctagon size={14} /> : entry.severity === 'info' ? <Info size={14} /> : <AlertTriangle size={14} />}
                          </span>
                          <span class="check-title">{entry.title}</span>
                        </span>
                        <span class="check-detail" title={entry.detail}>{entry.detail}</span>
                        <Show when={whereOf(entry, uiLanguage())}>{(where) => <span class="check-where">{where()}</span>}</Show>
                      </button>
                    </li>
                  )}
                </For>
              </ul>
            </details>
          )}
        </For>
      </div>
    </Show>
  );
}
