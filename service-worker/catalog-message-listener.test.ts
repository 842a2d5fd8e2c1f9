import type { WorkerReply, WorkerRequest } from '@runtime-component-catalog/contracts';
import { describe, expect, it } from 'vitest';
import { catalogMessageListener, isCatalogRequest } from './catalog-message-listener.js';

describe('the catalog message listener', () => {
  it('knows the catalog protocol and nothing else', () => {
    expect(
      [
        { type: 'mirror-status' },
        { type: 'clear-mirror' },
        { type: 'mirror-app-shell', document: 'https://editor.test/', resources: ['https://editor.test/a.js'] },
      ].map(isCatalogRequest),
    ).toEqual([true, true, true]);
    expect(
      [
        { type: 'SKIP_WAITING' }, // workbox-window's messageSkipWaiting()
        { type: 'CACHE_URLS', payload: { urlsToCache: ['/'] } }, // workbox-routing's cache listener
        { type: 'GET_VERSION' },
        { type: 'toString' }, // a key of every object, not of the protocol
        { type: 'mirror-app-shell' }, // without what it needs
        { type: 'mirror-app-shell', document: 'https://editor.test/', resources: [1] },
        'mirror-status',
        null,
        undefined,
        {},
      ].map(isCatalogRequest),
    ).toEqual([false, false, false, false, false, false, false, false, false, false]);
  });

  it('answers a catalog question on its port, and leaves other messages (and questions without a port) alone', async () => {
    const asked: WorkerRequest[] = [];
    const kept: Promise<unknown>[] = [];
    const listener = catalogMessageListener(async (request) => {
      asked.push(request);
      return { type: 'mirror-cleared' } satisfies WorkerReply;
    });
    const channel = new MessageChannel();
    const event = (data: unknown, ports: MessagePort[] = [channel.port2]) => ({
      data,
      ports,
      waitUntil: (promise: Promise<unknown>) => kept.push(promise),
    });
    try {
      expect(listener(event({ type: 'SKIP_WAITING' }))).toBe(false);
      expect(listener(event({ type: 'clear-mirror' }, []))).toBe(false);
      expect([asked, kept.length]).toEqual([[], 0]);

      const reply = new Promise((resolve) => {
        channel.port1.onmessage = (message) => resolve(message.data);
      });
      expect(listener(event({ type: 'clear-mirror' }))).toBe(true);
      await Promise.all(kept);
      expect(await reply).toEqual({ type: 'mirror-cleared' });
      expect([asked, kept.length]).toEqual([[{ type: 'clear-mirror' }], 1]);
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });
});
