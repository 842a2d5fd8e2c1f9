import { type Catalog, type ErrorBody, remoteComponentPath } from '@runtime-component-catalog/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HostFixture, jsonOf, startHostFixture } from '../../testing/host/host-fixture.js';
import { type EsmOrigin, startEsmOrigin } from '../../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../../testing/origins/sample-esm-modules.js';
import type { TaggedCache } from '../cache/tagged-cache.js';
import type { RuntimeCatalog } from '../runtime-catalog.js';
import { CompileQuotas } from './compile-quotas.js';
import { warmUpCompiler } from './compiler-engines.js';
import { EsmUrlPolicy } from './esm-url-policy.js';
import type { RemoteCompiler } from './remote-compiler.js';
import { RemoteComponents, type RenderedModule } from './remote-components.js';
import { TooManyCompilesError } from './too-many-compiles-error.js';

// Which requests the compile quotas count (docs/compile-quotas.md): only those that compile.

const PREFIX = '/esm';
const GATED_PATH = `${PREFIX}/gated@1.0.0`;

let esm: EsmOrigin;
let host: HostFixture;
beforeAll(async () => {
  await warmUpCompiler();
});
beforeEach(async () => {
  esm = await startEsmOrigin(sampleEsmModules(PREFIX));
});
afterEach(async () => {
  await host.close();
  await esm.close();
});

/** A host whose clients may each have `concurrency` cold compiles in flight and start `perMinute` a minute. */
async function startHost(concurrency: number, perMinute: number): Promise<void> {
  host = await startHostFixture({
    packages: 1,
    config: {
      esmOrigin: `${esm.url}${PREFIX}`,
      compileQuotaConcurrency: concurrency,
      compileQuotaPerMinute: perMinute,
    },
  });
}

/** Sets a module whose fetch stays in flight until `open` is called. */
function gatedModule(): { readonly path: string; open(): void } {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  esm.set(GATED_PATH, { status: 200, body: 'export default 1;\n', gate });
  return { path: remoteComponentPath(`${esm.url}${GATED_PATH}`), open };
}

/** A distinct cold module each `variant` (the origin ignores the query; the cache key does not). */
const modulePath = (variant: string) =>
  remoteComponentPath(`${esm.url}${PREFIX}/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?v=${variant}`);
/** The request as @hono/node-server hands it over: with the peer address of its connection. */
const fromPeer = (address: string, path: string, method = 'GET') =>
  host.app.request(path, { method }, { incoming: { socket: { remoteAddress: address }, headers: {} } });

describe('remote components within the compile quotas', () => {
  it('refuses a cold compile past the compiles in flight, 429 with Retry-After 1, readable cross-origin', async () => {
    await startHost(1, 1_000);
    const gated = gatedModule();
    const inFlight = fromPeer('10.0.0.1', gated.path);
    await vi.waitFor(() => expect(esm.requests(GATED_PATH)).toBe(1));
    const refused = await fromPeer('10.0.0.1', modulePath('a'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('access-control-expose-headers')).toBe(
      'etag, x-request-id, x-remote-externals, x-host-api-version, retry-after',
    );
    expect(await jsonOf<ErrorBody>(refused)).toEqual({
      error: 'Too many compiles: at most 1 cold compile at once per client',
      code: 'too-many-compiles',
    });
    expect((await fromPeer('10.0.0.2', modulePath('a'))).status).toBe(200);
    gated.open();
    expect((await inFlight).status).toBe(200);
  });

  it('refuses a cold compile past the rate until its window ends; a cached module is answered past it', async () => {
    await startHost(1, 1);
    const started = performance.now();
    expect((await fromPeer('10.0.0.1', modulePath('a'))).status).toBe(200);
    const refused = await fromPeer('10.0.0.1', modulePath('b'));
    const elapsedSeconds = (performance.now() - started) / 1000;
    expect(refused.status).toBe(429);
    expect(await jsonOf<ErrorBody>(refused)).toEqual({
      error: 'Too many compiles: at most 1 cold compile a minute (1 every 60 s) per client',
      code: 'too-many-compiles',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(retryAfter).toBeGreaterThanOrEqual(60 - Math.ceil(elapsedSeconds));
    for (const method of ['GET', 'HEAD']) {
      expect((await fromPeer('10.0.0.1', modulePath('a'), method)).status).toBe(200);
    }
    expect((await fromPeer('10.0.0.2', modulePath('b'))).status).toBe(200);
  });

  it('a request that joins a compile under way takes no quota, whoever started it', async () => {
    await startHost(1, 1);
    const gated = gatedModule();
    // 10.0.0.2 spends its quota; 10.0.0.1's compile of the gated module stays in flight.
    expect((await fromPeer('10.0.0.2', modulePath('c'))).status).toBe(200);
    const started = fromPeer('10.0.0.1', gated.path);
    await vi.waitFor(() => expect(esm.requests(GATED_PATH)).toBe(1));
    const joined = fromPeer('10.0.0.2', gated.path);
    gated.open();
    expect([(await started).status, (await joined).status]).toEqual([200, 200]);
    expect(esm.requests(GATED_PATH)).toBe(1);
  });

  it('requests without a peer address (app.request) have no client: no quota counts them', async () => {
    await startHost(1, 1);
    const statuses = [];
    for (const variant of ['d', 'e', 'f']) statuses.push((await host.app.request(modulePath(variant))).status);
    expect(statuses).toEqual([200, 200, 200]);
  });
});

describe('RemoteComponents and a refusal it joined', () => {
  const catalog: Catalog = { defaultExternals: [], packages: [] };
  const rendered: RenderedModule = { body: 'export default 1;', etag: '"1"', externals: '' };

  /** A cache whose first lookup joins a compile that `refusedClient`'s quota refused. */
  function components(refusedClient: string, compile: () => Promise<unknown>): RemoteComponents {
    let lookups = 0;
    const cache = {
      getOrLoad: (_key: string, _tags: unknown, load: () => Promise<RenderedModule>) => {
        lookups += 1;
        if (lookups === 1) return Promise.reject(new TooManyCompilesError(refusedClient, 'rate', '1 cold compile', 1));
        return load();
      },
    };
    return new RemoteComponents({
      cache: cache as unknown as TaggedCache,
      compiler: { compile } as unknown as RemoteCompiler,
      policy: new EsmUrlPolicy('https://esm.example/esm'),
      runtimeCatalog: { catalog: async () => catalog } as unknown as RuntimeCatalog,
      esmOrigin: 'https://esm.example/esm',
      quotas: new CompileQuotas({ concurrency: 1, perMinute: 60 }),
    });
  }
  const query = `url=${encodeURIComponent('https://esm.example/esm/x@1.0.0')}`;
  const parameters = () => ({ url: 'https://esm.example/esm/x@1.0.0' });

  it("asks again after another client's refusal, and compiles within its own quota", async () => {
    const compile = vi.fn(async () => ({ code: rendered.body, externals: [] }));
    const answer = await components('10.0.0.1', compile).module(query, parameters, undefined, () => '10.0.0.2');
    expect(answer.body).toBe('export default 1;');
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('answers its own refusal as it is', async () => {
    const compile = vi.fn(async () => ({ code: rendered.body, externals: [] }));
    const asking = components('10.0.0.1', compile).module(query, parameters, undefined, () => '10.0.0.1');
    await expect(asking).rejects.toBeInstanceOf(TooManyCompilesError);
    expect(compile).not.toHaveBeenCalled();
  });
});
