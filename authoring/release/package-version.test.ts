import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import { checkPackageVersion, parsePackageVersion } from './package-version.js';
import { promoteVersions } from './promote-versions.js';

/** The error `run` throws (it must throw). */
function thrown(run: () => unknown): AuthoringError {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthoringError) return error;
    throw error;
  }
  throw new Error('nothing thrown');
}

describe('parsePackageVersion', () => {
  it.each([
    ['@acme/ui-hero1@1.2.0', '@acme/ui-hero1', '1.2.0'],
    ['@acme/ui-a-b2@0.0.0', '@acme/ui-a-b2', '0.0.0'],
    ['@acme/ui-hero1@1.0.0-rc.1', '@acme/ui-hero1', '1.0.0-rc.1'],
    ['@acme/ui-hero1@1.0.0-x-y.--+exp.sha.5114f85', '@acme/ui-hero1', '1.0.0-x-y.--+exp.sha.5114f85'],
  ])('takes %s', (spec, name, version) => {
    expect(parsePackageVersion(spec, '@acme')).toEqual({ name, version });
  });

  it.each([
    '--production-registry=http://127.0.0.1:9/ui-hero1@1.0.0',
    '--staging-registry=http://127.0.0.1:9/',
    '--dry-run',
    '-h',
    '@acme/ui-hero1@01.0.0',
    '@acme/ui-hero1@1.0.0-01',
    '@acme/ui-hero1@1.0.0-',
    '@acme/ui-hero1@1.0.0+',
    '@acme/ui-hero1@1.0',
    '@acme/ui-hero1@v1.0.0',
    '@acme/ui-hero1@latest',
    '@acme/ui-hero1@^1.0.0',
    '@acme/ui-hero1',
    '@other/ui-hero1@1.0.0',
    '@acme/hero1@1.0.0',
    '@acme/ui-Hero1@1.0.0',
    '@acme/ui--x@1.0.0',
    '@acme/ui-hero1/../x@1.0.0',
    '@acme/ui-hero1@1.0.0 ',
    '@acme/ui-hero1@1.0.0\n@acme/ui-hero2@1.0.0',
    '@acme/ui-hero1@1.0.0;touch x',
    '',
  ])('refuses %j: usage, exit 2', (spec) => {
    const error = thrown(() => parsePackageVersion(spec, '@acme'));
    expect(error.code).toBe('usage');
    expect(error.exitCode).toBe(2);
    // The operand as a JSON string: a line break or control character never reaches the log raw.
    expect(error.message).toContain(JSON.stringify(spec));
  });
});

describe('checkPackageVersion', () => {
  it('takes what parsePackageVersion gives, and refuses a name or version that is not of that form', () => {
    expect(() => checkPackageVersion({ name: '@acme/ui-hero1', version: '1.0.0' }, '@acme')).not.toThrow();
    for (const [name, version] of [
      ['@acme/ui-hero1@1.0.0', '1.0.0'],
      ['@acme/ui-hero1', '01.0.0'],
      ['--registry=http://127.0.0.1:9/', '1.0.0'],
      ['@acme/ui-hero1', '1.0.0 --tag=x'],
    ] as const)
      expect(thrown(() => checkPackageVersion({ name, version }, '@acme')).code, `${name} ${version}`).toBe('usage');
  });
});

describe('promoteVersions', () => {
  let server: Server;
  let url: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    ['a loose version', { name: '@acme/ui-hero1', version: '01.0.0' }],
    ['a name of another scope', { name: '@other/ui-hero1', version: '1.0.0' }],
    ['a name with a path', { name: '@acme/ui-hero1/../../x', version: '1.0.0' }],
  ])('refuses %s (usage) before any request to either registry', async (_, version) => {
    const target = (role: 'staging' | 'production') => ({ role, url, token: `${role}-token` });
    const promoting = promoteVersions([{ name: '@acme/ui-hero2', version: '1.0.0' }, version], {
      staging: target('staging'),
      production: target('production'),
      scope: '@acme',
      tag: 'latest',
      dryRun: false,
      env: {},
      progress: () => {},
    });
    await expect(promoting).rejects.toMatchObject({ name: 'AuthoringError', code: 'usage' });
    expect(requests).toEqual([]);
  });
});
