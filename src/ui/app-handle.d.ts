import type { BookClient } from '../worker/protocol/client';

declare global {
  interface Window {
    /** Handle for automated tests and debugging; agents use `window.postextWebMcp` instead. */
    postextApp?: {
      client: BookClient;
      /** Read-only view of the interface, filled in once the App has mounted. */
      ui?: {
        /** The editor's chapter and selection (source offsets), or null before a chapter opens. */
        selection(): { chapterId: string; from: number; to: number } | null;
        /** The text the editor shows now (CodeMirror only renders the lines on screen). */
        editorText(): string | null;
        /** Open panel, viewer settings and the printed label of the page at the top of the view. */
        view(): { panel: string | null; zoom: number; fit: string; spread: boolean; scope: string; chapterId: string | null; page: string | null };
        /** The notice and question on screen (tools.md §7.18 shapes). */
        notice(): { id: number; text: string; level: 'info' | 'warning' } | null;
        question(): { id: number; kind: 'replaceCopy'; book: { name: string; id: string }; options: ['keep', 'replace'] } | null;
        answer(answer: { replaceCopy?: boolean; dismissNotice?: boolean }): void;
      };
    };
  }
}
