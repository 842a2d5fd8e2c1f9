/** Stand-in for `@acme/common/server`: server-only helpers, which an editor must never call. */
export function serverOnly(name: string): never {
  throw new Error(`${name} runs on the server only`);
}
