import { readFile } from 'node:fs/promises';
import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import { openPageStore } from '../sdk/page-store/indexeddb-page-store.js';
import type { PageStore } from '../sdk/page-store/page-store.js';
import { createStrapiPageStore } from '../sdk/strapi/strapi-page-store.js';
import type { StrapiSchema } from '../sdk/strapi/strapi-schema.js';
import { ensureStrapiApp } from '../testing/strapi/install-app.mjs';
import { startStrapiServer } from '../testing/strapi/strapi-server.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

const BLOCKS = 50;
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);

/** A page of 50 blocks of the example package's components, as an editor fills one. */
function fiftyBlockPage(id: string): Page {
  const content: ComponentInstance[] = [];
  for (let index = 0; index < BLOCKS; index++) {
    content.push(
      index % 2 === 0
        ? {
            id: `hero-${index}`,
            packageId: 'hero1',
            package: '@acme/ui-hero1',
            version: '1.0.0',
            props: {
              cmp_variant: 'hero1',
              title: `Hero ${index}`,
              subtitle: 'A line under it',
              theme: 'dark',
              cta: { label: 'Read more', path: '/more' },
            },
          }
        : {
            id: `cards-${index}`,
            packageId: 'cards1',
            package: '@acme/ui-cards1',
            version: '1.0.0',
            props: {
              cmp_variant: 'cards1',
              heading: `Cards ${index}`,
              columns: 3,
              cards: [1, 2, 3].map((card) => ({ title: `Card ${card}`, featured: card === 1, rank: card })),
            },
          },
    );
  }
  return { id, title: 'Fifty blocks', revision: 0, updatedAt: new Date(0).toISOString(), content };
}

/** Median save and load of the 50-block page in `store`, each save an edit of one prop. */
async function timeSavesAndLoads(store: PageStore, id: string): Promise<{ save: number; load: number }> {
  let page = await store.save(fiftyBlockPage(id));
  const saves: number[] = [];
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const edited = structuredClone(page);
    (edited.content[0] as ComponentInstance).props.title = `Edit ${round}`;
    let started = performance.now();
    page = await store.save(edited);
    saves.push(performance.now() - started);
    started = performance.now();
    await store.get(id);
    loads.push(performance.now() - started);
  }
  return { save: median(saves), load: median(loads) };
}

/**
 * The Strapi page store on a real Strapi 5.54 (the example package's generated app, sqlite)
 * against the IndexedDB store (fake-indexeddb in this Node process, in memory: a floor, not a
 * browser's disk), and the requests a save makes (goal: one write request per save). Report rows.
 */
export async function strapiPageStore(): Promise<BenchRow[]> {
  const app = ensureStrapiApp();
  if (!app.ok)
    return [
      reportRow('Strapi page store', 'not measured: the Strapi test app could not be installed (its log is above)'),
    ];
  const schema = JSON.parse(
    await readFile(
      new URL('../examples/schema-package/golden/generated/registries/strapi-schema.json.golden', import.meta.url),
      'utf8',
    ),
  ) as StrapiSchema;
  const server = await startStrapiServer();
  const requests: string[] = [];
  try {
    const strapi = createStrapiPageStore({
      url: server.url,
      schema,
      token: () => server.apiToken,
      locale: 'en',
      fetch: (input, init) => {
        requests.push(init?.method ?? 'GET');
        return fetch(input, init);
      },
    });
    const onStrapi = await timeSavesAndLoads(strapi, 'bench-fifty');
    requests.length = 0;
    const page = (await strapi.get('bench-fifty')) as Page;
    requests.length = 0;
    let current = page;
    for (let save = 0; save < 10; save++) current = await strapi.save({ ...current, title: `Requests ${save}` });
    const perSave = requests.length / 10;
    strapi.close();

    await import('./indexeddb-globals.js');
    const indexedDb = await openPageStore({ name: `bench-${Date.now()}` });
    const onIndexedDb = await timeSavesAndLoads(indexedDb, 'bench-fifty');
    indexedDb.close();

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      reportRow(
        `Strapi page store: save of a ${BLOCKS}-block page (median of ${rounds})`,
        `${ms(onStrapi.save)} (Strapi 5.54, sqlite)`,
        `${ms(onIndexedDb.save)} IndexedDB store (fake-indexeddb in Node)`,
        onStrapi.save / onIndexedDb.save,
      ),
      reportRow(
        `Strapi page store: load of a ${BLOCKS}-block page (median of ${rounds})`,
        `${ms(onStrapi.load)} (Strapi 5.54, sqlite)`,
        `${ms(onIndexedDb.load)} IndexedDB store (fake-indexeddb in Node)`,
        onStrapi.load / onIndexedDb.load,
      ),
      {
        name: 'Strapi page store: requests per save of a page it has read (10 saves)',
        measured: `${perSave.toFixed(2)} (${requests.join(', ')})`,
        baseline: 'one write request',
        ratio: perSave,
        target: '= 1',
        ok: perSave === 1 && requests.every((method) => method === 'PUT'),
      },
    ];
  } finally {
    await server.close();
  }
}
