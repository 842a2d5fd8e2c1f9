import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureConfig } from '../../testing/host/host-fixture.js';
import type { SharedCacheStore, StoreUnavailableReason } from '../cache/cache-store.js';
import { MemoryCacheStore } from '../cache/memory-cache-store.js';
import { createHostApp } from '../host-app.js';

// docs/design.md "Operations (production)": GET /readyz, 200 {"ready": true} (with `degraded` while the
// shared cache cannot be used), or 503 draining.

const catalogFile = fileURLToPath(new URL('../../examples/artifacts/catalog.json', import.meta.url));

/** An in-process store that reports readiness as a shared store does (`shared.unavailableReason`). */
class ReportingStore extends MemoryCacheStore {
  reason: StoreUnavailableReason | undefined;
  override readonly shared: SharedCacheStore = {
    unavailableReason: () => this.reason,
    busEpoch: () => 0,
    busStatus: () => ({ listening: true, leaseHeld: true }),
    claimLoad: async () => ({ held: true, release: async () => {} }),
  };
}

function readinessApp() {
  const store = new ReportingStore({ maxBytes: 1_000_000 });
  let draining = false;
  const app = createHostApp(fixtureConfig(catalogFile, 'http://127.0.0.1:9'), {
    store,
    draining: () => draining,
  });
  return { app, store, drain: () => (draining = true) };
}

describe('GET /readyz', () => {
  it('answers 200 {"ready": true}, never to be cached; HEAD likewise; other methods 405', async () => {
    const app = createHostApp(fixtureConfig(catalogFile, 'http://127.0.0.1:9'));
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ ready: true });
    const head = await app.request('/readyz', { method: 'HEAD' });
    expect([head.status, head.headers.get('cache-control'), await head.text()]).toEqual([200, 'no-store', '']);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const refused = await app.request('/readyz', { method });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD');
      expect(await refused.json()).toEqual({ error: 'Method not allowed', code: 'method-not-allowed' });
    }
  });

  it.each<StoreUnavailableReason>(['redis-disconnected', 'bus-not-listening', 'redis-failing'])(
    'answers 200 degraded while a shared store cannot be used (%s), asked again at every probe',
    async (reason) => {
      const { app, store } = readinessApp();
      store.reason = reason;
      const degraded = await app.request('/readyz');
      expect(degraded.status).toBe(200);
      expect(degraded.headers.get('cache-control')).toBe('no-store');
      expect(await degraded.json()).toEqual({ ready: true, degraded: 'redis-unavailable' });
      store.reason = undefined;
      expect(await (await app.request('/readyz')).json()).toEqual({ ready: true });
    },
  );

  it('answers 503 draining from the moment the process drains, before any reason of the store; /healthz stays 200', async () => {
    const { app, store, drain } = readinessApp();
    expect((await app.request('/readyz')).status).toBe(200);
    drain();
    const draining = await app.request('/readyz');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ ready: false, reason: 'draining' });
    store.reason = 'redis-disconnected';
    expect(await (await app.request('/readyz')).json()).toEqual({ ready: false, reason: 'draining' });
    const health = await app.request('/healthz');
    expect([health.status, await health.json()]).toEqual([
      200,
      { ok: true, bus: { listening: true, leaseHeld: true } },
    ]);
  });
});
