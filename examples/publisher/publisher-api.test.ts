import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArtifactsOrigin } from '../../testing/origins/artifacts-origin.js';
import { type PublishTestStack, removePublishTemplate, startPublishTestStack } from './publish-test-stack.js';
import { createPublisherApi, publisherRequestListener } from './publisher-api.js';

const DATA = '/@acme/ui-callout1@1.0.0/data.json';

let stack: PublishTestStack;
let origin: ArtifactsOrigin;
let server: Server;
/** The publisher API on 127.0.0.1, mounted as the dev server mounts it. */
let api: string;

beforeEach(async () => {
  stack = await startPublishTestStack();
  origin = stack.origin;
  const publisher = createPublisherApi(stack.target, {
    artifacts: () => origin.counts(),
    esm: () => ({ '/esm/x': 2 }),
  });
  server = createServer(publisherRequestListener(publisher));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await stack.close();
});
afterAll(removePublishTemplate);

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${api}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

/** An answer as [status, JSON body]; fails when the body is not JSON. */
async function answer(response: Response): Promise<[number, unknown]> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return [response.status, await response.json()];
}

/**
 * Streams up to `total` bytes of a JSON string to POST /republish, and stops writing as soon as
 * the answer arrives: resolves with the answer and how many bytes had been written by then.
 */
function upload(total: number, headers: Record<string, string>) {
  const url = new URL('/republish', api);
  return new Promise<{ status: number; body: unknown; written: number }>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    req.on('error', (error) => {
      // The server closes the connection once it answered: a write after that fails.
      if (!answered) reject(error);
    });
    req.on('response', (response) => {
      answered = true;
      const at = written;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        req.destroy();
        resolve({ status: response.statusCode!, body: JSON.parse(text), written: at });
      });
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = () => {
      if (written === 0) {
        req.write('{"packageId":"callout1","content":"');
        written += 35;
      }
      while (!answered && !req.destroyed && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!answered && !req.destroyed) req.end('"}');
    };
    write();
  });
}

describe('publisher API', () => {
  it('answers 400, 404 and 413 for bad requests, and the origins request counts', async () => {
    expect((await post('/republish', '{}', { 'content-type': 'text/plain' })).status).toBe(415);
    const crossOrigin = await post('/republish', '{"packageId":"callout1"}', { origin: 'https://evil.example' });
    expect(await answer(crossOrigin)).toEqual([
      403,
      { error: 'Cross-origin requests are refused', code: 'cross-origin' },
    ]);
    const sameOrigin = await post('/republish', '{"packageId":"callout1"}', { origin: api });
    expect(sameOrigin.status).toBe(200);
    expect(await answer(await post('/republish', '{'))).toEqual([
      400,
      { error: 'Invalid JSON body', code: 'invalid-body' },
    ]);
    expect(await answer(await post('/republish', '{}'))).toEqual([
      400,
      { error: 'Missing packageId', code: 'invalid-body' },
    ]);
    expect(await answer(await post('/republish', '{"packageId":"nope"}'))).toEqual([
      404,
      { error: 'Unknown package: nope', code: 'unknown-package' },
    ]);
    const large = await post('/republish', JSON.stringify({ packageId: 'callout1', content: 'x'.repeat(300_000) }));
    expect((await answer(large))[0]).toBe(413);
    const ok = await post('/republish', '{"packageId":"callout1"}');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { artifact: string }).artifact).toBe('data.json');
    const stats = (await (await fetch(`${api}/stats`)).json()) as { artifacts: Record<string, number> };
    expect(stats.artifacts[DATA]).toBe(2); // the two publishes' verification reads
    expect(stats).toMatchObject({ esm: { '/esm/x': 2 } });
  });

  it('answers every error as JSON {error, code}: an opaque origin, an unknown route, a wrong method', async () => {
    // A sandboxed frame or a file: page sends `Origin: null`: not this origin.
    expect(await answer(await post('/republish', '{"packageId":"callout1"}', { origin: 'null' }))).toEqual([
      403,
      { error: 'Cross-origin requests are refused', code: 'cross-origin' },
    ]);
    expect(await answer(await post('/republish', '{}', { origin: 'not a url' }))).toEqual([
      403,
      { error: 'Cross-origin requests are refused', code: 'cross-origin' },
    ]);
    expect(await answer(await post('/republish', '{}', { 'content-type': 'text/plain' }))).toEqual([
      415,
      { error: 'Content-Type must be application/json', code: 'unsupported-media-type' },
    ]);
    expect(await answer(await fetch(`${api}/nothing`))).toEqual([
      404,
      { error: 'No such endpoint: GET /nothing', code: 'unknown-endpoint' },
    ]);
    expect(await answer(await fetch(`${api}/republish`))).toEqual([
      404,
      { error: 'No such endpoint: GET /republish', code: 'unknown-endpoint' },
    ]);
    // A request target no Request can be made of never reaches Hono: answered as JSON all the same.
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(api).port), '127.0.0.1', () =>
        socket.write('GET http://exa%mple/stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('\r\ncontent-type: application/json\r\n');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'Bad request: Invalid absolute URL',
      code: 'invalid-body',
    });
  });

  it.each([
    ['announced with Content-Length', { 'content-length': String(128 * 1024 * 1024 + 37) }],
    ['chunked', {}],
  ])('answers 413 JSON to a body past the limit without reading the rest (%s)', async (_, headers) => {
    const total = 128 * 1024 * 1024;
    const { status, body, written } = await upload(total, headers);
    // Answered once the limit was passed (plus what the sockets buffer), not after the whole body.
    expect(written).toBeLessThan(total / 4);
    expect([status, body]).toEqual([
      413,
      { error: 'Body too large (the limit is 262144 bytes)', code: 'body-too-large' },
    ]);
  });

  it('checks data.json against schema.json without blocking: a catastrophic pattern gets a 400', async () => {
    const schema = {
      type: 'object',
      properties: { tone: { type: 'string' }, title: { type: 'string', pattern: '^(a+)+$' } },
    };
    const published = await post(
      '/republish',
      JSON.stringify({ packageId: 'callout1', artifact: 'schema.json', content: schema }),
    );
    expect(published.status).toBe(200);

    // Exponential backtracking: run on the event loop, this test blocks every server in it.
    const slow = post(
      '/republish',
      JSON.stringify({ packageId: 'callout1', content: { tone: 'info', title: `${'a'.repeat(36)}!` } }),
    );
    let settled = false;
    const answered = slow.then(answer).finally(() => {
      settled = true;
    });
    // Every concurrent request answers within the budget while the check runs.
    const latencies: number[] = [];
    while (!settled) {
      const started = performance.now();
      expect((await fetch(`${api}/stats`)).status).toBe(200);
      latencies.push(performance.now() - started);
    }
    expect(Math.max(...latencies)).toBeLessThan(1_500);
    expect(await answered).toEqual([
      400,
      {
        error: 'data.json could not be checked against schema.json within 2000 ms (a pattern that backtracks?)',
        code: 'validation-timeout',
      },
    ]);
    // The server is still responsive and the artifact was not changed.
    expect((await fetch(`${origin.url}${DATA}`).then((response) => response.json())) as unknown).toMatchObject({
      title: 'Good to know',
    });
  }, 60_000);
});
