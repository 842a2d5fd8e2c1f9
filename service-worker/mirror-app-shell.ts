import type { MirrorStrategy } from './mirror-strategy.js';
import { appShellKey, isAppShell, type WorkerConfig } from './worker-config.js';

/**
 * Mirrors the page and the resources it loaded before the worker controlled it (the app shell's
 * first visit, docs/service-worker.md); answers how many are mirrored, 0 without `appShell`.
 */
export async function mirrorAppShell(
  config: WorkerConfig,
  strategy: MirrorStrategy,
  workerOrigin: string,
  document: string,
  resources: readonly string[],
): Promise<number> {
  if (!config.appShell) return 0;
  const targets = [{ url: new URL(document), destination: 'document' }];
  for (const resource of resources) targets.push({ url: new URL(resource), destination: 'script' });
  const answers = await Promise.all(
    targets
      .filter(({ url, destination }) => isAppShell(config, url, destination, workerOrigin))
      .map(({ url, destination }) =>
        strategy.get(new Request(url.href, { credentials: 'same-origin' }), appShellKey(url, destination)).then(
          (response) => response.ok,
          () => false,
        ),
      ),
  );
  return answers.filter(Boolean).length;
}
