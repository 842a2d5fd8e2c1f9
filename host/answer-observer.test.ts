import { once } from 'node:events';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { accessLine } from './access-log.js';
import { type Answer, observeAll, observedResponse } from './answer-observer.js';

describe('observedResponse', () => {
  /** An answer whose body stream fails after `chunk` (or at once). */
  function failingBody(chunk?: string, status = 200): Response {
    const body = new ReadableStream({
      pull(controller) {
        if (chunk !== undefined) controller.enqueue(new TextEncoder().encode(chunk));
        controller.error(new Error('the body failed'));
      },
    });
    return new Response(body, { status });
  }

  /** A server as main.ts makes it, the access line of each answer it observes, and a way to send raw requests. */
  async function loggedServer(fetch: (request: Request) => Response | Promise<Response>) {
    const lines: string[] = [];
    const logged = observedResponse({ answered: (answer) => lines.push(accessLine(answer)) });
    let listening: (port: number) => void = () => {};
    const port = new Promise<number>((resolve) => {
      listening = resolve;
    });
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1', serverOptions: { ServerResponse: logged } }, (info) =>
      listening(info.port),
    );
    const origin = `http://127.0.0.1:${await port}`;
    /**
     * Sends `request` as is and resolves with everything the server answered, once it closes; with
     * `leaveWhen`, the client leaves (destroys its socket) when that settles.
     */
    const raw = async (request: string, leaveWhen?: Promise<unknown>) => {
      const socket = connect(await port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.write(request);
      void leaveWhen?.then(() => socket.destroy());
      await once(socket, 'close');
      return answer;
    };
    return { lines, origin, raw, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('writes one line per answer: method, the path as sent without its query, the status sent', async () => {
    const server = await loggedServer((request) =>
      request.method === 'HEAD' ? new Response(null, { status: 204 }) : Promise.resolve(new Response('ok')),
    );
    try {
      expect((await fetch(`${server.origin}/api/runtime-catalog/a%0Ab?secret=no`)).status).toBe(200);
      expect((await fetch(`${server.origin}/healthz`, { method: 'HEAD' })).status).toBe(204);
      // An absolute-form target, and a request line Node answers itself (HTTP/1.1 without Host: 400).
      const absolute = await server.raw(
        `GET ${server.origin}/healthz?x=1 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`,
      );
      expect(absolute).toMatch(/^HTTP\/1\.1 200 /);
      expect(await server.raw('GET /no-host HTTP/1.1\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
      expect(server.lines).toEqual([
        expect.stringMatching(/^GET \/api\/runtime-catalog\/a%0Ab 200 \d+\.\dms$/),
        expect.stringMatching(/^HEAD \/healthz 204 \d+\.\dms$/),
        expect.stringMatching(/^GET \/healthz 200 \d+\.\dms$/),
        expect.stringMatching(/^GET \/no-host 400 \d+\.\dms$/),
      ]);
    } finally {
      await server.close();
    }
  });

  it('writes one line for an answer whose body fails midway (ended, then destroyed)', async () => {
    const server = await loggedServer(() => failingBody('partial'));
    try {
      const answer = await server.raw('GET /broken HTTP/1.1\r\nHost: h\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(server.lines).toEqual([expect.stringMatching(/^GET \/broken 200 \d+\.\dms$/)]);
    } finally {
      await server.close();
    }
  });

  it('writes the line of an answer whose body fails before its first byte', async () => {
    const server = await loggedServer(() => failingBody(undefined, 201));
    try {
      await server.raw('GET /broken-at-once HTTP/1.1\r\nHost: h\r\n\r\n');
      expect(server.lines).toEqual([expect.stringMatching(/^GET \/broken-at-once \d{3} \d+\.\dms$/)]);
    } finally {
      await server.close();
    }
  });

  it('still writes the line of a request whose client left before the answer, with the time to the answer', async () => {
    let answered: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      answered = resolve;
    });
    // The client leaves once the server has its request (not after a fixed 50 ms: a process
    // stalled that long before it connected left before sending anything, and no line ever came),
    // and the server answers 300 ms after the client left.
    let received: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    let clientLeft: () => void = () => {};
    const left = new Promise<void>((resolve) => {
      clientLeft = resolve;
    });
    const server = await loggedServer(async () => {
      received();
      await left;
      await new Promise((resolve) => setTimeout(resolve, 300));
      queueMicrotask(answered);
      return new Response('late', { status: 202 });
    });
    try {
      expect(await server.raw('GET /slow HTTP/1.1\r\nHost: h\r\n\r\n', arrived)).toBe('');
      clientLeft();
      await done;
      await new Promise((resolve) => setImmediate(resolve));
      expect(server.lines).toEqual([expect.stringMatching(/^GET \/slow 202 (\d+)\.\dms$/)]);
      expect(Number(/ (\d+)\.\dms$/.exec(server.lines[0]!)![1])).toBeGreaterThanOrEqual(290);
    } finally {
      await server.close();
    }
  });
});

describe('observeAll', () => {
  it('is no observer for none, the one for one, and tells each of several in order', () => {
    const heard: string[] = [];
    const observer = (name: string) => ({ answered: (answer: Answer) => heard.push(`${name} ${answer.status}`) });
    expect(observeAll([])).toBeUndefined();
    const one = observer('log');
    expect(observeAll([one])).toBe(one);
    observeAll([one, observer('metrics')])?.answered({
      method: 'GET',
      target: '/',
      status: 204,
      ms: 0,
      endedAt: 0,
      requestId: 'a',
    });
    expect(heard).toEqual(['log 204', 'metrics 204']);
  });
});
