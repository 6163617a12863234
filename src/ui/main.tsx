// First: the book worker starts loading before the modules below are evaluated.
import './worker-start';
import { render } from 'solid-js/web';
import { App } from './App';
import { installTools } from '../tools';
import { createUiBridge } from '../tools/ui-bridge';
import { createBookClient } from './worker-client';
import { registerServiceWorkerAfterFirstLayout } from './service-worker';
import './styles.css';

const client = createBookClient();

window.postextApp = { client };

// Offline support, once the first book is on screen (service-worker.ts).
registerServiceWorkerAfterFirstLayout(client);

// The agent tools live as long as the Sandbox is on screen (tools.md §1.1); withdrawn on hot reload.
// The App connects its screen (view, navigation, questions) to the tools' bridge when it mounts.
const screen = createUiBridge();
const withdrawTools = installTools(client, screen.bridge);
import.meta.hot?.dispose(() => withdrawTools());

render(() => <App client={client} onScreen={screen.connect} />, document.getElementById('app')!);
