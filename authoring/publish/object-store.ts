import { AuthoringError } from '../authoring-error.js';

/**
 * Where published objects live (spec 4.2, docs/design.md "Publishing"): the artifacts store (served
 * by `{artifacts_origin}`) and, in the embedded default, the ESM origin's folder. Keys are
 * relative POSIX paths (`@acme/ui-hero1@1.0.0/data.json`), checked by `checkObjectKey`.
 * Nothing here is trusted for correctness: publish reads every upload back through the origin.
 */
export interface ObjectStore {
  /** What the store is, for progress lines and errors: `folder <path>`, `s3://<bucket>/<prefix> at <endpoint>`. */
  readonly description: string;
  /**
   * `true` when one key can hold an object and be the prefix of others at once (`a@1.0.0` beside
   * `a@1.0.0/es2022/a.mjs`), as in S3's flat key space; absent or `false` for a folder, where a
   * path is a file or a folder. Publish stores a module's entry stub under its module URL's own
   * path when it is `true`, as `<path>.mjs` otherwise (module-files.ts).
   */
  readonly flatKeys?: boolean;
  /** The object's bytes, or `undefined` when there is none; any other failure throws `store-failed`. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Stores the bytes whole under `key` (a reader sees the old object or the new one, never a part). */
  put(key: string, bytes: Uint8Array, options: { readonly contentType: string }): Promise<void>;
}

/** At most this many characters in a key (S3's limit is 1,024 bytes). */
const maxKeyLength = 512;

/**
 * Refuses a key that could leave the store's folder or prefix: empty, absolute, a backslash, a
 * control character, an empty, `.` or `..` segment, or longer than 512 characters.
 */
export function checkObjectKey(key: string): string {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > maxKeyLength ||
    key.includes('\\') ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(key) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad)
    throw new AuthoringError(
      'store-failed',
      `refused object key ${JSON.stringify(key)}: not a relative path inside the store`,
    );
  return key;
}
