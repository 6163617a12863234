/**
 * One registry for both transports (tools.md §1.1): each tool is a zod input schema, a
 * description written for a model, annotations and a handler. Arguments are validated before
 * anything runs (Chrome does not); calls run one at a time; nothing throws across the boundary.
 */
import { z } from 'zod';

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  untrustedContentHint?: boolean;
  consequentialHint?: boolean;
}

/** The reference's envelope (tools.md §2.1): data at top level, or a sentence saying what to ask instead. */
export type ToolResult = { ok: true; [key: string]: unknown } | { ok: false; error: string; hint?: string; valid?: unknown[]; [key: string]: unknown } | McpContent;

/** Image tools answer in MCP content form (tools.md §2.3). */
export interface McpContent {
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string })[];
  isError?: boolean;
  ok?: boolean;
  error?: string;
}

export interface ToolSpec<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: S;
  annotations: ToolAnnotations;
  /** Answers in MCP content form (tools.md §2.3): its refusals then carry the sentence as content too. */
  images?: true;
  run(args: z.output<S>, signal?: AbortSignal): Promise<ToolResult>;
}

export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: ToolAnnotations & { destructiveHint?: boolean };
}

/** Helper so each tool file keeps its argument types. */
export function defineTool<S extends z.ZodType>(spec: ToolSpec<S>): ToolSpec {
  return spec as unknown as ToolSpec;
}

export function fail(error: string, extra: Record<string, unknown> = {}): ToolResult {
  return { ok: false, error, ...extra };
}

export class ToolRegistry {
  private readonly tools = new Map<string, ToolSpec>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(specs: readonly ToolSpec[]) {
    for (const spec of specs) {
      if (!/^[A-Za-z0-9_.-]{1,128}$/.test(spec.name)) throw new Error(`Invalid tool name ${spec.name}`);
      if (this.tools.has(spec.name)) throw new Error(`Duplicate tool ${spec.name}`);
      this.tools.set(spec.name, spec);
    }
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  get(name: string): ToolSpec | undefined {
    return this.tools.get(name);
  }

  /** Descriptors with JSON Schemas generated from the zod schemas (`additionalProperties: false`). */
  describe(): ToolDescriptor[] {
    return [...this.tools.values()].map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: jsonSchemaOf(tool.input),
      annotations: { ...tool.annotations, ...(tool.annotations.consequentialHint ? { destructiveHint: true } : {}) },
    }));
  }

  /** Validates, then runs the tool after any call in progress. Resolves to the result; never rejects. */
  execute(name: string, args: unknown, signal?: AbortSignal): Promise<ToolResult> {
    const run = async (): Promise<ToolResult> => {
      const tool = this.tools.get(name);
      if (!tool) return fail(`Unknown tool "${name}". Call one of the listed tools.`, { valid: this.names() });
      const input = args === undefined || args === null ? {} : args;
      // An image tool's failure is readable by envelope scripts and MCP clients alike (tools.md §2.3).
      const refuse = (error: string, extra: Record<string, unknown> = {}): ToolResult => (tool.images ? { ok: false, error, ...extra, content: [{ type: 'text', text: error }], isError: true } : fail(error, extra));
      if (typeof input !== 'object' || Array.isArray(input)) return refuse(`${name} takes an object of arguments, e.g. {}.`);
      const parsed = tool.input.safeParse(input);
      if (!parsed.success) return refuse(describeIssues(name, tool.input, parsed.error), { valid: parameterNames(tool.input) });
      try {
        return await tool.run(parsed.data, signal);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return refuse(`${name} could not finish: ${message}`);
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json['$schema'];
  return json;
}

function parameterNames(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Turns zod issues into one sentence that names the parameter and what to send instead. */
function describeIssues(tool: string, schema: z.ZodType, error: z.ZodError): string {
  const names = parameterNames(schema);
  const parts = error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
    if (issue.code === 'unrecognized_keys') {
      return `unknown parameter${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}; the parameters are: ${names.join(', ') || 'none'}`;
    }
    if (issue.code === 'invalid_value' && 'values' in issue) {
      // A schema may explain a value it does not take yet (e.g. a viewer still to come); zod's own message starts "Invalid option".
      const why = /^Invalid option/.test(issue.message) ? '' : ` (${issue.message})`;
      return `${where} must be one of ${(issue.values as unknown[]).map((v) => JSON.stringify(v)).join(', ')}${why}`;
    }
    return `${where}: ${issue.message}`;
  });
  return `${tool} was not run: ${parts.join('; ')}.`;
}
