/**
 * The Fonts panel (tools.md §7.7): the typefaces the book's design names (role, and whether they
 * are the user's files, bundled, or missing and falling back), the book's own font families with
 * their faces (upload by picker or drag-and-drop of many files, weight and style read from each
 * file and editable before adding; rename; delete a face or a family), and the bundled families.
 * Every change is one transaction through the client (font ops, worker/document/fonts.ts); the
 * worker reads each file through and refuses one that is not a font.
 */
import { createMemo, createResource, createSignal, For, Show } from 'solid-js';
import { BUNDLED_FACES } from '../../worker/engine/fonts/bundled';
import { customFamiliesOf, findFamily, missingVariants, type CustomFontFamily, type FontStyle } from '../../worker/engine/fonts/custom';
import type { BookClient } from '../../worker/protocol/client';
import type { FontOp } from '../../worker/protocol/messages';
import { ft, type FontsStringKey } from './fonts-strings';
import './resources-panel.css';
import './fonts-panel.css';
import { fileDropHandlers } from '../components/file-drop';

const ROLES: { path: string; role: FontsStringKey }[] = [
  { path: 'bodyText.fontFamily', role: 'roleBody' },
  { path: 'headings.fontFamily', role: 'roleHeadings' },
  { path: 'codeStyle.fontFamily', role: 'roleCode' },
  { path: 'captionStyle.fontFamily', role: 'roleCaptions' },
  { path: 'tableStyle.bodyFontFamily', role: 'roleTables' },
];

const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];
const ACCEPT = '.woff2,.woff,.ttf,.otf,font/woff2,font/woff,font/ttf,font/otf';

function bundledFamilies(): { family: string; genre: string; faces: string[] }[] {
  const byFamily = new Map<string, { family: string; genre: string; faces: string[] }>();
  for (const face of BUNDLED_FACES) {
    const entry = byFamily.get(face.family) ?? { family: face.family, genre: face.genre, faces: [] };
    entry.faces.push(`${face.weight}${face.style === 'italic' ? ' italic' : ''}`);
    byFamily.set(face.family, entry);
  }
  return [...byFamily.values()];
}

/** A file read and checked by the worker, waiting for the user to confirm family, weight and style. */
interface Pending {
  key: number;
  fileName: string;
  bytes: Uint8Array;
  format: string;
  family: string;
  weight: number;
  style: FontStyle;
}

const faceLabel = (weight: number, style: string): string => `${weight} ${style}`;

/** Faces loaded into the page for previews, by face id → the CSS family name they go by. */
const previewFaces = new Map<string, Promise<string | null>>();

/** "Aa" in the family's own regular face (custom or bundled), as the worker sets it. */
function FacePreview(props: { client: BookClient; family: string; revision: number }) {
  const [name] = createResource(
    () => [props.family, props.revision] as const,
    async ([family]) => {
      const face = await props.client.getFontFace({ family }).catch(() => null);
      if (!face || typeof FontFace === 'undefined') return null;
      let loading = previewFaces.get(face.id);
      if (!loading) {
        const css = `postext-preview-${face.id}`;
        loading = new FontFace(css, face.bytes as BufferSource)
          .load()
          .then((loaded) => {
            document.fonts.add(loaded);
            return css;
          })
          .catch(() => null);
        previewFaces.set(face.id, loading);
      }
      return loading;
    },
  );
  return (
    <span class="resource-thumb" aria-hidden="true" data-preview={name.latest ? 'face' : 'none'} style={name.latest ? { 'font-family': `"${name.latest}", serif` } : {}}>
      Aa
    </span>
  );
}

export function FontsPanel(props: { client: BookClient; revision: number }) {
  const bundled = bundledFamilies();
  const bundledNames = new Set(bundled.map((b) => b.family.toLowerCase()));
  /** Used families downloaded from the open font catalogue (lower case), filled with `used`. */
  const downloaded = new Set<string>();
  const [families, { refetch }] = createResource(
    () => props.revision,
    async (): Promise<CustomFontFamily[]> => {
      const answer = (await props.client.getConfig('customFonts')) as { set?: unknown } | undefined;
      return customFamiliesOf({ customFonts: answer?.set });
    },
  );
  const [used] = createResource(
    () => props.revision,
    async () => {
      const out = new Map<string, FontsStringKey[]>();
      for (const { path, role } of ROLES) {
        const answer = (await props.client.getConfig(path)) as { effective?: unknown } | undefined;
        if (typeof answer?.effective === 'string') out.set(answer.effective, [...(out.get(answer.effective) ?? []), role]);
      }
      // Families neither the book's nor bundled: downloaded from the open font catalogue, or missing.
      for (const family of out.keys()) {
        if (bundledNames.has(family.toLowerCase())) continue;
        if ((await props.client.getFontFace({ family }).catch(() => null))?.catalogue) downloaded.add(family.toLowerCase());
      }
      return [...out.entries()];
    },
  );
  const custom = createMemo(() => families.latest ?? []);
  const [pending, setPending] = createSignal<Pending[]>([]);
  const [message, setMessage] = createSignal<{ tone: 'error' | 'info'; lines: string[] } | null>(null);
  const [dragging, setDragging] = createSignal(false);
  const [renaming, setRenaming] = createSignal<string | null>(null);
  let fileInput!: HTMLInputElement;
  let nextKey = 1;

  const sourceOf = (family: string): FontsStringKey =>
    findFamily(custom(), family) ? 'sourceCustom' : bundledNames.has(family.toLowerCase()) ? 'sourceBundled' : downloaded.has(family.toLowerCase()) ? 'sourceCatalogue' : 'sourceMissing';

  const apply = async (ops: FontOp[], done: string): Promise<boolean> => {
    const result = await props.client.apply({ origin: 'ui', baseRevision: props.client.revision, ops });
    if (!result.ok) {
      setMessage({ tone: 'error', lines: [result.error] });
      return false;
    }
    setMessage({ tone: 'info', lines: [done] });
    await refetch();
    return true;
  };

  /** Reads dropped or picked files; the worker checks each and says what it declares. */
  const read = async (files: readonly File[]): Promise<void> => {
    if (files.length === 0) return;
    setMessage({ tone: 'info', lines: [ft('reading', { n: files.length })] });
    const refused: string[] = [];
    const added: Pending[] = [];
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const info = await props.client.inspectFont({ bytes, fileName: file.name });
      if (!info.ok) {
        refused.push(ft('refused', { file: file.name, error: info.error }));
        continue;
      }
      // A file of a family the book has joins it under the book's spelling.
      const family = findFamily(custom(), info.family)?.name ?? info.family;
      added.push({ key: nextKey++, fileName: file.name, bytes, format: info.format, family, weight: info.weight, style: info.style });
    }
    setPending([...pending(), ...added]);
    setMessage(refused.length > 0 ? { tone: 'error', lines: refused } : null);
  };

  const update = (key: number, change: Partial<Pending>): void => {
    setPending(pending().map((p) => (p.key === key ? { ...p, ...change } : p)));
  };

  const commit = async (): Promise<void> => {
    const list = pending();
    if (list.length === 0) return;
    const ops: FontOp[] = list.map((p) => ({ type: 'font.put', family: p.family.trim() || 'My Font', weight: p.weight, style: p.style, fileName: p.fileName, bytes: p.bytes as Uint8Array<ArrayBuffer> }));
    if (await apply(ops, ft('added', { n: ops.length }))) setPending([]);
  };

  const duplicateOf = (p: Pending): string | null => {
    const family = findFamily(custom(), p.family);
    const twin = family?.variants.find((v) => v.weight === p.weight && v.style === p.style) ?? null;
    const sibling = pending().find((q) => q.key !== p.key && q.family.trim().toLowerCase() === p.family.trim().toLowerCase() && q.weight === p.weight && q.style === p.style);
    if (twin) return ft('duplicate', { name: family!.name, face: faceLabel(p.weight, p.style), file: twin.fileName });
    if (sibling) return ft('duplicate', { name: p.family, face: faceLabel(p.weight, p.style), file: sibling.fileName });
    return null;
  };

  return (
    <section
      class="resources-panel fonts-panel"
      classList={{ dragging: dragging() }}
      aria-label={ft('panel')}
      {...fileDropHandlers(setDragging, (files) => void read(files))}
    >
      <div class="resources-group">
        <h3>{ft('inBook')}</h3>
        <ul class="resources-list">
          <For each={used.latest ?? []}>
            {([family, roles]) => (
              <li class="resource-row" data-family={family} data-source={sourceOf(family)}>
                <FacePreview client={props.client} family={family} revision={props.revision} />
                <span class="resource-name">
                  <code>{family}</code>
                  <span>{roles.map((r) => ft(r)).join(', ')}</span>
                </span>
                <span class="resource-uses">{ft(sourceOf(family))}</span>
              </li>
            )}
          </For>
        </ul>
      </div>

      <div class="resources-group">
        <h3>{ft('yours')}</h3>
        <div class="resources-tools">
          <button type="button" onClick={() => fileInput.click()}>
            {ft('addFiles')}
          </button>
          <input
            ref={fileInput}
            type="file"
            hidden
            multiple
            accept={ACCEPT}
            aria-label={ft('fileInput')}
            data-testid="font-file-input"
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              void read(files);
            }}
          />
        </div>
        <p class="placeholder small">{ft('dropHint')}</p>
        <Show when={message()}>
          {(m) => (
            <div class={`resources-message ${m().tone === 'error' ? 'resources-error' : 'resources-info'}`} role={m().tone === 'error' ? 'alert' : 'status'}>
              <For each={m().lines}>{(line) => <p>{line}</p>}</For>
            </div>
          )}
        </Show>

        <Show when={pending().length > 0}>
          <form
            class="fonts-pending"
            aria-label={ft('pendingTitle')}
            onSubmit={(e) => {
              e.preventDefault();
              void commit();
            }}
          >
            <h4>{ft('pendingTitle')}</h4>
            <For each={pending()}>
              {(p) => (
                <fieldset class="fonts-pending-row" data-file={p.fileName}>
                  <legend>
                    {p.fileName} <span class="fonts-format">{p.format.toUpperCase()}</span>
                  </legend>
                  <label>
                    {ft('family')}
                    <input value={p.family} list="fonts-families" onInput={(e) => update(p.key, { family: e.currentTarget.value })} />
                  </label>
                  <label>
                    {ft('weight')}
                    <select value={String(p.weight)} onChange={(e) => update(p.key, { weight: Number(e.currentTarget.value) })}>
                      <For each={WEIGHTS}>{(w) => <option value={String(w)}>{w}</option>}</For>
                    </select>
                  </label>
                  <label>
                    {ft('style')}
                    <select value={p.style} onChange={(e) => update(p.key, { style: e.currentTarget.value === 'italic' ? 'italic' : 'normal' })}>
                      <option value="normal">{ft('normal')}</option>
                      <option value="italic">{ft('italic')}</option>
                    </select>
                  </label>
                  <button type="button" class="fonts-remove" onClick={() => setPending(pending().filter((q) => q.key !== p.key))}>
                    {ft('remove')}
                  </button>
                  <Show when={duplicateOf(p)}>{(text) => <p class="fonts-warning">{text()}</p>}</Show>
                  <Show when={p.format === 'woff'}>
                    <p class="fonts-warning">{ft('woff', { file: p.fileName })}</p>
                  </Show>
                </fieldset>
              )}
            </For>
            <datalist id="fonts-families">
              <For each={custom()}>{(f) => <option value={f.name} />}</For>
            </datalist>
            <div class="resources-tools">
              <button type="submit">{ft('addNow')}</button>
              <button type="button" onClick={() => setPending([])}>
                {ft('cancel')}
              </button>
            </div>
          </form>
        </Show>

        <Show when={custom().length > 0} fallback={<p class="placeholder small">{ft('noFamilies')}</p>}>
          <ul class="resources-list fonts-families">
            <For each={custom()}>
              {(family) => (
                <li class="fonts-family" data-custom-family={family.name}>
                  <div class="fonts-family-head">
                    <FacePreview client={props.client} family={family.name} revision={props.revision} />
                    <Show
                      when={renaming() === family.name}
                      fallback={
                        <>
                          <strong>{family.name}</strong>
                          <button type="button" onClick={() => setRenaming(family.name)}>
                            {ft('rename')}
                          </button>
                          <button
                            type="button"
                            class="resource-danger"
                            onClick={() => {
                              if (!confirm(ft('confirmDeleteFamily', { name: family.name }))) return;
                              void apply([{ type: 'font.delete', family: family.name }], ft('deleted', { name: family.name }));
                            }}
                          >
                            {ft('deleteFamily')}
                          </button>
                        </>
                      }
                    >
                      <form
                        class="fonts-rename"
                        onSubmit={(e) => {
                          e.preventDefault();
                          const input = e.currentTarget.elements.namedItem('newFamily') as HTMLInputElement;
                          const to = input.value.trim();
                          if (!to || to === family.name) {
                            setRenaming(null);
                            return;
                          }
                          void apply([{ type: 'font.rename', family: family.name, newFamily: to, updateSettings: true }], ft('renamed', { from: family.name, to })).then((ok) => ok && setRenaming(null));
                        }}
                      >
                        <input name="newFamily" value={family.name} aria-label={ft('renameTo', { name: family.name })} />
                        <button type="submit">{ft('save')}</button>
                        <button type="button" onClick={() => setRenaming(null)}>
                          {ft('cancel')}
                        </button>
                      </form>
                    </Show>
                  </div>
                  <ul class="fonts-faces">
                    <For each={family.variants}>
                      {(v) => (
                        <li data-face={faceLabel(v.weight, v.style)}>
                          <span>{faceLabel(v.weight, v.style === 'italic' ? ft('italic') : ft('normal'))}</span>
                          <code>{v.fileName}</code>
                          <span class="fonts-format">{v.format.toUpperCase()}</span>
                          <button
                            type="button"
                            aria-label={ft('deleteFace', { face: faceLabel(v.weight, v.style), name: family.name })}
                            onClick={() => void apply([{ type: 'font.delete', family: family.name, weight: v.weight, style: v.style }], ft('faceDeleted', { face: faceLabel(v.weight, v.style), name: family.name }))}
                          >
                            ×
                          </button>
                        </li>
                      )}
                    </For>
                  </ul>
                  <Show when={missingVariants(family).length > 0}>
                    <p class="fonts-warning">{ft('missing', { faces: missingVariants(family).join(', ') })}</p>
                  </Show>
                  <For each={family.variants.filter((v) => v.format === 'woff')}>{(v) => <p class="fonts-warning">{ft('woff', { file: v.fileName })}</p>}</For>
                  <Show when={bundledNames.has(family.name.toLowerCase())}>
                    <p class="fonts-note">{ft('shadows')}</p>
                  </Show>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </div>

      <div class="resources-group">
        <h3>{ft('bundled')}</h3>
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
      <p class="placeholder small">{ft('useIt')}</p>
    </section>
  );
}
