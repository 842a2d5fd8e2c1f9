import { describe, expect, it } from 'vitest';
import { parseCatalog } from './catalog.js';

const good = {
  defaultExternals: ['react'],
  packages: [{ id: 'hero1', label: 'Hero', package: '@acme/ui-hero1', version: '1.0.0', category: 'hero' }],
};

describe('parseCatalog', () => {
  it('accepts a valid catalog, with or without preview images', () => {
    expect(parseCatalog(good)).toEqual({ ok: true, catalog: good });
    const remote = { ...good, packages: [{ ...good.packages[0], previewImage: 'https://p.test/h.svg' }] };
    expect(parseCatalog(remote)).toEqual({ ok: true, catalog: remote });
  });

  it('names every bad field', () => {
    const result = parseCatalog({
      defaultExternals: 'react',
      packages: [{ id: 'a/b', label: '', package: 'Bad Name', version: 'v1', category: 'x', previewImage: 3 }],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        'defaultExternals: expected array',
        'packages[0].id: must be letters, digits, ".", "_" or "-" (at most 100)',
        'packages[0].label: must not be empty',
        'packages[0].package: must be an npm package name',
        'packages[0].version: must be a semantic version',
        'packages[0].previewImage: expected string',
      ],
    });
  });

  it('refuses a root that is not an object, and duplicate ids', () => {
    expect(parseCatalog(null)).toEqual({ ok: false, issues: ['(root): expected object'] });
    const twice = { ...good, packages: [good.packages[0], good.packages[0]] };
    expect(parseCatalog(twice)).toEqual({ ok: false, issues: ['packages[1].id: duplicate id "hero1"'] });
  });
});
