/** The edits kept on this device and not confirmed by the store yet. */
export interface KeptEdits {
  /** How many. */
  readonly count: number;
  /** ISO 8601 time of the oldest of them; undefined when there are none. */
  readonly since: string | undefined;
  /**
   * Why the journal's last write failed (a full disk, storage cleared under the tab): edits made
   * since are in memory only until a write succeeds. Undefined while the journal writes.
   */
  readonly failure?: string;
}
