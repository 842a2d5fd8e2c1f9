import type { CompiledCollection } from '../../model/compiled-schema.js';
import { stringLiteral } from '../code-text.js';
import { generatedBanner } from '../generated-banner.js';

/** The language of the generated controllers, routes and services. */
export type CodeLanguage = 'ts' | 'js';

const factoryByFolder = {
  controllers: 'createCoreController',
  routes: 'createCoreRouter',
  services: 'createCoreService',
} as const;

/**
 * Core controller, router and service of a collection through Strapi's factories (the templates
 * of `strapi generate`), keyed by path below `src/api/<singularName>/`.
 */
export function coreApiFiles(collection: CompiledCollection, language: CodeLanguage): Map<string, string> {
  const files = new Map<string, string>();
  for (const [folder, factory] of Object.entries(factoryByFolder)) {
    const call = `factories.${factory}(${stringLiteral(collection.uid)})`;
    const body =
      language === 'ts'
        ? `import { factories } from '@strapi/strapi';\n\nexport default ${call};\n`
        : `'use strict';\n\nconst { factories } = require('@strapi/strapi');\n\nmodule.exports = ${call};\n`;
    files.set(`${folder}/${collection.singularName}.${language}`, `${generatedBanner}\n${body}`);
  }
  return files;
}
