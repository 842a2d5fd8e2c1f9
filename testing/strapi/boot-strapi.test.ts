import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootStrapi } from './boot-strapi.js';
import { bootTimeoutMs } from './check-package.js';
import { createStrapiAppDir, type StrapiAppDir } from './strapi-app-dir.js';

// The harness itself: each way Strapi refuses an app reaches the test as a report with the stage
// and Strapi's own message, including the refusals that end in process.exit.

const thing = {
  kind: 'collectionType',
  collectionName: 'things',
  info: { singularName: 'thing', pluralName: 'things', displayName: 'Thing' },
  options: { draftAndPublish: false },
  attributes: { name: { type: 'string' } },
};
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const removals: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(removals.splice(0).map((remove) => remove()));
});

/** A cms folder of the given files, in a Strapi app of `language`. */
async function appOf(files: Record<string, string>, language: 'js' | 'ts' = 'js'): Promise<StrapiAppDir> {
  const cms = await mkdtemp(join(tmpdir(), 'catalog-strapi-cms-'));
  removals.push(() => rm(cms, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(cms, path)), { recursive: true });
    await writeFile(join(cms, path), text);
  }
  const app = await createStrapiAppDir(cms, language);
  removals.push(() => app.remove());
  return app;
}

describe('the Strapi boot harness', () => {
  it('reports the content types Strapi loaded and links nothing when no relation is declared', async () => {
    const app = await appOf({ 'src/api/thing/content-types/thing/schema.json': json(thing) });
    const { report } = await bootStrapi(app, bootTimeoutMs);
    expect(report.ok && report.contentTypes).toEqual([
      {
        uid: 'api::thing.thing',
        kind: 'collectionType',
        collectionName: 'things',
        declared: ['name'],
        attributes: [
          { name: 'name', type: 'string' },
          { name: 'createdAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
          { name: 'publishedAt', type: 'datetime' },
          { name: 'createdBy', type: 'relation', relation: 'oneToOne', target: 'admin::user' },
          { name: 'updatedBy', type: 'relation', relation: 'oneToOne', target: 'admin::user' },
          { name: 'locale', type: 'string' },
          { name: 'localizations', type: 'relation', relation: 'oneToMany', target: 'api::thing.thing' },
        ],
      },
    ]);
    expect(report.ok && [report.components, report.links, report.queries]).toEqual([
      [],
      [],
      [{ uid: 'api::thing.thing', populate: ['createdBy', 'updatedBy', 'localizations'], count: 0 }],
    ]);
  });

  it("reports Strapi's register error: a content-type folder that is not its singularName", async () => {
    const app = await appOf({ 'src/api/thing/content-types/other/schema.json': json(thing) });
    const { report } = await bootStrapi(app, bootTimeoutMs);
    expect(report).toEqual({
      ok: false,
      stage: 'register',
      error: 'The key of the content-type should be the same as its singularName. Found other and thing.',
    });
  });

  it("reports Strapi's stopWithError (process.exit) as a register error: a component without collectionName", async () => {
    const app = await appOf({
      'src/components/shared/note.json': json({ info: { displayName: 'Note' }, attributes: {} }),
    });
    const { report } = await bootStrapi(app, bootTimeoutMs);
    expect(report).toEqual({
      ok: false,
      stage: 'register',
      error: `Component note is missing a "collectionName" property.\nVerify file ${join(app.appDir, 'src/components/shared/note.json')}.`,
    });
  });

  it('loads generated JavaScript as plain node does (no TypeScript loader): type syntax in a .js file is refused', async () => {
    const app = await appOf({
      'src/api/thing/content-types/thing/schema.json': json(thing),
      'src/api/thing/controllers/thing.js': 'module.exports = { find(ctx: unknown) {} };\n',
    });
    const { report } = await bootStrapi(app, bootTimeoutMs);
    expect(report.ok === false && report.stage).toBe('register');
    expect(report.ok === false && report.error).toBe("Unexpected token ':'");
  });

  it("reports tsc's diagnostics when generated TypeScript does not compile", async () => {
    const app = await appOf(
      {
        'src/api/thing/content-types/thing/schema.json': json(thing),
        'src/api/thing/services/thing.ts': "const count: number = 'one';\nexport default { count };\n",
      },
      'ts',
    );
    const { report } = await bootStrapi(app, bootTimeoutMs);
    expect(report.ok === false && report.stage).toBe('compile');
    expect(report.ok === false && report.error).toContain(
      "src/api/thing/services/thing.ts:1:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
    );
  });

  it('reports a process that exits on its own, with its code', async () => {
    const app = await appOf({ 'src/index.js': 'module.exports = { register() { process.exit(3); } };\n' });
    const { report } = await bootStrapi(app, bootTimeoutMs);
    expect(report.ok === false && [report.stage, report.error.split('\n')[0]]).toEqual([
      'exit',
      'the Strapi process exited (code 3) without a report:',
    ]);
  });

  it('kills a boot that outlives its time-out', async () => {
    const app = await appOf({
      'src/index.js': 'module.exports = { register() { return new Promise(() => setInterval(() => {}, 1000)); } };\n',
    });
    const { report } = await bootStrapi(app, 5_000);
    expect(report).toEqual({ ok: false, stage: 'timeout', error: 'Strapi did not report within 5000 ms' });
  });
});
