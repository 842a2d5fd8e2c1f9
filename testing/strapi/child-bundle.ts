import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

let bundled: Promise<string> | undefined;

/** child/boot-child.ts bundled into one CommonJS text, once per test process. */
function childSource(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./child/boot-child.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
  }).then((result) => result.outputFiles[0]!.text);
  return bundled;
}

/**
 * Writes the child into the app (`.tmp/boot-child.cjs`, removed with the app) and returns its
 * path: one CommonJS file for plain node, so that Strapi loads the generated files as a real app
 * does, without a TypeScript loader (tsx) in the process that could hide a broken file.
 */
export async function writeChild(appDir: string): Promise<string> {
  const path = join(appDir, '.tmp', 'boot-child.cjs');
  await writeFile(path, await childSource());
  return path;
}
