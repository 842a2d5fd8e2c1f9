import { builtinModules } from 'node:module';
import { basename } from 'node:path';
import { AuthoringError } from '../authoring-error.js';

/**
 * A name npm accepts for a new package, as a pattern: lowercase letters, digits and `._~-` (URL
 * safe), not starting with `.`, `_`, `~` or `-`, optionally in a scope. Stricter than npm (which
 * also takes a leading `-`), as strict as the config's `scope` and `externals`.
 */
const packageNamePattern = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** An npm scope: `@` and a lowercase name (the config's `scope`, authoring/config/load-authoring-config.ts). */
const scopePattern = /^@[a-z0-9][a-z0-9._~-]*$/;

/** npm's limit on a package name's length. */
const maxNameLength = 214;

/** The name of the package init writes and the scope of its variant packages (`<scope>/ui-<variant>`). */
export interface PackageNames {
  readonly name: string;
  readonly scope: string;
}

/** Why an npm name is refused, or undefined when npm takes it for a new package. */
function nameProblem(name: string): string | undefined {
  if (name.length > maxNameLength) return `it is longer than ${maxNameLength} characters`;
  if (!packageNamePattern.test(name)) {
    return 'npm names are lowercase letters, digits and . _ ~ - (not first), optionally in a scope: @team/catalog-schemas';
  }
  // npm refuses these names for new packages (validate-npm-package-name).
  if (['node_modules', 'favicon.ico'].includes(name) || builtinModules.includes(name)) {
    return 'npm reserves it (a Node core module or a special name)';
  }
  return undefined;
}

/**
 * `@<folder>/catalog-schemas` for a folder's name: lowercase, and each run of characters npm does
 * not take becomes `-`; undefined when nothing usable is left (a folder named `___`).
 */
function defaultName(folder: string): string | undefined {
  const slug = basename(folder)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._~-]+|[._~-]+$/g, '');
  return slug === '' ? undefined : `@${slug}/catalog-schemas`;
}

/**
 * The package's name (`--name`, default `@<folder>/catalog-schemas`) and the variants' scope
 * (`--scope`, default the name's scope), checked as npm and the config file check them;
 * `init-name-invalid` (exit 2) otherwise.
 */
export function packageNames(options: { name?: string; scope?: string; folder: string }): PackageNames {
  const name = options.name ?? defaultName(options.folder);
  if (name === undefined) {
    throw new AuthoringError(
      'init-name-invalid',
      `no npm name can be made from the folder name "${basename(options.folder)}": give one with --name, such as --name @team/catalog-schemas`,
    );
  }
  const problem = nameProblem(name);
  if (problem !== undefined) {
    throw new AuthoringError(
      'init-name-invalid',
      options.name === undefined
        ? `the name made from the folder name, ${name}, is not a valid npm name (${problem}): give one with --name`
        : `--name ${JSON.stringify(name)} is not a valid npm name: ${problem}`,
    );
  }
  const scope = options.scope ?? (name.startsWith('@') ? name.slice(0, name.indexOf('/')) : undefined);
  if (scope === undefined) {
    throw new AuthoringError(
      'init-name-invalid',
      `--name ${name} has no scope: give the variant packages' scope with --scope, such as --scope @team (they are <scope>/ui-<variant>)`,
    );
  }
  if (!scopePattern.test(scope) || scope.length > maxNameLength) {
    throw new AuthoringError(
      'init-name-invalid',
      `--scope ${JSON.stringify(scope)} is not an npm scope, such as @team`,
    );
  }
  return { name, scope };
}
