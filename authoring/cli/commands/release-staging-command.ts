import { sortDiagnostics } from '../../diagnostics/diagnostic.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { readChangesetPackages } from '../../release/changeset-packages.js';
import type { RegistryTarget } from '../../release/release-registries.js';
import { releaseToStaging, type StagingRelease } from '../../release/release-to-staging.js';
import { requireVariants } from '../../release/require-variants.js';
import type { ProcessEnv } from '../../sync/npm-install.js';
import { gateReleases } from '../../versions/gate-releases.js';
import { stagingTag } from './sync-deps-command.js';

/** What `release --staging` runs with beyond the context. */
export interface ReleaseStagingOptions {
  /** Variant names; empty: every variant package. */
  readonly variants: readonly string[];
  /** The staging registry and its token, resolved once the config is read (release/release-registries.ts). */
  readonly registry: () => RegistryTarget;
  readonly dryRun: boolean;
  readonly env: ProcessEnv;
  readonly progress: (line: string) => void;
  /** The folder a store path from the environment is relative to (default: the schema package root). */
  readonly cwd?: string;
}

function count(releases: readonly StagingRelease[], status: StagingRelease['status']): number {
  return releases.filter((release) => release.status === status).length;
}

/**
 * `release --staging [<variant>...]` (spec 9.5): publishes to the staging registry, with dist-tag
 * `staging` (the tag sync:deps resolves), every variant package whose version is not there yet;
 * see release/release-to-staging.ts. `dryRun` asks the registry and packs, publishing nothing.
 */
export async function releaseStagingCommand(
  context: CommandContext,
  options: ReleaseStagingOptions,
): Promise<CommandResult> {
  const { root, config } = context;
  if (options.variants.length > 0) await requireVariants(root, config.packages, options.variants);
  const registry = options.registry();
  const readPackages = await readChangesetPackages(
    root,
    config,
    options.variants.length > 0 ? [...new Set(options.variants)] : undefined,
  );
  if (!readPackages.ok)
    return failed(sortDiagnostics([...readPackages.error]), 'release --staging failed, nothing published');
  const read = readPackages.value;
  // Each version must fit its changes since the published one (bump-too-small), before any registry call.
  const gate = await gateReleases(
    context,
    'release --staging',
    read.variants.map((pkg) => ({ variant: pkg.variant, version: pkg.version })),
    { env: options.env, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) },
  );
  if (!gate.ok) return gate.error;
  for (const note of gate.value) options.progress(note);
  const releases = await releaseToStaging(root, read.variants, {
    registry,
    scope: config.scope,
    tag: stagingTag,
    dryRun: options.dryRun,
    env: options.env,
    progress: options.progress,
  });
  const published = count(releases, options.dryRun ? 'would-publish' : 'published');
  const skipped = count(releases, 'already-published');
  const state =
    published === 0
      ? `up to date, nothing to publish (${skipped} already on the staging registry)`
      : `${published} ${options.dryRun ? 'would be published' : 'published'} with dist-tag ${stagingTag}, ${skipped} already there`;
  return {
    ok: true,
    diagnostics: [],
    summary: `release --staging${options.dryRun ? ' --dry-run' : ''}: ${state}; ${registry.url}`,
    written: [],
    extra: { dryRun: options.dryRun, registry: registry.url, tag: stagingTag, packages: releases },
  };
}
