import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type {} from '../examples/playground/playground-hooks.js';
import { callStrapi, onePixelPng, uploadFile } from '../testing/strapi/strapi-rest.js';
import { copyExampleSchemaPackage, runCatalogSchema } from './support/catalog-schema-cli.js';
import { pickFromMediaLibrary } from './support/media-library.js';
import { startPlaygroundProcess } from './support/playground-process.js';

// The playground on a real Strapi 5 (`npm run start:strapi`, docs/playground.md "On Strapi"): the
// editor's pages are documents of the example package's page collection, read and written by
// other clients through Strapi's REST API.

interface StrapiPlayground {
  readonly editor: string;
  readonly stateDir: string;
  readonly strapi: string;
  readonly token: string;
  stop(): Promise<void>;
}

/** `npm run start:strapi` as a user runs it: the editor, and Strapi's URL and development token from its lines. */
async function startStrapiPlayground(): Promise<StrapiPlayground> {
  const started = await startPlaygroundProcess('start:strapi');
  const strapi = /Strapi at (\S+) /.exec(started.output)?.[1];
  const token = /Strapi API token \(development\): (\S+)/.exec(started.output)?.[1];
  if (strapi === undefined || token === undefined) {
    await started.stop();
    throw new Error(`npm run start:strapi printed no Strapi URL or token:\n${started.output}`);
  }
  return { editor: started.url, stateDir: started.stateDir, strapi, token, stop: () => started.stop() };
}

let playground: StrapiPlayground;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  playground = await startStrapiPlayground();
});
test.afterAll(async () => {
  await playground?.stop();
});

interface StoredBlock extends Record<string, unknown> {
  readonly __component: string;
}
interface StoredPage {
  readonly documentId: string;
  readonly title: string;
  readonly revision: number;
  readonly blocks: StoredBlock[];
}

/** The playground's Strapi as the REST helpers of testing/strapi take it: its URL and development token. */
const strapi = () => ({ url: playground.strapi, apiToken: playground.token });

/** The draft of page `slug` as any REST client reads it. */
async function readPage(slug: string): Promise<StoredPage> {
  const query = `filters[slug][$eq]=${slug}&status=draft&locale=en&populate[blocks][populate]=*`;
  const { status, body } = await callStrapi<{ data: StoredPage[] }>(strapi(), 'GET', `/api/pages?${query}`);
  expect(status).toBe(200);
  expect(body.data).toHaveLength(1);
  return body.data[0]!;
}

/** A script's write of the whole zone, based on the revision it read (the generated guard checks it). */
async function writeBlocks(page: StoredPage, blocks: StoredBlock[]): Promise<void> {
  const { status, body } = await callStrapi(strapi(), 'PUT', `/api/pages/${page.documentId}?status=draft&locale=en`, {
    data: { revision: page.revision, blocks: withoutIds(blocks) },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

/**
 * Components as a script writes them back: without the ids Strapi gave them on read, and each
 * block's `__component` first (Strapi 5.54 refuses a block whose nested component comes before
 * it, docs/strapi-pages.md).
 */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value !== 'object' || value === null) return value;
  const { __component, ...rest } = value as Record<string, unknown>;
  const entries = Object.entries(rest)
    .filter(([key]) => key !== 'id')
    .map(([key, entry]) => [key, key === 'cmp_instance' ? entry : withoutIds(entry)]);
  return Object.fromEntries(__component === undefined ? entries : [['__component', __component], ...entries]);
}

async function openEditor(page: Page, pageId: string): Promise<void> {
  await page.goto(`${playground.editor}/?page=${pageId}`);
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
}

test('pages edited in the editor are Strapi documents; REST edits show after a reload; a conflict loses nothing', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openEditor(page, 'strapi-e2e');
  // Two variants inserted as a user does; the hero's title edited in its field.
  const hero = await page.evaluate(() => window.playground!.insert('hero1'));
  await page.evaluate(() => window.playground!.insert('counter1'));
  await page.locator(`[data-instance-id="${hero}"]`).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Stored in Strapi');
  await page.evaluate(() => window.playground!.saved());

  // Any REST client reads a normal page with its blocks.
  let stored = await readPage('strapi-e2e');
  expect(stored.blocks.map((block) => block.__component)).toEqual(['hero.hero1', 'interactive.counter1']);
  expect(stored.blocks[0]).toMatchObject({
    cmp_variant: 'hero1',
    title: 'Stored in Strapi',
    cmp_instance: { id: hero },
  });

  // The reload shows what was saved.
  await page.reload();
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
  await expect(page.locator(`[data-instance-id="${hero}"] h1`)).toHaveText('Stored in Strapi');

  // A script changes the title through REST; the editor shows it after a reload.
  await writeBlocks(stored, [{ ...stored.blocks[0]!, title: 'Changed through REST' }, stored.blocks[1]!]);
  await page.reload();
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
  await expect(page.locator(`[data-instance-id="${hero}"] h1`)).toHaveText('Changed through REST');

  // Another write lands while the editor holds its copy: the editor's next save is refused by
  // Strapi, the choice is shown, and nothing is overwritten until the user picks.
  stored = await readPage('strapi-e2e');
  await writeBlocks(stored, [{ ...stored.blocks[0]!, subtitle: 'A script was here' }, stored.blocks[1]!]);
  await page.locator(`[data-instance-id="${hero}"]`).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('The editor’s title');
  const conflict = page.getByTestId('changed-elsewhere');
  await expect(conflict).toBeVisible();
  await expect(conflict).toHaveAttribute('data-unsaved-edits', 'true');
  const meanwhile = await readPage('strapi-e2e');
  expect(meanwhile.blocks[0]).toMatchObject({ title: 'Changed through REST', subtitle: 'A script was here' });
  expect(meanwhile.revision).toBe(stored.revision + 1);
  // The editor's edits are still on its canvas; keeping them stores them over the script's write.
  await expect(page.locator(`[data-instance-id="${hero}"] h1`)).toHaveText('The editor’s title');
  await page.getByTestId('keep-mine').click();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  const kept = await readPage('strapi-e2e');
  expect(kept.blocks[0]).toMatchObject({ title: 'The editor’s title' });
  expect(kept.revision).toBe(meanwhile.revision + 1);

  // The image field lists Strapi's media library; the picked file is the prop's {id, url}.
  // Uploaded to Strapi's media library as an editor's colleague does (`POST /api/upload`).
  const file = await uploadFile(strapi(), 'library-pixel.png', onePixelPng(), 'image/png');
  await page.locator(`[data-instance-id="${hero}"]`).click();
  await pickFromMediaLibrary(page, 'library-pixel.png', 'library');
  await page.evaluate(() => window.playground!.saved());
  await expect(page.locator(`[data-instance-id="${hero}"] img`)).toHaveAttribute('src', file.url);
  const withImage = await readPage('strapi-e2e');
  expect(withImage.blocks[0]).toMatchObject({ image: { id: file.id, url: file.url } });
});

test('a variant published after the Strapi app was generated is listed but refused on a Strapi page, with the reason', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A publisher scaffolds, builds and publishes hero2 into the running playground; the Strapi app
  // was generated before, so its page collection's zone does not list hero.hero2.
  const root = await copyExampleSchemaPackage();
  try {
    for (const args of [
      ['generate:schemas'],
      ['generate:types'],
      ['scaffold', '--category', 'hero'],
      ['build', 'hero2'],
    ]) {
      const run = await runCatalogSchema(root, args);
      expect(run.code, run.output).toBe(0);
    }
    await openEditor(page, 'strapi-accepts');
    const urls = await page.evaluate(() => window.playground!.urls);
    const published = await runCatalogSchema(root, ['publish', 'hero2'], {
      format: 'text',
      env: {
        HOST_APP_URL: urls.host,
        HOST_REVALIDATION_SECRET: 'dev-revalidation-secret',
        CATALOG_ARTIFACTS_STORE: join(playground.stateDir, 'artifacts'),
        ARTIFACTS_ORIGIN: urls.artifactsOrigin,
        CATALOG_ESM_STORE: join(playground.stateDir, 'esm'),
        ESM_ORIGIN: urls.esmOrigin,
      },
    });
    expect(published.code, published.output).toBe(0);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  await page.reload();
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
  const reason =
    'api::page.page does not accept hero2: its blocks zone holds hero.hero1, cards.cards1, form.form1, interactive.counter1, content.features1, content.callout1, navigation.cta1';
  const refused = page.locator('[data-package-id="hero2"][data-insert-refused]');
  await expect(refused).toHaveCount(1);
  await expect(refused).toHaveAttribute('data-insert-refused', reason);
  await expect(refused).toContainText(reason);
  const error = await page.evaluate(() =>
    window.playground!.insert('hero2').then(
      () => 'inserted',
      (failure: Error & { code?: string }) => `${failure.code}: ${failure.message}`,
    ),
  );
  expect(error).toBe(`store-unmappable: hero2 cannot be inserted here: ${reason}`);
  // Nothing reached Strapi: the page was never saved.
  const { body } = await callStrapi<{ data: unknown[] }>(
    strapi(),
    'GET',
    '/api/pages?filters[slug][$eq]=strapi-accepts&status=draft&locale=en',
  );
  expect(body.data).toEqual([]);
});
