import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StrapiSchema } from '../../sdk/strapi/strapi-schema.js';
import { ensureStrapiApp } from '../../testing/strapi/install-app.mjs';
import { type StrapiServer, startStrapiServer } from '../../testing/strapi/strapi-server.js';
import type { PlaygroundStrapiStore } from '../playground/page-store-choice.js';
import { listenError, PlaygroundStartError } from './playground-start-error.js';

/** The playground's Strapi: its page store settings, the admin's login, and how to stop it. */
export interface PlaygroundStrapi {
  readonly store: PlaygroundStrapiStore;
  readonly server: StrapiServer;
  close(): Promise<void>;
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
  const server = await startStrapiServer(port === 0 ? {} : { port }).catch((error: NodeJS.ErrnoException) =>
    listenError(error, port, 'Strapi', 'STRAPI_PORT'),
  );
  try {
    const schemaFile = join(server.packageRoot, 'generated/registries/strapi-schema.json');
    const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as StrapiSchema;
    // Development credentials of a Strapi that lives as long as the playground, printed like the
    // revalidation secret: the REST API token for scripts, the admin login for the admin API.
    log(`Strapi at ${server.url} (the page collection at ${server.url}/api/pages)`);
    log(`Strapi API token (development): ${server.apiToken}`);
    log(`Strapi admin (development): ${server.admin.email} / ${server.admin.password}`);
    return { store: { url: server.url, token: server.apiToken, schema }, server, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}
