import { resolve } from 'node:path';
import { AuthoringError, type AuthoringErrorCode } from '../authoring-error.js';
import type { PublishConfig } from '../config/authoring-config.js';
import { FolderStore } from './folder-store.js';
import type { ObjectStore } from './object-store.js';
import type { PublishTargets } from './publish-artifacts.js';

/** The environment variables publish reads (docs/authoring-publish.md); each wins over the config file. */
export const publishEnv = {
  hostUrl: 'HOST_APP_URL',
  secret: 'HOST_REVALIDATION_SECRET',
  artifactsStore: 'CATALOG_ARTIFACTS_STORE',
  artifactsOrigin: 'ARTIFACTS_ORIGIN',
  esmStore: 'CATALOG_ESM_STORE',
  esmOrigin: 'ESM_ORIGIN',
  s3Endpoint: 'CATALOG_S3_ENDPOINT',
  s3Region: 'AWS_REGION',
} as const;

type Env = Readonly<Record<string, string | undefined>>;

const missing = (variable: string, key?: string) =>
  new AuthoringError(
    'publish-config-missing',
    `publish needs ${variable}${key === undefined ? '' : ` (or "publish.${key}" in the config file)`}`,
  );

/**
 * `value` as an origin: an http(s) URL without credentials, query or fragment, given back without
 * its trailing slashes. Anything else is an AuthoringError `code` naming the setting `name` and
 * the value (publish's origins, migrate-pages' Strapi).
 */
export function httpOriginSetting(value: string, name: string, code: AuthoringErrorCode): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new AuthoringError(
      code,
      `${name} must be an http(s) URL without credentials, query or fragment, got ${JSON.stringify(value)}`,
    );
  }
  return value.replace(/\/+$/, '');
}

/**
 * A store from its setting: `s3://<bucket>[/<prefix>]` (S3-compatible storage at
 * `CATALOG_S3_ENDPOINT` or `publish.s3Endpoint`, loaded only then), or a folder: relative to the
 * schema package root when it comes from the config file, to the working folder from the environment.
 */
async function storeOf(
  spec: string,
  base: string,
  s3: { endpoint: string | undefined; region: string | undefined },
): Promise<ObjectStore> {
  if (!spec.startsWith('s3://')) return new FolderStore(resolve(base, spec));
  if (s3.endpoint === undefined) throw missing(publishEnv.s3Endpoint, 's3Endpoint');
  // The SDK announces its Node 22 horizon on every run; the tool's output is for the publisher.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { parseS3StoreSpec, s3StoreFromSettings } = await import('./s3-store.js');
  return s3StoreFromSettings({
    endpoint: s3.endpoint,
    ...parseS3StoreSpec(spec),
    ...(s3.region === undefined ? {} : { region: s3.region }),
  });
}

/**
 * The targets of `publish` from the environment and the config file's `publish` object:
 * `HOST_APP_URL` and `HOST_REVALIDATION_SECRET` (environment only, spec 5.3), the artifacts store
 * and origin, the ESM origin, and the ESM store (the embedded default only). A missing one is
 * `publish-config-missing` (exit 2) naming the variable; the secret is never part of a message.
 */
export async function resolvePublishTargets(
  root: string,
  cwd: string,
  publish: PublishConfig | undefined,
  env: Env,
): Promise<PublishTargets> {
  const fromEnv = (name: keyof typeof publishEnv) => {
    const value = env[publishEnv[name]];
    return value === undefined || value === '' ? undefined : value;
  };
  const hostUrl = fromEnv('hostUrl');
  if (hostUrl === undefined) throw missing(publishEnv.hostUrl);
  const secret = fromEnv('secret');
  if (secret === undefined) throw missing(publishEnv.secret);
  const setting = (
    name: 'artifactsStore' | 'artifactsOrigin' | 'esmStore' | 'esmOrigin' | 's3Endpoint' | 's3Region',
  ) => {
    const value = fromEnv(name);
    if (value !== undefined) return { value, base: cwd };
    const configured = publish?.[name];
    return configured === undefined ? undefined : { value: configured, base: root };
  };
  const s3 = { endpoint: setting('s3Endpoint')?.value, region: setting('s3Region')?.value };
  const artifactsStore = setting('artifactsStore');
  if (artifactsStore === undefined) throw missing(publishEnv.artifactsStore, 'artifactsStore');
  const artifactsOrigin = setting('artifactsOrigin');
  if (artifactsOrigin === undefined) throw missing(publishEnv.artifactsOrigin, 'artifactsOrigin');
  const esmOrigin = setting('esmOrigin');
  if (esmOrigin === undefined) throw missing(publishEnv.esmOrigin, 'esmOrigin');
  const esmStore = setting('esmStore');
  return {
    artifacts: await storeOf(artifactsStore.value, artifactsStore.base, s3),
    artifactsOrigin: httpOriginSetting(artifactsOrigin.value, publishEnv.artifactsOrigin, 'publish-config-missing'),
    esm: esmStore === undefined ? undefined : await storeOf(esmStore.value, esmStore.base, s3),
    esmOrigin: httpOriginSetting(esmOrigin.value, publishEnv.esmOrigin, 'publish-config-missing'),
    catalogKey: publish?.catalog ?? 'catalog.json',
    host: { url: httpOriginSetting(hostUrl, publishEnv.hostUrl, 'publish-config-missing'), secret },
  };
}
