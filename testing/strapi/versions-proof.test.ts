import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../authoring/write/read-tree.js';
import {
  columnsOf,
  type DatabaseSnapshot,
  type HeroRow,
  heroTable,
  readRows,
  snapshotDatabase,
} from './versions-proof/database-rows.js';
import {
  declareRemovalAndAdd,
  heroSource,
  overlaySource,
  renameByHand,
  writeVariant2,
} from './versions-proof/hero-2.js';
import { ProofApp, type RunningStrapi } from './versions-proof/proof-app.js';
import { heroInstances, savePagesAt1 } from './versions-proof/proof-pages.js';

// A breaking change of a component stored in pages, end to end on real Strapi 5.54 (js, SQLite),
// one app and one database restarted after each generate as a CMS is redeployed
// (docs/authoring-strapi-migrations.md): pages saved under @acme/ui-hero1 1.0.0 through the SDK's
// page store; 2.0.0 renames subtitle → tagline, removes fullHeight and adds a required eyebrow,
// with a migration. The database read directly after each step shows that no stored value is lost,
// every instance ends at 2.0.0 and valid, and each page gets exactly one new revision.

let app: ProofApp;
let strapi: RunningStrapi;
/** The database after each step, by step name. */
const snapshots = new Map<string, DatabaseSnapshot>();

function snapshot(step: string): DatabaseSnapshot {
  const taken = snapshotDatabase(app.dbPath);
  snapshots.set(step, taken);
  // The evidence each step leaves: the stored hero1 blocks, one line each.
  console.log(`${step}\n${heroTable(taken.heroes)}\n${taken.pages.join('\n')}`);
  return taken;
}

const at = (step: string): DatabaseSnapshot => {
  const taken = snapshots.get(step);
  if (taken === undefined) throw new Error(`no snapshot ${step}: an earlier test failed`);
  return taken;
};

async function cmsTree(): Promise<string[]> {
  const tree = await readTree(join(app.root, 'cms'));
  return [...tree].map(([path, bytes]) => `${path} ${bytes.toString('base64')}`);
}

/** Stops Strapi, deploys the generated cms folders and starts it again on the same database. */
async function redeploy(): Promise<void> {
  await strapi.stop();
  await app.deploy();
  strapi = await app.start();
}

const strapiEnv = () => ({ STRAPI_URL: strapi.url, STRAPI_TOKEN: strapi.apiToken });

beforeAll(async () => {
  app = await ProofApp.create();
  const generated = await app.cli(['generate']);
  expect(generated.code, generated.stderr).toBe(0);
  await app.deploy();
  strapi = await app.start();
});

afterAll(async () => {
  await strapi?.stop();
  await app?.remove();
});

describe('hero1 1.0.0 → 2.0.0 on stored pages: expand, migrate-pages, contract', () => {
  it('1.0.0: three pages saved through the Strapi page store', async () => {
    await savePagesAt1(app.root, strapi);
    const saved = snapshot('1.0.0 saved');
    expect(
      saved.heroes.map(({ page, revision, instance, version, title, subtitle, fullHeight, tagline }) => [
        page,
        revision,
        instance,
        version,
        title,
        subtitle,
        fullHeight,
        tagline,
      ]),
    ).toEqual([
      ['accueil/fr', 1, 'f1', '1.0.0', 'Bienvenue', 'Glisser, déposer', 1, null],
      ['home/en', 1, 'h1', '1.0.0', 'Welcome', 'Drag and drop', 1, null],
      ['home/en', 1, 'h2', '1.0.0', 'Again', 'Second subtitle', 0, null],
      ['mixed/en', 1, 'm1', '1.0.0', 'Mixed', 'Beside cards', 0, null],
    ]);
    expect(saved.heroes.map(({ theme, cta, image }) => [theme, cta, image])).toEqual([
      ['dark', 'Go f1 /f1 primary', null],
      ['dark', 'Go h1 /h1 primary', 'hero.png'],
      ['dark', 'Go h2 /h2 primary', null],
      ['dark', 'Go m1 /m1 primary', 'hero.png'],
    ]);
    expect(saved.pages).toEqual([
      'accueil/fr accueil page r1 [hero.hero1]',
      'home/en home page r1 [hero.hero1 hero.hero1]',
      'mixed/en mixed page r1 [cards.cards1 hero.hero1]',
    ]);
  });

  it('2.0.0 with subtitle renamed by hand in the source: generate refuses it and writes nothing', async () => {
    await writeVariant2(app.root);
    const original = await readFile(join(app.root, heroSource), 'utf8');
    const before = await cmsTree();
    await renameByHand(app.root);
    await declareRemovalAndAdd(app.root);
    const refused = await app.cli(['generate']);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'catalog-schema generate: field-change-undeclared: hero.hero1.subtitle removed: Strapi would drop the stored values at its next start. Declare a removal ({"type": …, "deprecated": true} in the source) or a rename (rename:field); a new type is a new field; nothing written\n',
    });
    expect(await cmsTree()).toEqual(before);
    await writeFile(join(app.root, heroSource), original);
  });

  it('2.0.0 with rename:field: generate and restart keep every stored value, subtitle copied to tagline', async () => {
    const renamed = await app.cli('rename:field --component hero.hero1 --old subtitle --new tagline'.split(' '));
    expect(renamed).toEqual({
      code: 0,
      stdout: [
        'src/source/components/hero/hero1.json: "subtitle" → "tagline", "subtitle" kept deprecated (renamedTo "tagline")',
        'next: generate (writes cms/database/migrations/catalog-schema.hero.hero1.subtitle-to-tagline.js), a new major of each variant of hero.hero1 with its migration, build, publish, migrate-pages, generate --contract',
        'rename:field: hero.hero1.subtitle → hero.hero1.tagline (1 file written)',
        '',
      ].join('\n'),
      stderr: '',
    });
    await declareRemovalAndAdd(app.root);
    // The playground's release overlay holds exactly this source (examples/releases/hero1-2.0.0).
    expect(await readFile(join(app.root, heroSource), 'utf8')).toBe(await overlaySource());
    const generated = await app.cli(['generate']);
    expect(generated.code, generated.stderr).toBe(0);
    await redeploy();
    const expanded = snapshot('2.0.0 generated, Strapi restarted');
    // Same rows (updated in place), same revisions, the old columns kept, tagline a copy of subtitle.
    expect(expanded.heroes).toEqual(at('1.0.0 saved').heroes.map((row) => ({ ...row, tagline: row.subtitle })));
    expect(expanded.pages).toEqual(at('1.0.0 saved').pages);
    expect(expanded.others).toEqual(at('1.0.0 saved').others);
    expect(readRows(app.dbPath, 'select name from strapi_migrations')).toEqual([
      { name: 'catalog-schema.hero.hero1.subtitle-to-tagline.js' },
    ]);
    // Still 1.x instances: the 2.0.0 props schema does not take them yet (the validity check below has teeth).
    const missing = "/ must have required property 'eyebrow'";
    expect((await heroInstances(app.root, strapi)).map(([, id, version, , errors]) => [id, version, errors])).toEqual([
      ['h1', '1.0.0', missing],
      ['h2', '1.0.0', missing],
      ['f1', '1.0.0', missing],
      ['m1', '1.0.0', missing],
    ]);
  });

  it('migrate-pages: every instance at 2.0.0 and valid, values moved, one new revision a page', async () => {
    const blocked = await app.cli(['generate', '--contract'], strapiEnv());
    expect([blocked.code, blocked.stderr]).toEqual([
      1,
      'catalog-schema generate: contract-blocked: stored instances still hold hero.hero1.subtitle, hero.hero1.fullHeight: run migrate-pages, then generate --contract again; nothing written\n',
    ]);
    const instances = [
      'page home (en), draft: block 0 hero.hero1 (instance h1) @acme/ui-hero1 1.0.0',
      'page home (en), draft: block 1 hero.hero1 (instance h2) @acme/ui-hero1 1.0.0',
      'page mixed (en), draft: block 1 hero.hero1 (instance m1) @acme/ui-hero1 1.0.0',
      'page accueil (fr), draft: block 0 hero.hero1 (instance f1) @acme/ui-hero1 1.0.0',
    ];
    const check = await app.cli(['migrate-pages', '--check'], strapiEnv());
    expect(check).toEqual({
      code: 1,
      stdout: instances.map((instance) => `needs migration: ${instance}\n`).join(''),
      stderr: `catalog-schema migrate-pages: pages-need-migration: 4 instances on 3 pages still at an older major: ${instances.join('; ')}; run migrate-pages\n`,
    });
    const migrated = await app.cli(['migrate-pages'], strapiEnv());
    const upgraded = (page: string, block: string) =>
      `upgraded page ${page}: block ${block} @acme/ui-hero1 1.0.0 → 2.0.0 (props -subtitle -fullHeight +eyebrow)`;
    // tagline is not among the props added: the database migration had already copied it.
    expect([migrated.code, migrated.stderr, migrated.stdout.trimEnd().split('\n')]).toEqual([
      0,
      '',
      [
        upgraded('home (en)', '0 hero.hero1 (instance h1)'),
        upgraded('home (en)', '1 hero.hero1 (instance h2)'),
        'page home (en): revision 1 → 2',
        upgraded('mixed (en)', '1 hero.hero1 (instance m1)'),
        'page mixed (en): revision 1 → 2',
        upgraded('accueil (fr)', '0 hero.hero1 (instance f1)'),
        'page accueil (fr): revision 1 → 2',
        'migrate-pages: upgraded 4 instances on 3 pages, one new revision each page',
      ],
    ]);
    const after = snapshot('migrate-pages');
    const moved = (row: HeroRow): HeroRow => ({
      ...row,
      revision: row.revision + 1,
      version: '2.0.0',
      subtitle: null,
      fullHeight: null,
      tagline: row.subtitle,
      eyebrow: row.fullHeight === 1 ? 'Full height' : 'Hero',
    });
    expect(after.heroes).toEqual(at('1.0.0 saved').heroes.map(moved));
    expect(after.pages).toEqual(at('1.0.0 saved').pages.map((page) => page.replace(' r1 [', ' r2 [')));
    expect(after.others).toEqual(at('1.0.0 saved').others);
    // As the page store reads them, every instance is valid under the 2.0.0 props schema.
    const read = await heroInstances(app.root, strapi);
    expect(read.map(([page, id, version, , errors]) => [page, id, version, errors])).toEqual([
      ['home/en', 'h1', '2.0.0', ''],
      ['home/en', 'h2', '2.0.0', ''],
      ['accueil/fr', 'f1', '2.0.0', ''],
      ['mixed/en', 'm1', '2.0.0', ''],
    ]);
    expect(read[0]?.[3]).toEqual({
      cmp_variant: 'hero1',
      title: 'Welcome',
      tagline: 'Drag and drop',
      eyebrow: 'Full height',
      theme: 'dark',
      cta: { cmp_variant: 'button', label: 'Go h1', path: '/h1', target: '_self', variant: 'primary', size: 'md' },
      image: { id: expect.any(Number), url: expect.stringMatching(/^\/uploads\/hero_[0-9a-f]+\.png$/) },
    });
  });

  it('generate --contract: the deprecated columns go, every value stays as migrate-pages left it', async () => {
    const contracted = await app.cli(['generate', '--contract'], strapiEnv());
    expect(contracted.code, contracted.stderr).toBe(0);
    await redeploy();
    const columns = columnsOf(app.dbPath, 'components_hero_hero1s');
    expect(['subtitle', 'full_height', 'tagline', 'eyebrow'].map((column) => columns.includes(column))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    const contractedRows = snapshot('generate --contract, Strapi restarted');
    expect(contractedRows).toEqual(at('migrate-pages'));
    const check = await app.cli(['migrate-pages', '--check'], strapiEnv());
    expect(check).toEqual({
      code: 0,
      stdout: 'migrate-pages --check: no stored instance needs a migration\n',
      stderr: '',
    });
  });
});
