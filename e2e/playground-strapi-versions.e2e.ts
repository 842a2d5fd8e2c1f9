import { expect, type Page, test } from '@playwright/test';
import type { Page as SavedPage } from '@runtime-component-catalog/contracts';
import type {} from '../examples/playground/playground-hooks.js';
import { callStrapi } from '../testing/strapi/strapi-rest.js';
import { startPlaygroundProcess } from './support/playground-process.js';

// Versions over time on a real Strapi 5 (`npm run start:strapi`, docs/playground-versions.md):
// a page saved with hero1 1.0.0 in Strapi; hero1 2.0.0 published into the running
// playground, which generates and deploys it into Strapi first (restarted on the same database);
// the instance keeps its 1.0.0 props and module until it is upgraded; undo; a rollback.

let editor: string;
let strapiUrl: string;
let token: string;
let stop: () => Promise<void>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const started = await startPlaygroundProcess('start:strapi');
  stop = started.stop;
  editor = started.url;
  const url = /Strapi at (\S+) /.exec(started.output)?.[1];
  const printed = /Strapi API token \(development\): (\S+)/.exec(started.output)?.[1];
  if (url === undefined || printed === undefined) {
    await started.stop();
    throw new Error(`npm run start:strapi printed no Strapi URL or token:\n${started.output}`);
  }
  strapiUrl = url;
  token = printed;
});
test.afterAll(async () => {
  await stop?.();
});

async function playgroundPost(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${editor.replace(/\/$/, '')}/__playground/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The hero1 blocks of page `slug`'s draft as any REST client reads them (the start's token stays valid). */
async function storedHeroes(slug: string): Promise<Record<string, unknown>[]> {
  const query = `filters[slug][$eq]=${slug}&status=draft&locale=en&populate[blocks][populate]=*`;
  const { status, body } = await callStrapi<{ data: { blocks: Record<string, unknown>[] }[] }>(
    { url: strapiUrl, apiToken: token },
    'GET',
    `/api/pages?${query}`,
  );
  expect(status).toBe(200);
  return body.data[0]!.blocks.filter((block) => block.__component === 'hero.hero1');
}

/** The page as the editor's Strapi page store reads it. */
const savedPage = (page: Page): Promise<SavedPage | undefined> =>
  page.evaluate(() => window.playground!.store.get(window.playground!.pageId));

const frame = (page: Page, id: string) => page.locator(`[data-instance-id="${id}"]`);

async function reload(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
}

test('a hero1 1.0.0 instance stored in Strapi keeps its props and module after 2.0.0 is deployed and published, upgrades on request, undoes, survives a rollback', async ({
  page,
}) => {
  test.setTimeout(300_000);
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${editor.replace(/\/$/, '')}/?page=strapi-versions`);
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
  const old = await page.evaluate(() => window.playground!.insert('hero1'));
  const other = await page.evaluate(() => window.playground!.insert('counter1'));
  await page.evaluate(() => window.playground!.saved());
  const saved = (await savedPage(page))!;
  const before = saved.content[0]!;
  expect(before).toMatchObject({ id: old, version: '1.0.0' });
  expect(before.props).toMatchObject({ subtitle: 'Drag, drop, publish.', fullHeight: false });

  // Strapi gets 2.0.0's attributes (generate, deploy, restart on the same database), then the
  // catalog gets 2.0.0: the steps say both.
  const publishing = performance.now();
  const published = await playgroundPost('publish-release', { release: 'hero1-2.0.0' });
  // The figure of docs/playground-versions.md (generate, redeploy, publish), in the report.
  const took = `${Math.round(performance.now() - publishing)} ms`;
  test.info().annotations.push({ type: 'publish-release on Strapi', description: took });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  expect(published.body).toMatchObject({ published: { variant: 'hero1', version: '2.0.0' } });
  const steps = (published.body as { steps: { text: string }[] }).steps.map((step) => step.text);
  expect(steps.filter((text) => text.startsWith('cms: '))).toEqual([
    `cms: src/source/components/hero/hero1.json generated, deployed, Strapi restarted at ${strapiUrl} (its migrations ran)`,
  ]);
  // The database migration copied subtitle into tagline; the 1.0.0 block keeps every column.
  const [expanded] = await storedHeroes('strapi-versions');
  expect(expanded).toMatchObject({
    subtitle: 'Drag, drop, publish.',
    tagline: 'Drag, drop, publish.',
    eyebrow: null,
    fullHeight: false,
    cmp_instance: { id: old, version: '1.0.0' },
  });

  // Reloaded: 1.0.0's module and props, byte for byte; marked behind; nothing saved.
  await reload(page);
  await expect(frame(page, old)).toHaveAttribute('data-version', '1.0.0');
  await expect(frame(page, old)).toContainText('Drag, drop, publish.');
  const badge = frame(page, old).getByTestId('instance-version');
  await expect(badge).toHaveText('1.0.0 · 1 major behind (catalog 2.0.0), shown with 1.0.0');
  const reloaded = (await savedPage(page))!;
  expect(reloaded.revision).toBe(saved.revision);
  expect(JSON.stringify(reloaded.content[0])).toBe(JSON.stringify(before));

  // Another instance edited and saved: the 1.0.0 block is written again, every column kept.
  await frame(page, other).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Counted');
  await page.evaluate(() => window.playground!.saved());
  const [kept] = await storedHeroes('strapi-versions');
  expect(kept).toMatchObject({
    subtitle: 'Drag, drop, publish.',
    tagline: 'Drag, drop, publish.',
    eyebrow: null,
    fullHeight: false,
    cmp_instance: { id: old, version: '1.0.0' },
  });
  const withOther = (await savedPage(page))!;
  expect(withOther.revision).toBe(saved.revision + 1);
  expect(JSON.stringify(withOther.content[0])).toBe(JSON.stringify(before));
  const base = withOther.revision;

  // Upgrade: one new revision; the stored block holds 2.0.0's props and version.
  const upgraded = await page.evaluate((id) => window.playground!.upgrade(id), old);
  expect(upgraded).toEqual({ from: '1.0.0', to: '2.0.0', revision: base + 1 });
  const [stored2] = await storedHeroes('strapi-versions');
  expect(stored2).toMatchObject({
    tagline: 'Drag, drop, publish.',
    eyebrow: 'Hero',
    subtitle: null,
    fullHeight: null,
    cmp_instance: { id: old, package: '@acme/ui-hero1', version: '2.0.0' },
  });
  await expect(frame(page, old)).toHaveAttribute('data-version', '2.0.0');

  // Undo: 1.0.0's props and version back, as one more revision.
  await page.getByRole('button', { name: 'undo' }).click();
  await expect.poll(async () => (await savedPage(page))?.revision).toBe(base + 2);
  expect(JSON.stringify((await savedPage(page))!.content[0])).toBe(JSON.stringify(before));
  await expect(frame(page, old)).toHaveAttribute('data-version', '1.0.0');
  const [undone] = await storedHeroes('strapi-versions');
  expect(undone).toMatchObject({ subtitle: 'Drag, drop, publish.', tagline: null, eyebrow: null, fullHeight: false });

  // Upgraded again, then a rollback: new inserts are 1.0.0; the 2.0.0 instance keeps 2.0.0.
  const again = await page.evaluate((id) => window.playground!.upgrade(id), old);
  expect(again).toEqual({ from: '1.0.0', to: '2.0.0', revision: base + 3 });
  const rolledBack = await playgroundPost('rollback', { variant: 'hero1', to: '1.0.0' });
  expect(rolledBack.status, JSON.stringify(rolledBack.body)).toBe(200);
  await reload(page);
  const fresh = await page.evaluate(() => window.playground!.insert('hero1'));
  await page.evaluate(() => window.playground!.saved());
  await expect(frame(page, fresh)).toHaveAttribute('data-version', '1.0.0');
  await expect(frame(page, old)).toHaveAttribute('data-version', '2.0.0');
  await expect(frame(page, old).getByTestId('instance-version')).toHaveAttribute('data-status', 'ahead');
  const last = (await savedPage(page))!;
  expect(last.content.map(({ id, version }) => ({ id, version }))).toEqual([
    { id: old, version: '2.0.0' },
    { id: other, version: '1.0.0' },
    { id: fresh, version: '1.0.0' },
  ]);
  expect(Object.keys(last.content[2]!.props)).toEqual(Object.keys(before.props));
  const [, stored1] = await storedHeroes('strapi-versions');
  expect(stored1).toMatchObject({ tagline: null, eyebrow: null, cmp_instance: { id: fresh, version: '1.0.0' } });
});
