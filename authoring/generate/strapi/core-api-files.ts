import type { CompiledCollection } from '../../model/compiled-schema.js';
import { isPageCollection } from '../../model/page-collections.js';
import { stringLiteral } from '../code-text.js';
import { generatedBanner } from '../generated-banner.js';
import type { CodeLanguage } from './code-language.js';
import { pageControllerFile } from './page-controller-file.js';
import { revisionGuardFile } from './revision-guard-file.js';

const factoryByFolder = {
  controllers: 'createCoreController',
  routes: 'createCoreRouter',
  services: 'createCoreService',
} as const;

/**
 * Core controller, router and service of a collection through Strapi's factories (the templates
 * of `strapi generate`), keyed by path below `src/api/<singularName>/`. A page collection
 * (docs/strapi-pages.md) gets its revision guard (`index`) and a controller that answers it.
 */
export function coreApiFiles(collection: CompiledCollection, language: CodeLanguage): Map<string, string> {
  const files = new Map<string, string>();
  const page = isPageCollection(collection);
  for (const [folder, factory] of Object.entries(factoryByFolder)) {
    const path = `${folder}/${collection.singularName}.${language}`;
    if (page && folder === 'controllers') {
      files.set(path, pageControllerFile(collection, language));
      continue;
    }
    const call = `factories.${factory}(${stringLiteral(collection.uid)})`;
    const body =
      language === 'ts'
        ? `import { factories } from '@strapi/strapi';\n\nexport default ${call};\n`
        : `'use strict';\n\nconst { factories } = require('@strapi/strapi');\n\nmodule.exports = ${call};\n`;
    files.set(path, `${generatedBanner}\n${body}`);
  }
  if (page) files.set(`index.${language}`, revisionGuardFile(collection, language));
  return files;
}
