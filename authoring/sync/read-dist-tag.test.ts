import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import { packumentUrl, readDistTag } from './read-dist-tag.js';

// The registry's answers that verdaccio does not give (sync-deps-command.test.ts runs a real one):
// a plain HTTP server on 127.0.0.1 answering what each test says.

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function registry(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/npm/`;
}

const json = (body: unknown) => (_request: IncomingMessage, response: ServerResponse) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
};

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AuthoringError);
  expect((error as AuthoringError).code).toBe('registry-failed');
  return (error as AuthoringError).message;
}

describe('readDistTag', () => {
  it('asks below the registry path for the escaped name, past every cache, and reads the tag', async () => {
    let seen: IncomingMessage | undefined;
    const url = await registry((request, response) => {
      seen = request;
      json({ 'dist-tags': { latest: '1.0.0', staging: '1.1.0-rc.2' }, versions: { '1.0.0': {}, '1.1.0-rc.2': {} } })(
        request,
        response,
      );
    });
    expect(packumentUrl(url, '@acme/ui-hero1')).toBe(`${url}@acme%2fui-hero1`);
    expect(await readDistTag(url, '@acme/ui-hero1', 'staging')).toEqual({ kind: 'version', version: '1.1.0-rc.2' });
    expect(seen?.url).toBe('/npm/@acme%2fui-hero1');
    expect(seen?.headers).toMatchObject({ 'cache-control': 'no-cache', pragma: 'no-cache' });
    expect(await readDistTag(url, '@acme/ui-hero1', 'next')).toEqual({
      kind: 'tag-missing',
      tags: ['latest', 'staging'],
    });
  });

  it('takes a 404 for a package the registry does not have', async () => {
    const url = await registry((_request, response) => {
      response.statusCode = 404;
      response.end('{"error":"not found"}');
    });
    expect(await readDistTag(url, '@acme/ui-x', 'staging')).toEqual({ kind: 'package-unknown' });
  });

  it('refuses other statuses, saying when credentials are the reason', async () => {
    let status = 500;
    const url = await registry((_request, response) => {
      response.statusCode = status;
      response.end();
    });
    expect(await failure(readDistTag(url, '@acme/ui-x', 'staging'))).toBe(
      `GET ${url}@acme%2fui-x: the staging registry answered 500 Internal Server Error`,
    );
    status = 401;
    expect(await failure(readDistTag(url, '@acme/ui-x', 'staging'))).toContain('sends no credentials');
  });

  it('gives up after the timeout, and past the size limit (announced or streamed)', async () => {
    const silent = await registry(() => {});
    expect(await failure(readDistTag(silent, '@acme/ui-x', 'staging', { timeoutMs: 300 }))).toBe(
      `GET ${silent}@acme%2fui-x: the staging registry cannot be reached: no answer within 0.3 s`,
    );
    const announced = await registry((_request, response) => {
      response.setHeader('content-length', String(2048));
      response.end('x'.repeat(2048));
    });
    expect(await failure(readDistTag(announced, '@acme/ui-x', 'staging', { maxBytes: 1024 }))).toContain('larger than');
    const streamed = await registry((_request, response) => {
      response.write('x'.repeat(800));
      response.end('x'.repeat(800));
    });
    expect(await failure(readDistTag(streamed, '@acme/ui-x', 'staging', { maxBytes: 1024 }))).toContain('larger than');
  });

  it('refuses an answer that is not npm metadata, or a tag that is not a listed semver version', async () => {
    let body = 'not json';
    const url = await registry((_request, response) => response.end(body));
    expect(await failure(readDistTag(url, '@acme/ui-x', 'staging'))).toContain('not JSON');
    body = '{"name":"x"}';
    expect(await failure(readDistTag(url, '@acme/ui-x', 'staging'))).toContain('no "dist-tags"');
    body = '{"dist-tags":{"staging":"../../evil"}}';
    expect(await failure(readDistTag(url, '@acme/ui-x', 'staging'))).toContain('"../../evil", not a semver version');
    body = '{"dist-tags":{"staging":"2.0.0"},"versions":{"1.0.0":{}}}';
    expect(await failure(readDistTag(url, '@acme/ui-x', 'staging'))).toContain(
      'points at 2.0.0, which the registry does not list',
    );
  });
});
