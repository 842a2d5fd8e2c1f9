import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { CompiledCollection } from '../../model/compiled-schema.js';
import { hostileStrings, parseGeneratedCode, statementShapes } from '../../testing/parse-generated-code.js';
import { coreApiFiles } from './core-api-files.js';

function collection(uid: string): CompiledCollection {
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
  };
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
});
