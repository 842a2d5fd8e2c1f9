import { posix } from 'node:path';
import { ARTIFACT_NAMES } from '@runtime-component-catalog/contracts';

// What `catalog-schema publish` (and the publisher panel) put in the playground's folder stores
// (authoring/publish/): the state folder takes these paths as the playground's own, so a
// restart empties them instead of refusing the folder. Paths are `a/b`, relative to the store.

/** An npm scope folder: `@acme`. */
const SCOPE = /^@[a-z0-9][a-z0-9._~-]*$/;
/** A package version folder, as artifactUrl and esm.sh name them: `ui-hero1@1.0.0`. */
const VERSIONED = /^[a-z0-9][a-z0-9._~-]*@\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/;
/** FolderStore's atomic write: `.put-<16 hex>.tmp` beside its target, left behind by a crash before its rename. */
const TEMPORARY = /^\.put-[0-9a-f]{16}\.tmp$/;
/**
 * The artifacts store's files in a package version folder: the five artifacts and publish's
 * manifest; and `preview.svg`, which the playground copied there before its catalog was the
 * schema package's (a state folder from then is taken, and emptied, as it is).
 */
const PACKAGE_FILES: ReadonlySet<string> = new Set([
  ...ARTIFACT_NAMES,
  'publish-manifest.json',
  'preview.svg',
  'strapi-attributes.json',
]);
/** A package folder (no version) of the version index publish writes: `@acme/ui-hero2/versions.json`. */
const PACKAGE_NAME = /^[a-z0-9][a-z0-9._~-]*$/;
/** The store's catalog, where publish lists each variant (its default key, `publish.catalog`). */
const CATALOG = 'catalog.json';

/** `[@scope/]name@version`: the segments after the optional scope, or undefined when `path` has no such start. */
function afterPackage(path: string): string[] | undefined {
  const segments = path.split('/');
  const offset = SCOPE.test(segments[0]!) ? 1 : 0;
  const name = segments[offset];
  if (name === undefined || !VERSIONED.test(name.replace(/\.mjs$/, ''))) return undefined;
  return segments.slice(offset + 1);
}

/** The version index of a package (authoring/publish/published-record.ts) and its folder. */
function isVersionIndexPath(path: string, directory: boolean): boolean {
  const segments = path.split('/');
  const offset = SCOPE.test(segments[0]!) ? 1 : 0;
  const name = segments[offset];
  if (name === undefined || !PACKAGE_NAME.test(name)) return false;
  const rest = segments.slice(offset + 1);
  return directory ? rest.length === 0 : rest.length === 1 && rest[0] === 'versions.json';
}

/** A scope folder: the only path of depth one besides a package folder. */
const isScope = (path: string) => !path.includes('/') && SCOPE.test(path);

/** A publish's temporary file, in a folder already taken as the store's. */
export const isPublishTemporary = (path: string) => TEMPORARY.test(posix.basename(path));

/**
 * A path of the artifacts store that publish makes: `catalog.json`, a scope folder, a package
 * version folder (`@acme/ui-hero2@0.1.0`), and in it the five artifacts, `publish-manifest.json`
 * and the Strapi attributes snapshot; a package folder with its version index (`versions.json`).
 */
export function isPublishedArtifactPath(path: string, directory: boolean): boolean {
  if (directory && isScope(path)) return true;
  if (!directory && (path === CATALOG || isPublishTemporary(path))) return true;
  if (isVersionIndexPath(path, directory)) return true;
  const rest = afterPackage(path);
  if (rest === undefined || path.endsWith('.mjs')) return false;
  return directory ? rest.length === 0 : rest.length === 1 && PACKAGE_FILES.has(rest[0]!);
}

/**
 * A path of the ESM store in esm.sh's shape, as publish makes it (authoring's esmShPaths): a scope
 * folder, the entry stub `@acme/ui-hero2@0.1.0.mjs`, the folder `@acme/ui-hero2@0.1.0/`, its
 * `es2022/` and the build files in it (`es2022/ui-hero2.mjs`).
 */
export function isPublishedModulePath(path: string, directory: boolean): boolean {
  if (directory && isScope(path)) return true;
  if (!directory && isPublishTemporary(path)) return true;
  const rest = afterPackage(path);
  if (rest === undefined) return false;
  const stub = path.endsWith('.mjs') && rest.length === 0;
  if (directory) return !stub && (rest.length === 0 || (rest.length === 1 && rest[0] === 'es2022'));
  return stub || (rest.length === 2 && rest[0] === 'es2022' && rest[1]!.endsWith('.mjs'));
}
