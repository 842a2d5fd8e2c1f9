/** Stand-in for `@acme/common`: joins class names, skipping empty ones. */
export function cx(...names: readonly (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
