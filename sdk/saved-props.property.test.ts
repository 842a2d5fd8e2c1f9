import 'fake-indexeddb/auto';
import type { Page } from '@runtime-component-catalog/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type HostFixture, startHostFixture } from '../testing/host/host-fixture.js';
import { serveHost } from '../testing/host/served-host.js';
import { artifactPath } from '../testing/origins/sample-packages.js';
import { createCatalogClient } from './catalog-client.js';
import { openPageStore } from './page-store/indexeddb-page-store.js';
import type { PageStore } from './page-store/page-store.js';
import { SdkError } from './sdk-error.js';

// Spec 1.5 / docs/design.md "Page data" as a property: whatever happens (inserts, edits, republished
// and revalidated data.json, reloads, saves from a second tab), every saved instance's props are
// exactly what the user last edited (or the defaults it was inserted with).

type Action =
  | { kind: 'insert'; pkg: number }
  | { kind: 'edit'; instance: number; title: string; tab: 'first' | 'second' }
  | { kind: 'republish'; pkg: number; title: string }
  | { kind: 'revalidate'; pkg: number }
  | { kind: 'reload' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), pkg: fc.nat(1) }),
  fc.record({
    kind: fc.constant('edit' as const),
    instance: fc.nat(5),
    title: fc.string({ maxLength: 8 }),
    tab: fc.constantFrom('first' as const, 'second' as const),
  }),
  fc.record({ kind: fc.constant('republish' as const), pkg: fc.nat(1), title: fc.string({ maxLength: 8 }) }),
  fc.record({ kind: fc.constant('revalidate' as const), pkg: fc.nat(1) }),
  fc.record({ kind: fc.constant('reload' as const) }),
);

let fixture: HostFixture;
let host: { url: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await startHostFixture({ packages: 2 });
  host = await serveHost(fixture);
});
afterAll(async () => {
  await host.close();
  await fixture.close();
});

let run = 0;

/** Applies `change` to the latest saved page, reloading and retrying once on a conflict. */
async function saveEdit(store: PageStore, held: Page, change: (page: Page) => void): Promise<Page> {
  const attempt = structuredClone(held);
  change(attempt);
  try {
    return await store.save(attempt);
  } catch (error) {
    if (!(error instanceof SdkError) || error.code !== 'store-conflict') throw error;
    const fresh = structuredClone((await store.get(held.id))!);
    change(fresh);
    return store.save(fresh);
  }
}

it('keeps every saved instance’s props exactly as the user last edited them', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
      run += 1;
      const name = `property-${run}`;
      const client = createCatalogClient({ hostUrl: host.url, catalog: fixture.catalog });
      let first = await openPageStore({ name });
      const second = await openPageStore({ name });
      const expected = new Map<string, Record<string, unknown>>();
      let held = await first.save({ id: 'page', title: 'P', revision: 0, updatedAt: '', content: [] });
      try {
        for (const step of actions) {
          if (step.kind === 'insert') {
            const { instance } = await client.newInstance(await client.getEntry(`pkg${step.pkg}`));
            held = await saveEdit(first, held, (page) => page.content.push(instance));
            expected.set(instance.id, structuredClone(instance.props));
          } else if (step.kind === 'edit') {
            const store = step.tab === 'first' ? first : second;
            const base = step.tab === 'first' ? held : (await second.get('page'))!;
            const target = base.content[step.instance % Math.max(1, base.content.length)];
            if (target === undefined) continue;
            const saved = await saveEdit(store, base, (page) => {
              const instance = page.content.find((candidate) => candidate.id === target.id)!;
              instance.props = { ...instance.props, title: step.title };
            });
            if (step.tab === 'first') held = saved;
            expected.set(target.id, { ...expected.get(target.id), title: step.title });
          } else if (step.kind === 'republish') {
            fixture.origin.put(artifactPath(fixture.catalog.packages[step.pkg]!, 'data.json'), {
              title: step.title,
              republished: true,
            });
          } else if (step.kind === 'revalidate') {
            await fixture.revalidate({ packageId: `pkg${step.pkg}`, artifact: 'data.json' });
          } else {
            first.close();
            first = await openPageStore({ name });
            held = (await first.get('page'))!;
          }
          const stored = (await first.get('page'))!;
          expect(Object.fromEntries(stored.content.map((instance) => [instance.id, instance.props]))).toEqual(
            Object.fromEntries(expected),
          );
        }
      } finally {
        first.close();
        second.close();
      }
    }),
    { numRuns: 30 },
  );
});
