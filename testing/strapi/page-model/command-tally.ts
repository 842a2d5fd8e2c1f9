// What the commands did over a file: printed by the test, which also checks it is not vacuous.

/** Counts of what the commands did over the file (printed, and checked not to be vacuous). */
export const tally = new Map<string, number>();

/** Counts one more `what`. */
export function count(what: string): void {
  tally.set(what, (tally.get(what) ?? 0) + 1);
}
