import { expect, test, type Page } from '@playwright/test';
import { runToolTable, type Invoke } from '../support/tool-cases';
import { ready, type Envelope } from '../support/tools';

// Chromium 156 exposes document.modelContext only with this flag (platform-notes §1.1).
test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--enable-features=WebMCP'] } });
// ready() alone may take 60 s while other builds share the machine.
test.describe.configure({ timeout: 180_000 });

test.describe('tools through real WebMCP', () => {
  test('registered on document.modelContext, executed there and through CDP WebMCP.invokeTool', async ({ page }) => {
    await ready(page);
    const tools = await page.evaluate(async () => {
      const mc = (document as unknown as { modelContext: { getTools(): Promise<{ name: string; annotations?: Record<string, unknown> }[]> } }).modelContext;
      return (await mc.getTools()).map((t) => ({ name: t.name, readOnly: t.annotations?.['readOnlyHint'] === true }));
    });
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['sandbox_get_state', 'sandbox_set_config', 'sandbox_set_view', 'sandbox_go_to_page', 'sandbox_select_text', 'sandbox_answer', 'sandbox_reset_to_original']));
    // The same tools on both transports, each once.
    const fallback = await page.evaluate(() => window.postextWebMcp!.listTools().map((t) => t.name));
    expect([...tools.map((t) => t.name)].sort()).toEqual([...fallback].sort());
    expect(tools.find((t) => t.name === 'sandbox_get_state')!.readOnly).toBe(true);

    const viaModelContext = await page.evaluate(async () => {
      const mc = (document as unknown as { modelContext: { getTools(): Promise<{ name: string }[]>; executeTool(tool: unknown, input: object): Promise<string> } }).modelContext;
      const tool = (await mc.getTools()).find((t) => t.name === 'sandbox_read_text');
      return JSON.parse(await mc.executeTool(tool, { chapter: 1, fromLine: 1, toLine: 2 })) as Envelope;
    });
    expect(viaModelContext).toMatchObject({ ok: true, chapter: 1, fromLine: 1, toLine: 2 });

    const refused = await page.evaluate(async () => {
      const mc = (document as unknown as { modelContext: { getTools(): Promise<{ name: string }[]>; executeTool(tool: unknown, input: object): Promise<string> } }).modelContext;
      const tool = (await mc.getTools()).find((t) => t.name === 'sandbox_read_text');
      return JSON.parse(await mc.executeTool(tool, { chaptr: 1 })) as Envelope;
    });
    expect(refused.ok).toBe(false);
    expect(refused.error).toContain('chapter');

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebMCP.enable' as never);
    const frameTree = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    const responded = new Promise<{ status: string; output: unknown }>((resolve) => cdp.on('WebMCP.toolResponded' as never, ((event: { status: string; output: unknown }) => resolve(event)) as never));
    await cdp.send('WebMCP.invokeTool' as never, { frameId: frameTree.frameTree.frame.id, toolName: 'sandbox_get_state', input: {} } as never);
    const answer = await responded;
    const output = typeof answer.output === 'string' ? (JSON.parse(answer.output) as Envelope) : (answer.output as Envelope);
    expect(output).toMatchObject({ ok: true, ready: true, book: { id: 'postext-guide' } });

    // A view tool through the agent's path: the screen follows.
    const viewed = new Promise<{ status: string; output: unknown }>((resolve) => cdp.on('WebMCP.toolResponded' as never, ((event: { status: string; output: unknown }) => resolve(event)) as never));
    await cdp.send('WebMCP.invokeTool' as never, { frameId: frameTree.frameTree.frame.id, toolName: 'sandbox_set_view', input: { panel: 'chapters' } } as never);
    const view = await viewed;
    const viewOutput = typeof view.output === 'string' ? (JSON.parse(view.output) as Envelope) : (view.output as Envelope);
    expect(viewOutput).toMatchObject({ ok: true, view: { panel: 'chapters' } });
    await expect(page.locator('#sidebar .panel-title')).toHaveText('Chapters');
  });
});


/** Calls a tool the way an in-page agent does: `document.modelContext.executeTool`, whose answer is JSON text. */
function viaModelContext(page: Page): Invoke {
  return async (name, args) =>
    page.evaluate(
      async ([n, a]) => {
        const mc = (document as unknown as { modelContext: { getTools(): Promise<{ name: string }[]>; executeTool(tool: unknown, input: object): Promise<string | null> } }).modelContext;
        const tool = (await mc.getTools()).find((t) => t.name === n);
        if (!tool) return { ok: false, error: `document.modelContext has no tool named ${n as string}` };
        return JSON.parse((await mc.executeTool(tool, a as object)) ?? 'null') as Envelope;
      },
      [name, args] as const,
    );
}

/** Calls a tool the way Chrome's own agent and DevTools MCP do: CDP `WebMCP.invokeTool`, answered by `WebMCP.toolResponded`. */
async function viaCdp(page: Page): Promise<Invoke> {
  const cdp = await page.context().newCDPSession(page);
  const answers = new Map<string, unknown>();
  const waiting = new Map<string, (output: unknown) => void>();
  cdp.on('WebMCP.toolResponded' as never, ((event: { invocationId: string; output: unknown }) => {
    const resolve = waiting.get(event.invocationId);
    if (resolve) resolve(event.output);
    else answers.set(event.invocationId, event.output);
  }) as never);
  await cdp.send('WebMCP.enable' as never);
  return async (name, args) => {
    const frameTree = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    const { invocationId } = (await cdp.send('WebMCP.invokeTool' as never, { frameId: frameTree.frameTree.frame.id, toolName: name, input: args } as never)) as { invocationId: string };
    const output = answers.has(invocationId) ? answers.get(invocationId) : await new Promise<unknown>((resolve) => waiting.set(invocationId, resolve));
    answers.delete(invocationId);
    waiting.delete(invocationId);
    return (typeof output === 'string' ? JSON.parse(output) : output) as Envelope;
  };
}

async function nativeNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const mc = (document as unknown as { modelContext: { getTools(): Promise<{ name: string }[]> } }).modelContext;
    return (await mc.getTools()).map((t) => t.name);
  });
}

test.describe('every tool through real WebMCP (tests/support/tool-cases.ts)', () => {
  test('document.modelContext.executeTool: one refusal that changes nothing, one success with its documented fields', async ({ page }) => {
    test.setTimeout(300_000);
    await ready(page);
    await runToolTable(page, viaModelContext(page), await nativeNames(page));
  });

  test('CDP WebMCP.invokeTool: one refusal that changes nothing, one success with its documented fields', async ({ page }) => {
    test.setTimeout(300_000);
    await ready(page);
    await runToolTable(page, await viaCdp(page), await nativeNames(page));
  });
});
