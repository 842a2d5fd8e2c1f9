import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RedisServer, startRedisServer } from '../../testing/host/redis-server.js';
import { CompileQuotas, rateWindow } from './compile-quotas.js';
import { TooManyCompilesError } from './too-many-compiles-error.js';

/** A compile that stays in flight until the test ends it. */
function heldCompile(): { readonly compile: () => Promise<string>; finish(): void; fail(): void } {
  let finish = () => {};
  let fail = () => {};
  const settled = new Promise<string>((resolve, reject) => {
    finish = () => resolve('compiled');
    fail = () => reject(new Error('compile failed'));
  });
  return { compile: () => settled, finish, fail };
}

/** What `run` was refused with, as the route answers it. */
async function refusalOf(running: Promise<unknown>) {
  const error = await running.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TooManyCompilesError)) throw new Error(`not refused: ${String(error)}`);
  const { status, code, message, retryAfterSeconds, quota, client } = error;
  return { status, code, message, retryAfterSeconds, quota, client };
}

const compiled = async () => 'compiled';
/** Far above anything a test starts: only the concurrency counts. */
const NO_RATE = 1_000_000;

describe('rateWindow', () => {
  it('splits the minute into the shortest windows of 10 s or more that take a whole part of it', () => {
    const windows = [60, 120, 90, 30, 10, 5, 7, 1, 1_000_000].map((perMinute) => [perMinute, rateWindow(perMinute)]);
    expect(windows).toEqual([
      [60, { points: 10, duration: 10 }],
      [120, { points: 20, duration: 10 }],
      [90, { points: 15, duration: 10 }],
      [30, { points: 5, duration: 10 }],
      [10, { points: 2, duration: 12 }],
      [5, { points: 1, duration: 12 }],
      [7, { points: 7, duration: 60 }],
      [1, { points: 1, duration: 60 }],
      [1_000_000, { points: 200_000, duration: 12 }],
    ]);
  });
});

describe('CompileQuotas in one process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a client past its compiles in flight, 429 with Retry-After 1; others and freed slots go on', async () => {
    const quotas = new CompileQuotas({ concurrency: 2, perMinute: NO_RATE });
    const first = heldCompile();
    const second = heldCompile();
    const running = [quotas.run('10.0.0.1', first.compile), quotas.run('10.0.0.1', second.compile)];
    expect(await refusalOf(quotas.run('10.0.0.1', compiled))).toEqual({
      status: 429,
      code: 'too-many-compiles',
      message: 'Too many compiles: at most 2 cold compiles at once per client',
      retryAfterSeconds: 1,
      quota: 'concurrency',
      client: '10.0.0.1',
    });
    expect(await quotas.run('10.0.0.2', compiled)).toBe('compiled');
    first.finish();
    second.fail();
    await expect(Promise.allSettled(running)).resolves.toEqual([
      { status: 'fulfilled', value: 'compiled' },
      { status: 'rejected', reason: new Error('compile failed') },
    ]);
    // Both slots are back, the failed compile's too; a refusal took none.
    const third = heldCompile();
    const fourth = heldCompile();
    const again = [quotas.run('10.0.0.1', third.compile), quotas.run('10.0.0.1', fourth.compile)];
    expect((await refusalOf(quotas.run('10.0.0.1', compiled))).quota).toBe('concurrency');
    third.finish();
    fourth.finish();
    await Promise.all(again);
  });

  it('60 a minute is 10 every 10 s; past them, Retry-After is the rest of the window; the refused compile holds no slot', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'performance'] });
    const quotas = new CompileQuotas({ concurrency: 1, perMinute: 60 });
    const compile = vi.fn(compiled);
    for (let started = 0; started < 10; started += 1) expect(await quotas.run('10.0.0.1', compile)).toBe('compiled');
    vi.advanceTimersByTime(1_500);
    expect(await refusalOf(quotas.run('10.0.0.1', compile))).toEqual({
      status: 429,
      code: 'too-many-compiles',
      message: 'Too many compiles: at most 60 cold compiles a minute (10 every 10 s) per client',
      retryAfterSeconds: 9,
      quota: 'rate',
      client: '10.0.0.1',
    });
    expect(await quotas.run('10.0.0.2', compile)).toBe('compiled');
    vi.advanceTimersByTime(8_500);
    // A slot kept by the refusal would refuse this one (concurrency 1).
    expect(await quotas.run('10.0.0.1', compile)).toBe('compiled');
    expect(compile).toHaveBeenCalledTimes(12);
  });

  it('slots of compiles that never end come back with their window, and a late release adds none', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'performance'] });
    const quotas = new CompileQuotas({ concurrency: 1, perMinute: NO_RATE });
    const stuck = heldCompile();
    const stuckRun = quotas.run('10.0.0.1', stuck.compile);
    expect((await refusalOf(quotas.run('10.0.0.1', compiled))).quota).toBe('concurrency');
    vi.advanceTimersByTime(60_000);
    const next = heldCompile();
    const nextRun = quotas.run('10.0.0.1', next.compile);
    stuck.finish();
    await stuckRun;
    // The stuck compile's slot ended with its window: releasing it now frees nothing.
    expect((await refusalOf(quotas.run('10.0.0.1', compiled))).quota).toBe('concurrency');
    next.finish();
    await nextRun;
    expect(await quotas.run('10.0.0.1', compiled)).toBe('compiled');
  });
});

describe('CompileQuotas over Redis', () => {
  let redis: RedisServer;
  const connections: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    for (const connection of connections) connection.disconnect();
    await redis.stop();
  });

  /** A connection as the Redis store makes its command connection: no offline queue, no retries. */
  async function connection(): Promise<Redis> {
    const client = new Redis(redis.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 2_000,
      retryStrategy: () => 100,
    });
    connections.push(client);
    await client.connect();
    return client;
  }

  it('counts each client for every instance on the server', async () => {
    const [one, two] = [await connection(), await connection()];
    const first = new CompileQuotas({ concurrency: 1, perMinute: NO_RATE, redis: one });
    const second = new CompileQuotas({ concurrency: 1, perMinute: NO_RATE, redis: two });
    const held = heldCompile();
    const running = first.run('10.0.1.1', held.compile);
    expect((await refusalOf(second.run('10.0.1.1', compiled))).quota).toBe('concurrency');
    expect(await second.run('10.0.1.2', compiled)).toBe('compiled');
    held.finish();
    await running;
    expect(await second.run('10.0.1.1', compiled)).toBe('compiled');

    const rateOne = new CompileQuotas({ concurrency: 5, perMinute: 1, redis: one });
    const rateTwo = new CompileQuotas({ concurrency: 5, perMinute: 1, redis: two });
    await rateOne.run('10.0.1.3', compiled);
    expect(await refusalOf(rateTwo.run('10.0.1.3', compiled))).toMatchObject({
      quota: 'rate',
      retryAfterSeconds: 60,
    });
  });

  it('Redis gone: each process counts in its memory; no compile fails or waits for Redis', async () => {
    const client = await connection();
    const quotas = new CompileQuotas({ concurrency: 1, perMinute: NO_RATE, redis: client });
    const closed = once(client, 'close');
    await redis.stop();
    await closed;
    const held = heldCompile();
    const started = performance.now();
    const running = quotas.run('10.0.2.1', held.compile);
    expect((await refusalOf(quotas.run('10.0.2.1', compiled))).quota).toBe('concurrency');
    expect(await quotas.run('10.0.2.2', compiled)).toBe('compiled');
    held.finish();
    expect(await running).toBe('compiled');
    expect(await quotas.run('10.0.2.1', compiled)).toBe('compiled');
    // Refused at once by the connection that is not ready: no command time-out (2 s) is waited.
    expect(performance.now() - started).toBeLessThan(1_000);
    await redis.restart();
  });
});
