import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The version of a dependency installed in the workspace, so fresh projects hit npm's cache. */
export function workspaceVersion(repoRoot: string, name: string): string {
  return (JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * Creates a project of a user's own in `dir` and installs `dependencies` into it with npm:
 * our packages by tarball path (no registry needed for them), the rest from the registry.
 */
export async function installFreshProject(
  dir: string,
  dependencies: Record<string, string>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'fresh-project', private: true, type: 'module', dependencies, ...extra }, null, 2)}\n`,
  );
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
}
