/** Stable codes of a `registerCatalogRoutes` failure; code against these, not the messages. */
export type CatalogRoutesErrorCode = 'invalid-option';

/**
 * A `registerCatalogRoutes` option that cannot configure the routes, thrown while the worker
 * script is evaluated, so the worker fails to install instead of mirroring with a setting nobody chose.
 */
export class CatalogRoutesError extends Error {
  /** Always `CatalogRoutesError`. */
  override readonly name = 'CatalogRoutesError';
  /** Why the routes were not registered. */
  readonly code: CatalogRoutesErrorCode;
  /** The option that was refused (`hostUrl`, `catalogUrl`, `maxBytes`, `timeoutMs`, `appShell`). */
  readonly option: string;

  constructor(code: CatalogRoutesErrorCode, option: string, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.option = option;
  }
}
