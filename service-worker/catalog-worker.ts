/// <reference lib="webworker" />

import type { WorkerReply, WorkerRequest } from '@runtime-component-catalog/contracts';
import { Route, registerRoute } from 'workbox-routing';
import { Mirror } from './mirror.js';
import { openMirrorDatabase } from './mirror-database.js';
import { MirrorStrategy } from './mirror-strategy.js';
import { appShellKey, isAppShell, isMirrored, keepsLastGood, resolveWorkerConfig } from './worker-config.js';

// The catalog service worker (built into dist/service-worker.js). Lifecycle policy: skipWaiting
// and clients.claim. It serves no application code, only mirrored host answers, so a new version
// can take over at once without mixing old pages with new code; its mirror database is versioned
// (an older mirror is dropped in one upgrade transaction), so an update never reads a
// half-written mirror.

declare const self: ServiceWorkerGlobalScope;

const config = resolveWorkerConfig(new URL(self.location.href));
const mirror = new Mirror((terminated) => openMirrorDatabase(undefined, { terminated }), config.maxBytes);
const strategy = new MirrorStrategy(mirror, config.timeoutMs, (url) => keepsLastGood(config, url));
const matches = ({ url }: { url: URL }) => isMirrored(config, url);

registerRoute(new Route(matches, ({ request }) => strategy.get(request), 'GET'));
registerRoute(new Route(matches, ({ request }) => strategy.head(request), 'HEAD'));
// The editor's app shell (opt-in): network first like everything else, the mirror when offline.
registerRoute(
  new Route(
    ({ url, request }) => isAppShell(config, url, request.destination, self.location.origin),
    ({ request, url }) => strategy.get(request, appShellKey(url, request.destination)),
    'GET',
  ),
);

/** Mirrors the page and the resources it loaded before this worker controlled it; answers how many are mirrored. */
async function mirrorAppShell(document: string, resources: readonly string[]): Promise<number> {
  if (!config.appShell) return 0;
  const targets = [{ url: new URL(document), destination: 'document' }];
  for (const resource of resources) targets.push({ url: new URL(resource), destination: 'script' });
  const answers = await Promise.all(
    targets
      .filter(({ url, destination }) => isAppShell(config, url, destination, self.location.origin))
      .map(({ url, destination }) =>
        strategy.get(new Request(url.href, { credentials: 'same-origin' }), appShellKey(url, destination)).then(
          (response) => response.ok,
          () => false,
        ),
      ),
  );
  return answers.filter(Boolean).length;
}

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
    if (request.type === 'mirror-app-shell') {
      return { type: 'app-shell-mirrored', mirrored: await mirrorAppShell(request.document, request.resources) };
    }
    return mirror.status();
  };
  event.waitUntil(reply().then((message) => port.postMessage(message)));
});
