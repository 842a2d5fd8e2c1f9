import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model/compile-model.js';
import type { CompiledAttribute, CompiledSchema } from '../model/compiled-schema.js';
import {
  hostileStrings,
  interfaceMembers,
  leadingComments,
  parseGeneratedCode,
  statementShapes,
  stringLiteralsOf,
  unescapeJs,
} from '../testing/parse-generated-code.js';
import { collectionSource, componentSource, validateFixture } from '../testing/source-fixture.js';
import { examplePackageDir } from '../testing/temp-package.js';
import { categoryList, typescriptTypes } from './typescript-types.js';

/** Type-checks `source` as a module (strict) with a trailing usage snippet; returns the messages. */
function typeErrors(source: string): string[] {
  const fileName = '/virtual/types.ts';
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    types: [],
    lib: ['lib.es2022.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.getSourceFile = (name, version) =>
    name === fileName ? ts.createSourceFile(name, source, version) : getSourceFile(name, version);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('typescriptTypes', () => {
  it('writes types that type-check, and that describe the data they name', async () => {
    const types = await readFile(join(examplePackageDir, 'golden/generated/types/index.ts.golden'), 'utf8');
    const usage = `
const hero: HeroHero1Component = { cmp_variant: 'hero1', title: 'Hi', theme: 'dark' };
const page: Page = {
  id: 1, documentId: 'd', createdAt: '', updatedAt: '', publishedAt: null, locale: 'en',
  title: 'T', slug: 't', blocks: [{ ...hero, __component: 'hero.hero1' }],
};
const uid: keyof ComponentsByUid = 'shared.seo';
// @ts-expect-error: a value outside the enumeration
const wrong: HeroHero1Component = { cmp_variant: 'hero1', title: 'Hi', theme: 'sepia' };
export { page, uid, wrong };
`;
    expect(typeErrors(types + usage)).toEqual([]);
  });

  it('maps each attribute to its TypeScript type, required or optional', () => {
    const { model } = validateFixture({
      components: {
        'a/b.json': componentSource('a.b', {
          cmp_variant: 'string!',
          count: 'integer!',
          big: 'biginteger',
          tags: 'enum(x,y)',
          pics: 'media(images)[]',
          pic: 'media!',
          data: 'json',
          words: 'blocks',
          link: 'relation(oneToOne,page)',
          many: 'relation(oneToMany,page)',
          user: 'relation(oneToOne,plugin::users-permissions.user)',
        }),
      },
      collections: {
        'page.json': collectionSource('page', { slug: 'uid!', parts: 'component(a.b)[]', first: 'component(a.b)!' }),
      },
    });
    const text = typescriptTypes(compileModel(model, 'hash'));
    expect(text).toContain(
      [
        'export interface ABComponent {',
        '  cmp_variant: string;',
        '  count: number;',
        '  big?: string | null;',
        "  tags?: 'x' | 'y' | null;",
        '  pics?: StrapiMedia[];',
        '  pic?: StrapiMedia | null;',
        '  data?: unknown;',
        '  words?: StrapiBlocks | null;',
        '  link?: Page | null;',
        '  many?: Page[];',
        '  user?: StrapiEntry | null;',
        '}',
      ].join('\n'),
    );
    expect(text).toContain('  slug: string;\n  parts?: ABComponent[];\n  first: ABComponent;\n}');
  });
});

/** The top-level declaration named `name`. */
function declaration(file: ts.SourceFile, name: string): ts.Statement {
  return file.statements.find((statement) => (statement as { name?: ts.Identifier }).name?.text === name)!;
}

/** The declarations every types file has around the models' own interfaces. */
const preludeShapes = [
  'InterfaceDeclaration StrapiMedia',
  'TypeAliasDeclaration StrapiBlocks',
  'InterfaceDeclaration StrapiEntry',
];

describe('typescriptTypes with hostile text', () => {
  it('keeps titles, descriptions and enum values that pass validation as data, never as code', () => {
    // Each enum value starts with its own letter so that no two collide once normalized (enum-values rule).
    const enumValues = hostileStrings.map((text, position) => `${String.fromCharCode(97 + position)}${text}`);
    const components = Object.fromEntries(
      hostileStrings.map((text, position) => [
        `h/h${position}.json`,
        componentSource(
          `h.h${position}`,
          { cmp_variant: 'string!', tone: { type: 'enumeration', enum: enumValues, label: text, help: text } },
          { title: text, description: text },
        ),
      ]),
    );
    const { model, diagnostics } = validateFixture({
      components,
      collections: {
        'page.json': collectionSource('page', { slug: 'uid!' }, { title: hostileStrings[0], description: 'x */ y' }),
      },
    });
    expect(diagnostics).toEqual([]);
    const text = typescriptTypes(compileModel(model, 'hash'));
    const { file, syntaxErrors } = parseGeneratedCode(text);
    expect(syntaxErrors).toEqual([]);
    // Components come sorted by id: h.h0, h.h1, h.h10, h.h2, …
    const ids = hostileStrings.map((_, position) => `h${position}`).sort();
    expect(statementShapes(file)).toEqual([
      ...preludeShapes,
      ...ids.map((id) => `InterfaceDeclaration H${id.toUpperCase()}Component`),
      'InterfaceDeclaration Page',
      'InterfaceDeclaration ComponentsByUid',
      'InterfaceDeclaration CollectionsByUid',
    ]);
    hostileStrings.forEach((title, position) => {
      const name = `HH${position}Component`;
      expect(leadingComments(file, declaration(file, name)).map(unescapeJs)).toEqual([`${title} (h.h${position}).`]);
      expect(stringLiteralsOf(interfaceMembers(file, name).get('tone'))).toEqual(enumValues);
    });
    expect(leadingComments(file, declaration(file, 'Page')).map(unescapeJs)).toEqual([
      `${hostileStrings[0]} (api::page.page, collectionType).`,
    ]);
  });

  it('keeps ids, uids and attribute names of a forged compiled schema cache as data, never as code', () => {
    const attribute = (name: string, spec: Record<string, unknown>): CompiledAttribute =>
      ({ name, required: false, options: {}, ui: {}, ...spec }) as unknown as CompiledAttribute;
    const schema: CompiledSchema = {
      format: 1,
      sourceHash: 'hash',
      version: '1.0.0',
      components: hostileStrings.map((text, position) => ({
        id: `${text}.x${position}`,
        category: text,
        name: `x${position}`,
        uid: `${text}.x${position}`,
        collectionName: 'c',
        displayName: text,
        description: text,
        attributes: [
          attribute(text, { type: 'string' }),
          attribute(`z${position}`, { type: 'dynamiczone', components: [`${text}.x${position}`] }),
        ],
      })),
      collections: [
        {
          id: hostileStrings[0]!,
          kind: 'collectionType',
          uid: `api::${hostileStrings[0]}`,
          singularName: 's',
          pluralName: 'p',
          collectionName: 'c',
          displayName: hostileStrings[0]!,
          description: '',
          draftAndPublish: true,
          i18n: false,
          attributes: [
            attribute(hostileStrings[1]!, {
              type: 'relation',
              relation: 'oneToOne',
              targetCollection: hostileStrings[0],
            }),
          ],
        },
      ],
    };
    const text = typescriptTypes(schema);
    const { file, syntaxErrors } = parseGeneratedCode(text);
    expect(syntaxErrors).toEqual([]);
    const shapes = statementShapes(file);
    expect(shapes.slice(0, 3)).toEqual(preludeShapes);
    expect(shapes.slice(3).every((shape) => shape.startsWith('InterfaceDeclaration '))).toBe(true);
    expect(shapes).toHaveLength(3 + hostileStrings.length + 1 + 2);
    const byUid = interfaceMembers(file, 'ComponentsByUid');
    expect([...byUid.keys()]).toEqual(schema.components.map((component) => component.uid));
    expect([...interfaceMembers(file, 'CollectionsByUid').keys()]).toEqual([`api::${hostileStrings[0]}`]);
    schema.components.forEach((component, position) => {
      const name = byUid.get(component.uid)!.getText(file);
      const members = interfaceMembers(file, name);
      expect([...members.keys()]).toEqual([hostileStrings[position], `z${position}`]);
      // The dynamic zone item's __component is the uid, as data.
      expect(members.get(`z${position}`)!.getText(file)).toContain(name);
      const zone = members.get(`z${position}`)! as ts.ArrayTypeNode;
      const item = (zone.elementType as ts.ParenthesizedTypeNode).type as ts.IntersectionTypeNode;
      const tag = (item.types[1] as ts.TypeLiteralNode).members[0] as ts.PropertySignature;
      expect(stringLiteralsOf(tag.type)).toEqual([component.uid]);
    });
  });

  it('keeps a category named like an Object.prototype member in the category list', () => {
    const component = (category: string, name: string) => ({ category, name }) as CompiledSchema['components'][number];
    const schema = {
      components: [component('__proto__', 'a1'), component('constructor', 'b1')],
    } as unknown as CompiledSchema;
    expect(JSON.parse(JSON.stringify(categoryList(schema)))).toEqual({
      categories: JSON.parse('{"__proto__": ["a1"], "constructor": ["b1"]}'),
    });
  });

  it('writes a model with 400,000 attributes without overflowing the stack', () => {
    const attributes = Array.from(
      { length: 400_000 },
      (_, index) => ({ name: `f${index}`, type: 'string', required: false, options: {}, ui: {} }) as CompiledAttribute,
    );
    const component = {
      id: 'big.big1',
      category: 'big',
      name: 'big1',
      uid: 'big.big1',
      displayName: 'Big',
      attributes,
    };
    const schema = { components: [component], collections: [] } as unknown as CompiledSchema;
    const lines = typescriptTypes(schema).split('\n');
    expect(lines).toContain('  f399999?: string | null;');
  });
});
