import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSyntheticPackage } from './authoring-package.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

const rounds = Number(process.env.AUTHORING_BENCH_ROUNDS ?? 3);
/** Rounds of the generate processes: every size's time is the median of this many. */
const generateRounds = Number(process.env.AUTHORING_GENERATE_ROUNDS ?? 5);
/**
 * Where generate's packages are written: a tmpfs when the machine has one, so that generate is
 * timed with its files in memory, as a publisher's page cache holds them, without the bench
 * machine's disk (bench/README.md).
 */
const generateDir = process.env.AUTHORING_GENERATE_DIR ?? (isWritableFolder('/dev/shm') ? '/dev/shm' : tmpdir());
const worker = fileURLToPath(new URL('./authoring-worker.ts', import.meta.url));
const bin = fileURLToPath(new URL('../authoring/dist/main.js', import.meta.url));

/** Package sizes of validate's rows: components, with one collection per five (100 at 500). */
const validateSizes = [100, 500, 1_000] as const;
/** Package sizes of generate's rows. */
const generateSizes = [100, 500, 1_000, 2_000] as const;
/** The folders `generate` writes with the default config (authoring/config/authoring-config.ts). */
const outputFolders = ['cms', 'generated', '.catalog-schema'] as const;

function isWritableFolder(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Fastest wall time of `rounds` runs of the real CLI process (node start, validate, exit; the built bin: `npm run build` first). */
function cliWallTime(root: string): number {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [bin, 'validate', '--root', root], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`catalog-schema validate failed: ${result.stdout}${result.stderr}`);
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

interface Measure {
  /** The first call in a fresh process: one CLI run. */
  readonly ms: number;
  /** The steady cost of a call once warm. */
  readonly warmMs: number;
  readonly maxRssMiB: number;
}

/** Best time and median peak memory of `rounds` fresh processes running one `mode` call. */
function measure(mode: 'baseline' | 'validate', root: string): Measure {
  const runs: Measure[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', worker, mode, root], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`authoring bench ${mode} failed: ${result.stderr}`);
    runs.push(JSON.parse(result.stdout) as Measure);
  }
  // The fastest round: on a shared machine the other rounds measure the neighbours too.
  return {
    ms: Math.min(...runs.map((run) => run.ms)),
    warmMs: Math.min(...runs.map((run) => run.warmMs)),
    maxRssMiB: median(runs.map((run) => run.maxRssMiB)),
  };
}

/** One process: its wall time, start to exit, and its peak resident memory. */
interface ProcessRun {
  readonly ms: number;
  readonly maxRssMiB: number;
}

// spawnSync does not give a child's resource usage: the child writes its peak RSS (KiB) to fd 3 as
// it exits, from a module loaded before its own (a data: URL, nothing to load from disk).
const reportPeakRss = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(3, String(process.resourceUsage().maxRSS)));",
)}`;

/** Runs `node <args>`, which must exit 0. */
function runProcess(args: readonly string[]): ProcessRun {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', reportPeakRss, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
  return { ms, maxRssMiB: Number(result.output[3]) / 1024 };
}

/** `catalog-schema generate` on the package at `root`, as a publisher runs it (the built bin). */
const generateProcess = (root: string) => runProcess([bin, 'generate', '--root', root]);

/** Moves generate's output folders out of the package into a new folder below `aside`: never deleted while measuring. */
async function moveOutputsAside(root: string, aside: string): Promise<void> {
  const place = await mkdtemp(join(aside, 'outputs-'));
  for (const folder of outputFolders) {
    if (existsSync(join(root, folder))) await rename(join(root, folder), join(place, folder));
  }
}

/** The median time and peak RSS of processes. */
function summary(runs: readonly ProcessRun[]): ProcessRun {
  return { ms: median(runs.map((run) => run.ms)), maxRssMiB: median(runs.map((run) => run.maxRssMiB)) };
}

/** Milliseconds a component added from `from` components to `to`: the fixed start-up cancels out. */
function marginalMs(ms: ReadonlyMap<number, number>, from: number, to: number): number {
  return ((ms.get(to) ?? Number.NaN) - (ms.get(from) ?? Number.NaN)) / (to - from);
}

/**
 * Marginal cost a component from 1,000 to 2,000 over that from 100 to 1,000 (1 = linear): free of
 * the fixed start-up, which a ratio of times or of times a component would count as growth.
 */
function marginalGrowth(ms: ReadonlyMap<number, number>): number {
  return marginalMs(ms, 1_000, 2_000) / marginalMs(ms, 100, 1_000);
}

/** The marginal cost of each step between the sizes of generate's rows, for the measured text. */
function marginalSteps(ms: ReadonlyMap<number, number>): string {
  const steps = generateSizes.slice(1).map((to, step) => marginalMs(ms, generateSizes[step] ?? 0, to).toFixed(2));
  return `${steps.join(' / ')} ms a component`;
}

/** validate's rows: in-process calls in fresh processes on the packages of `validateSizes`. */
function validateRows(roots: ReadonlyMap<number, string>): BenchRow[] {
  const rows: BenchRow[] = [];
  const warm = new Map<number, number>();
  for (const components of validateSizes) {
    const root = roots.get(components) ?? '';
    const baseline = measure('baseline', root);
    const result = measure('validate', root);
    warm.set(components, result.warmMs);
    const label = `${components} components + ${components / 5} collections`;
    const measured = `${result.ms.toFixed(0)} ms (warm ${result.warmMs.toFixed(0)} ms), peak ${result.maxRssMiB.toFixed(0)} MiB RSS`;
    const base = `JSON.parse ${baseline.ms.toFixed(0)} ms (warm ${baseline.warmMs.toFixed(0)} ms), ${baseline.maxRssMiB.toFixed(0)} MiB`;
    if (components !== 500) {
      rows.push(reportRow(`authoring validate, ${label}`, measured, base, result.ms / baseline.ms));
      continue;
    }
    const wall = cliWallTime(root);
    const target = { target: '< 2000 ms', baseline: base };
    rows.push({
      name: `catalog-schema validate process, ${label}`,
      measured: `${wall.toFixed(0)} ms wall`,
      ...target,
      ratio: wall / baseline.ms,
      ok: wall < 2000,
    });
    rows.push({
      name: `authoring validate, ${label}`,
      measured,
      ...target,
      ratio: result.ms / baseline.ms,
      ok: result.ms < 2000,
    });
  }
  const warmAt = (components: number) => warm.get(components) ?? Number.NaN;
  const [small, middle, large] = [warmAt(100), warmAt(500), warmAt(1_000)];
  // Warm time per component at 1,000 over warm time per component at 500: 1 is linear.
  const growth = large / 1_000 / (middle / 500);
  rows.push({
    name: 'authoring validate: growth',
    measured: `warm time 100 → 500: ${(middle / small).toFixed(2)}×, 500 → 1,000: ${(large / middle).toFixed(2)}×`,
    baseline: 'linear: 5×, 2×',
    ratio: growth,
    target: '≤ 1.2 (1 = linear)',
    ok: growth <= 1.2,
  });
  return rows;
}

/** `sizes` rotated by `round`: over as many rounds as sizes, each size runs once in every place. */
function turn<T>(sizes: readonly T[], round: number): T[] {
  const shift = round % sizes.length;
  return [...sizes.slice(shift), ...sizes.slice(0, shift)];
}

/**
 * generate's rows: `catalog-schema generate` processes on the packages in `roots` (below
 * `generateDir`), the first (no output folders) and a re-generate (unchanged output), the median of
 * `generateRounds` each; the start-up (the first generate of 1 component, `tiny`); the growth.
 * Nothing is deleted while measuring (outputs are moved into `aside`), every first generate runs
 * before any re-generate (which deletes the folders it replaces), and the sizes take turns in a
 * new order every round: on a file system that holds deleted inode numbers back (ext4 without a
 * journal), each file created scans past those deleted in the last minute, so a size measured
 * right after its own deletions pays for them (bench/README.md).
 */
async function generateRows(roots: ReadonlyMap<number, string>, tiny: string, aside: string): Promise<BenchRow[]> {
  const first = new Map<number, ProcessRun[]>(generateSizes.map((components) => [components, []]));
  const again = new Map<number, ProcessRun[]>(generateSizes.map((components) => [components, []]));
  const startUp: ProcessRun[] = [];
  const bare: ProcessRun[] = [];
  for (let round = 0; round < generateRounds; round += 1) {
    bare.push(runProcess(['-e', '']));
    await moveOutputsAside(tiny, aside);
    startUp.push(generateProcess(tiny));
    for (const components of turn(generateSizes, round)) {
      const root = roots.get(components) ?? '';
      await moveOutputsAside(root, aside);
      first.get(components)?.push(generateProcess(root));
    }
  }
  for (let round = 0; round < generateRounds; round += 1) {
    for (const components of turn(generateSizes, round)) {
      again.get(components)?.push(generateProcess(roots.get(components) ?? ''));
    }
  }
  const start = summary(startUp);
  const node = summary(bare);
  const rows = [
    reportRow(
      'catalog-schema generate start-up (first generate, 1 component)',
      `${start.ms.toFixed(0)} ms, peak ${start.maxRssMiB.toFixed(0)} MiB RSS`,
      `node -e "" ${node.ms.toFixed(0)} ms, ${node.maxRssMiB.toFixed(0)} MiB`,
      start.ms / node.ms,
    ),
  ];
  const firstMs = new Map<number, number>();
  const againMs = new Map<number, number>();
  for (const components of generateSizes) {
    const made = summary(first.get(components) ?? []);
    const redone = summary(again.get(components) ?? []);
    firstMs.set(components, made.ms);
    againMs.set(components, redone.ms);
    rows.push(
      reportRow(
        `catalog-schema generate process, ${components} components + ${components / 5} collections`,
        `first ${made.ms.toFixed(0)} ms, re-generate ${redone.ms.toFixed(0)} ms; peak ${made.maxRssMiB.toFixed(0)} / ${redone.maxRssMiB.toFixed(0)} MiB RSS`,
        `start-up ${start.ms.toFixed(0)} ms`,
        made.ms / start.ms,
      ),
    );
  }
  const growth = { first: marginalGrowth(firstMs), again: marginalGrowth(againMs) };
  const worse = Math.max(growth.first, growth.again);
  rows.push({
    name: 'catalog-schema generate: growth (the worse of first and re-generate)',
    measured: `first ${growth.first.toFixed(2)} (${marginalSteps(firstMs)}), re-generate ${growth.again.toFixed(2)} (${marginalSteps(againMs)}); 100 → 500 / 500 → 1,000 / 1,000 → 2,000`,
    baseline: 'linear: 1 = ms a component 1,000 → 2,000 over 100 → 1,000',
    ratio: worse,
    target: '≤ 1.2 (1 = linear)',
    ok: worse <= 1.2,
  });
  return rows;
}

/** Writes a synthetic package of each size below `base` (one collection per five components). */
async function writePackages(base: string, sizes: readonly number[]): Promise<Map<number, string>> {
  const roots = new Map<number, string>();
  for (const components of sizes) {
    const root = join(base, `components-${components}`);
    await writeSyntheticPackage(root, components, components / 5);
    roots.set(components, root);
  }
  return roots;
}

/**
 * validate (in-process calls in fresh processes: the first is one CLI run, the following ones the
 * warm cost that growth is measured on) on synthetic packages of 100/500/1,000 components, against
 * reading and JSON.parse of the same files; generate as publishers run it, `catalog-schema generate`
 * processes on 100/500/1,000/2,000 components, and its start-up. Targets: validate under 2 s at 500
 * components + 100 collections; validate's growth and generate's at most linear (≤ 1.2).
 */
export async function authoringBench(): Promise<BenchRow[]> {
  // Removed once everything is measured: a removal is a deletion (generateRows).
  const validateBase = await mkdtemp(join(tmpdir(), 'catalog-schema-bench-'));
  const generateBase = await mkdtemp(join(generateDir, 'catalog-schema-bench-'));
  try {
    const rows = validateRows(await writePackages(validateBase, validateSizes));
    const roots = await writePackages(generateBase, generateSizes);
    const tiny = join(generateBase, 'components-1');
    await writeSyntheticPackage(tiny, 1, 0);
    const aside = join(generateBase, 'aside');
    await mkdir(aside);
    return [...rows, ...(await generateRows(roots, tiny, aside))];
  } finally {
    await rm(validateBase, { recursive: true, force: true });
    await rm(generateBase, { recursive: true, force: true });
  }
}
