import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSchema } from '../../testing/strapi/catalog-schema-cli.js';
import { callStrapi } from '../../testing/strapi/strapi-rest.js';
import { type StrapiServer, startStrapiServer } from '../../testing/strapi/strapi-server.js';
import { writeSource2 } from '../../testing/strapi/versions-proof/hero-2.js';
import { createStrapiPageStore } from './strapi-page-store.js';
import type { StrapiSchema } from './strapi-schema.js';
import type { VersionAttributesByKey } from './version-attributes.js';

// Instances of older versions on real Strapi 5.54 (docs/strapi-pages.md): a page saved with hero1
// 1.0.0, then hero1 2.0.0's source (examples/releases/hero1-2.0.0) generated and deployed into the
// same app, Strapi restarted on the same database (its migration copies subtitle into tagline).

let server: StrapiServer;
let schema1: StrapiSchema;
let schema2: StrapiSchema;

const readSchema = async (root: string) =>
  JSON.parse(await readFile(join(root, 'generated/registries/strapi-schema.json'), 'utf8')) as StrapiSchema;

/** The page `slug`'s hero1 blocks as REST gives them: every stored column. */
async function storedHeroes(slug: string): Promise<Record<string, unknown>[]> {
  const query = `filters[slug][$eq]=${slug}&status=draft&locale=en&populate[blocks][populate]=*`;
  const { body } = await callStrapi<{ data: { blocks: Record<string, unknown>[] }[] }>(
    server,
    'GET',
    `/api/pages?${query}`,
  );
  return body.data[0]!.blocks.filter((block) => block.__component === 'hero.hero1');
}

const hero = (id: string, props: Record<string, unknown>): ComponentInstance => ({
  id,
  packageId: 'hero1',
  package: '@acme/ui-hero1',
  version: '1.0.0',
  props,
});
const props1 = {
  cmp_variant: 'hero1',
  title: 'Welcome',
  subtitle: 'Drag and drop',
  theme: 'dark',
  fullHeight: true,
};

beforeAll(async () => {
  server = await startStrapiServer();
  schema1 = await readSchema(server.packageRoot);
  const store = createStrapiPageStore({ url: server.url, schema: schema1, token: () => server.apiToken, locale: 'en' });
  await store.save({
    id: 'versions',
    title: 'Versions',
    revision: 0,
    updatedAt: '',
    content: [hero('h1', props1), hero('h2', { cmp_variant: 'hero1', title: 'Second' })],
  });
  store.close();
  await writeSource2(server.packageRoot);
  const generated = await catalogSchema(server.packageRoot, ['generate']);
  expect(generated.code, generated.stderr).toBe(0);
  server = await server.redeploy();
  schema2 = await readSchema(server.packageRoot);
});
afterAll(async () => {
  await server?.close();
});

describe('the Strapi page store with versionAttributes, after an expand', () => {
  it('reads a 1.0.0 block as exactly its 1.0.0 props; a save of another instance keeps every stored column', async () => {
    // 1.0.0's record lists the attributes hero.hero1 had at 1.0.0 (publish writes it; here, the start's schema).
    const versionAttributes: VersionAttributesByKey = {
      '@acme/ui-hero1@1.0.0': { component: 'hero.hero1', attributes: schema1.components['hero.hero1']!.attributes },
    };
    expect(Object.keys(schema2.components['hero.hero1']!.attributes)).toEqual([
      'cmp_variant',
      'title',
      'eyebrow',
      'tagline',
      'body',
      'image',
      'background',
      'cta',
      'theme',
      'cmp_instance',
      'subtitle',
      'fullHeight',
    ]);
    const store = createStrapiPageStore({
      url: server.url,
      schema: schema2,
      token: () => server.apiToken,
      locale: 'en',
      versionAttributes,
    });
    const [stored] = await storedHeroes('versions');
    expect(stored).toMatchObject({ subtitle: 'Drag and drop', tagline: 'Drag and drop', eyebrow: null });
    const read = (await store.get('versions')) as Page;
    expect(JSON.stringify(read.content[0]?.props)).toBe(JSON.stringify(props1));
    // Another instance edited: the 1.0.0 block is written again with its tagline copy.
    const edited = structuredClone(read);
    edited.content[1]!.props = { ...edited.content[1]!.props, title: 'Second, edited' };
    const saved = await store.save(edited);
    expect(saved.revision).toBe(read.revision + 1);
    expect(JSON.stringify(saved.content[0]?.props)).toBe(JSON.stringify(props1));
    const [after, second] = await storedHeroes('versions');
    expect(after).toMatchObject({
      subtitle: 'Drag and drop',
      tagline: 'Drag and drop',
      eyebrow: null,
      fullHeight: true,
      cmp_instance: { id: 'h1', version: '1.0.0' },
    });
    expect(second).toMatchObject({ title: 'Second, edited', tagline: null, subtitle: null });
    // Without the records, the same block reads with the copy as a prop: what the option is for.
    const plain = createStrapiPageStore({
      url: server.url,
      schema: schema2,
      token: () => server.apiToken,
      locale: 'en',
    });
    expect(((await plain.get('versions')) as Page).content[0]?.props).toEqual({ ...props1, tagline: 'Drag and drop' });
    plain.close();
    store.close();
  });
});
