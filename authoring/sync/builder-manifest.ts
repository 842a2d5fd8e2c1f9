import { realpath, stat } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { failure, type Result, success } from '../result.js';
import { maxSourceFileBytes, readPackageText } from '../source/read-package-file.js';
import { SourceFile } from '../source/source-file.js';

/** The sections of package.json whose entries may track staging (peers are the host's to choose). */
export const dependencySections = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

/** One section of `dependencySections`. */
export type DependencySection = (typeof dependencySections)[number];

/** The dependency value that asks for the staging version (spec 4.4 step 10). */
export const stagingValue = 'staging';

/**
 * The package.json key that remembers which dependencies track staging once their value is an
 * exact version: an array of package names, kept sorted by sync:deps (docs/authoring-sync-deps.md).
 */
export const stagingListKey = 'catalogStaging';

/** One place a tracked dependency is declared, with its current value. */
export interface DependencyPlace {
  readonly section: DependencySection;
  readonly value: string;
}

/** A dependency that tracks staging: its value is "staging" or it is listed in `catalogStaging`. */
export interface TrackedDependency {
  readonly name: string;
  readonly places: readonly DependencyPlace[];
}

/** The builder project's package.json as sync:deps reads it. */
export interface BuilderManifest {
  /** package.json, its path relative to the schema package root. */
  readonly file: SourceFile;
  /** Whether the file starts with a byte order mark (SourceFile drops it; a rewrite keeps it). */
  readonly bom: boolean;
  /** Sorted by name. */
  readonly tracked: readonly TrackedDependency[];
  /** Names `catalogStaging` lists that no section declares any more: dropped from the list. */
  readonly dropped: readonly string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A package name of `scope`: what may go into a registry URL path and npm's command line as it is. */
function inScope(name: string, scope: string): boolean {
  return name.startsWith(`${scope}/`) && /^[a-z0-9][a-z0-9._~-]*$/.test(name.slice(scope.length + 1));
}

/**
 * Reads `<builder>/package.json` and finds the dependencies that track staging: every entry of
 * `dependencies`, `devDependencies` or `optionalDependencies` whose value is "staging", and every
 * name `catalogStaging` lists. Only `scope`'s packages may track staging: npm install reads just
 * that scope from the staging registry. A builder folder or package.json that is not there is an
 * AuthoringError (`builder-missing`); what is wrong inside the file comes back as diagnostics,
 * all of them.
 */
export async function readBuilderManifest(
  root: string,
  builder: string,
  scope: string,
): Promise<Result<BuilderManifest, readonly Diagnostic[]>> {
  const dir = resolve(root, builder);
  const path = posix.join(builder, 'package.json');
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) {
    throw new AuthoringError(
      'builder-missing',
      `the builder project ${dir} is not a folder: set "builder" in catalog-schema.config.json or pass --builder <dir>`,
    );
  }
  // package.json is read inside the builder folder itself (a link out of it is path-outside-package).
  const read = await readPackageText(root, path, { realRoot: await realpath(dir), maxBytes: maxSourceFileBytes });
  if (read === undefined) {
    throw new AuthoringError(
      'builder-missing',
      `the builder project ${dir} has no package.json: sync:deps pins the staging dependencies declared there`,
    );
  }
  if (!read.ok) return failure([read.error]);
  const file = new SourceFile(path, read.value);
  if (file.syntaxError) return failure([file.syntaxError]);
  const duplicates = file.duplicateKeys();
  if (duplicates.length > 0) return failure(duplicates);
  if (!isObject(file.data)) return failure([file.diagnostic([], 'schema-type', 'must be an object')]);
  const data = file.data;
  const diagnostics: Diagnostic[] = [];

  const listed = new Set<string>();
  const list = data[stagingListKey];
  if (list !== undefined) {
    if (!Array.isArray(list)) {
      diagnostics.push(
        file.diagnostic(
          [stagingListKey],
          'staging-list-invalid',
          `"${stagingListKey}" must be an array of package names`,
        ),
      );
    } else {
      list.forEach((name: unknown, index) => {
        if (typeof name !== 'string' || !inScope(name, scope)) {
          const message = `${JSON.stringify(name)} is not a package name of ${scope}: only ${scope} packages are read from the staging registry`;
          diagnostics.push(file.diagnostic([stagingListKey, index], 'staging-list-invalid', message));
        } else listed.add(name);
      });
    }
  }

  const places = new Map<string, DependencyPlace[]>();
  for (const section of dependencySections) {
    const entries = data[section];
    if (entries === undefined) continue;
    if (!isObject(entries)) {
      diagnostics.push(file.diagnostic([section], 'schema-type', `"${section}" must be an object`));
      continue;
    }
    for (const [name, value] of Object.entries(entries)) {
      if (value !== stagingValue && !listed.has(name)) continue;
      if (!inScope(name, scope)) {
        const message = `${JSON.stringify(name)} tracks staging but is not a package of ${scope}: only ${scope} packages are read from the staging registry (the "scope" key of catalog-schema.config.json)`;
        diagnostics.push(file.diagnostic([section, name], 'staging-dependency-invalid', message, 'key'));
        continue;
      }
      if (typeof value !== 'string') {
        const message = `${name} is listed in "${stagingListKey}", so its value must be a string ("staging" or a version)`;
        diagnostics.push(file.diagnostic([section, name], 'staging-dependency-invalid', message));
        continue;
      }
      places.set(name, [...(places.get(name) ?? []), { section, value }]);
    }
  }
  if (diagnostics.length > 0) return failure(diagnostics);
  const tracked = [...places]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, declared]) => ({ name, places: declared }));
  const dropped = [...listed].filter((name) => !places.has(name)).sort();
  return success({ file, bom: read.value.charCodeAt(0) === 0xfeff, tracked, dropped });
}
