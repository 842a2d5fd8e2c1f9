import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHostApp } from '../../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../../host/host-config.js';
import {
  type ArtifactsOrigin,
  closeServer,
  listen,
  serverUrl,
  startArtifactsOrigin,
} from '../../testing/origins/artifacts-origin.js';
import { startEsmOrigin } from '../../testing/origins/esm-origin.js';
import { publishSchemaPackage } from '../stack/publish-schema-package.js';
import type { PublishTarget } from './republish-artifact.js';

/** The revalidation secret of the test host. */
export const PUBLISH_TEST_SECRET = 'publisher-test-secret';

/** The variant the publisher tests republish: published from examples/schema-package as `npm start` does. */
export const PUBLISH_TEST_VARIANT = 'callout1';

/** What the publisher tests publish to: a working copy of a published store, its origin and a host. */
export interface PublishTestStack {
  /** The working copy (a temporary folder). */
  readonly dir: string;
  readonly origin: ArtifactsOrigin;
  readonly target: PublishTarget;
  close(): Promise<void>;
}

/** A host in this process in front of `origin`, reading the catalog from `catalogSource`. */
function startHost(catalogSource: string, origin: ArtifactsOrigin) {
  return listen(
    createHostApp({
      ...HOST_CONFIG_DEFAULTS,
      catalogSource,
      artifactsOrigin: origin.url,
      esmOrigin: 'http://127.0.0.1:9/esm',
      revalidationSecret: PUBLISH_TEST_SECRET,
      hostApiVersion: '0.1.0',
    }),
    0,
  );
}

let template: Promise<string> | undefined;

/**
 * The artifacts store of {@link PUBLISH_TEST_VARIANT} as `catalog-schema publish` leaves it (the
 * catalog, the five artifacts, the manifest), published once per test file into a temporary
 * folder behind its own origins and host; every stack starts from a copy of it.
 */
function publishedTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'publisher-template-'));
    const artifactsDir = join(dir, 'artifacts');
    const esmDir = join(dir, 'esm');
    await Promise.all([mkdir(artifactsDir), mkdir(esmDir)]);
    const origin = await startArtifactsOrigin({ root: artifactsDir });
    const esm = await startEsmOrigin({}, 0, { folder: { prefix: '/esm', dir: esmDir } });
    // The catalog does not exist yet: the host reads it through the origin, once publish wrote it.
    const host = await startHost(`${origin.url}/catalog.json`, origin);
    try {
      await publishSchemaPackage(
        {
          artifactsDir,
          artifactsOrigin: origin.url,
          esmDir,
          esmOrigin: `${esm.url}/esm`,
          hostUrl: serverUrl(host),
          secret: PUBLISH_TEST_SECRET,
        },
        [PUBLISH_TEST_VARIANT],
      );
    } finally {
      await Promise.all([closeServer(host), esm.close(), origin.close()]);
    }
    return artifactsDir;
  })();
  return template;
}

/** Removes the published template (call in afterAll of a file that started stacks). */
export async function removePublishTemplate(): Promise<void> {
  if (template === undefined) return;
  const dir = await template.catch(() => undefined);
  template = undefined;
  if (dir !== undefined) await rm(join(dir, '..'), { recursive: true, force: true });
}

/** Copies the published store to a temporary folder, serves it, and starts a host in front of it (test helper). */
export async function startPublishTestStack(): Promise<PublishTestStack> {
  const source = await publishedTemplate();
  const dir = await mkdtemp(join(tmpdir(), 'publisher-'));
  await cp(source, dir, { recursive: true });
  const origin = await startArtifactsOrigin({ root: dir });
  const host = await startHost(join(dir, 'catalog.json'), origin);
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
