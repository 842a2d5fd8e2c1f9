import type { Page } from '@runtime-component-catalog/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SdkError } from '../sdk-error.js';
import type { PageStore, PageStoreEvent } from './page-store.js';

/** Two tabs on one backing store, fresh and empty. */
export interface PageStoreTabs {
  readonly first: PageStore;
  /** Opens another tab on the same backing store. */
  openTab(): Promise<PageStore>;
  cleanup(): Promise<void>;
}

/** Tabs made by `open`, all closed by `cleanup` (after `finish`, when given). */
export async function tabsOf(open: () => Promise<PageStore>, finish?: () => Promise<void>): Promise<PageStoreTabs> {
  const opened: PageStore[] = [];
  const openTab = async () => {
    const store = await open();
    opened.push(store);
    return store;
  };
  return {
    first: await openTab(),
    openTab,
    cleanup: async () => {
      for (const store of opened) store.close();
      await finish?.();
    },
  };
}

/** A new page as an editor makes it: revision 0, one instance. */
export function newPage(id: string, title = 'Home'): Page {
  return {
    id,
    title,
    revision: 0,
    updatedAt: new Date(0).toISOString(),
    content: [
      // Props every store maps, the Strapi store onto the example package's hero.hero1 component.
      {
        id: 'i1',
        packageId: 'hero1',
        package: '@acme/ui-hero1',
        version: '1.0.0',
        props: { title: 'Hi', cta: { label: 'Go' } },
      },
    ],
  };
}

/** The behaviour every PageStore must have (IndexedDB, HTTP/CMS, a team's own). */
export function describePageStore(name: string, openTabs: () => Promise<PageStoreTabs>): void {
  describe(`${name} (PageStore behaviour)`, () => {
    let tabs: PageStoreTabs;
    beforeEach(async () => {
      tabs = await openTabs();
    });
    afterEach(async () => {
      await tabs.cleanup();
    });

    async function conflictOf(promise: Promise<unknown>): Promise<SdkError> {
      const outcome = await promise.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(outcome).toBeInstanceOf(SdkError);
      expect((outcome as SdkError).code).toBe('store-conflict');
      return outcome as SdkError;
    }

    it('answers undefined and an empty list when there is nothing', async () => {
      expect(await tabs.first.get('nope')).toBeUndefined();
      expect(await tabs.first.list()).toEqual([]);
    });

    it('saves a new page as revision 1 and gives back exactly what was saved', async () => {
      const page = newPage('p1');
      const saved = await tabs.first.save(page);
      expect(saved.revision).toBe(1);
      expect(Date.parse(saved.updatedAt)).toBeGreaterThan(0);
      expect(saved.content).toEqual(page.content);
      expect(await tabs.first.get('p1')).toEqual(saved);
      // The store keeps its own copy: mutating what was passed in changes nothing stored.
      (page.content[0]!.props.cta as { label: string }).label = 'changed';
      expect((await tabs.first.get('p1'))!.content[0]!.props).toEqual({ title: 'Hi', cta: { label: 'Go' } });
    });

    it('grows the revision by one per save and lists newest first', async () => {
      const a = await tabs.first.save(newPage('a', 'A'));
      await tabs.first.save(newPage('b', 'B'));
      const a2 = await tabs.first.save({ ...a, title: 'A2' });
      expect(a2.revision).toBe(2);
      expect((await tabs.first.list()).map((page) => [page.id, page.title, page.revision])).toEqual([
        ['a', 'A2', 2],
        ['b', 'B', 1],
      ]);
    });

    it('refuses a save based on a stale revision and keeps the other tab’s edits', async () => {
      const second = await tabs.openTab();
      const base = await tabs.first.save(newPage('p'));
      const fromSecond = (await second.get('p'))!;
      const edited = structuredClone(base);
      edited.content[0]!.props = { title: 'first tab edit' };
      await tabs.first.save(edited);
      fromSecond.content[0]!.props = { title: 'second tab edit' };
      const error = await conflictOf(second.save(fromSecond));
      expect(error.message).toBe(
        'Page p was saved elsewhere (revision 2); this change was based on revision 1 and was not saved',
      );
      expect((await second.get('p'))!.content[0]!.props).toEqual({ title: 'first tab edit' });
      // After reloading the page, the second tab can save.
      const reloaded = (await second.get('p'))!;
      expect((await second.save({ ...reloaded, title: 'merged' })).revision).toBe(3);
      second.close();
    });

    it('refuses a new page whose id already exists', async () => {
      await tabs.first.save(newPage('p'));
      await conflictOf(tabs.first.save(newPage('p')));
    });

    it('deletes with the current revision only', async () => {
      const saved = await tabs.first.save(newPage('p'));
      await conflictOf(tabs.first.delete('p', saved.revision - 1));
      expect(await tabs.first.get('p')).toBeDefined();
      await tabs.first.delete('p', saved.revision);
      expect(await tabs.first.get('p')).toBeUndefined();
    });

    it('tells other tabs of saves and deletes', async () => {
      const second = await tabs.openTab();
      const events: PageStoreEvent[] = [];
      const deleted = new Promise<void>((resolve) => {
        second.subscribe((event) => {
          events.push(event);
          if (event.type === 'deleted') resolve();
        });
      });
      const saved = await tabs.first.save(newPage('p'));
      await tabs.first.delete('p', saved.revision);
      await deleted;
      expect(events).toEqual([
        { type: 'saved', id: 'p', revision: 1 },
        { type: 'deleted', id: 'p' },
      ]);
      second.close();
    });
  });
}
