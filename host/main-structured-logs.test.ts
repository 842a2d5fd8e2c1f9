import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostProcess } from '../testing/host/host-process.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';

// LOG_FORMAT=json and x-request-id (docs/host-logs.md "Structured logs" and "Request id"), on a
// real `catalog-host` process (host/dist/main.js) reading its catalog and artifacts from an origin
// that records the headers of every request.

const exampleArtifacts = fileURLToPath(new URL('../examples/artifacts', import.meta.url));
/** A made id: the process's 8-character prefix, a dash, a counter in base 36. */
const MADE = /^[A-Za-z0-9_-]{8}-[0-9a-z]+$/;

const children: ChildProcess[] = [];
let origin: ArtifactsOrigin | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await origin?.close();
  origin = undefined;
});

function startHost(env: Record<string, string>) {
  return startHostProcess(env, (child) => children.push(child));
}

/** The origin's requests since the last reset, and the x-request-id each carried. */
function originIds(from: ArtifactsOrigin): { path: string; id: string | undefined }[] {
  const ids = from.received().map(({ path, headers }) => ({ path, id: headers['x-request-id'] }));
  from.resetRequests();
  return ids;
}

describe('catalog-host with LOG_FORMAT=json', () => {
  it('writes one JSON record a line, pino levels, its fields, and the request id: echoed, logged, sent to the origin', async () => {
    origin = await startArtifactsOrigin({ root: exampleArtifacts });
    const started = Date.now();
    const host = startHost({
      PORT: '0',
      CATALOG_SOURCE: `${origin.url}/catalog.json`,
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: `${origin.url}/esm`,
      REVALIDATION_SECRET: 's',
      LOG_FORMAT: 'json',
    });
    const url = await host.listening;

    // A given id: kept, answered, and on every origin fetch the request caused (catalog, artifacts).
    const given = 'req-01HF8Z.trace:span_1';
    const first = await fetch(`${url}/api/runtime-catalog/hero1`, { headers: { 'x-request-id': given } });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-request-id')).toBe(given);
    expect(first.headers.get('access-control-expose-headers')).toContain('x-request-id');
    const firstFetches = originIds(origin);
    expect(firstFetches.map(({ path }) => path)).toContain('/catalog.json');
    expect(firstFetches.length).toBeGreaterThan(1);
    for (const { id } of firstFetches) expect(id).toBe(given);

    // Hostile ids are replaced by a new id, the same in the answer, the line and the fetches.
    const tooLong = 'a'.repeat(300);
    const injection = 'x","level":50,"msg":"forged';
    const replaced: string[] = [];
    for (const [packageId, hostile] of [
      ['counter1', tooLong],
      ['features1', injection],
    ] as const) {
      const answer = await fetch(`${url}/api/runtime-catalog/${packageId}`, { headers: { 'x-request-id': hostile } });
      expect(answer.status).toBe(200);
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id).toMatch(MADE);
      const fetches = originIds(origin);
      expect(fetches.length).toBeGreaterThan(0);
      for (const fetched of fetches) expect(fetched.id).toBe(id);
      replaced.push(id);
    }

    // Without one: made; on a 304 and a 404 too.
    const etag = first.headers.get('etag') ?? '';
    const notModified = await fetch(`${url}/api/runtime-catalog/hero1`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    const made = notModified.headers.get('x-request-id') ?? '';
    expect(made).toMatch(MADE);
    const missing = await fetch(`${url}/nowhere?token=secret`, { headers: { 'x-request-id': 'nf-1' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('nf-1');
    expect(originIds(origin)).toEqual([]);

    host.process.kill('SIGTERM');
    expect(await host.exited).toBe(0);
    await host.closed;
    const ended = Date.now();
    const { stdout, stderr } = host.output();
    expect(stderr).toBe('');
    expect(stdout.endsWith('\n')).toBe(true);
    const lines = stdout
      .slice(0, -1)
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) {
      expect(Number.isInteger(line.time)).toBe(true);
      expect(line.time as number).toBeGreaterThanOrEqual(started - 1000);
      expect(line.time as number).toBeLessThanOrEqual(ended + 1000);
    }
    const access = (method: string, path: string, status: number, requestId: string) => ({
      level: 30,
      time: expect.any(Number),
      method,
      path,
      status,
      ms: expect.any(Number),
      requestId,
      msg: 'request completed',
    });
    expect(lines).toEqual([
      listeningLine(url),
      access('GET', '/api/runtime-catalog/hero1', 200, given),
      access('GET', '/api/runtime-catalog/counter1', 200, replaced[0]!),
      access('GET', '/api/runtime-catalog/features1', 200, replaced[1]!),
      access('GET', '/api/runtime-catalog/hero1', 304, made),
      access('GET', '/nowhere', 404, 'nf-1'),
      { level: 30, time: expect.any(Number), signal: 'SIGTERM', drainMs: 0, msg: 'SIGTERM received, closing' },
    ]);
    for (const line of lines.filter((line) => 'ms' in line)) expect(line.ms as number).toBeGreaterThanOrEqual(0);
  });

  it('writes a warning and a start-up error as JSON lines with levels 40 and 50; a bad LOG_FORMAT is a text error naming it', async () => {
    const base = { PORT: '0', CATALOG_SOURCE: `${exampleArtifacts}/catalog.json`, ESM_ORIGIN: 'http://127.0.0.1:9' };
    const warned = startHost({ ...base, ARTIFACTS_ORIGIN: 'http://127.0.0.1:9', LOG_FORMAT: 'json' });
    const broken = startHost({ ...base, ARTIFACTS_ORIGIN: 'nope', LOG_FORMAT: 'json' });
    const unknown = startHost({ ...base, ARTIFACTS_ORIGIN: 'http://127.0.0.1:9', LOG_FORMAT: 'yaml' });

    const url = await warned.listening;
    warned.process.kill('SIGTERM');
    expect(await warned.exited).toBe(0);
    await warned.closed;
    expect(warned.output().stderr).toBe('');
    expect(
      warned
        .output()
        .stdout.trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        level: 40,
        time: expect.any(Number),
        setting: 'REVALIDATION_SECRET',
        msg: 'REVALIDATION_SECRET is unset: every POST /api/revalidate will be answered 401',
      },
      listeningLine(url),
      { level: 30, time: expect.any(Number), signal: 'SIGTERM', drainMs: 0, msg: 'SIGTERM received, closing' },
    ]);

    expect(await broken.exited).toBe(1);
    await broken.closed;
    expect(broken.output().stderr).toBe('');
    expect(JSON.parse(broken.output().stdout)).toEqual({
      level: 50,
      time: expect.any(Number),
      code: 'invalid-config',
      msg: 'ARTIFACTS_ORIGIN must be an http(s) URL, got "nope"',
    });

    expect(await unknown.exited).toBe(1);
    await unknown.closed;
    expect(unknown.output()).toEqual({
      stdout: '',
      stderr: 'error: LOG_FORMAT must be one of text, json, got "yaml"\n',
    });
  });
});

/** The listening line in JSON: its address as fields, and the message scripts match as it is. */
function listeningLine(url: string): Record<string, unknown> {
  const { hostname, port } = new URL(url);
  return { level: 30, time: expect.any(Number), hostname, port: Number(port), msg: `host listening on ${url}` };
}
