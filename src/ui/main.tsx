import { render } from 'solid-js/web';
import { App } from './App';
import { createBookClient } from './worker-client';
import './styles.css';

const client = createBookClient();

window.postextApp = { client };

render(() => <App client={client} />, document.getElementById('app')!);
