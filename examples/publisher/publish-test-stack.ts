import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostApp } from '../../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../../host/host-config.js';
import {
  type ArtifactsOrigin,
  closeServer,
  listen,
  serverUrl,
  startArtifactsOrigin,
} from '../../testing/origins/artifacts-origin.js';
import type { PublishTarget } from './republish-artifact.js';

/** The revalidation secret of the test host. */
export const PUBLISH_TEST_SECRET = 'publisher-test-secret';

/** What the publisher tests publish to: a working copy of examples/artifacts, its origin and a host. */
export interface PublishTestStack {
  /** The working copy (a temporary folder). */
  readonly dir: string;
  readonly origin: ArtifactsOrigin;
  readonly target: PublishTarget;
  close(): Promise<void>;
}

/** Copies examples/artifacts to a temporary folder, serves it, and starts a host in front of it (test helper). */
export async function startPublishTestStack(): Promise<PublishTestStack> {
  const dir = await mkdtemp(join(tmpdir(), 'publisher-'));
  await cp(fileURLToPath(new URL('../artifacts', import.meta.url)), dir, { recursive: true });
  const origin = await startArtifactsOrigin({ root: dir });
  const host = await listen(
    createHostApp({
      ...HOST_CONFIG_DEFAULTS,
      catalogSource: join(dir, 'catalog.json'),
      artifactsOrigin: origin.url,
      esmOrigin: 'http://127.0.0.1:9/esm',
      revalidationSecret: PUBLISH_TEST_SECRET,
      hostApiVersion: '0.1.0',
    }),
    0,
  );
  return {
    dir,
    origin,
    target: { artifactsDir: dir, artifactsOrigin: origin.url, hostUrl: serverUrl(host), secret: PUBLISH_TEST_SECRET },
    async close() {
      await closeServer(host);
      await origin.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
