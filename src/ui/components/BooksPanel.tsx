import { createResource, For, Show } from 'solid-js';
import { t } from '../i18n';

interface PresetEntry {
  id: string;
  name: string;
  description?: string;
  locales?: string[];
  openLocale?: string;
}

/**
 * The sample-book part of the Books panel (tools.md §7.3). The list is the bundle index the
 * worker also reads (static, precached for offline use); opening goes through the worker.
 * Projects in IndexedDB ("My books") arrive with book storage.
 */
export function BooksPanel(props: { openId: string; openLocale: string; onOpen: (preset: string, locale: string | undefined) => void }) {
  const [index] = createResource(async (): Promise<PresetEntry[]> => {
    const response = await fetch(`${import.meta.env.BASE_URL}presets/index.json`);
    if (!response.ok) return [];
    const json = (await response.json()) as { presets?: PresetEntry[] };
    return json.presets ?? [];
  });
  const languageName = (code: string) => {
    try {
      return new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  return (
    <div class="books-panel">
      <h3 class="section-title">{t('sampleBooks')}</h3>
      <ul class="book-list">
        <For each={index() ?? []}>
          {(preset) => (
            <li class="book-row" classList={{ active: preset.id === props.openId }}>
              <button type="button" class="book-open" aria-current={preset.id === props.openId ? 'true' : undefined} onClick={() => props.onOpen(preset.id, preset.id === props.openId ? props.openLocale : undefined)}>
                <span class="book-row-name">{preset.name}</span>
                <Show when={preset.description}>
                  <span class="book-row-description">{preset.description}</span>
                </Show>
              </button>
              <Show when={(preset.locales?.length ?? 0) > 1}>
                <span class="language-tags" role="group" aria-label={t('editions')}>
                  <For each={preset.locales}>
                    {(locale) => (
                      <button
                        type="button"
                        class="language-tag"
                        aria-pressed={preset.id === props.openId && props.openLocale.toLowerCase() === locale.toLowerCase()}
                        title={languageName(locale)}
                        aria-label={`${preset.name}: ${languageName(locale)}`}
                        onClick={() => props.onOpen(preset.id, locale)}
                      >
                        {locale.toUpperCase()}
                      </button>
                    )}
                  </For>
                </span>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <p class="placeholder small">{t('booksSoon')}</p>
    </div>
  );
}
