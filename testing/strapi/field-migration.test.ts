import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCommand } from '../../authoring/cli/commands/generate-command.js';
import { loadAuthoringConfig } from '../../authoring/config/load-authoring-config.js';
import { nodeOutputFileSystem } from '../../authoring/write/output-file-system.js';
import { bootStrapi } from './boot-strapi.js';
import { catalogSchema } from './catalog-schema-cli.js';
import { bootTimeoutMs } from './check-package.js';
import { createStrapiAppDir, type StrapiAppDir } from './strapi-app-dir.js';
import { strapiNodeModules } from './strapi-install.js';

// Expand, migrate, contract on real Strapi 5.54 (js, SQLite), one app and one database for the
// whole file, restarted after each generate (docs/authoring-strapi-migrations.md): a stored hero1
// block's values survive a rename, a declared removal and a blocked contract; only a contract
// that nothing holds drops a column.

type Row = Record<string, unknown>;
interface Sqlite {
  prepare(sql: string): { all(...args: unknown[]): Row[]; run(...args: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(strapiNodeModules)('better-sqlite3') as new (path: string) => Sqlite;

const exampleDir = fileURLToPath(new URL('../../examples/schema-package/', import.meta.url));
const referenceField = fileURLToPath(new URL('../../authoring/sot/field.schema.json', import.meta.url));
const heroSource = 'src/source/components/hero/hero1.json';
const cmsFolders = ['src/api', 'src/components', 'catalog-schema', 'database'];

let root: string;
let app: StrapiAppDir;

function query(sql: string, ...args: unknown[]): Row[] {
  const db = new Database(join(app.appDir, '.tmp', 'data.db'));
  try {
    return db.prepare(sql).all(...args);
  } finally {
    db.close();
  }
}

function run(sql: string, ...args: unknown[]): void {
  const db = new Database(join(app.appDir, '.tmp', 'data.db'));
  try {
    db.prepare(sql).run(...args);
  } finally {
    db.close();
  }
}

const columns = (table: string) => query(`select name from pragma_table_info('${table}')`).map((row) => row.name);
const hero = () => query("select subtitle, tagline, full_height from components_hero_hero1s where title = 'Stored'")[0];

/** Copies the generated cms folders into the app, as a deploy does, and restarts Strapi on the same database. */
async function deployAndRestart(): Promise<void> {
  for (const folder of cmsFolders) {
    await rm(join(app.appDir, folder), { recursive: true, force: true });
    await cp(join(root, 'cms', folder), join(app.appDir, folder), { recursive: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  const boot = await bootStrapi(app, bootTimeoutMs);
  expect(boot.report.ok, boot.output.slice(-3000)).toBe(true);
}

async function editHero(from: string, to: string): Promise<void> {
  const text = await readFile(join(root, heroSource), 'utf8');
  expect(text).toContain(from);
  await writeFile(join(root, heroSource), text.replace(from, to));
}

async function cmsSnapshot(): Promise<string[]> {
  const { readTree } = await import('../../authoring/write/read-tree.js');
  const tree = await readTree(join(root, 'cms'));
  return [...tree].map(([path, bytes]) => `${path}\0${bytes.toString('base64')}`);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'catalog-field-migration-'));
  for (const entry of ['src', 'catalog-schema.config.json', 'package.json']) {
    await cp(join(exampleDir, entry), join(root, entry), { recursive: true });
  }
  await cp(referenceField, join(root, 'src/sot/field.schema.json'));
  expect((await catalogSchema(root, ['generate'])).code).toBe(0);
  app = await createStrapiAppDir(join(root, 'cms'), 'js');
  await deployAndRestart();
  // A stored page whose dynamic zone holds one hero1 block.
  run("insert into pages (document_id, title, slug, locale, revision) values ('doc1', 'Home', 'home', 'en', 1)");
  run(
    "insert into components_hero_hero1s (cmp_variant, title, subtitle, full_height) values ('hero1', 'Stored', 'Kept subtitle', 1)",
  );
  const [page] = query("select id from pages where document_id = 'doc1'");
  const [block] = query("select id from components_hero_hero1s where title = 'Stored'");
  run(
    "insert into pages_cmps (entity_id, cmp_id, component_type, field, \"order\") values (?, ?, 'hero.hero1', 'blocks', 1)",
    page?.id,
    block?.id,
  );
});

afterAll(async () => {
  await app?.remove();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a stored hero1 block through expand, migrate and contract', () => {
  it('an undeclared removal is refused by generate, nothing written', async () => {
    const before = await cmsSnapshot();
    await editHero('    "subtitle": "text",\n', '');
    const refused = await catalogSchema(root, ['generate']);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'catalog-schema generate: field-change-undeclared: hero.hero1.subtitle removed: Strapi would drop the stored values at its next start. Declare a removal ({"type": …, "deprecated": true} in the source) or a rename (rename:field); a new type is a new field; nothing written\n',
    });
    expect(await cmsSnapshot()).toEqual(before);
    await editHero('    "body": "richtext",\n', '    "subtitle": "text",\n    "body": "richtext",\n');
  });

  it('rename:field subtitle → tagline, generate, restart: both columns hold the value, the old attribute is deprecated', async () => {
    const renamed = await catalogSchema(root, [
      'rename:field',
      '--component',
      'hero.hero1',
      '--old',
      'subtitle',
      '--new',
      'tagline',
    ]);
    expect([renamed.code, renamed.stdout.split('\n').at(-2)]).toEqual([
      0,
      'rename:field: hero.hero1.subtitle → hero.hero1.tagline (1 file written)',
    ]);
    expect((await catalogSchema(root, ['generate'])).code).toBe(0);
    await deployAndRestart();
    expect(hero()).toMatchObject({ subtitle: 'Kept subtitle', tagline: 'Kept subtitle' });
    expect(query('select name from strapi_migrations')).toEqual([
      { name: 'catalog-schema.hero.hero1.subtitle-to-tagline.js' },
    ]);
    const component = JSON.parse(await readFile(join(app.appDir, 'src/components/hero/hero1.json'), 'utf8'));
    expect([component.attributes.tagline, component.attributes.subtitle]).toEqual([{ type: 'text' }, { type: 'text' }]);
    const sidecar = JSON.parse(await readFile(join(app.appDir, 'catalog-schema/admin-metadata.json'), 'utf8'));
    expect(sidecar.components['hero.hero1'].subtitle).toEqual({ edit: { visible: false, editable: false } });
    // The block still belongs to the page.
    expect(query("select field, component_type from pages_cmps where component_type = 'hero.hero1'")).toEqual([
      { field: 'blocks', component_type: 'hero.hero1' },
    ]);
  });

  it('a declared removal keeps the column and its value', async () => {
    await editHero('"fullHeight": "boolean"', '"fullHeight": { "type": "boolean", "deprecated": true }');
    expect((await catalogSchema(root, ['generate'])).code).toBe(0);
    await deployAndRestart();
    expect(hero()).toEqual({ subtitle: 'Kept subtitle', tagline: 'Kept subtitle', full_height: 1 });
  });

  it('generate --contract: refused while an instance holds a deprecated field, else the columns go', async () => {
    const context = { root, config: await loadAuthoringConfig(root, undefined, {}), fs: nodeOutputFileSystem };
    const before = await cmsSnapshot();
    const held = async (component: string, field: string) => `${component}.${field}` === 'hero.hero1.fullHeight';
    await expect(generateCommand(context, { check: false, contract: true }, held)).rejects.toMatchObject({
      code: 'contract-blocked',
      exitCode: 1,
      message:
        'stored instances still hold hero.hero1.fullHeight: run migrate-pages, then generate --contract again; nothing written',
    });
    expect(await cmsSnapshot()).toEqual(before);
    const contracted = await generateCommand(context, { check: false, contract: true }, async () => false);
    expect(contracted.ok).toBe(true);
    await deployAndRestart();
    expect(columns('components_hero_hero1s')).not.toContain('subtitle');
    expect(columns('components_hero_hero1s')).not.toContain('full_height');
    expect(query("select tagline from components_hero_hero1s where title = 'Stored'")).toEqual([
      { tagline: 'Kept subtitle' },
    ]);
  });
});
