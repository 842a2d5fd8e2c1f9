import 'fake-indexeddb/auto';
import type { IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import { Mirror, usedNow } from './mirror.js';
import { type MirrorDatabase, type MirrorRecord, openMirrorDatabase } from './mirror-database.js';

let databases = 0;
const record = (url: string, size: number): MirrorRecord => ({
  url,
  body: new ArrayBuffer(size),
  etag: `"${url}"`,
  contentType: 'application/json',
  headers: {},
  storedAt: Date.now(),
  lastUsed: usedNow(),
  size,
});

describe('Mirror (fake-indexeddb)', () => {
  it('keeps within its byte limit, least recently used first', async () => {
    const name = `mirror-${++databases}`;
    const mirror = new Mirror(() => openMirrorDatabase(name), 300);
    await mirror.put(record('a', 100));
    await mirror.put(record('b', 100));
    await mirror.put(record('c', 100));
    expect(await mirror.get('a')).toBeDefined(); // a is now the most recent
    await mirror.put(record('d', 100));
    const status = await mirror.status();
    expect(status.urls).toEqual(['c', 'a', 'd']);
    expect(status.bytes).toBe(300);
    await mirror.put(record('too-big', 301));
    expect((await mirror.status()).urls).toEqual(['c', 'a', 'd']);
  });

  it('on a quota error evicts, retries once, and never throws', async () => {
    const name = `mirror-${++databases}`;
    let failures = 1;
    // The browser's quota cannot be filled on demand: the first put fails as a full disk would.
    const open = async (): Promise<IDBPDatabase<MirrorDatabase>> => {
      const db = await openMirrorDatabase(name);
      const put = db.put.bind(db);
      db.put = (async (...args: Parameters<typeof put>) => {
        if ((args[1] as MirrorRecord | undefined)?.url === 'big' && failures > 0) {
          failures -= 1;
          throw new DOMException('full', 'QuotaExceededError');
        }
        return put(...args);
      }) as typeof db.put;
      return db;
    };
    const mirror = new Mirror(open, 10_000);
    await mirror.put(record('a', 100));
    await mirror.put(record('b', 100));
    await mirror.put(record('big', 500));
    const status = await mirror.status();
    expect(status.urls).toEqual(['b', 'big']);
    expect(failures).toBe(0);
  });
});
