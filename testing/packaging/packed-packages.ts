import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The published packages: workspace folder and package name. */
export const PUBLISHED_PACKAGES = [
  { folder: 'contracts', name: '@runtime-component-catalog/contracts' },
  { folder: 'host', name: '@runtime-component-catalog/host' },
  { folder: 'sdk', name: '@runtime-component-catalog/sdk' },
  { folder: 'authoring', name: '@runtime-component-catalog/authoring' },
] as const;

/** One packed package, as `npm pack --json` describes it. */
export interface PackedPackage {
  readonly name: string;
  readonly folder: string;
  /** Absolute path of the .tgz. */
  readonly tarball: string;
  /** Bytes of the .tgz, and of its files unpacked. */
  readonly size: number;
  readonly unpackedSize: number;
  /** Paths inside the package (without the `package/` prefix). */
  readonly files: readonly string[];
}

/** Packs every published package from the built workspace into `destination` (`npm pack`, no scripts). */
export async function packPackages(repoRoot: string, destination: string): Promise<PackedPackage[]> {
  const workspaces = PUBLISHED_PACKAGES.flatMap(({ name }) => ['-w', name]);
  const { stdout } = await run(
    'npm',
    ['pack', ...workspaces, '--pack-destination', destination, '--json', '--ignore-scripts'],
    { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
  );
  const packed = JSON.parse(stdout) as {
    name: string;
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  return packed.map((entry) => ({
    name: entry.name,
    folder: PUBLISHED_PACKAGES.find(({ name }) => name === entry.name)!.folder,
    tarball: `${destination}/${entry.filename}`,
    size: entry.size,
    unpackedSize: entry.unpackedSize,
    files: entry.files.map((file) => file.path),
  }));
}
