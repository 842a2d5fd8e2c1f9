import { describe, expect, it } from 'vitest';
import { artifactPath, entryPath } from './runtime-catalog-http.js';

describe('host paths (docs/design.md HTTP contract)', () => {
  it('gives the entry and artifact paths without a query when no version is asked for', () => {
    expect(entryPath('hero1')).toBe('/api/runtime-catalog/hero1');
    expect(artifactPath('hero1', 'puck.json')).toBe('/api/runtime-catalog/hero1/puck.json');
  });

  it('appends ?version=<semver> to both', () => {
    expect(entryPath('hero1', '1.2.0')).toBe('/api/runtime-catalog/hero1?version=1.2.0');
    expect(artifactPath('hero1', 'puck.json', '1.2.0-beta.1')).toBe(
      '/api/runtime-catalog/hero1/puck.json?version=1.2.0-beta.1',
    );
  });

  it('encodes the id and the version, so each reaches the host as given', () => {
    expect(entryPath('a/b?c', '1.0.0+build.1')).toBe('/api/runtime-catalog/a%2Fb%3Fc?version=1.0.0%2Bbuild.1');
    expect(artifactPath('hero1', 'data.json', '^1.0.0 &version=2.0.0#x')).toBe(
      '/api/runtime-catalog/hero1/data.json?version=%5E1.0.0%20%26version%3D2.0.0%23x',
    );
    const [, query] = artifactPath('hero1', 'meta.json', '1.0.0+b &x=1').split('?');
    expect(query?.startsWith('version=') && decodeURIComponent(query.slice('version='.length))).toBe('1.0.0+b &x=1');
  });
});
