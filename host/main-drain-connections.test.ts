import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type HostProcess, startHostProcess } from '../testing/host/host-process.js';
import { openRawConnection, type RawConnection } from '../testing/host/raw-connection.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';

// docs/host-process.md "Readiness and drain", on a real `catalog-host` process: once the drain is
// over, a connection without a request in progress (silent, or partway through a head) is closed,
// not waited for; a request whose handler runs still gets its whole answer; exit 0 within a second.

const exampleCatalog = fileURLToPath(new URL('../examples/artifacts/catalog.json', import.meta.url));
const exampleArtifacts = fileURLToPath(new URL('../examples/artifacts', import.meta.url));
const COUNTER_META = '/@acme/ui-counter1@1.0.0/meta.json';
const DRAIN_MS = 1_000;
/** From the signal to the exit: the drain and a second (`docker stop` kills at 10 s). */
const EXIT_WITHIN_MS = DRAIN_MS + 1_000;
/** The slow-loris client's pace: one more byte of its head this often. */
const TRICKLE_MS = 100;

const children: ChildProcess[] = [];
const sockets: Socket[] = [];
let origin: ArtifactsOrigin | undefined;
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await origin?.close();
  origin = undefined;
});

function startHost(env: Record<string, string> = {}): HostProcess {
  return startHostProcess(
    {
      PORT: '0',
      CATALOG_SOURCE: exampleCatalog,
      ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
      ESM_ORIGIN: 'http://127.0.0.1:9/esm',
      REVALIDATION_SECRET: 's',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      ...env,
    },
    (child) => children.push(child),
  );
}

/** A raw connection of the test's, closed after it. */
async function openConnection(port: number, head = ''): Promise<RawConnection> {
  const connection = await openRawConnection(port, head);
  sockets.push(connection.socket);
  return connection;
}

/** Sends SIGTERM; resolves with the exit code and the time from the signal to the exit. */
async function terminate(host: HostProcess): Promise<{ signalled: number; code: number | null; exitAfterMs: number }> {
  const signalled = performance.now();
  host.process.kill('SIGTERM');
  const code = await host.exited;
  return { signalled, code, exitAfterMs: performance.now() - signalled };
}

/**
 * SIGTERM, then the checks every case shares: exit 0 no sooner than the drain and within a second
 * of its end, and `connection` closed after the drain without a byte of answer.
 */
async function expectClosedAfterDrain(host: HostProcess, connection: RawConnection): Promise<number> {
  const { signalled, code, exitAfterMs } = await terminate(host);
  expect(code).toBe(0);
  expect(exitAfterMs).toBeGreaterThanOrEqual(DRAIN_MS);
  expect(exitAfterMs).toBeLessThan(EXIT_WITHIN_MS);
  expect((await connection.closed).at - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
  expect(connection.received()).toBe('');
  return exitAfterMs;
}

describe('catalog-host shutdown: connections without a request in progress', () => {
  it('a silent connection opened before SIGTERM is kept through the drain, then closed: exit 0 within the drain and a second', async () => {
    const host = startHost();
    const port = Number(new URL(await host.listening).port);
    const silent = await openConnection(port);

    const exitAfterMs = await expectClosedAfterDrain(host, silent);
    await host.closed;
    expect(host.output().stderr).toBe('');
    console.info(`silent connection: exit 0, ${Math.round(exitAfterMs)} ms after SIGTERM (drain ${DRAIN_MS} ms)`);
  });

  it('the same silent connection on METRICS_PORT: exit 0 within the drain and a second', async () => {
    const host = startHost({ METRICS_PORT: '0' });
    await host.listening;
    const metricsLine = await host.printed(/^metrics on http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const silent = await openConnection(Number(new URL(metricsLine.slice('metrics on '.length)).port));

    await expectClosedAfterDrain(host, silent);
  });

  it('a slow-loris client (half a head, then a byte every 100 ms) gets no answer and is closed after the drain: exit 0 within the drain and a second', async () => {
    const host = startHost();
    const port = Number(new URL(await host.listening).port);
    const loris = await openConnection(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const trickle = setInterval(() => loris.socket.write('a'), TRICKLE_MS);
    void loris.closed.then(() => clearInterval(trickle));

    await expectClosedAfterDrain(host, loris);
  });

  it('a request in flight across the end of the drain gets its whole 200 while a silent connection beside it is closed at once: exit 0 within the drain and a second', async () => {
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const host = startHost({ ARTIFACTS_ORIGIN: origin.url });
    const url = await host.listening;
    expect((await fetch(`${url}/api/runtime-catalog/hero1`)).status).toBe(200); // the catalog, loaded

    // The origin answers the entry's meta only when the test says so.
    let release!: () => void;
    origin.fail(COUNTER_META, { gate: new Promise<void>((resolve) => (release = resolve)) });
    const originAsked = origin.nextRequest(COUNTER_META);
    // The plain body, so that its length is the Content-Length (fetch decodes a compressed one).
    const inFlight = fetch(`${url}/api/runtime-catalog/counter1`, { headers: { 'accept-encoding': 'identity' } }).then(
      async (response) => ({
        status: response.status,
        contentLength: response.headers.get('content-length'),
        body: await response.text(),
      }),
    );
    await originAsked;
    const silent = await openConnection(Number(new URL(url).port));

    const signalled = performance.now();
    host.process.kill('SIGTERM');
    // The silent connection does not wait for the busy one.
    expect((await silent.closed).at - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(host.process.exitCode).toBeNull();

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.contentLength).toBe(String(Buffer.byteLength(answer.body)));
    expect(JSON.parse(answer.body)).toMatchObject({ id: 'counter1' });
    expect(await host.exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(EXIT_WITHIN_MS);
    await host.closed;
    expect(host.output().stdout).toMatch(/^GET \/api\/runtime-catalog\/counter1 200 \d+\.\dms$/m);
    expect(host.output().stderr).toBe('');
  });
});
