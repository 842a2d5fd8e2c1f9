import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { parsePackageVersion } from '../../release/package-version.js';
import { type Promotion, promoteVersions } from '../../release/promote-versions.js';
import type { RegistryTarget } from '../../release/release-registries.js';
import type { ProcessEnv } from '../../sync/npm-install.js';

/** The dist-tag a promoted version gets on the production registry. */
export const productionTag = 'latest';

/** What `promote` runs with beyond the context. */
export interface PromoteOptions {
  /** `<package>@<version>` as typed. */
  readonly specs: readonly string[];
  /** Both registries and their tokens, resolved once the config is read (release/release-registries.ts). */
  readonly registries: () => { readonly staging: RegistryTarget; readonly production: RegistryTarget };
  readonly dryRun: boolean;
  readonly env: ProcessEnv;
  readonly progress: (line: string) => void;
}

function count(promotions: readonly Promotion[], status: Promotion['status']): number {
  return promotions.filter((promotion) => promotion.status === status).length;
}

/**
 * `promote <package>@<version>...` (spec 9.5): publishes the exact tarball of each version from
 * the staging registry to the production registry with dist-tag `latest`, integrity compared;
 * see release/promote-versions.ts. `dryRun` checks both registries and downloads and checks the
 * tarballs, publishing nothing.
 */
export async function promoteCommand(context: CommandContext, options: PromoteOptions): Promise<CommandResult> {
  const specs = [...new Set(options.specs)];
  const versions = specs.map((spec) => parsePackageVersion(spec, context.config.scope));
  const { staging, production } = options.registries();
  const promotions = await promoteVersions(versions, {
    staging,
    production,
    scope: context.config.scope,
    tag: productionTag,
    dryRun: options.dryRun,
    env: options.env,
    progress: options.progress,
  });
  const promoted = count(promotions, options.dryRun ? 'would-promote' : 'promoted');
  const skipped = count(promotions, 'already-promoted');
  const state =
    promoted === 0
      ? `up to date, nothing to promote (${skipped} already on the production registry)`
      : `${promoted} ${options.dryRun ? 'would be promoted' : 'promoted'} with dist-tag ${productionTag}, ${skipped} already there`;
  return {
    ok: true,
    diagnostics: [],
    summary: `promote${options.dryRun ? ' --dry-run' : ''}: ${state}; ${production.url}`,
    written: [],
    extra: {
      dryRun: options.dryRun,
      staging: staging.url,
      production: production.url,
      tag: productionTag,
      packages: promotions,
    },
  };
}
