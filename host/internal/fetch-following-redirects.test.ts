import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFollowingRedirects, type RedirectProblem, type RedirectRules } from './fetch-following-redirects.js';

// Against two real HTTP servers on 127.0.0.1: the origin, and "elsewhere" that must never be asked.

let origin: { server: Server; url: string; requests: string[]; ids: (string | undefined)[] };
let elsewhere: { server: Server; url: string; requests: string[]; ids: (string | undefined)[] };

async function start(answer: (path: string) => { status: number; location?: string }) {
  const requests: string[] = [];
  const ids: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    ids.push(request.headers['x-request-id'] as string | undefined);
    const { status, location } = answer(request.url ?? '');
    response.writeHead(status, location === undefined ? {} : { location }).end(`body of ${request.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, ids };
}

beforeAll(async () => {
  elsewhere = await start(() => ({ status: 200 }));
  origin = await start((path) => {
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop !== null) return { status: 302, location: `/hop/${Number(hop[1]) + 1}` };
    if (path === '/moved') return { status: 301, location: '/final' };
    if (path === '/see-other') return { status: 303, location: '/final' };
    if (path === '/no-location') return { status: 307 };
    if (path === '/bad-location') return { status: 308, location: 'http://[' };
    if (path === '/leave') return { status: 302, location: `${elsewhere.url}/steal` };
    if (path === '/not-modified') return { status: 304, location: '/final' };
    return { status: 200 };
  });
});
afterAll(async () => {
  await Promise.all([origin, elsewhere].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

class Refused extends Error {
  constructor(readonly problem: RedirectProblem | { kind: 'outside'; url: URL }) {
    super(problem.kind);
  }
}

const rules: RedirectRules = {
  maxRedirects: 5,
  init: () => ({ headers: { accept: 'text/plain' } }),
  check: (next) => {
    if (next.origin !== origin.url) throw new Refused({ kind: 'outside', url: next });
    return next;
  },
  failure: (problem) => new Refused(problem),
};

async function follow(path: string): Promise<{ status: number; url: string } | Refused> {
  try {
    const { response, url } = await fetchFollowingRedirects(new URL(`${origin.url}${path}`), rules);
    await response.body?.cancel();
    return { status: response.status, url: url.href };
  } catch (error) {
    if (error instanceof Refused) return error;
    throw error;
  }
}

describe('fetchFollowingRedirects', () => {
  it('follows redirects within the origin to the final answer and its URL', async () => {
    expect(await follow('/moved')).toEqual({ status: 200, url: `${origin.url}/final` });
    expect(await follow('/see-other')).toEqual({ status: 200, url: `${origin.url}/final` });
  });

  it('stops after maxRedirects hops: the sixth redirect is too many', async () => {
    const before = origin.requests.length;
    const failure = (await follow('/hop/0')) as Refused;
    expect(failure.problem).toMatchObject({ kind: 'too-many', status: 302, start: new URL(`${origin.url}/hop/0`) });
    expect(origin.requests.length - before).toBe(6);
  });

  it('refuses a redirect out of the origin through the caller check, before any request leaves for it', async () => {
    const failure = (await follow('/leave')) as Refused;
    expect(failure.problem).toMatchObject({ kind: 'outside' });
    expect(elsewhere.requests).toEqual([]);
  });

  it('fails a redirect without a usable location', async () => {
    expect(((await follow('/no-location')) as Refused).problem).toMatchObject({ kind: 'no-location', status: 307 });
    expect(((await follow('/bad-location')) as Refused).problem).toMatchObject({ kind: 'no-location', status: 308 });
  });

  it('answers any other status as final, a 304 with a location included', async () => {
    expect(await follow('/not-modified')).toEqual({ status: 304, url: `${origin.url}/not-modified` });
  });

  it('hands a network failure to the caller with the URL it was fetching', async () => {
    const closed = await start(() => ({ status: 200 }));
    await new Promise((resolve) => closed.server.close(resolve));
    const failure = await fetchFollowingRedirects(new URL(`${closed.url}/x`), rules).catch((error: unknown) => error);
    expect((failure as Refused).problem).toMatchObject({ kind: 'network', url: new URL(`${closed.url}/x`) });
  });

  it('sends the request id it is given on every hop, and none when given none', async () => {
    const before = origin.ids.length;
    await fetchFollowingRedirects(new URL(`${origin.url}/moved`), { ...rules, requestId: 'given-2' }).then(
      ({ response }) => response.body?.cancel(),
    );
    await follow('/final');
    expect(origin.ids.slice(before)).toEqual(['given-2', 'given-2', undefined]);
  });
});
