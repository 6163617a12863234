/** Creates the book worker's client for the page (the worker itself is started by worker-start.ts). */
import type { Endpoint } from 'comlink';
import { BookClient, type WorkerHandle } from '../worker/protocol/client';
import { takeBookWorker } from './worker-start';

export function createBookClient(): BookClient {
  // A ping every 500 ms (cheap) keeps the worst case from a hang to its detection at about 3 s,
  // leaving the restart time to bring the book back within the 5 s the Sandbox promises.
  return new BookClient((): WorkerHandle => {
    const { worker, onError } = takeBookWorker();
    return {
      endpoint: worker as unknown as Endpoint,
      terminate: () => worker.terminate(),
      onCrash: onError,
    };
  }, { pingIntervalMs: 500 });
}
