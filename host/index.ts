/**
 * The host as a library: `createHostApp` (a Hono app with the catalog routes), its configuration,
 * the tagged cache and the in-process store, the catalog service and the host's error.
 *
 * @packageDocumentation
 */

// The host's public API. The Redis cache store is `@runtime-component-catalog/host/redis`
// (host/redis.ts), so that this entry loads no ioredis.
export { type ArtifactLoader, type ArtifactRequest, createArtifactLoader } from './artifact-loader.js';
export type {
  CacheHit,
  CacheSetOptions,
  CacheStore,
  InvalidationListener,
  StoreUnavailableReason,
} from './cache/cache-store.js';
export { MemoryCacheStore, type MemoryCacheStoreOptions } from './cache/memory-cache-store.js';
export type { RedisClientHandle } from './cache/redis-client-handle.js';
export { type LoadContext, TaggedCache } from './cache/tagged-cache.js';
export { buildCatalogEntry } from './catalog-entry-builder.js';
export { type CatalogReader, createCatalogReader } from './catalog-source.js';
export { createHostApp, type HostAppDependencies, REMOTE_GRAPH_LIMITS } from './host-app.js';
export {
  DEFAULT_REMOTE_COMPILER,
  HOST_CONFIG_DEFAULTS,
  type HostAppConfig,
  type HostAppOptions,
  type HostConfig,
  type HostEnv,
  REMOTE_COMPILER_MODES,
  type RedisSentinelAddress,
  type RemoteCompilerMode,
  resolveHostAppConfig,
  resolveHostConfig,
} from './host-config.js';
export { HostError, type HostErrorCode } from './host-error.js';
export { type LogFields, type Logger, silentLogger } from './logger.js';
export { RequestIdResponse } from './request-id-response.js';
export {
  type DegradedReason,
  type NotReadyReason,
  READINESS_PATH,
  type ReadinessBody,
} from './routes/readiness-route.js';
export { RuntimeCatalog, type RuntimeCatalogOptions } from './runtime-catalog.js';
