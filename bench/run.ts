import { accessLineBuilders } from './access-line.bench.js';
import { authoringBench } from './authoring.bench.js';
import { type BenchRow, benchTable, rowLine } from './bench-row.js';
import { coldEntryRedis } from './cold-entry-redis.bench.js';
import { compressedBytes, compressedEntryCpu, compressionLevels } from './compressed-answers.bench.js';
import { editJournal } from './edit-journal.bench.js';
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
import { migratePagesBench } from './migrate-pages.bench.js';
import { mirrorPut } from './mirror-put.bench.js';
import { nextjsEditor } from './nextjs-editor.bench.js';
import { publishBench, publisherBench } from './publisher.bench.js';
import { redisCluster } from './redis-cluster.bench.js';
import { redisWarmEntry } from './redis-warm-entry.bench.js';
import { cachedModuleThroughput, coldCompile } from './remote-component.bench.js';
import { strapiPageStore } from './strapi-page-store.bench.js';
import type { ThroughputServers } from './throughput-server.js';
import { warmVersionedEntry } from './versioned-entry.bench.js';
import { versionChecksBench } from './versions.bench.js';
import { workerInsert } from './worker-insert.bench.js';

// `npm run bench [-- <filter>…]`: every benchmark of the project (or the steps whose file or name
// contains one of the filters), each against a baseline measured in the same run. Each row
// is printed the moment it is measured, with the time since the start, so that a run stopped early
// (Ctrl-C prints the table so far) still shows what it measured; the whole table comes at the end.
// Exits 1 when a target is missed, 2 when no step matches; `--list` lists the steps a run would take.

/** One step of the run: a function of one bench file, measuring one row or a few. */
interface BenchStep {
  /** The bench file, without `.bench.ts`. */
  readonly file: string;
  /** What it measures (the filter matches it and the file). */
  readonly name: string;
  /** Whether it loads the throughput servers (they run only while such steps do). */
  readonly servers?: boolean;
  run(servers: ThroughputServers): Promise<BenchRow | BenchRow[]>;
}

// The order holds: the throughput servers load core 1 only while their steps run; the Strapi page
// store's IndexedDB half and the mirror put install the same globals, the mirror put last.
const STEPS: readonly BenchStep[] = [
  { file: 'host-catalog', name: 'warm entry throughput', servers: true, run: warmEntryThroughput },
  { file: 'remote-component', name: 'cached module throughput', servers: true, run: cachedModuleThroughput },
  { file: 'host-catalog', name: 'warm entry CPU against bare Hono', run: warmEntryCpu },
  { file: 'compressed-answers', name: 'warm entry CPU, br against plain', run: compressedEntryCpu },
  { file: 'versioned-entry', name: 'warm versioned entry', run: warmVersionedEntry },
  { file: 'identity-caches', name: 'identity caches', run: identityCaches },
  { file: 'host-catalog', name: 'cold entry latency', run: coldEntryLatency },
  { file: 'redis-warm-entry', name: 'warm entry, Redis store vs memory store', run: redisWarmEntry },
  { file: 'cold-entry-redis', name: 'cold entry, Redis store vs memory store', run: coldEntryRedis },
  { file: 'redis-cluster', name: 'Redis cluster: cold loads, invalidation visible', run: redisCluster },
  { file: 'host-process', name: 'REQUEST_LOG=on vs off', run: requestLogCost },
  { file: 'host-process', name: 'REQUEST_LOG=on LOG_FORMAT=json vs off', run: requestLogCostJson },
  { file: 'host-process', name: 'REQUEST_LOG=on vs off, one core', run: requestLogCostSharedCore },
  { file: 'access-line', name: 'JSON access line: our template vs pino', run: accessLineBuilders },
  { file: 'host-process', name: 'METRICS=on vs off', run: metricsCost },
  { file: 'host-process', name: 'idle host RSS per REMOTE_COMPILER', run: compilerModeRss },
  { file: 'host-catalog', name: 'whole catalog, 1,000 packages', run: wholeCatalog },
  { file: 'compressed-answers', name: 'bytes plain, gzip and br', run: compressedBytes },
  { file: 'compressed-answers', name: 'brotli quality and gzip level', run: async () => compressionLevels() },
  { file: 'host-catalog-memory', name: 'whole catalog, peak RSS in its own process', run: wholeCatalogProcessMemory },
  { file: 'remote-component', name: 'cold compile per engine', run: coldCompile },
  { file: 'worker-insert', name: 'drop to rendered (Chromium)', run: workerInsert },
  { file: 'edit-journal', name: 'journal cost per edit, typing latency (Chromium)', run: editJournal },
  {
    file: 'nextjs-editor',
    name: 'Next.js editor vs Vite playground: ready, drop to rendered (Chromium)',
    run: nextjsEditor,
  },
  { file: 'authoring', name: 'catalog-schema validate and generate', run: authoringBench },
  { file: 'publisher', name: 'scaffold and build', run: publisherBench },
  { file: 'publisher', name: 'publish', run: publishBench },
  { file: 'versions', name: 'diff and migration checks, 100 variants', run: versionChecksBench },
  { file: 'migrate-pages', name: 'migrate-pages pages a second', run: migratePagesBench },
  { file: 'strapi-page-store', name: 'Strapi page store', run: strapiPageStore },
  { file: 'mirror-put', name: 'mirror put', run: mirrorPut },
];

/** Case, hyphens and underscores aside: `host-process`, `cold entry` and `COLD_ENTRY` all match. */
const words = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, ' ');
const args = process.argv.slice(2);
const filters = args.filter((arg) => arg !== '--list').map(words);
const steps = STEPS.filter(
  (step) => filters.length === 0 || filters.some((filter) => words(`${step.file} ${step.name}`).includes(filter)),
);
if (args.includes('--list') || steps.length === 0) {
  if (steps.length === 0) console.log(`No bench step matches ${filters.join(', ')}.`);
  console.log(
    `The steps${filters.length > 0 && steps.length > 0 ? ' matched' : ''} (file: name), in the order they run:`,
  );
  for (const step of steps.length > 0 ? steps : STEPS) console.log(`  ${step.file}: ${step.name}`);
  process.exit(steps.length === 0 ? 2 : 0);
}

const started = performance.now();
const elapsed = () => {
  const seconds = Math.round((performance.now() - started) / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
};
const rows: BenchRow[] = [];
let servers: Awaited<ReturnType<typeof startThroughputServers>> | undefined;
let current: BenchStep | undefined;
const printTable = () =>
  console.log(`\n${benchTable(rows)}\n${rows.length} row${rows.length === 1 ? '' : 's'} in ${elapsed()}`);
process.once('SIGINT', () => {
  servers?.stop();
  console.log(`\nStopped at ${elapsed()}, in ${current?.file}: ${current?.name}. The rows measured before:`);
  printTable();
  process.exit(130);
});

console.log(`${steps.length} of ${STEPS.length} steps${filters.length > 0 ? ` (filter: ${filters.join(', ')})` : ''}`);
try {
  for (const step of steps) {
    if (step.servers && servers === undefined) servers = await startThroughputServers();
    if (!step.servers && servers !== undefined) {
      servers.stop();
      servers = undefined;
    }
    current = step;
    console.log(`[${elapsed()}] ▶ ${step.file}: ${step.name}`);
    const measured = await step.run(servers!);
    for (const row of [measured].flat()) {
      rows.push(row);
      console.log(`[${elapsed()}]   ${rowLine(row)}`);
    }
  }
} finally {
  servers?.stop();
}
printTable();
process.exit(rows.some((row) => row.ok === false) ? 1 : 0);
