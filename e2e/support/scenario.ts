import { type BrowserContext, expect, type Page } from '@playwright/test';

/** Opens the scenario page (`?page=<id>` picks the saved page) and waits until it has rendered. */
export async function openScenario(context: BrowserContext, pageId: string, query = ''): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${process.env.E2E_BASE_URL}/?page=${pageId}${query}`);
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
  return page;
}

/** Writes an artifact on the artifacts origin (a publisher's upload) and revalidates it on the host. */
export async function republish(packagePath: string, artifact: string, value: unknown): Promise<void> {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(`${process.env.E2E_ARTIFACTS_DIR}/${packagePath}/${artifact}`, JSON.stringify(value));
  const packageId = /ui-(\w+)@/.exec(packagePath)![1]!;
  const response = await fetch(`${process.env.E2E_HOST_URL}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-revalidation-secret': 'e2e-revalidation-secret' },
    body: JSON.stringify({ packageId, artifact }),
  });
  expect(response.status).toBe(200);
}
