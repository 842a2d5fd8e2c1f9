import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { describeEditingSession } from '../editing-session.case.js';
import { SdkError } from '../sdk-error.js';
import { openPageStore, PAGE_DATABASE_VERSION } from './indexeddb-page-store.js';
import { describePageStore, newPage, tabsOf } from './page-store.case.js';

let databases = 0;
const freshName = () => `pages-test-${++databases}`;

describePageStore('IndexedDB page store (fake-indexeddb)', async () => {
  const name = freshName();
  return tabsOf(() => openPageStore({ name }));
});

describeEditingSession('the IndexedDB page store (fake-indexeddb)', async () => {
  const name = freshName();
  return tabsOf(() => openPageStore({ name }));
});

describe('IndexedDB page store migrations and version changes', () => {
  it('upgrades a version 1 database and keeps its pages', async () => {
    const name = freshName();
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('pages', { keyPath: 'id' });
      },
    });
    await v1.put('pages', { ...newPage('old'), revision: 4, updatedAt: '2026-01-01T00:00:00.000Z' });
    v1.close();
    const store = await openPageStore({ name });
    expect((await store.get('old'))!.revision).toBe(4);
    expect((await store.list()).map((page) => page.id)).toEqual(['old']);
    store.close();
  });

  it('gives way to a newer version opened elsewhere instead of blocking it', async () => {
    const name = freshName();
    let told = 0;
    const store = await openPageStore({ name, onVersionChange: () => told++ });
    const newer = await openDB(name, PAGE_DATABASE_VERSION + 1);
    expect(told).toBe(1);
    const error = await store.get('x').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).code).toBe('store-blocked');
    newer.close();
  });
});
