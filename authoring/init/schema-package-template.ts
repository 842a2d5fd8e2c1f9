import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { sotNames, sotPath } from '../source/source-layout.js';

/** The template's folder inside the authoring package (shipped in its tarball, "files"). */
const templateFolder = 'templates/schema-package';

/**
 * Template files stored under another name, because npm leaves `.gitignore` out of a tarball: the
 * template's `gitignore` is the package's `.gitignore`.
 */
const storedAs: Readonly<Record<string, string>> = { gitignore: '.gitignore' };

/** What init writes before its values are filled in: the template and the authoring package it came with. */
export interface SchemaPackageTemplate {
  /** Every file of the new package, relative to its root (forward slashes), with its bytes: the template's and `src/sot/`. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The running authoring package's version (the devDependency init pins). */
  readonly version: string;
  /** Its `engines`, which the new package repeats. */
  readonly engines: Readonly<Record<string, string>>;
}

/**
 * The installed authoring package's folder (package.json, templates/, sot/), found by its own name
 * (its exports list `./package.json`), so the same code finds it from the sources and from dist/.
 */
function authoringPackageDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@runtime-component-catalog/authoring/package.json'));
}

/**
 * Reads the schema package template: every file below `templates/schema-package/` (whatever
 * folders it has, `.github/` included), renamed as `storedAs` says, and the package's reference
 * validation schemas `sot/*.schema.json` as `src/sot/` (spec 4.4: the package keeps its own copy,
 * and validate reads that copy).
 */
export async function readSchemaPackageTemplate(): Promise<SchemaPackageTemplate> {
  const packageDir = authoringPackageDir();
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
    engines?: Record<string, string>;
  };
  const templateDir = join(packageDir, templateFolder);
  const files = new Map<string, Uint8Array>();
  const entries = await readdir(templateDir, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((entry) => entry.isFile())) {
    const path = relative(templateDir, join(entry.parentPath, entry.name)).split(sep);
    const name = path.pop() ?? '';
    files.set([...path, storedAs[name] ?? name].join('/'), await readFile(join(entry.parentPath, entry.name)));
  }
  for (const name of sotNames) {
    files.set(sotPath(name), await readFile(join(packageDir, 'sot', `${name}.schema.json`)));
  }
  return {
    files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    version: manifest.version,
    engines: manifest.engines ?? {},
  };
}
