/**
 * The Fonts panel (tools.md §7.7), first part: the typefaces the book's design names, each with
 * its role (body, headings, other) and whether the Sandbox has it, and the families bundled with
 * the Sandbox with their weights and styles. Uploading the user's own font files is not here yet.
 */
import { createResource, For } from 'solid-js';
import { BUNDLED_FACES } from '../../worker/engine/fonts/bundled';
import type { BookClient } from '../../worker/protocol/client';
import './resources-panel.css';

const ROLES: { path: string; role: string }[] = [
  { path: 'bodyText.fontFamily', role: 'Body' },
  { path: 'headings.fontFamily', role: 'Headings' },
  { path: 'codeStyle.fontFamily', role: 'Code' },
  { path: 'captionStyle.fontFamily', role: 'Captions' },
  { path: 'tableStyle.bodyFontFamily', role: 'Tables' },
];

function bundledFamilies(): { family: string; genre: string; faces: string[] }[] {
  const byFamily = new Map<string, { family: string; genre: string; faces: string[] }>();
  for (const face of BUNDLED_FACES) {
    const entry = byFamily.get(face.family) ?? { family: face.family, genre: face.genre, faces: [] };
    entry.faces.push(`${face.weight}${face.style === 'italic' ? ' italic' : ''}`);
    byFamily.set(face.family, entry);
  }
  return [...byFamily.values()];
}

export function FontsPanel(props: { client: BookClient; revision: number }) {
  const bundled = bundledFamilies();
  const known = new Set(bundled.map((b) => b.family));
  const [used] = createResource(
    () => props.revision,
    async () => {
      const out = new Map<string, string[]>();
      for (const { path, role } of ROLES) {
        const answer = (await props.client.getConfig(path)) as { effective?: unknown } | undefined;
        if (typeof answer?.effective === 'string') out.set(answer.effective, [...(out.get(answer.effective) ?? []), role]);
      }
      return [...out.entries()];
    },
  );
  return (
    <section class="resources-panel" aria-label="Fonts">
      <div class="resources-group">
        <h3>Typefaces in this book</h3>
        <ul class="resources-list">
          <For each={used.latest ?? []}>
            {([family, roles]) => (
              <li class="resource-row" data-family={family}>
                <span class="resource-thumb" aria-hidden="true">Aa</span>
                <span class="resource-name">
                  <code>{family}</code>
                  <span>{roles.join(', ')}</span>
                </span>
                <span class="resource-uses">{known.has(family) ? 'Bundled' : 'Not available: falls back'}</span>
              </li>
            )}
          </For>
        </ul>
      </div>
      <div class="resources-group">
        <h3>Bundled families</h3>
        <ul class="resources-list">
          <For each={bundled}>
            {(family) => (
              <li class="resource-row" data-family={family.family}>
                <span class="resource-thumb" aria-hidden="true">Aa</span>
                <span class="resource-name">
                  <code>{family.family}</code>
                  <span>{family.faces.join(' · ')}</span>
                </span>
                <span class="resource-uses">{family.genre}</span>
              </li>
            )}
          </For>
        </ul>
      </div>
      <p class="placeholder small">Choose a family for the body, headings and other text in the Design panel. Uploading your own font files is not available yet.</p>
    </section>
  );
}
