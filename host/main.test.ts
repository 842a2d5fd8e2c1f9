import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHostProcess } from '../testing/host/host-process.js';
import { type RedisServer, startRedisServer } from '../testing/host/redis-server.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';

// The process contract of docs/design.md, on a real `catalog-host` process (host/dist/main.js).

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

function startHost(env: Record<string, string>, nodeArgs: readonly string[] = []) {
  return startHostProcess(env, (child) => children.push(child), nodeArgs);
}

const v8ShapeProbe = new URL('../testing/host/v8-shape-probe.mjs', import.meta.url).href;

/** Whether process `pid` runs (exists and is not a zombie waiting for a parent to reap it). */
function running(pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The processes that `pid` started (Linux: the esbuild-wasm service runs as one). */
function childrenOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
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

  it('exits 1 naming an invalid REMOTE_COMPILER or REQUEST_LOG', async () => {
    const env = { CATALOG_SOURCE: exampleCatalog, ARTIFACTS_ORIGIN: 'http://a', ESM_ORIGIN: 'http://e' };
    const compiler = startHost({ ...env, REMOTE_COMPILER: 'later' });
    const log = startHost({ ...env, REQUEST_LOG: 'yes' });
    expect(await compiler.exited).toBe(1);
    expect(compiler.output().stderr).toBe('error: REMOTE_COMPILER must be one of eager, lazy, off, got "later"\n');
    expect(await log.exited).toBe(1);
    expect(log.output().stderr).toBe('error: REQUEST_LOG must be on or off, got "yes"\n');
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
      // No line of the host's own (REMOTE_COMPILER=lazy, the default: no esbuild-wasm child either).
      expect(stderr).toBe('');
      expect(`${stdout}${stderr}`).not.toContain('redis-password-value');
      expect(`${stdout}${stderr}`).not.toContain('process-secret-value');
    }
  });

  it('writes one access line per request and loses none at SIGTERM; a path cannot forge a line', async () => {
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const host = startHost({
      PORT: '0',
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: `${origin.url}/esm`,
      REVALIDATION_SECRET: 's',
    });
    const url = await host.listening;
    const requests = 600;
    for (let sent = 0; sent < requests; sent += 100) {
      // 100 at once: their lines share a batch, written 50 ms after its first line or by the idle timer.
      const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(`${url}/healthz`)));
      for (const answer of answers) expect(answer.status).toBe(200);
    }
    expect((await fetch(`${url}/api/runtime-catalog/a%0Aforged%1B[31m`)).status).toBe(404);
    // Sent raw, not as fetch would encode it: a backslash (Node's parser refuses control bytes
    // and bytes above 0x7e itself). @hono/node-server answers this target 400 before the app:
    // logged all the same.
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.end('GET /raw/a\\x0ab"c?secret=no HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n');
    let rawAnswer = '';
    socket.on('data', (chunk) => {
      rawAnswer += chunk;
    });
    await once(socket, 'close');
    expect(rawAnswer).toMatch(/^HTTP\/1\.1 400 /);
    host.process.kill('SIGTERM'); // right after the last answer: its line may still be queued
    expect(await host.exited).toBe(0);
    const lines = host.output().stdout.split('\n');
    expect(lines.filter((line) => /^GET \/healthz 200 \d+\.\dms$/.test(line))).toHaveLength(requests);
    expect(lines.filter((line) => line.startsWith('GET /api/runtime-catalog/a'))).toEqual([
      expect.stringMatching(/^GET \/api\/runtime-catalog\/a%0Aforged%1B\[31m 404 \d+\.\dms$/), // as requested
    ]);
    expect(lines.some((line) => line.startsWith('forged'))).toBe(false);
    expect(lines.filter((line) => line.startsWith('GET /raw/'))).toEqual([
      expect.stringMatching(/^GET \/raw\/a\\x5cx0ab"c 400 \d+\.\dms$/), // not a forged "\x0a"
    ]);
    expect(lines.at(-2)).toBe('SIGTERM received, closing');
  });

  // ioredis makes String.prototype a dictionary in V8 (a class of its extends String), which left
  // every string method call of the optimised host a generic lookup (docs/host-performance.md "Warm entry"). The
  // probe (testing/host/v8-shape-probe.mjs) prints at exit whether it is in fast mode.
  it.each([
    ['without REDIS_URL (ioredis not loaded)', false],
    ['with REDIS_URL (restored after ioredis loads)', true],
  ])('String.prototype stays in V8 fast mode while the host serves, %s', async (_, withRedis) => {
    const server = withRedis ? await startRedisServer() : undefined;
    redis = server;
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const host = startHost(
      {
        PORT: '0',
        CATALOG_SOURCE: exampleCatalog,
        ARTIFACTS_ORIGIN: origin.url,
        ESM_ORIGIN: `${origin.url}/esm`,
        ...(server ? { REDIS_URL: server.url } : {}),
      },
      ['--allow-natives-syntax', '--import', v8ShapeProbe],
    );
    const url = await host.listening;
    expect((await fetch(`${url}/api/runtime-catalog/hero1`)).status).toBe(200);
    expect((await fetch(`${url}/api/runtime-catalog/hero1/meta.json`)).status).toBe(200);
    host.process.kill('SIGTERM');
    expect(await host.exited).toBe(0);
    await host.closed; // the probe writes at exit
    const lines = host.output().stderr.split('\n');
    expect(lines).toContain('String.prototype fast: true');
    expect(lines).toContain(`ioredis loaded: ${withRedis}`);
  });

  it('REQUEST_LOG=off writes no access line', async () => {
    const host = startHost({
      PORT: '0',
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
      ESM_ORIGIN: 'http://127.0.0.1:9',
      REVALIDATION_SECRET: 's',
      REQUEST_LOG: 'off',
    });
    const url = await host.listening;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    host.process.kill('SIGTERM');
    expect(await host.exited).toBe(0);
    expect(host.output().stdout).toBe(`host listening on ${url}\nSIGTERM received, closing\n`);
  });

  it('REMOTE_COMPILER: lazy (the default) starts no esbuild process before the first compile, eager at start, off never (501)', async () => {
    const esm = await startEsmOrigin(sampleEsmModules('/esm'));
    try {
      const env = {
        PORT: '0',
        CATALOG_SOURCE: exampleCatalog,
        ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
        ESM_ORIGIN: `${esm.url}/esm`,
        REVALIDATION_SECRET: 's',
      };
      const modulePath = remoteComponentPath(
        `${esm.url}/esm/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022&external=react,react/jsx-runtime,@acme/core`,
      );
      const modes: Record<string, string>[] = [{}, { REMOTE_COMPILER: 'eager' }, { REMOTE_COMPILER: 'off' }];
      const [lazy, eager, off] = modes.map((mode) => startHost({ ...env, ...mode }));
      const [lazyUrl, eagerUrl, offUrl] = await Promise.all([lazy!.listening, eager!.listening, off!.listening]);
      // Eager: the esbuild-wasm service process starts without any request (generous budget: loaded machine).
      await vi.waitFor(() => expect(childrenOf(eager!.process.pid!)).not.toEqual([]), {
        timeout: 60_000,
        interval: 50,
      });
      for (const url of [lazyUrl, offUrl]) expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(childrenOf(lazy!.process.pid!)).toEqual([]);
      expect(childrenOf(off!.process.pid!)).toEqual([]);

      const compiled = await fetch(`${lazyUrl}${modulePath}`);
      expect(compiled.status).toBe(200);
      expect(compiled.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(childrenOf(lazy!.process.pid!)).not.toEqual([]);
      expect((await fetch(`${eagerUrl}${modulePath}`)).status).toBe(200);

      const refused = await fetch(`${offUrl}${modulePath}`);
      expect(refused.status).toBe(501);
      expect(await refused.json()).toEqual({
        error: 'Remote components are not compiled by this host (REMOTE_COMPILER=off)',
        code: 'remote-compiler-off',
      });
      expect(childrenOf(off!.process.pid!)).toEqual([]);
      const compilers = [...childrenOf(lazy!.process.pid!), ...childrenOf(eager!.process.pid!)];
      for (const host of [lazy!, eager!, off!]) {
        host.process.kill('SIGTERM');
        expect(await host.exited).toBe(0);
        expect(host.output().stderr).toBe('');
      }
      // The esbuild-wasm processes went with their hosts (stopped at the shutdown).
      await vi.waitFor(() => expect(compilers.filter(running)).toEqual([]), { timeout: 30_000, interval: 50 });
    } finally {
      await esm.close();
    }
  }, 120_000);
});
