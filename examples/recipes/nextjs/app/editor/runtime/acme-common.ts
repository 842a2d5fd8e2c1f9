/** Stand-in for `@acme/common` and its client and server entries (the example catalog's shared package). */
export function cx(...names: readonly (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** `@acme/common/client`: browser helpers. */
export const client = {
  isBrowser: (): boolean => typeof window !== 'undefined',
};

/** `@acme/common/server`: server helpers, which an editor never calls. */
export const server = {
  serverOnly(name: string): never {
    throw new Error(`${name} runs on the server only`);
  },
};
