import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REVALIDATION_SECRET_HEADER } from '@runtime-component-catalog/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHostProcess } from '../testing/host/host-process.js';
import { prometheusSamples, prometheusTypes } from '../testing/host/prometheus-text.js';
import { type RedisServer, startRedisServer } from '../testing/host/redis-server.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { type EsmOrigin, startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';

// docs/design.md "Operations (production)" and docs/host-metrics.md "Metrics", on a real
// `catalog-host` process (host/dist/main.js): every number checked against the requests this test
// made and the requests its origins received.

const exampleArtifacts = fileURLToPath(new URL('../examples/artifacts', import.meta.url));
const exampleCatalog = `${exampleArtifacts}/catalog.json`;
/** esbuild-wasm starts on the first compile (REMOTE_COMPILER=lazy): seconds on a loaded machine. */
const COMPILE_MS = 60_000;
/** How long the host may take to notice Redis going away (reconnection back-off 2 s at most). */
const REDIS_NOTICE_MS = 30_000;

const children: ChildProcess[] = [];
let origin: ArtifactsOrigin | undefined;
let esm: EsmOrigin | undefined;
let redis: RedisServer | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await origin?.close();
  await esm?.close();
  await redis?.stop();
  origin = undefined;
  esm = undefined;
  redis = undefined;
});

function startHost(env: Record<string, string>) {
  return startHostProcess({ PORT: '0', REVALIDATION_SECRET: 's', ...env }, (child) => children.push(child));
}

async function scrape(url: string): Promise<{ samples: Map<string, number>; types: Map<string, string> }> {
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const text = await answer.text();
  return { samples: prometheusSamples(text), types: prometheusTypes(text) };
}

/** The samples whose key starts with `prefix`, without it. */
function family(samples: Map<string, number>, name: string): Record<string, number> {
  return Object.fromEntries(
    [...samples]
      .filter(([key]) => key === name || key.startsWith(`${name}{`))
      .map(([key, value]) => [key.slice(name.length), value]),
  );
}

const revalidate = (url: string, secret: string, body: unknown) =>
  fetch(`${url}/api/revalidate`, {
    method: 'POST',
    headers: { [REVALIDATION_SECRET_HEADER]: secret, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('catalog-host metrics (METRICS=on, the default)', () => {
  it(
    'counts answers by route and status, cache hits and misses by kind, origin fetches, revalidations and compiles',
    async () => {
      origin = await startArtifactsOrigin({ root: exampleArtifacts });
      esm = await startEsmOrigin(sampleEsmModules('/esm'));
      const host = startHost({
        CATALOG_SOURCE: `${origin.url}/catalog.json`,
        ARTIFACTS_ORIGIN: origin.url,
        ESM_ORIGIN: `${esm.url}/esm`,
      });
      const url = await host.listening;

      // Before any request: the families are there, with no series of requests yet.
      const empty = await scrape(`${url}/metrics`);
      expect(empty.types.get('catalog_host_http_request_duration_seconds')).toBe('histogram');
      expect(empty.types.get('catalog_host_http_requests_total')).toBe('counter');
      expect(empty.types.get('catalog_host_cache_hits_total')).toBe('counter');
      expect(empty.types.get('catalog_host_origin_fetch_duration_seconds')).toBe('histogram');
      expect(empty.types.get('catalog_host_compile_duration_seconds')).toBe('histogram');
      expect(empty.types.get('catalog_host_ready')).toBe('gauge');
      expect(family(empty.samples, 'catalog_host_http_requests_total')).toEqual({});
      expect(family(empty.samples, 'catalog_host_ready')).toEqual({ '': 1 });
      // No Redis: its gauges are not listed at all.
      expect(family(empty.samples, 'catalog_host_redis_connected')).toEqual({});
      expect(family(empty.samples, 'catalog_host_bus_listening')).toEqual({});
      // prom-client's process defaults.
      expect(empty.samples.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(empty.samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

      // One cold entry, two warm ones, an unknown id, the whole catalog, one artifact.
      for (let round = 0; round < 3; round += 1)
        expect((await fetch(`${url}/api/runtime-catalog/hero1`)).status).toBe(200);
      expect((await fetch(`${url}/api/runtime-catalog/nope`)).status).toBe(404);
      expect((await fetch(`${url}/api/runtime-catalog`)).status).toBe(200);
      expect((await fetch(`${url}/api/runtime-catalog/hero1/data.json`)).status).toBe(200);
      expect((await fetch(`${url}/api/runtime-catalog/hero1/other.json`)).status).toBe(400);
      expect((await fetch(`${url}/nowhere/at/all?x=1`)).status).toBe(404);
      // A compile, and the same module again from the cache.
      const moduleUrl = `${esm.url}/esm/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022`;
      const compilePath = `${url}/api/remote-component?url=${encodeURIComponent(moduleUrl)}`;
      const compiled = await fetch(compilePath, { signal: AbortSignal.timeout(COMPILE_MS) });
      expect(compiled.status).toBe(200);
      expect((await fetch(compilePath)).status).toBe(200);

      // Revalidations: a package, an artifact, a wrong secret, a body that is not JSON.
      expect((await revalidate(url, 's', { packageId: 'hero1' })).status).toBe(200);
      expect((await revalidate(url, 's', { packageId: 'hero1', artifact: 'meta.json' })).status).toBe(200);
      expect((await revalidate(url, 'wrong', { packageId: 'hero1' })).status).toBe(401);
      const notJson = await fetch(`${url}/api/revalidate`, {
        method: 'POST',
        headers: { [REVALIDATION_SECRET_HEADER]: 's' },
        body: '{',
      });
      expect(notJson.status).toBe(400);
      const { samples } = await scrape(`${url}/metrics`);
      const requests = family(samples, 'catalog_host_http_requests_total');
      expect(requests).toEqual({
        '{route="/metrics",status="200"}': 1,
        '{route="/api/runtime-catalog/:id",status="200"}': 3,
        '{route="/api/runtime-catalog/:id",status="404"}': 1,
        '{route="/api/runtime-catalog",status="200"}': 1,
        '{route="/api/runtime-catalog/:id/:artifact",status="200"}': 1,
        '{route="/api/runtime-catalog/:id/:artifact",status="400"}': 1,
        '{route="other",status="404"}': 1,
        '{route="/api/revalidate",status="200"}': 2,
        '{route="/api/revalidate",status="401"}': 1,
        '{route="/api/revalidate",status="400"}': 1,
        '{route="/api/remote-component",status="200"}': 2,
      });
      // The histogram agrees with the counter, and its buckets are cumulative.
      const durations = family(samples, 'catalog_host_http_request_duration_seconds_count');
      for (const [labels, count] of Object.entries(requests)) expect(durations[labels]).toBe(count);
      const entryBuckets = Object.entries(family(samples, 'catalog_host_http_request_duration_seconds_bucket'))
        .filter(([labels]) => labels.includes('route="/api/runtime-catalog/:id"') && labels.includes('status="200"'))
        .map(([, value]) => value);
      expect(entryBuckets.length).toBe(15); // 14 bounds and +Inf
      expect(entryBuckets.at(-1)).toBe(3);
      for (let index = 1; index < entryBuckets.length; index += 1)
        expect(entryBuckets[index]).toBeGreaterThanOrEqual(entryBuckets[index - 1]!);

      // Cache: the catalog source is loaded once (the first entry) and found by every later
      // request that reads it; hero1's entry is loaded once and found twice, and once more by the
      // whole catalog, which loads every other package's entry and their five artifacts each; the
      // artifact route finds data.json; the module is compiled once and found once. The 400 for an
      // invalid artifact name is refused before anything is looked up; the revalidations came last.
      const packages = (JSON.parse(readFileSync(exampleCatalog, 'utf8')) as { packages: unknown[] }).packages.length;
      expect(family(samples, 'catalog_host_cache_misses_total')).toEqual({
        '{kind="catalog"}': 1,
        '{kind="build"}': 1,
        '{kind="entry"}': packages,
        '{kind="artifact"}': 5 * packages,
        '{kind="module"}': 1,
      });
      expect(family(samples, 'catalog_host_cache_hits_total')).toEqual({
        // 2 warm entries, the 404, the build and each of its entries, the artifact route, 2 compiles
        '{kind="catalog"}': 2 + 1 + (1 + packages) + 1 + 2,
        '{kind="build"}': 0,
        '{kind="entry"}': 3,
        '{kind="artifact"}': 1,
        '{kind="module"}': 1,
      });

      // Origin fetches: exactly what the origins received, by purpose.
      const catalogFetches = origin.requests('/catalog.json');
      expect(catalogFetches).toBe(1);
      expect(family(samples, 'catalog_host_origin_fetches_total')).toMatchObject({
        '{origin="catalog",status_class="2xx"}': 1,
        '{origin="artifacts",status_class="2xx"}': origin.requests() - catalogFetches,
        '{origin="esm",status_class="2xx"}': esm.requests(),
        '{origin="esm",status_class="4xx"}': 0,
      });
      expect(family(samples, 'catalog_host_origin_fetch_duration_seconds_count')).toEqual({
        '{origin="catalog"}': 1,
        '{origin="artifacts"}': origin.requests() - catalogFetches,
        '{origin="esm"}': esm.requests(),
      });

      expect(family(samples, 'catalog_host_revalidations_total')).toEqual({
        '{kind="package",result="ok"}': 1,
        '{kind="artifact",result="ok"}': 1,
        '{kind="unknown",result="unauthorized"}': 1,
        '{kind="unknown",result="invalid"}': 1,
      });
      expect(family(samples, 'catalog_host_compile_duration_seconds_count')).toEqual({ '{result="ok"}': 1 });
      expect(samples.get('catalog_host_compiles_in_flight')).toBe(0);
      expect(samples.get('catalog_host_load_claim_waits_total')).toBe(0);
    },
    COMPILE_MS + 30_000,
  );

  it('METRICS_PORT serves them on their own port, and the main port answers 404; METRICS=off answers 404', async () => {
    const base = {
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
      ESM_ORIGIN: 'http://127.0.0.1:9',
      REMOTE_COMPILER: 'off',
    };
    const separate = startHost({ ...base, METRICS_PORT: '0' });
    const url = await separate.listening;
    const line = await separate.printed(/^metrics on http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const metricsUrl = line.slice('metrics on '.length);
    expect(new URL(metricsUrl).port).not.toBe(new URL(url).port);
    const onMain = await fetch(`${url}/metrics`);
    expect(onMain.status).toBe(404);
    expect(await onMain.json()).toEqual({ error: 'Not found', code: 'not-found' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const { samples } = await scrape(metricsUrl);
    // The main port's answers are counted, the metrics port's are not.
    expect(family(samples, 'catalog_host_http_requests_total')).toEqual({
      '{route="/metrics",status="404"}': 1,
      '{route="/healthz",status="200"}': 1,
    });
    const elsewhere = await fetch(new URL('/other', metricsUrl));
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ error: 'Not found', code: 'not-found' });
    const posted = await fetch(metricsUrl, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    separate.process.kill('SIGTERM');
    expect(await separate.exited).toBe(0);

    const off = startHost({ ...base, METRICS: 'off' });
    const offUrl = await off.listening;
    expect((await fetch(`${offUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${offUrl}/healthz`)).status).toBe(200);
  });

  it('refuses bad settings with one line and exit 1', async () => {
    const base = {
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
      ESM_ORIGIN: 'http://127.0.0.1:9',
    };
    const cases: [Record<string, string>, string][] = [
      [{ METRICS: 'yes' }, 'error: METRICS must be on or off, got "yes"'],
      [{ METRICS_PORT: 'x' }, 'error: METRICS_PORT must be an integer from 0 to 65535, got "x"'],
      [{ METRICS_PORT: '8790', PORT: '8790' }, 'error: METRICS_PORT must differ from PORT (8790)'],
      [{ METRICS: 'off', METRICS_PORT: '9100' }, 'error: METRICS_PORT is set while METRICS is off: unset one of them'],
    ];
    for (const [env, message] of cases) {
      const host = startHost({ ...base, ...env });
      expect(await host.exited).toBe(1);
      await host.closed;
      expect(host.output().stderr.trim()).toBe(message);
    }
  });

  it(
    'with REDIS_URL: Redis connected, bus listening and the lease, then Redis gone (degraded, still ready)',
    async () => {
      redis = await startRedisServer();
      const host = startHost({
        CATALOG_SOURCE: exampleCatalog,
        ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
        ESM_ORIGIN: 'http://127.0.0.1:9',
        REDIS_URL: redis.url,
        REMOTE_COMPILER: 'off',
      });
      const url = await host.listening;
      const up = (await scrape(`${url}/metrics`)).samples;
      expect(up.get('catalog_host_redis_connected')).toBe(1);
      expect(up.get('catalog_host_bus_listening')).toBe(1);
      expect(up.get('catalog_host_ready')).toBe(1);
      expect(up.get('catalog_host_degraded')).toBe(0);
      expect([0, 1]).toContain(up.get('catalog_host_bus_lease_held'));

      await redis.stop();
      // Polled, as Prometheus does: the gauges change when the host's connections notice.
      await vi.waitFor(
        async () => {
          const down = (await scrape(`${url}/metrics`)).samples;
          expect(down.get('catalog_host_redis_connected')).toBe(0);
          // Degraded, not unready: reads go to the origins, and the balancer keeps the instance.
          expect(down.get('catalog_host_ready')).toBe(1);
          expect(down.get('catalog_host_degraded')).toBe(1);
        },
        { timeout: REDIS_NOTICE_MS, interval: 100 },
      );
    },
    REDIS_NOTICE_MS + 20_000,
  );
});
