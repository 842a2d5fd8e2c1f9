import { readdir, realpath } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { failure, type Result, success } from '../result.js';
import { readPackageText } from '../source/read-package-file.js';
import { SourceFile } from '../source/source-file.js';

/** A variant package as `build` reads it: `<packages>/ui-<variant>/` (docs/authoring-build.md, "build"). */
export interface VariantPackage {
  /** The variant name: the folder is `ui-<variant>`. */
  readonly variant: string;
  /** The folder, relative to the schema package root. */
  readonly dir: string;
  /** `<scope>/ui-<variant>`, as package.json names it. */
  readonly name: string;
  readonly version: string;
  /** The entry module, relative to the schema package root (`<dir>/src/index.tsx`). */
  readonly entry: string;
  /** `"client": true|false` from catalog-build.json or package.json `catalogBuild`, with the file that says so. */
  readonly forced: { readonly client: boolean; readonly file: string } | undefined;
}

/** Variant names: what may follow `ui-` in a folder and a package name. */
export const variantPattern = /^[a-z0-9][a-z0-9-]*$/;
/** A version as it lands in a path under dist/esm: semver characters only, no slash. */
const versionPattern = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/;
/** Entry modules tried in order. */
const entryNames = ['src/index.tsx', 'src/index.ts', 'src/index.jsx', 'src/index.js'];
/** The optional build settings file of a variant package. */
export const buildSettingsFile = 'catalog-build.json';

/** The variants under `packagesDir` (relative to `root`): folders `ui-<variant>` holding a package.json, sorted. */
export async function listVariants(root: string, packagesDir: string): Promise<string[]> {
  const entries = await readdir(posix.join(root, packagesDir), { withFileTypes: true }).catch(() => []);
  const variants: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith('ui-')) continue;
    const variant = entry.name.slice(3);
    if (!variantPattern.test(variant)) continue;
    const dir = posix.join(packagesDir, entry.name);
    const realRoot = await realpath(resolve(root, dir));
    const manifest = await readPackageText(root, posix.join(dir, 'package.json'), { realRoot });
    if (manifest !== undefined) variants.push(variant);
  }
  return variants.sort();
}

async function readJson(
  root: string,
  path: string,
  realRoot: string,
): Promise<Result<SourceFile, Diagnostic> | undefined> {
  const read = await readPackageText(root, path, { maxBytes: 1024 * 1024, realRoot });
  if (read === undefined) return undefined;
  if (!read.ok) return read;
  const file = new SourceFile(path, read.value);
  return file.syntaxError ? failure(file.syntaxError) : success(file);
}

/** A `client` setting and the file that says so. */
type ForcedClient = { readonly client: boolean; readonly file: string };

/** The `client` setting of a build settings object at `path` in `file`, or a diagnostic. */
function forcedClient(file: SourceFile, path: readonly string[]): Result<ForcedClient | undefined, Diagnostic> {
  const settings = file.valueAt(path);
  if (settings === undefined) return success(undefined);
  const invalid = (at: readonly string[], message: string, part?: 'key') =>
    failure(file.diagnostic(at, 'variant-package-invalid', message, part));
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    return invalid(path, 'build settings must be an object: {"client": true|false}');
  for (const [key, value] of Object.entries(settings)) {
    if (key === '$schema') continue;
    if (key !== 'client') return invalid([...path, key], `unknown key "${key}" (client)`, 'key');
    if (typeof value !== 'boolean') return invalid([...path, key], '"client" must be true or false');
  }
  const client = (settings as { client?: boolean }).client;
  return success(client === undefined ? undefined : { client, file: file.path });
}

/**
 * Reads the variant package `ui-<variant>` under `packagesDir`: its package.json (name
 * `<scope>/ui-<variant>`, a version), its entry module and its forced client setting
 * (catalog-build.json, else package.json `catalogBuild`). Problems come back as diagnostics.
 */
export async function readVariantPackage(
  root: string,
  packagesDir: string,
  scope: string,
  variant: string,
): Promise<Result<VariantPackage, Diagnostic[]>> {
  const dir = posix.join(packagesDir, `ui-${variant}`);
  const manifestPath = posix.join(dir, 'package.json');
  // Every file is read inside the variant's own folder (a link out of it is path-outside-package),
  // wherever --packages puts that folder.
  const realRoot = await realpath(resolve(root, dir));
  const readManifest = await readJson(root, manifestPath, realRoot);
  const at = (path: string, message: string) =>
    failure([{ path, line: 1, column: 1, code: 'variant-package-invalid', message } satisfies Diagnostic]);
  const invalid = (diagnostic: Diagnostic) => failure([diagnostic]);
  if (readManifest === undefined) return at(manifestPath, 'is missing');
  if (!readManifest.ok) return invalid(readManifest.error);
  const manifest = readManifest.value;
  const data = manifest.data as { name?: unknown; version?: unknown };
  const name = `${scope}/ui-${variant}`;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return invalid(manifest.diagnostic([], 'variant-package-invalid', 'must be an object'));
  if (data.name !== name)
    return invalid(
      manifest.diagnostic(
        data.name === undefined ? [] : ['name'],
        'variant-package-invalid',
        `"name" must be "${name}"`,
      ),
    );
  if (typeof data.version !== 'string' || !versionPattern.test(data.version))
    return invalid(
      manifest.diagnostic(
        data.version === undefined ? [] : ['version'],
        'variant-package-invalid',
        '"version" must be a semver version such as "1.0.0"',
      ),
    );
  let entry: string | undefined;
  for (const candidate of entryNames) {
    const read = await readPackageText(root, posix.join(dir, candidate), { realRoot });
    if (read === undefined) continue;
    if (!read.ok) return invalid(read.error);
    entry = posix.join(dir, candidate);
    break;
  }
  if (entry === undefined)
    return at(posix.join(dir, 'src/index.tsx'), 'is missing: the entry module (default export: the component)');
  const fromManifest = forcedClient(manifest, ['catalogBuild']);
  if (!fromManifest.ok) return invalid(fromManifest.error);
  let forced = fromManifest.value;
  // catalog-build.json, when it says, wins over package.json.
  const settings = await readJson(root, posix.join(dir, buildSettingsFile), realRoot);
  if (settings !== undefined) {
    if (!settings.ok) return invalid(settings.error);
    const fromSettings = forcedClient(settings.value, []);
    if (!fromSettings.ok) return invalid(fromSettings.error);
    forced = fromSettings.value ?? forced;
  }
  return success({ variant, dir, name, version: data.version, entry, forced });
}
