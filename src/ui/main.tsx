import { render } from 'solid-js/web';
import { App } from './App';
import { installTools } from '../tools';
import { persistedUiBridge } from '../tools/ui-bridge';
import { createBookClient } from './worker-client';
import './styles.css';

const client = createBookClient();

window.postextApp = { client };

// The agent tools live as long as the Sandbox is on screen (tools.md §1.1); withdrawn on hot reload.
const withdrawTools = installTools(client, persistedUiBridge());
import.meta.hot?.dispose(() => withdrawTools());

render(() => <App client={client} />, document.getElementById('app')!);
