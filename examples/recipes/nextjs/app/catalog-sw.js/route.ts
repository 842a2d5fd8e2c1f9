import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

// GET /catalog-sw.js: the SDK's worker file, read from the package itself (no copy into public/).
// Prerendered: `next build` calls GET once and keeps the bytes and these headers with the build
// (.next/server/app/catalog-sw.js.body), so the worker always comes from the SDK version the
// page was built with, and the server needs nothing from node_modules to serve it.
export const dynamic = 'force-static';

/** The worker script: same origin as the editor, JavaScript, revalidated on every update check. */
export async function GET(): Promise<Response> {
  // Resolved by Node from the project's root (where `next build` runs) through the package's
  // exports map, wherever npm put the package; the bundler leaves this call alone.
  const workerFile = createRequire(`${process.cwd()}/`).resolve('@runtime-component-catalog/sdk/service-worker');
  return new Response(await readFile(workerFile, 'utf8'), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
