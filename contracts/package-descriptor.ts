/**
 * descriptor.json (spec 2.3: fields not shown; docs/design.md: ours). Unknown keys are kept as they
 * come from the origin.
 */
export interface PackageDescriptor {
  name?: string;
  version?: string;
  alias?: string;
  /** A semver range over the host API version (spec 9.3). */
  hostApi?: string;
  /** Peer dependency specifiers. */
  peers?: string[];
  /** Only `client` is defined (spec 2.5). */
  renderMode?: string;
  status?: string;
  module?: { path?: string; sri?: string };
  [key: string]: unknown;
}
