import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishedVersionAttributes } from './published-version-attributes.js';

let dir: string;
const put = async (path: string, value: unknown) => {
  await mkdir(join(dir, path, '..'), { recursive: true });
  await writeFile(join(dir, path), JSON.stringify(value));
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'version-attributes-'));
  await put('catalog.json', {
    defaultExternals: [],
    packages: [
      { id: 'hero1', label: 'Hero', package: '@acme/ui-hero1', version: '2.0.0', category: 'hero' },
      { id: 'cards1', label: 'Cards', package: '@acme/ui-cards1', version: '1.0.0', category: 'cards' },
    ],
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('publishedVersionAttributes', () => {
  it("gives every indexed version's record by <package>@<version>; a version without one is left out", async () => {
    const one = {
      format: 1,
      component: 'hero.hero1',
      attributes: { title: { type: 'string' }, subtitle: { type: 'text' } },
    };
    const two = {
      format: 1,
      component: 'hero.hero1',
      attributes: { title: { type: 'string' }, tagline: { type: 'text' } },
    };
    await put('@acme/ui-hero1/versions.json', {
      format: 1,
      package: '@acme/ui-hero1',
      versions: ['1.0.0', '1.1.0', '2.0.0'],
    });
    await put('@acme/ui-hero1@1.0.0/strapi-attributes.json', one);
    await put('@acme/ui-hero1@2.0.0/strapi-attributes.json', two);
    expect(await publishedVersionAttributes(dir)).toEqual({
      '@acme/ui-hero1@1.0.0': { component: 'hero.hero1', attributes: one.attributes },
      '@acme/ui-hero1@2.0.0': { component: 'hero.hero1', attributes: two.attributes },
    });
  });
});
