import type { ComponentInstance } from '@runtime-component-catalog/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEditJournal } from './edit-journal/edit-journal.js';
import type { EditingSession } from './editing-session.js';
import { type EditingSessionOptions, openEditingSession as openSession } from './open-editing-session.js';
import type { PageStoreTabs } from './page-store/page-store.case.js';
import type { PageStore, PageStoreEvent } from './page-store/page-store.js';
import { SdkError } from './sdk-error.js';

/** An instance as an insert makes it. */
function instance(id: string, props: Record<string, unknown>): ComponentInstance {
  return { id, packageId: 'hero1', package: '@acme/ui-hero1', version: '1.0.0', props };
}

/** Counts the saves a store is asked to do (the store itself is real). */
function countingSaves(store: PageStore): { store: PageStore; saves: () => number } {
  let saves = 0;
  return {
    store: {
      deviceKey: store.deviceKey,
      list: () => store.list(),
      get: (id) => store.get(id),
      save: (page) => {
        saves += 1;
        return store.save(page);
      },
      delete: (id, revision) => store.delete(id, revision),
      subscribe: (listener) => store.subscribe(listener),
      close: () => store.close(),
    },
    saves: () => saves,
  };
}

let journals = 0;

/** A session with a journal of its own (a fresh database) where IndexedDB exists: tests do not share records. */
async function openEditingSession(options: Omit<EditingSessionOptions, 'journal'>): Promise<EditingSession> {
  journals += 1;
  const journal =
    typeof indexedDB === 'undefined' ? false : await openEditJournal({ name: `case-journal-${journals}` });
  return openSession({ ...options, journal });
}

/** Resolves once `store` has told this tab of another tab's save or delete of `id`. */
function nextEvent(store: PageStore, id: string): Promise<PageStoreEvent> {
  return new Promise((resolve) => {
    const stop = store.subscribe((event) => {
      if (event.id !== id) return;
      stop();
      resolve(event);
    });
  });
}

/** Resolves once the session's state has `status` (now or later). */
export function stateOf(session: EditingSession, status: string): Promise<void> {
  return new Promise((resolve) => {
    if (session.state.status === status) return resolve();
    const stop = session.subscribe(() => {
      if (session.state.status !== status) return;
      stop();
      resolve();
    });
  });
}

/** The editing session's behaviour on a page store (run against every store, as page-store.case.ts is). */
export function describeEditingSession(name: string, openTabs: () => Promise<PageStoreTabs>): void {
  describe(`EditingSession on ${name}`, () => {
    let tabs: PageStoreTabs;
    beforeEach(async () => {
      tabs = await openTabs();
    });
    afterEach(async () => {
      await tabs.cleanup();
    });

    it('saves edits one at a time, only the newest of a burst, and none that changes nothing', async () => {
      const counted = countingSaves(tabs.first);
      const session = await openEditingSession({ store: counted.store, pageId: 'p', newTitle: 'Home' });
      expect(session.page).toMatchObject({ id: 'p', title: 'Home', revision: 0, content: [] });
      session.update({ title: 'Home', content: [instance('i1', { title: 'a' })] });
      session.update({ title: 'Home', content: [instance('i1', { title: 'ab' })] });
      session.update({ title: 'Home', content: [instance('i1', { title: 'abc' })] });
      await session.saved();
      // The burst became one save.
      expect(counted.saves()).toBe(1);
      expect(session.state).toEqual({ status: 'saved', revision: 1 });
      expect((await tabs.first.get('p'))!.content[0]!.props).toEqual({ title: 'abc' });
      // An edit while a save is in flight waits for it, and is saved on the revision it answered.
      session.update({ title: 'Home', content: [instance('i1', { title: 'abcd' })] });
      await new Promise((resolve) => setTimeout(resolve, 0));
      session.update({ title: 'Home', content: [instance('i1', { title: 'abcde' })] });
      await session.saved();
      expect(counted.saves()).toBe(3);
      expect(session.state).toEqual({ status: 'saved', revision: 3 });
      // An edit that changes nothing is not saved.
      session.update({ title: 'Home', content: [instance('i1', { title: 'abcde' })] });
      await session.saved();
      expect(counted.saves()).toBe(3);
      session.close();
    });

    it('notices another tab’s save, keeps every edit made meanwhile, and lets the user keep them', async () => {
      const second = await tabs.openTab();
      const session = await openEditingSession({ store: tabs.first, pageId: 'p' });
      session.update({ title: 'p', content: [instance('i1', { title: 'mine' })] });
      await session.saved();
      const theirs = (await second.get('p'))!;
      const noticed = stateOf(session, 'conflict');
      await second.save({ ...theirs, content: [instance('i1', { title: 'theirs' })] });
      await noticed;
      expect(session.state).toMatchObject({ status: 'conflict', unsavedEdits: false, theirs: { revision: 2 } });
      // Edits go on while the user decides: kept, not saved.
      session.update({ title: 'p', content: [instance('i1', { title: 'mine, edited' })] });
      expect(session.state).toMatchObject({ status: 'conflict', unsavedEdits: true });
      await expect(session.saved()).rejects.toMatchObject({ code: 'store-conflict' });
      expect((await tabs.first.get('p'))!.content[0]!.props).toEqual({ title: 'theirs' });
      await session.keepMine();
      expect(session.state).toEqual({ status: 'saved', revision: 3 });
      expect((await second.get('p'))!.content[0]!.props).toEqual({ title: 'mine, edited' });
      session.close();
      second.close();
    });

    it('turns a save refused as a conflict into the choice, and takeTheirs continues from their page', async () => {
      const second = await tabs.openTab();
      const session = await openEditingSession({ store: tabs.first, pageId: 'p' });
      session.update({ title: 'p', content: [instance('i1', { title: 'one' })] });
      await session.saved();
      // The other tab saves; this tab edits before it hears of it (its save is refused).
      const theirs = (await second.get('p'))!;
      const heard = nextEvent(tabs.first, 'p');
      await second.save({ ...theirs, title: 'Their title' });
      session.update({ title: 'p', content: [instance('i1', { title: 'two' })] });
      await stateOf(session, 'conflict');
      await heard;
      expect(session.state).toMatchObject({ status: 'conflict', unsavedEdits: true, theirs: { title: 'Their title' } });
      const generation = session.generation;
      const page = session.takeTheirs();
      expect(page).toMatchObject({ title: 'Their title', revision: 2 });
      expect(session.generation).toBe(generation + 1);
      expect(session.state).toEqual({ status: 'saved', revision: 2 });
      session.update({ title: 'Their title', content: [instance('i1', { title: 'three' })] });
      await session.saved();
      expect(await second.get('p')).toMatchObject({ title: 'Their title', revision: 3 });
      session.close();
      second.close();
    });

    it('asks before saving over a page another tab deleted; keepMine creates it again', async () => {
      const second = await tabs.openTab();
      const session = await openEditingSession({ store: tabs.first, pageId: 'p' });
      session.update({ title: 'p', content: [instance('i1', { title: 'one' })] });
      await session.saved();
      const noticed = stateOf(session, 'conflict');
      await second.delete('p', 1);
      await noticed;
      expect(session.state).toEqual({ status: 'conflict', theirs: undefined, unsavedEdits: false });
      await session.keepMine();
      expect(await second.get('p')).toMatchObject({ revision: 1, content: [{ props: { title: 'one' } }] });
      session.close();
      second.close();
    });

    it('reports a failed save as an error and saves the kept edit on retry', async () => {
      let fail = true;
      const store: PageStore = {
        ...tabs.first,
        list: () => tabs.first.list(),
        get: (id) => tabs.first.get(id),
        save: (page) => (fail ? Promise.reject(new SdkError('network', 'offline')) : tabs.first.save(page)),
        delete: (id, revision) => tabs.first.delete(id, revision),
        subscribe: (listener) => tabs.first.subscribe(listener),
        close: () => tabs.first.close(),
      };
      const session = await openEditingSession({ store, pageId: 'p' });
      session.update({ title: 'p', content: [instance('i1', { title: 'kept' })] });
      await expect(session.saved()).rejects.toMatchObject({ code: 'network' });
      expect(session.state).toMatchObject({ status: 'error' });
      expect(session.current.content[0]!.props).toEqual({ title: 'kept' });
      fail = false;
      session.retry();
      await session.saved();
      expect((await tabs.first.get('p'))!.content[0]!.props).toEqual({ title: 'kept' });
      session.close();
    });
  });
}
