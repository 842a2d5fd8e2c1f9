import { describe, expect, it } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import type { ObjectStore } from './object-store.js';

const json = { contentType: 'application/json' };

/** Bytes that are not UTF-8 (a lone continuation byte, an overlong form, 0xff) plus NUL and CR LF. */
const binary = new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0xc0, 0xaf, 0x0d, 0x0a, 0xc3, 0x28]);

/** `size` bytes of a repeating non-text pattern. */
function patterned(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

async function expectStoreFailed(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AuthoringError);
  expect((error as AuthoringError).code).toBe('store-failed');
}

/**
 * The behaviour every {@link ObjectStore} must have; each implementation's test file calls this
 * with a factory that makes a fresh, empty store.
 */
export function describeObjectStore(name: string, makeStore: () => Promise<ObjectStore>): void {
  describe(`${name} (ObjectStore behaviour)`, () => {
    it('describes itself', async () => {
      expect((await makeStore()).description).not.toBe('');
    });

    it('answers undefined for a key it does not hold', async () => {
      const store = await makeStore();
      expect(await store.get('@acme/ui-hero1@1.0.0/data.json')).toBeUndefined();
    });

    it('round-trips bytes exactly: non-UTF-8, empty and 1 MiB', async () => {
      const store = await makeStore();
      const large = patterned(1024 * 1024);
      await store.put('@acme/ui-hero1@1.0.0/binary', binary, json);
      await store.put('@acme/ui-hero1@1.0.0/empty', new Uint8Array(), json);
      await store.put('@acme/ui-hero1@1.0.0/large', large, json);
      expect(await store.get('@acme/ui-hero1@1.0.0/binary')).toEqual(binary);
      expect(await store.get('@acme/ui-hero1@1.0.0/empty')).toEqual(new Uint8Array());
      const back = await store.get('@acme/ui-hero1@1.0.0/large');
      expect(back?.byteLength).toBe(large.byteLength);
      expect(Buffer.compare(Buffer.from(back ?? []), Buffer.from(large))).toBe(0);
    });

    it('stores a view of a larger buffer as just its bytes', async () => {
      const store = await makeStore();
      const view = new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4);
      await store.put('view.json', view, json);
      expect(await store.get('view.json')).toEqual(new Uint8Array([1, 2, 3]));
    });

    it('replaces an object on a second put', async () => {
      const store = await makeStore();
      await store.put('a/b.json', new TextEncoder().encode('{"v":1,"padding":"long enough"}'), json);
      await store.put('a/b.json', new TextEncoder().encode('{"v":2}'), json);
      expect(new TextDecoder().decode(await store.get('a/b.json'))).toBe('{"v":2}');
    });

    it('has no object at a key that is only a prefix of others', async () => {
      const store = await makeStore();
      await store.put('pkg@1.0.0/data.json', binary, json);
      expect(await store.get('pkg@1.0.0')).toBeUndefined();
    });

    it('holds an object and objects under its key together exactly when it has flat keys', async () => {
      const store = await makeStore();
      const stub = new TextEncoder().encode('export * from "./x@1.0.0/es2022/x.mjs";');
      // Both orders: the object first, and the objects under its key first.
      await store.put('x@1.0.0', stub, json);
      await store.put('y@1.0.0/es2022/y.mjs', binary, json);
      if (store.flatKeys === true) {
        await store.put('x@1.0.0/es2022/x.mjs', binary, json);
        await store.put('y@1.0.0', stub, json);
        for (const name of ['x', 'y']) {
          expect(await store.get(`${name}@1.0.0`)).toEqual(stub);
          expect(await store.get(`${name}@1.0.0/es2022/${name}.mjs`)).toEqual(binary);
        }
      } else {
        await expectStoreFailed(store.put('x@1.0.0/es2022/x.mjs', binary, json));
        await expectStoreFailed(store.put('y@1.0.0', stub, json));
        expect(await store.get('x@1.0.0')).toEqual(stub);
        expect(await store.get('y@1.0.0/es2022/y.mjs')).toEqual(binary);
      }
    });

    // Concurrent puts of one key are left out: s3rver writes objects in place, so its answer can
    // mix them; each store's own tests cover that (FolderStore) or rely on S3 itself.
    it('keeps every object of concurrent puts into one new folder', async () => {
      const store = await makeStore();
      const keys = Array.from({ length: 20 }, (_, i) => `fresh@1.0.0/nested/${i}.json`);
      await Promise.all(keys.map((key, i) => store.put(key, new TextEncoder().encode(String(i)), json)));
      for (const [i, key] of keys.entries()) expect(new TextDecoder().decode(await store.get(key))).toBe(String(i));
    });

    it.each(['', '/abs.json', '../up.json', 'a/../../up.json', 'a//b.json', './a.json', 'a\\b.json', 'a/\u0000.json'])(
      'refuses the key %j on get and put (store-failed)',
      async (key) => {
        const store = await makeStore();
        await expectStoreFailed(store.get(key));
        await expectStoreFailed(store.put(key, binary, json));
      },
    );
  });
}
