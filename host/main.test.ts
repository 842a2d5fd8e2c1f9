import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../testing/host/redis-server.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';

// The process contract of design.md, on a real `catalog-host` process (host/dist/main.js).

// The built bin (dist/main.js, what `catalog-host` runs): `npm test` builds before the suites.
const mainFile = fileURLToPath(new URL('./dist/main.js', import.meta.url));
const exampleCatalog = fileURLToPath(new URL('../examples/artifacts/catalog.json', import.meta.url));
const exampleArtifacts = fileURLToPath(new URL('../examples/artifacts', import.meta.url));

const children: ChildProcess[] = [];
let origin: ArtifactsOrigin | undefined;
let redis: RedisServer | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await origin?.close();
  origin = undefined;
  await redis?.stop();
  redis = undefined;
});

function startHost(env: Record<string, string>) {
  const started = spawn(process.execPath, [mainFile], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(started);
  let stdout = '';
  let stderr = '';
  started.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  started.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = once(started, 'exit').then(([code]) => code as number | null);
  const listening = new Promise<string>((resolve, reject) => {
    started.stdout.on('data', () => {
      const match = /^host listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`host exited before listening: ${stderr}`)));
  });
  listening.catch(() => {}); // tests of failed starts await `exited` only
  return { process: started, exited, listening, output: () => ({ stdout, stderr }) };
}

describe('catalog-host (host/dist/main.js, what npm run host runs)', () => {
  it('exits 1 with one line naming a missing required variable', async () => {
    const host = startHost({ ARTIFACTS_ORIGIN: 'http://127.0.0.1:9', ESM_ORIGIN: 'http://127.0.0.1:9' });
    expect(await host.exited).toBe(1);
    expect(host.output().stderr).toBe(
      'error: CATALOG_SOURCE is required (a catalog JSON file path or an http(s) URL)\n',
    );
    expect(host.output().stdout).toBe('');
  });

  it('exits 1 naming an invalid variable', async () => {
    const host = startHost({ CATALOG_SOURCE: exampleCatalog, ARTIFACTS_ORIGIN: 'nope', ESM_ORIGIN: 'http://e' });
    expect(await host.exited).toBe(1);
    expect(host.output().stderr).toBe('error: ARTIFACTS_ORIGIN must be an http(s) URL, got "nope"\n');
  });

  it('exits 1 with one line naming a port in use', async () => {
    const busy = createServer().listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const port = (busy.address() as { port: number }).port;
    try {
      const host = startHost({
        PORT: String(port),
        CATALOG_SOURCE: exampleCatalog,
        ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
        ESM_ORIGIN: 'http://127.0.0.1:9',
        REVALIDATION_SECRET: 's',
      });
      expect(await host.exited).toBe(1);
      expect(host.output().stderr).toBe(
        `error: port ${port} is in use on 127.0.0.1; set PORT to another port, or 0 for any\n`,
      );
    } finally {
      busy.close();
    }
  });

  it('listens on PORT=0, prints the listening line first, serves, and stops cleanly on SIGTERM', async () => {
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const host = startHost({
      PORT: '0',
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: `${origin.url}/esm`,
      REVALIDATION_SECRET: 'process-secret-value',
    });
    const url = await host.listening;
    expect(host.output().stdout.split('\n')[0]).toBe(`host listening on ${url}`);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const entry = await fetch(`${url}/api/runtime-catalog/hero1`);
    expect(entry.status).toBe(200);
    expect(((await entry.json()) as { package: string }).package).toBe('@acme/ui-hero1');
    const revalidated = await fetch(`${url}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-revalidation-secret': 'process-secret-value' },
      body: JSON.stringify({ packageId: 'hero1' }),
    });
    expect(revalidated.status).toBe(200);
    host.process.kill('SIGTERM');
    expect(await host.exited).toBe(0);
    const { stdout, stderr } = host.output();
    expect(`${stdout}${stderr}`).not.toContain('process-secret-value');
  });

  it('warns at start when REVALIDATION_SECRET is unset', async () => {
    const host = startHost({
      PORT: '0',
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
      ESM_ORIGIN: 'http://127.0.0.1:9',
    });
    await host.listening;
    expect(host.output().stderr).toBe(
      'warning: REVALIDATION_SECRET is unset: every POST /api/revalidate will be answered 401\n',
    );
    host.process.kill('SIGINT');
    expect(await host.exited).toBe(0);
  });

  it('exits 1 with one line when the Redis of REDIS_URL cannot be reached, without its password', async () => {
    redis = await startRedisServer();
    await redis.stop(); // nothing listens on its port now
    const host = startHost({
      PORT: '0',
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
      ESM_ORIGIN: 'http://127.0.0.1:9',
      REVALIDATION_SECRET: 's',
      REDIS_URL: `redis://:redis-password-value@127.0.0.1:${redis.port}/0`,
    });
    expect(await host.exited).toBe(1);
    expect(host.output().stderr).toBe(
      `error: Cannot connect to Redis at redis://127.0.0.1:${redis.port}/0: connect ECONNREFUSED 127.0.0.1:${redis.port}\n`,
    );
    expect(host.output().stdout).toBe('');
  });

  it('with REDIS_URL, two host processes share one cache: warm on the second, revalidate on one seen by the other', async () => {
    redis = await startRedisServer(['--requirepass', 'redis-password-value']);
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const env = {
      PORT: '0',
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: `${origin.url}/esm`,
      REVALIDATION_SECRET: 'process-secret-value',
      REDIS_URL: `redis://:redis-password-value@127.0.0.1:${redis.port}`,
    };
    const first = startHost(env);
    const second = startHost(env);
    const [firstUrl, secondUrl] = await Promise.all([first.listening, second.listening]);

    expect((await fetch(`${firstUrl}/api/runtime-catalog/hero1`)).status).toBe(200);
    origin.resetRequests();
    const warm = await fetch(`${secondUrl}/api/runtime-catalog/hero1`);
    expect(warm.status).toBe(200);
    expect(origin.requests()).toBe(0);

    const metaPath = '/@acme/ui-hero1@1.0.0/meta.json';
    origin.put(metaPath, { status: 'active', owner: 'team-republished' });
    const revalidated = await fetch(`${secondUrl}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-revalidation-secret': 'process-secret-value' },
      body: JSON.stringify({ packageId: 'hero1', artifact: 'meta.json' }),
    });
    expect(revalidated.status).toBe(200);
    const entry = await fetch(`${firstUrl}/api/runtime-catalog/hero1`);
    expect(((await entry.json()) as { owner: string }).owner).toBe('team-republished');
    expect(origin.requests(metaPath)).toBe(1);

    first.process.kill('SIGTERM');
    second.process.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);
    for (const host of [first, second]) {
      const { stdout, stderr } = host.output();
      // No line of the host's own (an esbuild-wasm service child killed mid warm-up may print an
      // EPIPE trace of its own on this shared stderr: not the host's, reported separately).
      expect(stderr).not.toMatch(/^(error|warning):/m);
      expect(`${stdout}${stderr}`).not.toContain('redis-password-value');
      expect(`${stdout}${stderr}`).not.toContain('process-secret-value');
    }
  });
});
