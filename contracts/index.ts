/**
 * The shared vocabulary of the runtime component catalog: the catalog and its entries, the artifact
 * names, the URL, tag and cache-key rules, the host's and the service worker's wire shapes, and the
 * reading of pages stored in Strapi.
 *
 * @packageDocumentation
 */

export { ARTIFACT_NAMES, type ArtifactName, isArtifactName } from './artifact-name.js';
export { artifactCacheKeyParts, artifactTag, CATALOG_TAG, cacheKey, packageTag } from './cache-tags.js';
export { type Catalog, type CatalogPackage, type CatalogParseResult, parseCatalog } from './catalog.js';
export type { ArtifactRef, CatalogEntry, ModuleRef } from './catalog-entry.js';
export { DEFAULT_EXTERNALS } from './default-externals.js';
export { HOST_API_VERSION, HOST_API_VERSION_HEADER } from './host-api-version.js';
export { HOST_ERROR_CODES, type HostErrorCode } from './host-error-code.js';
export { type ChainFailure, type ChainResult, type MigrationStep, runMigrationChain } from './migration-chain.js';
export type { JsonObject, PackageArtifacts, PackageUrls, PuckConfig } from './package-artifacts.js';
export type { PackageDescriptor } from './package-descriptor.js';
export {
  artifactBaseUrl,
  artifactUrl,
  moduleUrl,
  type PackageCoordinates,
  packageUrls,
} from './package-urls.js';
export type { ComponentInstance, Page } from './page.js';
export {
  artifactPath,
  type CatalogBuildFailure,
  type DegradedReason,
  type ErrorBody,
  entryPath,
  HOST_ROUTES,
  type NotReadyReason,
  REVALIDATION_SECRET_HEADER,
  type ReadinessBody,
  type RevalidateRequest,
  type RevalidateResponse,
  type RuntimeCatalogResponse,
} from './runtime-catalog-http.js';
export {
  isExternalSpecifier,
  moduleExternals,
  REMOTE_EXTERNALS_HEADER,
  RUNTIME_REGISTRY_KEY,
  type RuntimeRegistry,
  remoteComponentPath,
} from './runtime-registry.js';
export { sameValue } from './same-value.js';
export { NON_PROP_KEYS, propsOfStoredComponent, restoreEmptyLists } from './strapi-block-props.js';
export type { StrapiComponentAttribute, StrapiComponentSchema } from './strapi-component-schema.js';
export { blocksPopulate, bracketQuery } from './strapi-populate-query.js';
export {
  MIRROR_HEADER,
  type MirrorReason,
  type MirrorStatus,
  WORKER_PARAMS,
  type WorkerReply,
  type WorkerRequest,
} from './worker-protocol.js';
