import { spawnSync } from 'node:child_process';
import type { Hono } from 'hono';
import { startHostFixture } from '../testing/host/host-fixture.js';
import { REDIS_SERVER_BIN, startRedisServer } from '../testing/host/redis-server.js';
import { startSharedCacheHosts } from '../testing/host/shared-cache-hosts.js';
import { type BenchRow, reportRow } from './bench-row.js';

const samples = 40;
const delayMs = 50;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function coldEntryMs(app: Hono, index: number): Promise<number> {
  const started = performance.now();
  const response = await app.request(`/api/runtime-catalog/pkg${index}`);
  await response.text();
  if (response.status !== 200) throw new Error(`bench: cold entry answered ${response.status}`);
  return performance.now() - started;
}

/**
 * A cold entry through the Redis store (two instances on one redis-server, as in production)
 * against the in-process store, on the same 50 ms origin: samples taken in turns, one package
 * each, so that the machine's drift falls on both. Target: Redis / memory ≤ 1.05
 * (docs/cache-outages.md is about outages; this row is docs/cache.md "Measured").
 */
export async function coldEntryRedis(): Promise<BenchRow[]> {
  if (spawnSync(REDIS_SERVER_BIN, ['--version']).status !== 0) {
    return [reportRow('cold entry, Redis store vs memory store', 'not measured: no redis-server on this machine')];
  }
  const redis = await startRedisServer();
  const memory = await startHostFixture({ packages: samples, delayMs, catalogOverHttp: true });
  const shared = await startSharedCacheHosts({
    redisUrl: redis.url,
    prefix: 'bench-cold:',
    count: 2,
    packages: samples,
    delayMs,
  });
  try {
    const [withRedis] = shared.hosts;
    // The catalog itself is read once by each, before the cold entries.
    await memory.app.request('/api/runtime-catalog/nothing');
    await withRedis!.app.request('/api/runtime-catalog/nothing');
    const memoryTimes: number[] = [];
    const redisTimes: number[] = [];
    for (let index = 0; index < samples; index += 1) {
      memoryTimes.push(await coldEntryMs(memory.app, index));
      redisTimes.push(await coldEntryMs(withRedis!.app, index));
    }
    const memoryMs = median(memoryTimes);
    const redisMs = median(redisTimes);
    const ratio = redisMs / memoryMs;
    return [
      {
        name: `cold entry, Redis store (2 instances) vs memory store, ${delayMs} ms origin (median of ${samples})`,
        measured: `${redisMs.toFixed(1)} ms`,
        baseline: `memory store ${memoryMs.toFixed(1)} ms`,
        ratio,
        target: '≤ 1.05',
        ok: ratio <= 1.05,
      },
    ];
  } finally {
    await shared.close();
    await memory.close();
    await redis.stop();
  }
}
