import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSchema } from './catalog-schema-cli.js';
import { callStrapi, createDocument } from './strapi-rest.js';
import { type StrapiServer, startStrapiServer } from './strapi-server.js';

// migrate-pages against a real Strapi 5.54 (js, SQLite), one server for the file, the steps in
// order: pages saved with @acme/ui-hero1 1.0.0, the variant now 2.0.0 with a migration that moves
// `subtitle` to `tagline` (the component source has both, as an expand step leaves it).

const exampleDir = fileURLToPath(new URL('../../examples/schema-package/', import.meta.url));
const migrations = `export const migrations = {
  1: (props: Record<string, unknown>) => {
    const { subtitle, ...rest } = props;
    if (subtitle === 'explode') throw new Error('subtitle "explode" cannot move');
    return subtitle === undefined ? rest : { ...rest, tagline: subtitle };
  },
};
`;

let root: string;
let server: StrapiServer;
let proxy: Server;
let proxyUrl: string;
let author: string;
/** documentId → a save made directly in Strapi just before migrate-pages' first update of it reaches Strapi. */
const raceBeforeUpdate = new Map<string, Record<string, unknown>>();

interface Block {
  readonly __component: string;
  readonly [key: string]: unknown;
}
interface StoredPage {
  readonly documentId: string;
  readonly revision: number;
  readonly title: string;
  readonly blocks: Block[];
}

const hero = (id: string, title: string, subtitle: string | undefined) => ({
  __component: 'hero.hero1',
  cmp_variant: 'hero1',
  title,
  ...(subtitle === undefined ? {} : { subtitle }),
  cta: { label: 'Go', cmp_variant: 'button' },
  cmp_instance: { id, package: '@acme/ui-hero1', version: '1.0.0' },
});
const cards = {
  __component: 'cards.cards1',
  cmp_variant: 'cards1',
  heading: 'Cards',
  cards: [{ cmp_variant: 'card', title: 'One', featured: true }],
  cmp_instance: { id: 'c1', package: '@acme/ui-cards1', version: '1.0.0' },
};
const populate = 'populate[blocks][on][hero.hero1][populate]=*&populate[blocks][on][cards.cards1][populate]=*';

async function createPage(slug: string, blocks: unknown[]): Promise<string> {
  const created = await callStrapi<{ data: StoredPage }>(server, 'POST', '/api/pages?status=draft&locale=en', {
    data: { title: slug, slug, author, blocks },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.documentId;
}

async function readPage(documentId: string): Promise<StoredPage> {
  const read = await callStrapi<{ data: StoredPage }>(
    server,
    'GET',
    `/api/pages/${documentId}?status=draft&locale=en&${populate}`,
  );
  return read.body.data;
}

/** What the hero blocks of a page hold: [instance version, title, subtitle, tagline]. */
async function heroes(documentId: string) {
  const page = await readPage(documentId);
  return page.blocks
    .filter((block) => block.__component === 'hero.hero1')
    .map((block) => [(block.cmp_instance as { version: string }).version, block.title, block.subtitle, block.tagline]);
}

async function migrate(args: string[], env: Record<string, string | undefined> = {}) {
  const { code, stdout, stderr } = await catalogSchema(root, ['migrate-pages', ...args], {
    STRAPI_URL: proxyUrl,
    STRAPI_TOKEN: server.apiToken,
    ...env,
  });
  expect(stdout + stderr).not.toContain(server.apiToken);
  return { code, lines: stdout.trimEnd().split('\n'), stderr };
}

/** Forwards every request to Strapi; before a PUT of a document in `raceBeforeUpdate`, saves that document first. */
function startProxy(): Promise<void> {
  proxy = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const documentId = /^\/api\/pages\/([^/?]+)/.exec(request.url ?? '')?.[1];
    const race = request.method === 'PUT' && documentId !== undefined ? raceBeforeUpdate.get(documentId) : undefined;
    if (race !== undefined && documentId !== undefined) {
      raceBeforeUpdate.delete(documentId);
      const saved = await callStrapi(server, 'PUT', `/api/pages/${documentId}?status=draft&locale=en`, { data: race });
      expect(saved.status).toBe(200);
    }
    const answer = await fetch(`${server.url}${request.url}`, {
      method: request.method,
      headers: { authorization: String(request.headers.authorization), 'content-type': 'application/json' },
      body: chunks.length === 0 ? undefined : Buffer.concat(chunks),
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'migrate-pages-'));
  for (const entry of ['src', 'packages', 'catalog-schema.config.json', 'package.json']) {
    await cp(join(exampleDir, entry), join(root, entry), { recursive: true });
  }
  const heroSource = join(root, 'src/source/components/hero/hero1.json');
  const source = JSON.parse(await readFile(heroSource, 'utf8'));
  await writeFile(heroSource, JSON.stringify({ ...source, fields: { ...source.fields, tagline: 'text' } }, null, 2));
  const manifest = join(root, 'packages/ui-hero1/package.json');
  await writeFile(
    manifest,
    JSON.stringify({ ...JSON.parse(await readFile(manifest, 'utf8')), version: '2.0.0' }, null, 2),
  );
  await writeFile(join(root, 'packages/ui-hero1/src/migrations.ts'), migrations);
  server = await startStrapiServer({ packageRoot: root });
  await startProxy();
  ({ documentId: author } = await createDocument(server, 'authors', { name: 'Ann', slug: 'ann', email: 'a@b.c' }));
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('catalog-schema migrate-pages', () => {
  let home: string;
  let about: string;
  let raced: string;

  it('exits 2 naming STRAPI_TOKEN when it is missing', async () => {
    const run = await migrate(['--check'], { STRAPI_TOKEN: undefined });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'catalog-schema migrate-pages: migrate-pages-config-missing: migrate-pages needs STRAPI_TOKEN (a Strapi API token that can read and update the page collections)\n',
    );
  });

  it('--dry-run prints every change and writes nothing', async () => {
    home = await createPage('home', [hero('h1', 'Welcome', 'Drag and drop'), cards, hero('h2', 'Again', undefined)]);
    about = await createPage('about', [hero('a1', 'About', 'Who we are')]);
    raced = await createPage('raced', [hero('r1', 'Raced', 'First subtitle')]);
    const run = await migrate(['--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines).toEqual([
      'would upgrade page home (en): block 0 hero.hero1 (instance h1) @acme/ui-hero1 1.0.0 → 2.0.0 (props -subtitle +tagline)',
      'would upgrade page home (en): block 2 hero.hero1 (instance h2) @acme/ui-hero1 1.0.0 → 2.0.0',
      'would upgrade page about (en): block 0 hero.hero1 (instance a1) @acme/ui-hero1 1.0.0 → 2.0.0 (props -subtitle +tagline)',
      'would upgrade page raced (en): block 0 hero.hero1 (instance r1) @acme/ui-hero1 1.0.0 → 2.0.0 (props -subtitle +tagline)',
      'migrate-pages --dry-run: would upgrade 4 instances on 3 pages; nothing written',
    ]);
    for (const page of [home, about, raced]) expect((await readPage(page)).revision).toBe(1);
    expect(await heroes(home)).toEqual([
      ['1.0.0', 'Welcome', 'Drag and drop', null],
      ['1.0.0', 'Again', null, null],
    ]);
  });

  it('--check exits 1 with pages-need-migration while instances of an older major are stored', async () => {
    const run = await migrate(['--check']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'catalog-schema migrate-pages: pages-need-migration: 4 instances on 3 pages still at an older major: page home (en), draft: block 0 hero.hero1 (instance h1) @acme/ui-hero1 1.0.0; page home (en), draft: block 2 hero.hero1 (instance h2) @acme/ui-hero1 1.0.0; page about (en), draft: block 0 hero.hero1 (instance a1) @acme/ui-hero1 1.0.0; page raced (en), draft: block 0 hero.hero1 (instance r1) @acme/ui-hero1 1.0.0; run migrate-pages\n',
    );
  });

  it('upgrades every instance with one new revision a page, and reads a page saved meanwhile again', async () => {
    raceBeforeUpdate.set(raced, {
      revision: 1,
      title: 'Raced elsewhere',
      blocks: [hero('r1', 'Edited elsewhere', 'Second subtitle')],
    });
    const run = await migrate([]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines).toEqual([
      'upgraded page home (en): block 0 hero.hero1 (instance h1) @acme/ui-hero1 1.0.0 → 2.0.0 (props -subtitle +tagline)',
      'upgraded page home (en): block 2 hero.hero1 (instance h2) @acme/ui-hero1 1.0.0 → 2.0.0',
      'page home (en): revision 1 → 2',
      'upgraded page about (en): block 0 hero.hero1 (instance a1) @acme/ui-hero1 1.0.0 → 2.0.0 (props -subtitle +tagline)',
      'page about (en): revision 1 → 2',
      'page raced (en): saved elsewhere meanwhile (revision 2): read again',
      'upgraded page raced (en): block 0 hero.hero1 (instance r1) @acme/ui-hero1 1.0.0 → 2.0.0 (props -subtitle +tagline)',
      'page raced (en): revision 2 → 3',
      'migrate-pages: upgraded 4 instances on 3 pages, one new revision each page',
    ]);
    expect(await heroes(home)).toEqual([
      ['2.0.0', 'Welcome', null, 'Drag and drop'],
      ['2.0.0', 'Again', null, null],
    ]);
    const homePage = await readPage(home);
    expect(homePage.revision).toBe(2);
    // The block no instance of hero1 holds is kept as it was, nested components included.
    expect(homePage.blocks[1]).toMatchObject({ heading: 'Cards', cmp_instance: { version: '1.0.0' } });
    expect(homePage.blocks[0]).toMatchObject({ cta: { label: 'Go' } });
    expect((await readPage(about)).revision).toBe(2);
    expect(await heroes(about)).toEqual([['2.0.0', 'About', null, 'Who we are']]);
    // The save made meanwhile is kept, and its values are the ones migrated.
    const racedPage = await readPage(raced);
    expect([racedPage.revision, racedPage.title]).toEqual([3, 'Raced elsewhere']);
    expect(await heroes(raced)).toEqual([['2.0.0', 'Edited elsewhere', null, 'Second subtitle']]);
  });

  it('changes nothing when run again', async () => {
    const run = await migrate([]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines).toEqual(['migrate-pages: up to date: no stored instance needs a migration']);
    expect([
      (await readPage(home)).revision,
      (await readPage(about)).revision,
      (await readPage(raced)).revision,
    ]).toEqual([2, 2, 3]);
  });

  it('leaves a page its migration throws on untouched, goes on with the others, and exits 1 naming it', async () => {
    const bad = await createPage('bad', [hero('b1', 'Bad', 'Fine'), hero('b2', 'Bad', 'explode')]);
    const later = await createPage('later', [hero('l1', 'Later', 'Moved')]);
    const run = await migrate([]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'catalog-schema migrate-pages: migrate-pages-failed: 1 page left untouched: page bad (en): block 1 hero.hero1 (instance b2) @acme/ui-hero1 1.0.0: migration-failed: the migration from major 1 threw: subtitle "explode" cannot move; upgraded 1 instance on 1 page; a re-run upgrades only what is left\n',
    );
    const badPage = await readPage(bad);
    expect(badPage.revision).toBe(1);
    expect(await heroes(bad)).toEqual([
      ['1.0.0', 'Bad', 'Fine', null],
      ['1.0.0', 'Bad', 'explode', null],
    ]);
    expect([(await readPage(later)).revision, ...(await heroes(later))]).toEqual([
      2,
      ['2.0.0', 'Later', null, 'Moved'],
    ]);

    const check = await migrate(['--check']);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(
      'pages-need-migration: 2 instances on 1 page still at an older major: page bad (en)',
    );

    // Once the page is fixed, a run upgrades what is left and --check finds nothing.
    const fixed = badPage.blocks.map((block, index) => ({ ...hero(`b${index + 1}`, 'Bad', 'Fine'), id: block.id }));
    expect(
      (
        await callStrapi(server, 'PUT', `/api/pages/${bad}?status=draft&locale=en`, {
          data: { revision: 1, blocks: fixed },
        })
      ).status,
    ).toBe(200);
    const again = await migrate([]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.lines.at(-1)).toBe('migrate-pages: upgraded 2 instances on 1 page, one new revision each page');
    expect((await readPage(bad)).revision).toBe(3);
    const done = await migrate(['--check']);
    expect([done.code, done.lines]).toEqual([0, ['migrate-pages --check: no stored instance needs a migration']]);
  });
});
