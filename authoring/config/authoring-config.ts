import { defaultExternals } from '../build/default-externals.js';
import type { CodeLanguage } from '../generate/strapi/core-api-files.js';

/**
 * Where outputs go, relative to the schema package root (spec 4.4 via issue #7: a small config
 * file, `catalog-schema.config.json`, with flags to override).
 */
export interface AuthoringConfig {
  /** The Strapi application root: generate writes its `src/api`, `src/components` and `catalog-schema`. */
  readonly cms: string;
  /**
   * Language of the generated controllers, routes and services. When neither the config file nor
   * a flag sets it: `ts` if the CMS root has a `tsconfig.json` (a TypeScript Strapi app), else `js`.
   */
  readonly language: CodeLanguage;
  /** Folder of the TypeScript interfaces and the category list (generate:types). */
  readonly types: string;
  /** Folder of the registries (registry:strapi, registry:global). */
  readonly registries: string;
  /** Folder of the editor schema loader map and its schemas (generate:editor-schemas, spec 4.4 step 11). */
  readonly editorSchemas: string;
  /** Folder of the compiled schema cache that generate:types reads. */
  readonly cache: string;
  /** Folder of the variant packages that `build` builds: `<packages>/ui-<variant>/`. */
  readonly packages: string;
  /** npm scope of the variant packages (`@acme`): `<scope>/ui-<variant>`. */
  readonly scope: string;
  /** Bare imports `build` leaves external (the catalog's `defaultExternals`). */
  readonly externals: readonly string[];
}

/** The config file's name at the schema package root. */
export const configFileName = 'catalog-schema.config.json';

/** The keys of the config file. */
export const authoringConfigKeys: readonly (keyof AuthoringConfig)[] = [
  'cms',
  'language',
  'types',
  'registries',
  'editorSchemas',
  'cache',
  'packages',
  'scope',
  'externals',
];

/**
 * What applies when the config file or one of its keys is absent; `language` has no fixed default
 * (it follows the CMS app: see AuthoringConfig.language).
 */
export const defaultAuthoringConfig: Omit<AuthoringConfig, 'language'> = {
  cms: 'cms',
  types: 'generated/types',
  registries: 'generated/registries',
  editorSchemas: 'generated/editor-schemas',
  cache: '.catalog-schema',
  packages: 'packages',
  scope: '@acme',
  externals: defaultExternals,
};
