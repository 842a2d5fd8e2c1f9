import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StrapiSchema } from '@runtime-component-catalog/sdk/strapi';
import fc from 'fast-check';
import { callStrapi, createDocument } from '../strapi-rest.js';
import { type StrapiServer, startStrapiServer } from '../strapi-server.js';
import { type CommandOptions, pageCommands } from './command-arbitrary.js';
import { PageActors } from './page-actors.js';
import type { PageCommand } from './page-commands.js';
import { heroBlock } from './page-vocabulary.js';
import { PageWorld } from './page-world.js';

/** One Strapi for every sequence of a file (a boot costs seconds), and the model's property on it. */
export interface PageModelServer {
  readonly server: StrapiServer;
  /** How many sequences ran (shrinking included): each had its own page ids. */
  readonly sequences: number;
  /** The property: every sequence of commands keeps every rule. */
  property(options: CommandOptions): fc.IAsyncProperty<[Iterable<PageCommand>]>;
  /** Closes the last sequence's stores and Strapi. */
  close(): Promise<void>;
}

/**
 * Starts examples/schema-package in Strapi (startStrapiServer) with the locale `fr` beside the
 * default `en` (the test app has only `en`), an author for the pages' required relation, and the
 * generated strapi-schema.json the SDK's store reads.
 */
export async function startPageModel(): Promise<PageModelServer> {
  const server = await startStrapiServer();
  try {
    const known = await callStrapi<{ code: string }[]>(server, 'GET', '/i18n/locales', undefined, server.adminJwt);
    if (!known.body.some((locale) => locale.code === 'fr')) {
      const french = { name: 'French (fr)', code: 'fr', isDefault: false };
      const created = await callStrapi(server, 'POST', '/i18n/locales', french, server.adminJwt);
      if (created.status !== 200)
        throw new Error(`POST /i18n/locales: ${created.status} ${JSON.stringify(created.body)}`);
    }
    const generated = join(server.packageRoot, 'generated/registries/strapi-schema.json');
    const schema = JSON.parse(await readFile(generated, 'utf8')) as StrapiSchema;
    const { documentId: author } = await createDocument(server, 'authors', {
      name: 'Ann',
      slug: 'ann',
      email: 'ann@example.com',
    });
    return serving(server, schema, author);
  } catch (error) {
    await server.close();
    throw error;
  }
}

function serving(server: StrapiServer, schema: StrapiSchema, author: string): PageModelServer {
  let sequences = 0;
  let previous: PageActors | undefined;

  /** The sequence's first pages, over REST: `a` in en and fr (one document), `b` in en; `c` is free. */
  async function seedPages(world: PageWorld): Promise<void> {
    const page = (name: 'a' | 'b', title: string) => ({
      title,
      slug: world.slugOf(name),
      author,
      summary: `summary of ${name}`,
      blocks: [heroBlock(title)],
    });
    const a = await createDocument(server, 'pages?status=draft&locale=en', page('a', 'a-en'));
    const path = `/api/pages/${a.documentId}?status=draft&locale=fr`;
    const french = await callStrapi(server, 'PUT', path, { data: { ...page('a', 'a-fr'), revision: 0 } });
    if (french.status !== 200) throw new Error(`PUT ${path}: ${french.status} ${JSON.stringify(french.body)}`);
    await createDocument(server, 'pages?status=draft&locale=en', page('b', 'b-en'));
  }

  return {
    server,
    get sequences() {
      return sequences;
    },
    property(options) {
      return fc.asyncProperty(pageCommands(options), async (commands) => {
        previous?.close();
        sequences += 1;
        const world = new PageWorld(`m${sequences}-`);
        const actors = new PageActors(server, schema, author);
        previous = actors;
        await fc.asyncModelRun(async () => {
          await seedPages(world);
          await world.observe(server);
          return { model: world, real: actors };
        }, commands);
      });
    },
    async close() {
      previous?.close();
      await server.close();
    },
  };
}
