/** Stable codes of a Vite plugin failure; code against these, not the messages. */
export type CatalogWorkerPluginErrorCode =
  /** A `path` or `routesPath` option that is not a path the plugin can serve and emit. */
  | 'invalid-path'
  /** The public folder has a file at the worker's path (a copy from before the plugin). */
  | 'public-file-conflict'
  /** The SDK package has no built worker file (a broken install). */
  | 'worker-missing';

/** What the catalog worker's Vite plugin refuses, thrown when Vite reads its configuration. */
export class CatalogWorkerPluginError extends Error {
  /** Always `CatalogWorkerPluginError`. */
  override readonly name = 'CatalogWorkerPluginError';
  /** Why the plugin refused. */
  readonly code: CatalogWorkerPluginErrorCode;
  /** The option (`path`, `routesPath`) the failure is about. */
  readonly option: 'path' | 'routesPath';

  constructor(
    code: CatalogWorkerPluginErrorCode,
    option: 'path' | 'routesPath',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.option = option;
  }
}
