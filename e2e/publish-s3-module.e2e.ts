import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_EXTERNALS, HOST_ROUTES, moduleUrl } from '@runtime-component-catalog/contracts';
import { createHostApp } from '../host/host-app.js';
import { closeServer, listen, serverUrl } from '../testing/origins/artifacts-origin.js';
import { startS3rver } from '../testing/s3/s3rver.js';
import { copyExampleSchemaPackage, runCatalogSchema } from './support/catalog-schema-cli.js';
import { openScenario } from './support/scenario.js';

// Modules from a plain bucket: `catalog-schema publish` puts a variant's module and artifacts on S3
// (s3rver, both stores `s3://…`), and a host whose ESM_ORIGIN and artifacts origin are the bucket
// URLs, with no rewrite rule anywhere, compiles the module from the bucket; the scenario page
// renders it in Chromium (`?host=`). docs/authoring-publish.md "Serving the ESM store".

const SECRET = 'publish-s3-module-secret';
/** The variant scaffolded in the copy (the example has hero1: the next is hero2). */
const VARIANT = 'hero2';
const pkg = { package: '@acme/ui-hero2', version: '0.1.0' };

const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The part of `publish --format json` this test reads. */
interface PublishReport {
  readonly ok: boolean;
  readonly variants: readonly { variant: string; sri: string; uploaded: string[]; revalidated: string[] }[];
}

test('a variant published to S3 is compiled by the host from the bucket URL and renders', async ({ context }) => {
  // Four CLI processes (publish builds in memory) and a compile: about 8 s idle, 35 s at load 8 on 2 cores.
  test.setTimeout(120_000);
  const s3 = await startS3rver(['artifacts', 'esm']);
  cleanups.push(() => s3.close());
  const esmOrigin = `${s3.endpoint}/esm`;
  const artifactsOrigin = `${s3.endpoint}/artifacts`;
  const app = createHostApp(
    { catalogSource: `${artifactsOrigin}/catalog.json`, artifactsOrigin, esmOrigin, revalidationSecret: SECRET },
    { warmUpCompiler: true },
  );
  const hostServer = await listen(app, 0);
  cleanups.push(() => closeServer(hostServer));
  const hostUrl = serverUrl(hostServer);

  // A new variant, scaffolded as a publisher does (scaffold reads the categories generate:types
  // writes), then published with every setting from the environment.
  const root = await copyExampleSchemaPackage();
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  for (const args of [['generate:schemas'], ['generate:types'], ['scaffold', '--category', 'hero']]) {
    const step = await runCatalogSchema(root, args);
    expect(step.code, step.output).toBe(0);
  }
  const run = await runCatalogSchema(root, ['publish', VARIANT], {
    env: {
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      CATALOG_S3_ENDPOINT: s3.endpoint,
      CATALOG_ESM_STORE: 's3://esm',
      CATALOG_ARTIFACTS_STORE: 's3://artifacts',
      ESM_ORIGIN: esmOrigin,
      ARTIFACTS_ORIGIN: artifactsOrigin,
      HOST_APP_URL: hostUrl,
      HOST_REVALIDATION_SECRET: SECRET,
    },
  });
  expect(run.code, run.output).toBe(0);
  const report = JSON.parse(run.stdout) as PublishReport;
  expect(report.ok).toBe(true);
  const [published] = report.variants;
  // The build, then the stub at the module URL's own path: no `.mjs` key in a bucket.
  expect(published?.uploaded.slice(0, 2)).toEqual([
    'esm:@acme/ui-hero2@0.1.0/es2022/ui-hero2.mjs',
    'esm:@acme/ui-hero2@0.1.0',
  ]);
  expect(published?.revalidated).toEqual(['package']);

  // The bucket serves the module URL, query string and all, as the stub publish read its SRI from.
  const url = moduleUrl(esmOrigin, pkg, DEFAULT_EXTERNALS);
  const stub = await fetch(url);
  expect(stub.status).toBe(200);
  expect(stub.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(stub.headers.get('cache-control')).toBe('no-cache');
  expect(await stub.text()).toBe(
    [
      '/* esm.sh - @acme/ui-hero2@0.1.0 */',
      'export * from "./ui-hero2@0.1.0/es2022/ui-hero2.mjs";',
      'export { default } from "./ui-hero2@0.1.0/es2022/ui-hero2.mjs";',
      '',
    ].join('\n'),
  );

  // The editor's page inserts the variant: the host compiles the module from the bucket.
  const dataPath = join(root, `packages/ui-${VARIANT}/data.json`);
  const data = JSON.parse(await readFile(dataPath, 'utf8')) as Record<string, unknown>;
  const page = await openScenario(context, 'publish-s3-module', `&host=${encodeURIComponent(hostUrl)}`);
  const compiled = page.waitForResponse(
    (response) =>
      response.url().startsWith(`${hostUrl}${HOST_ROUTES.remoteComponent}?`) && response.request().method() === 'GET',
  );
  const before = s3.requests().length;
  const instance = await page.evaluate((id) => window.scenario.insert(id), VARIANT);
  const response = await compiled;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).searchParams.get('url')).toBe(url);
  expect(new URL(response.url()).searchParams.get('integrity')).toBe(published?.sri);
  expect(instance.props).toEqual(data);
  const rendered = page.locator(`[data-instance-id="${instance.id}"]`);
  await expect(rendered.locator(`section[data-variant="${data.cmp_variant}"]`)).toHaveCount(1);
  await expect(rendered.getByRole('heading', { name: String(data.title) })).toBeVisible();
  // What the host read from the esm bucket: the stub at the module URL, then the build it imports.
  expect(
    s3
      .requests()
      .slice(before)
      .filter((line) => line.startsWith('GET /esm/')),
  ).toEqual([
    `GET ${new URL(url).pathname}${new URL(url).search}`,
    'GET /esm/@acme/ui-hero2@0.1.0/es2022/ui-hero2.mjs',
  ]);
});
