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
import { type EsmOrigin, startEsmOrigin } from '../../testing/origins/esm-origin.js';
import { type PublishStores, publishSchemaPackage } from '../stack/publish-schema-package.js';
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

/** A host in this process in front of `origin`, reading the catalog from `catalogSource` (modules from `esmOrigin`). */
function startHost(catalogSource: string, origin: ArtifactsOrigin, esmOrigin = 'http://127.0.0.1:9/esm') {
  return listen(
    createHostApp({
      ...HOST_CONFIG_DEFAULTS,
      catalogSource,
      artifactsOrigin: origin.url,
      esmOrigin,
      revalidationSecret: PUBLISH_TEST_SECRET,
      hostApiVersion: '0.1.0',
    }),
    0,
  );
}

/** The published templates, by variant. */
const templates = new Map<string, Promise<string>>();

/**
 * The two folder stores (`artifacts/`, `esm/`) of `variant` as `catalog-schema publish` leaves them
 * (the catalog, the five artifacts, the manifest, the version index; the module), published once
 * per test file into a temporary folder behind its own origins and host; every stack starts from a
 * copy of them. Answers the folder holding both.
 */
function publishedTemplate(variant: string): Promise<string> {
  const known = templates.get(variant);
  if (known !== undefined) return known;
  const template = (async () => {
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
        [variant],
      );
    } finally {
      await Promise.all([closeServer(host), esm.close(), origin.close()]);
    }
    return dir;
  })();
  templates.set(variant, template);
  return template;
}

/** Removes the published templates (call in afterAll of a file that started stacks). */
export async function removePublishTemplate(): Promise<void> {
  const dirs = await Promise.all([...templates.values()].map((template) => template.catch(() => undefined)));
  templates.clear();
  for (const dir of dirs) if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}

/** Copies the published artifacts store to a temporary folder, serves it, and starts a host in front of it (test helper). */
export async function startPublishTestStack(): Promise<PublishTestStack> {
  const source = join(await publishedTemplate(PUBLISH_TEST_VARIANT), 'artifacts');
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

/** What the versions tests publish to: both folder stores of `npm start`, their origins and a host. */
export interface ReleaseTestStack {
  /** The temporary folder: `artifacts/`, `esm/`, and `release/` for the copy a release is published from. */
  readonly dir: string;
  readonly origin: ArtifactsOrigin;
  readonly esm: EsmOrigin;
  readonly stores: PublishStores;
  readonly target: PublishTarget;
  readonly hostUrl: string;
  close(): Promise<void>;
}

/**
 * Copies both published stores of `variant` (default hero1, at the schema package's version) to a
 * temporary folder, serves them through an artifacts origin and an ESM origin, and starts a host
 * in front of them, as `npm start` does (test helper).
 */
export async function startReleaseTestStack(variant = 'hero1'): Promise<ReleaseTestStack> {
  const source = await publishedTemplate(variant);
  const dir = await mkdtemp(join(tmpdir(), 'publisher-release-'));
  await cp(source, dir, { recursive: true });
  const artifactsDir = join(dir, 'artifacts');
  const esmDir = join(dir, 'esm');
  const origin = await startArtifactsOrigin({ root: artifactsDir });
  const esm = await startEsmOrigin({}, 0, { folder: { prefix: '/esm', dir: esmDir } });
  const host = await startHost(`${origin.url}/catalog.json`, origin, `${esm.url}/esm`);
  const hostUrl = serverUrl(host);
  const stores: PublishStores = {
    artifactsDir,
    artifactsOrigin: origin.url,
    esmDir,
    esmOrigin: `${esm.url}/esm`,
    hostUrl,
    secret: PUBLISH_TEST_SECRET,
  };
  return {
    dir,
    origin,
    esm,
    stores,
    target: { artifactsDir, artifactsOrigin: origin.url, hostUrl, secret: PUBLISH_TEST_SECRET },
    hostUrl,
    async close() {
      await closeServer(host);
      await Promise.all([esm.close(), origin.close()]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
