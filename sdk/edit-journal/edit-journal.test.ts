import 'fake-indexeddb/auto';
import type { ComponentInstance } from '@runtime-component-catalog/contracts';
import { describe, expect, it } from 'vitest';
import { startReferenceCms } from '../../testing/origins/reference-cms.js';
import { stateOf } from '../editing-session.case.js';
import { openEditingSession } from '../open-editing-session.js';
import { createHttpPageStore } from '../page-store/http-page-store.js';
import { openPageStore } from '../page-store/indexeddb-page-store.js';
import type { PageStore } from '../page-store/page-store.js';
import { SdkError } from '../sdk-error.js';
import { type EditJournal, openEditJournal } from './edit-journal.js';

let databases = 0;
const fresh = (what: string) => `${what}-${++databases}`;

function instance(id: string): ComponentInstance {
  return { id, packageId: 'hero1', package: '@acme/ui-hero1', version: '1.0.0', props: { title: id } };
}

/** Page `p` saved with instance `a`, then a tab closed after journaling `mine`, before saving it. */
async function closedWithAnUnsavedEdit(store: PageStore, journal: EditJournal): Promise<void> {
  const first = await openEditingSession({ store, pageId: 'p', journal });
  first.update({ title: 'p', content: [instance('a')] });
  await first.saved();
  first.update({ title: 'p', content: [instance('a'), instance('mine')] });
  first.close();
  await first.journaled();
}

describe('the edit journal', () => {
  it('counts no edit before it is written, and forgets it once the store confirmed it', async () => {
    const journal = await openEditJournal({ name: fresh('journal') });
    const store = await openPageStore({ name: fresh('pages') });
    const session = await openEditingSession({ store, pageId: 'p', journal });
    session.update({ title: 'p', content: [instance('a')] });
    expect(session.kept.count).toBe(0); // made, not written yet: not counted
    await session.saved();
    await session.journaled();
    expect(session.kept).toEqual({ count: 0, since: undefined });
    const entry = await journal.read(store.deviceKey, 'p');
    expect(entry?.edits).toBeUndefined();
    expect(entry?.base).toEqual(await store.get('p'));
    session.close();
  });

  it('keeps the edits of a tab closed before it saved, and saves them when the page opens again', async () => {
    const journal = await openEditJournal({ name: fresh('journal') });
    const store = await openPageStore({ name: fresh('pages') });
    const first = await openEditingSession({ store, pageId: 'p', journal });
    first.update({ title: 'p', content: [instance('a')] });
    first.update({ title: 'p', content: [instance('a'), instance('b')] });
    first.close(); // before the save of the next task, after the journal write: nothing reached the store
    await first.journaled();
    expect(first.kept.count).toBe(2);
    expect(await store.get('p')).toBeUndefined();

    const second = await openEditingSession({ store, pageId: 'p', journal });
    expect(second.current.content.map((item) => item.id)).toEqual(['a', 'b']);
    await second.saved();
    expect((await store.get('p'))?.content.map((item) => item.id)).toEqual(['a', 'b']);
    expect((await store.get('p'))?.revision).toBe(1);
    await second.journaled();
    expect(second.kept.count).toBe(0);
    second.close();
  });

  it('turns edits based on a page someone changed since into the choice, theirs and mine both kept', async () => {
    const journal = await openEditJournal({ name: fresh('journal') });
    const name = fresh('pages');
    const store = await openPageStore({ name });
    const other = await openPageStore({ name });
    await closedWithAnUnsavedEdit(store, journal);
    const theirs = await other.save({ ...(await other.get('p'))!, content: [instance('a'), instance('theirs')] });

    const second = await openEditingSession({ store, pageId: 'p', journal });
    expect(second.state).toEqual({ status: 'conflict', theirs, unsavedEdits: true });
    expect(second.current.content.map((item) => item.id)).toEqual(['a', 'mine']);
    expect(await store.get('p')).toEqual(theirs);
    await second.keepMine();
    const stored = (await store.get('p'))!;
    expect(stored.revision).toBe(theirs.revision + 1);
    expect(stored.content.map((item) => item.id)).toEqual(['a', 'mine']);
    second.close();
  });

  it('takes a save that reached the store before the journal heard of it as done, not as a conflict', async () => {
    const journal = await openEditJournal({ name: fresh('journal') });
    const name = fresh('pages');
    const store = await openPageStore({ name });
    await closedWithAnUnsavedEdit(store, journal);
    // The closed tab's save landed after all: the store holds exactly the journal's edit.
    const landed = await store.save({ ...(await store.get('p'))!, content: [instance('a'), instance('mine')] });

    const second = await openEditingSession({ store, pageId: 'p', journal });
    expect(second.state).toEqual({ status: 'saved', revision: landed.revision });
    expect(second.page).toEqual(landed);
    await second.journaled();
    expect(second.kept.count).toBe(0);
    expect((await journal.read(store.deviceKey, 'p'))?.edits).toBeUndefined();
    second.close();
  });

  it('never sends edits to a page deleted and made again under the same id and revision', async () => {
    const cms = await startReferenceCms();
    try {
      const journal = await openEditJournal({ name: fresh('journal') });
      const store = createHttpPageStore({ baseUrl: cms.url });
      const other = createHttpPageStore({ baseUrl: cms.url });
      await closedWithAnUnsavedEdit(store, journal);
      await other.delete('p', 1);
      const again = await other.save({ id: 'p', title: 'p', revision: 0, updatedAt: '', content: [instance('new')] });
      expect(again.revision).toBe(1);

      const second = await openEditingSession({ store, pageId: 'p', journal });
      await stateOf(second, 'conflict');
      expect(second.state).toMatchObject({ status: 'conflict', theirs: again, unsavedEdits: true });
      expect(await other.get('p')).toEqual(again);
      second.close();
    } finally {
      await cms.close();
    }
  });

  it('opens the page as the device last knew it when the store cannot be reached, and saves once it can', async () => {
    const cms = await startReferenceCms();
    const journal = await openEditJournal({ name: fresh('journal') });
    let reachable = true;
    // The store's own fetch, refused while "offline" (the property test cuts a real connection).
    const store = () =>
      createHttpPageStore({
        baseUrl: cms.url,
        fetch: (input, init) => (reachable ? fetch(input, init) : Promise.reject(new TypeError('fetch failed'))),
      });
    try {
      const first = await openEditingSession({ store: store(), pageId: 'p', journal });
      first.update({ title: 'Home', content: [instance('a')] });
      await first.saved();
      reachable = false;
      first.update({ title: 'Edited while offline', content: [instance('a')] });
      await stateOf(first, 'error');
      await first.journaled();
      first.close();

      const second = await openEditingSession({ store: store(), pageId: 'p', journal });
      const state = second.state;
      expect(state.status === 'error' && state.error instanceof SdkError && state.error.code).toBe('network');
      expect(second.current.title).toBe('Edited while offline');
      expect(second.kept.count).toBe(1);
      reachable = true;
      second.retry();
      await second.saved();
      const stored = await createHttpPageStore({ baseUrl: cms.url }).get('p');
      expect(stored).toMatchObject({ title: 'Edited while offline', revision: 2 });
      await second.journaled();
      expect(second.kept.count).toBe(0);
      second.close();
    } finally {
      await cms.close();
    }
  });

  it('says when the journal cannot write, and clears it once a write succeeds', async () => {
    const journal = await openEditJournal({ name: fresh('journal') });
    let full = false;
    // The journal's database refusing writes, as a full disk does.
    const refusing: EditJournal = {
      read: (key, id) => journal.read(key, id),
      write: (key, id, entry) =>
        full ? Promise.reject(new Error('QuotaExceededError')) : journal.write(key, id, entry),
      update: (key, id, change) =>
        full ? Promise.reject(new Error('QuotaExceededError')) : journal.update(key, id, change),
      close: () => journal.close(),
    };
    const store = await openPageStore({ name: fresh('pages') });
    const session = await openEditingSession({ store, pageId: 'p', journal: refusing });
    full = true;
    session.update({ title: 'p', content: [instance('a')] });
    await session.saved();
    await session.journaled();
    expect(session.kept.failure).toBe('QuotaExceededError');
    expect((await store.get('p'))?.content.map((item) => item.id)).toEqual(['a']);
    full = false;
    session.update({ title: 'p', content: [instance('a'), instance('b')] });
    await session.saved();
    await session.journaled();
    expect(session.kept).toEqual({ count: 0, since: undefined });
    session.close();
  });

  it('cannot open offline a page this device never opened', async () => {
    const journal = await openEditJournal({ name: fresh('journal') });
    const store = createHttpPageStore({
      baseUrl: 'http://127.0.0.1:9',
      fetch: () => Promise.reject(new TypeError('x')),
    });
    await expect(openEditingSession({ store, pageId: 'p', journal })).rejects.toMatchObject({ code: 'network' });
  });
});
