/**
 * The Redis cache store, shared by several host instances: give it to `createHostApp` as `store`.
 *
 * @packageDocumentation
 */

// `@runtime-component-catalog/host/redis`: the Redis cache store, an entry of its own so that the
// main entry never loads ioredis (a host on the in-process store does not need it, and ioredis's
// `VerbatimString extends String` costs V8's fast String.prototype until the store restores it:
// docs/host-performance.md "Warm entry"). `catalog-host` imports it only when REDIS_URL is set.
export type { SharedCacheStore } from './cache/cache-store.js';
export { REDIS_CACHE_UNAVAILABLE, RedisCacheError, type RedisCacheOperation } from './cache/redis-cache-error.js';
export { DEFAULT_REDIS_PREFIX, RedisCacheStore, type RedisCacheStoreOptions } from './cache/redis-cache-store.js';
export type { RedisClientHandle } from './cache/redis-client-handle.js';
export type { RedisSentinel } from './cache/redis-sentinel.js';
