import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/** Builds the catalog service worker as shipped (dist/service-worker.js) into `outDir`. */
export async function buildWorkerScript(outDir: string): Promise<string> {
  await build({
    configFile: fileURLToPath(new URL('../../sdk/vite.worker.config.ts', import.meta.url)),
    build: { outDir, emptyOutDir: true },
    logLevel: 'warn',
  });
  return join(outDir, 'service-worker.js');
}

/** A Vite plugin serving the built worker at `/catalog-sw.js` (a page's origin must serve its worker). */
export function serveWorkerScript(file: string): Plugin {
  return {
    name: 'serve-catalog-worker',
    configureServer(server) {
      server.middlewares.use('/catalog-sw.js', async (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(await readFile(file));
      });
    },
  };
}
