import { access } from 'node:fs/promises';
import { isAbsolute, posix, relative, resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import type { CodeLanguage } from '../generate/strapi/code-language.js';
import { editorSchemaSourceDir } from '../source/read-editor-schemas.js';
import { readPackageText } from '../source/read-package-file.js';
import { SourceFile } from '../source/source-file.js';
import {
  type AuthoringConfig,
  authoringConfigKeys,
  configFileName,
  defaultAuthoringConfig,
  publishConfigKeys,
} from './authoring-config.js';
import { registryUrl } from './registry-url.js';

/** An npm scope: `@` and a lowercase name, no slash. */
const scopePattern = /^@[a-z0-9][a-z0-9._~-]*$/;

/** A bare module name, optionally scoped, with subpaths (`react/jsx-runtime`, `@acme/common/client`). */
const externalPattern = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*(\/[A-Za-z0-9._~-]+)*$/;

function invalid(file: SourceFile, path: string[], message: string, target: 'key' | 'value' = 'value'): never {
  throw new AuthoringError(
    'config-invalid',
    formatDiagnostic(file.diagnostic(path, 'schema-violation', message, target)),
  );
}

/** Whether a folder made relative by normalizeDir lies outside the root. */
function isOutside(dir: string): boolean {
  return dir === '..' || dir.startsWith('../') || isAbsolute(dir);
}

/** A folder as the config states it, made relative to the root with forward slashes. */
function normalizeDir(root: string, dir: string): string {
  const absolute = isAbsolute(dir) ? dir : resolve(root, dir);
  return relative(root, absolute).split('\\').join('/') || '.';
}

/**
 * Reads `catalog-schema.config.json` (or `configPath`) of the schema package at `root`, applies
 * the defaults, then `overrides` (the command-line flags); an unset `language` is detected from
 * the CMS root. A missing default config file is fine; a config file named by flag must exist.
 */
export async function loadAuthoringConfig(
  root: string,
  configPath: string | undefined,
  overrides: Partial<AuthoringConfig>,
): Promise<AuthoringConfig> {
  const path = resolve(root, configPath ?? configFileName);
  const shown = posix.normalize(relative(root, path).split('\\').join('/'));
  let fromFile: Partial<AuthoringConfig> = {};
  // UTF-8 or refused (file-not-utf8), a folder is refused too; a --config flag may name a file anywhere.
  const read = await readPackageText(root, shown, { outside: 'allow' });
  // A --config flag that names no file is a wrong command line (usage, exit 2).
  if (read === undefined && configPath !== undefined) {
    throw new AuthoringError('usage', `--config ${path}: no such file`);
  }
  if (read !== undefined && !read.ok) {
    throw new AuthoringError('config-invalid', formatDiagnostic(read.error));
  }
  if (read !== undefined) {
    const file = new SourceFile(shown, read.value);
    if (file.syntaxError) throw new AuthoringError('config-invalid', formatDiagnostic(file.syntaxError));
    if (typeof file.data !== 'object' || file.data === null || Array.isArray(file.data))
      invalid(file, [], 'must be an object');
    for (const [key, value] of Object.entries(file.data as Record<string, unknown>)) {
      if (key === '$schema') continue;
      if (!authoringConfigKeys.includes(key as keyof AuthoringConfig))
        invalid(file, [key], `unknown key "${key}" (${authoringConfigKeys.join(', ')})`, 'key');
      if (key === 'externals') {
        if (!Array.isArray(value) || value.some((name) => typeof name !== 'string' || !externalPattern.test(name)))
          invalid(file, [key], '"externals" must be an array of bare module names');
        continue;
      }
      if (key === 'publish') {
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          invalid(file, [key], `"publish" must be an object (${publishConfigKeys.join(', ')})`);
        for (const [name, setting] of Object.entries(value as Record<string, unknown>)) {
          if (!(publishConfigKeys as readonly string[]).includes(name))
            invalid(file, [key, name], `unknown key "${name}" in "publish" (${publishConfigKeys.join(', ')})`, 'key');
          if (typeof setting !== 'string' || setting === '')
            invalid(file, [key, name], `"publish.${name}" must be a non-empty string`);
        }
        continue;
      }
      if (typeof value !== 'string' || value === '') invalid(file, [key], `"${key}" must be a non-empty string`);
      if (key === 'language' && value !== 'ts' && value !== 'js')
        invalid(file, [key], '"language" must be "ts" or "js"');
      if (key === 'stagingRegistry' || key === 'productionRegistry') {
        if (registryUrl(value as string) === undefined)
          invalid(file, [key], `"${key}" must be an http(s) URL without credentials, such as "http://localhost:4873/"`);
        continue;
      }
      if (key === 'scope') {
        // It becomes part of package names and of paths under dist/esm (README rule 17).
        if (!scopePattern.test(value as string)) invalid(file, [key], '"scope" must be an npm scope such as "@acme"');
        continue;
      }
      // The package's own file names folders inside the package only: a package someone hands you
      // must not point generate at folders elsewhere (it replaces them). A flag may (docs/authoring-generate.md).
      if (key !== 'language' && isOutside(normalizeDir(root, value as string))) {
        invalid(
          file,
          [key],
          `"${key}" leads outside the schema package (${value}): the config file names folders inside it; give a folder elsewhere with --${key}`,
        );
      }
    }
    fromFile = file.data as Partial<AuthoringConfig>;
  }
  const merged = { ...defaultAuthoringConfig, ...fromFile, ...overrides };
  const config: AuthoringConfig = {
    cms: normalizeDir(root, merged.cms),
    language: merged.language ?? (await detectLanguage(resolve(root, merged.cms))),
    types: normalizeDir(root, merged.types),
    registries: normalizeDir(root, merged.registries),
    editorSchemas: normalizeDir(root, merged.editorSchemas),
    cache: normalizeDir(root, merged.cache),
    packages: normalizeDir(root, merged.packages),
    scope: merged.scope,
    externals: merged.externals,
    builder: normalizeDir(root, merged.builder),
    stagingRegistry: merged.stagingRegistry === undefined ? undefined : registryUrl(merged.stagingRegistry),
    productionRegistry: merged.productionRegistry === undefined ? undefined : registryUrl(merged.productionRegistry),
    publish: merged.publish,
  };
  checkOutputFolders(config);
  return config;
}

/**
 * The language of a CMS app that the config does not name: `ts` when its root has a
 * `tsconfig.json` (Strapi's TypeScript apps do; `.ts` files in a JavaScript app are not loaded),
 * else `js`. A CMS folder that does not exist yet gets `js`, which every Strapi app loads.
 */
async function detectLanguage(cmsRoot: string): Promise<CodeLanguage> {
  try {
    await access(resolve(cmsRoot, 'tsconfig.json'));
    return 'ts';
  } catch {
    return 'js';
  }
}

function overlaps(a: string, b: string): boolean {
  return a === b || a === '.' || b === '.' || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/**
 * The folders generate replaces must not hold the sources or each other: a config that points
 * `types` at `src` would otherwise replace the whole source tree.
 */
function checkOutputFolders(config: AuthoringConfig): void {
  const folders: [string, string][] = [
    ['cms', posix.join(config.cms, 'src/api')],
    ['cms', posix.join(config.cms, 'src/components')],
    ['cms', posix.join(config.cms, 'catalog-schema')],
    ['types', config.types],
    ['registries', config.registries],
    ['editorSchemas', config.editorSchemas],
    ['cache', config.cache],
  ];
  for (const [key, folder] of folders) {
    for (const source of ['src/source', 'src/sot', editorSchemaSourceDir]) {
      if (overlaps(folder, source)) {
        throw new AuthoringError(
          'config-invalid',
          `"${key}" puts the output folder ${folder} over the sources (${source})`,
        );
      }
    }
  }
  folders.forEach(([key, folder], position) => {
    for (const [otherKey, other] of folders.slice(position + 1)) {
      if (key !== otherKey && overlaps(folder, other)) {
        throw new AuthoringError(
          'config-invalid',
          `the output folders of "${key}" (${folder}) and "${otherKey}" (${other}) overlap`,
        );
      }
    }
  });
}
