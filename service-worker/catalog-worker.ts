/// <reference lib="webworker" />

import type { WorkerReply, WorkerRequest } from '@runtime-component-catalog/contracts';
import { Route, registerRoute } from 'workbox-routing';
import { Mirror } from './mirror.js';
import { openMirrorDatabase } from './mirror-database.js';
import { MirrorStrategy } from './mirror-strategy.js';
import { isMirrored, resolveWorkerConfig } from './worker-config.js';

// The catalog service worker (built into dist/service-worker.js). Lifecycle policy: skipWaiting
// and clients.claim. It serves no application code, only mirrored host answers, so a new version
// can take over at once without mixing old pages with new code; its mirror database is versioned
// (an older mirror is dropped in one upgrade transaction), so an update never reads a
// half-written mirror.

declare const self: ServiceWorkerGlobalScope;

const config = resolveWorkerConfig(new URL(self.location.href));
const mirror = new Mirror(() => openMirrorDatabase(), config.maxBytes);
const strategy = new MirrorStrategy(mirror, config.timeoutMs);
const matches = ({ url }: { url: URL }) => isMirrored(config, url);

registerRoute(new Route(matches, ({ request }) => strategy.get(request), 'GET'));
registerRoute(new Route(matches, ({ request }) => strategy.head(request), 'HEAD'));

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const port = event.ports[0];
  const request = event.data as WorkerRequest;
  if (port === undefined) return;
  const reply = async (): Promise<WorkerReply> => {
    if (request.type === 'clear-mirror') {
      await mirror.clear();
      return { type: 'mirror-cleared' };
    }
    return mirror.status();
  };
  event.waitUntil(reply().then((message) => port.postMessage(message)));
});
