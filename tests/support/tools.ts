import { expect, type Page } from '@playwright/test';

/** Helpers for driving the agent tools the way a script would (tools.md §1.2). */
export type Envelope = { ok: boolean; error?: string; [key: string]: unknown };

export async function ready(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => window.postextWebMcp?.listTools().some((t) => t.name === 'sandbox_get_state'));
  await expect.poll(async () => (await call(page, 'sandbox_get_state', {})).ready, { timeout: 120_000 }).toBe(true); // a whole book laid out on a shared, busy machine (60 s ran out under load 30 on two cores)
}

export function call(page: Page, name: string, args: unknown): Promise<Envelope> {
  return page.evaluate(([n, a]) => window.postextWebMcp!.executeTool(n as string, a) as Promise<Envelope>, [name, args] as const);
}

