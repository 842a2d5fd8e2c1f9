import { resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import type { PublishConfig } from '../config/authoring-config.js';
import { fetchBytes } from '../publish/fetch-bytes.js';
import { FolderStore } from '../publish/folder-store.js';
import type { ObjectStore } from '../publish/object-store.js';
import { publishEnv } from '../publish/publish-settings.js';

/** Where the published versions are read from: the artifacts origin, or the artifacts store itself. */
export interface PublishedSource {
  /** `origin http://…` or the store's description, for messages. */
  readonly description: string;
  /** The object at `key` (`@acme/ui-hero1@1.0.0/schema.json`), or undefined when there is none. */
  get(key: string): Promise<Uint8Array | undefined>;
}

/** The artifacts store as a source (publish reads it directly, with the targets it already has). */
export function storeSource(store: ObjectStore): PublishedSource {
  return { description: store.description, get: (key) => store.get(key) };
}

/** The artifacts origin as a source: 200 is the object, 404 none, anything else `store-failed`. */
export function originSource(origin: string): PublishedSource {
  const base = origin.replace(/\/+$/, '');
  return {
    description: `origin ${base}`,
    async get(key) {
      const url = `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
      let answer: Awaited<ReturnType<typeof fetchBytes>>;
      try {
        answer = await fetchBytes(url);
      } catch (error) {
        throw new AuthoringError('store-failed', (error as Error).message, { cause: error });
      }
      if (answer.status === 404) return undefined;
      if (answer.status !== 200) throw new AuthoringError('store-failed', `${url} answered HTTP ${answer.status}`);
      return answer.bytes;
    },
  };
}

/**
 * The published versions' source from the settings publish reads (docs/authoring-versions.md
 * "Where published versions are read"): `ARTIFACTS_ORIGIN` (or `publish.artifactsOrigin`), what
 * the host reads, else a folder `CATALOG_ARTIFACTS_STORE` (or `publish.artifactsStore`); an
 * `s3://` store is read through its origin only. Undefined when neither is set.
 */
export function resolvePublishedSource(
  root: string,
  cwd: string,
  publish: PublishConfig | undefined,
  env: Readonly<Record<string, string | undefined>>,
): PublishedSource | undefined {
  const setting = (name: 'artifactsOrigin' | 'artifactsStore') => {
    const value = env[publishEnv[name]];
    if (value !== undefined && value !== '') return { value, base: cwd };
    const configured = publish?.[name];
    return configured === undefined ? undefined : { value: configured, base: root };
  };
  const origin = setting('artifactsOrigin');
  if (origin !== undefined) {
    if (!/^https?:\/\//.test(origin.value)) {
      throw new AuthoringError(
        'publish-config-missing',
        `${publishEnv.artifactsOrigin} must be an http(s) URL, got ${JSON.stringify(origin.value.slice(0, 200))}`,
      );
    }
    return originSource(origin.value);
  }
  const store = setting('artifactsStore');
  if (store === undefined) return undefined;
  if (store.value.startsWith('s3://')) {
    throw new AuthoringError(
      'publish-config-missing',
      `an s3:// artifacts store is read through its origin: set ${publishEnv.artifactsOrigin} (or "publish.artifactsOrigin")`,
    );
  }
  return storeSource(new FolderStore(resolve(store.base, store.value)));
}

/** The message of a command that needs a source and has none. */
export function noPublishedSource(command: string): AuthoringError {
  return new AuthoringError(
    'publish-config-missing',
    `${command} needs ${publishEnv.artifactsOrigin} or ${publishEnv.artifactsStore} (or "publish.artifactsOrigin" / "publish.artifactsStore" in the config file) to read the published versions`,
  );
}
