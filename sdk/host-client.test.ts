import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HostClient } from './host-client.js';
import { pageFetch } from './internal/request.js';
import { SdkError } from './sdk-error.js';

// A host that refuses the first `refusals` compiles of each path with 429 too-many-compiles
// (docs/design.md "Operations (production)"), then answers 200: a real server on 127.0.0.1.
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function refusingHost(refusals: number): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  let refused = 0;
  server = createServer((req, res) => {
    requests.push(req.method ?? '');
    if (refused < refusals) {
      if (req.method === 'HEAD') refused += 1;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(
        req.method === 'HEAD' ? undefined : JSON.stringify({ error: 'Too many compiles', code: 'too-many-compiles' }),
      );
      return;
    }
    res.writeHead(200, { 'x-remote-externals': 'react' });
    res.end();
  });
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, requests };
}

describe('HostClient.head under the compile quotas', () => {
  it('asks again after Retry-After when the host answers 429, and answers the first 200', async () => {
    const host = await refusingHost(2);
    const answer = await new HostClient(host.url, pageFetch).head('/api/remote-component?url=x', 'Loading x');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-remote-externals')).toBe('react');
    expect(host.requests).toEqual(['HEAD', 'HEAD', 'HEAD']);
  });

  it('fails with the host error once the retries are spent', async () => {
    const host = await refusingHost(1_000);
    const failure = await new HostClient(host.url, pageFetch)
      .head('/api/remote-component?url=x', 'Loading x')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    expect(failure).toMatchObject({ code: 'host-error', status: 429, message: 'Loading x failed: Too many compiles' });
    // Five asked again, the last one's error body read with GET.
    expect(host.requests).toEqual(['HEAD', 'HEAD', 'HEAD', 'HEAD', 'HEAD', 'HEAD', 'GET']);
  });
});
