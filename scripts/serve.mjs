// Serves the built app (dist/) on http://127.0.0.1:4173 with Vite's preview server.
import { preview } from 'vite';

const server = await preview({ preview: { host: '127.0.0.1', port: 4173, strictPort: true, open: false } });
console.log('\nPostext Sandbox is ready at http://127.0.0.1:4173/ (Ctrl+C stops it)\n');
server.printUrls();
