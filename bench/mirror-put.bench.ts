import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { MirrorRecord } from '../service-worker/mirror-database.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

const RECORDS = 500;
const RECORD_BYTES = 100_000;
/** Full at 50 MB: every measured put of a new URL evicts the least recently used record. */
const MAX_BYTES = RECORDS * RECORD_BYTES;
const PUTS_PER_ROUND = 5;
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);

/** Version 1 of the mirror database: whole records, bodies included, in one store. */
interface LegacyMirrorDatabase extends DBSchema {
  responses: { key: string; value: MirrorRecord; indexes: { 'by-last-used': number } };
}

/**
 * The cost of one mirror put with 50 MB already mirrored (500 records of 100 KB, each put evicting
 * one), in Node on fake-indexeddb (in memory, so reads are structured clones, not disk reads):
 * the mirror with its entries store against the version 1 put path, copied below, which read every
 * record (bodies included) to add up sizes. Rounds alternate; the ratio is the median of the
 * per-round ratios. Report only.
 */
export async function mirrorPut(): Promise<BenchRow> {
  // Installed here, not at import, so that the other rows of the run see Node's globals as they are.
  await import('./indexeddb-globals.js');
  const { Mirror, usedNow } = await import('../service-worker/mirror.js');
  const { openMirrorDatabase } = await import('../service-worker/mirror-database.js');
  const body = new ArrayBuffer(RECORD_BYTES);
  let urls = 0;
  const next = (): MirrorRecord => ({
    url: `https://host.test/api/runtime-catalog/c${++urls}`,
    body,
    etag: `"${urls}"`,
    contentType: 'application/json',
    headers: {},
    storedAt: Date.now(),
    lastUsed: usedNow(),
    size: RECORD_BYTES,
  });

  const legacy = await openLegacyDatabase('bench-mirror-v1');
  for (let index = 0; index < RECORDS; index += 1) await legacy.put('responses', next()); // filled directly
  const mirror = new Mirror((terminated) => openMirrorDatabase('bench-mirror', { terminated }), MAX_BYTES);
  for (let index = 0; index < RECORDS; index += 1) await mirror.put(next());

  const perPut = async (put: (record: MirrorRecord) => Promise<void>): Promise<number> => {
    const started = performance.now();
    for (let index = 0; index < PUTS_PER_ROUND; index += 1) await put(next());
    return (performance.now() - started) / PUTS_PER_ROUND;
  };
  const putNew = (record: MirrorRecord) => mirror.put(record);
  const putOld = (record: MirrorRecord) => legacyPut(legacy, record, MAX_BYTES);
  await perPut(putNew); // warms the JIT
  await perPut(putOld);
  const newTimes: number[] = [];
  const oldTimes: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const [a, b] = round % 2 === 0 ? [putNew, putOld] : [putOld, putNew];
    const first = await perPut(a);
    const second = await perPut(b);
    const [viaNew, viaOld] = a === putNew ? [first, second] : [second, first];
    newTimes.push(viaNew);
    oldTimes.push(viaOld);
    ratios.push(viaNew / viaOld);
  }
  const status = await mirror.status();
  const held = await legacy.count('responses');
  legacy.close();
  await mirror.clear();
  if (status.bytes !== MAX_BYTES || status.entries !== RECORDS || held !== RECORDS) {
    throw new Error(`bench: the mirrors hold ${status.entries} and ${held} records, not ${RECORDS}`);
  }
  return reportRow(
    `mirror put, 50 MB mirrored (${RECORDS} × 100 KB, fake-indexeddb in Node, median of ${rounds})`,
    `${median(newTimes).toFixed(2)} ms a put (entries store)`,
    `${median(oldTimes).toFixed(2)} ms (v1: reads every body)`,
    median(ratios),
  );
}

function openLegacyDatabase(name: string): Promise<IDBPDatabase<LegacyMirrorDatabase>> {
  return openDB<LegacyMirrorDatabase>(name, 1, {
    upgrade(db) {
      db.createObjectStore('responses', { keyPath: 'url' }).createIndex('by-last-used', 'lastUsed');
    },
  });
}

/** The version 1 put path (`Mirror.put` → `#evictFor` → `status()`, then the put), as it was. */
async function legacyPut(db: IDBPDatabase<LegacyMirrorDatabase>, record: MirrorRecord, maxBytes: number) {
  const records = await db.getAllFromIndex('responses', 'by-last-used');
  const status = {
    entries: records.length,
    bytes: records.reduce((sum, each) => sum + each.size, 0),
    urls: records.map((each) => each.url),
  };
  const previous = (await db.get('responses', record.url))?.size ?? 0;
  const over = status.bytes - previous + record.size - maxBytes;
  if (over > 0) {
    const transaction = db.transaction('responses', 'readwrite');
    let freed = 0;
    let cursor = await transaction.store.index('by-last-used').openCursor();
    while (cursor !== null && freed < over) {
      if (cursor.value.url !== record.url) {
        freed += cursor.value.size;
        await cursor.delete();
      }
      cursor = await cursor.continue();
    }
    await transaction.done;
  }
  await db.put('responses', record);
}
