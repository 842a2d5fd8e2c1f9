import { describe, expect, it } from 'vitest';
import { artifactBaseUrl, artifactUrl, moduleUrl, packageUrls } from './package-urls.js';

const pkg = { package: '@acme/ui-hero1', version: '1.0.0' };

describe('URL rules (spec 2.3)', () => {
  it('concatenates the artifact URL without encoding anything', () => {
    expect(artifactBaseUrl('https://cdn.test/store', pkg)).toBe('https://cdn.test/store/@acme/ui-hero1@1.0.0');
    expect(artifactUrl('https://cdn.test/store', pkg, 'meta.json')).toBe(
      'https://cdn.test/store/@acme/ui-hero1@1.0.0/meta.json',
    );
  });

  it('builds the module URL with the comma-joined externals', () => {
    expect(moduleUrl('https://esm.test', pkg, ['react', 'react/jsx-runtime', '@acme/core'])).toBe(
      'https://esm.test/@acme/ui-hero1@1.0.0?target=es2022&external=react,react/jsx-runtime,@acme/core',
    );
  });

  it('gives the six URLs of spec 2.4', () => {
    expect(packageUrls({ artifactsOrigin: 'http://a', esmOrigin: 'http://e' }, pkg, ['react'])).toEqual({
      descriptor: 'http://a/@acme/ui-hero1@1.0.0/descriptor.json',
      data: 'http://a/@acme/ui-hero1@1.0.0/data.json',
      puck: 'http://a/@acme/ui-hero1@1.0.0/puck.json',
      meta: 'http://a/@acme/ui-hero1@1.0.0/meta.json',
      schema: 'http://a/@acme/ui-hero1@1.0.0/schema.json',
      module: 'http://e/@acme/ui-hero1@1.0.0?target=es2022&external=react',
    });
  });
});
