/**
 * Requests to show one thing in a sidebar panel: a setting in the Design panel, a resource in
 * the Resources panel. The Checks panel makes them when an entry names a setting path or a
 * resource (tools.md §7.9); the panels answer by opening the right section or selecting the
 * resource and scrolling it into view. A counter makes the same request twice a new request.
 */
import { createSignal } from 'solid-js';

export interface FocusRequest {
  /** The setting path (`layout.gutterWidth`, `header.elements[id=x].content`) or resource id. */
  target: string;
  /** Grows with every request, so asking for the same target again moves the panel again. */
  n: number;
}

let count = 0;
const [setting, setSetting] = createSignal<FocusRequest | null>(null);
const [resource, setResource] = createSignal<FocusRequest | null>(null);

/** The last request for the Design panel, or null. */
export const settingFocus = setting;
/** The last request for the Resources panel, or null. */
export const resourceFocus = resource;

export function focusSetting(path: string): void {
  setSetting({ target: path, n: ++count });
}

export function focusResource(id: string): void {
  setResource({ target: id, n: ++count });
}
