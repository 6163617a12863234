/**
 * The only module that touches WebMCP. Registers every tool on `document.modelContext` while the
 * Sandbox is mounted (withdrawn by aborting the signal), and always publishes the same tools on
 * `window.postextWebMcp` (platform-notes §1). `execute` resolves to exactly what `executeTool`
 * resolves to, and never throws (a thrown message would be lost by the browser).
 */
import type { ToolDescriptor, ToolRegistry, ToolResult } from './registry';

interface ModelContextLike {
  registerTool(tool: {
    name: string;
    title: string;
    description: string;
    inputSchema: Record<string, unknown>;
    annotations: Record<string, boolean | undefined>;
    execute: (input: unknown, options?: { signal?: AbortSignal }) => Promise<ToolResult>;
  }, options: { signal: AbortSignal }): Promise<void> | void;
}

export interface PostextWebMcp {
  listTools(): ToolDescriptor[];
  executeTool(name: string, args?: unknown): Promise<ToolResult>;
}

declare global {
  interface Window {
    postextWebMcp?: PostextWebMcp;
  }
}

/** Publishes the registry; abort `signal` to withdraw the native registrations. */
export function publishTools(registry: ToolRegistry, signal: AbortSignal): void {
  const descriptors = registry.describe();
  window.postextWebMcp = Object.freeze({
    listTools: () => descriptors.map((d) => structuredClone(d)),
    executeTool: (name: string, args?: unknown) => registry.execute(name, args),
  });
  const modelContext = (document as unknown as { modelContext?: ModelContextLike }).modelContext ?? (navigator as unknown as { modelContext?: ModelContextLike }).modelContext;
  if (!modelContext || typeof modelContext.registerTool !== 'function') return;
  for (const d of descriptors) {
    // destructiveHint is MCP-only; Chrome drops it, so it is not sent (tools.md §2.15).
    const { destructiveHint: _mcpOnly, ...annotations } = d.annotations;
    try {
      const pending = modelContext.registerTool(
        {
          name: d.name,
          title: d.title,
          description: d.description,
          inputSchema: d.inputSchema,
          annotations,
          execute: (input, options) => registry.execute(d.name, input, options?.signal),
        },
        { signal },
      );
      void Promise.resolve(pending).catch((error: unknown) => console.warn(`WebMCP refused ${d.name}:`, error));
    } catch (error) {
      console.warn(`WebMCP refused ${d.name}:`, error);
    }
  }
}
