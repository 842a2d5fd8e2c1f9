import type { ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHostProcess } from '../testing/host/host-process.js';
import { type RedisServer, startRedisServer } from '../testing/host/redis-server.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';

// docs/design.md "Operations (production)" and docs/host-process.md "Readiness and drain", on a
// real `catalog-host` process (host/dist/main.js): GET /readyz, SHUTDOWN_DRAIN_MS, the signals.

const exampleCatalog = fileURLToPath(new URL('../examples/artifacts/catalog.json', import.meta.url));
const exampleArtifacts = fileURLToPath(new URL('../examples/artifacts', import.meta.url));
const COUNTER_META = '/@acme/ui-counter1@1.0.0/meta.json';
/** From the release of the request in flight to the exit: Node's keep-alive time-out (5 s and 1 s) would hold its connection longer. */
const EXIT_AFTER_LAST_ANSWER_MS = 4_000;
/** From the end of the drain to the exit, with nothing in flight, on a shared and loaded machine. */
const EXIT_AFTER_DRAIN_MS = 10_000;
/** How long the Redis host may take to see Redis go or come back (reconnection back-off 2 s at most). */
const RECOVERY_MS = 30_000;
/** The load balancer of the load test: its probe period, and how long it sends after the first 503. */
const PROBE_PERIOD_MS = 50;
const LB_REACTION_MS = 1_000;

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
  return startHostProcess(
    {
      PORT: '0',
      CATALOG_SOURCE: exampleCatalog,
      ESM_ORIGIN: 'http://127.0.0.1:9/esm',
      REVALIDATION_SECRET: 's',
      ...env,
    },
    (child) => children.push(child),
  );
}

async function readiness(url: string): Promise<{ status: number; cacheControl: string | null; body: unknown }> {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: await response.json() };
}

/** Opens a TCP connection to the host's port: `connected`, or the error code (`ECONNREFUSED`). */
function tryConnect(url: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * One keep-alive GET on a raw connection, which this side never closes: resolves with what it
 * received once the host closed the connection, and when.
 */
function rawKeepAliveGet(url: string, path: string): Promise<{ received: string; closedAt: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.once('error', reject);
    socket.once('end', () => {
      resolve({ received, closedAt: performance.now() });
      socket.destroy();
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  });
}

/** One GET over `agent`: its status and whole body, or the error that ended it. */
function getWhole(url: string, agent: Agent): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    get(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', (error) => resolve({ error: String(error) }));
    }).on('error', (error) => resolve({ error: String(error) }));
  });
}

describe('catalog-host readiness and drain', () => {
  it('exits 1 with one line naming a malformed SHUTDOWN_DRAIN_MS', async () => {
    const values = ['5s', '-1', '1e3', '600001'];
    const hosts = values.map((value) =>
      startHost({ ARTIFACTS_ORIGIN: 'http://127.0.0.1:9', SHUTDOWN_DRAIN_MS: value }),
    );
    for (const [index, host] of hosts.entries()) {
      expect(await host.exited).toBe(1);
      await host.closed;
      expect(host.output()).toEqual({
        stdout: '',
        stderr: `error: SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000, got "${values[index]}"\n`,
      });
    }
  });

  it('GET /readyz is 200, then 503 draining from the SIGTERM on while requests are still served; then the port closes, the request in flight finishes, exit 0', async () => {
    const drainMs = 3_000;
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const host = startHost({ ARTIFACTS_ORIGIN: origin.url, SHUTDOWN_DRAIN_MS: String(drainMs) });
    const url = await host.listening;
    expect(await readiness(url)).toEqual({ status: 200, cacheControl: 'no-store', body: { ready: true } });
    expect((await fetch(`${url}/api/runtime-catalog/hero1`)).status).toBe(200); // warm

    // A request in flight across the whole shutdown: its origin answers when the test says so.
    let release!: () => void;
    origin.fail(COUNTER_META, { gate: new Promise<void>((resolve) => (release = resolve)) });
    // Sent raw: a client that never closes an idle connection itself (fetch's and Node's agents do).
    const originAsked = origin.nextRequest(COUNTER_META);
    const inFlight = rawKeepAliveGet(url, '/api/runtime-catalog/counter1');
    await originAsked;

    const signalled = performance.now();
    host.process.kill('SIGTERM');
    await host.printed(/^SIGTERM received, draining for 3000 ms$/);
    expect(await readiness(url)).toEqual({
      status: 503,
      cacheControl: 'no-store',
      body: { ready: false, reason: 'draining' },
    });
    // Served during the drain: an entry, and liveness. Each answer closes its connection (clients
    // that keep connections open reconnect, through their balancing).
    const during = await rawKeepAliveGet(url, '/api/runtime-catalog/hero1');
    expect(during.received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(during.received).toMatch(/\r\nConnection: close\r\n/i);
    expect(during.received).toContain('"id":"hero1"');
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // The drain is over: no new connection, and the request in flight keeps the process.
    await host.printed(/^drained, closing$/);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(drainMs);
    expect(await tryConnect(url)).toBe('ECONNREFUSED');
    expect(host.process.exitCode).toBeNull();

    const released = performance.now();
    release();
    // Answered keep-alive (it came before the drain), and closed by the host once idle: not after
    // Node's keep-alive time-out (5 s and 1 s).
    const answer = await inFlight;
    expect(answer.received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.received).toMatch(/\r\nConnection: keep-alive\r\n/i);
    expect(answer.received).toContain('"id":"counter1"');
    expect(answer.closedAt - released).toBeLessThan(EXIT_AFTER_LAST_ANSWER_MS);
    expect(await host.exited).toBe(0);
    expect(performance.now() - released).toBeLessThan(EXIT_AFTER_LAST_ANSWER_MS);
    await host.closed;
    const lines = host.output().stdout.split('\n');
    expect(lines.filter((line) => /^GET \/readyz \d+/.test(line)).map((line) => line.split(' ')[2])).toEqual([
      '200',
      '503',
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^GET \/api\/runtime-catalog\/counter1 200 \d+\.\dms$/));
    expect(lines.slice(-3)).toEqual([
      'drained, closing',
      expect.stringMatching(/^GET \/api\/runtime-catalog\/counter1 200 /),
      '',
    ]);
    expect(host.output().stderr).toBe('');
  });

  it('a steady keep-alive load across SIGTERM (default drain), stopped once /readyz says 503 as a load balancer does: every request gets its whole 200', async () => {
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const host = startHost({ ARTIFACTS_ORIGIN: origin.url, SHUTDOWN_DRAIN_MS: '' }); // empty: the default
    const url = await host.listening;
    const entryUrl = `${url}/api/runtime-catalog/hero1`;
    const warm = await fetch(entryUrl);
    expect(warm.status).toBe(200);
    const warmBody = await warm.text();

    const loadAgent = new Agent({ keepAlive: true, maxSockets: 8 });
    const probeAgent = new Agent({ keepAlive: false });
    let signalled = Number.POSITIVE_INFINITY;
    let notReadyAt = Number.POSITIVE_INFINITY;
    let answered = 0;
    let answeredAfterSignal = 0;
    let answeredAfterNotReady = 0;
    const failures: string[] = [];
    let reachedSteadyLoad!: () => void;
    const steadyLoad = new Promise<void>((resolve) => (reachedSteadyLoad = resolve));
    const sender = async () => {
      // The load balancer stops sending LB_REACTION_MS after the first 503 of its probe.
      while (performance.now() < notReadyAt + LB_REACTION_MS) {
        const sentAt = performance.now();
        const result = await getWhole(entryUrl, loadAgent);
        if ('error' in result) failures.push(`sent at +${Math.round(sentAt - signalled)} ms: ${result.error}`);
        else if (result.status !== 200 || result.body !== warmBody)
          failures.push(`sent at +${Math.round(sentAt - signalled)} ms: ${result.status}, ${result.body.length} bytes`);
        else {
          answered += 1;
          if (sentAt > signalled) answeredAfterSignal += 1;
          if (sentAt > notReadyAt) answeredAfterNotReady += 1;
          if (answered === 200) reachedSteadyLoad();
        }
      }
    };
    const probe = async () => {
      // A load balancer's probe: every PROBE_PERIOD_MS, until the first 503.
      for (;;) {
        const result = await getWhole(`${url}/readyz`, probeAgent);
        if ('status' in result && result.status === 503) {
          expect(JSON.parse(result.body)).toEqual({ ready: false, reason: 'draining' });
          notReadyAt = performance.now();
          return;
        }
        if ('error' in result || result.status !== 200) failures.push(`probe: ${JSON.stringify(result)}`);
        await new Promise((resolve) => setTimeout(resolve, PROBE_PERIOD_MS));
      }
    };
    const senders = Array.from({ length: 8 }, () => sender());
    const probing = probe();
    await steadyLoad;
    signalled = performance.now();
    host.process.kill('SIGTERM');
    await probing;
    await Promise.all(senders);
    const stoppedSending = performance.now();
    loadAgent.destroy();

    expect(failures).toEqual([]);
    expect(answeredAfterSignal).toBeGreaterThan(0);
    expect(answeredAfterNotReady).toBeGreaterThan(0);
    await host.printed(/^SIGTERM received, draining for 5000 ms$/);
    // The drain (the default, 5 s) outlasted the load balancer's reaction: the port closes only now.
    expect(stoppedSending - signalled).toBeLessThan(5_000);
    expect(await host.exited).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(5_000);
    expect(performance.now() - signalled).toBeLessThan(5_000 + EXIT_AFTER_DRAIN_MS);
    expect(await tryConnect(url)).toBe('ECONNREFUSED');
    await host.closed;
    // Every answer has its access line: none lost at the exit.
    const entryLines = host
      .output()
      .stdout.split('\n')
      .filter((line) => /^GET \/api\/runtime-catalog\/hero1 200 /.test(line));
    expect(entryLines).toHaveLength(answered + 1);
    console.info(
      `drain under load: ${answered} requests answered 200, ${answeredAfterSignal} sent after SIGTERM, ` +
        `${answeredAfterNotReady} after the first 503 of /readyz (+${Math.round(notReadyAt - signalled)} ms), 0 failures`,
    );
  }, 60_000);

  it('SIGINT drains too, and a second signal during the drain exits at once (128 + its number)', async () => {
    const host = startHost({ ARTIFACTS_ORIGIN: 'http://127.0.0.1:9', SHUTDOWN_DRAIN_MS: '60000' });
    const url = await host.listening;
    host.process.kill('SIGINT');
    await host.printed(/^SIGINT received, draining for 60000 ms$/);
    expect((await readiness(url)).body).toEqual({ ready: false, reason: 'draining' });
    const again = performance.now();
    host.process.kill('SIGTERM');
    expect(await host.exited).toBe(143);
    expect(performance.now() - again).toBeLessThan(EXIT_AFTER_DRAIN_MS);
    await host.closed;
    expect(host.output().stderr).toBe('warning: SIGTERM received while shutting down, exiting now\n');
    expect(host.output().stdout.split('\n')).toEqual([
      `host listening on ${url}`,
      'SIGINT received, draining for 60000 ms',
      expect.stringMatching(/^GET \/readyz 503 \d+\.\dms$/),
      '',
    ]);
  });

  it('with REDIS_URL: 200 while Redis is up, 200 degraded while it is stopped (never out of the balancer), 200 again after it restarts; /healthz 200 throughout', async () => {
    redis = await startRedisServer();
    const host = startHost({ ARTIFACTS_ORIGIN: 'http://127.0.0.1:9', REDIS_URL: redis.url, REMOTE_COMPILER: 'off' });
    const url = await host.listening;
    expect(await readiness(url)).toEqual({ status: 200, cacheControl: 'no-store', body: { ready: true } });

    await redis.stop();
    // Polled, as a load balancer does: the host's view changes when its connections notice.
    await vi.waitFor(
      async () =>
        expect(await readiness(url)).toEqual({
          status: 200,
          cacheControl: 'no-store',
          body: { ready: true, degraded: 'redis-unavailable' },
        }),
      { timeout: RECOVERY_MS, interval: 50 },
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    await redis.restart();
    await vi.waitFor(
      async () =>
        expect(await readiness(url)).toEqual({ status: 200, cacheControl: 'no-store', body: { ready: true } }),
      { timeout: RECOVERY_MS, interval: 50 },
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    host.process.kill('SIGTERM');
    expect(await host.exited).toBe(0);
  }, 60_000);
});
