import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REVALIDATION_SECRET_HEADER } from '@runtime-component-catalog/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { prometheusSamples } from './host/prometheus-text.js';
import { type RedisServer, startRedisServer } from './host/redis-server.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from './origins/artifacts-origin.js';

// docs/deploy.md's one command, docs/snippets/deploy-host.sh, run as written (sh, npx, the
// workspace's catalog-host) for two instances on one real Redis: the settings it exports take
// effect, and an instance revalidated through the other serves the new artifact at once.

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const SNIPPET = 'docs/snippets/deploy-host.sh';
const exampleArtifacts = join(repoRoot, 'examples/artifacts');
const DATA = '/@acme/ui-hero1@1.0.0/data.json';

interface Instance {
  readonly process: ChildProcess;
  readonly url: string;
  readonly metricsUrl: string;
  readonly lines: () => string[];
}

const children: ChildProcess[] = [];
let redis: RedisServer | undefined;
let origin: ArtifactsOrigin | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await origin?.close();
  await redis?.stop();
  origin = undefined;
  redis = undefined;
});

/** Runs the snippet with `env` over PATH alone, and waits for its two listening lines (JSON). */
async function runSnippet(env: Record<string, string>): Promise<Instance> {
  const child = spawn('sh', [SNIPPET], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const messages = () =>
    stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  const { url, metricsUrl } = await new Promise<{ url: string; metricsUrl: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const text = messages().join('\n');
      const listening = /^host listening on http:\/\/0\.0\.0\.0:(\d+)$/m.exec(text);
      const metrics = /^metrics on http:\/\/0\.0\.0\.0:(\d+)\/metrics$/m.exec(text);
      if (listening && metrics)
        resolve({ url: `http://127.0.0.1:${listening[1]}`, metricsUrl: `http://127.0.0.1:${metrics[1]}/metrics` });
    });
    child.once('exit', (code) => reject(new Error(`${SNIPPET} exited ${code}: ${stderr}`)));
  });
  return { process: child, url, metricsUrl, lines: messages };
}

describe(SNIPPET, () => {
  it('starts an instance with the settings of docs/deploy.md; two on one Redis serve one cache', async () => {
    redis = await startRedisServer();
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const env = {
      CATALOG_SOURCE: `${origin.url}/catalog.json`,
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: `${origin.url}/esm`,
      REDIS_URL: redis.url,
      REVALIDATION_SECRET: 'deploy-secret',
      // Free ports instead of 8787 and 9464 (the snippet's defaults), on a machine running other tests.
      PORT: '0',
      METRICS_PORT: '0',
      SHUTDOWN_DRAIN_MS: '300',
    };
    const [first, second] = [await runSnippet(env), await runSnippet(env)];

    for (const instance of [first, second]) {
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
      // Metrics on their own port only.
      expect((await fetch(`${instance.url}/metrics`)).status).toBe(404);
      const samples = prometheusSamples(await (await fetch(instance.metricsUrl)).text());
      expect(samples.get('catalog_host_redis_connected')).toBe(1);
      expect(samples.get('catalog_host_bus_listening')).toBe(1);
    }

    // One cache: the first instance loads data.json, the second finds it in Redis.
    const read = async (instance: Instance) => {
      const answer = await fetch(`${instance.url}/api/runtime-catalog/hero1/data.json`);
      expect(answer.status).toBe(200);
      return answer.json();
    };
    const before = await read(first);
    expect(await read(second)).toEqual(before);
    expect(origin.requests(DATA)).toBe(1);

    // Published anew, revalidated through the first: the second serves the new bytes at once.
    const changed = { ...JSON.parse(readFileSync(join(exampleArtifacts, DATA), 'utf8')), deployCheck: 1 };
    origin.put(DATA, changed);
    const revalidated = await fetch(`${first.url}/api/revalidate`, {
      method: 'POST',
      headers: { [REVALIDATION_SECRET_HEADER]: 'deploy-secret', 'content-type': 'application/json' },
      body: JSON.stringify({ packageId: 'hero1', artifact: 'data.json' }),
    });
    expect(revalidated.status).toBe(200);
    expect(await read(second)).toEqual(changed);

    // A rolling upgrade's step: the first drains and exits 0, the second serves throughout.
    first.process.kill('SIGTERM');
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    const [code] = await once(first.process, 'exit');
    expect(code).toBe(0);
    expect(first.lines()).toContain('SIGTERM received, draining for 300 ms');
    expect(await read(second)).toEqual(changed);
  }, 60_000);

  it('refuses to start without a required setting, naming it', async () => {
    const child = spawn('sh', [SNIPPET], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, 'close');
    expect(code).not.toBe(0);
    expect(stderr).toContain('CATALOG_SOURCE: the catalog URL on the artifacts CDN');
  });
});
