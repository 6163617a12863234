/**
 * The Design panel (tools.md §7.8): every setting, generated from the configuration catalogue,
 * grouped in sections; the right control per kind, help text, a "changed" filter, a search, a
 * reset per field and per section, and export/import of the configuration as JSON. Every change
 * is a transaction the worker validates; a refusal is shown and nothing changes.
 */
import { createEffect, createResource, createSignal, For, on, Show } from 'solid-js';
import { settingVisible, type StoredConfig } from '../../worker/config';
import type { BookClient } from '../../worker/protocol/client';
import { settingFocus } from '../state/panel-focus';
import './design-panel.css';
import { colourHex, entriesOfSection, infoFor, labelFor, LENGTH_UNITS, lengthParts, panelGroups, type PanelSection, type SettingEntry } from './design-model';

/** The last setting request shown (module-wide: the panel unmounts when another panel opens). */
let handledFocus = 0;

export function DesignPanel(props: { client: BookClient; revision: number }) {
  const [query, setQuery] = createSignal('');
  const [changedOnly, setChangedOnly] = createSignal(false);
  const [message, setMessage] = createSignal<{ tone: 'error' | 'info'; text: string } | null>(null);
  // A setting to show (a Checks entry naming it): nothing may hide its row, its section opens.
  const [focused, setFocused] = createSignal<{ path: string; n: number } | null>(null);
  createEffect(
    on(settingFocus, (request) => {
      // Each request once: opening the panel again later does not jump back to an old one.
      if (!request || request.n <= handledFocus) return;
      handledFocus = request.n;
      setQuery('');
      setChangedOnly(false);
      setFocused({ path: request.target, n: request.n });
    }),
  );
  const [found] = createResource(
    () => ({ q: query().trim(), r: props.revision }),
    async ({ q }) => (q ? new Set(((await props.client.findSetting(q, 100)) as { paths?: { path: string }[] }).paths?.map((p) => p.path) ?? []) : null),
  );

  const apply = async (ops: { type: 'config.set'; path: string; value: unknown }[] | { type: 'config.replace'; config: Record<string, unknown> }[]): Promise<boolean> => {
    const result = await props.client.apply({ origin: 'ui', baseRevision: props.client.revision, ops });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error });
      return false;
    }
    setMessage(null);
    return true;
  };

  const exportConfig = async (): Promise<void> => {
    const book = await props.client.getBook();
    const text = `${JSON.stringify({ type: 'postext-config', version: 1, config: book.config }, null, 2)}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${book.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}-postext-config.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const importConfig = async (file: File): Promise<void> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setMessage({ tone: 'error', text: `${file.name} is not JSON; choose a postext-config.json exported from the Design panel.` });
      return;
    }
    const wrapped = parsed as { type?: unknown; config?: unknown };
    const config = wrapped && wrapped.type === 'postext-config' && typeof wrapped.config === 'object' ? wrapped.config : parsed;
    if (!config || typeof config !== 'object' || Array.isArray(config)) {
      setMessage({ tone: 'error', text: `${file.name} holds no configuration object; choose a postext-config.json.` });
      return;
    }
    if (await apply([{ type: 'config.replace', config: config as Record<string, unknown> }])) setMessage({ tone: 'info', text: `Imported ${file.name}.` });
  };

  let fileInput!: HTMLInputElement;
  return (
    <section class="design-panel" aria-label="Design">
      <div class="design-tools">
        <input type="search" placeholder="Search settings" aria-label="Search settings" value={query()} onInput={(e) => setQuery(e.currentTarget.value)} />
        <label class="design-changed">
          <input type="checkbox" checked={changedOnly()} onChange={(e) => setChangedOnly(e.currentTarget.checked)} /> Changed only
        </label>
        <button type="button" onClick={() => void exportConfig()}>
          Export JSON
        </button>
        <button type="button" onClick={() => fileInput.click()}>
          Import JSON
        </button>
        <input ref={fileInput} type="file" accept="application/json,.json" hidden aria-label="Import a configuration file" onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void importConfig(file);
          e.currentTarget.value = '';
        }} />
      </div>
      <Show when={message()}>
        {(m) => (
          <p class={`design-message design-${m().tone}`} role={m().tone === 'error' ? 'alert' : 'status'}>
            {m().text}
          </p>
        )}
      </Show>
      <For each={panelGroups()}>
        {(group) => (
          <div class="design-group">
            <h3>{group.label}</h3>
            <For each={group.sections}>
              {(section) => (
                <DesignSection client={props.client} revision={props.revision} section={section} filter={() => ({ changedOnly: changedOnly(), paths: found() ?? null })} apply={apply} focused={focused} />
              )}
            </For>
          </div>
        )}
      </For>
    </section>
  );
}

function DesignSection(props: {
  client: BookClient;
  revision: number;
  section: PanelSection;
  filter: () => { changedOnly: boolean; paths: Set<string> | null };
  apply: (ops: { type: 'config.set'; path: string; value: unknown }[]) => Promise<boolean>;
  focused: () => { path: string; n: number } | null;
}) {
  const searching = () => props.filter().paths !== null;
  const [open, setOpen] = createSignal(false);
  /** The focused setting when it belongs to this section. */
  const mine = () => {
    const f = props.focused();
    return f && infoFor(f.path)?.sectionId === props.section.id ? f : null;
  };
  createEffect(on(mine, (f) => f && setOpen(true)));
  // Values are read only while the section is open (or a search or filter needs them).
  const [entries] = createResource(
    () => (open() || searching() || props.filter().changedOnly ? props.revision : false),
    async () => {
      const [book, palette, ...lists] = await Promise.all([
        props.client.getBook(),
        props.client.getConfig('colorPalette'),
        ...props.section.configKeys.map(async (key) => ((await props.client.getConfig(key)) as { settings?: SettingEntry[] }).settings ?? []),
      ]);
      setContext({ palette: paletteOf(palette), fonts: fontFamilies(book.config) });
      // Context-aware visibility: a setting that cannot apply to this design is not shown (e.g. the gutter of a one-column page).
      // The focused setting stays listed even where it cannot apply (the warning is about that).
      return entriesOfSection(props.section.id, (lists as SettingEntry[][]).flat()).filter((entry) => entry.path === mine()?.path || settingVisible(book.config as StoredConfig, entry.path));
    },
  );
  let sectionElement: HTMLDetailsElement | undefined;
  // Once its rows are there, the focused setting scrolls into view and its control takes focus
  // (the section itself when no row has that path).
  createEffect(
    on([mine, () => entries()], ([f, list]) => {
      if (!f || !list || !sectionElement) return;
      const section = sectionElement;
      requestAnimationFrame(() => {
        const row = [...section.querySelectorAll<HTMLElement>('.design-row')].find((r) => r.dataset['path'] === f.path);
        for (const other of section.querySelectorAll('.design-row-focused')) other.classList.remove('design-row-focused');
        (row ?? section).scrollIntoView({ block: 'center' });
        if (row) {
          row.classList.add('design-row-focused');
          row.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
        }
      });
    }),
  );
  const [context, setContext] = createSignal<ControlContext>({ palette: [], fonts: [] });
  const shown = () =>
    (entries() ?? []).filter((entry) => {
      const { changedOnly, paths } = props.filter();
      if (changedOnly && entry.set === null) return false;
      if (paths && !paths.has(entry.path)) return false;
      return true;
    });
  const hidden = () => (searching() || props.filter().changedOnly) && entries() !== undefined && shown().length === 0;
  const changedHere = () => (entries() ?? []).filter((e) => e.set !== null);

  return (
    <Show when={!hidden()}>
      <details ref={sectionElement} class="design-section" open={open() || searching() || props.filter().changedOnly} onToggle={(e) => setOpen(e.currentTarget.open)} data-section={props.section.id}>
        <summary>
          {props.section.title}
          <Show when={changedHere().length > 0}>
            <button type="button" class="design-reset-section" onClick={(e) => {
              e.preventDefault();
              void props.apply(changedHere().map((entry) => ({ type: 'config.set' as const, path: entry.path, value: null })));
            }}>
              Reset section
            </button>
          </Show>
        </summary>
        <For each={shown()}>{(entry) => <SettingRow entry={entry} apply={props.apply} context={context()} />}</For>
      </details>
    </Show>
  );
}

function SettingRow(props: { entry: SettingEntry; apply: (ops: { type: 'config.set'; path: string; value: unknown }[]) => Promise<boolean>; context: ControlContext }) {
  const entry = () => props.entry;
  const info = () => infoFor(entry().path);
  const set = (value: unknown) => void props.apply([{ type: 'config.set', path: entry().path, value }]);
  const id = () => `setting-${entry().path.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <div class="design-row" data-path={entry().path} classList={{ 'design-row-changed': entry().set !== null }}>
      <label for={id()} title={info()?.help ?? ''}>
        {labelFor(entry().path)}
      </label>
      <SettingControl id={id()} entry={entry()} onChange={set} context={props.context} />
      <Show when={entry().set !== null}>
        <button type="button" class="design-reset" aria-label={`Reset ${labelFor(entry().path)}`} onClick={() => set(null)}>
          ↺
        </button>
      </Show>
      <Show when={info()?.help}>
        <p class="design-help">{info()!.help}</p>
      </Show>
    </div>
  );
}

/** What some controls offer besides the value: the book's palette and the families it can use. */
interface ControlContext {
  palette: { id: string; name: string; hex: string }[];
  fonts: string[];
}

/** Families the book can use: the bundled ones and the book's own (configuration.md §15.2). */
const BUNDLED_FAMILIES = ['EB Garamond', 'Open Sans', 'Source Code Pro'];
function fontFamilies(config: Record<string, unknown>): string[] {
  const custom = Array.isArray(config['customFonts']) ? (config['customFonts'] as { name?: unknown }[]).map((f) => f.name).filter((n): n is string => typeof n === 'string') : [];
  return [...new Set([...custom, ...BUNDLED_FAMILIES])];
}

function paletteOf(answer: unknown): ControlContext['palette'] {
  const effective = (answer as { effective?: unknown }).effective;
  if (!Array.isArray(effective)) return [];
  return effective
    .map((entry) => entry as { id?: unknown; name?: unknown; value?: unknown })
    .filter((entry) => typeof entry.id === 'string')
    .map((entry) => ({ id: entry.id as string, name: typeof entry.name === 'string' ? entry.name : (entry.id as string), hex: colourHex(entry.value) }));
}

function SettingControl(props: { id: string; entry: SettingEntry; onChange: (value: unknown) => void; context: ControlContext }) {
  const e = props.entry;
  switch (e.kind) {
    case 'boolean':
      return <input id={props.id} type="checkbox" checked={e.effective === true} onChange={(ev) => props.onChange(ev.currentTarget.checked)} />;
    case 'enum':
      return (
        <select id={props.id} value={String(e.effective)} onChange={(ev) => props.onChange(coerce(ev.currentTarget.value, e.options ?? []))}>
          <For each={e.options ?? []}>{(option) => <option value={String(option)}>{String(option)}</option>}</For>
        </select>
      );
    case 'color': {
      // A colour is either the book's own (hex) or linked to a palette entry, which then wins (§15.1).
      const linked = e.effective && typeof e.effective === 'object' && 'paletteId' in e.effective ? String((e.effective as { paletteId: unknown }).paletteId) : '';
      return (
        <span class="design-colour">
          <input id={props.id} type="color" value={colourHex(e.effective)} onChange={(ev) => props.onChange({ hex: ev.currentTarget.value, model: 'hex' })} />
          <select aria-label="Palette colour" value={linked} onChange={(ev) => {
            const entry = props.context.palette.find((p) => p.id === ev.currentTarget.value);
            props.onChange(entry ? { hex: entry.hex, model: 'hex', paletteId: entry.id } : { hex: colourHex(e.effective), model: 'hex' });
          }}>
            <option value="">Own colour</option>
            <For each={props.context.palette}>{(p) => <option value={p.id}>{p.name}</option>}</For>
          </select>
        </span>
      );
    }
    case 'font': {
      const listId = `${props.id}-families`;
      return (
        <span>
          <input id={props.id} type="text" list={listId} value={typeof e.effective === 'string' ? e.effective : ''} onChange={(ev) => props.onChange(ev.currentTarget.value)} />
          <datalist id={listId}>
            <For each={props.context.fonts}>{(family) => <option value={family} />}</For>
          </datalist>
        </span>
      );
    }
    case 'number':
      return <input id={props.id} type="number" step="any" min={e.min} max={e.max} value={typeof e.effective === 'number' ? e.effective : ''} onChange={(ev) => props.onChange(ev.currentTarget.value === '' ? null : Number(ev.currentTarget.value))} />;
    case 'length': {
      const parts = lengthParts(e.effective) ?? { value: 0, unit: e.unit ?? 'pt' };
      let unit = parts.unit;
      let number!: HTMLInputElement;
      return (
        <span class="design-length">
          <input id={props.id} ref={number} type="number" step="any" value={parts.value} onChange={(ev) => props.onChange({ value: Number(ev.currentTarget.value), unit })} />
          <select aria-label="Unit" value={parts.unit} onChange={(ev) => {
            unit = ev.currentTarget.value;
            props.onChange({ value: Number(number.value), unit });
          }}>
            <For each={[...new Set([parts.unit, ...LENGTH_UNITS])]}>{(u) => <option value={u}>{u}</option>}</For>
          </select>
        </span>
      );
    }
    default:
      return <input id={props.id} type="text" value={typeof e.effective === 'string' ? e.effective : e.effective === null ? '' : JSON.stringify(e.effective)} onChange={(ev) => props.onChange(ev.currentTarget.value)} />;
  }
}

/** Select values come back as strings: give numbers and booleans their own type again. */
function coerce(value: string, options: readonly (string | number | boolean)[]): unknown {
  return options.find((o) => String(o) === value) ?? value;
}
