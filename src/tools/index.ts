/**
 * The agent tools: build the registry from the groups whose capabilities exist, and publish it on
 * WebMCP and `window.postextWebMcp`. A group joins this list only when what it drives works
 * (tools.md: never a stub that answers "not available").
 */
import type { BookClient } from '../worker/protocol/client';
import type { UiBridge } from './context';
import { bookTools } from './groups/books';
import { checkTools } from './groups/checks';
import { designTools } from './groups/design';
import { exportTools } from './groups/export';
import { fontTools } from './groups/fonts';
import { originalTools } from './groups/original';
import { questionTools } from './groups/questions';
import { resourceTools } from './groups/resources';
import { seeingTools } from './groups/seeing';
import { textTools } from './groups/text';
import { viewTools } from './groups/view';
import { wordTools } from './groups/word';
import { wordTemplateTools } from './groups/word-templates';
import { ToolRegistry } from './registry';
import { publishTools } from './webmcp';

export type { UiBridge, UiView } from './context';
export { ToolRegistry } from './registry';

export function createToolRegistry(client: BookClient, ui?: UiBridge): ToolRegistry {
  const ctx = { client, ui };
  return new ToolRegistry([...seeingTools(ctx), ...checkTools(ctx), ...designTools(ctx), ...originalTools(ctx), ...textTools(ctx), ...bookTools(ctx), ...exportTools(ctx), ...viewTools(ctx), ...questionTools(ctx), ...wordTools(ctx), ...wordTemplateTools(ctx), ...resourceTools(ctx), ...fontTools(ctx)]);
}

/** Registers the tools while the Sandbox is mounted; call the returned function to withdraw them. */
export function installTools(client: BookClient, ui?: UiBridge): () => void {
  const controller = new AbortController();
  publishTools(createToolRegistry(client, ui), controller.signal);
  return () => controller.abort();
}
