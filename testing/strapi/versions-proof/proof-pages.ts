import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@runtime-component-catalog/contracts';
import { createStrapiPageStore, type StrapiSchema } from '@runtime-component-catalog/sdk/strapi';
import { Ajv } from 'ajv';
import { callStrapi, createDocument, onePixelPng, type UploadedFile, uploadFile } from '../strapi-rest.js';
import type { RunningStrapi } from './proof-app.js';

// The pages saved under @acme/ui-hero1 1.0.0, through the SDK's Strapi page store as an editor's
// session saves them: every hero1 prop the 2.0.0 change touches (subtitle renamed, fullHeight
// removed) holds a value of its own in each instance, beside untouched ones (title, theme, cta,
// image) that must come through every step unchanged.

const button = (label: string, path: string, variant: string) => ({
  cmp_variant: 'button',
  label,
  path,
  target: '_self',
  variant,
  size: 'md',
});

function hero(id: string, title: string, subtitle: string, fullHeight: boolean, image?: UploadedFile) {
  return {
    id,
    packageId: 'hero1',
    package: '@acme/ui-hero1',
    version: '1.0.0',
    props: {
      cmp_variant: 'hero1',
      title,
      subtitle,
      fullHeight,
      theme: 'dark',
      cta: button(`Go ${id}`, `/${id}`, 'primary'),
      ...(image === undefined ? {} : { image }),
    },
  };
}

const cards = {
  id: 'c1',
  packageId: 'cards1',
  package: '@acme/ui-cards1',
  version: '1.0.0',
  props: { cmp_variant: 'cards1', heading: 'Cards', cards: [{ cmp_variant: 'card', title: 'One', featured: true }] },
};

/** A page at revision 0: the store creates it. */
const page = (id: string, title: string, content: Page['content']): Page => ({
  id,
  title,
  revision: 0,
  updatedAt: new Date(0).toISOString(),
  content,
});

/** The page store on `strapi` in `locale`, with the package copy's generated strapi-schema.json. */
export async function pageStore(root: string, strapi: RunningStrapi, locale: string, author?: string) {
  const schema = JSON.parse(
    await readFile(join(root, 'generated/registries/strapi-schema.json'), 'utf8'),
  ) as StrapiSchema;
  return createStrapiPageStore({
    url: strapi.url,
    schema,
    token: () => strapi.apiToken,
    locale,
    newPageAttributes: () => ({ author }),
  });
}

/** The pages and their locales: two hero1 blocks; a page only in `fr`; a hero1 after another component. */
export const proofPages = [
  { id: 'home', locale: 'en' },
  { id: 'accueil', locale: 'fr' },
  { id: 'mixed', locale: 'en' },
] as const;

/** Adds the locale `fr` (the test app has only `en`), an author, an image, then saves the three pages at 1.0.0. */
export async function savePagesAt1(root: string, strapi: RunningStrapi): Promise<void> {
  const french = { name: 'French (fr)', code: 'fr', isDefault: false };
  const locale = await callStrapi(strapi, 'POST', '/i18n/locales', french, strapi.adminJwt);
  if (locale.status !== 200) throw new Error(`POST /i18n/locales: ${locale.status} ${JSON.stringify(locale.body)}`);
  const { documentId: author } = await createDocument(strapi, 'authors', { name: 'Ann', slug: 'ann', email: 'a@b.c' });
  const image = await uploadFile(strapi, 'hero.png', onePixelPng(), 'image/png');
  const content: Record<string, Page['content']> = {
    home: [hero('h1', 'Welcome', 'Drag and drop', true, image), hero('h2', 'Again', 'Second subtitle', false)],
    accueil: [hero('f1', 'Bienvenue', 'Glisser, déposer', true)],
    mixed: [cards, hero('m1', 'Mixed', 'Beside cards', false, image)],
  };
  for (const { id, locale } of proofPages) {
    const store = await pageStore(root, strapi, locale, author);
    const saved = await store.save(page(id, `${id} page`, content[id] ?? []));
    store.close();
    if (saved.revision !== 1) throw new Error(`page ${id} saved at revision ${saved.revision}`);
  }
}

/**
 * Every hero1 instance of the pages as the page store reads them, each checked by ajv against the
 * props schema of the variant's meta.json in the package copy: `[page, instance, version, props, errors]`.
 */
export async function heroInstances(root: string, strapi: RunningStrapi) {
  const meta = JSON.parse(await readFile(join(root, 'packages/ui-hero1/meta.json'), 'utf8')) as { schema: object };
  const validate = new Ajv({ allErrors: true, strict: false }).compile(meta.schema);
  const found: [string, string, string, Record<string, unknown>, string][] = [];
  for (const { id, locale } of proofPages) {
    const store = await pageStore(root, strapi, locale);
    const read = await store.get(id);
    store.close();
    for (const instance of read?.content ?? []) {
      if (instance.packageId !== 'hero1') continue;
      const valid = validate(instance.props);
      const errors = valid
        ? ''
        : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
      found.push([`${id}/${locale}`, instance.id, instance.version, instance.props, errors]);
    }
  }
  return found;
}
