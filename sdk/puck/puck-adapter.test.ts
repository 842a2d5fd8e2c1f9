import type { ComponentData, Data } from '@puckeditor/core';
import type { Page } from '@runtime-component-catalog/contracts';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HostFixture, startHostFixture } from '../../testing/host/host-fixture.js';
import { serveHost } from '../../testing/host/served-host.js';
import { createCatalogClient } from '../catalog-client.js';
import { createPuckAdapter, type PuckAdapter } from './puck-adapter.js';
import { VERSION_PROP } from './version-prop.js';

let fixture: HostFixture;
let host: { url: string; close(): Promise<void> };
let adapter: PuckAdapter;
/** Paths the client asked the host for (the page's real fetch, counted). */
let asked: string[];

beforeEach(async () => {
  fixture = await startHostFixture({ packages: 3 });
  host = await serveHost(fixture);
  asked = [];
  const client = createCatalogClient({
    hostUrl: host.url,
    catalog: fixture.catalog,
    fetch: (input, init) => {
      asked.push(new URL(input).pathname);
      return fetch(input, init);
    },
  });
  adapter = createPuckAdapter({ client, catalog: await client.loadCatalog() });
});
afterEach(async () => {
  await host.close();
  await fixture.close();
});

const page: Page = {
  id: 'home',
  title: 'Home',
  revision: 4,
  updatedAt: '2026-11-22T00:00:00.000Z',
  content: [
    { id: 'a', packageId: 'pkg0', package: '@acme/ui-pkg0', version: '0.9.0', props: { title: 'Saved', items: [] } },
    { id: 'b', packageId: 'pkg1', package: '@acme/ui-pkg1', version: '1.0.0', props: {} },
  ],
};

function resolveData(packageId: string, item: ComponentData, trigger: 'insert' | 'load' | 'move' | 'replace') {
  const resolve = adapter.config.components[packageId]!.resolveData!;
  return resolve(item, { trigger, changed: {}, lastData: null, metadata: {}, parent: null, root: { props: {} } });
}

describe('createPuckAdapter', () => {
  it('builds the component list from the catalog alone: one component per package, by category', () => {
    expect(Object.keys(adapter.config.components)).toEqual(['pkg0', 'pkg1', 'pkg2']);
    expect(adapter.config.components.pkg1!.label).toBe('Package 1');
    expect(adapter.config.categories).toEqual({
      hero: { title: 'hero', components: ['pkg0'] },
      content: { title: 'content', components: ['pkg1'] },
      navigation: { title: 'navigation', components: ['pkg2'] },
    });
    expect(fixture.origin.requests()).toBe(0);
  });

  it('turns a saved page into Puck data and back, each instance keeping its saved version', () => {
    const data = adapter.toPuckData(page);
    expect(data).toEqual({
      root: { props: { title: 'Home' } },
      content: [
        { type: 'pkg0', props: { id: 'a', title: 'Saved', items: [], [VERSION_PROP]: '0.9.0' } },
        { type: 'pkg1', props: { id: 'b', [VERSION_PROP]: '1.0.0' } },
      ],
    });
    expect(adapter.toPage(data, page)).toEqual(page);
    // An instance Puck made without an insert (a duplicate) gets the catalog's version.
    const duplicated: Data = {
      ...data,
      content: [...data.content, { type: 'pkg0', props: { id: 'c', title: 'Copy' } }],
    };
    expect(adapter.toPage(duplicated, page).content[2]).toEqual({
      id: 'c',
      packageId: 'pkg0',
      package: '@acme/ui-pkg0',
      version: '1.0.0',
      props: { title: 'Copy' },
    });
  });

  it('applies data.json only on insert: load, move and replace keep the saved props and fetch nothing', async () => {
    const saved = { type: 'pkg0', props: { id: 'a', title: 'Saved' } };
    for (const trigger of ['load', 'move', 'replace'] as const) {
      expect(await resolveData('pkg0', saved, trigger)).toBe(saved);
    }
    expect(fixture.origin.requests()).toBe(0);
    const inserted = await resolveData('pkg0', { type: 'pkg0', props: { id: 'n' } }, 'insert');
    expect(inserted).toEqual({
      type: 'pkg0',
      props: { title: 'Hello from pkg0', items: [{ label: 'one' }], id: 'n', [VERSION_PROP]: '1.0.0' },
    });
    // The new instance records the version of the entry it was inserted with.
    expect(
      adapter.toPage({ root: { props: {} }, content: [inserted as ComponentData] }, page).content[0],
    ).toMatchObject({
      id: 'n',
      package: '@acme/ui-pkg0',
      version: '1.0.0',
    });
  });

  it('leaves out of the page an instance whose insert is in flight or failed', async () => {
    const data: Data = { root: { props: {} }, content: [{ type: 'pkg1', props: { id: 'new' } }] };
    const pending = resolveData('pkg1', data.content[0]!, 'insert');
    expect(adapter.toPage(data, page).content).toEqual([]);
    await pending;
    fixture.origin.fail('/@acme/ui-pkg2@1.0.0/data.json', { status: 500 });
    const failed: Data = { root: { props: {} }, content: [{ type: 'pkg2', props: { id: 'broken' } }] };
    expect(await resolveData('pkg2', failed.content[0]!, 'insert')).toBe(failed.content[0]);
    expect(adapter.toPage(failed, page).content).toEqual([]);
  });

  it('never saves an inserted instance undone back to its bare first step', async () => {
    const bare = { type: 'pkg0', props: { id: 'u' } };
    const inserted = (await resolveData('pkg0', bare, 'insert')) as ComponentData;
    const withProps: Data = { root: { props: {} }, content: [inserted] };
    expect(adapter.toPage(withProps, page).content.map((instance) => instance.id)).toEqual(['u']);
    // Puck's undo of the defaults step: the instance with its id only.
    expect(adapter.toPage({ root: { props: {} }, content: [bare] }, page).content).toEqual([]);
  });

  it('reads fields from puck.json at each selection, not at each change of the selected instance', async () => {
    const resolveFields = adapter.config.components.pkg2!.resolveFields!;
    const defaults = {};
    const resolved = { title: { type: 'text' } };
    // Puck passes its default fields as the last ones when an instance is selected.
    const call = (selected: boolean) =>
      resolveFields(
        ...([
          { props: { id: 'x' } },
          { fields: defaults, lastFields: selected ? defaults : resolved, lastData: { props: { id: 'x' } } },
        ] as unknown as Parameters<typeof resolveFields>),
      );
    const withoutVersion = async (selected: boolean) => {
      const { [VERSION_PROP]: version, ...fields } = (await call(selected)) as Record<string, unknown>;
      expect(version).toMatchObject({ type: 'custom', label: 'Version' });
      return fields;
    };
    expect(await withoutVersion(true)).toEqual({ title: { type: 'text' } });
    await call(false); // an edit of the same instance
    await call(false);
    // The catalog entry first (which version's fields: another major's instance has its own), and
    // its component's load with it (on a page, the instance rendered with it already).
    expect(asked).toEqual([
      '/api/runtime-catalog/pkg2',
      '/api/remote-component',
      '/api/runtime-catalog/pkg2/puck.json',
    ]);
    // The same instance selected again (after the page was): read again, a republish shows up.
    fixture.origin.put('/@acme/ui-pkg2@1.0.0/puck.json', { properties: { subtitle: { type: 'textarea' } } });
    await fixture.revalidate({ packageId: 'pkg2', artifact: 'puck.json' });
    expect(await withoutVersion(true)).toEqual({ subtitle: { type: 'textarea' } });
    expect(asked).toEqual([
      '/api/runtime-catalog/pkg2',
      '/api/remote-component',
      '/api/runtime-catalog/pkg2/puck.json',
      '/api/runtime-catalog/pkg2/puck.json',
    ]);
    expect(adapter.fieldIssues).toEqual([]);
  });
});

describe('a page that does not accept every package (the `accepts` option)', () => {
  const reason = 'api::page.page does not accept pkg1: its blocks zone holds hero.pkg0';
  let refusing: PuckAdapter;
  beforeEach(async () => {
    const client = createCatalogClient({ hostUrl: host.url, catalog: fixture.catalog });
    refusing = createPuckAdapter({
      client,
      catalog: await client.loadCatalog(),
      accepts: (packageId) => (packageId === 'pkg1' ? reason : undefined),
    });
  });

  it('lists the refused package with its reason, and the others as usual', () => {
    const drawerItem = refusing.overrides.drawerItem!;
    const refused = renderToStaticMarkup(drawerItem({ children: 'Package 1', name: 'pkg1' }) as ReactElement);
    expect(refused).toContain(`data-insert-refused="${reason}"`);
    expect(refused).toContain(`aria-disabled="true"`);
    expect(refused).toContain(`>${reason}</div>`);
    const accepted = renderToStaticMarkup(drawerItem({ children: 'Package 0', name: 'pkg0' }) as ReactElement);
    expect(accepted).not.toContain('data-insert-refused');
  });

  it('refuses to insert it before Puck is told anything', async () => {
    const dispatched: unknown[] = [];
    const api = {
      appState: { data: { root: { props: {} }, content: [] } as Data },
      dispatch: (action: unknown) => dispatched.push(action),
      resolveDataById: () => {},
    };
    const error = await refusing.insert(api, 'pkg1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'store-unmappable', message: `pkg1 cannot be inserted here: ${reason}` });
    expect(dispatched).toEqual([]);
  });
});
