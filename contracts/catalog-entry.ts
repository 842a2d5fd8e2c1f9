/** A relative path and the absolute URL of one artifact (spec 2.5). */
export interface ArtifactRef {
  /** `./json/<artifact name>` */
  path: string;
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
  id: string;
  alias?: string;
  package: string;
  version: string;
  status?: string;
  hostApi?: string;
  category: string;
  owner?: string;
  peers?: string[];
  renderMode: string;
  module: ModuleRef;
  schema: ArtifactRef;
  puck: ArtifactRef;
  data: ArtifactRef;
  meta: ArtifactRef;
  /** Absent when neither meta.json nor the catalog gives a preview image. */
  preview?: { url: string };
}
