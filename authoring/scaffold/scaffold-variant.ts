import { mkdir, stat } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { type ComponentLock, serializeComponentLock } from '../model/component-lock.js';
import { componentNames } from '../model/strapi-names.js';
import { failure, type Result, success } from '../result.js';
import { sourceLayout } from '../source/source-layout.js';
import type { OutputFileSystem } from '../write/output-file-system.js';
import { type WriteEntry, writeAllOrNothing } from '../write/write-all-or-nothing.js';
import { defaultTitle, scaffoldFiles } from './scaffold-files.js';
import { withScaffoldMutex } from './scaffold-mutex.js';
import { scaffoldPaths } from './scaffold-paths.js';
import { requestedNumber, takenNumbers } from './variant-numbers.js';

/** What a scaffold produced (or, with dryRun, would produce). */
export interface ScaffoldResult {
  readonly category: string;
  readonly variant: string;
  readonly package: string;
  /** Files written, relative to the schema package root, sorted. */
  readonly files: readonly string[];
}

/** The options of scaffoldVariant, from the command line. */
export interface ScaffoldOptions {
  readonly category: string;
  readonly title: string | undefined;
  readonly variant?: string | undefined;
  readonly dryRun: boolean;
}

const exists = async (path: string): Promise<boolean> => (await stat(path).catch(() => undefined)) !== undefined;

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
 * `<packages>/ui-<variant>/` without `recursive`, then, under the scaffold mutex, writes every file
 * all or nothing (writeAllOrNothing) with the lock replaced last. Any failure removes what was
 * made, the claimed folder included.
 */
export async function scaffoldVariant(
  root: string,
  config: AuthoringConfig,
  fs: OutputFileSystem,
  options: ScaffoldOptions,
): Promise<Result<ScaffoldResult, Diagnostic>> {
  const { category } = options;
  if (options.title !== undefined && options.title.trim() === '')
    throw new AuthoringError('usage', '--title must not be empty');
  const taken = await takenNumbers(root, config, category);
  let number = Math.max(0, ...taken.keys()) + 1;
  const fixed = options.variant !== undefined;
  if (options.variant !== undefined) {
    number = requestedNumber(category, options.variant);
    const where = taken.get(number);
    if (where !== undefined) return failure(takenAt(options.variant, where));
  }
  const packagesDir = resolve(root, config.packages);
  const takenPackage = (n: number) =>
    failure(takenAt(`${category}${n}`, scaffoldPaths(config, category, `${category}${n}`).packageDir));
  let madePackagesDir = false;
  let claimed: string | undefined;
  if (options.dryRun) {
    while (await exists(resolve(packagesDir, `ui-${category}${number}`))) {
      if (fixed) return takenPackage(number);
      number += 1;
    }
  } else {
    // The packages folder, then the claim: mkdir without recursive fails on a taken number.
    if (!(await exists(packagesDir))) {
      await mkdir(packagesDir, { recursive: true });
      madePackagesDir = true;
    }
    for (;;) {
      const dir = resolve(packagesDir, `ui-${category}${number}`);
      try {
        await mkdir(dir);
        claimed = dir;
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (fixed) return takenPackage(number);
        number += 1;
      }
    }
  }
  const variant = `${category}${number}`;
  const title = options.title ?? defaultTitle(category, number);
  const files = scaffoldFiles({ category, variant, title, scope: config.scope });
  const paths = scaffoldPaths(config, category, variant);
  const written = [
    paths.source,
    paths.editorSchema,
    sourceLayout.lockFile,
    ...[...files.packageFiles.keys()].map((file) => posix.join(paths.packageDir, file)),
  ].sort();
  const result = { category, variant, package: `${config.scope}/ui-${variant}`, files: written };
  if (options.dryRun || claimed === undefined) return success(result);
  const packageDir = claimed;

  try {
    // Under the mutex: the lock is read, changed and replaced by one scaffold at a time.
    await withScaffoldMutex(root, async () => {
      const lockPath = resolve(root, sourceLayout.lockFile);
      const lockText = await fs.readFile(lockPath, 'utf8').catch(() => undefined);
      const lock = (lockText === undefined ? { components: {} } : JSON.parse(lockText)) as ComponentLock;
      const id = `${category}.${variant}`;
      if (Object.hasOwn(lock.components, id)) throw new Error(`the lock already has ${id}`);
      const entry = {
        file: posix.relative(posix.dirname(sourceLayout.lockFile), paths.source),
        collectionName: componentNames({ category, name: variant, title }).collectionName,
      };
      for (const target of [paths.source, paths.editorSchema]) {
        if (await exists(resolve(root, target))) throw new Error(`${target} already exists`);
      }
      const entries: WriteEntry[] = [
        ...[...files.packageFiles].map(
          ([file, content]): WriteEntry => ({ kind: 'file', target: resolve(packageDir, file), content }),
        ),
        { kind: 'file', target: resolve(root, paths.source), content: files.source },
        { kind: 'file', target: resolve(root, paths.editorSchema), content: files.editorSchema },
        // Last: the lock. Once it is replaced the scaffold is complete.
        {
          kind: 'file',
          target: lockPath,
          content: serializeComponentLock({ components: { ...lock.components, [id]: entry } }),
        },
      ];
      await writeAllOrNothing(entries, { within: [root, packageDir], fs });
    });
    return success(result);
  } catch (error) {
    await fs.rm(packageDir, { recursive: true, force: true }).catch(() => undefined);
    if (madePackagesDir) await fs.rm(packagesDir, { recursive: true, force: true }).catch(() => undefined);
    if (error instanceof AuthoringError) throw error;
    throw new AuthoringError(
      'output-failed',
      `scaffold of ${variant} failed, nothing written: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}
