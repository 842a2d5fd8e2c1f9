import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { CompiledCollection } from '../../model/compiled-schema.js';
import { hostileStrings, parseGeneratedCode, statementShapes } from '../../testing/parse-generated-code.js';
import { coreApiFiles } from './core-api-files.js';

function collection(uid: string, extra: Partial<CompiledCollection> = {}): CompiledCollection {
  return {
    id: 'tag',
    kind: 'collectionType',
    uid,
    singularName: 'tag',
    pluralName: 'tags',
    collectionName: 'tags',
    displayName: uid,
    description: uid,
    draftAndPublish: true,
    i18n: false,
    attributes: [],
    ...extra,
  };
}

/** A page collection (docs/strapi-pages.md): a uid page id and a dynamic zone. */
function pageCollection(uid: string, displayName = 'Page', kind: CompiledCollection['kind'] = 'collectionType') {
  return collection(uid, {
    kind,
    displayName,
    attributes: [
      { name: 'slug', type: 'uid', targetField: 'title', required: true, options: {}, ui: {} },
      { name: 'blocks', type: 'dynamiczone', components: ['hero.hero1'], required: false, options: {}, ui: {} },
    ],
  });
}

/** Every string literal of the file, in order (module names and the factory's uid). */
function stringLiterals(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('coreApiFiles', () => {
  it('writes the factory calls of strapi generate, in TypeScript or CommonJS', () => {
    const files = coreApiFiles(collection('api::tag.tag'), 'js');
    expect([...files.keys()]).toEqual(['controllers/tag.js', 'routes/tag.js', 'services/tag.js']);
    expect(files.get('routes/tag.js')).toContain("module.exports = factories.createCoreRouter('api::tag.tag');\n");
    expect(coreApiFiles(collection('api::tag.tag'), 'ts').get('services/tag.ts')).toContain(
      "export default factories.createCoreService('api::tag.tag');\n",
    );
  });

  it('keeps a hostile uid (from a forged compiled schema) as one string literal, never as code', () => {
    for (const uid of hostileStrings) {
      for (const [path, text] of [...coreApiFiles(collection(uid), 'ts'), ...coreApiFiles(collection(uid), 'js')]) {
        const { file, syntaxErrors } = parseGeneratedCode(text, path);
        expect(syntaxErrors, `${path}: ${uid}`).toEqual([]);
        if (path.endsWith('.ts')) {
          expect(statementShapes(file)).toEqual(['ImportDeclaration', 'ExportAssignment']);
          expect(stringLiterals(file)).toEqual(['@strapi/strapi', uid]);
        } else {
          expect(statementShapes(file)).toEqual(['ExpressionStatement', 'VariableStatement', 'ExpressionStatement']);
          expect(stringLiterals(file)).toEqual(['use strict', '@strapi/strapi', uid]);
        }
      }
    }
  });

  it('gives a page collection its revision guard (index) and a controller that answers it', () => {
    const files = coreApiFiles(pageCollection('api::tag.tag'), 'js');
    expect([...files.keys()]).toEqual(['controllers/tag.js', 'routes/tag.js', 'services/tag.js', 'index.js']);
    const guard = files.get('index.js')!;
    expect(guard).toContain("const { errors } = require('@strapi/utils');");
    expect(guard).toContain("  uid: 'api::tag.tag',\n  label: 'Page',\n  idField: 'slug',\n  draftAndPublish: true,\n");
    expect(guard).toContain('strapi.documents.use(revisionGuard(strapi));');
    const controller = files.get('controllers/tag.js')!;
    expect(controller).toContain('module.exports = factories.createCoreController(uid, ({ strapi }) => ({');
    expect(controller).toContain('await strapi.service(uid).delete(ctx.params.id, params);');
    const ts = coreApiFiles(pageCollection('api::tag.tag'), 'ts');
    expect([...ts.keys()]).toEqual(['controllers/tag.ts', 'routes/tag.ts', 'services/tag.ts', 'index.ts']);
    expect(ts.get('index.ts')).toContain('export default {\n  register({ strapi }) {');
    // A single type has no :id and no create.
    const single = coreApiFiles(pageCollection('api::home.home', 'Home', 'singleType'), 'js').get(
      'controllers/tag.js',
    )!;
    expect(single).toContain('await strapi.service(uid).delete(params);');
    expect(single).not.toContain('async create(ctx)');
  });

  it('keeps a hostile uid or title of a page collection as string literals, never as code', () => {
    for (const text of hostileStrings) {
      for (const language of ['ts', 'js'] as const) {
        for (const [path, code] of coreApiFiles(pageCollection(text, text), language)) {
          const { file, syntaxErrors } = parseGeneratedCode(code, path);
          expect(syntaxErrors, `${path}: ${text}`).toEqual([]);
          const literals = stringLiterals(file);
          if (path.startsWith('index.')) {
            // The module, then the page constants: uid and label.
            const start = [...(language === 'js' ? ['use strict'] : []), '@strapi/utils', text, text];
            expect(literals.slice(0, start.length), path).toEqual(start);
            expect(
              literals.filter((literal) => literal === text),
              path,
            ).toHaveLength(2);
          } else if (path.startsWith('controllers/')) {
            expect(
              literals.filter((literal) => literal === text),
              path,
            ).toHaveLength(1);
          }
        }
      }
    }
  });
});
