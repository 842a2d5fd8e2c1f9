import { posix, resolve } from 'node:path';
import { AuthoringError } from '../../authoring-error.js';
import { bundleVariant, type DistFiles } from '../../build/bundle-variant.js';
import { type ClientReason, formatClientReason } from '../../build/client-reasons.js';
import { detectClient } from '../../build/detect-client.js';
import { writeDists } from '../../build/write-dists.js';
import { type Diagnostic, sortDiagnostics } from '../../diagnostics/diagnostic.js';
import { listVariants, readVariantPackage, type VariantPackage } from '../../model/variant-package.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { compilePackage } from '../../pipeline/compile-package.js';
import { findMigrationsFile } from '../../versions/load-migrations.js';
import { moduleExportNames } from '../../versions/module-exports.js';
import { resolvePublishedSource } from '../../versions/published-source.js';
import { lastPublishedVersion } from '../../versions/published-version.js';
import { catalogKeyOf, checkVariantMigrations, readVariantState } from '../../versions/version-gate.js';

/** What `build` decided and produced for one variant (the `variants` key of `--format json`). */
export interface VariantBuild {
  readonly variant: string;
  readonly package: string;
  readonly version: string;
  readonly client: boolean;
  /** The file that forced the decision, or null when it was detected. */
  readonly forcedBy: string | null;
  /** Every reason found, in the stable order (the first is the one printed). */
  readonly reasons: readonly ClientReason[];
  /** The files of dist/, relative to the schema package root. */
  readonly files: readonly string[];
}

function decision(build: VariantBuild): string {
  const first = build.reasons[0];
  const why =
    build.forcedBy !== null
      ? `${build.client ? 'client' : 'server'}: forced by ${build.forcedBy}`
      : first !== undefined
        ? `client: ${formatClientReason(first)}`
        : 'server: no hook, browser API, event handler or class component found';
  return `${build.package}@${build.version} ${why}`;
}

/**
 * `build [<variant>...]` (spec 4.4 step 7): for each variant package (all when none is named),
 * decides client or server, bundles ESM, CJS and the esm.sh shape, then replaces every
 * `<packages>/ui-<variant>/dist/` at once. Any failure reports diagnostics and writes nothing;
 * `dryRun` builds in memory only.
 */
export async function buildCommand(
  context: CommandContext,
  options: {
    variants: readonly string[];
    dryRun: boolean;
    /** Where the published versions are read for the migration checks (docs/authoring-versions.md "Migrations"). */
    env?: Readonly<Record<string, string | undefined>>;
    cwd?: string;
  },
): Promise<CommandResult> {
  const { root, config } = context;
  const known = await listVariants(root, config.packages);
  const unknown = options.variants.filter((variant) => !known.includes(variant));
  if (unknown.length > 0) {
    throw new AuthoringError(
      'variant-unknown',
      `no variant package ${unknown.map((variant) => `"${variant}"`).join(', ')} in ${config.packages}/ (known: ${known.length > 0 ? known.join(', ') : 'none'})`,
    );
  }
  const variants = options.variants.length > 0 ? [...new Set(options.variants)] : known;
  const diagnostics: Diagnostic[] = [];
  const builds: VariantBuild[] = [];
  const dists: { pkg: VariantPackage; files: DistFiles }[] = [];
  for (const variant of variants) {
    const read = await readVariantPackage(root, config.packages, config.scope, variant);
    if (!read.ok) {
      for (const diagnostic of read.error) diagnostics.push(diagnostic);
      continue;
    }
    const pkg = read.value;
    const reasons = await detectClient(root, resolve(root, pkg.dir), resolve(root, pkg.entry));
    const client = pkg.forced?.client ?? reasons.length > 0;
    const result = await bundleVariant(root, pkg, { client, externals: config.externals });
    if (!result.ok) {
      for (const diagnostic of result.error) diagnostics.push(diagnostic);
      continue;
    }
    // A variant with src/migrations.ts must export them from its module: migrate-pages and the host read them there.
    const migrationsFile = await findMigrationsFile(root, pkg);
    if (migrationsFile !== undefined && !moduleExportNames(result.value.get('index.mjs') ?? '').has('migrations')) {
      diagnostics.push({
        path: pkg.entry,
        line: 1,
        column: 1,
        code: 'build-failed',
        message: `${migrationsFile} exists but the module does not export "migrations": add export { migrations } from './migrations';`,
      });
      continue;
    }
    dists.push({ pkg, files: result.value });
    builds.push({
      variant,
      package: pkg.name,
      version: pkg.version,
      client,
      forcedBy: pkg.forced?.file ?? null,
      reasons,
      files: [...result.value.keys()].sort().map((path) => posix.join(pkg.dir, 'dist', path)),
    });
  }
  const notes = builds.map(decision);
  const extra = { dryRun: options.dryRun, variants: builds };
  if (diagnostics.length > 0) {
    return { ...failed(sortDiagnostics(diagnostics), 'build failed, dist/ unchanged'), notes, extra };
  }
  notes.push(
    ...(await migrationChecks(
      context,
      dists.map(({ pkg }) => pkg),
      options,
    )),
  );
  const count = builds.length === 1 ? '1 variant' : `${builds.length} variants`;
  if (options.dryRun) {
    return {
      ok: true,
      diagnostics: [],
      summary: `build --dry-run: ${count} built, nothing written`,
      written: [],
      notes,
      extra,
    };
  }
  await writeDists(
    context.fs,
    dists.map(({ pkg, files }) => ({ dir: resolve(root, pkg.dir, 'dist'), files })),
  );
  return {
    ok: true,
    diagnostics: [],
    summary: `build: ${count} built`,
    written: dists.map(({ pkg }) => posix.join(pkg.dir, 'dist')),
    notes,
    extra,
  };
}

/**
 * Runs every migration chain of the variants built, from each earlier published major (a throw
 * stops the build before dist/ is written).
 */
async function migrationChecks(
  context: CommandContext,
  packages: readonly VariantPackage[],
  options: { env?: Readonly<Record<string, string | undefined>>; cwd?: string },
): Promise<string[]> {
  const { root, config } = context;
  const source = resolvePublishedSource(root, options.cwd ?? root, config.publish, options.env ?? {});
  // Nothing published to read (no origin or store configured): nothing to migrate from.
  if (source === undefined || packages.length === 0) return [];
  const compiled = await compilePackage(context);
  if (!compiled.ok) return ['migrations: not checked, the package does not validate'];
  const notes: string[] = [];
  for (const pkg of packages) {
    const { state } = await readVariantState(root, config, compiled.value, pkg.variant);
    for (const trial of await checkVariantMigrations(
      root,
      source,
      pkg,
      state,
      (await lastPublishedVersion(source, catalogKeyOf(config), pkg.name)) ?? null,
    )) {
      notes.push(
        `migrations ${pkg.variant}: ${trial.from} -> ${state.version} passed on data.json and ${trial.generated} generated props`,
      );
    }
  }
  return notes;
}
