/**
 * The Resources panel (tools.md §7.6): the book's figures and tables grouped by type with
 * thumbnails and usage counts, upload (picker or drag and drop of many files; ids slugified from
 * file names), a new table, and a detail editor (id with rename of every reference, type,
 * caption, note, alt text, placement, the table grid editor (`TableGridEditor.tsx`), preview, delete with the
 * dangling-reference count). Every change is a transaction through the client.
 */
import { createEffect, createMemo, createResource, createSignal, For, on, onCleanup, Show } from 'solid-js';
import { looksLikeSvg, readBitmapInfo } from '../../worker/engine/resources/picture-info';
import type { BookClient } from '../../worker/protocol/client';
import type { ResourceInfo, ResourceRecord } from '../../worker/protocol/messages';
import { resourceFocus } from '../state/panel-focus';
import './resources-panel.css';
import { fileDropHandlers } from '../components/file-drop';
import { TableGridEditor } from './TableGridEditor';

const ID_RULE = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/** An id from a file name or caption: ASCII lower case, digits and "-" (accents folded). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[A-Za-z0-9]{2,5}$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'resource';
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** Folds accents and case for the search (tools.md §7.6: accent-insensitive). */
const fold = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The last resource request shown (module-wide: the panel unmounts when another panel opens). */
let handledFocus = 0;

export function ResourcesPanel(props: { client: BookClient; revision: number }) {
  const [query, setQuery] = createSignal('');
  const [selected, setSelected] = createSignal<string | null>(null);
  const [message, setMessage] = createSignal<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [dragging, setDragging] = createSignal(false);
  const [listing, { refetch }] = createResource(() => props.revision, async () => (await props.client.listResources()).resources);
  const resources = (): ResourceInfo[] => listing.latest ?? [];

  // Thumbnails: object URLs of the stored pictures, made once per resource id and payload size.
  const thumbs = new Map<string, string>();
  const [thumbVersion, setThumbVersion] = createSignal(0);
  const thumbFor = (info: ResourceInfo): string | undefined => {
    thumbVersion();
    if (info.record.kind !== 'bitmap' && info.record.kind !== 'svg') return undefined;
    const key = `${info.record.id}@${info.record.payloadBytes ?? 0}`;
    if (thumbs.has(key)) return thumbs.get(key) || undefined;
    thumbs.set(key, '');
    void props.client.getResourcePayload(info.record.id).then((payload) => {
      if (!payload) return;
      // SVG is shown through <img>, where its scripts never run and nothing external loads.
      thumbs.set(key, URL.createObjectURL(new Blob([payload.bytes as BlobPart], { type: payload.mime })));
      setThumbVersion((v) => v + 1);
    });
    return undefined;
  };
  onCleanup(() => thumbs.forEach((url) => url && URL.revokeObjectURL(url)));

  const filtered = createMemo(() => {
    const q = fold(query().trim());
    return q ? resources().filter((r) => fold(`${r.record.id} ${r.record.caption ?? ''}`).includes(q)) : resources();
  });
  const groups = createMemo(() => {
    const byType = new Map<string, ResourceInfo[]>();
    for (const r of filtered()) {
      const name = r.label === null ? 'Untyped' : r.record.typeId;
      byType.set(name, [...(byType.get(name) ?? []), r]);
    }
    return [...byType.entries()];
  });
  const current = createMemo(() => resources().find((r) => r.record.id === selected()) ?? null);

  const apply = async (ops: Parameters<BookClient['apply']>[0]['ops'], done?: string): Promise<boolean> => {
    const result = await props.client.apply({ origin: 'ui', baseRevision: props.client.revision, ops });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error });
      return false;
    }
    setMessage(done ? { tone: 'info', text: done } : null);
    await refetch();
    return true;
  };

  /** Uploads pictures as new figures (one transaction); other files are skipped and counted. */
  const upload = async (files: readonly File[]): Promise<void> => {
    const taken = new Set(resources().map((r) => r.record.id));
    const ops: Parameters<BookClient['apply']>[0]['ops'] = [];
    let skipped = 0;
    let firstId: string | null = null;
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const bitmap = readBitmapInfo(bytes);
      const svg = !bitmap && looksLikeSvg(bytes);
      if (!bitmap && !svg) {
        skipped++;
        continue;
      }
      const id = uniqueId(slugify(file.name), taken);
      firstId ??= id;
      const record: ResourceRecord = bitmap ? { id, typeId: 'figure', kind: 'bitmap', width: bitmap.width, height: bitmap.height } : { id, typeId: 'figure', kind: 'svg' };
      ops.push({ type: 'resource.put', resource: record, payload: bytes });
    }
    const note = skipped > 0 ? ` ${skipped} file${skipped === 1 ? ' was' : 's were'} skipped: only PNG, JPEG, WebP, GIF and SVG pictures can be added.` : '';
    if (ops.length === 0) {
      setMessage({ tone: 'error', text: `Nothing was added.${note}` });
      return;
    }
    if (await apply(ops, `Added ${ops.length} picture${ops.length === 1 ? '' : 's'}.${note} Place one with ::resource{id="${firstId}"} or cite it with :ref{id="${firstId}"}.`)) setSelected(firstId);
  };

  const newTable = async (): Promise<void> => {
    const id = uniqueId('table', new Set(resources().map((r) => r.record.id)));
    const model = { rows: [[{ content: 'Heading' }, { content: 'Heading' }], [{ content: '' }, { content: '' }]], headerRowCount: 1 };
    if (await apply([{ type: 'resource.put', resource: { id, typeId: 'table', kind: 'table', table: { model } } }], `Added the table "${id}".`)) setSelected(id);
  };

  /** Saves changed fields of the selected resource (the payload stays as stored). */
  const saveFields = async (changes: Partial<ResourceRecord>): Promise<void> => {
    const info = current();
    if (!info) return;
    const { payloadBytes: _bytes, ...record } = info.record;
    const next = { ...record, ...changes } as ResourceRecord;
    for (const [key, value] of Object.entries(changes)) if (value === '' || value === undefined) delete (next as Record<string, unknown>)[key];
    await apply([{ type: 'resource.put', resource: next }]);
  };

  const rename = async (newId: string): Promise<void> => {
    const info = current();
    if (!info || newId === info.record.id) return;
    if (!ID_RULE.test(newId)) {
      setMessage({ tone: 'error', text: `"${newId}" is not a valid id; ids use letters, digits, ., _, : and -, for example "${slugify(newId)}".` });
      return;
    }
    const result = await props.client.renameResource({ id: info.record.id, newId });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error });
      return;
    }
    setSelected(newId);
    setMessage({ tone: 'info', text: `Renamed to "${newId}"; ${result.renamedReferences} reference${result.renamedReferences === 1 ? '' : 's'} updated.` });
    await refetch();
  };

  const remove = async (): Promise<void> => {
    const info = current();
    if (!info) return;
    const warning = info.uses > 0 ? ` ${info.uses} reference${info.uses === 1 ? '' : 's'} in the text will point at nothing.` : '';
    if (!window.confirm(`Delete the resource "${info.record.id}"?${warning}`)) return;
    const result = await props.client.deleteResource({ id: info.record.id });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error });
      return;
    }
    setSelected(null);
    setMessage({ tone: 'info', text: `Deleted "${info.record.id}"${result.danglingReferences > 0 ? `; ${result.danglingReferences} reference${result.danglingReferences === 1 ? ' is' : 's are'} left dangling` : ''}.` });
    await refetch();
  };

  let fileInput!: HTMLInputElement;
  createEffect(() => {
    // A deleted or renamed resource leaves the detail.
    if (selected() && !listing.loading && !current()) setSelected(null);
  });
  // A resource to show (a Checks entry naming it): selected, listed whatever the search, in view.
  createEffect(
    on(resourceFocus, (request) => {
      if (!request || request.n <= handledFocus) return;
      handledFocus = request.n;
      setQuery('');
      setSelected(request.target);
    }),
  );
  createEffect(
    on([selected, () => listing.latest], ([id]) => {
      if (!id) return;
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`.resource-row[data-resource="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest' }));
    }),
  );

  return (
    <section
      class="resources-panel"
      classList={{ dragging: dragging() }}
      aria-label="Resources"
      {...fileDropHandlers(setDragging, (files) => void upload(files))}
    >
      <div class="resources-tools">
        <button type="button" onClick={() => fileInput.click()}>
          Upload pictures…
        </button>
        <button type="button" onClick={() => void newTable()}>
          New table
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml,.svg"
          aria-label="Picture files"
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            e.currentTarget.value = '';
            void upload(files);
          }}
        />
        <Show when={resources().length > 6}>
          <input type="search" placeholder="Search id or caption" aria-label="Search resources" value={query()} onInput={(e) => setQuery(e.currentTarget.value)} />
        </Show>
      </div>
      <Show when={message()}>
        {(m) => (
          <p class={`resources-message resources-${m().tone}`} role={m().tone === 'error' ? 'alert' : 'status'}>
            {m().text}
          </p>
        )}
      </Show>
      <Show when={!listing.loading || resources().length > 0}>
        <Show
          when={resources().length > 0}
          fallback={
            <p class="placeholder small">
              No figures or tables yet. Upload pictures (or drop them here), or make a table; then place one in the text on its own line with <code>::resource{'{'}id="…"{'}'}</code>, or cite it with <code>:ref{'{'}id="…"{'}'}</code> so it floats to the next free place.
            </p>
          }
        >
          <For each={groups()}>
            {([type, list]) => (
              <div class="resources-group">
                <h3>{type}</h3>
                <ul class="resources-list">
                  <For each={list}>
                    {(info) => (
                      <li>
                        <button type="button" class="resource-row" data-resource={info.record.id} aria-current={selected() === info.record.id} onClick={() => setSelected(info.record.id)}>
                          <Show when={thumbFor(info)} fallback={<span class="resource-thumb" aria-hidden="true">{info.record.kind === 'table' ? '▦' : '🖼'}</span>}>
                            {(url) => <img class="resource-thumb" src={url()} alt="" />}
                          </Show>
                          <span class="resource-name">
                            <code>{info.record.id}</code>
                            <span>{[info.label, info.record.caption].filter(Boolean).join(' · ')}</span>
                          </span>
                          <span class="resource-uses" title="References in the text">
                            {info.uses} use{info.uses === 1 ? '' : 's'}
                          </span>
                        </button>
                      </li>
                    )}
                  </For>
                </ul>
              </div>
            )}
          </For>
        </Show>
      </Show>
      <Show when={current()}>{(info) => <ResourceDetail info={info()} thumb={thumbFor(info())} onSave={saveFields} onRename={rename} onDelete={remove} />}</Show>
    </section>
  );
}

function ResourceDetail(props: { info: ResourceInfo; thumb: string | undefined; onSave: (changes: Partial<ResourceRecord>) => Promise<void>; onRename: (id: string) => Promise<void>; onDelete: () => Promise<void> }) {
  const record = () => props.info.record;
  let idField!: HTMLInputElement;
  const position = () => (record().placement?.['position'] as string | undefined) ?? '';
  return (
    <div class="resource-detail" data-detail={record().id}>
      <div class="resource-id-row">
        <label>
          ID
          <input ref={idField} value={record().id} aria-describedby="resource-id-help" onKeyDown={(e) => e.key === 'Enter' && void props.onRename(e.currentTarget.value.trim())} />
        </label>
        <button type="button" onClick={() => void props.onRename(idField.value.trim())}>
          Rename
        </button>
      </div>
      <p id="resource-id-help" class="resource-facts">
        Renaming updates every <code>:ref</code> and <code>::resource</code> that names it. Place it with <code>::resource{'{'}id="{record().id}"{'}'}</code>.
      </p>
      <Show when={props.thumb}>{(url) => <img class="resource-preview" src={url()} alt={record().altText ?? ''} />}</Show>
      <p class="resource-facts">
        {[
          props.info.label ? `Prints as ${props.info.label}` : 'Unknown type',
          props.info.natural ? `${Math.round(props.info.natural.width)} × ${Math.round(props.info.natural.height)} pt` : '',
          props.info.pixels ? `${props.info.pixels.width} × ${props.info.pixels.height} px ${props.info.pixels.format.toUpperCase()}` : '',
          `${props.info.uses} reference${props.info.uses === 1 ? '' : 's'}`,
          props.info.problem ?? '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <label>
        Type
        <input value={record().typeId} onChange={(e) => e.currentTarget.value.trim() && void props.onSave({ typeId: e.currentTarget.value.trim() })} />
      </label>
      <label>
        Caption
        <textarea aria-label="Caption" value={record().caption ?? ''} onChange={(e) => void props.onSave({ caption: e.currentTarget.value })} />
      </label>
      <label>
        Note (source, credit)
        <input value={record().note ?? ''} onChange={(e) => void props.onSave({ note: e.currentTarget.value })} />
      </label>
      <Show when={record().kind !== 'table'}>
        <label>
          Alt text
          <input value={record().altText ?? ''} onChange={(e) => void props.onSave({ altText: e.currentTarget.value })} />
        </label>
        <label>
          Resolution (ppi at natural size)
          <input type="number" min="1" value={record().resolution ?? ''} onChange={(e) => void props.onSave({ resolution: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })} />
        </label>
      </Show>
      <label>
        Placement
        <select value={position()} onChange={(e) => void props.onSave({ placement: e.currentTarget.value ? { ...(record().placement ?? {}), position: e.currentTarget.value } : undefined })}>
          <option value="">Type default (auto)</option>
          <option value="auto">auto — first free slot after the citation</option>
          <option value="top">top</option>
          <option value="bottom">bottom</option>
          <option value="here">here — where ::resource stands</option>
        </select>
      </label>
      <Show when={record().kind === 'table'}>
        <TableGridEditor resourceId={record().id} model={record().table?.model} onSave={(model) => props.onSave({ table: { ...(record().table ?? {}), model } })} />
      </Show>
      <button type="button" class="resource-danger" onClick={() => void props.onDelete()}>
        Delete…
      </button>
    </div>
  );
}
