import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The child programs: `boot` checks an app and exits (boot-child.ts), `serve` keeps it listening (serve-child.ts). */
export type ChildProgram = 'boot' | 'serve';

const bundled = new Map<ChildProgram, Promise<string>>();

/** child/<program>-child.ts bundled into one CommonJS text, once per test process. */
function childSource(program: ChildProgram): Promise<string> {
  let source = bundled.get(program);
  if (source === undefined) {
    source = build({
      entryPoints: [fileURLToPath(new URL(`./child/${program}-child.ts`, import.meta.url))],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'error',
    }).then((result) => result.outputFiles[0]!.text);
    bundled.set(program, source);
  }
  return source;
}

/**
 * Writes a child program into the app (`.tmp/<program>-child.cjs`, removed with the app) and
 * returns its path: one CommonJS file for plain node, so that Strapi loads the generated files as
 * a real app does, without a TypeScript loader (tsx) in the process that could hide a broken file.
 */
export async function writeChild(appDir: string, program: ChildProgram = 'boot'): Promise<string> {
  const path = join(appDir, '.tmp', `${program}-child.cjs`);
  await writeFile(path, await childSource(program));
  return path;
}

/** The child's environment: only what node needs, no telemetry, no colours; Strapi reads the app's .env. */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
    FORCE_COLOR: '0',
  };
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[key] !== undefined) env[key] = process.env[key];
  return { ...env, ...extra };
}
