import type { BookClient } from '../worker/protocol/client';

declare global {
  interface Window {
    /** Handle for automated tests and debugging; agents use `window.postextWebMcp` instead. */
    postextApp?: { client: BookClient };
  }
}
