import { access, realpath } from 'node:fs/promises';
import { posix, resolve, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { AuthoringError } from '../authoring-error.js';
import type { VariantPackage } from '../model/variant-package.js';
import type { VariantMigrations } from './migration-chain.js';

/** Where a variant's migrations live, tried in order (docs/authoring-versions.md "Migrations"). */
export const migrationFiles = ['src/migrations.ts', 'src/migrations.js'] as const;

/** A migration key: a major, written as a non-negative integer without leading zeros. */
const majorKey = /^(0|[1-9]\d{0,8})$/;

/**
 * Refuses every import that leaves the variant package or names a package: migrations are pure
 * functions of props, so the file stands alone and the CLI bundles it without React or Next.
 */
function selfContained(packageDir: string): Plugin {
  return {
    name: 'catalog-schema-migrations-self-contained',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!/^\.\.?(\/|$)/.test(args.path)) {
          return { errors: [{ text: `"${args.path}" is a package: migrations import only files of the variant` }] };
        }
        const target = resolve(args.resolveDir, args.path);
        if (target === packageDir || target.startsWith(`${packageDir}${sep}`)) return undefined;
        return { errors: [{ text: `"${args.path}" leads outside the variant package` }] };
      });
    },
  };
}

/** The migrations file of `pkg` relative to `root`, or undefined when it has none. */
export async function findMigrationsFile(root: string, pkg: VariantPackage): Promise<string | undefined> {
  for (const name of migrationFiles) {
    const path = posix.join(pkg.dir, name);
    if (
      await access(resolve(root, path)).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return undefined;
}

/**
 * The `migrations` that `pkg`'s `src/migrations.ts` exports, or undefined when the variant has no
 * such file. The file alone is bundled with esbuild (no React, Next or other package needed) and
 * imported from memory. A file that does not bundle, throws on import, or exports something other
 * than `{ [major]: function }` is `migration-failed` naming the file.
 */
export async function loadVariantMigrations(root: string, pkg: VariantPackage): Promise<VariantMigrations | undefined> {
  const file = await findMigrationsFile(root, pkg);
  if (file === undefined) return undefined;
  const fail = (message: string, cause?: unknown) =>
    new AuthoringError('migration-failed', `${file}: ${message}`, cause === undefined ? undefined : { cause });
  const packageDir = await realpath(resolve(root, pkg.dir));
  let code: string;
  try {
    const result = await build({
      absWorkingDir: packageDir,
      entryPoints: [await realpath(resolve(root, file))],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      logLevel: 'silent',
      legalComments: 'none',
      plugins: [selfContained(packageDir)],
    });
    code = result.outputFiles[0]?.text ?? '';
  } catch (error) {
    const errors = (error as { errors?: { text: string }[] }).errors;
    const text = Array.isArray(errors) && errors.length > 0 ? errors.map((e) => e.text).join('; ') : String(error);
    throw fail(`does not bundle: ${text}`, error);
  }
  let module: Record<string, unknown>;
  try {
    module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  } catch (error) {
    throw fail(`throws when loaded: ${error instanceof Error ? error.message : String(error)}`, error);
  }
  return checkMigrations(module.migrations, fail);
}

/** `value` as `VariantMigrations`, or the error `fail` makes naming what is wrong. */
export function checkMigrations(value: unknown, fail: (message: string) => Error): VariantMigrations {
  if (value === undefined) throw fail('exports no "migrations"');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fail('"migrations" must be an object: { [fromMajor]: (props) => props }');
  }
  const checked: Record<string, VariantMigrations[string]> = {};
  for (const [key, step] of Object.entries(value)) {
    if (!majorKey.test(key)) throw fail(`migrations key "${key.slice(0, 40)}" is not a major such as "1"`);
    if (typeof step !== 'function') throw fail(`migrations["${key}"] is not a function`);
    checked[key] = step as VariantMigrations[string];
  }
  return Object.freeze(checked);
}
