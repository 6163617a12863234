/**
 * Watching a chapter's passes from a test (page/passes.ts): the stops in step an edit's passes
 * take (page/converge.ts), and the plan each pass is given with the pages it returns.
 */
import { vi } from 'vitest';
import { EditConvergence } from '../../../src/worker/engine/page/converge';
import type * as Paginate from '../../../src/worker/engine/page/paginate';
import type { PassPlan } from '../../../src/worker/engine/page/passes';

/** EditConvergence.prototype.stop observed: `taken()` counts the stops taken since `clear()`. */
export function observeStops(): { taken: () => number; clear: () => void; restore: () => void } {
  const stop = vi.spyOn(EditConvergence.prototype, 'stop');
  return {
    taken: () => stop.mock.results.filter((r) => r.type === 'return' && r.value === true).length,
    clear: () => void stop.mockClear(),
    restore: () => stop.mockRestore(),
  };
}

/**
 * The paginate module with `paginateChapter` showing `seen` each pass's plan before it runs; what
 * `seen` returns is called with the pages the pass returns (for a `vi.mock` factory, imported there).
 */
export function observePlans(actual: typeof Paginate, seen: (plan: PassPlan | undefined) => ((pages: readonly Paginate.PageDraft[]) => void) | void): typeof Paginate {
  return {
    ...actual,
    paginateChapter: (...args: Parameters<typeof actual.paginateChapter>) => {
      const after = seen(args[8]?.plan);
      if (!after) return actual.paginateChapter(...args);
      return (function* () {
        const pages = yield* actual.paginateChapter(...args);
        after(pages);
        return pages;
      })();
    },
  };
}
