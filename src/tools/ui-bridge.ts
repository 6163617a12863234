/**
 * What the tools know of the screen, read from the UI state the Sandbox persists
 * (`postext-sandbox-ui` in localStorage, written by src/ui/state/ui-state.ts on every change).
 * Tools never write UI state; they only read it.
 */
import type { UiBridge, UiView } from './context';

const UI_STATE_KEY = 'postext-sandbox-ui';

export function persistedUiBridge(): UiBridge {
  return {
    view(): UiView {
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
    },
  };
}
