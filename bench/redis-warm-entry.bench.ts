import { spawnSync } from 'node:child_process';
import type { Hono } from 'hono';
import { startHostFixture } from '../testing/host/host-fixture.js';
import { REDIS_SERVER_BIN, startRedisServer } from '../testing/host/redis-server.js';
import { startSharedCacheHosts } from '../testing/host/shared-cache-hosts.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

const roundMs = Number(process.env.BENCH_REDIS_ROUND_MS ?? 1_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const concurrency = 32;

/** Warm `GET /api/runtime-catalog/<id>` answers per second, `concurrency` in flight, in-process (`app.request`). */
async function throughput(app: Hono, path: string): Promise<number> {
  let answered = 0;
  const until = performance.now() + roundMs;
  const worker = async () => {
    while (performance.now() < until) {
      const response = await app.request(path);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`bench: warm entry answered ${response.status}`);
      answered += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answered / ((performance.now() - started) / 1_000);
}

/**
 * The warm entry through the Redis store (one host instance, a real redis-server on 127.0.0.1)
 * against the same through the in-process store; in-process requests, so that the ratio is the
 * cost of the store alone. Under its bus lease the instance answers warm reads from memory
 * (docs/cache.md), so the target is ≥ 0.95. `BENCH_REDIS_PACKAGES` sets the catalog
 * size (default 3). Rounds alternate; the ratio is the median of the per-round ratios.
 */
export async function redisWarmEntry(): Promise<BenchRow> {
  const packages = Number(process.env.BENCH_REDIS_PACKAGES ?? 3);
  if (spawnSync(REDIS_SERVER_BIN, ['--version']).status !== 0) {
    // `npm test` installs it (scripts/run-tests.mjs); a bench run elsewhere reports the gap.
    return reportRow('warm entry, Redis store vs memory store', 'not measured: no redis-server on this machine');
  }
  const redis = await startRedisServer();
  const memory = await startHostFixture({ packages });
  const shared = await startSharedCacheHosts({ redisUrl: redis.url, prefix: 'bench:', count: 1, packages });
  try {
    const path = '/api/runtime-catalog/pkg0';
    const redisApp = shared.hosts[0]!.app;
    await throughput(memory.app, path); // fills both caches and warms the JIT
    await throughput(redisApp, path);
    const ratios: number[] = [];
    let redisTotal = 0;
    let memoryTotal = 0;
    for (let round = 0; round < rounds; round += 1) {
      const first = round % 2 === 0 ? redisApp : memory.app;
      const second = first === redisApp ? memory.app : redisApp;
      const a = await throughput(first, path);
      const b = await throughput(second, path);
      const [viaRedis, viaMemory] = first === redisApp ? [a, b] : [b, a];
      redisTotal += viaRedis;
      memoryTotal += viaMemory;
      ratios.push(viaRedis / viaMemory);
    }
    if (shared.origin.requests() !== 6) throw new Error(`bench: ${shared.origin.requests()} origin requests, not 6`);
    const row = reportRow(
      `warm entry, Redis store vs memory store (${packages} packages, in-process, ${concurrency} in flight, median of ${rounds})`,
      `${Math.round(redisTotal / rounds)} req/s Redis`,
      `${Math.round(memoryTotal / rounds)} req/s memory`,
      median(ratios),
    );
    return { ...row, target: '≥ 0.95', ok: row.ratio !== undefined && row.ratio >= 0.95 };
  } finally {
    await shared.close();
    await memory.close();
    await redis.stop();
  }
}
