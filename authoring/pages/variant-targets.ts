import { AuthoringError } from '../authoring-error.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import { listVariants, readVariantPackage } from '../model/variant-package.js';
import { loadVariantMigrations } from '../versions/load-migrations.js';
import { majorOf, type VariantTarget } from './plan-page.js';

/**
 * The variant packages whose stored instances are upgraded, by package name: the named variants,
 * or every variant package of the schema package when none is named. Each gives its version (its
 * package.json, the version an upgraded instance records) and, when `withMigrations`, what its
 * `src/migrations.ts` exports. An unknown variant is `variant-unknown` (exit 2).
 */
export async function variantTargets(
  root: string,
  config: Pick<AuthoringConfig, 'packages' | 'scope'>,
  variants: readonly string[],
  withMigrations: boolean,
): Promise<Map<string, VariantTarget>> {
  const known = await listVariants(root, config.packages);
  const unknown = variants.filter((variant) => !known.includes(variant));
  if (unknown.length > 0) {
    throw new AuthoringError(
      'variant-unknown',
      `no variant package ${unknown.map((variant) => `"${variant}"`).join(', ')} in ${config.packages}/ (known: ${known.length > 0 ? known.join(', ') : 'none'})`,
    );
  }
  const targets = new Map<string, VariantTarget>();
  for (const variant of variants.length > 0 ? [...new Set(variants)] : known) {
    const read = await readVariantPackage(root, config.packages, config.scope, variant);
    if (!read.ok) {
      throw new AuthoringError('migrate-pages-failed', `${variant}: ${read.error.map(formatDiagnostic).join('; ')}`);
    }
    const pkg = read.value;
    const major = majorOf(pkg.version);
    if (major === undefined) continue;
    const migrations = withMigrations ? await loadVariantMigrations(root, pkg) : undefined;
    targets.set(pkg.name, { variant, package: pkg.name, version: pkg.version, major, migrations });
  }
  return targets;
}
