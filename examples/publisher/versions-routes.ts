import type { Hono } from 'hono';
import { jsonPost, readJsonObject } from './json-post.js';
import { publishRelease, type ReleaseTarget, rollbackRelease, variantVersions } from './release-versions.js';
import { RepublishError } from './republish-error.js';

/** Runs publishes one at a time, in order (the publisher API's one queue). */
export type Serial = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * The publisher API's versions routes (docs/playground-versions.md; wire:
 * versions-wire.ts):
 * - `GET /versions?variant=<variant>`: {@link variantVersions}; 400 `invalid-query` without a
 *   variant, 404 `unknown-variant`.
 * - `POST /publish-release` `{release}`: {@link publishRelease}; 404 `unknown-release`, 409
 *   `already-published`, or the CLI's code (the gate's
 *   `bump-too-small`, `migration-missing`, `migration-failed`: 409; a store, origin or host
 *   failure: 502).
 * - `POST /rollback` `{variant, to}`: {@link rollbackRelease}; 404 `unknown-variant`, 404
 *   `unknown-version` (the CLI's).
 * Both POSTs take the guards of every POST ({@link jsonPost}; a body that is not an object, or
 * lacks a string field, is 400 `invalid-body`) and run through `serial`, with the republishes.
 */
export function addVersionsRoutes(app: Hono, target: ReleaseTarget, serial: Serial): void {
  app.get('/versions', async (c) => {
    const variant = c.req.query('variant');
    if (variant === undefined || variant === '') {
      throw new RepublishError('invalid-query', 'Missing variant: GET /versions?variant=<variant>');
    }
    return c.json(await variantVersions(target, variant));
  });
  app.post('/publish-release', ...jsonPost(), async (c) => {
    const { release } = await readJsonObject(c, 'Missing release');
    if (typeof release !== 'string') throw new RepublishError('invalid-body', 'Missing release');
    return c.json(await serial(() => publishRelease(target, release)));
  });
  app.post('/rollback', ...jsonPost(), async (c) => {
    const { variant, to } = await readJsonObject(c, 'Missing variant or to');
    if (typeof variant !== 'string' || typeof to !== 'string') {
      throw new RepublishError('invalid-body', 'Missing variant or to');
    }
    return c.json(await serial(() => rollbackRelease(target, variant, to)));
  });
}
