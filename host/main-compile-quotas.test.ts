import type { ChildProcess } from 'node:child_process';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHostProcess } from '../testing/host/host-process.js';
import { type RedisServer, startRedisServer } from '../testing/host/redis-server.js';
import { type EsmOrigin, startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';

// docs/compile-quotas.md on real `catalog-host` processes (host/dist/main.js) in front of a real
// ESM origin on 127.0.0.1. Clients are told apart by the address they connect from (127.0.0.x,
// all loopback on Linux) or, from a trusted proxy, by x-forwarded-for.

const exampleCatalog = fileURLToPath(new URL('../examples/artifacts/catalog.json', import.meta.url));
const GATED_PATH = '/esm/gated@1.0.0';

let esm: EsmOrigin;
let redis: RedisServer | undefined;
const children: ChildProcess[] = [];
const agents: Agent[] = [];
beforeAll(async () => {
  esm = await startEsmOrigin(sampleEsmModules('/esm'));
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const agent of agents.splice(0)) agent.destroy();
  await redis?.stop();
  redis = undefined;
});
afterAll(async () => {
  await esm.close();
});

/** A host process with `variables` over the defaults of these tests; resolves with its URL. */
function startHost(variables: Record<string, string> = {}): Promise<string> {
  const env = {
    PORT: '0',
    CATALOG_SOURCE: exampleCatalog,
    ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
    ESM_ORIGIN: `${esm.url}/esm`,
    REVALIDATION_SECRET: 's',
    REQUEST_LOG: 'off',
    ...variables,
  };
  return startHostProcess(env, (child) => children.push(child)).listening;
}

/** Connections from `address` (127.0.0.x): one client to the host. */
function client(address: string): Agent {
  const agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: 64 });
  agents.push(agent);
  return agent;
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly ms: number;
}

function get(url: string, from?: Agent, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent: from, headers, method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ms: performance.now() - started });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** A distinct cold module per `variant` (the origin ignores the query; the host's cache key does not). */
const modulePath = (variant: string | number) =>
  remoteComponentPath(
    `${esm.url}/esm/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022&external=react,react/jsx-runtime,@acme/core&v=${variant}`,
  );

/** A module whose fetch stays in flight until `open`; `requested` resolves once the origin has it. */
function gatedModule(): { readonly path: string; open(): void; requested(): Promise<void>; fetches(): number } {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  esm.set(GATED_PATH, { status: 200, body: 'export default 1;\n', gate });
  const before = esm.requests(GATED_PATH);
  return {
    path: remoteComponentPath(`${esm.url}${GATED_PATH}`),
    open,
    requested: () => vi.waitFor(() => expect(esm.requests(GATED_PATH)).toBe(before + 1), { timeout: 30_000 }),
    fetches: () => esm.requests(GATED_PATH) - before,
  };
}

const CONCURRENCY_REFUSAL = JSON.stringify({
  error: 'Too many compiles: at most 1 cold compile at once per client',
  code: 'too-many-compiles',
});
const RATE_REFUSAL = JSON.stringify({
  error: 'Too many compiles: at most 1 cold compile a minute (1 every 60 s) per client',
  code: 'too-many-compiles',
});

describe('catalog-host, compile quotas', () => {
  it('refuses a cold compile past a quota, 429 too-many-compiles with Retry-After; a cached module never', async () => {
    const url = await startHost({ COMPILE_QUOTA_CONCURRENCY: '1', COMPILE_QUOTA_PER_MINUTE: '1' });
    const gated = gatedModule();
    const inFlight = get(`${url}${gated.path}`);
    await gated.requested();
    const started = performance.now();
    const pastConcurrency = await get(`${url}${modulePath('a')}`);
    expect([pastConcurrency.status, pastConcurrency.headers['retry-after'], pastConcurrency.body]).toEqual([
      429,
      '1',
      CONCURRENCY_REFUSAL,
    ]);
    expect(pastConcurrency.headers['content-type']).toBe('application/json');
    gated.open();
    expect((await inFlight).status).toBe(200);

    const pastRate = await get(`${url}${modulePath('a')}`);
    expect([pastRate.status, pastRate.body]).toEqual([429, RATE_REFUSAL]);
    // The minute started with the gated compile, before `started`.
    const retryAfter = Number(pastRate.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(retryAfter).toBeGreaterThanOrEqual(60 - Math.ceil((performance.now() - started) / 1000));
    // Past both quotas, the compiled module is still answered, and another client compiles.
    for (const method of ['GET', 'HEAD'])
      expect((await get(`${url}${gated.path}`, undefined, {}, method)).status).toBe(200);
    expect((await get(`${url}${modulePath('a')}`, client('127.0.0.2'))).status).toBe(200);
    expect(gated.fetches()).toBe(1);
  }, 60_000);

  it('x-forwarded-for names the client only from a proxy in TRUSTED_PROXIES', async () => {
    const quota = { COMPILE_QUOTA_PER_MINUTE: '1' };
    const [trusted, untrusted] = await Promise.all([
      startHost({ ...quota, TRUSTED_PROXIES: '127.0.0.1' }),
      startHost(quota),
    ]);
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const statuses = async (url: string) => [
      (await get(`${url}${modulePath('b1')}`, undefined, from('198.51.100.1'))).status,
      (await get(`${url}${modulePath('b2')}`, undefined, from('198.51.100.2'))).status,
      (await get(`${url}${modulePath('b3')}`, undefined, from('198.51.100.1'))).status,
    ];
    // Trusted: two clients, the first refused its second compile; untrusted: one client, 127.0.0.1.
    expect(await statuses(trusted)).toEqual([200, 200, 429]);
    expect(await statuses(untrusted)).toEqual([200, 429, 429]);
  }, 60_000);

  it('two host processes on one Redis count each client once for the cluster', async () => {
    redis = await startRedisServer();
    const quota = { REDIS_URL: redis.url, COMPILE_QUOTA_CONCURRENCY: '1', COMPILE_QUOTA_PER_MINUTE: '1' };
    const [one, two] = await Promise.all([startHost(quota), startHost(quota)]);
    const gated = gatedModule();
    const inFlight = get(`${one}${gated.path}`);
    await gated.requested();
    const onTwo = await get(`${two}${modulePath('c')}`);
    expect([onTwo.status, onTwo.headers['retry-after'], onTwo.body]).toEqual([429, '1', CONCURRENCY_REFUSAL]);
    gated.open();
    expect((await inFlight).status).toBe(200);
    const afterwards = await get(`${two}${modulePath('c')}`);
    expect([afterwards.status, afterwards.body]).toEqual([429, RATE_REFUSAL]);
    // The module compiled on one is answered by two (Redis's copy); another client compiles on two.
    expect((await get(`${two}${gated.path}`)).status).toBe(200);
    expect((await get(`${two}${modulePath('c')}`, client('127.0.0.2'))).status).toBe(200);
    expect(gated.fetches()).toBe(1);
  }, 60_000);
});

const SAMPLES = 7;
const STORM_WORKERS = 20;

/** Medians of client B's cold compiles with the host idle, then while client A storms it. */
async function stormFigures(variables: Record<string, string>) {
  const url = await startHost({ REMOTE_COMPILER: 'eager', ...variables });
  // The compiler's and the JIT's first-time costs, paid by clients of their own.
  for (const address of ['127.0.0.10', '127.0.0.11', '127.0.0.12']) {
    expect((await get(`${url}${modulePath(address)}`, client(address))).status).toBe(200);
  }
  const b = client('127.0.0.3');
  let variant = 0;
  const nextModule = (who: string) => {
    variant += 1;
    return `${url}${modulePath(`${who}${variant}`)}`;
  };
  // B asks as an editor does, one module at a time, 1.1 s apart: within its quota (10 every 10 s).
  const sampleB = async () => {
    const samples: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      const answer = await get(nextModule('b'), b);
      expect(answer.status, answer.body).toBe(200);
      samples.push(answer.ms);
      await sleep(1_100);
    }
    return median(samples);
  };
  const idle = await sampleB();

  // A: distinct cold modules, STORM_WORKERS at a time, each refused one asked again after its Retry-After.
  const a = client('127.0.0.2');
  const stop = new AbortController();
  const counts = { compiled: 0, refused: 0 };
  let firstAnswer = () => {};
  const storming = new Promise<void>((resolve) => {
    firstAnswer = resolve;
  });
  const worker = async () => {
    while (!stop.signal.aborted) {
      const answer = await get(nextModule('a'), a);
      firstAnswer();
      if (answer.status === 200) counts.compiled += 1;
      else if (answer.status === 429) counts.refused += 1;
      else throw new Error(`storm answered ${answer.status}: ${answer.body}`);
      if (answer.status === 429)
        await sleep(1_000 * Number(answer.headers['retry-after']), undefined, stop).catch(() => {});
    }
  };
  const stormStarted = performance.now();
  const workers = Array.from({ length: STORM_WORKERS }, worker);
  await storming;
  const during = await sampleB();
  stop.abort();
  await Promise.all(workers);
  return { idle, during, ratio: during / idle, ...counts, stormSeconds: (performance.now() - stormStarted) / 1000 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function summary(label: string, figures: Awaited<ReturnType<typeof stormFigures>>): string {
  const { idle, during, ratio, compiled, refused, stormSeconds } = figures;
  return `compile quotas storm, ${label}: B's cold compile ${idle.toFixed(0)} ms idle, ${during.toFixed(0)} ms during A's storm (x${ratio.toFixed(2)}); A: ${compiled} compiled, ${refused} refused in ${stormSeconds.toFixed(1)} s (medians of ${SAMPLES})`;
}

describe('catalog-host, compile quotas under a storm', () => {
  it("with the default quotas, one client's storm of cold modules leaves another's cold compile within 1.5x of its idle time", async () => {
    const figures = await stormFigures({});
    console.log(summary('default quotas', figures));
    expect(figures.ratio).toBeLessThanOrEqual(1.5);
    // A was held to its quota: 10 compiles in each window of 10 s it started, the rest refused.
    expect(figures.refused).toBeGreaterThan(0);
    expect(figures.compiled).toBeLessThanOrEqual(10 * (Math.floor(figures.stormSeconds / 10) + 1));
  }, 120_000);

  it('the same storm without quotas (limits out of reach) slows it past 1.5x', async () => {
    const figures = await stormFigures({ COMPILE_QUOTA_CONCURRENCY: '1000', COMPILE_QUOTA_PER_MINUTE: '1000000' });
    console.log(summary('quotas out of reach', figures));
    expect(figures.refused).toBe(0);
    expect(figures.ratio).toBeGreaterThan(1.5);
  }, 120_000);
});
