/** Two-space JSON with a final newline: the one text form of every generated JSON file. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A copy of `record` with `first` keys leading (when present) and the rest sorted. */
export function orderedKeys<T extends Record<string, unknown>>(record: T, first: readonly string[] = []): T {
  const leading = first.filter((key) => key in record);
  const rest = Object.keys(record)
    .filter((key) => !first.includes(key))
    .sort();
  return Object.fromEntries([...leading, ...rest].map((key) => [key, record[key]])) as T;
}
