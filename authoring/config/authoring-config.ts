import type { CodeLanguage } from '../generate/strapi/code-language.js';
import { defaultExternals } from './default-externals.js';

/**
 * Where outputs go, relative to the schema package root (spec 4.4: a small config file,
 * `catalog-schema.config.json`, with flags to override).
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
  /** The builder project whose `staging` dependencies `sync:deps --staging` pins (spec 4.4 step 10). */
  readonly builder: string;
  /**
   * The staging registry (an http(s) URL ending in `/`) that `sync:deps` asks for the `staging`
   * dist-tag; undefined when the file sets none (then `CATALOG_STAGING_REGISTRY` or `--registry`).
   */
  readonly stagingRegistry: string | undefined;
  /**
   * The production registry `promote` publishes to (spec 9.5; an http(s) URL ending in `/`);
   * undefined when the file sets none (then `CATALOG_PRODUCTION_REGISTRY` or a flag).
   */
  readonly productionRegistry?: string | undefined;
  /**
   * Where `publish` puts a variant and which origins read it back (spec 4.2, 9): the config file's
   * `publish` object as written (every value a non-empty string); the environment may override
   * each, see authoring/publish/publish-settings.ts. Undefined when the file has none.
   */
  readonly publish: PublishConfig | undefined;
}

/** The keys of the config file's `publish` object (docs/authoring-publish.md). */
export const publishConfigKeys = [
  'artifactsStore',
  'artifactsOrigin',
  'esmStore',
  'esmOrigin',
  'catalog',
  's3Endpoint',
  's3Region',
] as const;

/** The config file's `publish` object. */
export type PublishConfig = Readonly<Partial<Record<(typeof publishConfigKeys)[number], string>>>;

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
  'builder',
  'stagingRegistry',
  'productionRegistry',
  'publish',
];

/**
 * What applies when the config file or one of its keys is absent; `language` has no fixed default
 * (it follows the CMS app: see AuthoringConfig.language), nor have `stagingRegistry` and `publish`.
 */
export const defaultAuthoringConfig: Omit<AuthoringConfig, 'language' | 'stagingRegistry' | 'publish'> = {
  cms: 'cms',
  types: 'generated/types',
  registries: 'generated/registries',
  editorSchemas: 'generated/editor-schemas',
  cache: '.catalog-schema',
  packages: 'packages',
  scope: '@acme',
  externals: defaultExternals,
  builder: 'builder',
};
