import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  artifactUrl,
  type Catalog,
  DEFAULT_EXTERNALS,
  HOST_ROUTES,
  moduleUrl,
} from '@runtime-component-catalog/contracts';
import { createHostApp } from '../host/host-app.js';
import { closeServer, listen, serverUrl, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { startEsmOrigin } from '../testing/origins/esm-origin.js';
import { type CliReport, copyExampleSchemaPackage, runCatalogSchema } from './support/catalog-schema-cli.js';
import { esmShFiles } from './support/esm-sh-files.js';
import { openScenario } from './support/scenario.js';

// The publisher chain with no manual edit (spec 4.4). A copy of examples/schema-package
// goes through the built CLI, then the module `build` wrote is served as esm.sh serves it and
// rendered by the scenario page through this test's own host (`?host=`), in Chromium.

const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

test('a scaffolded variant goes through the chain unedited, and its built module renders through the host', async ({
  context,
}) => {
  // Eleven CLI processes (build: eight variants) and a compile: about 12 s idle, 35 s at load 8 and
  // 70 s at load 15 on 2 cores.
  test.setTimeout(180_000);
  // Origins and host first, empty: esbuild-wasm warms up while the chain runs.
  const esm = await startEsmOrigin();
  cleanups.push(() => esm.close());
  const origin = await startArtifactsOrigin();
  cleanups.push(() => origin.close());
  const app = createHostApp(
    { catalogSource: `${origin.url}/catalog.json`, artifactsOrigin: origin.url, esmOrigin: `${esm.url}/esm` },
    { warmUpCompiler: true },
  );
  const hostServer = await listen(app, 0);
  cleanups.push(() => closeServer(hostServer));
  const hostUrl = serverUrl(hostServer);

  const root = await copyExampleSchemaPackage();
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const cli = async (...args: string[]): Promise<CliReport> => {
    const run = await runCatalogSchema(root, args);
    expect(run.code, run.output).toBe(0);
    expect(run.report?.ok, run.output).toBe(true);
    return run.report!;
  };

  // scaffold takes its categories from generate:types's categories.json (scaffold-categories-missing
  // without it), which a fresh copy does not have: the chain's first steps run once before it.
  await cli('generate:schemas');
  await cli('generate:types');
  const scaffold = await cli('scaffold', '--category', 'hero');
  // The example has hero1: the next free number is 2.
  expect(scaffold).toMatchObject({ variant: 'hero2', package: '@acme/ui-hero2' });
  const variant = scaffold.variant!;

  // The chain, with nothing touched between steps.
  for (const step of ['lock:components', 'generate:schemas', 'generate:types', 'registry:strapi', 'registry:global']) {
    await cli(step);
  }
  // Every variant package: the example's seven (the playground's catalog) and the new one.
  const build = await cli('build');
  await cli('validate');
  // Every generated output is what the sources give: no step left one to fix by hand.
  await cli('generate', '--check');

  expect(build.variants!.map((built) => [built.variant, built.client])).toEqual([
    ['callout1', false],
    ['cards1', false],
    ['counter1', true],
    ['cta1', true],
    ['features1', false],
    ['form1', true],
    ['hero1', false],
    [variant, false],
  ]);
  const { package: name, version, client } = build.variants!.find((built) => built.variant === variant)!;
  const pkg = { package: name, version };
  const packageDir = join(root, 'packages', `ui-${variant}`);
  const data = await readJson<Record<string, unknown>>(join(packageDir, 'data.json'));
  const registry = await readJson<{ components: Record<string, { title: string; category: string; props: unknown }> }>(
    join(root, 'generated/registries/global.json'),
  );
  const registered = registry.components[`hero:${variant}`]!;
  // The builder's registry and the variant package agree on the defaults.
  expect(data).toEqual(registered.props);

  // The publish: build's esm.sh files on the ESM origin as written, the variant's artifacts on
  // the object store (paths of spec 2.3), and a catalog naming the variant as global.json does.
  const files = await esmShFiles(join(packageDir, 'dist'), pkg, '/esm');
  expect(files.size).toBeGreaterThanOrEqual(2);
  for (const [path, text] of files) {
    // What build reported is what every served file says: `"use client";` first exactly for a client component.
    expect(text.startsWith('"use client";'), path).toBe(client);
    esm.set(path, text);
  }
  for (const artifact of ['data.json', 'meta.json', 'puck.json'] as const) {
    origin.put(artifactUrl('', pkg, artifact), await readFile(join(packageDir, artifact), 'utf8'));
  }
  const catalog: Catalog = {
    defaultExternals: [...DEFAULT_EXTERNALS],
    packages: [{ id: variant, label: registered.title, package: name, version, category: registered.category }],
  };
  origin.put('/catalog.json', catalog);

  const page = await openScenario(context, 'authoring-chain', `&host=${encodeURIComponent(hostUrl)}`);
  const compiled = page.waitForResponse(
    (response) =>
      response.url().startsWith(`${hostUrl}${HOST_ROUTES.remoteComponent}?`) && response.request().method() === 'GET',
  );
  const instance = await page.evaluate((id) => window.scenario.insert(id), variant);
  const response = await compiled;
  expect(response.status()).toBe(200);
  // The module the browser imported says the same: the host's compile keeps the entry's directive.
  expect((await response.text()).startsWith('"use client";')).toBe(client);
  expect(new URL(response.url()).searchParams.get('url')).toBe(moduleUrl(`${esm.url}/esm`, pkg, DEFAULT_EXTERNALS));
  expect(instance.props).toEqual(data);

  const rendered = page.locator(`[data-instance-id="${instance.id}"]`);
  await expect(rendered.locator(`section[data-variant="${data.cmp_variant}"]`)).toHaveCount(1);
  await expect(rendered.getByRole('heading', { name: String(data.title) })).toBeVisible();
  // The host compiled exactly the files build wrote: each was fetched from the ESM origin.
  for (const path of files.keys()) expect(esm.requests(path), path).toBeGreaterThan(0);
});
