import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { type ClientReason, scanModule } from './client-reasons.js';

/** Modules scanned when a relative import names them (other files, e.g. `.css`, are not code). */
const codeExtensions = ['.tsx', '.ts', '.jsx', '.js', '.mts', '.mjs', '.cts', '.cjs'];

/** `./x.js` written in TypeScript source names `./x.ts` or `./x.tsx` (NodeNext style). */
const sourceForOutput: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}

/** The file a relative specifier names, resolved like a bundler does (extensions, then index files). */
async function resolveModule(from: string, specifier: string): Promise<string | undefined> {
  const base = resolve(dirname(from), specifier);
  const extension = extname(base);
  const candidates: string[] = [];
  if (codeExtensions.includes(extension)) {
    candidates.push(base);
    for (const replacement of sourceForOutput[extension] ?? []) {
      candidates.push(base.slice(0, -extension.length) + replacement);
    }
  }
  for (const ext of codeExtensions) candidates.push(base + ext);
  for (const ext of codeExtensions) candidates.push(join(base, `index${ext}`));
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return undefined;
}

function inside(dir: string, path: string): boolean {
  return path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`);
}

/**
 * Every reason the component at `entry` is a client component: the entry's own uses first, then
 * those of the modules it imports from its own package (relative imports, followed transitively,
 * each module once, so cycles end), depth first in import order. Each module's reasons are in
 * source order, so the first reason is stable. Imports of other packages (externals, node_modules)
 * and files outside `packageDir` are not followed. Paths are reported relative to `root`.
 */
export async function detectClient(root: string, packageDir: string, entry: string): Promise<ClientReason[]> {
  const visited = new Set<string>();
  const reasons: ClientReason[] = [];
  // Compared by real path, so a symbolic link inside the package that leads out of it is not followed.
  const realDir = await realpath(packageDir);
  const visit = async (file: string): Promise<void> => {
    if (visited.has(file)) return;
    visited.add(file);
    const shown = relative(root, file).split(sep).join('/');
    const scan = scanModule(shown, await readFile(file, 'utf8'));
    for (const reason of scan.reasons) reasons.push(reason);
    for (const specifier of scan.imports) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
      const target = await resolveModule(file, specifier);
      if (target !== undefined && inside(realDir, await realpath(target))) await visit(target);
    }
  };
  await visit(resolve(entry));
  return reasons;
}
