import { describe, expect, it } from 'vitest';
import { catalogWorker } from './catalog-worker-plugin.js';
import { CatalogWorkerPluginError } from './catalog-worker-plugin-error.js';
import { emittedFileName, servedPath } from './worker-path.js';

/** What `catalogWorker(options)` throws, as [code, option], or 'accepted'. */
function outcome(options: Parameters<typeof catalogWorker>[0]): unknown {
  try {
    catalogWorker(options);
    return 'accepted';
  } catch (error) {
    return error instanceof CatalogWorkerPluginError ? [error.code, error.option] : error;
  }
}

describe('the plugin options, checked when the Vite config is read', () => {
  it('accepts paths under base that end in .js', () => {
    for (const path of ['/catalog-sw.js', '/sw/catalog.v2.js', '/~team/catalog_sw-1.js', '/a.b.js']) {
      expect([path, outcome({ path })]).toEqual([path, 'accepted']);
    }
    expect(outcome({})).toBe('accepted');
    expect(outcome({ routesPath: '/catalog-sw-routes.js' })).toBe('accepted');
  });

  it('refuses any other path with invalid-path, naming the option', () => {
    const refused = [
      'catalog-sw.js', // not under base
      '/',
      '/catalog-sw', // a static host would not send it as JavaScript
      '/catalog-sw.mjs',
      '//cdn.test/sw.js',
      '/../sw.js',
      '/a/./sw.js',
      '/.well-known/sw.js',
      '/sw.js?v=1',
      '/sw.js#top',
      '/my sw.js',
      '/é.js',
      '/a\\b.js',
      '',
      42,
      null,
    ];
    for (const path of refused) {
      expect([path, outcome({ path: path as string })]).toEqual([path, ['invalid-path', 'path']]);
      expect([path, outcome({ routesPath: path as string })]).toEqual([path, ['invalid-path', 'routesPath']]);
    }
    expect(outcome({ path: '/sw.js', routesPath: '/sw.js' })).toEqual(['invalid-path', 'routesPath']);
    expect(outcome({ routesPath: '/catalog-sw.js' })).toEqual(['invalid-path', 'routesPath']);
  });

  it('says what a valid path looks like', () => {
    expect(() => catalogWorker({ path: 'catalog-sw.js' })).toThrow(
      `Invalid path for the catalog worker plugin: "catalog-sw.js". Give a path under Vite's base such as "/catalog-sw.js"`,
    );
  });

  it("serves a path under Vite's base, whatever form base takes, and emits it relative to the output folder", () => {
    expect(
      ['/', '', './', '/editor/', '/editor', 'https://cdn.test/editor/'].map((base) =>
        servedPath(base, '/catalog-sw.js'),
      ),
    ).toEqual([
      '/catalog-sw.js',
      '/catalog-sw.js',
      '/catalog-sw.js',
      '/editor/catalog-sw.js',
      '/editor/catalog-sw.js',
      '/editor/catalog-sw.js',
    ]);
    expect(emittedFileName('/sw/catalog.js')).toBe('sw/catalog.js');
  });
});
