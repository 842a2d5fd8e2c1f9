import { authoringBench } from './authoring.bench.js';
import type { BenchRow } from './bench-row.js';
import {
  coldEntryLatency,
  startThroughputServers,
  warmEntryCpu,
  warmEntryThroughput,
  wholeCatalog,
} from './host-catalog.bench.js';
import { wholeCatalogProcessMemory } from './host-catalog-memory.bench.js';
import {
  compilerModeRss,
  metricsCost,
  requestLogCost,
  requestLogCostJson,
  requestLogCostSharedCore,
} from './host-process.bench.js';
import { identityCaches } from './identity-caches.bench.js';
import { mirrorPut } from './mirror-put.bench.js';
import { publishBench, publisherBench } from './publisher.bench.js';
import { redisCluster } from './redis-cluster.bench.js';
import { redisWarmEntry } from './redis-warm-entry.bench.js';
import { cachedModuleThroughput, coldCompile } from './remote-component.bench.js';
import { strapiPageStore } from './strapi-page-store.bench.js';
import { workerInsert } from './worker-insert.bench.js';

// `npm run bench`: every benchmark of the project, each against a baseline measured in the same
// run; prints one table and exits 1 when a target is missed.

const rows: BenchRow[] = [];
const servers = await startThroughputServers();
try {
  rows.push(await warmEntryThroughput(servers));
  rows.push(await cachedModuleThroughput(servers));
} finally {
  servers.stop();
}
rows.push(await warmEntryCpu());
rows.push(...(await identityCaches()));
rows.push(await coldEntryLatency());
rows.push(await redisWarmEntry());
rows.push(...(await redisCluster()));
rows.push(await requestLogCost());
rows.push(await requestLogCostJson());
rows.push(await requestLogCostSharedCore());
rows.push(await metricsCost());
rows.push(...(await compilerModeRss()));
rows.push(...(await wholeCatalog()));
rows.push(...(await wholeCatalogProcessMemory()));
rows.push(await coldCompile());
rows.push(...(await workerInsert()));
rows.push(...(await authoringBench()));
rows.push(...(await publisherBench()));
rows.push(...(await publishBench()));
rows.push(...(await strapiPageStore())); // before mirrorPut: its IndexedDB half installs the same globals
rows.push(await mirrorPut()); // last: it installs fake-indexeddb's globals in this process

const header = ['benchmark', 'measured', 'baseline', 'ratio', 'target', 'ok'];
const lines = rows.map((row) => [
  row.name,
  row.measured,
  row.baseline,
  row.ratio === undefined ? '' : row.ratio.toFixed(3),
  row.target,
  row.ok === undefined ? '' : row.ok ? 'yes' : 'NO',
]);
const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(format(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const line of lines) console.log(format(line));
process.exit(rows.some((row) => row.ok === false) ? 1 : 0);
