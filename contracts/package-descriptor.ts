/**
 * descriptor.json (spec 2.3: fields not shown; docs/design.md: ours). Unknown keys are kept as they
 * come from the origin.
 */
export interface PackageDescriptor {
  /** The npm package name. */
  name?: string;
  /** The package's version. */
  version?: string;
  /** Another name of the package, copied into the CatalogEntry. */
  alias?: string;
  /** A semver range over the host API version (spec 9.3). */
  hostApi?: string;
  /** Peer dependency specifiers. */
  peers?: string[];
  /** Only `client` is defined (spec 2.5). */
  renderMode?: string;
  /** The component's status (the entry takes meta.json's). */
  status?: string;
  /** The remote module: its index file and its integrity. */
  module?: {
    /** The index module file, relative (default `./index.js`). */
    path?: string;
    /** Subresource integrity (`sha384-…`) of the module URL's response. */
    sri?: string;
  };
  [key: string]: unknown;
}
