/**
 * Cross-origin reading of the host's GET answers, so that an editor on another origin can use the
 * SDK (fetch the entries and import compiled modules, which browsers fetch in CORS mode). Read
 * routes are public (spec 5.5: their authentication is not shown), no credentials are involved,
 * and every request the SDK makes is a CORS "simple" request, so no preflight is needed.
 */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'etag, x-request-id, x-remote-externals, x-host-api-version',
} as const;
