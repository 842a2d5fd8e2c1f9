import type { PublishEvent } from '@runtime-component-catalog/authoring';

// The wire of the publisher API's versions routes (docs/playground-versions.md),
// imported by the API (Node) and the publisher panel (browser). Errors are RepublishErrorBody
// (republish-wire.ts), as on every route. Types only: nothing here runs.

/** `GET /__playground/versions?variant=<variant>`: the variant's versions and the releases it can get. */
export interface VariantVersions {
  readonly variant: string;
  readonly package: string;
  /** The version the catalog lists: what new instances get. */
  readonly catalogVersion: string;
  /** Every version published into the playground's stores, in version order. */
  readonly published: readonly string[];
  /** The names of the release overlays of the variant (examples/releases), `<variant>-<version>`. */
  readonly releases: readonly string[];
}

/** `POST /__playground/publish-release`. */
export interface PublishReleaseRequest {
  /** A release overlay's name, `hero1-2.0.0`. */
  readonly release: string;
}

/** The 200 body of `POST /__playground/publish-release`: what `catalog-schema publish` published. */
export interface PublishReleaseResult {
  readonly published: { readonly variant: string; readonly package: string; readonly version: string };
  /** The lines `catalog-schema publish` printed, one step each (migrations, module, artifacts, upload, verify, revalidate). */
  readonly steps: readonly PublishEvent[];
  /** Its last line: `published @acme/ui-hero1@2.0.0`. */
  readonly summary: string;
}

/** `POST /__playground/rollback`. */
export interface RollbackRequest {
  readonly variant: string;
  /** A version of the variant published before. */
  readonly to: string;
}

/** The 200 body of `POST /__playground/rollback`: what `catalog-schema rollback` did. */
export interface RollbackResult {
  readonly rolledBack: {
    readonly variant: string;
    readonly package: string;
    /** The catalog's version before. */
    readonly from: string;
    readonly to: string;
  };
  /** The catalog already listed `to` and nothing was due: nothing written, no request to the host. */
  readonly upToDate: boolean;
  /** The lines `catalog-schema rollback` printed, one step each (artifact, module, catalog, upload, verify, revalidate). */
  readonly steps: readonly PublishEvent[];
  /** Its last line: `rolled back hero1 to @acme/ui-hero1@1.0.0 (was 2.0.0)`. */
  readonly summary: string;
}
