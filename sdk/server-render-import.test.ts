import { afterAll, describe, expect, it } from 'vitest';
import { SdkError } from './sdk-error.js';

// Every entry of the SDK is imported where a server renders (a React server component, Next.js
// prerendering a client component): no module of the SDK may read a browser global at import
// time, and what needs one fails when called there with `browser-required`, not with a
// ReferenceError. Reads by dependencies (Puck's, which test `typeof window` and run on servers)
// are theirs: only a read whose caller is a file of the SDK is counted.

const BROWSER_GLOBALS = ['window', 'document', 'indexedDB', 'location', 'navigator', 'localStorage', 'self'] as const;
const touched = new Set<string>();
const saved = new Map<string, PropertyDescriptor | undefined>();
for (const name of BROWSER_GLOBALS) {
  saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const caller = new Error().stack?.split('\n')[2] ?? '';
      if (caller.includes('/sdk/') && !caller.includes('node_modules')) touched.add(`${name} ${caller.trim()}`);
      return undefined;
    },
  });
}

afterAll(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor === undefined) Reflect.deleteProperty(globalThis, name);
    else Object.defineProperty(globalThis, name, descriptor);
  }
});

/** Each public entry with the package's export path (sdk/package.json) that a page imports. */
const ENTRIES = {
  '.': () => import('./index.js'),
  './puck': () => import('./puck/index.js'),
  './instance-versions': () => import('./instance-versions/index.js'),
  './strapi': () => import('./strapi/index.js'),
} as const;

describe('the SDK on a server', () => {
  for (const [entry, load] of Object.entries(ENTRIES)) {
    it(`imports ${entry} without reading a browser global`, async () => {
      touched.clear();
      await load();
      expect([...touched]).toEqual([]);
    });
  }

  it('says which browser API a call needs (browser-required), when it is called', async () => {
    const sdk = await import('./index.js');
    const refusal = (what: string, api: string) =>
      new SdkError(
        'browser-required',
        `${what} needs ${api}: call it in the browser (an effect, an event), not while a server renders`,
      );
    await expect(sdk.openPageStore()).rejects.toEqual(refusal('openPageStore', 'indexedDB'));
    await expect(sdk.openEditJournal()).rejects.toEqual(refusal('openEditJournal', 'indexedDB'));
    await expect(sdk.registerCatalogWorker({ scriptUrl: '/catalog-sw.js' })).rejects.toEqual(
      refusal('registerCatalogWorker', 'navigator.serviceWorker'),
    );
    const error = await sdk.openPageStore().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).code).toBe('browser-required');
  });
});
