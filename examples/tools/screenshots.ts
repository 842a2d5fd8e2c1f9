import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import type {} from '../playground/playground-hooks.js';
import { startPlayground } from '../playground-stack.js';

// `npm run example:screenshots`: the playground's first minutes as docs/images/playground-*.png
// (first load, an insert, the field panel, the publisher panel after a publish, offline, and
// versions over time: an instance behind after hero1 2.0.0, its upgrade preview, upgraded), taken in Debian's
// Chromium against a playground on free ports and a temporary working copy. Writes only those
// files.

const images = fileURLToPath(new URL('../../docs/images/', import.meta.url));
const stateDir = await mkdtemp(join(tmpdir(), 'playground-screenshots-'));
const playground = await startPlayground({
  editorPort: 0,
  hostPort: 0,
  artifactsPort: 0,
  esmPort: 0,
  secret: 'dev-revalidation-secret',
  stateDir,
  log: () => {},
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const shoot = (name: string) => page.screenshot({ path: join(images, `playground-${name}.png`) });
  const ready = (target: Page) => target.waitForSelector('body[data-playground="ready"]', { state: 'attached' });
  await page.goto(playground.editorUrl);
  await ready(page);
  await page.waitForSelector('[data-testid="empty-canvas"]');
  await shoot('first-load');

  for (const packageId of ['hero1', 'counter1', 'callout1']) {
    await page.evaluate((id) => window.playground!.insert(id), packageId);
  }
  await page.evaluate(() => window.playground!.saved());
  await shoot('insert');

  const hero = await page.locator('[data-package-id="hero1"][data-instance-id]').getAttribute('data-instance-id');
  await page.evaluate((id) => window.playground!.select(id), hero);
  await page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
  await shoot('fields');

  await page.evaluate(() => window.playground!.select(null));
  await page.getByTestId('toggle-publisher').click();
  await page.getByTestId('publisher-package').selectOption('callout1');
  await page.getByTestId('publisher-artifact').selectOption('data.json');
  // A publish, so that the panel shows the publishing tool's steps.
  const content = page.getByTestId('publisher-content');
  await page.waitForFunction(
    () => document.querySelector<HTMLTextAreaElement>('[data-testid="publisher-content"]')?.value,
  );
  const data = JSON.parse(await content.inputValue()) as Record<string, unknown>;
  await content.fill(JSON.stringify({ ...data, title: 'Good to know, republished' }, null, 2));
  await page.getByTestId('publisher-publish').click();
  await page.getByTestId('publisher-result').waitFor();
  await shoot('publisher');
  await page.getByTestId('toggle-publisher').click();

  await context.setOffline(true);
  await page.reload();
  await ready(page);
  await page.waitForSelector('[data-testid="status"][data-online="offline"]');
  await page.locator('[data-instance-id][data-state="ready"]').nth(2).waitFor();
  await shoot('offline');
  await context.setOffline(false);

  // Versions over time (docs/sdk-versions.md): hero1 2.0.0 published; the 1.0.0 instance behind,
  // its fields and the upgrade preview, then upgraded.
  const published = await fetch(new URL('/__playground/publish-release', playground.editorUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(playground.editorUrl).origin },
    body: JSON.stringify({ release: 'hero1-2.0.0' }),
  });
  if (published.status !== 200) throw new Error(`publish-release answered ${published.status}`);
  await page.reload();
  await ready(page);
  await page.locator(`[data-instance-id="${hero}"][data-version="1.0.0"] [data-testid="instance-version"]`).waitFor();
  await shoot('versions-page');
  await page.evaluate((id) => window.playground!.select(id), hero);
  await page.locator('[data-testid="upgrade-instance"]:visible').click();
  await page.locator('[data-testid="upgrade-preview"]:visible').waitFor();
  await shoot('versions-preview');
  await page.locator('[data-testid="upgrade-accept"]:visible').click();
  await page.locator(`[data-instance-id="${hero}"][data-version="2.0.0"]`).waitFor();
  await page.evaluate(() => window.playground!.saved());
  await shoot('versions-upgraded');
  console.log(`screenshots written to ${images}`);
} finally {
  await browser.close();
  await playground.close();
  await rm(stateDir, { recursive: true, force: true });
}
