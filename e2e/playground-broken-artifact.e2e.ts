import { expect, test } from '@playwright/test';
import { artifactOf, insert, openPlayground, revalidate, savedPage, writeArtifact } from './support/playground.js';

test('a broken data.json never hides saved instances: they render after a reload, and only a new insert shows the error', async ({
  context,
}) => {
  const page = await openPlayground(context, 'broken-artifact');
  const defaults = (await artifactOf('@acme/ui-counter1@1.0.0', 'data.json')) as { label: string; start: number };
  const id = await insert(page, 'counter1');
  await expect(page.locator(`[data-instance-id="${id}"] [data-testid="counter"]`)).toHaveText(
    `${defaults.label}: ${defaults.start}`,
  );
  await page.evaluate(() => window.playground!.saved());

  const original = JSON.stringify(defaults, null, 2);
  await writeArtifact('@acme/ui-counter1@1.0.0', 'data.json', '{ "label": "Clicks", ');
  try {
    expect(await revalidate(page, { packageId: 'counter1', artifact: 'data.json' })).toBe(200);
    // The host's entry is a 502 now (it reads every artifact); the saved instance needs only the
    // module: after a reload it renders from its entry's last good copy (the worker's mirror).
    await page.reload();
    await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
    await expect(page.locator(`[data-instance-id="${id}"] [data-testid="counter"]`)).toHaveText(
      `${defaults.label}: ${defaults.start}`,
    );
    // An insert needs the defaults: it fails in place with the host's error, and is not saved.
    const failure = await page.evaluate(() =>
      window.playground!.insert('counter1').then(
        () => undefined,
        (error: { code: string; instanceId: string }) => ({ code: error.code, instanceId: error.instanceId }),
      ),
    );
    expect(failure?.code).toBe('host-error');
    const failed = page.locator(`[data-instance-id="${failure?.instanceId}"] [role="alert"]`);
    await expect(failed).toContainText('Failed to load data.json for package counter1');
    expect((await savedPage(page))?.content.map((instance) => instance.id)).toEqual([id]);
  } finally {
    await writeArtifact('@acme/ui-counter1@1.0.0', 'data.json', original);
    expect(await revalidate(page, { packageId: 'counter1', artifact: 'data.json' })).toBe(200);
  }
});
