import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../authoring/cli/run-cli.js';
import { type AuthoringConfig, defaultAuthoringConfig } from '../authoring/config/authoring-config.js';
import { FolderStore } from '../authoring/publish/folder-store.js';
import type { ObjectStore } from '../authoring/publish/object-store.js';
import { publishVariant } from '../authoring/publish/publish-variant.js';
import { memoryIo } from '../authoring/testing/memory-io.js';
import { examplePackageDir } from '../authoring/testing/temp-package.js';
import { PUBLISH_STACK_SECRET, startPublishStack } from '../testing/publish/publish-stack.js';
import { type BenchRow, reportRow } from './bench-row.js';

// The publisher's steps 6 and 7 (spec 4.4) as a publisher runs them: `catalog-schema` processes
// (the built bin: `npm run bench` builds first), against a process that only starts the CLI.

const rounds = Number(process.env.AUTHORING_BENCH_ROUNDS ?? 3);
const bin = fileURLToPath(new URL('../authoring/dist/main.js', import.meta.url));
/** How many variants the second row builds in one `build`. */
const manyVariants = 50;

/** Wall time of one `catalog-schema <args>` process, which must exit 0. */
function cliMs(root: string, args: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [bin, ...args, '--root', root], { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`catalog-schema ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
  return ms;
}

/** In-process `catalog-schema <args>` for setting a package up (not measured). */
async function cli(root: string, args: readonly string[]): Promise<string> {
  const { io, stdout } = memoryIo(root);
  const code = await runCli([...args, '--root', root], io);
  if (code !== 0) throw new Error(`catalog-schema ${args.join(' ')} failed: ${stdout()}`);
  return stdout();
}

/** A copy of the example package with its outputs generated (so `scaffold` knows the categories). */
async function generatedExample(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'catalog-schema-publisher-bench-'));
  for (const entry of ['src', 'catalog-schema.config.json', 'package.json']) {
    await cp(join(examplePackageDir, entry), join(root, entry), { recursive: true });
  }
  await cli(root, ['generate']);
  return root;
}

/**
 * Two report rows: `scaffold` + `build` of one new variant, end to end (two processes, the fastest
 * of `rounds` fresh packages); and one `build` of 50 scaffolded variants, against the build of one.
 * Baseline of the first: `catalog-schema --version` twice (what two process starts cost).
 */
export async function publisherBench(): Promise<BenchRow[]> {
  const start = Math.min(...Array.from({ length: rounds }, () => cliMs(examplePackageDir, ['--version'])));
  const oneVariant: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const root = await generatedExample();
    try {
      const scaffold = cliMs(root, ['scaffold', '--category', 'hero', '--variant', 'hero9']);
      oneVariant.push(scaffold + cliMs(root, ['build', 'hero9']));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  const endToEnd = Math.min(...oneVariant);
  const rows = [
    reportRow(
      'publisher: scaffold + build of one variant (2 processes)',
      `${endToEnd.toFixed(0)} ms`,
      `2 CLI starts ${(2 * start).toFixed(0)} ms`,
      endToEnd / (2 * start),
    ),
  ];

  const root = await generatedExample();
  try {
    const variants: string[] = [];
    for (let index = 0; index < manyVariants; index += 1) {
      variants.push(JSON.parse(await cli(root, ['scaffold', '--category', 'cards', '--format', 'json'])).variant);
    }
    const one = Math.min(...Array.from({ length: rounds }, () => cliMs(root, ['build', variants[0]!])));
    const all = Math.min(...Array.from({ length: rounds }, () => cliMs(root, ['build', ...variants])));
    rows.push(
      reportRow(
        `publisher: build of ${manyVariants} variants (1 process)`,
        `${all.toFixed(0)} ms (${(all / manyVariants).toFixed(0)} ms a variant)`,
        `build of 1 variant ${one.toFixed(0)} ms`,
        all / one,
      ),
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}

/** An object store that counts the requests made to it. */
class CountingStore implements ObjectStore {
  requests = 0;
  constructor(private readonly inner: ObjectStore) {}
  get description() {
    return this.inner.description;
  }
  get(key: string) {
    this.requests += 1;
    return this.inner.get(key);
  }
  put(key: string, bytes: Uint8Array, options: { readonly contentType: string }) {
    this.requests += 1;
    return this.inner.put(key, bytes, options);
  }
}

/**
 * `publish` of one variant on the embedded default (folder stores, real origins, a real host, in
 * process): unchanged (a no-op) and with one changed artifact, each the fastest of `rounds`, with
 * the requests made to the store and the revalidate calls to the host. Report only; baseline: the
 * first publish of the variant.
 */
export async function publishBench(): Promise<BenchRow[]> {
  const stack = await startPublishStack();
  const root = await generatedExample();
  try {
    await cli(root, ['scaffold', '--category', 'hero', '--variant', 'hero9']);
    const config: AuthoringConfig = {
      ...defaultAuthoringConfig,
      language: 'js',
      stagingRegistry: undefined,
      publish: undefined,
    };
    const store = new CountingStore(new FolderStore(stack.artifactsDir));
    const targets = {
      artifacts: store,
      artifactsOrigin: stack.origin.url,
      esm: new FolderStore(stack.esmDir),
      esmOrigin: stack.esmOrigin,
      catalogKey: 'catalog.json',
      host: { url: stack.hostUrl, secret: PUBLISH_STACK_SECRET },
    };
    const measure = async () => {
      store.requests = 0;
      const calls = stack.revalidations.length;
      const started = performance.now();
      await publishVariant(root, config, 'hero9', targets, { dryRun: false, force: false, progress: () => {} });
      return { ms: performance.now() - started, store: store.requests, host: stack.revalidations.length - calls };
    };
    const first = await measure();
    const unchanged: { ms: number; store: number; host: number }[] = [];
    const changed: { ms: number; store: number; host: number }[] = [];
    const dataPath = join(root, 'packages/ui-hero9/data.json');
    for (let round = 0; round < rounds; round += 1) {
      unchanged.push(await measure());
      const data = JSON.parse(await readFile(dataPath, 'utf8'));
      await writeFile(dataPath, `${JSON.stringify({ ...data, subtitle: `round ${round}` }, null, 2)}\n`);
      changed.push(await measure());
    }
    const best = (runs: typeof changed) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    const summarize = (run: { ms: number; store: number; host: number }) =>
      `${run.ms.toFixed(0)} ms, ${run.store} store requests, ${run.host} revalidate calls`;
    const base = `first publish ${summarize(first)}`;
    return [
      reportRow('publish: unchanged variant (no-op)', summarize(best(unchanged)), base, best(unchanged).ms / first.ms),
      reportRow(
        'publish: one changed artifact (data.json)',
        summarize(best(changed)),
        base,
        best(changed).ms / first.ms,
      ),
    ];
  } finally {
    await rm(root, { recursive: true, force: true });
    await stack.close();
  }
}
