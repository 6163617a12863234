import { test } from '@playwright/test';

import { runToolTable } from '../support/tool-cases';
import { call, ready } from '../support/tools';

// Every registered tool through window.postextWebMcp in a browser without the WebMCP flag: a
// refusal that changes nothing and a success with its documented fields (tests/support/tool-cases.ts).
test('every tool through window.postextWebMcp: one refusal that changes nothing, one success with its documented fields', async ({ page }) => {
  test.setTimeout(300_000); // two books opened, a PDF written and a .postext exported and imported on a shared machine
  await ready(page);
  const registered = await page.evaluate(() => window.postextWebMcp!.listTools().map((t) => t.name));
  await runToolTable(page, (name, args) => call(page, name, args), registered);
});
