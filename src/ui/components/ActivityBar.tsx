import { AlertTriangle, BookOpen, FileCode, Files, FolderOpen, Moon, Settings2, Sun, Type } from 'lucide-solid';
import { For, Show, type JSX } from 'solid-js';
import { t, UI_LANGUAGES, uiLanguage, type StringKey, type UiLanguage } from '../i18n';
import type { PanelId, Theme } from '../state/ui-state';

const ITEMS: { id: PanelId; label: StringKey; tip: StringKey; icon: (p: { size: number; 'aria-hidden': 'true' }) => JSX.Element }[] = [
  { id: 'books', label: 'books', tip: 'booksTip', icon: Files },
  { id: 'chapters', label: 'chapters', tip: 'chaptersTip', icon: BookOpen },
  { id: 'text', label: 'text', tip: 'textTip', icon: FileCode },
  { id: 'resources', label: 'resources', tip: 'resourcesTip', icon: FolderOpen },
  { id: 'fonts', label: 'fonts', tip: 'fontsTip', icon: Type },
  { id: 'design', label: 'design', tip: 'designTip', icon: Settings2 },
  { id: 'checks', label: 'checks', tip: 'checksTip', icon: AlertTriangle },
];

export interface ActivityBarProps {
  panel: PanelId | null;
  /** Clicking the active panel collapses the sidebar (null). */
  onPanel: (panel: PanelId | null) => void;
  checks: number;
  theme: Theme;
  onTheme: (theme: Theme) => void;
  onLanguage: (language: UiLanguage) => void;
}

/**
 * The activity bar (tools.md §7.2): one tab stop (roving tabindex), ↑/↓ wrap, Home/End,
 * Enter/Space opens; the active panel's button is pressed. Theme toggle and language switcher
 * sit at the bottom.
 */
export function ActivityBar(props: ActivityBarProps) {
  let focusIndex = Math.max(0, ITEMS.findIndex((i) => i.id === props.panel));
  const buttons: HTMLButtonElement[] = [];

  const focusAt = (index: number) => {
    focusIndex = (index + ITEMS.length) % ITEMS.length;
    buttons.forEach((b, i) => (b.tabIndex = i === focusIndex ? 0 : -1));
    buttons[focusIndex]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const horizontal = getComputedStyle(event.currentTarget as HTMLElement).flexDirection.startsWith('row');
    const rtl = document.documentElement.dir === 'rtl';
    const next = horizontal ? (rtl ? 'ArrowLeft' : 'ArrowRight') : 'ArrowDown';
    const previous = horizontal ? (rtl ? 'ArrowRight' : 'ArrowLeft') : 'ArrowUp';
    let target: number | null = null;
    if (event.key === next) target = index + 1;
    else if (event.key === previous) target = index - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = ITEMS.length - 1;
    if (target === null) return;
    event.preventDefault();
    focusAt(target);
  };

  return (
    <nav class="activity-bar" aria-label={t('panels')}>
      <div class="logo-cell" aria-hidden="true">
        <span class="logo">P</span>
      </div>
      <div class="activity-items" role="toolbar" aria-orientation="vertical" aria-label={t('panels')} onKeyDown={onKeyDown}>
        <For each={ITEMS}>
          {(item, i) => (
            <button
              type="button"
              ref={(el) => (buttons[i()] = el)}
              class="activity-button"
              data-panel={item.id}
              tabIndex={i() === focusIndex ? 0 : -1}
              aria-pressed={props.panel === item.id}
              aria-controls="sidebar"
              aria-description={t(item.tip)}
              title={t(item.tip)}
              onFocus={() => {
                focusIndex = i();
                buttons.forEach((b, j) => (b.tabIndex = j === focusIndex ? 0 : -1));
              }}
              onClick={() => props.onPanel(props.panel === item.id ? null : item.id)}
            >
              <item.icon size={20} aria-hidden="true" />
              <span class="activity-label">{t(item.label)}</span>
              <Show when={item.id === 'checks'}>
                <span class="badge" data-testid="checks-badge" aria-label={`(${props.checks})`} classList={{ empty: props.checks === 0 }}>
                  {props.checks > 99 ? '99+' : props.checks}
                </span>
              </Show>
            </button>
          )}
        </For>
      </div>
      <div class="activity-footer">
        <button
          type="button"
          class="activity-button small"
          data-testid="theme-toggle"
          aria-label={props.theme === 'dark' ? t('themeDark') : t('themeLight')}
          title={props.theme === 'dark' ? t('themeDark') : t('themeLight')}
          onClick={() => props.onTheme(props.theme === 'dark' ? 'light' : 'dark')}
        >
          <Show when={props.theme === 'dark'} fallback={<Moon size={18} aria-hidden="true" />}>
            <Sun size={18} aria-hidden="true" />
          </Show>
        </button>
        <label class="visually-hidden" for="ui-language">
          {t('language')}
        </label>
        <select id="ui-language" class="language-select" data-testid="language-select" value={uiLanguage()} onChange={(e) => props.onLanguage(e.currentTarget.value as UiLanguage)}>
          <For each={UI_LANGUAGES}>
            {(lang) => (
              <option value={lang.code} selected={lang.code === uiLanguage()} lang={lang.code}>
                {lang.code.toUpperCase()} · {lang.name}
              </option>
            )}
          </For>
        </select>
      </div>
    </nav>
  );
}
