import type { Page } from '@runtime-component-catalog/sdk';
import { SdkError } from '@runtime-component-catalog/sdk';
import { createStrapiPageStore, type StrapiSchema } from '@runtime-component-catalog/sdk/strapi';

// Pages in Strapi 5: the `page` collection `catalog-schema generate` wrote into your Strapi app.
// `schema` is generated/registries/strapi-schema.json of your schema package (import it with your
// bundler's JSON support); `token` gives an API token or a users-permissions JWT each time it is
// asked, so a token can be refreshed.
export async function editHomePage(strapiUrl: string, schema: StrapiSchema, token: () => Promise<string>) {
  const store = createStrapiPageStore({ url: strapiUrl, schema, token, locale: 'en' });

  // The editor's list can say, before a drag, which variants this page's dynamic zone refuses.
  const refused = store.acceptsVariant('hero2'); // a reason, or undefined when the zone accepts it

  let page: Page = (await store.get('home')) ?? { id: 'home', title: 'Home', revision: 0, updatedAt: '', content: [] };
  const hero = {
    id: 'hero-1',
    packageId: 'hero1',
    package: '@acme/ui-hero1',
    version: '1.0.0',
    props: { cmp_variant: 'hero1', title: 'Welcome', theme: 'dark' },
  };
  page = await store.save({ ...page, content: [...page.content, hero] });

  // A prop the component cannot hold is refused before anything is sent, naming the prop and
  // the attribute; a save based on an old revision is refused by Strapi itself.
  try {
    await store.save({ ...page, content: [{ ...hero, props: { ...hero.props, theme: 'neon' } }] });
  } catch (error) {
    if (!(error instanceof SdkError && error.code === 'store-unmappable')) throw error;
    console.log(error.message);
  }
  store.close();
  return { page, refused };
}
