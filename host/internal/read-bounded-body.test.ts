import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyOverLimit, ByteBudget, readBoundedBody } from './read-bounded-body.js';

// Against a real HTTP server on 127.0.0.1: `/declared/<n>` sends n bytes with a content-length,
// `/chunked/<n>` sends them in 1 KiB chunks without one.

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const [, mode, size] = (request.url ?? '').split('/');
    const body = Buffer.alloc(Number(size), 'a');
    if (mode === 'declared') {
      response.writeHead(200, { 'content-length': String(body.length) }).end(body);
      return;
    }
    response.writeHead(200);
    for (let offset = 0; offset < body.length; offset += 1024) response.write(body.subarray(offset, offset + 1024));
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function read(path: string, budget: ByteBudget): Promise<Buffer | BodyOverLimit> {
  return readBoundedBody(await fetch(`${origin}${path}`), budget).catch((error: unknown) => {
    if (error instanceof BodyOverLimit) return error;
    throw error;
  });
}

describe('readBoundedBody', () => {
  it('reads a body at the limit, declared or streamed', async () => {
    expect(((await read('/declared/4096', new ByteBudget(4096))) as Buffer).length).toBe(4096);
    expect(((await read('/chunked/4096', new ByteBudget(4096))) as Buffer).length).toBe(4096);
  });

  it('refuses a declared body over the limit before reading it, and a streamed one as it goes over', async () => {
    for (const path of ['/declared/4097', '/chunked/10240']) {
      const failure = await read(path, new ByteBudget(4096));
      expect(failure).toBeInstanceOf(BodyOverLimit);
      expect((failure as BodyOverLimit).limit).toBe(4096);
    }
  });

  it('counts every body against a shared budget (a module graph)', async () => {
    const budget = new ByteBudget(5000);
    expect(((await read('/chunked/3000', budget)) as Buffer).length).toBe(3000);
    expect(budget.left).toBe(2000);
    expect(await read('/chunked/3000', budget)).toBeInstanceOf(BodyOverLimit);
    expect(await read('/declared/10', budget)).toBeInstanceOf(BodyOverLimit); // exceeded stays exceeded
  });

  it('reads an empty body as no bytes', async () => {
    expect(((await read('/declared/0', new ByteBudget(1))) as Buffer).length).toBe(0);
  });
});
