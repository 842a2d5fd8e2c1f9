/**
 * The runtime registry (docs/design.md "Remote component module"): the page's own module objects for
 * every external, at `globalThis[Symbol.for(RUNTIME_REGISTRY_KEY)]`, keyed by specifier
 * (`"react"`, `"react/jsx-runtime"`, ...). Each value is the module namespace the page provides:
 * the default export under `default`, named exports as properties. A compiled remote component
 * reads it when it is evaluated, so the page registers its modules before importing one.
 */
export const RUNTIME_REGISTRY_KEY = 'runtime-catalog.modules';

/** The registry object: specifier → module namespace. */
export type RuntimeRegistry = Record<string, Record<string, unknown>>;

/** The header of a compiled module that lists, comma-separated, the externals its bundle reads. */
export const REMOTE_EXTERNALS_HEADER = 'x-remote-externals';

/** `GET /api/remote-component?url=<module URL>[&integrity=<sri>]`, relative to the host. */
export function remoteComponentPath(moduleUrl: string, integrity?: string): string {
  const query = `url=${encodeURIComponent(moduleUrl)}`;
  return `/api/remote-component?${query}${integrity === undefined ? '' : `&integrity=${encodeURIComponent(integrity)}`}`;
}

/**
 * A module specifier that may be an external: a bare package name with an optional subpath
 * (`react`, `react/jsx-runtime`, `@acme/common/client`), in the characters npm names and paths
 * use. Nothing else reaches a header, a registry key or generated code: no control character
 * (CR/LF), space, comma, quote or relative/absolute path.
 */
const EXTERNAL_SPECIFIER = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*(?:\/[\w.~@+-]+)*$/i;

/**
 * Whether `specifier` is a valid external specifier: a bare package name with an optional subpath
 * (`react`, `react/jsx-runtime`, `@acme/common/client`), at most 214 characters (`EXTERNAL_SPECIFIER`).
 */
export function isExternalSpecifier(specifier: string): boolean {
  return specifier.length <= 214 && EXTERNAL_SPECIFIER.test(specifier);
}

/**
 * The externals of a module URL: the catalog's defaults plus the URL's `external=` list
 * (spec 2.3), subpaths as their own entries, without duplicates.
 */
export function moduleExternals(defaultExternals: readonly string[], moduleUrl: string): string[] {
  // Spec 2.3 builds the list by plain concatenation; `%2C`-style encodings are decoded too.
  const query = moduleUrl.includes('?') ? (moduleUrl.slice(moduleUrl.indexOf('?') + 1).split('#', 1)[0] ?? '') : '';
  const pair = query.split('&').find((part) => part.startsWith('external='));
  const listed = pair === undefined ? '' : safeDecode(pair.slice('external='.length));
  const fromUrl = listed.split(',').filter((name) => name !== '');
  return [...new Set([...defaultExternals, ...fromUrl])];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
