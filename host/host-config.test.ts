import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_API_VERSION } from '@runtime-component-catalog/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createHostApp } from './host-app.js';
import { HOST_CONFIG_DEFAULTS, resolveHostAppConfig, resolveHostConfig } from './host-config.js';
import { HostError } from './host-error.js';
import { HOST_SETTINGS } from './host-settings.js';

const folder = mkdtempSync(join(tmpdir(), 'host-config-'));
const catalogFile = join(folder, 'catalog.json');
afterAll(() => rmSync(folder, { recursive: true, force: true }));
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

  it('starts the compiler lazily and logs requests unless told otherwise (REMOTE_COMPILER, REQUEST_LOG)', () => {
    expect(resolveHostConfig(valid, folder)).toMatchObject({ remoteCompiler: 'lazy', requestLog: true });
    for (const mode of ['eager', 'lazy', 'off'] as const) {
      expect(resolveHostConfig({ ...valid, REMOTE_COMPILER: mode }, folder).remoteCompiler).toBe(mode);
    }
    expect(resolveHostConfig({ ...valid, REMOTE_COMPILER: '' }, folder).remoteCompiler).toBe('lazy');
    expect(resolveHostConfig({ ...valid, REQUEST_LOG: 'off' }, folder).requestLog).toBe(false);
    expect(resolveHostConfig({ ...valid, REQUEST_LOG: 'on' }, folder).requestLog).toBe(true);
    expect(resolveHostConfig(valid, folder).logFormat).toBe('text');
    expect(resolveHostConfig({ ...valid, LOG_FORMAT: 'json' }, folder).logFormat).toBe('json');
  });

  it('compiles with esbuild-wasm unless REMOTE_COMPILER_ENGINE says native, with any REMOTE_COMPILER', () => {
    expect(resolveHostConfig(valid, folder).remoteCompilerEngine).toBe('wasm');
    expect(resolveHostConfig({ ...valid, REMOTE_COMPILER_ENGINE: '' }, folder).remoteCompilerEngine).toBe('wasm');
    for (const engine of ['wasm', 'native'] as const) {
      for (const mode of ['eager', 'lazy', 'off'] as const) {
        const config = resolveHostConfig({ ...valid, REMOTE_COMPILER: mode, REMOTE_COMPILER_ENGINE: engine }, folder);
        expect(config).toMatchObject({ remoteCompiler: mode, remoteCompilerEngine: engine });
      }
    }
  });

  it('drains 5 s after a signal unless SHUTDOWN_DRAIN_MS says otherwise (0: no drain)', () => {
    expect(resolveHostConfig(valid, folder).shutdownDrainMs).toBe(5_000);
    expect(HOST_CONFIG_DEFAULTS.shutdownDrainMs).toBe(5_000);
    expect(resolveHostConfig({ ...valid, SHUTDOWN_DRAIN_MS: '' }, folder).shutdownDrainMs).toBe(5_000);
    expect(resolveHostConfig({ ...valid, SHUTDOWN_DRAIN_MS: '0' }, folder).shutdownDrainMs).toBe(0);
    expect(resolveHostConfig({ ...valid, SHUTDOWN_DRAIN_MS: '15000' }, folder).shutdownDrainMs).toBe(15_000);
  });

  it('reads the Sentinels, the compile quotas and the trusted proxies', () => {
    const config = resolveHostConfig(
      {
        ...valid,
        REDIS_SENTINELS: 'sentinel-a:26379, [::1]:26380,10.0.0.3:26381',
        REDIS_SENTINEL_MASTER: 'catalog',
        COMPILE_QUOTA_CONCURRENCY: '3',
        COMPILE_QUOTA_PER_MINUTE: '120',
        TRUSTED_PROXIES: '10.0.0.0/8, ::1',
      },
      folder,
    );
    expect(config).toMatchObject({
      redisSentinels: [
        { host: 'sentinel-a', port: 26379 },
        { host: '::1', port: 26380 },
        { host: '10.0.0.3', port: 26381 },
      ],
      redisSentinelMaster: 'catalog',
      compileQuotaConcurrency: 3,
      compileQuotaPerMinute: 120,
      trustedProxies: ['10.0.0.0/8', '::1'],
    });
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
    [{ REMOTE_COMPILER: 'sometimes' }, 'REMOTE_COMPILER must be one of eager, lazy, off, got "sometimes"'],
    [{ REMOTE_COMPILER: 'EAGER' }, 'REMOTE_COMPILER must be one of eager, lazy, off, got "EAGER"'],
    [{ REMOTE_COMPILER_ENGINE: 'go' }, 'REMOTE_COMPILER_ENGINE must be one of wasm, native, got "go"'],
    [{ REMOTE_COMPILER_ENGINE: 'NATIVE' }, 'REMOTE_COMPILER_ENGINE must be one of wasm, native, got "NATIVE"'],
    // The value is checked even when no compiler runs.
    [
      { REMOTE_COMPILER: 'off', REMOTE_COMPILER_ENGINE: 'esbuild' },
      'REMOTE_COMPILER_ENGINE must be one of wasm, native, got "esbuild"',
    ],
    [{ REQUEST_LOG: 'true' }, 'REQUEST_LOG must be on or off, got "true"'],
    [{ LOG_FORMAT: 'pino' }, 'LOG_FORMAT must be one of text, json, got "pino"'],
    [{ SHUTDOWN_DRAIN_MS: '5s' }, 'SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000, got "5s"'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000, got "-1"'],
    [{ SHUTDOWN_DRAIN_MS: '600001' }, 'SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000, got "600001"'],
    [{ CACHE_MAX_BYTES: '1000' }, 'CACHE_MAX_BYTES must be an integer from 1024 to 1099511627776, got "1000"'],
    [{ METRICS: 'yes' }, 'METRICS must be on or off, got "yes"'],
    [{ METRICS: 'off', METRICS_PORT: '9464' }, 'METRICS_PORT is set while METRICS is off: unset one of them'],
    [{ PORT: '9000', METRICS_PORT: '9000' }, 'METRICS_PORT must differ from PORT (9000)'],
    [{ METRICS_PORT: '65536' }, 'METRICS_PORT must be an integer from 0 to 65535, got "65536"'],
    [{ REDIS_SENTINELS: 'a:1,b' }, 'REDIS_SENTINELS must be host:port pairs separated by commas, got "b"'],
    [{ REDIS_SENTINELS: 'a:0' }, 'REDIS_SENTINELS must be host:port pairs separated by commas, got "a:0"'],
    [{ REDIS_SENTINELS: 'a:26379' }, 'REDIS_SENTINEL_MASTER is required with REDIS_SENTINELS'],
    [{ REDIS_SENTINEL_MASTER: 'mymaster' }, 'REDIS_SENTINEL_MASTER needs REDIS_SENTINELS'],
    [{ COMPILE_QUOTA_CONCURRENCY: '0' }, 'COMPILE_QUOTA_CONCURRENCY must be an integer from 1 to 1000, got "0"'],
    [{ COMPILE_QUOTA_PER_MINUTE: 'many' }, 'COMPILE_QUOTA_PER_MINUTE must be an integer from 1 to 1000000, got "many"'],
    [
      { TRUSTED_PROXIES: '10.0.0.0/8, lb.internal' },
      'TRUSTED_PROXIES must be IP addresses or CIDR blocks separated by commas, got "lb.internal"',
    ],
    [
      { TRUSTED_PROXIES: '10.0.0.0/33' },
      'TRUSTED_PROXIES must be IP addresses or CIDR blocks separated by commas, got "10.0.0.0/33"',
    ],
    // Several wrong at once: the first in HOST_SETTINGS's order is reported.
    [{ CATALOG_SOURCE: undefined, REDIS_URL: 'http://r' }, 'REDIS_URL must start with redis:// or rediss://'],
    [{ PORT: 'x', SHUTDOWN_DRAIN_MS: 'y' }, 'PORT must be an integer from 0 to 65535, got "x"'],
  ])('refuses %j with one line naming the variable', (change, message) => {
    const error = errorOf({ ...valid, ...change });
    expect(error.code).toBe('invalid-config');
    expect(error.message).toBe(message);
  });
});

describe('resolveHostAppConfig (what createHostApp takes)', () => {
  const required = {
    catalogSource: catalogFile,
    artifactsOrigin: 'http://a.test/',
    esmOrigin: 'https://cdn.test/esm/',
  };

  it('fills in every documented default from the three required settings', () => {
    expect(resolveHostAppConfig(required, folder)).toEqual({
      catalogSource: catalogFile,
      artifactsOrigin: 'http://a.test',
      esmOrigin: 'https://cdn.test/esm',
      revalidationSecret: undefined,
      hostApiVersion: HOST_API_VERSION,
      fetchTimeoutMs: 10_000,
      maxUpstreamBytes: 5_242_880,
      cacheMaxBytes: 134_217_728,
      upstreamConcurrency: 64,
      remoteCompiler: 'lazy',
      remoteCompilerEngine: 'wasm',
      compileQuotaConcurrency: 2,
      compileQuotaPerMinute: 60,
      trustedProxies: undefined,
    });
  });

  it('keeps the settings given, resolving a relative catalog path against the working directory', () => {
    const config = resolveHostAppConfig(
      {
        ...required,
        catalogSource: 'catalog.json',
        revalidationSecret: 's',
        cacheMaxBytes: 4096,
        hostApiVersion: '2.0.0',
      },
      folder,
    );
    expect(config).toMatchObject({ catalogSource: catalogFile, revalidationSecret: 's', cacheMaxBytes: 4096 });
    expect(config.hostApiVersion).toBe('2.0.0');
  });

  it.each([
    [{ catalogSource: '' }, 'catalogSource is required (a catalog JSON file path or an http(s) URL)'],
    [{ artifactsOrigin: 'ftp://a.test' }, 'artifactsOrigin must be an http(s) URL, got "ftp://a.test"'],
    [{ esmOrigin: 'https://cdn.test/?q=1' }, 'esmOrigin must not carry a query, a fragment or credentials'],
    [{ cacheMaxBytes: 10 }, 'cacheMaxBytes must be an integer from 1024 to 1099511627776, got 10'],
    [{ fetchTimeoutMs: 1.5 }, 'fetchTimeoutMs must be an integer from 1 to 600000, got 1.5'],
    [{ upstreamConcurrency: Number.NaN }, 'upstreamConcurrency must be an integer from 1 to 10000, got NaN'],
    [{ hostApiVersion: 'one' }, 'hostApiVersion must be a semantic version, got "one"'],
    [{ remoteCompiler: 'never' as 'off' }, 'remoteCompiler must be one of eager, lazy, off, got "never"'],
    [{ remoteCompilerEngine: 'swc' as 'native' }, 'remoteCompilerEngine must be one of wasm, native, got "swc"'],
  ])('refuses %o with an invalid-config error naming the option', (override, message) => {
    let caught: unknown;
    try {
      resolveHostAppConfig({ ...required, ...override }, folder);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HostError);
    expect(caught).toMatchObject({ code: 'invalid-config', message });
  });

  it('is what createHostApp applies: a minimal app answers its routes', async () => {
    const app = createHostApp(required);
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe('the tables of variables in the docs', () => {
  const settings = Object.values(HOST_SETTINGS);
  const meanings = settings.map((setting) => [`\`${setting.variable}\``, setting.parser.shown, setting.meaning]);
  it.each([
    { file: 'README.md', header: ['variable', 'default', 'meaning'], rows: meanings },
    { file: 'host/README.md', header: ['variable', 'default', 'meaning'], rows: meanings },
    {
      file: 'docs/deploy.md',
      header: ['variable', 'in production', 'why'],
      rows: settings.flatMap((setting) =>
        'production' in setting ? [[`\`${setting.variable}\``, ...setting.production]] : [],
      ),
    },
  ])('$file lists the settings as HOST_SETTINGS declares them', ({ file, header, rows }) => {
    const markdown = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
    const expected = markdownTable(header, rows);
    expect(tableAfter(markdown, header), `${file}'s table of variables should read:\n${expected}\n`).toBe(expected);
  });
});

/** The markdown table whose header row has the cells `header`, as written. */
function tableAfter(markdown: string, header: readonly string[]): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && cells(line).join() === header.join());
  if (start === -1) return '';
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

function cells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(' | ')
    .map((cell) => cell.trim());
}

/** A table as the repository's markdown formatter lays it out: every column as wide as its widest cell. */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
