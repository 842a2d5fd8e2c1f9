/** Stand-in for `@acme/common/client`: browser-only helpers. */
export function isBrowser(): boolean {
  return typeof window !== 'undefined';
}
