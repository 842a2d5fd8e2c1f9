import { describe, expect, it } from 'vitest';
import { CatalogRoutesError } from './catalog-routes-error.js';
import type { CatalogRoutesOptions } from './catalog-routes-options.js';
import {
  appShellKey,
  configFromOptions,
  isAppShell,
  isMirrored,
  keepsLastGood,
  resolveWorkerConfig,
} from './worker-config.js';

const origin = 'https://editor.test';
const config = resolveWorkerConfig(
  new URL(`${origin}/catalog-sw.js?host=https://host.test&catalog=/catalog.json&appShell=1`),
);
const url = (href: string) => new URL(href, origin);

describe('worker configuration and what each route takes', () => {
  it('reads the script URL once: host origin, catalog, app shell, its own path', () => {
    expect(config).toEqual({
      hostOrigin: 'https://host.test',
      catalogUrl: `${origin}/catalog.json`,
      maxBytes: 50 * 1024 * 1024,
      timeoutMs: 4_000,
      appShell: true,
      scriptPath: '/catalog-sw.js',
    });
    expect(resolveWorkerConfig(new URL(`${origin}/sw.js`)).appShell).toBe(false);
  });

  it('mirrors the host routes and the catalog', () => {
    expect(isMirrored(config, url('https://host.test/api/runtime-catalog/hero1'))).toBe(true);
    expect(isMirrored(config, url('https://host.test/api/runtime-catalog/hero1?version=0.9.0'))).toBe(true);
    expect(isMirrored(config, url('https://host.test/api/remote-component?url=x'))).toBe(true);
    expect(isMirrored(config, url('/catalog.json'))).toBe(true);
    expect(isMirrored(config, url('https://host.test/api/revalidate'))).toBe(false);
  });

  it('keeps the last good copy for entries and compiled modules only, never for artifacts', () => {
    expect(keepsLastGood(config, url('https://host.test/api/runtime-catalog/hero1'))).toBe(true);
    expect(keepsLastGood(config, url('https://host.test/api/runtime-catalog/hero1?version=0.9.0'))).toBe(true);
    expect(keepsLastGood(config, url('https://host.test/api/remote-component?url=x'))).toBe(true);
    expect(keepsLastGood(config, url('https://host.test/api/runtime-catalog/hero1/data.json'))).toBe(false);
    expect(keepsLastGood(config, url('https://host.test/api/runtime-catalog'))).toBe(false);
    expect(keepsLastGood(config, url('https://other.test/api/runtime-catalog/hero1'))).toBe(false);
  });

  it('takes the editor page and its same-origin static resources as the app shell, when opted in', () => {
    expect(isAppShell(config, url('/?page=home'), 'document', origin)).toBe(true);
    expect(isAppShell(config, url('/assets/main.js'), 'script', origin)).toBe(true);
    expect(isAppShell(config, url('/assets/main.css'), 'style', origin)).toBe(true);
    // Not the worker itself, not a fetch, not another origin, not a mirrored route.
    expect(isAppShell(config, url('/catalog-sw.js'), 'script', origin)).toBe(false);
    expect(isAppShell(config, url('/__playground/stats'), '', origin)).toBe(false);
    expect(isAppShell(config, url('https://cdn.test/lib.js'), 'script', origin)).toBe(false);
    expect(isAppShell(config, url('/catalog.json'), 'document', origin)).toBe(false);
    const off = resolveWorkerConfig(new URL(`${origin}/catalog-sw.js`));
    expect(isAppShell(off, url('/'), 'document', origin)).toBe(false);
  });

  it('keys a page without its query (one editor, any ?page=), other resources as they are', () => {
    expect(appShellKey(url('/editor?page=a#x'), 'document')).toBe(`${origin}/editor`);
    expect(appShellKey(url('/main.js?v=1'), 'script')).toBe(`${origin}/main.js?v=1`);
  });
});

describe('configuration from registerCatalogRoutes options (a worker of your own)', () => {
  // The importing worker's script: its query is not read once options are given.
  const scriptUrl = new URL(`${origin}/sw.js?host=https://ignored.test&appShell=1`);

  it('reads the options, relative URLs against the worker script, and the same defaults as the query', () => {
    expect(
      configFromOptions({ hostUrl: 'https://host.test/any/path', catalogUrl: '/catalog.json' }, scriptUrl),
    ).toEqual({
      hostOrigin: 'https://host.test',
      catalogUrl: `${origin}/catalog.json`,
      maxBytes: 50 * 1024 * 1024,
      timeoutMs: 4_000,
      appShell: false,
      scriptPath: '/sw.js',
    });
    expect(configFromOptions({ maxBytes: 1024, timeoutMs: 250, appShell: true }, scriptUrl)).toEqual({
      hostOrigin: origin,
      catalogUrl: undefined,
      maxBytes: 1024,
      timeoutMs: 250,
      appShell: true,
      scriptPath: '/sw.js',
    });
  });

  it('refuses a value that cannot configure the routes, naming the option (code invalid-option)', () => {
    const refusal = (options: CatalogRoutesOptions) => {
      try {
        configFromOptions(options, scriptUrl);
        return undefined;
      } catch (error) {
        return error instanceof CatalogRoutesError ? [error.code, error.option] : error;
      }
    };
    expect(
      [
        { hostUrl: 'http://' },
        { catalogUrl: 'https://' },
        { maxBytes: 0 },
        { maxBytes: Number.NaN },
        { timeoutMs: -1 },
        { timeoutMs: '250' as unknown as number },
        { appShell: 'yes' as unknown as boolean },
      ].map(refusal),
    ).toEqual([
      ['invalid-option', 'hostUrl'],
      ['invalid-option', 'catalogUrl'],
      ['invalid-option', 'maxBytes'],
      ['invalid-option', 'maxBytes'],
      ['invalid-option', 'timeoutMs'],
      ['invalid-option', 'timeoutMs'],
      ['invalid-option', 'appShell'],
    ]);
  });
});
