import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmTarball } from './npm-tarball.js';

/** One request the registry received. */
export interface RegistryRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** What a registry says about one version of a package (its packument's `versions[v].dist`). */
export interface RegistryDist {
  readonly integrity: string;
  readonly shasum: string;
  readonly tarball: string;
}

/** The parts of a packument (`GET /<name>`) the tests read. */
export interface Packument {
  readonly 'dist-tags': Readonly<Record<string, string>>;
  readonly versions: Readonly<Record<string, { readonly dist: RegistryDist }>>;
}

/**
 * Test-only: a real npm registry (verdaccio) on 127.0.0.1 with no uplinks, storage in a temporary
 * folder. Start two for a staging and a production registry: each has its own port, storage and user.
 */
export interface StagingRegistry {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** The npm token of the registry's one user: what `publish` sends, and what npm needs to publish here. */
  readonly token: string;
  /** A folder for npm's cache in the tests that install from it (removed by `stop`). */
  readonly npmCache: string;
  /** Every request received so far, in order. */
  readonly requests: readonly RegistryRequest[];
  /**
   * Publishes `name@version` (package.json and an index.js exporting the version) and points
   * `tag` at it (default `staging`; verdaccio points `latest` at the first version too).
   */
  publish(name: string, version: string, tag?: string): Promise<void>;
  /** Points dist-tag `tag` of `name` at `version` (npm dist-tag add). */
  tag(name: string, version: string, tag?: string): Promise<void>;
  /** The packument of `name` as the registry serves it now, or undefined for a 404. */
  packument(name: string): Promise<Packument | undefined>;
  /** The requests that changed something (PUT, DELETE): publishes, tag moves, logins. */
  writes(): readonly RegistryRequest[];
  /** Stops listening, closes open connections and removes the folder: the registry is down. */
  stop(): Promise<void>;
}

/** The registry path of a package: the scope's slash escaped as npm escapes it. */
const escaped = (name: string) => name.replace('/', '%2f');

/**
 * Starts verdaccio (its `runServer`) on a free port of 127.0.0.1: storage and users in a
 * temporary folder, no uplinks (a package it was not given is a 404), publishing allowed to the
 * one user it creates through its CouchDB user API, whose token every publish carries.
 */
export async function startStagingRegistry(): Promise<StagingRegistry> {
  const dir = await mkdtemp(join(tmpdir(), 'staging-registry-'));
  const { runServer } = await import('verdaccio');
  const server: Server = await runServer({
    self_path: dir,
    storage: join(dir, 'storage'),
    // sha1 and JWT tokens: with bcrypt and legacy tokens verdaccio re-checks the password on every
    // authenticated request (about 250 ms each, verdaccio/verdaccio#3010). Test registries only.
    auth: { htpasswd: { file: join(dir, 'htpasswd'), max_users: 10, algorithm: 'sha1' } },
    security: { api: { jwt: { sign: { expiresIn: '1h' } } } },
    uplinks: {},
    packages: { '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' } },
    log: { type: 'stdout', format: 'pretty', level: 'fatal' },
    web: { enable: false },
  } as Parameters<typeof runServer>[0]);
  const requests: RegistryRequest[] = [];
  server.on('request', (request) =>
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const call = async (method: string, path: string, body: unknown, token?: string): Promise<unknown> => {
    const response = await fetch(new URL(path, url), {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const { token } = (await call('PUT', '-/user/org.couchdb.user:staging', {
    name: 'staging',
    password: 'staging-password',
  })) as { token: string };

  let stopped = false;
  return {
    url,
    token,
    npmCache: join(dir, 'npm-cache'),
    requests,
    publish: async (name, version, tag = 'staging') => {
      const manifest = { name, version, main: 'index.js' };
      const tarball = npmTarball({
        'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
        'index.js': `module.exports = ${JSON.stringify(version)};\n`,
      });
      const file = `${name}-${version}.tgz`;
      // The document `npm publish` sends: the version, its dist, the tag and the tarball inline.
      await call(
        'PUT',
        escaped(name),
        {
          _id: name,
          name,
          'dist-tags': { [tag]: version },
          versions: {
            [version]: {
              ...manifest,
              _id: `${name}@${version}`,
              dist: {
                shasum: createHash('sha1').update(tarball).digest('hex'),
                integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
                tarball: new URL(`${name}/-/${name.split('/').at(-1)}-${version}.tgz`, url).href,
              },
            },
          },
          _attachments: {
            [file]: {
              content_type: 'application/octet-stream',
              data: tarball.toString('base64'),
              length: tarball.length,
            },
          },
        },
        token,
      );
    },
    tag: async (name, version, tag = 'staging') => {
      await call('PUT', `-/package/${escaped(name)}/dist-tags/${encodeURIComponent(tag)}`, version, token);
    },
    packument: async (name) => {
      const response = await fetch(new URL(escaped(name), url), { headers: { 'cache-control': 'no-cache' } });
      if (response.status === 404) return undefined;
      const text = await response.text();
      if (!response.ok) throw new Error(`GET ${escaped(name)}: ${response.status} ${text}`);
      return JSON.parse(text) as Packument;
    },
    writes: () => requests.filter((request) => request.method === 'PUT' || request.method === 'DELETE'),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
