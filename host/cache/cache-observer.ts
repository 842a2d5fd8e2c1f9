/**
 * What a {@link TaggedCache} lookup was for (the `kind` label of the cache metrics,
 * docs/host-metrics.md "Metrics"): the catalog source, the whole-catalog answer, one entry, one
 * artifact, one compiled module.
 */
export type CacheKind = 'catalog' | 'build' | 'entry' | 'artifact' | 'module';

/** Every cache kind, in the order the metrics list them. */
export const CACHE_KINDS: readonly CacheKind[] = ['catalog', 'build', 'entry', 'artifact', 'module'];

/** Hears of every lookup of a tagged cache (the host's metrics). */
export interface CacheObserver {
  /** A lookup of `kind`: `hit` when a stored value answered it, else it was loaded (or joined a load). */
  lookup(kind: CacheKind, hit: boolean): void;
  /** This instance waited for another instance's load of a key (a cluster-wide load claim). */
  claimWaited(): void;
}
