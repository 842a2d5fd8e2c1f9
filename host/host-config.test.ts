import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_CONFIG_DEFAULTS, resolveHostConfig } from './host-config.js';
import { HostError } from './host-error.js';

const folder = mkdtempSync(join(tmpdir(), 'host-config-'));
const catalogFile = join(folder, 'catalog.json');
writeFileSync(catalogFile, '{}');
const valid = { CATALOG_SOURCE: catalogFile, ARTIFACTS_ORIGIN: 'http://a.test', ESM_ORIGIN: 'https://cdn.test/esm/' };

function errorOf(env: Record<string, string | undefined>): HostError {
  try {
    resolveHostConfig(env, folder);
  } catch (error) {
    if (error instanceof HostError) return error;
    throw error;
  }
  throw new Error('expected resolveHostConfig to throw');
}

describe('resolveHostConfig', () => {
  it('applies the defaults and strips the trailing slash of an origin, keeping its path', () => {
    const config = resolveHostConfig(valid, folder);
    expect(config).toMatchObject({
      port: 8787,
      hostname: '127.0.0.1',
      catalogSource: catalogFile,
      artifactsOrigin: 'http://a.test',
      esmOrigin: 'https://cdn.test/esm',
      revalidationSecret: undefined,
      redisUrl: undefined,
      fetchTimeoutMs: HOST_CONFIG_DEFAULTS.fetchTimeoutMs,
    });
    expect(config.hostApiVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('accepts PORT=0, a relative catalog path, an URL catalog and the optional settings', () => {
    const config = resolveHostConfig(
      {
        ...valid,
        PORT: '0',
        CATALOG_SOURCE: 'catalog.json',
        REVALIDATION_SECRET: 's3cret',
        HOST_API_VERSION: '2.1.0',
        FETCH_TIMEOUT_MS: '500',
      },
      folder,
    );
    expect(config).toMatchObject({ port: 0, catalogSource: catalogFile, revalidationSecret: 's3cret' });
    expect(config).toMatchObject({ hostApiVersion: '2.1.0', fetchTimeoutMs: 500 });
    expect(resolveHostConfig({ ...valid, CATALOG_SOURCE: 'https://x.test/catalog.json' }).catalogSource).toBe(
      'https://x.test/catalog.json',
    );
  });

  it('treats an empty secret as unset (spec 5.2)', () => {
    expect(resolveHostConfig({ ...valid, REVALIDATION_SECRET: '' }, folder).revalidationSecret).toBeUndefined();
  });

  it.each([
    [{ CATALOG_SOURCE: undefined }, 'CATALOG_SOURCE is required (a catalog JSON file path or an http(s) URL)'],
    [
      { CATALOG_SOURCE: 'missing.json' },
      `CATALOG_SOURCE names a file that does not exist: ${join(folder, 'missing.json')}`,
    ],
    [{ ARTIFACTS_ORIGIN: undefined }, 'ARTIFACTS_ORIGIN is required (an http(s) URL)'],
    [{ ARTIFACTS_ORIGIN: 'ftp://x' }, 'ARTIFACTS_ORIGIN must be an http(s) URL, got "ftp://x"'],
    [{ ESM_ORIGIN: '' }, 'ESM_ORIGIN is required (an http(s) URL)'],
    [{ ESM_ORIGIN: 'http://x.test/?a=1' }, 'ESM_ORIGIN must not carry a query, a fragment or credentials'],
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535, got "70000"'],
    [{ HOST_API_VERSION: 'latest' }, 'HOST_API_VERSION must be a semantic version, got "latest"'],
    [{ REDIS_URL: 'http://r' }, 'REDIS_URL must start with redis:// or rediss://'],
  ])('refuses %j with one line naming the variable', (change, message) => {
    const error = errorOf({ ...valid, ...change });
    expect(error.code).toBe('invalid-config');
    expect(error.message).toBe(message);
  });
});
