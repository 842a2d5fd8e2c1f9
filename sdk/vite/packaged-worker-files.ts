import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built worker scripts the plugin serves: absolute paths of files in the SDK package. */
export interface WorkerFiles {
  /** The catalog's own worker (the export `./service-worker`, dist/service-worker.js). */
  readonly worker: string;
  /** The routes-only classic script for `importScripts` (dist/service-worker/routes-classic.js). */
  readonly routes: string;
}

/**
 * The files of the installed SDK package. The package names itself (a self-reference through its
 * exports map), so the answer is the same from dist/vite/ in node_modules and from the sources.
 */
export function packagedWorkerFiles(): WorkerFiles {
  const root = dirname(createRequire(import.meta.url).resolve('@runtime-component-catalog/sdk/package.json'));
  return { worker: join(root, 'dist/service-worker.js'), routes: join(root, 'dist/service-worker/routes-classic.js') };
}
