import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs } from '../testing/temp-package.js';
import { validateVariantMetas } from './validate-variant-metas.js';

afterEach(removeTempDirs);

const categories = new Set(['hero', 'cards']);

/** A valid meta of variant hero1; written as two-space JSON, so every field sits on its own line. */
function heroMeta(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key: 'hero:hero1', // line 2, value at column 10
    name: 'hero1', // line 3, column 11
    category: 'hero', // line 4, column 15
    type: 'dynamic-zone', // line 5, column 11
    kind: 'component', // line 6, column 11
    description: 'A large title.', // line 7, column 18
    previewImage: 'https://cdn.example.com/previews/hero1.png', // line 8, column 19
    tags: ['hero', 'title'], // line 9 column 11; elements on lines 10 and 11, column 5
    props: { cmp_variant: 'hero1', title: 'Hello' }, // line 13 column 12; title on line 15, column 14
    schema: {
      // line 17, column 13
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['cmp_variant'],
      properties: { cmp_variant: { type: 'string' }, title: { type: 'string' } },
    },
    availability: { plans: ['free', 'pro'] },
    ...overrides,
  };
}

const metaText = (meta: unknown) => (typeof meta === 'string' ? meta : `${JSON.stringify(meta, null, 2)}\n`);

/** A schema package root whose packages/ holds `ui-<variant>/package.json` and, unless null, its meta.json. */
async function packageWith(metas: Record<string, unknown>): Promise<string> {
  const root = await makeTempDir();
  for (const [variant, meta] of Object.entries(metas)) {
    const dir = join(root, 'packages', `ui-${variant}`);
    await mkdir(dirname(join(dir, 'package.json')), { recursive: true });
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `@acme/ui-${variant}`, version: '1.0.0' }));
    if (meta !== null) await writeFile(join(dir, 'meta.json'), metaText(meta));
  }
  return root;
}

async function problems(metas: Record<string, unknown>): Promise<string[]> {
  const root = await packageWith(metas);
  const { diagnostics } = await validateVariantMetas(root, 'packages', categories);
  return diagnostics.map((d) => `${d.path}:${d.line}:${d.column} ${d.code}`);
}

const at = (position: string, code: string) => `packages/ui-hero1/meta.json:${position} ${code}`;

describe('validateVariantMetas', () => {
  it('accepts a valid meta, with keys beyond the spec (label, status, owner) left alone', async () => {
    const root = await packageWith({ hero1: heroMeta({ label: 'Hero', status: 'active', owner: 'team' }) });
    expect(await validateVariantMetas(root, 'packages', categories)).toEqual({ variants: 1, diagnostics: [] });
  });

  it('finds no variants and nothing to report without a packages folder', async () => {
    const root = await makeTempDir();
    expect(await validateVariantMetas(root, 'packages', categories)).toEqual({ variants: 0, diagnostics: [] });
  });

  it.each([
    ['key not category:name', { key: 'hero-hero1' }, '2:10', 'meta-key-invalid'],
    ['key of another variant', { key: 'hero:hero2' }, '2:10', 'meta-key-invalid'],
    ['key not a string', { key: 7 }, '2:10', 'meta-key-invalid'],
    ['name not the folder variant', { name: 'hero2' }, '3:11', 'meta-name-invalid'],
    ['category unknown', { category: 'nope' }, '4:15', 'meta-category-invalid'],
    ['category not a string', { category: ['hero'] }, '4:15', 'meta-category-invalid'],
    ['type not dynamic-zone or global', { type: 'list' }, '5:11', 'meta-type-invalid'],
    ['kind not component', { kind: 'page' }, '6:11', 'meta-kind-invalid'],
    ['description not a string', { description: 3 }, '7:18', 'meta-description-invalid'],
    ['previewImage relative', { previewImage: './preview.svg' }, '8:19', 'meta-preview-image-invalid'],
    ['previewImage not http(s)', { previewImage: 'ftp://cdn.example.com/a.png' }, '8:19', 'meta-preview-image-invalid'],
    ['previewImage not a string', { previewImage: null }, '8:19', 'meta-preview-image-invalid'],
    [
      'previewImage a data: URI that is not an image',
      { previewImage: 'data:text/html,<p>x</p>' },
      '8:19',
      'meta-preview-image-invalid',
    ],
    [
      'previewImage a data: URI over 16 KiB',
      { previewImage: `data:image/svg+xml,${'x'.repeat(16 * 1024)}` },
      '8:19',
      'meta-preview-image-invalid',
    ],
    ['tags not an array', { tags: 'hero' }, '9:11', 'meta-tags-invalid'],
    ['a tag not a string', { tags: ['hero', 3] }, '11:5', 'meta-tags-invalid'],
    ['props not an object', { props: [] }, '13:12', 'meta-props-invalid'],
    ['props not valid against schema', { props: { cmp_variant: 'hero1', title: 5 } }, '15:14', 'meta-props-invalid'],
  ])('reports %s', async (_, overrides, position, code) => {
    expect(await problems({ hero1: heroMeta(overrides) })).toEqual([at(position, code)]);
  });

  it('reports a required props key missing at the props object', async () => {
    expect(await problems({ hero1: heroMeta({ props: { title: 'Hello' } }) })).toEqual([
      at('13:12', 'meta-props-invalid'),
    ]);
  });

  it('reports a schema that breaks the meta-schema inside schema, once per place', async () => {
    const schema = { type: 'object', properties: { title: { type: 'nope' } } };
    // schema at line 17; "properties" line 19, "title" line 20, its "type" value line 21 column 17.
    expect(await problems({ hero1: heroMeta({ schema }) })).toEqual([at('21:17', 'meta-schema-invalid')]);
  });

  it('reports a schema ajv cannot compile at schema', async () => {
    const schema = { $ref: 'https://schemas.example.com/hero.json' };
    expect(await problems({ hero1: heroMeta({ schema }) })).toEqual([at('17:13', 'meta-schema-invalid')]);
  });

  it('reports a schema that is not an object at schema', async () => {
    expect(await problems({ hero1: heroMeta({ schema: 'hero.schema.json' }) })).toEqual([
      at('17:13', 'meta-schema-invalid'),
    ]);
  });

  it.each([
    ['availability not an object', { availability: ['free'] }, '17:19'],
    ['availability without plans', { availability: {} }, '17:19'],
    ['plans not an array', { availability: { plans: 'free' } }, '18:14'],
    ['a plan not a string', { availability: { plans: ['free', 2] } }, '20:7'],
  ])('reports %s', async (_, overrides, position) => {
    // With props {} and a one-line schema object, availability starts on line 17.
    const meta = heroMeta({ props: {}, schema: { type: 'object' }, ...overrides });
    expect(await problems({ hero1: meta })).toEqual([at(position, 'meta-availability-invalid')]);
  });

  it('reports each missing field at the object', async () => {
    const meta = heroMeta();
    delete meta.description;
    delete meta.schema;
    expect(await problems({ hero1: meta })).toEqual([at('1:1', 'meta-field-missing'), at('1:1', 'meta-field-missing')]);
  });

  it('reports a meta that is not an object', async () => {
    expect(await problems({ hero1: '["hero"]\n' })).toEqual([at('1:1', 'meta-invalid')]);
  });

  it('reports a meta.json that is not JSON as json-invalid at its position', async () => {
    expect(await problems({ hero1: '{\n  "key": ,\n}\n' })).toEqual([at('2:10', 'json-invalid')]);
  });

  it('reports a variant package without meta.json', async () => {
    expect(await problems({ hero1: null })).toEqual([at('1:1', 'meta-missing')]);
  });

  it('reports a key used twice at the second variant, naming the first', async () => {
    const root = await packageWith({
      hero1: heroMeta(),
      hero2: heroMeta({ name: 'hero2' }),
    });
    const { diagnostics } = await validateVariantMetas(root, 'packages', categories);
    expect(diagnostics.map((d) => `${d.path}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      'packages/ui-hero2/meta.json:2:10 meta-key-invalid "key" must be "hero:hero2", its category and variant name',
      'packages/ui-hero2/meta.json:2:10 meta-key-duplicate key "hero:hero1" is already the key of packages/ui-hero1/meta.json',
    ]);
  });

  it('reports every failure of every variant at once', async () => {
    expect(
      await problems({
        hero1: heroMeta({ kind: 'page', tags: 'x' }),
        cards1: heroMeta({ name: 'x', key: 'cards:cards1' }),
      }),
    ).toEqual([
      'packages/ui-cards1/meta.json:3:11 meta-name-invalid',
      'packages/ui-cards1/meta.json:2:10 meta-key-invalid',
      at('6:11', 'meta-kind-invalid'),
      at('9:11', 'meta-tags-invalid'),
    ]);
  });
});
