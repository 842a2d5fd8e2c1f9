import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Catalog } from '@runtime-component-catalog/contracts';
import type { Hono } from 'hono';
import { MemoryCacheStore } from '../../host/cache/memory-cache-store.js';
import { createHostApp } from '../../host/host-app.js';
import type { HostAppConfig } from '../../host/host-config.js';
import {
  DEFAULT_REMOTE_COMPILER,
  DEFAULT_REMOTE_COMPILER_ENGINE,
  HOST_CONFIG_DEFAULTS,
} from '../../host/host-config.js';
import { type Logger, messageOf } from '../../host/logger.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../origins/artifacts-origin.js';
import { sampleCatalog } from '../origins/sample-packages.js';

/** The secret every fixture host is configured with. */
export const TEST_SECRET = 'test-secret-0123456789';

/** A host app in-process (`app.request`) in front of a real origin on 127.0.0.1. */
export interface HostFixture {
  readonly app: Hono;
  readonly origin: ArtifactsOrigin;
  readonly catalog: Catalog;
  readonly store: MemoryCacheStore;
  readonly logLines: string[];
  /** Rewrites the catalog file that the host reads. */
  writeCatalog(catalog: Catalog): Promise<void>;
  /** `POST /api/revalidate` with the secret (or `secret`) and `body` (serialised unless a string). */
  revalidate(body: unknown, secret?: string | null): Promise<Response>;
  close(): Promise<void>;
}

/** Test-only: test files of host/ build their host and origin with this. */
export async function startHostFixture(
  options: {
    packages?: number;
    config?: Partial<HostAppConfig>;
    delayMs?: number;
    /** Serve the catalog from the origin at `/catalog.json` instead of a file. */
    catalogOverHttp?: boolean;
  } = {},
): Promise<HostFixture> {
  const { catalog, objects } = sampleCatalog(options.packages ?? 3);
  const origin = await startArtifactsOrigin({ objects, ...(options.delayMs ? { delayMs: options.delayMs } : {}) });
  const folder = await mkdtemp(join(tmpdir(), 'host-fixture-'));
  const catalogFile = join(folder, 'catalog.json');
  const writeCatalog = async (next: Catalog) => {
    if (options.catalogOverHttp) origin.put('/catalog.json', next);
    else await writeFile(catalogFile, JSON.stringify(next));
  };
  await writeCatalog(catalog);
  const logLines: string[] = [];
  const logger: Logger = {
    info: (fieldsOrMessage, message) => logLines.push(messageOf(fieldsOrMessage, message)),
    warn: (fieldsOrMessage, message) => logLines.push(messageOf(fieldsOrMessage, message)),
    error: (fieldsOrMessage, message) => logLines.push(messageOf(fieldsOrMessage, message)),
  };
  const store = new MemoryCacheStore({ maxBytes: HOST_CONFIG_DEFAULTS.cacheMaxBytes });
  const app = createHostApp(
    fixtureConfig(options.catalogOverHttp ? `${origin.url}/catalog.json` : catalogFile, origin.url, options.config),
    { store, logger },
  );
  return {
    app,
    origin,
    catalog,
    store,
    logLines,
    writeCatalog,
    revalidate: async (body, secret = TEST_SECRET) =>
      app.request('/api/revalidate', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret === null ? {} : { 'x-revalidation-secret': secret }),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close: async () => {
      await origin.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Test-only: the configuration of a fixture host (the defaults, the test secret, no ESM origin). */
export function fixtureConfig(
  catalogSource: string,
  artifactsOrigin: string,
  overrides: Partial<HostAppConfig> = {},
): HostAppConfig {
  return {
    catalogSource,
    artifactsOrigin,
    esmOrigin: 'http://127.0.0.1:9/esm',
    revalidationSecret: TEST_SECRET,
    hostApiVersion: '1.0.0',
    fetchTimeoutMs: HOST_CONFIG_DEFAULTS.fetchTimeoutMs,
    maxUpstreamBytes: HOST_CONFIG_DEFAULTS.maxUpstreamBytes,
    cacheMaxBytes: HOST_CONFIG_DEFAULTS.cacheMaxBytes,
    upstreamConcurrency: HOST_CONFIG_DEFAULTS.upstreamConcurrency,
    remoteCompiler: DEFAULT_REMOTE_COMPILER,
    remoteCompilerEngine: DEFAULT_REMOTE_COMPILER_ENGINE,
    compileQuotaConcurrency: HOST_CONFIG_DEFAULTS.compileQuotaConcurrency,
    compileQuotaPerMinute: HOST_CONFIG_DEFAULTS.compileQuotaPerMinute,
    trustedProxies: undefined,
    ...overrides,
  };
}

/** Test-only: a JSON body typed as the caller expects (the routes' contracts are tested on it). */
export async function jsonOf<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
