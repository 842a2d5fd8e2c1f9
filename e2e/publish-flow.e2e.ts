import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type StagingRegistry, startStagingRegistry } from '../testing/registry/staging-registry.js';
import { copyExampleSchemaPackage, runCatalogSchema } from './support/catalog-schema-cli.js';
import {
  grown,
  insert,
  openPlayground,
  playgroundPublishEnv,
  playgroundStats,
  savedPage,
} from './support/playground.js';

// The publishing flow with real servers throughout. A publisher scaffolds a new variant in a copy
// of examples/schema-package (the package whose variants are the playground's catalog), builds it
// and releases its package to a staging registry (verdaccio, testing/registry/), then publishes it
// with `catalog-schema publish` into the running playground (`npm start`, started by the global
// setup: its host, its artifacts folder and origin, its ESM folder and origin); the host lists it
// beside the example's variants, and the editor lists it and inserts it in Chromium.
// An edit of data.json then publishes exactly one artifact with exactly one revalidate call: the
// next insert gets the new default, the first instance keeps its props. Last, the release is
// promoted to a production registry. It adds `hero2` to the shared playground's catalog: no
// playground-*.e2e.ts scenario expects it.

const VARIANT = 'hero2';
/** The playground's catalog before the publish: the variants of examples/schema-package. */
const EXAMPLE_VARIANTS = ['callout1', 'cards1', 'counter1', 'cta1', 'features1', 'form1', 'hero1'];
const PACKAGE = '@acme/ui-hero2';
const VERSION = '0.1.0';

const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `catalog-schema <args> --format json` in the schema package `root`; must exit 0. */
async function cli(root: string, ...args: string[]) {
  const run = await runCatalogSchema(root, args);
  expect(run.code, run.output).toBe(0);
  return run.report!;
}

/** The lines of `catalog-schema publish`'s output for `step` (`upload: …`, `revalidate: …`). */
const stepLines = (stdout: string, step: string) => stdout.split('\n').filter((line) => line.startsWith(`${step}:`));

/** The editor's component list item for `packageId` (instances on the canvas carry the attribute too). */
const listItem = (page: Page, packageId: string) =>
  page.locator(`[data-package-id="${packageId}"]:not([data-instance-id])`);

const heading = (page: Page, instanceId: string) =>
  page.locator(`[data-instance-id="${instanceId}"]`).getByRole('heading');

/**
 * A copy of examples/schema-package with a new variant, scaffolded and built as a publisher does:
 * `generate:schemas` (the compiled schema cache), `generate:types` (the categories scaffold reads),
 * `scaffold --category hero` (the example has hero1: the next is hero2), `build hero2`. Answers
 * the package root and the variant's folder.
 */
async function scaffoldAndBuild(): Promise<{ root: string; packageDir: string }> {
  const root = await copyExampleSchemaPackage();
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  await cli(root, 'generate:schemas');
  await cli(root, 'generate:types');
  expect(await cli(root, 'scaffold', '--category', 'hero')).toMatchObject({ variant: VARIANT, package: PACKAGE });
  const build = await cli(root, 'build', VARIANT);
  expect(build.variants).toMatchObject([{ variant: VARIANT, package: PACKAGE, version: VERSION }]);
  return { root, packageDir: join(root, 'packages', `ui-${VARIANT}`) };
}

/** The two npm registries of a release (spec 9.5), and the environment that names them to the CLI. */
interface Registries {
  readonly staging: StagingRegistry;
  readonly production: StagingRegistry;
  readonly env: Record<string, string>;
}

/** Two verdaccio registries on 127.0.0.1, stopped after the test. */
async function startRegistries(): Promise<Registries> {
  const [staging, production] = await Promise.all([startStagingRegistry(), startStagingRegistry()]);
  cleanups.push(() => Promise.all([staging.stop(), production.stop()]));
  return {
    staging,
    production,
    env: {
      CATALOG_STAGING_REGISTRY: staging.url,
      CATALOG_STAGING_TOKEN: staging.token,
      CATALOG_PRODUCTION_REGISTRY: production.url,
      CATALOG_PRODUCTION_TOKEN: production.token,
      npm_config_cache: staging.npmCache,
    },
  };
}

/** `catalog-schema release --staging hero2`: the built package on the staging registry, dist-tag `staging`. */
async function publishToStaging(root: string, registries: Registries): Promise<string> {
  const run = await runCatalogSchema(root, ['release', '--staging', VARIANT], { env: registries.env });
  expect(run.code, run.output).toBe(0);
  expect(run.report?.packages).toMatchObject([{ name: PACKAGE, version: VERSION, status: 'published' }]);
  const packument = await registries.staging.packument(PACKAGE);
  expect(packument?.['dist-tags']).toMatchObject({ staging: VERSION });
  return packument!.versions[VERSION]!.dist.integrity;
}

/** `catalog-schema promote @acme/ui-hero2@0.1.0`: the very tarball of staging on the production registry, as `latest`. */
async function promoteToProduction(root: string, registries: Registries, integrity: string): Promise<void> {
  const run = await runCatalogSchema(root, ['promote', `${PACKAGE}@${VERSION}`], { env: registries.env });
  expect(run.code, run.output).toBe(0);
  expect(run.report?.packages).toEqual([{ name: PACKAGE, version: VERSION, status: 'promoted', integrity }]);
  const packument = await registries.production.packument(PACKAGE);
  expect(packument?.['dist-tags']).toEqual({ latest: VERSION });
  expect(packument?.versions[VERSION]?.dist.integrity).toBe(integrity);
}

/**
 * `catalog-schema publish hero2` into the running playground, as a publisher runs it (text output,
 * the environment of docs/playground.md); must exit 0. Answers what it printed.
 */
async function publishToPlayground(root: string, page: Page): Promise<string> {
  const run = await runCatalogSchema(root, ['publish', VARIANT], {
    env: await playgroundPublishEnv(page),
    format: 'text',
  });
  expect(run.code, run.output).toBe(0);
  return run.stdout;
}

test('a scaffolded variant: released to staging, published into the running playground, one edited artifact published again, promoted to production', async ({
  context,
}) => {
  // Seven CLI processes (two with npm), two registries, two publishes and a compile: about 20 s
  // idle; 60 s at load 15 on 2 cores.
  test.setTimeout(180_000);
  const registries = await startRegistries();

  // 1. Scaffold a new variant, build it, and release it to staging.
  const { root, packageDir } = await scaffoldAndBuild();
  const integrity = await publishToStaging(root, registries);
  const data = JSON.parse(await readFile(join(packageDir, 'data.json'), 'utf8')) as Record<string, unknown>;

  // 2. Publish it: the module on the playground's ESM folder, the five artifacts and the catalog
  // on its artifacts folder, each verified through its origin, then one package revalidation.
  const page = await openPlayground(context, 'publish-flow');
  const { host, esmOrigin } = await page.evaluate(() => window.playground!.urls);
  expect((await fetch(`${host}/api/runtime-catalog/${VARIANT}`)).status).toBe(404); // a new variant
  const listed = async () =>
    ((await (await fetch(`${host}/api/runtime-catalog`)).json()) as { entries: { id: string }[] }).entries
      .map((entry) => entry.id)
      .sort();
  expect(await listed()).toEqual(EXAMPLE_VARIANTS);
  const first = await publishToPlayground(root, page);
  expect(stepLines(first, 'upload')).toHaveLength(6); // five artifacts and the catalog
  expect(stepLines(first, 'revalidate')).toEqual([`revalidate: package ${VARIANT} → 200 (runtime-package:${VARIANT})`]);

  // The host lists it beside the example's variants, and serves its entry, with the module on the
  // playground's ESM origin.
  expect(await listed()).toEqual([...EXAMPLE_VARIANTS, VARIANT].sort());
  const entry = await fetch(`${host}/api/runtime-catalog/${VARIANT}`);
  expect(entry.status).toBe(200);
  expect(await entry.json()).toMatchObject({
    id: VARIANT,
    package: PACKAGE,
    version: VERSION,
    module: { url: expect.stringMatching(`^${esmOrigin}/${PACKAGE}@${VERSION.replaceAll('.', '\\.')}\\?`) },
  });

  // The editor reads the catalog once, at load: after a reload it lists the variant and inserts it.
  await expect(listItem(page, VARIANT)).toHaveCount(0);
  await page.reload();
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
  await expect(listItem(page, VARIANT)).toHaveCount(1);
  const firstId = await insert(page, VARIANT);
  await expect(page.locator(`[data-instance-id="${firstId}"] section[data-variant="${VARIANT}"]`)).toHaveCount(1);
  await expect(heading(page, firstId)).toHaveText(String(data.title));

  // 3. Edit its data.json and publish: exactly one artifact uploaded, one revalidate call. (validate
  // checks meta.json's props against the schema, not against data.json: meta.json stays as it is.)
  const edited = { ...data, title: 'Hero 2, published again' };
  await writeFile(join(packageDir, 'data.json'), `${JSON.stringify(edited, null, 2)}\n`);
  const before = await playgroundStats();
  const second = await publishToPlayground(root, page);
  expect(stepLines(second, 'upload')).toEqual([
    expect.stringMatching(/^upload: @acme\/ui-hero2@0\.1\.0\/data\.json on folder .+ \(\d+ bytes\)$/),
  ]);
  expect(stepLines(second, 'revalidate')).toEqual([
    `revalidate: data.json → 200 (runtime-artifact:${VARIANT}:data.json)`,
  ]);

  // 4. The next insert gets the new default; the first instance keeps its props.
  const secondId = await insert(page, VARIANT);
  await expect(heading(page, secondId)).toHaveText(edited.title);
  await expect(heading(page, firstId)).toHaveText(String(data.title));
  // Of the variant's artifacts only data.json was read from the store again: by the publish's
  // verification, and by the host after the revalidation.
  const after = await playgroundStats();
  expect(
    Object.entries(grown(before.artifacts, after.artifacts)).filter(([path]) =>
      path.startsWith(`/${PACKAGE}@${VERSION}/`),
    ),
  ).toEqual([[`/${PACKAGE}@${VERSION}/data.json`, 2]]);
  await page.evaluate(() => window.playground!.saved());
  expect((await savedPage(page))?.content.map((instance) => [instance.id, instance.props])).toEqual([
    [firstId, data],
    [secondId, edited],
  ]);
  // After a reload too.
  await page.reload();
  await expect(heading(page, firstId)).toHaveText(String(data.title));
  await expect(heading(page, secondId)).toHaveText(edited.title);

  // 5. Promote the release to production.
  await promoteToProduction(root, registries, integrity);
});
