import type { Catalog } from '@runtime-component-catalog/contracts';
import type { Hono } from 'hono';
import { RedisCacheStore } from '../../host/cache/redis-cache-store.js';
import { createHostApp } from '../../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../../host/host-config.js';
import type { Logger } from '../../host/logger.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../origins/artifacts-origin.js';
import { sampleCatalog } from '../origins/sample-packages.js';
import { fixtureConfig, TEST_SECRET } from './host-fixture.js';

/** One host instance of {@link startSharedCacheHosts}: its app and its own Redis store. */
export interface SharedCacheHost {
  readonly app: Hono;
  readonly store: RedisCacheStore;
  /** `POST /api/revalidate` with the test secret. */
  revalidate(body: unknown): Promise<Response>;
}

/** Several host instances that share one Redis (each with its own connections) and one origin. */
export interface SharedCacheHosts {
  readonly hosts: readonly SharedCacheHost[];
  readonly origin: ArtifactsOrigin;
  readonly catalog: Catalog;
  close(): Promise<void>;
}

/**
 * Test-only: `count` `createHostApp` instances, each with a RedisCacheStore on `redisUrl` under
 * `prefix`, in front of one real origin on 127.0.0.1 that also serves the catalog
 * (`/catalog.json`). Their loggers write to `logger` when given.
 */
export async function startSharedCacheHosts(options: {
  redisUrl: string;
  prefix: string;
  count?: number;
  packages?: number;
  logger?: Logger;
  /** Delay before every origin answer, in ms (the benchmark's 50 ms origin). */
  delayMs?: number;
}): Promise<SharedCacheHosts> {
  const { catalog, objects } = sampleCatalog(options.packages ?? 3);
  const origin = await startArtifactsOrigin({
    objects: { ...objects, '/catalog.json': catalog },
    ...(options.delayMs ? { delayMs: options.delayMs } : {}),
  });
  const hosts: SharedCacheHost[] = [];
  try {
    for (let index = 0; index < (options.count ?? 2); index += 1) {
      const store = new RedisCacheStore({
        url: options.redisUrl,
        prefix: options.prefix,
        maxBytes: HOST_CONFIG_DEFAULTS.cacheMaxBytes,
        ...(options.logger ? { logger: options.logger } : {}),
      });
      await store.connect();
      const app = createHostApp(fixtureConfig(`${origin.url}/catalog.json`, origin.url), {
        store,
        ...(options.logger ? { logger: options.logger } : {}),
      });
      hosts.push({
        app,
        store,
        revalidate: async (body) =>
          app.request('/api/revalidate', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-revalidation-secret': TEST_SECRET },
            body: JSON.stringify(body),
          }),
      });
    }
  } catch (error) {
    await Promise.all(hosts.map((host) => host.store.close()));
    await origin.close();
    throw error;
  }
  return {
    hosts,
    origin,
    catalog,
    close: async () => {
      await Promise.all(hosts.map((host) => host.store.close()));
      await origin.close();
    },
  };
}
