import type { Catalog } from '@runtime-component-catalog/contracts';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HostFixture, startHostFixture } from '../testing/host/host-fixture.js';
import { serveHost } from '../testing/host/served-host.js';
import { type EsmOrigin, startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';
import { failureOf } from '../testing/sdk/failure-of.js';
import { createCatalogClient } from './catalog-client.js';
import type { ComponentModule } from './component-loader.js';
import { runtimeRegistry } from './runtime-registry.js';
import { SdkError } from './sdk-error.js';

// Node cannot import() an http: URL; the browser tests use the real import(). Here the module is
// fetched for real from the host and evaluated from its text.
async function importOverHttp(url: string): Promise<ComponentModule> {
  const code = await (await fetch(url)).text();
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

let fixture: HostFixture;
let esm: EsmOrigin;
let host: { url: string; close(): Promise<void> };
let catalog: Catalog;

beforeEach(async () => {
  esm = await startEsmOrigin(sampleEsmModules('/esm'));
  fixture = await startHostFixture({ packages: 2, config: { esmOrigin: `${esm.url}/esm` } });
  catalog = {
    defaultExternals: ['react', 'react/jsx-runtime', '@acme/core'],
    packages: [
      ...fixture.catalog.packages,
      { id: 'counter1', label: 'Counter', category: 'interactive', ...SAMPLE_COMPONENT },
    ],
  };
  await fixture.writeCatalog(catalog);
  for (const name of ['descriptor.json', 'data.json', 'schema.json', 'puck.json', 'meta.json']) {
    fixture.origin.put(`/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}/${name}`, {
      ...(name === 'data.json' ? { label: 'clicks', start: 2, nested: { list: [1, 2] } } : {}),
      ...(name === 'descriptor.json' ? { hostApi: '>=1.0.0 <2.0.0' } : {}),
    });
  }
  host = await serveHost(fixture);
  const registry = runtimeRegistry();
  for (const key of Object.keys(registry)) delete registry[key];
});
afterEach(async () => {
  await host.close();
  await fixture.close();
  await esm.close();
});

const client = (extra: Partial<Parameters<typeof createCatalogClient>[0]> = {}) =>
  createCatalogClient({ hostUrl: host.url, catalog, importModule: importOverHttp, ...extra });
const hostRequests = () =>
  fixture.logLines.filter((line) => line.startsWith('GET ') || line.startsWith('HEAD ')).length;

describe('stage 1', () => {
  it('lists, groups, labels and resolves without a single request', async () => {
    const view = await client().loadCatalog();
    expect(view.packages.map((pkg) => pkg.id)).toEqual(['pkg0', 'pkg1', 'counter1']);
    expect(view.categories().map((group) => [group.category, group.packages.length])).toEqual([
      ['hero', 1],
      ['content', 1],
      ['interactive', 1],
    ]);
    expect(view.label('counter1')).toBe('Counter');
    expect(view.resolve('counter1')).toEqual(SAMPLE_COMPONENT);
    expect(view.defaultExternals).toEqual(['react', 'react/jsx-runtime', '@acme/core']);
    expect(() => view.label('nope')).toThrow(SdkError);
    expect(hostRequests()).toBe(0);
    expect(fixture.origin.requests()).toBe(0);
  });

  it('fetches a remote catalog and names its bad fields', async () => {
    fixture.origin.put('/lightweight.json', {
      ...catalog,
      packages: [
        { ...catalog.packages[0], previewImage: 'https://p/x.svg' },
        { ...catalog.packages[1], previewImage: 'previews/pkg1.svg' },
      ],
    });
    const view = await client({
      catalog: undefined,
      catalogUrl: `${fixture.origin.url}/lightweight.json`,
    }).loadCatalog();
    expect(view.previewImage('pkg0')).toBe('https://p/x.svg');
    // A relative preview URL resolves against the catalog's URL.
    expect(view.previewImage('pkg1')).toBe(`${fixture.origin.url}/previews/pkg1.svg`);
    expect(fixture.origin.requests()).toBe(1);
    fixture.origin.put('/bad.json', { defaultExternals: [], packages: [{ id: 'x' }] });
    const error = await client({ catalog: undefined, catalogUrl: `${fixture.origin.url}/bad.json` })
      .loadCatalog()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).code).toBe('invalid-catalog');
    expect((error as SdkError).message).toMatch(/^Invalid catalog: packages\[0\]\.label: is required/);
  });
});

describe('stage 2', () => {
  it('shares one request between concurrent getEntry calls for the same id', async () => {
    const sdk = client();
    const entries = await Promise.all(Array.from({ length: 10 }, () => sdk.getEntry('pkg0')));
    expect(new Set(entries.map((entry) => JSON.stringify(entry))).size).toBe(1);
    expect(hostRequests()).toBe(1);
    expect(entries[0]!.package).toBe('@acme/ui-pkg0');
  });

  it('gives PackageArtifacts with urls, and null for an artifact the origin lacks', async () => {
    fixture.origin.remove('/@acme/ui-pkg1@1.0.0/schema.json');
    const artifacts = await client().getArtifacts('pkg1');
    expect(artifacts.schema).toBeNull();
    expect(artifacts.data).toEqual({ title: 'Hello from pkg1', items: [{ label: 'one' }] });
    expect(artifacts.urls).toEqual({
      descriptor: `${fixture.origin.url}/@acme/ui-pkg1@1.0.0/descriptor.json`,
      data: `${fixture.origin.url}/@acme/ui-pkg1@1.0.0/data.json`,
      schema: `${fixture.origin.url}/@acme/ui-pkg1@1.0.0/schema.json`,
      puck: `${fixture.origin.url}/@acme/ui-pkg1@1.0.0/puck.json`,
      meta: `${fixture.origin.url}/@acme/ui-pkg1@1.0.0/meta.json`,
      module: expect.stringMatching(/\/esm\/@acme\/ui-pkg1@1\.0\.0\?target=es2022&external=/),
    });
  });

  it('fails with stable codes: unknown-package, host-error with status, network', async () => {
    const unknown = await failureOf(client().getEntry('nope'));
    expect([unknown.code, unknown.status, unknown.message]).toEqual(['unknown-package', 404, 'Unknown package: nope']);
    fixture.origin.fail('/@acme/ui-pkg0@1.0.0/meta.json', { status: 500 });
    const failed = await failureOf(client().getEntry('pkg0'));
    expect([failed.code, failed.status]).toEqual(['host-error', 502]);
    expect(failed.message).toBe(
      `GET ${host.url}/api/runtime-catalog/pkg0 failed: Failed to load meta.json for package pkg0: HTTP 500`,
    );
    const offline = await failureOf(client({ hostUrl: 'http://127.0.0.1:9' }).getEntry('pkg0'));
    expect(offline.code).toBe('network');
    expect(offline.cause).toBeInstanceOf(Error);
  });
});

describe('components and instances', () => {
  it('inserts: the component renders with the page React, props are a deep copy of data.json', async () => {
    const sdk = client({ runtime: { react: React, 'react/jsx-runtime': jsxRuntime, '@acme/core': { suffix: '?' } } });
    const first = await sdk.prepareInsert('counter1');
    expect(first.instance).toMatchObject({ packageId: 'counter1', ...SAMPLE_COMPONENT });
    expect(first.instance.props).toEqual({ label: 'clicks', start: 2, nested: { list: [1, 2] } });
    const Counter = first.module.default as React.FC<Record<string, unknown>>;
    expect(renderToString(React.createElement(Counter, first.instance.props))).toBe(
      '<button>CLICKS<!-- -->: <!-- -->2<!-- -->?</button>',
    );
    // Deep copy: editing one instance touches neither data.json nor another instance.
    (first.instance.props.nested as { list: number[] }).list.push(3);
    const second = await sdk.prepareInsert('counter1');
    expect(second.instance.props).toEqual({ label: 'clicks', start: 2, nested: { list: [1, 2] } });
    expect(second.instance.id).not.toBe(first.instance.id);
    expect(second.module).toBe(first.module);
  });

  it('prefetches what an insert needs when a drag starts; the next insert takes it once, reading nothing', async () => {
    const sdk = client({ runtime: { react: React, 'react/jsx-runtime': jsxRuntime, '@acme/core': { suffix: '?' } } });
    const hostLines = () =>
      fixture.logLines.filter((line) => / \/api\//.test(line)).map((line) => line.split(' ').slice(0, 2).join(' '));
    sdk.prefetchInsert('counter1');
    sdk.prefetchInsert('counter1'); // a second intent while the first is in flight loads nothing more
    const first = await sdk.prepareInsert('counter1');
    expect(first.instance.props).toEqual({ label: 'clicks', start: 2, nested: { list: [1, 2] } });
    const prefetched = hostLines();
    expect(prefetched.filter((line) => line.startsWith('GET /api/runtime-catalog/'))).toEqual([
      'GET /api/runtime-catalog/counter1',
      'GET /api/runtime-catalog/counter1/data.json',
    ]);
    // Taken once: the next insert reads the entry and data.json again (the host stays the truth).
    const second = await sdk.newInstance('counter1');
    expect(second.instance.props).toEqual(first.instance.props);
    expect(hostLines().slice(prefetched.length)).toEqual([
      'GET /api/runtime-catalog/counter1',
      'GET /api/runtime-catalog/counter1/data.json',
    ]);
  });

  it('forgets a failed prefetch: the insert loads and reports for itself', async () => {
    fixture.origin.fail(`/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}/data.json`, { status: 500 });
    const sdk = client();
    sdk.prefetchInsert('counter1');
    const failed = await failureOf(sdk.newInstance('counter1'));
    expect(failed.code).toBe('host-error');
    fixture.origin.fail(`/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}/data.json`, undefined);
    expect((await sdk.newInstance('counter1')).instance.props).toMatchObject({ label: 'clicks' });
  });

  it('gives {} as props when there is no data.json', async () => {
    fixture.origin.remove(`/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}/data.json`);
    const entry = await client().getEntry('counter1');
    expect((await client().createInstance(entry)).props).toEqual({});
    const made = await client().newInstance(entry);
    expect([made.entry, made.instance.props]).toEqual([entry, {}]);
  });

  it("renders a package with the first load of its component: one module cache, the loader's", async () => {
    const runtime = { react: React, 'react/jsx-runtime': jsxRuntime, '@acme/core': { suffix: '?' } };
    const sdk = client({ runtime });
    expect(sdk.peekPackageComponent('counter1')).toBeUndefined();
    const entry = await sdk.getEntry('counter1');
    const [read, given] = await Promise.all([
      sdk.loadPackageComponent('counter1'),
      sdk.loadPackageComponent('counter1', entry),
    ]);
    expect(given).toBe(read);
    expect(sdk.peekPackageComponent('counter1')).toBe(read);
    expect(await sdk.loadComponent(entry)).toBe(read);
    expect(fixture.logLines.filter((line) => line.startsWith('HEAD ')).length).toBe(1);
  });

  it('forgets the failed load of a package: the next one tries again', async () => {
    const sdk = client({ runtime: { react: React } });
    expect((await failureOf(sdk.loadPackageComponent('counter1'))).code).toBe('missing-external');
    expect(sdk.peekPackageComponent('counter1')).toBeUndefined();
    sdk.registerRuntime({ 'react/jsx-runtime': jsxRuntime, '@acme/core': { suffix: '?' } });
    const module = await sdk.loadPackageComponent('counter1');
    expect(sdk.peekPackageComponent('counter1')).toBe(module);
  });

  it('names every external the page did not register', async () => {
    const sdk = client({ runtime: { react: React } });
    const error = await failureOf(sdk.loadComponent(await sdk.getEntry('counter1')));
    expect(error.code).toBe('missing-external');
    expect(error.missing).toEqual(['@acme/core', 'react/jsx-runtime']);
    expect(error.message).toBe(
      'The component of counter1 needs modules the page did not register: @acme/core, react/jsx-runtime',
    );
  });

  it('refuses a component whose hostApi range excludes the host API version, naming both', async () => {
    const sdk = client({ hostApiVersion: '2.1.0', runtime: { react: React } });
    const error = await failureOf(sdk.loadComponent(await sdk.getEntry('counter1')));
    expect(error.code).toBe('incompatible-host-api');
    expect(error.message).toBe('The component of counter1 requires host API >=1.0.0 <2.0.0, but the host API is 2.1.0');
  });

  it('checks against the version the host names when the page sets none', async () => {
    await host.close();
    await fixture.close();
    fixture = await startHostFixture({ packages: 2, config: { esmOrigin: `${esm.url}/esm`, hostApiVersion: '3.0.0' } });
    await fixture.writeCatalog(catalog);
    fixture.origin.put(`/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}/descriptor.json`, {
      hostApi: '^1.0.0',
    });
    host = await serveHost(fixture);
    const sdk = client({ runtime: { react: React } });
    const error = await failureOf(sdk.loadComponent(await sdk.getEntry('counter1')));
    expect(error.message).toBe('The component of counter1 requires host API ^1.0.0, but the host API is 3.0.0');
  });

  it('reports an integrity mismatch with its own code', async () => {
    const sdk = client({ runtime: { react: React, 'react/jsx-runtime': jsxRuntime, '@acme/core': {} } });
    const entry = await sdk.getEntry('counter1');
    const error = await failureOf(sdk.loadComponent({ ...entry, module: { ...entry.module, sri: 'sha384-AAAA' } }));
    expect([error.code, error.status]).toEqual(['integrity', 502]);
  });
});
