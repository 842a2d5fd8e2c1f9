/**
 * The host API version of this release: the default of the host's `HOST_API_VERSION` and of the
 * SDK's `hostApiVersion`, against which entries' `hostApi` ranges are checked (spec 9.3). It
 * follows the package version (a test keeps them equal).
 */
export const HOST_API_VERSION = '0.1.0';

/** The response header of the catalog routes that names the host's API version. */
export const HOST_API_VERSION_HEADER = 'x-host-api-version';
