// The API reference (docs/reference.md): TypeDoc's options, shared by every entry. The entries are
// listed once, in scripts/api-reference/reference-entries.mjs; `npm run docs:reference` converts
// them in one program and writes docs/reference/, and `npm test` checks it
// (`node scripts/api-reference.mjs --check`).

/** @type {Partial<import('typedoc').TypeDocOptions & import('typedoc-plugin-markdown').PluginOptions>} */
const config = {
  name: 'Runtime component catalog: API reference',
  plugin: ['typedoc-plugin-markdown'],
  logLevel: 'Warn',
  readme: 'none',
  // Line numbers would change the reference with every edit above a declaration.
  disableSources: true,
  excludePrivate: true,
  excludeProtected: true,
  excludeInternal: true,
  // What our classes inherit from Node's and the platform's own (ServerResponse, Error) is theirs to document.
  excludeExternals: true,
  sort: ['kind', 'instance-first', 'required-first', 'alphabetical-ignoring-documents'],

  // The rules that fail the check: every export and every property (options included) has a
  // comment, every {@link} resolves, every type a signature names is documented too.
  validation: {
    notExported: true,
    invalidLink: true,
    invalidPath: true,
    rewrittenLink: true,
    notDocumented: true,
    unusedMergeModuleWith: true,
  },
  requiredToBeDocumented: [
    'Enum',
    'EnumMember',
    'Variable',
    'Function',
    'Class',
    'Interface',
    'Property',
    'Method',
    'Accessor',
    'TypeAlias',
  ],
  // Types the public API names that no entry exports: the reference shows their names without a
  // page. Exporting one (a type-only export of its entry) is its package's call; TypeDoc then reports
  // it as unused here, and the check fails until it leaves this list.
  intentionallyNotExported: [
    '@runtime-component-catalog/host/artifact-loader.ts:ArtifactLoaderOptions',
    '@runtime-component-catalog/host/internal/read-upstream-json.ts:UpstreamReadOptions',
    '@runtime-component-catalog/host/host-config.ts:RemoteCompilerEngine',
    '@runtime-component-catalog/host/host-config.ts:LogFormat',
    '@runtime-component-catalog/host/metrics/host-metrics.ts:HostMetrics',
    '@runtime-component-catalog/host/rendered-json.ts:RenderedJson',
    '@runtime-component-catalog/host/cache/cache-store.ts:BusStatus',
    '@runtime-component-catalog/host/cache/cache-store.ts:LoadClaim',
    '@runtime-component-catalog/host/cache/cache-observer.ts:CacheObserver',
    '@runtime-component-catalog/host/cache/cache-observer.ts:CacheKind',
    '@runtime-component-catalog/sdk/puck/instance-lifecycles.ts:InstanceLifecycles',
    '@runtime-component-catalog/sdk/session-start.ts:EditingSessionParts',
    '@runtime-component-catalog/authoring/publish/publish-manifest.ts:PendingRevalidation',
    '@runtime-component-catalog/authoring/publish/publish-manifest.ts:PublishManifest',
    '@runtime-component-catalog/authoring/publish/catalog-update.ts:CatalogUpdate',
    '@runtime-component-catalog/authoring/generate/strapi/code-language.ts:CodeLanguage',
    '@runtime-component-catalog/authoring/write/output-file-system.ts:OutputFileSystem',
    '@runtime-component-catalog/authoring/model/canonical-model.ts:CollectionModel',
    '@runtime-component-catalog/authoring/model/canonical-model.ts:ComponentModel',
    '@runtime-component-catalog/authoring/model/compiled-schema.ts:CompiledCollection',
    '@runtime-component-catalog/authoring/model/compiled-schema.ts:CompiledComponent',
    '@runtime-component-catalog/authoring/source/schema-package-files.ts:SchemaPackageFiles',
  ],
  treatWarningsAsErrors: true,
  treatValidationWarningsAsErrors: true,

  // Markdown that GitHub renders: a page per export, options as tables.
  outputFileStrategy: 'members',
  entryFileName: 'README.md',
  hidePageHeader: true,
  excludeScopesInPaths: true,
  useCodeBlocks: true,
  parametersFormat: 'table',
  interfacePropertiesFormat: 'table',
  classPropertiesFormat: 'table',
  typeAliasPropertiesFormat: 'table',
  enumMembersFormat: 'table',
  typeDeclarationFormat: 'table',
};

export default config;
