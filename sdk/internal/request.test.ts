import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port.js';
import { type HostFixture, startHostFixture } from '../../testing/host/host-fixture.js';
import { serveHost } from '../../testing/host/served-host.js';
import { closeServer, listen, serverUrl } from '../../testing/origins/artifacts-origin.js';
import { type ReferenceCms, startReferenceCms } from '../../testing/origins/reference-cms.js';
import { failureOf } from '../../testing/sdk/failure-of.js';
import { SdkError } from '../sdk-error.js';
import { pageFetch, readJson, request } from './request.js';

let fixture: HostFixture;
let host: { url: string; close(): Promise<void> };
let cms: ReferenceCms;
/** A server answering any JSON error body a test names: `/status/<n>?code=…&error=…`. */
let errors: { url: string; close(): Promise<void> };

beforeAll(async () => {
  fixture = await startHostFixture({ packages: 2 });
  host = await serveHost(fixture);
  cms = await startReferenceCms();
  const app = new Hono();
  app.all('/status/:status', (c) =>
    c.json({ error: c.req.query('error'), code: c.req.query('code') }, Number(c.req.param('status')) as 500),
  );
  const server = await listen(app, 0);
  errors = { url: serverUrl(server), close: () => closeServer(server) };
});
afterAll(async () => {
  await errors.close();
  await cms.close();
  await host.close();
  await fixture.close();
});

describe('request', () => {
  it('answers a 2xx as it is', async () => {
    const response = await request(pageFetch, `${host.url}/api/runtime-catalog/pkg0`);
    expect(response.status).toBe(200);
    expect((await readJson<{ id: string }>(response, 'reading')).id).toBe('pkg0');
  });

  it('sends a JSON body and hands back the statuses the caller reads itself', async () => {
    const page = { id: 'p', title: 'P', revision: 0, updatedAt: '', content: [] };
    const saved = await request(pageFetch, `${cms.url}/pages/p`, { method: 'PUT', body: page });
    expect((await readJson<{ revision: number }>(saved, 'saving')).revision).toBe(1);
    const stale = await request(pageFetch, `${cms.url}/pages/p`, { method: 'PUT', body: page, answers: [409] });
    expect([stale.status, await stale.json()]).toEqual([409, { error: 'Revision conflict', revision: 1 }]);
    const absent = await request(pageFetch, `${cms.url}/pages/none`, { answers: [404] });
    expect(absent.status).toBe(404);
  });

  it('fails with `network` when nothing answers, the platform error as cause', async () => {
    const url = `http://127.0.0.1:${await freePort()}/api/runtime-catalog/pkg0`;
    const error = await failureOf(request(pageFetch, url, { method: 'DELETE' }));
    expect([error.code, error.message]).toEqual(['network', `Network error: DELETE ${url}`]);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("maps the host's error codes, and nothing else, to the SDK's", async () => {
    const unknown = await failureOf(request(pageFetch, `${host.url}/api/runtime-catalog/nope`));
    expect([unknown.code, unknown.status, unknown.message]).toEqual(['unknown-package', 404, 'Unknown package: nope']);
    fixture.origin.remove('/@acme/ui-pkg1@1.0.0/schema.json'); // pkg1 is read nowhere else: nothing cached
    const url = `${host.url}/api/runtime-catalog/pkg1/schema.json`;
    const missing = await failureOf(request(pageFetch, url, { what: 'Reading schema.json' }));
    expect([missing.code, missing.status]).toEqual(['not-found', 404]);
    expect(missing.message).toMatch(/^Reading schema\.json failed: /);
    const integrity = await failureOf(request(pageFetch, `${errors.url}/status/502?code=integrity-mismatch&error=x`));
    expect([integrity.code, integrity.status, integrity.message]).toEqual(['integrity', 502, 'x']);
    // The message never decides: a body that says "Unknown package" with another code is host-error.
    const other = `${errors.url}/status/500?code=internal-error&error=Unknown%20package`;
    const failed = await failureOf(request(pageFetch, other));
    expect([failed.code, failed.status, failed.message]).toEqual([
      'host-error',
      500,
      `GET ${other} failed: Unknown package`,
    ]);
  });

  it('gives the status of an answer without a JSON error body', async () => {
    fixture.origin.fail('/broken', { status: 503 });
    const url = `${fixture.origin.url}/broken`;
    const error = await failureOf(request(pageFetch, url));
    expect([error.code, error.status, error.message]).toEqual(['host-error', 503, `GET ${url} failed: HTTP 503`]);
  });

  it('asks a failed HEAD again with GET, for the error body a HEAD answer lacks', async () => {
    const error = await failureOf(
      request(pageFetch, `${host.url}/api/runtime-catalog/nope`, { method: 'HEAD', what: 'Loading nope' }),
    );
    expect([error.code, error.status, error.message]).toEqual(['unknown-package', 404, 'Unknown package: nope']);
  });
});

describe('readJson', () => {
  it('fails with `host-error` on a body that is not JSON, or with the SdkError the caller makes of it', async () => {
    fixture.origin.fail('/truncated.json', { invalidJson: true });
    const url = `${fixture.origin.url}/truncated.json`;
    const error = await failureOf(readJson(await request(pageFetch, url), 'Reading it'));
    expect([error.code, error.status, error.message]).toEqual([
      'host-error',
      200,
      'Reading it failed: the answer is not JSON',
    ]);
    const invalid = await failureOf(
      readJson(
        await request(pageFetch, url),
        'Reading it',
        (cause) => new SdkError('invalid-catalog', 'no', { cause }),
      ),
    );
    expect(invalid.code).toBe('invalid-catalog');
  });
});

describe('one request path', () => {
  it('no SDK product file but this module calls fetch: every request gets its typed errors here', () => {
    const root = fileURLToPath(new URL('../', import.meta.url));
    const calls: string[] = [];
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /(^|\/)(node_modules|dist)\//.test(file) || /\.(test|case)\.tsx?$/.test(file)) {
        continue;
      }
      if (file === join('internal', 'request.ts') || /^vite(\.worker)?\.config\.ts$/.test(file)) continue;
      const text = readFileSync(join(root, file), 'utf8');
      // `fetch(`, `.fetch(`, `#fetch(`, `fetchImpl(`; `prefetchInsert(` is not a call of fetch.
      if (/\bfetch(Impl)?\s*\(|XMLHttpRequest|sendBeacon/.test(text)) calls.push(file);
    }
    expect(calls).toEqual([]);
  });
});
