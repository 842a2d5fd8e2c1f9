import { cp, mkdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const hostFolder = fileURLToPath(new URL('../../host/', import.meta.url));
const workspaceModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));

/**
 * Test-only: the built host as an install that has the host's `dependencies` and nothing else (no
 * optional peer such as `esbuild`, none of the workspace's devDependencies): `<dir>/host/dist`
 * copied, its package.json, and `<dir>/host/node_modules/<name>` linked to the workspace's copy of
 * each dependency. `dir` must lie outside the repository, so that resolving a package from the
 * copy never reaches the workspace's node_modules. Returns the copy's `dist/main.js`.
 */
export async function installedHostCopy(dir: string): Promise<string> {
  const root = join(dir, 'host');
  await cp(join(hostFolder, 'dist'), join(root, 'dist'), {
    recursive: true,
    filter: (source) => !/\.(test|case)\.|\.tsbuildinfo$/.test(source),
  });
  const manifest = await readFile(join(hostFolder, 'package.json'), 'utf8');
  await writeFile(join(root, 'package.json'), manifest);
  const { dependencies } = JSON.parse(manifest) as { dependencies: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    const link = join(root, 'node_modules', name);
    await mkdir(dirname(link), { recursive: true });
    // The real folder: Node resolves a dependency's own dependencies from there.
    await symlink(await realpath(join(workspaceModules, name)), link, 'dir');
  }
  return join(root, 'dist', 'main.js');
}
