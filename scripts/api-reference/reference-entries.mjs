// The entries of the API reference (docs/reference.md): every typed export of every package's
// `exports` map, named by its import path and read from its source. The one list to extend when a
// package gains an entry; scripts/api-reference.test.ts fails until every typed export is here.

/**
 * @typedef {object} ReferenceEntry
 * @property {string} importPath what users import (`@runtime-component-catalog/sdk/puck`); the module's name
 * @property {string} source the entry's source file, from the repository root
 */

/** @type {readonly ReferenceEntry[]} */
export const REFERENCE_ENTRIES = [
  { importPath: '@runtime-component-catalog/contracts', source: 'contracts/index.ts' },
  { importPath: '@runtime-component-catalog/host', source: 'host/index.ts' },
  { importPath: '@runtime-component-catalog/host/redis', source: 'host/redis.ts' },
  { importPath: '@runtime-component-catalog/sdk', source: 'sdk/index.ts' },
  { importPath: '@runtime-component-catalog/sdk/puck', source: 'sdk/puck/index.ts' },
  { importPath: '@runtime-component-catalog/sdk/strapi', source: 'sdk/strapi/index.ts' },
  { importPath: '@runtime-component-catalog/sdk/instance-versions', source: 'sdk/instance-versions/index.ts' },
  { importPath: '@runtime-component-catalog/sdk/vite', source: 'sdk/vite/index.ts' },
  { importPath: '@runtime-component-catalog/sdk/service-worker/routes', source: 'service-worker/routes.ts' },
  { importPath: '@runtime-component-catalog/authoring', source: 'authoring/index.ts' },
];

/** Where the generated reference lives, from the repository root. */
export const REFERENCE_DIR = 'docs/reference';

/** The command that regenerates it (named by every failure of the check). */
export const REFERENCE_COMMAND = 'npm run docs:reference';
