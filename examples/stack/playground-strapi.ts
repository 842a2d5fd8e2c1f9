import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StrapiSchema } from '../../sdk/strapi/strapi-schema.js';
import { ensureStrapiApp } from '../../testing/strapi/install-app.mjs';
import { type StrapiServer, startStrapiServer } from '../../testing/strapi/strapi-server.js';
import type { PlaygroundStrapiStore } from '../playground/page-store-choice.js';
import { listenError, PlaygroundStartError } from './playground-start-error.js';

/** The playground's Strapi: its page store settings, the package copy it was generated from, redeploys. */
export interface PlaygroundStrapi {
  /** `http://127.0.0.1:<port>`: the same across redeploys. */
  readonly url: string;
  /** The copy of examples/schema-package generated into the app (its cms output is the deployed one). */
  readonly packageRoot: string;
  /** What the editor needs now: the token and `strapi-schema.json` of the running Strapi. */
  store(): Promise<PlaygroundStrapiStore>;
  /** Deploys what `generate` last wrote in {@link packageRoot} and restarts Strapi on the same database and port. */
  redeploy(): Promise<void>;
  close(): Promise<void>;
}

/** Prints the development credentials of a Strapi that lives as long as the playground, like the revalidation secret. */
function logCredentials(server: StrapiServer, log: (line: string) => void): void {
  log(`Strapi API token (development): ${server.apiToken}`);
  log(`Strapi admin (development): ${server.admin.email} / ${server.admin.password}`);
}

/**
 * `npm run start:strapi`'s page store: installs the Strapi 5 app the tests use on first use
 * (testing/strapi/install-app.mjs), generates examples/schema-package into a fresh copy of it and
 * serves it on 127.0.0.1 (`port`, 0 for any) with a super admin and a full-access API token. Each
 * start is a fresh Strapi (SQLite in a temporary folder): pages live as long as the playground.
 */
export async function startPlaygroundStrapi(port: number, log: (line: string) => void): Promise<PlaygroundStrapi> {
  const installed = ensureStrapiApp();
  if (!installed.ok) {
    throw new PlaygroundStartError(
      'start-failed',
      'the Strapi app could not be installed (its npm log is above); `npm start` runs the playground without Strapi',
    );
  }
  let server = await startStrapiServer(port === 0 ? {} : { port }).catch((error: NodeJS.ErrnoException) =>
    listenError(error, port, 'Strapi', 'STRAPI_PORT'),
  );
  const schemaFile = join(server.packageRoot, 'generated/registries/strapi-schema.json');
  const store = async (): Promise<PlaygroundStrapiStore> => ({
    url: server.url,
    token: server.apiToken,
    schema: JSON.parse(await readFile(schemaFile, 'utf8')) as StrapiSchema,
  });
  try {
    await store();
    log(`Strapi at ${server.url} (the page collection at ${server.url}/api/pages)`);
    logCredentials(server, log);
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    url: server.url,
    packageRoot: server.packageRoot,
    store,
    async redeploy() {
      server = await server.redeploy();
      log(`Strapi redeployed at ${server.url}: a new API token and admin`);
      logCredentials(server, log);
    },
    close: () => server.close(),
  };
}
