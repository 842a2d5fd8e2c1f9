import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import { type IDBPDatabase, openDB, unwrap } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { Mirror, type MirrorOpener, usedNow } from './mirror.js';
import {
  MIRROR_DATABASE_VERSION,
  type MirrorDatabase,
  type MirrorRecord,
  openMirrorDatabase,
} from './mirror-database.js';

// fake-indexeddb declares the class as its argument (types.d.ts); it takes a connection.
const closeAbnormally = forceCloseDatabase as unknown as (db: IDBDatabase) => void;

let databases = 0;
const record = (url: string, size: number): MirrorRecord => ({
  url,
  body: new Uint8Array(size).fill(size % 256).buffer,
  etag: `"${url}"`,
  contentType: 'application/json',
  headers: { 'x-remote-externals': 'react' },
  storedAt: 1_700_000_000_000,
  lastUsed: usedNow(),
  size,
});

/** A fresh database name and a mirror on it. */
function freshMirror(maxBytes: number): { name: string; mirror: Mirror } {
  const name = `mirror-${++databases}`;
  return { name, mirror: new Mirror((terminated) => openMirrorDatabase(name, { terminated }), maxBytes) };
}

type Method = (this: unknown, ...args: unknown[]) => unknown;
const restores: (() => void)[] = [];
afterEach(() => {
  for (const restore of restores.splice(0)) restore();
});

/** Wraps `method` of a (fake-indexeddb) prototype until the test ends. */
function wrap(prototype: object, method: string, wrapper: (original: Method) => Method): void {
  const methods = prototype as Record<string, Method>;
  const original = methods[method]!;
  methods[method] = wrapper(original);
  restores.push(() => {
    methods[method] = original;
  });
}

/** The store of every read request from now on (gets, getAlls, counts, cursors; stores and indexes). */
function watchReads(): string[] {
  const stores: string[] = [];
  const reads = ['get', 'getAll', 'getAllKeys', 'getAllRecords', 'getKey', 'count', 'openCursor', 'openKeyCursor'];
  const watch = (prototype: object, storeOf: (target: never) => string) => {
    for (const method of reads.filter((name) => typeof (prototype as Record<string, unknown>)[name] === 'function')) {
      wrap(
        prototype,
        method,
        (original) =>
          function (this: unknown, ...args: unknown[]) {
            stores.push(storeOf(this as never));
            return original.apply(this, args);
          },
      );
    }
  };
  watch(IDBObjectStore.prototype, (store: IDBObjectStore) => store.name);
  watch(IDBIndex.prototype, (index: IDBIndex) => index.objectStore.name);
  return stores;
}

describe('Mirror (fake-indexeddb)', () => {
  it('keeps within its byte limit, least recently used first', async () => {
    const { mirror } = freshMirror(300);
    await mirror.put(record('a', 100));
    await mirror.put(record('b', 100));
    await mirror.put(record('c', 100));
    expect(await mirror.get('a')).toBeDefined(); // a is now the most recent
    await mirror.put(record('d', 100));
    const status = await mirror.status();
    expect(status).toEqual({ type: 'mirror-status', entries: 3, bytes: 300, maxBytes: 300, urls: ['c', 'a', 'd'] });
    await mirror.put(record('too-big', 301));
    expect((await mirror.status()).urls).toEqual(['c', 'a', 'd']);
  });

  it('drops the older copy of a URL it cannot store', async () => {
    const { mirror } = freshMirror(300);
    await mirror.put(record('a', 100));
    await mirror.put(record('b', 100));
    await mirror.put(record('a', 301));
    expect(await mirror.peek('a')).toBeUndefined();
    expect(await mirror.status()).toMatchObject({ entries: 1, bytes: 100, urls: ['b'] });
  });

  it('replacing a record counts its new size only', async () => {
    const { mirror } = freshMirror(300);
    await mirror.put(record('a', 100));
    await mirror.put(record('b', 100));
    await mirror.put(record('a', 200));
    expect(await mirror.status()).toMatchObject({ entries: 2, bytes: 300, urls: ['b', 'a'] });
  });

  it('get hands out the whole record and marks it used; peek does not mark', async () => {
    const { mirror } = freshMirror(200);
    const a = record('a', 100);
    const b = record('b', 100);
    await mirror.put(a);
    await mirror.put(b);
    expect(await mirror.peek('a')).toEqual(a);
    await mirror.put(record('c', 100)); // a is still the least recently used
    expect((await mirror.status()).urls).toEqual(['b', 'c']);
    const got = await mirror.get('b');
    expect(got).toEqual(b); // as stored, with the use time it had until now
    expect(new Uint8Array(got!.body)).toEqual(new Uint8Array(100).fill(100));
    await mirror.put(record('d', 100)); // c is now the least recently used
    expect((await mirror.status()).urls).toEqual(['b', 'd']);
    expect(await mirror.get('missing')).toBeUndefined();
  });

  it('keeps url, size and last use apart from the body, one record in each store', async () => {
    const { name, mirror } = freshMirror(1_000);
    const a = record('a', 3);
    await mirror.put(a);
    const db = await openMirrorDatabase(name);
    try {
      expect(await db.getAll('entries')).toEqual([{ url: 'a', size: 3, lastUsed: a.lastUsed }]);
      expect(await db.getAll('bodies')).toEqual([
        {
          url: 'a',
          body: new Uint8Array([3, 3, 3]).buffer,
          etag: '"a"',
          contentType: 'application/json',
          headers: { 'x-remote-externals': 'react' },
          storedAt: 1_700_000_000_000,
        },
      ]);
      await mirror.clear();
      expect(await db.count('entries')).toBe(0);
      expect(await db.count('bodies')).toBe(0);
    } finally {
      db.close();
    }
  });

  it('puts, evicts and reports from the entries alone, never reading a body', async () => {
    const { mirror } = freshMirror(50 * 1_000);
    for (let index = 0; index < 50; index += 1) await mirror.put(record(`r${index}`, 1_000));
    const reads = watchReads();
    for (let index = 50; index < 55; index += 1) await mirror.put(record(`r${index}`, 1_000)); // each evicts one
    const status = await mirror.status();
    expect(new Set(reads)).toEqual(new Set(['entries']));
    expect(status).toMatchObject({ entries: 50, bytes: 50_000 });
    expect(status.urls.slice(0, 2)).toEqual(['r5', 'r6']);
    expect(status.urls.at(-1)).toBe('r54');
    // The watch does see body reads: get needs the body.
    reads.length = 0;
    await mirror.get('r54');
    expect(reads.sort()).toEqual(['bodies', 'entries']);
  });

  it('keeps the byte limit when puts race (one transaction each)', async () => {
    const { mirror } = freshMirror(200);
    await mirror.put(record('a', 100));
    await Promise.all([mirror.put(record('b', 100)), mirror.put(record('c', 100))]);
    expect(await mirror.status()).toMatchObject({ entries: 2, bytes: 200, urls: ['b', 'c'] });
  });

  it('on a quota error evicts half, retries once, and never throws nor keeps half a record', async () => {
    const { mirror } = freshMirror(10_000);
    let failures = 1;
    // The browser's quota cannot be filled on demand: the first write of `big` fails as a full disk
    // would, aborting its transaction.
    wrap(
      IDBObjectStore.prototype,
      'put',
      (put) =>
        function (this: unknown, ...args: unknown[]) {
          const store = this as IDBObjectStore;
          if (store.name === 'bodies' && (args[0] as MirrorRecord).url === 'big' && failures > 0) {
            failures -= 1;
            store.transaction.abort();
            throw new DOMException('full', 'QuotaExceededError');
          }
          return put.apply(this, args);
        },
    );
    await mirror.put(record('a', 100));
    await mirror.put(record('b', 100));
    await mirror.put(record('big', 500));
    expect(failures).toBe(0);
    expect(await mirror.status()).toMatchObject({ entries: 2, bytes: 600, urls: ['b', 'big'] });
    expect((await mirror.peek('big'))?.size).toBe(500);
  });

  it('when the retry fails too, the record is not mirrored and its older copy is dropped', async () => {
    const { mirror } = freshMirror(10_000);
    for (const url of ['a', 'b', 'c', 'big']) await mirror.put(record(url, 100));
    wrap(
      IDBObjectStore.prototype,
      'put',
      (put) =>
        function (this: unknown, ...args: unknown[]) {
          const store = this as IDBObjectStore;
          if (store.name === 'bodies') {
            store.transaction.abort();
            throw new DOMException('full', 'QuotaExceededError');
          }
          return put.apply(this, args);
        },
    );
    await mirror.put(record('big', 500));
    // Half the mirror went (a, b); the older copy of big, the most recent, went with the failure.
    expect(await mirror.status()).toMatchObject({ entries: 1, bytes: 100, urls: ['c'] });
  });
});

describe('mirror database', () => {
  it('drops a version 1 mirror (one store of whole records) on upgrade', async () => {
    const name = `mirror-${++databases}`;
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('responses', { keyPath: 'url' }).createIndex('by-last-used', 'lastUsed');
      },
    });
    await v1.put('responses', record('old', 100));
    v1.close();

    const mirror = new Mirror((terminated) => openMirrorDatabase(name, { terminated }), 1_000);
    expect(await mirror.status()).toEqual({ type: 'mirror-status', entries: 0, bytes: 0, maxBytes: 1_000, urls: [] });
    expect(await mirror.peek('old')).toBeUndefined();
    await mirror.put(record('new', 10));
    expect((await mirror.get('new'))?.size).toBe(10);

    const db = await openMirrorDatabase(name);
    try {
      expect(MIRROR_DATABASE_VERSION).toBe(2);
      expect(db.version).toBe(2);
      expect(Array.from(db.objectStoreNames)).toEqual(['bodies', 'entries']);
    } finally {
      db.close();
    }
  });

  it('reports an abnormal close through `terminated`', async () => {
    let terminated = 0;
    const db = await openMirrorDatabase(`mirror-${++databases}`, {
      terminated: () => {
        terminated += 1;
      },
    });
    closeAbnormally(unwrap(db));
    expect(terminated).toBe(1);
  });

  it('the mirror reopens on next use after the browser closed its connection', async () => {
    const name = `mirror-${++databases}`;
    const connections: IDBPDatabase<MirrorDatabase>[] = [];
    const open: MirrorOpener = async (terminated) => {
      connections.push(await openMirrorDatabase(name, { terminated }));
      return connections.at(-1)!;
    };
    const mirror = new Mirror(open, 1_000);
    await mirror.put(record('a', 10));
    closeAbnormally(unwrap(connections[0]!));
    expect((await mirror.status()).urls).toEqual(['a']);
    expect(connections).toHaveLength(2);
    connections[1]!.close();
  });

  it('the mirror reopens when only `terminated` is called (an opener without the close event)', async () => {
    const name = `mirror-${++databases}`;
    const terminations: (() => void)[] = [];
    const connections: IDBPDatabase<MirrorDatabase>[] = [];
    const mirror = new Mirror(async (terminated) => {
      terminations.push(terminated);
      connections.push(await openMirrorDatabase(name));
      return connections.at(-1)!;
    }, 1_000);
    await mirror.put(record('a', 10));
    terminations[0]!();
    await mirror.status();
    expect(connections).toHaveLength(2);
    // A late report from the first connection leaves the second one in use.
    terminations[0]!();
    await mirror.status();
    expect(connections).toHaveLength(2);
    for (const connection of connections) connection.close();
  });
});
