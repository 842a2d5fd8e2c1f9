import { describe, expect, it } from 'vitest';
import type { BootSuccess, LoadedModel } from '../boot-report.js';
import { modelMismatches } from './model-mismatches.js';
import type { PackageSpec } from './package-spec.js';

// The oracle of the property, without Strapi: a report that holds the generator's model passes,
// and each way it can differ is named.

const spec: PackageSpec = {
  language: 'js',
  components: [],
  collections: [
    {
      id: 'note',
      file: 'collections/note.json',
      mode: 'collection',
      draft: false,
      i18n: false,
      fields: [
        { name: 'title', source: 'string!', expected: { type: 'string', required: true } },
        {
          name: 'tags',
          source: 'relation(manyToMany,tag,inversedBy=notes)',
          expected: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', inversedBy: 'notes' },
        },
      ],
    },
  ],
};

const note: LoadedModel = {
  uid: 'api::note.note',
  kind: 'collectionType',
  collectionName: 'notes',
  declared: ['title', 'tags'],
  attributes: [
    { name: 'title', type: 'string', required: true },
    { name: 'tags', type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', inversedBy: 'notes' },
    { name: 'createdAt', type: 'datetime' },
  ],
};

function reportWith(contentTypes: LoadedModel[]): BootSuccess {
  return {
    ok: true,
    contentTypes,
    components: [],
    queries: [],
    links: [],
    timings: { registerMs: 0, bootstrapMs: 0, checksMs: 0 },
  };
}

describe('modelMismatches', () => {
  it('finds nothing when Strapi holds the generator model (its own attributes aside)', () => {
    expect(modelMismatches(spec, reportWith([note]))).toEqual([]);
  });

  it('names a content type Strapi lacks', () => {
    expect(modelMismatches(spec, reportWith([]))).toEqual(['Strapi loaded [], the sources declare ["api::note.note"]']);
  });

  it('names the kind, the attribute list and each attribute that differ', () => {
    const loaded: LoadedModel = {
      ...note,
      kind: 'singleType',
      declared: ['tags', 'title'],
      attributes: [
        { name: 'title', type: 'text', required: true },
        { name: 'tags', type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', mappedBy: 'notes' },
      ],
    };
    expect(modelMismatches(spec, reportWith([loaded]))).toEqual([
      'api::note.note: kind singleType, expected collectionType',
      'api::note.note: attributes ["tags","title"], expected ["title","tags"]',
      'api::note.note.title: {"type":"text","required":true}, expected {"type":"string","required":true}',
      'api::note.note.tags: {"type":"relation","relation":"manyToMany","target":"api::tag.tag","mappedBy":"notes"}, expected {"type":"relation","relation":"manyToMany","target":"api::tag.tag","inversedBy":"notes"}',
    ]);
  });

  it('expects the page attributes generate adds: revision on a zone holder, cmp_instance on what a zone lists', () => {
    const pages: PackageSpec = {
      language: 'js',
      components: [
        { id: 'a.b', file: 'components/a/b.json', fields: [] },
        { id: 'a.c', file: 'components/a/c.json', fields: [] },
      ],
      collections: [
        {
          id: 'page',
          file: 'collections/page.json',
          mode: 'collection',
          draft: true,
          i18n: false,
          fields: [
            { name: 'blocks', source: 'dynamicZone(a.b)', expected: { type: 'dynamiczone', components: ['a.b'] } },
          ],
        },
      ],
    };
    const component = (uid: string, names: string[]): LoadedModel => ({
      uid,
      kind: 'component',
      collectionName: uid,
      declared: names,
      attributes: names.map((name) => ({ name, type: 'json' })),
    });
    const page: LoadedModel = {
      uid: 'api::page.page',
      kind: 'collectionType',
      collectionName: 'pages',
      declared: ['blocks', 'revision'],
      attributes: [
        { name: 'blocks', type: 'dynamiczone', components: ['a.b'] },
        { name: 'revision', type: 'integer' },
      ],
    };
    const report = { ...reportWith([page]), components: [component('a.b', ['cmp_instance']), component('a.c', [])] };
    expect(modelMismatches(pages, report)).toEqual([]);
    const without = { ...report, contentTypes: [{ ...page, declared: ['blocks'] }] };
    expect(modelMismatches(pages, without)).toEqual([
      'api::page.page: attributes ["blocks"], expected ["blocks","revision"]',
    ]);
  });
});
