/** A relative path and the absolute URL of one artifact (spec 2.5). */
export interface ArtifactRef {
  /** `./json/<artifact name>` */
  path: string;
  /** The artifact's absolute URL on the artifacts origin (spec 2.3). */
  url: string;
}

/** The remote ES module of a package (spec 2.5 `module`). */
export interface ModuleRef {
  /** The index module file, relative (`./index.js` unless the descriptor says otherwise). */
  path: string;
  /** The module URL of spec 2.3. */
  url: string;
  /** Subresource integrity of the module URL's response, when the descriptor gives one. */
  sri?: string;
}

/** What the host returns for one package (spec 2.5; sources per field in docs/design.md). */
export interface CatalogEntry {
  /** The package's id in the catalog. */
  id: string;
  /** Another name of the package, from descriptor.json. */
  alias?: string;
  /** The npm package name, from the catalog. */
  package: string;
  /** The package's exact version, from the catalog. */
  version: string;
  /** The component's status (`active` is the sample value of spec 2.5), from meta.json. */
  status?: string;
  /** The semver range of host API versions the package works with (spec 9.3), from descriptor.json. */
  hostApi?: string;
  /** The catalog's category, else meta.json's. */
  category: string;
  /** The team that owns the package, from meta.json. */
  owner?: string;
  /** Peer dependency specifiers, from descriptor.json. */
  peers?: string[];
  /** How the component renders: `client` (the default; the only mode spec 2.5 defines). */
  renderMode: string;
  /** The remote ES module the editor imports (compiled by the host). */
  module: ModuleRef;
  /** schema.json: the JSON Schema of the props. */
  schema: ArtifactRef;
  /** puck.json: the editor's field configuration. */
  puck: ArtifactRef;
  /** data.json: the props a new instance starts with. */
  data: ArtifactRef;
  /** meta.json: label, status, preview, owner, category and related metadata. */
  meta: ArtifactRef;
  /** Absent when neither meta.json nor the catalog gives a preview image. */
  preview?: {
    /** The preview image's URL. */
    url: string;
  };
}
