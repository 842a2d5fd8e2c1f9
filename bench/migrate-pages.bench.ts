import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../authoring/cli/run-cli.js';
import { memoryIo } from '../authoring/testing/memory-io.js';
import { examplePackageDir } from '../authoring/testing/temp-package.js';
import { ensureStrapiApp } from '../testing/strapi/install-app.mjs';
import { callStrapi, createDocument } from '../testing/strapi/strapi-rest.js';
import { startStrapiServer } from '../testing/strapi/strapi-server.js';
import { type BenchRow, reportRow } from './bench-row.js';

const PAGES = Number(process.env.BENCH_MIGRATE_PAGES ?? 100);
const HEROES = 3;

/** A copy of the example package where hero1 is 2.0.0 with a migration moving `subtitle` to `tagline`. */
async function upgradedPackage(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'bench-migrate-pages-'));
  for (const entry of ['src', 'packages', 'catalog-schema.config.json', 'package.json']) {
    await cp(join(examplePackageDir, entry), join(root, entry), { recursive: true });
  }
  const source = join(root, 'src/source/components/hero/hero1.json');
  const component = JSON.parse(await readFile(source, 'utf8'));
  await writeFile(source, JSON.stringify({ ...component, fields: { ...component.fields, tagline: 'text' } }));
  const manifest = join(root, 'packages/ui-hero1/package.json');
  await writeFile(manifest, JSON.stringify({ ...JSON.parse(await readFile(manifest, 'utf8')), version: '2.0.0' }));
  await writeFile(
    join(root, 'packages/ui-hero1/src/migrations.ts'),
    'export const migrations = { 1: ({ subtitle, ...rest }: Record<string, unknown>) => ({ ...rest, tagline: subtitle }) };\n',
  );
  return root;
}

/**
 * `catalog-schema migrate-pages` on a real Strapi 5.54 (sqlite), the example package's generated
 * app: pages a second over 100 drafts of five blocks (three hero1 instances at 1.0.0 to upgrade, two
 * cards1 kept), one read and one update a page. Report row.
 */
export async function migratePagesBench(): Promise<BenchRow> {
  const name = `migrate-pages: pages a second (${PAGES} pages, ${HEROES} instances of 5 blocks each)`;
  if (!ensureStrapiApp().ok) return reportRow(name, 'not measured: the Strapi test app could not be installed');
  const root = await upgradedPackage();
  const server = await startStrapiServer({ packageRoot: root });
  try {
    const { documentId: author } = await createDocument(server, 'authors', { name: 'A', slug: 'a', email: 'a@b.c' });
    for (let page = 0; page < PAGES; page++) {
      const blocks = Array.from({ length: 5 }, (_, index) =>
        index % 2 === 0
          ? {
              __component: 'hero.hero1',
              cmp_variant: 'hero1',
              title: `Hero ${index}`,
              subtitle: 'Moves to tagline',
              cta: { label: 'Go', cmp_variant: 'button' },
              cmp_instance: { id: `h${page}-${index}`, package: '@acme/ui-hero1', version: '1.0.0' },
            }
          : {
              __component: 'cards.cards1',
              cmp_variant: 'cards1',
              heading: 'Cards',
              cards: [{ cmp_variant: 'card', title: 'One', featured: true }],
              cmp_instance: { id: `c${page}-${index}`, package: '@acme/ui-cards1', version: '1.0.0' },
            },
      );
      const slug = `bench-${page}`;
      const created = await callStrapi(server, 'POST', '/api/pages?status=draft&locale=en', {
        data: { title: slug, slug, author, blocks },
      });
      if (created.status !== 201) throw new Error(`POST /api/pages answered ${created.status}`);
    }
    const { io, stdout, stderr } = memoryIo(root);
    const started = performance.now();
    const code = await runCli(['migrate-pages', 'hero1'], io, {
      env: { STRAPI_URL: server.url, STRAPI_TOKEN: server.apiToken },
    });
    const ms = performance.now() - started;
    const summary = stdout().trimEnd().split('\n').at(-1);
    if (
      code !== 0 ||
      summary !== `migrate-pages: upgraded ${PAGES * HEROES} instances on ${PAGES} pages, one new revision each page`
    ) {
      return reportRow(name, `failed: exit ${code}: ${summary} ${stderr()}`);
    }
    return reportRow(
      name,
      `${((PAGES * 1000) / ms).toFixed(1)} pages/s (${(ms / 1000).toFixed(1)} s, Strapi 5.54, sqlite)`,
    );
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}
