import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rmdir, stat } from 'node:fs/promises';
import { dirname, posix, resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { variantPattern } from '../build/variant-package.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { OutputFileSystem } from '../generate/output-file-system.js';
import { type ComponentLock, serializeComponentLock } from '../lock/component-lock.js';
import { componentNames } from '../model/strapi-names.js';
import { sourceLayout } from '../source/source-layout.js';
import { defaultTitle, scaffoldFiles } from './scaffold-files.js';

/** Where editor schemas are authored (validate-editor-schemas). */
const editorSchemaDir = 'src/editor-schemas';
/** The folder that serializes lock updates of concurrent scaffolds, at the package root. */
const mutexName = '.catalog-schema-scaffold.lock';

/** What a scaffold produced (or, with dryRun, would produce). */
export interface ScaffoldResult {
  readonly category: string;
  readonly variant: string;
  readonly package: string;
  /** Files written, relative to the schema package root, sorted. */
  readonly files: readonly string[];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

const exists = async (path: string): Promise<boolean> => (await stat(path).catch(() => undefined)) !== undefined;

/**
 * The categories generate:types wrote (`<types>/categories.json`), or a diagnostic when that file
 * is missing or not the category list.
 */
export async function readCategories(root: string, config: AuthoringConfig): Promise<string[] | Diagnostic> {
  const path = posix.join(config.types, 'categories.json');
  const at = (code: Diagnostic['code'], message: string): Diagnostic => ({ path, line: 1, column: 1, code, message });
  let text: string;
  try {
    text = await readFile(resolve(root, path), 'utf8');
  } catch {
    return at('scaffold-categories-missing', 'is missing: run generate:types first (it lists the categories)');
  }
  try {
    const data = JSON.parse(text) as { categories?: unknown };
    const categories = data.categories;
    if (typeof categories !== 'object' || categories === null || Array.isArray(categories)) throw new Error();
    // Only names that are safe in a path and a package name (what a component category is anyway).
    return Object.keys(categories)
      .filter((name) => variantPattern.test(name))
      .sort();
  } catch {
    return at('scaffold-categories-missing', 'is not the category list generate:types writes: run generate:types');
  }
}

/**
 * Every number n already taken by `<category>n`, with the first place that takes it: lock, source
 * files, editor schemas, registries, packages (paths relative to the package root).
 */
async function takenNumbers(root: string, config: AuthoringConfig, category: string): Promise<Map<number, string>> {
  const name = escapeRegExp(category);
  const taken = new Map<number, string>();
  let where = '';
  const add = (text: string, pattern: RegExp): void => {
    for (const match of text.matchAll(pattern)) {
      const number = Number(match[1]);
      if (!taken.has(number)) taken.set(number, where);
    }
  };
  const names = async (dir: string): Promise<string[]> => readdir(resolve(root, dir)).catch((): string[] => []);
  // A variant name in a text: `hero.hero2`, `hero:hero2`, `hero/hero2`, `ui-hero2`, bounded.
  const inText = new RegExp(`(?:^|[^a-z0-9-])(?:${name}[.:/]|ui-)${name}(\\d+)(?![a-z0-9-])`, 'g');
  where = sourceLayout.lockFile;
  add(await readFile(resolve(root, sourceLayout.lockFile), 'utf8').catch(() => ''), inText);
  const fileName = new RegExp(`^${name}(\\d+)\\.json$`, 'g');
  for (const dir of [posix.join(sourceLayout.componentsDir, category), posix.join(editorSchemaDir, category)]) {
    for (const file of await names(dir)) {
      where = posix.join(dir, file);
      add(file, fileName);
    }
  }
  for (const file of await names(config.registries)) {
    if (!file.endsWith('.json')) continue;
    where = posix.join(config.registries, file);
    add(await readFile(resolve(root, config.registries, file), 'utf8').catch(() => ''), inText);
  }
  const folder = new RegExp(`^ui-${name}(\\d+)$`, 'g');
  for (const entry of await names(config.packages)) {
    where = posix.join(config.packages, entry);
    add(entry, folder);
  }
  return taken;
}

/** Holds the package's scaffold mutex while `work` runs (the lock file is read, changed and replaced under it). */
async function withMutex<T>(root: string, work: () => Promise<T>): Promise<T> {
  const path = resolve(root, mutexName);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await mkdir(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline)
        throw new AuthoringError(
          'output-failed',
          `${mutexName} has been held for 10 s: another scaffold is running, or one stopped; remove the folder if none runs`,
        );
      await new Promise((done) => setTimeout(done, 20));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(path).catch(() => undefined);
  }
}

/** A diagnostic at `path` (1:1) saying the variant is taken there. */
const takenAt = (variant: string, path: string): Diagnostic => ({
  path,
  line: 1,
  column: 1,
  code: 'scaffold-variant-taken',
  message: `${variant} is taken (by ${path}): leave out --variant to get the next free number`,
});

/**
 * `scaffold --category <key> [--variant <name>]` (spec 4.4 step 6): claims the variant `<category><n>`
 * (by default n one more than the highest taken, skipping a package folder that appears meanwhile;
 * with `variant`, exactly that one or a `scaffold-variant-taken` diagnostic) by creating
 * `<packages>/ui-<variant>/` without `recursive`, stages every file in a folder inside the package
 * root, then renames them into place and replaces the lock last. Any failure removes what was made,
 * the claimed folder included.
 */
export async function scaffoldVariant(
  root: string,
  config: AuthoringConfig,
  fs: OutputFileSystem,
  options: { category: string; title: string | undefined; variant?: string | undefined; dryRun: boolean },
): Promise<ScaffoldResult | Diagnostic> {
  const { category } = options;
  if (options.title !== undefined && options.title.trim() === '')
    throw new AuthoringError('usage', '--title must not be empty');
  const taken = await takenNumbers(root, config, category);
  let number = Math.max(0, ...taken.keys()) + 1;
  const fixed = options.variant !== undefined;
  if (options.variant !== undefined) {
    const match = new RegExp(`^${escapeRegExp(category)}([1-9]\\d{0,5})$`).exec(options.variant);
    if (!match)
      throw new AuthoringError(
        'usage',
        `--variant must be the category and a number from 1, like ${category}1 (got "${options.variant}")`,
      );
    number = Number(match[1]);
    const where = taken.get(number);
    if (where !== undefined) return takenAt(options.variant, where);
  }
  const packagesDir = resolve(root, config.packages);
  const made: string[] = [];
  const madeDirs: string[] = [];
  let claimed: string | undefined;
  const rel = (variant: string) => ({
    source: posix.join(sourceLayout.componentsDir, category, `${variant}.json`),
    editorSchema: posix.join(editorSchemaDir, category, `${variant}.json`),
    packageDir: posix.join(config.packages, `ui-${variant}`),
  });

  if (options.dryRun) {
    while (await exists(resolve(packagesDir, `ui-${category}${number}`))) {
      if (fixed) return takenAt(`${category}${number}`, rel(`${category}${number}`).packageDir);
      number += 1;
    }
  } else {
    // The packages folder, then the claim: mkdir without recursive fails on a taken number.
    if (!(await exists(packagesDir))) {
      await mkdir(packagesDir, { recursive: true });
      madeDirs.push(packagesDir);
    }
    for (;;) {
      const dir = resolve(packagesDir, `ui-${category}${number}`);
      try {
        await mkdir(dir);
        claimed = dir;
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (fixed) return takenAt(`${category}${number}`, rel(`${category}${number}`).packageDir);
        number += 1;
      }
    }
  }
  const variant = `${category}${number}`;
  const title = options.title ?? defaultTitle(category, number);
  const files = scaffoldFiles({ category, variant, title, scope: config.scope });
  const paths = rel(variant);
  const written = [
    paths.source,
    paths.editorSchema,
    sourceLayout.lockFile,
    ...[...files.packageFiles.keys()].map((file) => posix.join(paths.packageDir, file)),
  ].sort();
  const result = { category, variant, package: `${config.scope}/ui-${variant}`, files: written };
  if (options.dryRun || claimed === undefined) return result;

  const staging = resolve(root, `.catalog-schema-scaffold-${randomUUID()}`);
  try {
    // Stage: every file complete beside its target.
    await fs.mkdir(resolve(staging, 'package/src'), { recursive: true });
    for (const [file, text] of files.packageFiles) await fs.writeFile(resolve(staging, 'package', file), text);
    await fs.writeFile(resolve(staging, 'source.json'), files.source);
    await fs.writeFile(resolve(staging, 'editor-schema.json'), files.editorSchema);
    // Commit under the mutex: the lock is read, changed and replaced by one scaffold at a time.
    await withMutex(root, async () => {
      const lockPath = resolve(root, sourceLayout.lockFile);
      const lockText = await fs.readFile(lockPath, 'utf8').catch(() => undefined);
      const lock = (lockText === undefined ? { components: {} } : JSON.parse(lockText)) as ComponentLock;
      const id = `${category}.${variant}`;
      if (Object.hasOwn(lock.components, id)) throw new Error(`the lock already has ${id}`);
      const entry = {
        file: posix.relative(posix.dirname(sourceLayout.lockFile), paths.source),
        collectionName: componentNames({ category, name: variant, title }).collectionName,
      };
      await fs.writeFile(
        resolve(staging, 'lock.json'),
        serializeComponentLock({ components: { ...lock.components, [id]: entry } }),
      );
      for (const target of [paths.source, paths.editorSchema]) {
        if (await exists(resolve(root, target))) throw new Error(`${target} already exists`);
      }
      for (const file of ['package.json', 'src', 'data.json', 'puck.json', 'meta.json']) {
        await fs.rename(resolve(staging, 'package', file), resolve(claimed!, file));
      }
      for (const [from, target] of [
        ['source.json', paths.source],
        ['editor-schema.json', paths.editorSchema],
      ] as const) {
        const dir = dirname(resolve(root, target));
        if (!(await exists(dir))) {
          // Remember the highest folder created, to remove it on failure.
          let top = dir;
          while (!(await exists(dirname(top)))) top = dirname(top);
          await fs.mkdir(dir, { recursive: true });
          madeDirs.push(top);
        }
        await fs.rename(resolve(staging, from), resolve(root, target));
        made.push(resolve(root, target));
      }
      // Last: the lock. Once it is replaced the scaffold is complete.
      await fs.rename(resolve(staging, 'lock.json'), lockPath);
    });
    return result;
  } catch (error) {
    for (const path of made) await fs.rm(path, { recursive: true, force: true }).catch(() => undefined);
    for (const dir of madeDirs.reverse()) await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    await fs.rm(claimed, { recursive: true, force: true }).catch(() => undefined);
    if (error instanceof AuthoringError) throw error;
    throw new AuthoringError(
      'output-failed',
      `scaffold of ${variant} failed, nothing written: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  } finally {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}
