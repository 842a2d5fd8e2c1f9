/** Hears of every compile of the remote compiler (the host's metrics, docs/host-metrics.md "Metrics"). */
export interface CompileObserver {
  /** A compile starts (it may wait for the engine first). */
  started(): void;
  /** It ended: `ok`, or the HostError code it failed with; `seconds` since it started. */
  finished(result: string, seconds: number): void;
}
