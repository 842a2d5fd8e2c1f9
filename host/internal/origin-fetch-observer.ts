/** Hears of every request the host makes to one origin (the host's metrics, docs/host-metrics.md "Metrics"). */
export interface OriginFetchObserver {
  /**
   * One request (one redirect hop): the status it answered, or undefined when it failed before an
   * answer (refused, reset, timed out); `seconds` until the answer's head, or the failure.
   */
  fetched(status: number | undefined, seconds: number): void;
}
