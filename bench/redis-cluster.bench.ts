import { spawnSync } from 'node:child_process';
import { REDIS_SERVER_BIN, startRedisServer } from '../testing/host/redis-server.js';
import { startSharedCacheHosts } from '../testing/host/shared-cache-hosts.js';
import { artifactPath, samplePackage } from '../testing/origins/sample-packages.js';
import { type BenchRow, reportRow } from './bench-row.js';

const instances = 3;
const coldRequestsPerInstance = 100;
const invalidationRounds = Number(process.env.BENCH_INVALIDATION_ROUNDS ?? 100);

/** The value at quantile `q` (0..1) of `values`. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * The cluster's measures, with 3 host instances (createHostApp, each with its own
 * RedisCacheStore and connections) on one local redis-server and one origin:
 * - origin fetches for 100 concurrent cold requests of one package on each instance at once
 *   (target: 5 artifact fetches for the whole cluster, one per artifact);
 * - how long an invalidation takes to be visible on every instance: `POST /api/revalidate` on
 *   one until its 200, the moment no instance serves the old artifact (then checked on each).
 */
export async function redisCluster(): Promise<BenchRow[]> {
  if (spawnSync(REDIS_SERVER_BIN, ['--version']).status !== 0) {
    return [reportRow('Redis cluster measures', 'not measured: no redis-server on this machine')];
  }
  const redis = await startRedisServer();
  const shared = await startSharedCacheHosts({ redisUrl: redis.url, prefix: 'bench-cluster:', count: instances });
  try {
    const { hosts, origin } = shared;
    const pkg = samplePackage(0).pkg;
    const path = '/api/runtime-catalog/pkg0';
    const answers = await Promise.all(
      hosts.flatMap((host) => Array.from({ length: coldRequestsPerInstance }, () => host.app.request(path))),
    );
    for (const answer of answers) {
      if (answer.status !== 200) throw new Error(`bench: cold entry answered ${answer.status}`);
      await answer.arrayBuffer();
    }
    const artifactFetches = Object.entries(origin.counts())
      .filter(([requested]) => requested.startsWith(`/${pkg.package}@${pkg.version}/`))
      .reduce((sum, [, count]) => sum + count, 0);
    const catalogFetches = origin.requests('/catalog.json');
    const coldRow: BenchRow = {
      name: `cold entry: ${instances} instances × ${coldRequestsPerInstance} concurrent requests of one package, origin fetches`,
      measured: `${artifactFetches} artifact fetches`,
      baseline: `${instances * 5} without cluster single flight; ${catalogFetches} catalog fetch${catalogFetches === 1 ? '' : 'es'}`,
      ratio: undefined,
      target: '= 5',
      ok: artifactFetches === 5,
    };

    const metaPath = artifactPath(pkg, 'meta.json');
    const latencies: number[] = [];
    for (let round = 1; round <= invalidationRounds; round += 1) {
      const owner = `bench-v${round}`;
      origin.put(metaPath, { ...samplePackage(0).artifacts['meta.json'], owner });
      const started = performance.now();
      const response = await hosts[round % instances]!.revalidate({ packageId: 'pkg0', artifact: 'meta.json' });
      latencies.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`bench: revalidate answered ${response.status}`);
      for (const host of hosts) {
        const meta = (await (await host.app.request(`${path}/meta.json`)).json()) as { owner?: string };
        if (meta.owner !== owner) throw new Error(`bench: an instance served ${meta.owner} after the 200 of ${owner}`);
      }
    }
    const visibleRow = reportRow(
      `invalidation visible on every instance (${instances} instances, revalidate until its 200, ${invalidationRounds} rounds)`,
      `p50 ${quantile(latencies, 0.5).toFixed(2)} ms, p99 ${quantile(latencies, 0.99).toFixed(2)} ms`,
    );
    return [coldRow, visibleRow];
  } finally {
    await shared.close();
    await redis.stop();
  }
}
